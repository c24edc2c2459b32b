/**
 * Counts read straight off the event stream (no rules applied): what `kanshi info` prints.
 */
import type { KanType } from '../tiles/index.js';
import type { GameEvent, GameLog } from '../events/index.js';

export interface GameSummary {
  handCount: number;
  /** Kans declared, by kind: robbed ones included (a robbed kakan was declared), as `kanshi audit` counts them. */
  kanCounts: Record<KanType, number>;
  /** Declared kans robbed by a ron (chankan: a kakan, or an ankan robbed by kokushi); counted in kanCounts too. */
  robbedKanCount: number;
  /** Kans declared by a player who had declared riichi earlier in the hand. */
  riichiKanCount: number;
  /** Ron wins on a kan's tile: a kakan's added tile, or an ankan robbed by kokushi (a double ron counts twice). */
  chankanWinCount: number;
  /** Tsumo wins on a replacement draw (after a kan, or a kita in 3-player). */
  rinshanWinCount: number;
  /** Four-kan aborts (suukaikan). */
  suukaikanAbortCount: number;
  winCount: number;
  ryuukyokuCount: number;
}

export function summarizeGame(game: GameLog): GameSummary {
  const s: GameSummary = {
    handCount: game.hands.length,
    kanCounts: { ankan: 0, daiminkan: 0, kakan: 0 },
    robbedKanCount: 0,
    riichiKanCount: 0,
    chankanWinCount: 0,
    rinshanWinCount: 0,
    suukaikanAbortCount: 0,
    winCount: 0,
    ryuukyokuCount: 0,
  };
  for (const round of game.hands) summarizeHand(round.events, s);
  return s;
}

function summarizeHand(events: GameEvent[], s: GameSummary): void {
  const inRiichi = new Set<number>();
  /** The last event that is not a kandora reveal or a (dis)connection. */
  let previous: GameEvent | null = null;
  /** Seat whose next draw is a replacement draw, and whether that seat's last draw was one. */
  let replacementFor: number | null = null;
  let lastDrawWasReplacement = false;
  /** The kan a ron has already robbed (a double ron robs it once). */
  let robbed: GameEvent | null = null;
  for (const e of events) {
    switch (e.type) {
      case 'riichi':
        if (e.step === 'declare') inRiichi.add(e.seat);
        break;
      case 'call':
        if (e.meld === 'ankan' || e.meld === 'daiminkan' || e.meld === 'kakan') {
          s.kanCounts[e.meld]++;
          if (inRiichi.has(e.seat)) s.riichiKanCount++;
        }
        replacementFor = e.meld === 'chi' || e.meld === 'pon' ? null : e.seat;
        break;
      case 'draw':
        lastDrawWasReplacement = replacementFor === e.seat;
        replacementFor = null;
        break;
      case 'win':
        s.winCount++;
        if (e.from !== e.seat) {
          if (previous?.type === 'call' && (previous.meld === 'kakan' || previous.meld === 'ankan')) {
            s.chankanWinCount++;
            if (robbed !== previous) s.robbedKanCount++;
            robbed = previous;
          }
        } else if (previous?.type === 'draw' && previous.seat === e.seat && lastDrawWasReplacement) {
          s.rinshanWinCount++;
        }
        continue; // a double ron keeps looking at the kan
      case 'ryuukyoku':
        s.ryuukyokuCount++;
        if (e.reason === 'suukaikan') s.suukaikanAbortCount++;
        break;
      case 'discard':
        replacementFor = null;
        break;
    }
    if (e.type !== 'kandora' && e.type !== 'disconnect' && e.type !== 'reconnect' && e.type !== 'riichi') previous = e;
  }
}
