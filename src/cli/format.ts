/** Notation at the edge: how rounds, seats, tiles and scores are written for people and JSON. */
import { tileToString, type TileId } from '../tiles/index.js';
import { fuPartText, type WinScore } from '../score/index.js';

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

/**
 * Text cut to `max` characters, with where to read the rest: a line of the plain output stays readable
 * (a finding's message once ran to 646 characters, a lobby's rules to 787), the whole is in `--json`.
 */
export function clip(text: string, max: number, rest: string): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max).replace(/[\s,;:]+\S*$/, '');
  return `${cut} … (${rest})`;
}

/** The first `max` items of a list, joined, and how many more there are. */
export function someOf(items: readonly string[], max: number, rest: string): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more (${rest})`;
}

/** A re-scored win's yaku, yakuman, han, fu and fu lines as the commands' JSON gives them (`score`, `replay`). */
export function scoredYakuJson(s: WinScore): Record<string, unknown> {
  return {
    yaku: s.yaku.map((y) => ({ id: y.id, name: y.name, han: y.han })),
    yakuman: s.yakuman.map((y) => ({ id: y.id, name: y.name, multiplier: y.multiplier })),
    han: s.han,
    fu: s.fu,
    fuParts: s.fuParts.map((p) => ({ reason: p.reason, fu: p.fu, text: fuPartText(p) })),
  };
}

