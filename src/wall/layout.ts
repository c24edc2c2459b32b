/**
 * Where each role sits in a shuffled wall (docs/formats.md §4), 4-player (136) and 3-player (108).
 * Indices are into `HandWall.tiles`. All counters are 0-based "how many came before":
 * live draw j, replacement draw r, indicator k (0 = the round's first dora, 1..4 = kandora).
 *
 * Dealing takes 4-4-4 blocks and then one tile per seat from the top index downward, starting with the
 * dealer; live draws continue downward from there. The dead wall is 14 tiles at the bottom: each
 * replacement draw (kan, and kita in 3-player) takes one of its tiles and moves the live wall's last tile
 * into it, so after r replacements the last live tile is at 14 + r, in every layout (for 3-player
 * derived from the corpus's exhaustive draws: test/wall/live-wall-end.test.ts).
 */
import type { TileId } from '../tiles/index.js';
import { WallError } from './errors.js';
import { checkPlayers, wallSize, type Players } from './players.js';

export const HAIPAI_SIZE = 13;
export const DEAD_WALL_SIZE = 14;

/**
 * Which dead-wall arrangement a wall uses. `current`: walls of `mt19937ar-sha512-n288-base64` seeds
 * (2010 onward). `legacy`: walls of the 2008-2009 seeds (`mt19937ar-sha512-n288` hex SHUFFLE and the
 * per-INIT `mt19937ar` shuffle), where each dead-wall pair is the other way up: indicators on the even
 * index, ura above them, replacement tiles taken in index order. The corpus's 180 legacy rounds show
 * replacement draws 0-1, indicators 0-2 and ura 0-2 (4-player) and the first indicator and two kita
 * replacements (3-player, one round); the further positions follow the same pattern, unobserved.
 */
export type WallEra = 'current' | 'legacy';

export interface WallLayout {
  readonly players: Players;
  readonly era: WallEra;
  /** 136 or 108. */
  readonly size: number;
  /** haipai[seatOffsetFromDealer] = the 13 indices dealt to that seat, in dealing order. */
  readonly haipai: readonly (readonly number[])[];
  /** Index of live draw 0 (the dealer's first draw): 83 / 68. */
  readonly firstLiveIndex: number;
  /** Live plus replacement draws of a round played to exhaustion: 70 / 55, whatever the kans and kita. */
  readonly totalDraws: number;
  /** replacement[r] = index of replacement draw r. current: [1,0,3,2] / [1,0,3,2,5,4,7,6]; legacy: 0, 1, 2, … */
  readonly replacement: readonly number[];
  /** indicator[k]: k = 0 the first dora indicator, 1..4 kandora. current: 5+2k / 9+2k; legacy: 4+2k / 8+2k. */
  readonly indicator: readonly number[];
  /** ura[k], the ura indicator paired with indicator[k]. current: 4+2k / 8+2k; legacy: 5+2k / 9+2k. */
  readonly ura: readonly number[];
}

function buildLayout(players: Players, era: WallEra): WallLayout {
  const size = wallSize(players);
  const top = size - 1;
  const haipai = Array.from({ length: players }, (_, seat) => {
    const idx: number[] = [];
    for (let block = 0; block < 3; block++) {
      const start = top - (block * players + seat) * 4;
      idx.push(start, start - 1, start - 2, start - 3);
    }
    idx.push(top - 12 * players - seat);
    return Object.freeze(idx);
  });
  const firstLiveIndex = top - HAIPAI_SIZE * players;
  // 3-player keeps 8 replacement slots (kan and kita) below the indicators, 4-player 4.
  const replacements = players === 4 ? 4 : 8;
  const upper = era === 'current' ? 1 : 0; // which tile of each dead-wall pair is the indicator
  return Object.freeze({
    players,
    era,
    size,
    haipai: Object.freeze(haipai),
    firstLiveIndex,
    totalDraws: firstLiveIndex + 1 - DEAD_WALL_SIZE,
    replacement: Object.freeze(Array.from({ length: replacements }, (_, r) => r ^ upper)),
    indicator: Object.freeze(Array.from({ length: 5 }, (_, k) => replacements + 2 * k + upper)),
    ura: Object.freeze(Array.from({ length: 5 }, (_, k) => replacements + 2 * k + (1 - upper))),
  });
}

/** One round's wall: `tiles[index]` is the tile id at that wall index, read through `layout`. */
export interface HandWall {
  readonly players: Players;
  /** 136 or 108 tile ids. */
  readonly tiles: Uint8Array;
  /** The dice, 1..6 each (INIT seed[3..4] + 1). */
  readonly dice: readonly [number, number];
  /** Where each role sits in `tiles` (depends on the seed scheme's era). */
  readonly layout: WallLayout;
}

const LAYOUTS: Record<WallEra, Record<Players, WallLayout>> = {
  current: { 4: buildLayout(4, 'current'), 3: buildLayout(3, 'current') },
  legacy: { 4: buildLayout(4, 'legacy'), 3: buildLayout(3, 'legacy') },
};

export function wallLayout(players: Players, era: WallEra = 'current'): WallLayout {
  const layout = LAYOUTS[era]?.[players];
  if (!layout) {
    checkPlayers(players);
    throw new WallError(`unknown wall era "${era}" (expected current or legacy)`, 'bad-argument');
  }
  return layout;
}

/** A player count (meaning the current layout) or a layout, as the position helpers take it. */
export type LayoutRef = Players | WallLayout;

function layoutOf(ref: LayoutRef): WallLayout {
  return typeof ref === 'number' ? wallLayout(ref) : ref;
}

function checkIndex(what: string, value: number, limit: number): void {
  if (!Number.isInteger(value) || value < 0 || value >= limit) {
    throw new WallError(`${what} must be an integer 0..${limit - 1}, got ${value}`, 'bad-argument');
  }
}

/** Seat offset from the dealer (0 = dealer, 1 = the next seat, …); 3-player counts over seats 0..2. */
export function seatOffsetFromDealer(players: Players, seat: number, dealer: number): number {
  checkPlayers(players);
  checkIndex('seat', seat, players);
  checkIndex('dealer', dealer, players);
  return (seat - dealer + players) % players;
}

/** The 13 wall indices dealt to the seat `seatOffset` places after the dealer, in dealing order. */
export function haipaiIndices(layout: LayoutRef, seatOffset: number): readonly number[] {
  const l = layoutOf(layout);
  checkIndex('seat offset from the dealer', seatOffset, l.players);
  return l.haipai[seatOffset];
}

/** Index of live draw `j` (0 = the dealer's first draw): 83 − j (4p), 68 − j (3p). */
export function liveDrawIndex(layout: LayoutRef, j: number): number {
  const l = layoutOf(layout);
  checkIndex('live draw number', j, l.totalDraws);
  return l.firstLiveIndex - j;
}

/** Index of replacement draw `r` (rinshan; kan and kita replacements counted together). */
export function replacementIndex(layout: LayoutRef, r: number): number {
  const l = layoutOf(layout);
  checkIndex('replacement draw number', r, l.replacement.length);
  return l.replacement[r];
}

/** Index of dora indicator `k` (0 = the round's first, 1..4 = kandora). */
export function indicatorIndex(layout: LayoutRef, k: number): number {
  const l = layoutOf(layout);
  checkIndex('indicator number', k, l.indicator.length);
  return l.indicator[k];
}

/** Index of the ura indicator paired with indicator `k`. */
export function uraIndex(layout: LayoutRef, k: number): number {
  const l = layoutOf(layout);
  checkIndex('ura indicator number', k, l.ura.length);
  return l.ura[k];
}

/**
 * Live draws a round has in all once `replacements` replacement draws (kans, plus kita in 3-player) have
 * been made: 70 − r (4p), 55 − r (3p). Each kan or kita moves the live wall's last tile into the dead wall.
 */
export function liveDrawCount(layout: LayoutRef, replacements: number): number {
  const l = layoutOf(layout);
  checkIndex('replacement count', replacements, l.replacement.length + 1);
  return l.totalDraws - replacements;
}

/** Index of the last live tile (haitei) after `replacements` replacement draws: 14 + r in every layout. */
export function lastLiveIndex(layout: LayoutRef, replacements: number): number {
  return liveDrawIndex(layout, liveDrawCount(layout, replacements) - 1);
}

/** Live tiles still to draw after `liveDraws` live and `replacements` replacement draws (0: haitei is drawn). */
export function liveDrawsLeft(layout: LayoutRef, liveDraws: number, replacements: number): number {
  return liveDrawCount(layout, replacements) - liveDraws;
}

// The tiles at those positions, for a built wall.

export function haipai(wall: HandWall, seatOffset: number): TileId[] {
  return haipaiIndices(wall.layout, seatOffset).map((i) => wall.tiles[i]);
}

export function liveDraw(wall: HandWall, j: number): TileId {
  return wall.tiles[liveDrawIndex(wall.layout, j)];
}

export function replacementDraw(wall: HandWall, r: number): TileId {
  return wall.tiles[replacementIndex(wall.layout, r)];
}

export function doraIndicator(wall: HandWall, k: number): TileId {
  return wall.tiles[indicatorIndex(wall.layout, k)];
}

export function uraIndicator(wall: HandWall, k: number): TileId {
  return wall.tiles[uraIndex(wall.layout, k)];
}
