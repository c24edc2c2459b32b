/**
 * Hands as 34 counters (one per tile kind), and the checks that keep impossible hands out.
 * Everything in `src/hand` works on counters; notation is handled only by the callers.
 */
import { KIND_COUNT, isKind, isThreePlayerKind, kindToString, type TileKind } from '../tiles/index.js';

/** A hand that cannot exist: wrong size, a fifth copy, a kind that is not a tile. */
export class HandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HandError';
  }
}

/** 34 counters; index = tile kind. Plain arrays and typed arrays both work. */
export type KindCounts = ArrayLike<number>;

/** Concealed tiles of a waiting hand: 13 with no melds, 3 fewer per meld (at most 4 melds). */
export const WAITING_SIZES: readonly number[] = [13, 10, 7, 4, 1];

/** Concealed tiles of a waiting hand after `melds` melds. */
export function waitingSize(melds: number): number {
  return 13 - 3 * melds;
}

export interface CountOptions {
  /** 3-player tile set: 2m..8m do not exist. */
  threePlayer?: boolean;
}

/** Counts kinds, rejecting non-kinds, fifth copies and (for 3 players) 2m..8m. */
export function toCounts(kinds: Iterable<TileKind>, options: CountOptions = {}): number[] {
  const counts = new Array<number>(KIND_COUNT).fill(0);
  for (const k of kinds) {
    if (!isKind(k)) throw new HandError(`not a tile kind: ${String(k)} (expected 0..33)`);
    if (options.threePlayer && !isThreePlayerKind(k)) {
      throw new HandError(`${kindToString(k)} does not exist in a 3-player game (2m..8m are removed)`);
    }
    if (++counts[k] > 4) throw new HandError(`five copies of ${kindToString(k)}: a kind has only four`);
  }
  return counts;
}

/** Total number of tiles, after checking that `counts` is 34 counters of 0..4. */
export function checkedTotal(counts: KindCounts): number {
  if (counts.length !== KIND_COUNT) {
    throw new HandError(`a hand is ${KIND_COUNT} counters (one per kind), got ${counts.length}`);
  }
  let total = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    const c = counts[k];
    if (!Number.isInteger(c) || c < 0 || c > 4) {
      const what = c > 4 ? 'more than four copies' : 'not a count of 0..4';
      throw new HandError(`${kindToString(k)}: ${String(c)} is ${what}`);
    }
    total += c;
  }
  return total;
}

/** Checks a waiting hand (13, 10, 7, 4 or 1 tiles) and returns its size. */
export function checkWaitingHand(counts: KindCounts): number {
  const total = checkedTotal(counts);
  if (!WAITING_SIZES.includes(total)) {
    throw new HandError(
      `a waiting hand has 13 concealed tiles, or 10/7/4/1 after 1-4 melds; got ${total}`,
    );
  }
  return total;
}

/** Checks a complete hand (14, 11, 8, 5 or 2 tiles) and returns its size. */
export function checkCompleteHand(counts: KindCounts): number {
  const total = checkedTotal(counts);
  if (!WAITING_SIZES.includes(total - 1)) {
    throw new HandError(
      `a complete hand has 14 concealed tiles, or 11/8/5/2 after 1-4 melds; got ${total}`,
    );
  }
  return total;
}
