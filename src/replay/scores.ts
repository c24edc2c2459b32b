/**
 * Each hand's wins and drawn hand re-scored under the rule set (src/score), from what the table saw, and
 * compared with what the log states: the consequences of every kan (rinshan kaihou, chankan, sankantsu,
 * kan fu, the kandora and kan ura, ippatsu broken by a kan, the daiminkan pao) checked with the rest.
 */
import type { GameEvent, GameLog } from '../events/index.js';
import type { Rules } from '../rules/index.js';
import { compareDrawWithLog, compareWithLog, drawInputOf, scoreDraw, scoreHandWins, tableWinInputs, type ScoreMismatch, type WinScore } from '../score/index.js';
import type { Table } from '../table/index.js';
import type { HandScoreMismatch } from './types.js';

export interface HandScores {
  /** The table's wins, re-scored, in the same order. */
  wins: { score: WinScore; mismatches: ScoreMismatch[] }[];
  /** Every mismatch of the hand, located. */
  mismatches: HandScoreMismatch[];
}

/** The hand's wins and drawn hand (the table having played `events`), scored and compared with the log. */
export function scoreHand(table: Table, events: readonly GameEvent[], game: GameLog, rules: Rules): HandScores {
  const out: HandScores = { wins: [], mismatches: [] };
  const options = { format: game.format, players: table.players };
  if (table.wins.length > 0) {
    const scores = scoreHandWins(tableWinInputs(table, rules, game.rule), rules);
    for (let i = 0; i < table.wins.length; i++) {
      const w = table.wins[i];
      const mismatches = compareWithLog(w.event, scores[i], options);
      out.wins.push({ score: scores[i], mismatches });
      for (const m of mismatches) out.mismatches.push({ ...m, hand: table.hand, eventIndex: w.eventIndex, seat: m.seat ?? w.event.seat });
    }
  }
  const at = table.ending?.kind === 'ryuukyoku' ? table.ending.eventIndex : null;
  const event = at === null ? undefined : events[at];
  if (at !== null && event?.type === 'ryuukyoku') {
    for (const m of compareDrawWithLog(event, scoreDraw(drawInputOf(table, event), rules), table.players)) {
      out.mismatches.push({ ...m, hand: table.hand, eventIndex: at, ...(m.seat !== undefined ? { seat: m.seat } : {}) });
    }
  }
  return out;
}
