/**
 * A tokenizer made for mjlog: a root `<mjloggm …>` holding a flat list of empty elements whose attribute
 * values need no entity decoding. It reads such a document many times faster than a general XML
 * parser. Anything else (a declaration, comments, text, entities, nesting, a duplicate attribute, a
 * truncated document) returns null, and the caller falls back to fast-xml-parser, which stays the
 * reference: a test proves both give the same tags on the whole corpus.
 */
import { DEFAULT_LIMITS, limitError, type IngestLimits } from '../core/limits.js';

/** One element of an mjlog: its name (e.g. `T77`, `INIT`) and attributes as written. */
export interface MjlogTag {
  name: string;
  attrs: Record<string, string>;
}

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

/** Shared by every tag without attributes: never written to. */
const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Draw letters T U V W then discard letters D E F G. */
const TILE_LETTERS = 'TUVWDEFG';

/** A tag as the converter reads it: its name, and its attributes' names and values in turn, as written. */
export interface TagToken {
  name: string;
  /** Name, value, name, value…: a dozen at most, found by a glance along the list. */
  attributes: string[];
}

/**
 * A log's tags in the form the converter reads: the thousand draws and discards of a game as numbers,
 * the few dozen other tags as TagTokens.
 */
export interface MjlogTokens {
  /**
   * One entry per tag, in order: a draw or discard written `<T77/>` as letter index × 1024 + tile id
   * (letters T U V W D E F G), or -1 - k for `tags[k]`.
   */
  codes: Int32Array;
  /** Every other tag, in order. */
  tags: TagToken[];
}

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

/** The tag name a draw/discard code stands for: `T77` for seat 0's draw of tile 77. */
export function tileNameOfCode(code: number): string {
  return TILE_LETTERS[code >> 10] + String(code & 1023);
}

/** 1 + the index in TILE_LETTERS of each ASCII char code (0: not a draw or discard letter). */
const LETTER_INDEX = new Int8Array(128);
for (let l = 0; l < TILE_LETTERS.length; l++) LETTER_INDEX[TILE_LETTERS.charCodeAt(l)] = l + 1;

/** Where the tag tileCodeAt last read ends (the index after its `/>`). */
let tileTagEnd = 0;

/**
 * The code (letter index × 1024 + tile id) of `<T77/>`-like text at `i` (just after `<`), its end in
 * `tileTagEnd`; or -1 when the tag is anything else.
 */
function tileCodeAt(text: string, i: number): number {
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
  tileTagEnd = j + 2;
  return letter * 1024 + id;
}

/**
 * mjlog's tag names, by a hash of their characters: a tag name read from the text is looked up here and
 * the constant string used instead of a slice, so that the converter's switch on it compares pointers.
 */
const KNOWN_NAMES = new Map<number, string[]>();
for (const name of ['INIT', 'N', 'REACH', 'AGARI', 'DORA', 'RYUUKYOKU', 'UN', 'BYE', 'GO', 'SHUFFLE', 'TAIKYOKU']) {
  const h = nameHash(name, 0, name.length);
  const list = KNOWN_NAMES.get(h) ?? [];
  list.push(name);
  KNOWN_NAMES.set(h, list);
}

function nameHash(text: string, start: number, end: number): number {
  let h = end - start;
  for (let k = start; k < end; k++) h = (Math.imul(h, 31) + text.charCodeAt(k)) | 0;
  return h;
}

/** The name written in `text` from `start` to `end`: a known name's constant, else a slice. */
function nameAt(text: string, start: number, end: number): string {
  const known = KNOWN_NAMES.get(nameHash(text, start, end));
  if (known !== undefined) {
    for (let k = 0; k < known.length; k++) if (sameText(known[k], text, start, end)) return known[k];
  }
  return text.slice(start, end);
}

function sameText(name: string, text: string, start: number, end: number): boolean {
  if (name.length !== end - start) return false;
  for (let k = 0; k < name.length; k++) if (name.charCodeAt(k) !== text.charCodeAt(start + k)) return false;
  return true;
}

/** The tokenizer's buffer of codes, reused from log to log (it only grows, past any real game's tags). */
let scratch: Int32Array = new Int32Array(16384);

function grown(codes: Int32Array): Int32Array {
  const bigger = new Int32Array(codes.length * 2);
  bigger.set(codes);
  return bigger;
}

/**
 * Whether the text at `i` is the root's closing tag and nothing but space follows. A function of its
 * own: the tokenizer is first compiled while it reads its first log, before it has met an end, and code
 * it has not run then is thrown away and compiled again once it runs.
 */
function closesDocument(text: string, i: number): boolean {
  const n = text.length;
  if (!text.startsWith('</mjloggm', i)) return false;
  let j = i + 9;
  while (j < n && isSpace(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) !== GT) return false;
  j++;
  while (j < n && isSpace(text.charCodeAt(j))) j++;
  return j === n;
}

/** The tags of an mjlog in the simple shape, or null when the text needs the full parser. */
export function tokenizeMjlog(text: string, limits: IngestLimits = DEFAULT_LIMITS): MjlogTag[] | null {
  const tokens = tokenizeMjlogCodes(text, limits);
  if (!tokens) return null;
  return Array.from(tokens.codes, (code) => (code >= 0 ? { name: tileNameOfCode(code), attrs: NO_ATTRS } : tagOf(tokens.tags[-1 - code])));
}

/** A TagToken as an MjlogTag (attributes as an object). */
export function tagOf(token: TagToken): MjlogTag {
  const attrs: Record<string, string> = {};
  for (let k = 0; k < token.attributes.length; k += 2) attrs[token.attributes[k]] = token.attributes[k + 1];
  return { name: token.name, attrs };
}

/**
 * The tags as codes (MjlogTokens), or null when the text needs the full parser. More tags than
 * `limits.maxEvents` are refused at the first one over, before another is read.
 */
export function tokenizeMjlogCodes(text: string, limits: IngestLimits = DEFAULT_LIMITS): MjlogTokens | null {
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
  if (rootAttrs.includes('<')) return null;
  // An entity can only be in an attribute value (text between elements is refused): one look at the
  // whole text, and values need no look of their own.
  if (text.indexOf('&') >= 0) return null;
  i = rootEnd + 1;
  // The codes go into one buffer kept for every log, then are copied out once at their length, so no
  // outgrown copies are left to the collector.
  let codes = scratch;
  let count = 0;
  const tags: TagToken[] = [];
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) return null; // no closing root tag: truncated
    if (text.charCodeAt(i) !== LT) return null; // text content
    const c1 = text.charCodeAt(i + 1);
    if (c1 === SLASH) {
      scratch = codes;
      return closesDocument(text, i) ? { codes: codes.slice(0, count), tags } : null;
    }
    if (!isNameStart(c1)) return null;
    if (count >= maxTags) {
      const name = /^[A-Za-z0-9]*/.exec(text.slice(i + 1, i + 12))![0];
      throw limitError('maxEvents', limits, 'the log has more than {} tags', `tag ${count} <${name}>`);
    }
    const code = tileCodeAt(text, i + 1);
    if (code >= 0) {
      if (count === codes.length) codes = grown(codes);
      codes[count++] = code;
      i = tileTagEnd;
      continue;
    }
    let j = i + 2;
    while (j < n && isNameChar(text.charCodeAt(j))) j++;
    const name = nameAt(text, i + 1, j);
    // A value holding '<' is the reference parser's to read: each closing quote must come before the next '<'.
    let nextTag = text.indexOf('<', j);
    if (nextTag < 0) nextTag = n;
    const attributes: string[] = [];
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
      if (end < 0 || end > nextTag) return null;
      // A repeated attribute, or a name objects already have (`constructor`, `__proto__`, `prototype`),
      // goes to the reference parser, which decides (it refuses those names).
      for (let k = 0; k < attributes.length; k += 2) if (attributes[k] === attr) return null;
      if (attr in Object.prototype || attr === 'prototype') return null;
      attributes.push(attr, text.slice(j + 2, end));
      j = end + 1;
    }
    tags.push({ name, attributes });
    if (count === codes.length) codes = grown(codes);
    codes[count++] = -1 - (tags.length - 1);
  }
}
