/** Notation at the edge: how rounds, seats and tiles are written for people. */
import { tileToString, type TileId } from '../tiles/index.js';

const WINDS = ['East', 'South', 'West', 'North'];

/** `East 1`, `South 3`… from a kyoku index (4 × wind + dealer). */
export function roundName(kyoku: number): string {
  return `${WINDS[Math.floor(kyoku / 4) % 4]} ${(kyoku % 4) + 1}`;
}

export function tile(t: TileId | null | undefined, redFives = true): string {
  return t === null || t === undefined ? '?' : tileToString(t, redFives);
}

export function tiles(ts: readonly (TileId | null)[], redFives = true): string {
  return ts.length === 0 ? '-' : ts.map((t) => tile(t, redFives)).join(' ');
}

/** `1 file`, `2 files` (src/events has the one helper every message uses). */
export { plural } from '../events/index.js';
