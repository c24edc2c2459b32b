/**
 * Dora from indicators, the one place they are counted: a win's dora by source (`winDora`: the first
 * indicator, the kan indicators, the ura under each, and the red fives), which the table's check of a
 * win, the replay's record of it and the scorer all call on the hand as each holds it (`HandTiles`).
 */
import { isRedFive, kindOf, type TileId, type TileKind } from './tile.js';

/** The dora kind an indicator points to; in 3-player 1m points to 9m (2m..8m are not in the wall). */
export function doraKindOf(indicatorKind: TileKind, players: 3 | 4): TileKind {
  if (indicatorKind >= 31) return indicatorKind === 33 ? 31 : indicatorKind + 1;
  if (indicatorKind >= 27) return indicatorKind === 30 ? 27 : indicatorKind + 1;
  if (players === 3 && indicatorKind === 0) return 8;
  return indicatorKind % 9 === 8 ? indicatorKind - 8 : indicatorKind + 1;
}

/**
 * A winning hand as the table's `Win`, the replay's `WinRecord` and the scorer's `WinInput` each hold it,
 * read in place (never put together in one list): the concealed tiles, the tile won on, the melds' tiles,
 * and in 3-player the Norths set aside as kita, which are still the hand's (a North is a dora when an
 * indicator says so).
 */
export interface HandTiles {
  readonly concealed: readonly TileId[];
  readonly winningTile: TileId;
  readonly melds: readonly { readonly tiles: readonly TileId[] }[];
  readonly kitaTiles: readonly TileId[];
}

/** A win's dora by source; a count is null when one of its indicators is unknown. */
export interface WinDora {
  /** From the first indicator (0 with none). */
  first: number | null;
  /** From the kan indicators, all but the first (0 with none). */
  kandora: number | null;
  /** From the tile under the first indicator (0 with none). */
  ura: number | null;
  /** From the tiles under the kan indicators (0 with none). */
  kanUra: number | null;
  /** Red fives held: copy 0 of a five, in the suits `redFives` names. */
  red: number;
}

/** Copies of each kind in the hand being counted: scratch, the counting being synchronous. */
const KINDS = new Array<number>(34).fill(0);

/** The dora indicators[from..to) give the kinds counted in KINDS; null when one of them is unknown. */
function doraAmong(indicators: readonly (TileId | null)[], from: number, to: number, players: 3 | 4): number | null {
  let n = 0;
  for (let i = from; i < to; i++) {
    const ind = indicators[i];
    if (ind === null) return null;
    n += KINDS[doraKindOf(kindOf(ind), players)];
  }
  return n;
}

/** Counts one part of a hand into KINDS; returns its red fives. */
function addTiles(tiles: readonly TileId[], redFives: boolean | number): number {
  let red = 0;
  for (let i = 0; i < tiles.length; i++) {
    KINDS[kindOf(tiles[i])]++;
    if (redFives !== 0 && redFives !== false && isRedFive(tiles[i], redFives)) red++;
  }
  return red;
}

/**
 * A win's dora: the copies of each indicator's dora kind in the whole hand, the first indicator's and the
 * kan indicators' apart, the same for the ura indicators, and the red fives (`redFives`: true, false or a
 * mask of suits, 1 m, 2 p, 4 s). Which of them a win scores is the rules' to say (src/score).
 */
export function winDora(
  hand: HandTiles,
  indicators: readonly (TileId | null)[],
  ura: readonly (TileId | null)[],
  players: 3 | 4,
  redFives: boolean | number,
): WinDora {
  KINDS.fill(0);
  let red = addTiles(hand.concealed, redFives);
  KINDS[kindOf(hand.winningTile)]++;
  if (redFives !== 0 && redFives !== false && isRedFive(hand.winningTile, redFives)) red++;
  for (let m = 0; m < hand.melds.length; m++) red += addTiles(hand.melds[m].tiles, redFives);
  red += addTiles(hand.kitaTiles, redFives);
  return {
    first: doraAmong(indicators, 0, Math.min(1, indicators.length), players),
    kandora: doraAmong(indicators, 1, indicators.length, players),
    ura: doraAmong(ura, 0, Math.min(1, ura.length), players),
    kanUra: doraAmong(ura, 1, ura.length, players),
    red,
  };
}

/** The sum of two counts, null when either is unknown. */
export function doraSum(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}

/** How many dora a list of tiles holds for these indicators; null if any indicator is unknown. */
export function countDora(indicators: readonly (TileId | null)[], tiles: readonly TileId[], players: 3 | 4): number | null {
  KINDS.fill(0);
  addTiles(tiles, false);
  return doraAmong(indicators, 0, indicators.length, players);
}
