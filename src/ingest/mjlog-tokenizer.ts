/**
 * A tokenizer made for mjlog: a root `<mjloggm …>` holding a flat list of empty elements whose attribute
 * values need no entity decoding. It reads such a document about ten times faster than a general XML
 * parser. Anything else (a declaration, comments, text, entities, nesting, a duplicate attribute, a
 * truncated document) returns null, and the caller falls back to fast-xml-parser, which stays the
 * reference: a test proves both give the same tags on the whole corpus.
 */
import { DEFAULT_LIMITS, limitError, type IngestLimits } from './limits.js';
import type { MjlogTag } from './xml.js';

const LT = 60; // <
const GT = 62; // >
const SLASH = 47; // /
const EQ = 61; // =
const QUOTE = 34; // "
const APOS = 39; // '

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57);
}

/** Shared by every tag without attributes (most are draws and discards): never written to. */
const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Draw letters T U V W then discard letters D E F G. */
const TILE_LETTERS = 'TUVWDEFG';

/**
 * One shared, frozen tag object per draw/discard name (`T0` … `G135`): the thousand tile tags of a game
 * then cost no allocation at all.
 */
const TILE_TAGS: MjlogTag[][] = [...TILE_LETTERS].map((letter) =>
  Array.from({ length: 136 }, (_, id) => Object.freeze({ name: `${letter}${id}`, attrs: NO_ATTRS }) as MjlogTag),
);

/**
 * `T77` → seat 0 draws tile 77, packed as (letter index × 1024 + tile), letters T U V W D E F G; -1 for any
 * other name (tile ids out of range are the converter's to report).
 */
export function tileCodeOfName(name: string): number {
  const c0 = name.charCodeAt(0);
  const letter = c0 < 128 ? LETTER_INDEX[c0] - 1 : -1;
  if (letter < 0 || name.length < 2 || name.length > 6) return -1;
  let tile = 0;
  for (let i = 1; i < name.length; i++) {
    const d = name.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    tile = tile * 10 + d;
  }
  // 1023 is out of range on purpose: the converter reports it.
  return letter * 1024 + Math.min(tile, 1023);
}

/** 1 + the index in TILE_LETTERS of each ASCII char code (0: not a draw or discard letter). */
const LETTER_INDEX = new Int8Array(128);
for (let l = 0; l < TILE_LETTERS.length; l++) LETTER_INDEX[TILE_LETTERS.charCodeAt(l)] = l + 1;

/** The shared tag for `<T77/>`-like text at `i` (just after `<`), with the index after `/>`; or -1. */
function tileTagAt(text: string, i: number, out: { tag: MjlogTag | null; code: number }): number {
  const c0 = text.charCodeAt(i);
  const letter = c0 < 128 ? LETTER_INDEX[c0] - 1 : -1;
  if (letter < 0) return -1;
  let j = i + 1;
  let id = 0;
  let digits = 0;
  for (;;) {
    const c = text.charCodeAt(j);
    if (!(c >= 48 && c <= 57)) break; // NaN past the end stops too
    id = id * 10 + (c - 48);
    digits++;
    j++;
  }
  // Leading zeros or other spellings go the general way, so the name stays exactly as written.
  if (digits === 0 || digits > 3 || id > 135 || (digits > 1 && text.charCodeAt(i + 1) === 48)) return -1;
  if (text.charCodeAt(j) !== SLASH || text.charCodeAt(j + 1) !== GT) return -1;
  out.tag = TILE_TAGS[letter][id];
  out.code = letter * 1024 + id;
  return j + 2;
}

/** The tags of an mjlog in the simple shape, or null when the text needs the full parser. */
export function tokenizeMjlog(text: string, limits: IngestLimits = DEFAULT_LIMITS): MjlogTag[] | null {
  return tokenizeMjlogWithCodes(text, limits)?.tags ?? null;
}

/**
 * The tags, and for each the packed draw/discard code (letter index × 1024 + tile id) or -1: reading the
 * code here saves the converter a look at every tag's name. More tags than `limits.maxEvents` are refused
 * at the first one over, before another is read.
 */
export function tokenizeMjlogWithCodes(text: string, limits: IngestLimits = DEFAULT_LIMITS): { tags: MjlogTag[]; tileCodes: number[] } | null {
  const maxTags = limits.maxEvents;
  const n = text.length;
  let i = 0;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  if (!text.startsWith('<mjloggm', i)) return null;
  i += 8;
  // Root attributes are not needed; skip to the end of the start tag (a value may not hold '>').
  const rootEnd = text.indexOf('>', i);
  if (rootEnd < 0 || text.charCodeAt(rootEnd - 1) === SLASH) return null;
  const rootAttrs = text.slice(i, rootEnd);
  if (rootAttrs.length > 0 && !isSpace(rootAttrs.charCodeAt(0))) return null;
  if (rootAttrs.includes('<') || rootAttrs.includes('&')) return null;
  i = rootEnd + 1;
  const tags: MjlogTag[] = [];
  const tileCodes: number[] = [];
  const found: { tag: MjlogTag | null; code: number } = { tag: null, code: -1 };
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) return null; // no closing root tag: truncated
    if (text.charCodeAt(i) !== LT) return null; // text content
    const c1 = text.charCodeAt(i + 1);
    if (c1 === SLASH) {
      if (!text.startsWith('</mjloggm', i)) return null;
      let j = i + 9;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) !== GT) return null;
      j++;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      return j === n ? { tags, tileCodes } : null;
    }
    if (!isNameStart(c1)) return null;
    if (tags.length >= maxTags) {
      const name = /^[A-Za-z0-9]*/.exec(text.slice(i + 1, i + 12))![0];
      throw limitError('maxEvents', limits, 'the log has more than {} tags', `tag ${tags.length} <${name}>`);
    }
    const after = tileTagAt(text, i + 1, found);
    if (after >= 0) {
      tags.push(found.tag!);
      tileCodes.push(found.code);
      i = after;
      continue;
    }
    let j = i + 2;
    while (j < n && isNameChar(text.charCodeAt(j))) j++;
    const name = text.slice(i + 1, j);
    let attrs: Record<string, string> = NO_ATTRS;
    for (;;) {
      const before = j;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      const c = text.charCodeAt(j);
      if (c === SLASH) {
        if (text.charCodeAt(j + 1) !== GT) return null;
        i = j + 2;
        break;
      }
      if (j === before || !isNameStart(c)) return null; // attributes must be separated by space
      const a = j;
      while (j < n && isNameChar(text.charCodeAt(j))) j++;
      const attr = text.slice(a, j);
      if (text.charCodeAt(j) !== EQ) return null;
      const q = text.charCodeAt(j + 1);
      if (q !== QUOTE && q !== APOS) return null;
      const end = text.indexOf(q === QUOTE ? '"' : "'", j + 2);
      if (end < 0) return null;
      const value = text.slice(j + 2, end);
      if (value.indexOf('&') >= 0 || value.indexOf('<') >= 0) return null;
      if (attrs === NO_ATTRS) attrs = {};
      // A name the prototype has (`constructor`) also falls back to the reference parser: harmless.
      else if (attrs[attr] !== undefined) return null;
      attrs[attr] = value;
      j = end + 1;
    }
    tags.push({ name, attrs });
    tileCodes.push(attrs === NO_ATTRS ? tileCodeOfName(name) : -1);
  }
}
