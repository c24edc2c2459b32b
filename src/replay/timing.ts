/**
 * When a kan's indicator is turned over under each `kandoraTiming` (docs/kan-rules.md §2): one small
 * table (`revealsAt`) of the milestones a kan passes and which of them reveal it, and the moment that
 * follows for a kan from what the table saw after it.
 */
import type { KandoraTiming } from '../rules/index.js';
import type { RevealMoment } from '../table/index.js';
import type { KanAftermath, KanRecord, RevealVerdict } from './types.js';
import type { KanType } from '../tiles/index.js';

/**
 * The points a kan's hand passes after the declaration, in this order:
 * - `window-passed`: nobody robbed it (the replacement draw comes next);
 * - `replacement-drawn`: the kan player has drawn the replacement tile (and won on it, or not);
 * - `next-kan`: the kan player declared another kan (or a kita) and nobody robbed that one;
 * - `discard`: the kan player's next discard is made;
 * - `discard-passed`: that discard was not ronned.
 */
export type KanMilestone = 'window-passed' | 'replacement-drawn' | 'next-kan' | 'discard' | 'discard-passed';

const MOMENT_OF: Record<KanMilestone, RevealMoment> = {
  'window-passed': 'declaration',
  'replacement-drawn': 'after-replacement',
  'next-kan': 'next-kan',
  discard: 'after-replacement',
  'discard-passed': 'after-discard',
};

/** Whether `timing` turns the indicator of a kan of this kind over at this milestone. */
export function revealsAt(timing: KandoraTiming, kind: KanType, milestone: KanMilestone): boolean {
  switch (timing) {
    case 'immediate':
      return milestone === 'window-passed';
    case 'tenhou':
      return kind === 'ankan' ? milestone === 'window-passed' : milestone === 'next-kan' || milestone === 'discard';
    case 'after-replacement':
      return milestone === 'replacement-drawn';
    case 'after-discard':
      return milestone === 'discard-passed';
  }
}

/** The moment `timing` reveals the kan's indicator, given its aftermath. */
export function ruleRevealMoment(timing: KandoraTiming, a: KanAftermath): RevealMoment {
  if (a.robbed) return 'never';
  if (a.endedAtDeclaration) return 'unknown';
  if (revealsAt(timing, a.kind, 'window-passed')) return MOMENT_OF['window-passed'];
  if (a.replaced && revealsAt(timing, a.kind, 'replacement-drawn')) return MOMENT_OF['replacement-drawn'];
  if (a.nextKan && !a.nextKan.robbed && revealsAt(timing, a.kind, 'next-kan')) return MOMENT_OF['next-kan'];
  // A robbed next kan ends the hand before the discard.
  if (a.discard && !a.nextKan?.robbed) {
    if (revealsAt(timing, a.kind, 'discard')) return MOMENT_OF.discard;
    if (!a.discard.ronned && revealsAt(timing, a.kind, 'discard-passed')) return MOMENT_OF['discard-passed'];
  }
  return a.logEnded ? 'unknown' : 'never';
}

/**
 * The verdict on a kan's reveal: its logged moment against the rule's (docs/kan-rules.md §2), the one
 * place this is decided (the replay sets it on each kan as `revealVerdict`; the database stores it as
 * kan_verdicts.reveal_verdict, which the views and the report count):
 * - `unrecorded`: the log shows the indicator but not when it was turned over (tenhou.net/6 JSON), and the
 *   rule turns it over too, or the log ends first: such logs are judged by their number of kandora
 *   (kandora-count-mismatch). Shown where the rule never turns it over, it `differs`;
 * - `undecided`: either moment is `unknown` (the log stops, or the hand ends at the declaration, before it
 *   is known);
 * - `conforms`: both moments are known and the same;
 * - `differs`: both are known and not the same.
 */
export function revealVerdict(logged: RevealMoment, rule: RevealMoment): RevealVerdict {
  if (logged === 'unrecorded') return rule === 'never' ? 'differs' : 'unrecorded';
  if (logged === 'unknown' || rule === 'unknown') return 'undecided';
  return logged === rule ? 'conforms' : 'differs';
}

/** Whether a moment turns the indicator over at all. */
export function isRevealed(moment: RevealMoment): boolean {
  return moment === 'declaration' || moment === 'after-replacement' || moment === 'next-kan' || moment === 'after-discard';
}

/**
 * How many kandora `timing` (the game's, src/rules judgeRules) turns over among a hand's kans, from each
 * kan's aftermath: what a log that shows its indicators without their moments is judged by (the replay's
 * kandora-count mismatches; `kanshi infer` for each timing it tries).
 */
export function kandoraRevealed(kans: readonly Pick<KanRecord, 'aftermath'>[], timing: KandoraTiming): number {
  let n = 0;
  for (const k of kans) if (k.aftermath && isRevealed(ruleRevealMoment(timing, k.aftermath))) n++;
  return n;
}

/**
 * The event a kan's indicator follows under its rule moment (the one place a reveal is put in the event
 * stream, for the replay's view of each win and for every writer): the declaration; the replacement draw
 * (before the discard, as mjlog and mjai-reviewer write it); the next kan's declaration; the discard. Null
 * when the rule never reveals it, or the hand did not get there.
 */
export function revealFollows(k: KanRecord): number | null {
  switch (k.revealRule) {
    case 'declaration':
      return k.eventIndex;
    case 'after-replacement':
      return k.replacement?.eventIndex ?? (k.discardEventIndex !== null ? k.discardEventIndex - 1 : null);
    case 'next-kan':
      return k.nextDeclarationEventIndex;
    case 'after-discard':
      return k.discardEventIndex;
    default:
      return null;
  }
}

/** The words for each moment, the same in every message and table. */
export const REVEAL_MOMENT_WORDS: Readonly<Record<RevealMoment, string>> = {
  declaration: 'at the declaration',
  'after-replacement': 'after the replacement draw',
  'next-kan': "at the player's next kan",
  'after-discard': 'after the discard',
  never: 'never',
  unknown: 'unknown (the log ends first)',
  unrecorded: 'not recorded by the log',
};
