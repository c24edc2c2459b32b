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
const AMP = 38; // &

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
      for (let k = 0; k < value.length; k++) {
        const v = value.charCodeAt(k);
        if (v === AMP || v === LT) return null;
      }
      if (attrs === NO_ATTRS) attrs = {};
      else if (Object.prototype.hasOwnProperty.call(attrs, attr)) return null;
      attrs[attr] = value;
      j = end + 1;
    }
    tags.push({ name, attrs });
  }
}
