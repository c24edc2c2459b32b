/**
 * The fast core: does a suit split into groups (runs and triplets), with or without one pair?
 * Works on a mutable counter array that callers own; every change is undone before returning.
 * No allocation, no recursion: this runs for every candidate wait of every hand judged.
 */
import { ORPHAN_KINDS } from '../tiles/index.js';

/** Offsets of the three numbered suits in the 34 counters; honours start at 27. */
export const SUIT_BASES = [0, 9, 18] as const;
export const HONOR_BASE = 27;

/**
 * Do the 9 counters at `base` split into runs and triplets only?
 * Greedy from the lowest number is exact: the lowest tile's count mod 3 must start that many runs
 * (three equal runs use the same tiles as three triplets, so the choice never matters).
 */
export function numberedSplits(c: ArrayLike<number>, base: number): boolean {
  let a = c[base];
  let b = c[base + 1];
  for (let i = 0; i < 7; i++) {
    const r = a % 3;
    let next = c[base + i + 2];
    if (r !== 0) {
      b -= r;
      next -= r;
      if (b < 0 || next < 0) return false;
    }
    a = b;
    b = next;
  }
  return a % 3 === 0 && b % 3 === 0;
}

/** Do the 9 counters at `base` split into groups plus exactly one pair? Tries each pair in place. */
export function numberedSplitsWithPair(c: number[] | Int32Array, base: number): boolean {
  for (let j = base; j < base + 9; j++) {
    if (c[j] < 2) continue;
    c[j] -= 2;
    const ok = numberedSplits(c, base);
    c[j] += 2;
    if (ok) return true;
  }
  return false;
}

/** Honours make no runs: every count is 0 or 3. */
export function honorsSplit(c: ArrayLike<number>): boolean {
  for (let k = HONOR_BASE; k < 34; k++) if (c[k] !== 0 && c[k] !== 3) return false;
  return true;
}

/** Honours with one pair: one count is 2, the rest 0 or 3. */
export function honorsSplitWithPair(c: ArrayLike<number>): boolean {
  let pairs = 0;
  for (let k = HONOR_BASE; k < 34; k++) {
    const x = c[k];
    if (x === 2) pairs++;
    else if (x !== 0 && x !== 3) return false;
  }
  return pairs === 1;
}

export function suitSum(c: ArrayLike<number>, suit: number): number {
  const base = suit * 9;
  const end = suit === 3 ? 34 : base + 9;
  let s = 0;
  for (let k = base; k < end; k++) s += c[k];
  return s;
}

/** Does one suit (0-2 numbered, 3 honours) split into groups, with a pair when `withPair`? */
export function suitSplits(c: number[] | Int32Array, suit: number, withPair: boolean): boolean {
  if (suit === 3) return withPair ? honorsSplitWithPair(c) : honorsSplit(c);
  return withPair ? numberedSplitsWithPair(c, suit * 9) : numberedSplits(c, suit * 9);
}

/** Four groups and a pair (fewer groups after melds): one suit holds the pair, every suit splits. */
export function isStandardShape(c: number[] | Int32Array): boolean {
  let pairSuit = -1;
  for (let s = 0; s < 4; s++) {
    const m = suitSum(c, s) % 3;
    if (m === 1) return false;
    if (m === 2) {
      if (pairSuit >= 0) return false;
      pairSuit = s;
    }
  }
  if (pairSuit < 0) return false;
  for (let s = 0; s < 4; s++) if (!suitSplits(c, s, s === pairSuit)) return false;
  return true;
}

/** Seven different pairs (four of a kind is not two pairs), 14 tiles, no melds. */
export function isSevenPairsShape(c: ArrayLike<number>): boolean {
  let pairs = 0;
  for (let k = 0; k < 34; k++) {
    const x = c[k];
    if (x === 2) pairs++;
    else if (x !== 0) return false;
  }
  return pairs === 7;
}

/** Thirteen orphans: one of each terminal and honour, one of them twice; the caller checks the hand is 14 tiles. */
export function isThirteenOrphansShape(c: ArrayLike<number>): boolean {
  let total = 0;
  let pair = false;
  for (const k of ORPHAN_KINDS) {
    const x = c[k];
    if (x === 0 || x > 2) return false;
    if (x === 2) {
      if (pair) return false;
      pair = true;
    }
    total += x;
  }
  return pair && total === 14;
}
