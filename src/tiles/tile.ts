/**
 * Tiles: ids 0..135 inside kanshi (four copies per kind), kinds 0..33, notation only at the edges.
 * Kind order: 0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-33 1z-7z (East South West North White Green Red).
 */

export type TileId = number;
export type TileKind = number;

export const TILE_COUNT = 136;
export const KIND_COUNT = 34;

/** Copy 0 of each five is the red five when the rule has red fives. */
export const RED_FIVES: readonly TileId[] = [16, 52, 88];

const SUITS = ['m', 'p', 's', 'z'] as const;
export type Suit = (typeof SUITS)[number];

export function kindOf(tile: TileId): TileKind {
  return tile >> 2;
}

export function copyOf(tile: TileId): number {
  return tile & 3;
}

export function isTileId(value: unknown): value is TileId {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < TILE_COUNT;
}

export function isKind(value: unknown): value is TileKind {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < KIND_COUNT;
}

/**
 * Copy 0 of a five is the red five where the game has one in that suit: `redFives` is true (every suit),
 * false (none), or a mask of the suits that have one (1 m, 2 p, 4 s).
 */
export function isRedFive(tile: TileId, redFives: boolean | number = true): boolean {
  const suits = redFives === true ? 7 : redFives === false ? 0 : redFives;
  return (tile === 16 && (suits & 1) !== 0) || (tile === 52 && (suits & 2) !== 0) || (tile === 88 && (suits & 4) !== 0);
}

export function isHonor(kind: TileKind): boolean {
  return kind >= 27;
}

export function isTerminalOrHonor(kind: TileKind): boolean {
  return kind >= 27 || kind % 9 === 0 || kind % 9 === 8;
}

/** The 13 kinds of thirteen orphans (kokushi musou). */
export const ORPHAN_KINDS: readonly TileKind[] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

export function suitOf(kind: TileKind): Suit {
  return SUITS[Math.floor(kind / 9)];
}

/** Number 1..9 within the suit (1..7 for honours). */
export function numberOf(kind: TileKind): number {
  return (kind % 9) + 1;
}

/** `1m`..`9s`, `1z`..`7z`. */
export function kindToString(kind: TileKind): string {
  if (!isKind(kind)) throw new RangeError(`not a tile kind: ${kind} (expected 0..33)`);
  return `${numberOf(kind)}${suitOf(kind)}`;
}

/** Notation of one tile id; red fives are written `0m`/`0p`/`0s` when the rule has them. */
export function tileToString(tile: TileId, redFives = true): string {
  if (!isTileId(tile)) throw new RangeError(`not a tile id: ${tile} (expected 0..135)`);
  if (isRedFive(tile, redFives)) return `0${suitOf(kindOf(tile))}`;
  return kindToString(kindOf(tile));
}

/**
 * A tile id as a message shows it to a person: its notation, and the id that tells the four copies apart
 * (`5m (id 17)`, `0m (id 16)` for a red five when the rule has them); `id 140` for a number that is no tile.
 */
export function tileLabel(tile: TileId, redFives = true): string {
  return isTileId(tile) ? `${tileToString(tile, redFives)} (id ${tile})` : `id ${tile}`;
}

/** Several tile ids for a message: `3s 3s (ids 40, 41)`. */
export function tilesLabel(tiles: readonly TileId[], redFives = true): string {
  if (tiles.length === 1) return tileLabel(tiles[0], redFives);
  if (tiles.length === 0 || !tiles.every((t) => isTileId(t))) return `ids ${tiles.join(', ') || 'none'}`;
  return `${tiles.map((t) => tileToString(t, redFives)).join(' ')} (ids ${tiles.join(', ')})`;
}

/** A tile as written in notation: its kind and whether it was written as a red five (`0m`). */
export interface NotatedTile {
  kind: TileKind;
  red: boolean;
}

export class NotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotationError';
  }
}

/**
 * Parses notation such as `3335666p111456s`, `0m` (red five) or `1z`; spaces are allowed between groups.
 * Digits are collected until a suit letter closes the group.
 */
export function parseTiles(text: string): NotatedTile[] {
  const tiles: NotatedTile[] = [];
  let pending: number[] = [];
  let pendingStart = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch >= '0' && ch <= '9') {
      if (pending.length === 0) pendingStart = i;
      pending.push(ch.charCodeAt(0) - 48);
      continue;
    }
    if (ch === ' ' || ch === ',' || ch === '\t') {
      if (pending.length > 0) {
        throw new NotationError(`"${text}": digits at ${pendingStart} have no suit letter (m, p, s or z) before the space`);
      }
      continue;
    }
    const suitIndex = SUITS.indexOf(ch as Suit);
    if (suitIndex < 0) {
      throw new NotationError(`"${text}": unexpected "${ch}" at ${i}; expected digits followed by m, p, s or z`);
    }
    if (pending.length === 0) {
      throw new NotationError(`"${text}": suit letter "${ch}" at ${i} has no digits before it`);
    }
    for (const n of pending) {
      if (suitIndex === 3) {
        if (n < 1 || n > 7) throw new NotationError(`"${text}": ${n}z is not a tile (honours are 1z..7z)`);
        tiles.push({ kind: 27 + n - 1, red: false });
      } else if (n === 0) {
        tiles.push({ kind: suitIndex * 9 + 4, red: true });
      } else {
        tiles.push({ kind: suitIndex * 9 + n - 1, red: false });
      }
    }
    pending = [];
  }
  if (pending.length > 0) {
    throw new NotationError(`"${text}": digits at ${pendingStart} have no suit letter (m, p, s or z)`);
  }
  return tiles;
}

/** Red fives in a set: Tenhou's has one per suit (ids 16, 52, 88), and so does every platform kanshi reads. */
export const RED_FIVES_PER_SUIT = 1;

/** How many tiles of each suit the notation wrote as a red five (`0m`, `0p`, `0s`). */
export function redFivesWritten(tiles: Iterable<NotatedTile>): Record<'m' | 'p' | 's', number> {
  const red = { m: 0, p: 0, s: 0 };
  for (const t of tiles) if (t.red) red[suitOf(t.kind) as 'm' | 'p' | 's']++;
  return red;
}

/** `HAND has 4 red 5m (0m), but a set has one`: `what` names where the tiles were written. */
export function tooManyRedFives(what: string, suit: 'm' | 'p' | 's', count: number): string {
  return `${what} has ${count} red 5${suit} (0${suit}), but a set has one`;
}

/**
 * Refuses notation that writes more red fives of a suit than a set has (`0000m` is not four fives, one
 * of them red: it is no hand at all), with a NotationError naming `what` and the tile.
 */
export function checkRedFives(tiles: Iterable<NotatedTile>, what: string): void {
  const red = redFivesWritten(tiles);
  for (const suit of ['m', 'p', 's'] as const) {
    if (red[suit] > RED_FIVES_PER_SUIT) throw new NotationError(tooManyRedFives(what, suit, red[suit]));
  }
}

/** Parses notation into kinds (red fives become plain fives). */
export function parseKinds(text: string): TileKind[] {
  return parseTiles(text).map((t) => t.kind);
}

/**
 * Writes kinds compactly, grouped by suit in m, p, s, z order: `[0,0,1]` → `112m`.
 * `red` marks how many fives of each suit to write as `0` (at most one per suit in practice).
 */
export function kindsToString(kinds: readonly TileKind[], red: Partial<Record<'m' | 'p' | 's', number>> = {}): string {
  const sorted = [...kinds].sort((a, b) => a - b);
  let out = '';
  for (let s = 0; s < 4; s++) {
    const suit = SUITS[s];
    let redLeft = s < 3 ? red[suit as 'm' | 'p' | 's'] ?? 0 : 0;
    let digits = '';
    for (const k of sorted) {
      if (Math.floor(k / 9) !== s) continue;
      if (redLeft > 0 && k % 9 === 4) {
        digits += '0';
        redLeft--;
        continue;
      }
      digits += String(numberOf(k));
    }
    if (digits) out += digits + suit;
  }
  return out;
}

/** Writes tile ids in notation, sorted, red fives as `0`. */
export function tilesToString(tiles: readonly TileId[], redFives = true): string {
  const red: Record<'m' | 'p' | 's', number> = { m: 0, p: 0, s: 0 };
  for (const t of tiles) if (isRedFive(t, redFives)) red[suitOf(kindOf(t)) as 'm' | 'p' | 's']++;
  return kindsToString(tiles.map(kindOf), red);
}

/** 34 counters, one per kind. */
export function countKinds(kinds: Iterable<TileKind>): number[] {
  const counts = new Array<number>(KIND_COUNT).fill(0);
  for (const k of kinds) counts[k]++;
  return counts;
}

/** Kinds that exist in a 3-player game: 2m..8m are removed. */
export function isThreePlayerKind(kind: TileKind): boolean {
  return !(kind >= 1 && kind <= 7);
}

/**
 * Sorts tile ids (or kinds) ascending, in place, and returns the array. An insertion sort: hands are at
 * most 14 tiles, and Array.prototype.sort with a comparator cost microseconds per call on every win.
 */
export function sortIds<T extends number[]>(ids: T): T {
  for (let i = 1; i < ids.length; i++) {
    const v = ids[i];
    let j = i - 1;
    while (j >= 0 && ids[j] > v) {
      ids[j + 1] = ids[j];
      j--;
    }
    ids[j + 1] = v;
  }
  return ids;
}
