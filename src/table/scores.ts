/**
 * The scores of a hand, the one place they are reckoned: a riichi deposit, an ending's changes, the scores
 * a hand leaves, and a win's value from its score change. What a stick and a honba are worth is the
 * caller's to say: the rule set's in the replay; what the log states, or its format's convention, in a
 * reader or a writer (which apply no rule).
 */
import type { Seat } from '../events/index.js';

/** What a riichi stick and a honba are worth, in points. */
export interface StickValues {
  /** What a riichi deposit puts on the table (and the winner takes). */
  readonly riichiStick: number;
  /** What a honba adds to the value of a win, the hand's first winner's. */
  readonly honba: number;
}

/** The scores after `seat` deposits a riichi stick: a new list. */
export function afterDeposit(scores: readonly number[], seat: Seat, riichiStick: number): number[] {
  const out = scores.slice();
  out[seat] -= riichiStick;
  return out;
}

/** The scores after an ending's changes (a seat the changes leave out changes by 0): a new list. */
export function afterChanges(scores: readonly number[], deltas: readonly number[]): number[] {
  return scores.map((score, s) => score + (deltas[s] ?? 0));
}

/** The scores a hand leaves: its start, less the sticks each seat deposited, plus its ending's changes. */
export function scoresLeft(start: readonly number[], deposits: readonly number[], deltas: readonly number[], riichiStick: number): number[] {
  return start.map((score, s) => score - riichiStick * (deposits[s] ?? 0) + (deltas[s] ?? 0));
}

/**
 * A win's value, honba and riichi sticks aside, from the winner's score change (for a log that states no
 * points): the hand's first winner also took the honba and the sticks on the table; never below 0.
 */
export function pointsFromDeltas(deltas: readonly number[], seat: Seat, first: boolean, honba: number, sticks: number, values: StickValues): number {
  return Math.max(0, deltas[seat] - (first ? honba * values.honba + sticks * values.riichiStick : 0));
}
