/**
 * Counts read straight off the event stream (no rules applied): what `kanshi info` prints.
 */
import type { KanType } from '../tiles/index.js';
import type { GameEvent, GameLog } from '../events/index.js';

export interface GameSummary {
  rounds: number;
  kans: Record<KanType, number>;
  /** Ankans by a player who had declared riichi earlier in the round. */
  riichiAnkans: number;
  /** Ron wins right after a kakan (a double ron counts twice). */
  chankanWins: number;
  /** Tsumo wins on a replacement draw (after a kan, or a kita in 3-player). */
  rinshanWins: number;
  /** Four-kan aborts (suukaikan). */
  kan4Aborts: number;
  wins: number;
  ryuukyoku: number;
}

export function summarizeGame(game: GameLog): GameSummary {
  const s: GameSummary = {
    rounds: game.rounds.length,
    kans: { ankan: 0, daiminkan: 0, kakan: 0 },
    riichiAnkans: 0,
    chankanWins: 0,
    rinshanWins: 0,
    kan4Aborts: 0,
    wins: 0,
    ryuukyoku: 0,
  };
  for (const round of game.rounds) summarizeRound(round.events, s);
  return s;
}

function summarizeRound(events: GameEvent[], s: GameSummary): void {
  const inRiichi = new Set<number>();
  /** The last event that is not a kandora reveal or a (dis)connection. */
  let previous: GameEvent | null = null;
  /** Seat whose next draw is a replacement draw, and whether that seat's last draw was one. */
  let replacementFor: number | null = null;
  let lastDrawWasReplacement = false;
  for (const e of events) {
    switch (e.type) {
      case 'riichi':
        if (e.step === 'declare') inRiichi.add(e.seat);
        break;
      case 'call':
        if (e.meld === 'ankan' || e.meld === 'daiminkan' || e.meld === 'kakan') {
          s.kans[e.meld]++;
          if (e.meld === 'ankan' && inRiichi.has(e.seat)) s.riichiAnkans++;
        }
        replacementFor = e.meld === 'chi' || e.meld === 'pon' ? null : e.seat;
        break;
      case 'draw':
        lastDrawWasReplacement = replacementFor === e.seat;
        replacementFor = null;
        break;
      case 'win':
        s.wins++;
        if (e.from !== e.seat) {
          if (previous?.type === 'call' && previous.meld === 'kakan') s.chankanWins++;
        } else if (previous?.type === 'draw' && previous.seat === e.seat && lastDrawWasReplacement) {
          s.rinshanWins++;
        }
        continue; // a double ron keeps looking at the kakan
      case 'ryuukyoku':
        s.ryuukyoku++;
        if (e.reason === 'suukaikan') s.kan4Aborts++;
        break;
      case 'discard':
        replacementFor = null;
        break;
    }
    if (e.type !== 'kandora' && e.type !== 'disconnect' && e.type !== 'reconnect' && e.type !== 'riichi') previous = e;
  }
}
