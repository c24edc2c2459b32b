/**
 * Kandora reveal moments under each `kandoraTiming` (kan-rules.md §2), as pure functions of how the
 * hand went on after the kan.
 */
import type { GameRule } from '../ingest/index.js';
import type { KandoraTiming } from '../rules/index.js';
import type { KanType } from '../tiles/index.js';
import type { RevealMoment } from './types.js';

/** What happened after a kan, as far as its reveal is concerned. */
export interface KanAftermath {
  kind: KanType;
  robbed: boolean;
  /** The kan player declared another kan before discarding; whether that one was robbed. */
  nextKan: { robbed: boolean } | null;
  /** The kan player discarded afterwards; whether that discard was ronned. */
  discard: { ronned: boolean } | null;
  /** The replacement tile won the hand. */
  rinshanWin: boolean;
  /** The log stops before any of the above (an excerpt). */
  logEnded: boolean;
  /** The hand ended at the declaration itself (an abort at the kan): whether the reveal beat the abort is not a rule's to say. */
  endedAtDeclaration?: boolean;
}

/** The moment `timing` reveals the kan's indicator, given its aftermath. */
export function ruleRevealMoment(timing: KandoraTiming, a: KanAftermath): RevealMoment {
  if (a.robbed) return 'never';
  if (a.endedAtDeclaration) return 'unknown';
  switch (timing) {
    case 'immediate':
      return 'declaration';
    case 'tenhou':
      if (a.kind === 'ankan') return 'declaration';
      if (a.nextKan) return a.nextKan.robbed ? 'never' : 'next-kan';
      if (a.discard) return 'after-replacement';
      return a.logEnded ? 'unknown' : 'never';
    case 'after-discard':
      if (a.discard) return a.discard.ronned ? 'never' : 'after-discard';
      return a.logEnded ? 'unknown' : 'never';
  }
}

/** Whether two moments disagree in a way the log can show (an excerpt's unknown moments never do). */
export function momentsDiffer(logged: RevealMoment, rule: RevealMoment): boolean {
  return logged !== 'unknown' && rule !== 'unknown' && logged !== rule;
}

/** GO type bit of Tenhou's chip games (祝儀). */
const CHIP_GAME = 0x200;

/**
 * The timing to replay a game with. `tenhou` means what Tenhou does, and Tenhou's chip games (祝儀, GO type
 * bit 0x200) reveal kandora at once: the corpus's one chip game (dnovikoff/tenhou chip.xml, type 553)
 * writes a kakan's DORA right after the N, before the replacement draw.
 */
export function effectiveTiming(timing: KandoraTiming, rule: GameRule): KandoraTiming {
  if (timing === 'tenhou' && rule.typeCode !== null && (rule.typeCode & CHIP_GAME) !== 0) return 'immediate';
  return timing;
}
