/**
 * Tiles as SVG, drawn from kanshi's notation: one `<symbol>` per tile face (34 kinds, the three red fives,
 * a face-down tile and an unknown one) defined once per page, and a `<use>` for every tile shown, so a
 * page of a hundred tiles stays a few kilobytes. No font beyond the browser's sans-serif: a digit and a
 * suit mark for the number tiles, letters for the winds, drawn marks for the dragons (no CJK font is
 * needed, and Debian's Chromium has none by default).
 */
import { kindToString, numberOf, suitOf, tileToString, type TileId, type TileKind } from '../tiles/index.js';

/** A tile's size in the symbols' own units (the pictures scale them). */
export const TILE_W = 30;
export const TILE_H = 40;

const WINDS: Record<number, string> = { 27: 'E', 28: 'S', 29: 'W', 30: 'N' };

/** The symbol id of a tile face: `t5m`, `t0m` (a red five where the game has them), `t7z`. */
export function faceId(tile: TileId, redFives = true): string {
  return `t${tileToString(tile, redFives)}`;
}

/** The symbol ids of the two faces that are no tile: face down (a tile nobody saw), and unknown (the log never shows it). */
export const BACK_ID = 'tback';
export const UNKNOWN_ID = 'tunknown';

/** The marks of a number tile below its digit: a red stroke for man, a ring for pin, a stick for sou. */
function suitMark(suit: 'm' | 'p' | 's', red: boolean): string {
  const cls = red ? 'kr' : `k${suit}`;
  if (suit === 'm') return `<path class="${cls}" d="M9 29h12M11 33.5h8M15 26v10" stroke-width="2.2" fill="none"/>`;
  if (suit === 'p') return `<circle class="${cls}" cx="15" cy="31" r="5" stroke-width="2.2" fill="none"/><circle class="${cls}f" cx="15" cy="31" r="1.6"/>`;
  return `<rect class="${cls}f" x="12.5" y="25" width="5" height="12" rx="2"/><path d="M12.5 31h5" stroke="#fff" stroke-width="1"/>`;
}

/** The drawing on a face, without the face itself. */
function faceBody(kind: TileKind, red: boolean): string {
  if (kind < 27) {
    const suit = suitOf(kind) as 'm' | 'p' | 's';
    const digit = `<text class="d ${red ? 'kr' : `k${suit}`}f" x="15" y="20">${numberOf(kind)}</text>`;
    // A red five also gets a dot in its corner: red is not the only cue.
    return digit + suitMark(suit, red) + (red ? '<circle class="krf" cx="25" cy="6" r="2.2"/>' : '');
  }
  if (WINDS[kind]) return `<text class="w" x="15" y="28">${WINDS[kind]}</text>`;
  if (kind === 31) return '<rect x="8" y="9" width="14" height="22" rx="1.5" fill="none" stroke="#2b6cb0" stroke-width="2.4"/>'; // haku: the blue frame
  if (kind === 32) return '<text class="w kgf" x="15" y="28">F</text>'; // hatsu (fa), green
  return '<path d="M8.5 14h13v10h-13zM15 7v27" fill="none" stroke="#c53030" stroke-width="2.6"/>'; // chun: the character drawn as strokes
}

function symbol(id: string, body: string, face = true, title = ''): string {
  const base = face ? '<rect class="tf" x=".75" y=".75" width="28.5" height="38.5" rx="3.5"/>' : '';
  return `<symbol id="${id}" viewBox="0 0 ${TILE_W} ${TILE_H}">${title ? `<title>${title}</title>` : ''}${base}${body}</symbol>`;
}

/**
 * Every face's symbol, in one hidden SVG: the page defines them once and every picture `<use>`s them.
 * `threePlayer` leaves out 2m..8m, which a 3-player game never shows.
 */
export function tileSymbols(options: { threePlayer?: boolean } = {}): string {
  const out: string[] = [];
  for (let kind = 0; kind < 34; kind++) {
    if (options.threePlayer && kind >= 1 && kind <= 7) continue;
    out.push(symbol(`t${kindToString(kind)}`, faceBody(kind, false)));
  }
  for (const [id, kind] of [['t0m', 4], ['t0p', 13], ['t0s', 22]] as const) {
    if (options.threePlayer && kind === 4) continue;
    out.push(symbol(id, faceBody(kind, true)));
  }
  out.push(symbol(BACK_ID, '<rect class="tb" x=".75" y=".75" width="28.5" height="38.5" rx="3.5"/>', false));
  out.push(
    symbol(UNKNOWN_ID, '<rect class="tb tu" x=".75" y=".75" width="28.5" height="38.5" rx="3.5"/><text class="q" x="15" y="26">?</text>', false),
  );
  return `<svg class="tile-symbols" width="0" height="0" aria-hidden="true" style="position:absolute">${out.join('')}</svg>`;
}

/** The CSS the symbols and rings use (the page puts it in its one style element). */
export const TILE_CSS = `
.tf { fill: #fbf7ea; stroke: #8c846f; stroke-width: 1.2; }
.tb { fill: #3d7f74; stroke: #24564e; stroke-width: 1.2; }
.tu { fill: #9aa5a8; stroke: #6f7a7d; }
.q { fill: #fff; font: bold 16px sans-serif; text-anchor: middle; }
.d { font: bold 17px sans-serif; text-anchor: middle; }
.w { font: bold 20px sans-serif; text-anchor: middle; fill: #222; }
.km { stroke: #c53030; } .kmf { fill: #222; }
.kp { stroke: #2b6cb0; } .kpf { fill: #2b6cb0; }
.ks { stroke: #2f855a; } .ksf { fill: #2f855a; }
.kg { stroke: #2f855a; } .kgf { fill: #2f855a; }
.kr { stroke: #d6261c; } .krf { fill: #d6261c; }
`;

export interface TileOptions {
  /** A CSS class on the `<use>` (e.g. `dim` for a tile known only from the seed). */
  cls?: string;
  /** Hover text. */
  title?: string;
  /** Turned sideways (a called tile in a meld). */
  sideways?: boolean;
  /** Scale of the tile (1 = 30 × 40 units). */
  scale?: number;
}

const round = (n: number): string => String(Math.round(n * 100) / 100);

/** One tile at (x, y): a `<use>` of its symbol. */
export function tileUse(symbolId: string, x: number, y: number, options: TileOptions = {}): string {
  const s = options.scale ?? 1;
  const w = TILE_W * s;
  const h = TILE_H * s;
  const cls = options.cls ? ` class="${options.cls}"` : '';
  const title = options.title ? `<title>${escapeXml(options.title)}</title>` : '';
  if (options.sideways) {
    // Rotated a quarter turn about its own corner: it then takes h × w at (x, y).
    return `<g transform="translate(${round(x + h)} ${round(y)}) rotate(90)"${cls}><use href="#${symbolId}" width="${round(w)}" height="${round(h)}"/>${title}</g>`;
  }
  return title
    ? `<g${cls}><use href="#${symbolId}" x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}"/>${title}</g>`
    : `<use href="#${symbolId}" x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}"${cls}/>`;
}

/** A highlight ring around a tile at (x, y): `used`, `turned`, `rule`, `differs` (the page's CSS colours them). */
export function ring(kind: string, x: number, y: number, scale = 1): string {
  return `<rect class="ring ${kind}" x="${round(x - 2.5)}" y="${round(y - 2.5)}" width="${round(TILE_W * scale + 5)}" height="${round(TILE_H * scale + 5)}" rx="5"/>`;
}

export function escapeXml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A row of tiles as one small inline SVG (a meld, a replacement draw, indicators), `null` for an unknown tile. */
export function tileRow(tiles: readonly (TileId | null)[], redFives: boolean, options: { scale?: number; sideways?: number; down?: readonly number[]; label?: string } = {}): string {
  const s = options.scale ?? 0.8;
  const gap = 2;
  let x = 1;
  const parts: string[] = [];
  tiles.forEach((t, i) => {
    const sideways = options.sideways === i;
    const id = options.down?.includes(i) ? BACK_ID : t === null ? UNKNOWN_ID : faceId(t, redFives);
    const y = sideways ? 1 + (TILE_H - TILE_W) * s : 1;
    parts.push(tileUse(id, x, y, { scale: s, sideways }));
    x += (sideways ? TILE_H : TILE_W) * s + gap;
  });
  const width = Math.max(x - gap + 1, 2);
  const height = TILE_H * s + 2;
  // One title for the row, in notation (a tile face down in the picture is named all the same).
  const names = tiles.map((t) => (t === null ? 'unknown' : tileToString(t, redFives))).join(' ');
  const text = escapeXml(options.label ? `${options.label}: ${names}` : names);
  return `<svg class="tiles" role="img" aria-label="${text}" viewBox="0 0 ${round(width)} ${round(height)}" width="${round(width)}" height="${round(height)}"><title>${text}</title>${parts.join('')}</svg>`;
}
