/**
 * A tokenizer made for mjlog: a root `<mjloggm …>` holding a flat list of empty elements whose attribute
 * values need no entity decoding. It reads such a document about ten times faster than a general XML
 * parser. Anything else (a declaration, comments, text, entities, nesting, a duplicate attribute, a
 * truncated document) returns null, and the caller falls back to fast-xml-parser, which stays the
 * reference: a test proves both give the same tags on the whole corpus.
 */
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

/** The shared tag for `<T77/>`-like text at `i` (just after `<`), with the index after `/>`; or -1. */
function tileTagAt(text: string, i: number, out: { tag: MjlogTag | null }): number {
  const letter = TILE_LETTERS.indexOf(text[i]);
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
  return j + 2;
}

/** The tags of an mjlog in the simple shape, or null when the text needs the full parser. */
export function tokenizeMjlog(text: string): MjlogTag[] | null {
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
  const found: { tag: MjlogTag | null } = { tag: null };
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
      return j === n ? tags : null;
    }
    if (!isNameStart(c1)) return null;
    const after = tileTagAt(text, i + 1, found);
    if (after >= 0) {
      tags.push(found.tag!);
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
      else if (Object.prototype.hasOwnProperty.call(attrs, attr)) return null;
      attrs[attr] = value;
      j = end + 1;
    }
    tags.push({ name, attrs });
  }
}
