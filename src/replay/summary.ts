/**
 * What `kanshi info` prints of a game: counts read off its replay (the table's view of every kan, win and
 * ending), no rule applied to them.
 */
import type { KanType } from '../tiles/index.js';
import type { ReplayResult } from './types.js';

export interface GameSummary {
  handCount: number;
  /** Kans declared, by kind: robbed ones included (a robbed kakan was declared), as `kanshi audit` counts them. */
  kanCounts: Record<KanType, number>;
  /** Declared kans robbed by a ron (chankan: a kakan, or an ankan robbed by kokushi); counted in kanCounts too. */
  robbedKanCount: number;
  /** Kans declared by a player whose riichi discard had been made. */
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

export function summarizeReplay(replay: ReplayResult): GameSummary {
  const s: GameSummary = {
    handCount: replay.hands.length,
    kanCounts: { ankan: 0, daiminkan: 0, kakan: 0 },
    robbedKanCount: 0,
    riichiKanCount: 0,
    chankanWinCount: 0,
    rinshanWinCount: 0,
    suukaikanAbortCount: 0,
    winCount: 0,
    ryuukyokuCount: 0,
  };
  for (const hand of replay.hands) {
    for (const k of hand.kans) {
      s.kanCounts[k.kind]++;
      if (k.robbed) s.robbedKanCount++;
      if (k.inRiichi) s.riichiKanCount++;
    }
    for (const w of hand.wins) {
      s.winCount++;
      if (w.chankan || w.chankanOnAnkan) s.chankanWinCount++;
      if (w.rinshan) s.rinshanWinCount++;
    }
    if (hand.ending.kind === 'ryuukyoku') {
      s.ryuukyokuCount++;
      if (hand.ending.reason === 'suukaikan') s.suukaikanAbortCount++;
    }
  }
  return s;
}
