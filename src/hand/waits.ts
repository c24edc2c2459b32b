/**
 * Waits of a concealed hand of 13 tiles (10/7/4/1 after melds), as Tenhou counts them
 * (docs/kan-rules.md §3).
 *
 * A kind is a wait when it completes the concealed hand, unless the CONCEALED hand itself holds all
 * four copies: then no copy can come (waiting only on such a kind, 純カラ, is noten on Tenhou, and
 * majiang-core's `Util.tingpai` skips it). Copies in the player's own melds (a pon, an ankan made
 * before) do not exhaust a kind: `13m456p789s11z` with an ankan of 2m, or `1m` beside pons of 1m, 1p,
 * 1s and 9m, is tenpai. Tenhou's manual says so (mjx's tests cite it), and majiang-core, mjx and
 * Mortal count the same way; so the melds are never asked for here (`melds.ts` checks a hand with its
 * melds, and counts the copies left, for reports).
 * `shapeWaits` keeps the kinds held four times, for reports that want to show them.
 */
import { ORPHAN_KINDS, kindOf, type TileId, type TileKind } from '../tiles/index.js';
import { checkWaitingHand, HandError, toCounts, type KindCounts } from './counts.js';
import { suitSplits, suitSum } from './shape.js';

// Scratch buffers shared by every call: the code is synchronous, and they spare an allocation per hand.
const work = new Int32Array(34);
const marks = new Uint8Array(34);
const mods = new Int32Array(4);
const splits = new Uint8Array(4);

/** Kinds (ascending) that complete the hand, but those the concealed hand holds all four of. */
export function waits(counts: KindCounts): TileKind[] {
  return collectWaits(counts, false);
}

/**
 * The waits of a log's concealed tiles (ids), or null when they are no waiting hand (a size that cannot
 * wait, a kind five times): a log's hand may be anything, and the checks that judge it say nothing then.
 */
export function tileWaits(tiles: readonly TileId[]): TileKind[] | null {
  try {
    return waits(toCounts(tiles.map(kindOf)));
  } catch (err) {
    if (err instanceof HandError) return null;
    throw err;
  }
}

/** Kinds (ascending) that complete the shape, including kinds the hand holds all four of. */
export function shapeWaits(counts: KindCounts): TileKind[] {
  return collectWaits(counts, true);
}

/** Tenpai as Tenhou counts it: at least one wait (melds or not, see above). */
export function isTenpai(counts: KindCounts): boolean {
  return waits(counts).length > 0;
}

/** Waits of thirteen orphans (13 concealed tiles only): all 13 kinds, or the one missing kind. */
export function kokushiWaits(counts: KindCounts): TileKind[] {
  if (checkWaitingHand(counts) !== 13) return [];
  marks.fill(0);
  markThirteenOrphans(counts);
  return collectMarks(counts, false);
}

export function isKokushiTenpai(counts: KindCounts): boolean {
  return kokushiWaits(counts).length > 0;
}

/** The wait of seven pairs (13 concealed tiles only): the single beside six different pairs. */
export function sevenPairsWaits(counts: KindCounts): TileKind[] {
  if (checkWaitingHand(counts) !== 13) return [];
  marks.fill(0);
  markSevenPairs(counts);
  return collectMarks(counts, false);
}

function collectWaits(counts: KindCounts, includeHeldFour: boolean): TileKind[] {
  const total = checkWaitingHand(counts);
  for (let k = 0; k < 34; k++) work[k] = counts[k];
  marks.fill(0);
  markStandard(work, includeHeldFour);
  if (total === 13) {
    markSevenPairs(work);
    markThirteenOrphans(work);
  }
  return collectMarks(work, includeHeldFour);
}

function collectMarks(c: KindCounts, includeHeldFour: boolean): TileKind[] {
  const out: TileKind[] = [];
  for (let k = 0; k < 34; k++) {
    if (marks[k] === 0) continue;
    if (!includeHeldFour && c[k] >= 4) continue;
    out.push(k);
  }
  return out;
}

/**
 * Groups and a pair. A 3n+1 hand must have suit sizes ≡ 0/2 mod 3 except the suit the wait is in,
 * so each suit's split is checked once and only the receiving suit is re-checked per candidate.
 */
function markStandard(c: Int32Array, includeHeldFour: boolean): void {
  for (let s = 0; s < 4; s++) {
    const m = suitSum(c, s) % 3;
    mods[s] = m;
    splits[s] = m !== 1 && suitSplits(c, s, m === 2) ? 1 : 0;
  }
  for (let t = 0; t < 4; t++) {
    let othersSplit = true;
    let pairsElsewhere = 0;
    for (let s = 0; s < 4; s++) {
      if (s === t) continue;
      if (splits[s] === 0) othersSplit = false;
      if (mods[s] === 2) pairsElsewhere++;
    }
    if (!othersSplit) continue;
    // The new tile brings suit t to ≡2 (it takes the pair) or ≡0 (the pair is elsewhere).
    let withPair: boolean;
    if (pairsElsewhere === 0 && mods[t] === 1) withPair = true;
    else if (pairsElsewhere === 1 && mods[t] === 2) withPair = false;
    else continue;
    const base = t * 9;
    const end = t === 3 ? 34 : base + 9;
    for (let k = base; k < end; k++) {
      if (!includeHeldFour && c[k] >= 4) continue;
      if (!touches(c, k, t === 3, base)) continue;
      c[k]++;
      if (suitSplits(c, t, withPair)) marks[k] = 1;
      c[k]--;
    }
  }
}

/** A tile with no held tile within two steps (or, for honours, none of its own) joins no group. */
function touches(c: Int32Array, k: number, honor: boolean, base: number): boolean {
  if (c[k] > 0) return true;
  if (honor) return false;
  const i = k - base;
  return (i >= 1 && c[k - 1] > 0) || (i >= 2 && c[k - 2] > 0) || (i <= 7 && c[k + 1] > 0) || (i <= 6 && c[k + 2] > 0);
}

/** Six different pairs and one single; a kind held three or four times spoils it. */
function markSevenPairs(c: KindCounts): void {
  let pairs = 0;
  let single = -1;
  for (let k = 0; k < 34; k++) {
    const x = c[k];
    if (x === 0) continue;
    if (x === 2) pairs++;
    else if (x === 1 && single < 0) single = k;
    else return;
  }
  if (pairs === 6 && single >= 0) marks[single] = 1;
}

/** Only terminals and honours: all 13 kinds → a 13-sided wait; 12 kinds with one pair → the 13th. */
function markThirteenOrphans(c: KindCounts): void {
  let orphans = 0;
  let kinds = 0;
  let pairs = 0;
  let missing = -1;
  for (const k of ORPHAN_KINDS) {
    const x = c[k];
    orphans += x;
    if (x === 0) missing = k;
    else kinds++;
    if (x === 2) pairs++;
    else if (x > 2) return;
  }
  if (orphans !== 13) return;
  if (kinds === 13) for (const k of ORPHAN_KINDS) marks[k] = 1;
  else if (kinds === 12 && pairs === 1) marks[missing] = 1;
}
