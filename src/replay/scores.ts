/**
 * Each hand's wins and drawn hand re-scored under the rule set (src/score), from what the table saw, and
 * compared with what the log states: the consequences of every kan (rinshan kaihou, chankan, sankantsu,
 * kan fu, the kandora and kan ura, ippatsu broken by a kan, the daiminkan pao) checked with the rest.
 *
 * A win that is worth nothing (its tiles no winning hand, or no yaku under the rules) is not compared:
 * its payments would only repeat that it is impossible, which the replay and the audit say once.
 */
import type { GameEvent, GameLog } from '../events/index.js';
import { conventionsOf, type Rules } from '../rules/index.js';
import { compareDrawWithLog, compareWithLog, scoreDraw, scoreHandWins, type CompareOptions, type ScoreMismatch, type WinInput, type WinScore } from '../score/index.js';
import { drawInputOf, tableWinInputs } from './win-input.js';
import type { Table } from '../table/index.js';
import type { TileId } from '../tiles/index.js';
import type { DoraView, HandScoreMismatch } from './types.js';

export interface HandScores {
  /** The table's wins, re-scored, in the same order. */
  /** uraAssumed: the ura han taken from what the log pays (the `ura-unrecorded` convention), else undefined. */
  wins: { score: WinScore; mismatches: ScoreMismatch[]; uraAssumed: number | undefined }[];
  /** Every mismatch of the hand, located. */
  mismatches: HandScoreMismatch[];
}

/** Most ura han a log that records no ura indicators is taken to mean (four indicators, each on a triplet or more). */
const MOST_URA_ASSUMED = 12;

/**
 * The hand's wins and drawn hand (the table having played `events`), scored and compared with the log.
 * `views`, the wins' indicators under the rule set's kandora timing (the replay's `WinRecord.rule`), are
 * what each win is scored with, so that its dora are the ones its record states; a view with an indicator
 * no log or wall shows leaves the win's own (the logged ones).
 */
export function scoreHand(table: Table, events: readonly GameEvent[], game: GameLog, rules: Rules, views?: readonly DoraView[]): HandScores {
  const out: HandScores = { wins: [], mismatches: [] };
  const conventions = conventionsOf(game.format);
  const options: CompareOptions = { format: game.format, players: table.players, conventions };
  if (table.wins.length > 0) {
    const inputs = tableWinInputs(table, rules, game.rule);
    if (views) for (let i = 0; i < inputs.length; i++) inputs[i] = withIndicators(inputs[i], views[i]);
    let scores = scoreHandWins(inputs, rules);
    for (let i = 0; i < table.wins.length; i++) {
      const w = table.wins[i];
      if (!scores[i].valid) {
        out.wins.push({ score: scores[i], mismatches: [], uraAssumed: undefined });
        continue;
      }
      const mismatches = compareWithLog(w.event, scores[i], options);
      if (mismatches.length === 0) out.wins.push({ score: scores[i], mismatches, uraAssumed: undefined });
      else scores = settleDisagreement(out, table, inputs, scores, i, mismatches, rules, options);
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

/**
 * A win whose score differs from the log's (rare): under the `ura-unrecorded` convention the ura han the
 * log pays are assumed, else the mismatches are recorded, located. Returns the hand's scores (all of them
 * scored again when ura was assumed). A function of its own, so that the first disagreement, and each new
 * shape of event or mismatch met here, does not throw away scoreHand's optimized code.
 */
function settleDisagreement(
  out: HandScores,
  table: Table,
  inputs: WinInput[],
  scores: WinScore[],
  i: number,
  found: ScoreMismatch[],
  rules: Rules,
  options: CompareOptions,
): WinScore[] {
  const w = table.wins[i];
  if (w.event.uraUnrecorded && inputs[i].riichi !== 'none' && rules.uraDora && options.conventions?.includes('ura-unrecorded')) {
    const assumed = assumeUra(inputs, i, w.event, rules, options);
    if (assumed) {
      out.wins.push({ score: assumed.scores[i], mismatches: [], uraAssumed: assumed.ura });
      return assumed.scores;
    }
  }
  out.wins.push({ score: scores[i], mismatches: found, uraAssumed: undefined });
  for (const m of found) out.mismatches.push({ ...m, hand: table.hand, eventIndex: w.eventIndex, seat: m.seat ?? w.event.seat });
  return scores;
}

/**
 * A riichi win whose ura the log does not record: the fewest ura han (1..MOST_URA_ASSUMED) with which the
 * win scores as the log states, or null when none does (the win is then compared as the tiles show it).
 */
function assumeUra(inputs: WinInput[], i: number, logged: Parameters<typeof compareWithLog>[0], rules: Rules, options: CompareOptions): { ura: number; scores: WinScore[] } | null {
  for (let ura = 1; ura <= MOST_URA_ASSUMED; ura++) {
    const trial = inputs.slice();
    trial[i] = { ...inputs[i], uraHanAssumed: ura };
    const scores = scoreHandWins(trial, rules);
    if (scores[i].valid && compareWithLog(logged, scores[i], options).length === 0) return { ura, scores };
  }
  return null;
}

function known(tiles: readonly (TileId | null)[]): tiles is readonly TileId[] {
  for (const t of tiles) if (t === null) return false;
  return true;
}

/** A win's input with the indicators of its view under the rules, where every one of them is known. */
function withIndicators(input: WinInput, view: DoraView | undefined): WinInput {
  if (!view || !known(view.indicators) || !known(view.ura)) return input;
  return { ...input, doraIndicators: view.indicators, uraIndicators: view.ura };
}
