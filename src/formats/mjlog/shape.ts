/**
 * The checks an mjlog XML text gets before the general XML parser reads it (the tokenizer gave up on it):
 * declarations refused, nesting, elements and text bounded, each where its limit is passed.
 */
import { IngestError, lineColumn } from '../core/errors.js';
import { limitError, type IngestLimits } from '../core/limits.js';

/**
 * Checks an XML text the mjlog tokenizer could not read, before the general parser sees it: a DOCTYPE or
 * ENTITY declaration is refused outright (Tenhou never writes one, and kanshi resolves no entity and
 * reads no DTD), elements nested more than `maxDepth` deep and more than `maxEvents` elements are refused
 * where the limit is passed, and so is text between elements (an mjlog has none). Comments, CDATA and processing instructions are skipped; anything malformed
 * is left to the parser, which reports it with its position.
 */
export function checkXmlShape(text: string, limits: IngestLimits): void {
  const n = text.length;
  let depth = 0;
  let elements = 0;
  let mjlogRoot = false;
  let i = text.indexOf('<');
  while (i >= 0 && i < n) {
    const c1 = text.charCodeAt(i + 1);
    let end: number;
    if (c1 === 33 /* ! */) {
      if (text.startsWith('<!--', i)) end = indexAfter(text, '-->', i + 4);
      else if (text.startsWith('<![CDATA[', i)) end = indexAfter(text, ']]>', i + 9);
      else {
        const word = /^<!([A-Za-z]*)/.exec(text.slice(i, i + 12))?.[1] ?? '';
        // A web page (`<!DOCTYPE html>`, as an error page is) is another document, not a hostile mjlog.
        const root = /^<!DOCTYPE\s+([A-Za-z_][\w.:-]*)\s*>/i.exec(text.slice(i, i + 100))?.[1];
        if (root !== undefined && root !== 'mjloggm') {
          throw new IngestError(`root element is <${root}>, expected <mjloggm> (an mjlog game log)`, 'root');
        }
        throw new IngestError(
          `an XML <!${word}> declaration: Tenhou never writes one, and kanshi reads no DTD and expands no entity it declares`,
          lineColumn(text, i),
        );
      }
    } else if (c1 === 63 /* ? */) {
      end = indexAfter(text, '?>', i + 2);
    } else if (c1 === 47 /* / */) {
      depth--;
      end = indexAfter(text, '>', i + 2);
    } else {
      end = tagEnd(text, i + 1);
      if (end < 0) return;
      if (elements++ === 0) mjlogRoot = text.startsWith('<mjloggm', i) && !/[A-Za-z0-9]/.test(text.charAt(i + 8));
      if (text.charCodeAt(end - 2) !== 47 /* / */) {
        if (++depth > limits.maxDepth) throw limitError('maxDepth', limits, 'elements nested more than {} deep', lineColumn(text, i));
      }
      // the root is not a tag of the log
      if (elements - 1 > limits.maxEvents) throw limitError('maxEvents', limits, 'the log has more than {} tags', `tag ${elements - 1}`);
    }
    if (end < 0) return;
    i = text.indexOf('<', end);
    // Text between the elements of an mjlog's root: it has none (and a huge text node is refused here,
    // before the parser builds it). Another document is left to the root check.
    if (mjlogRoot && depth === 1) {
      const stop = i < 0 ? n : i;
      for (let j = end; j < stop; j++) {
        const c = text.charCodeAt(j);
        if (c !== 32 && c !== 10 && c !== 13 && c !== 9) {
          const sample = text.slice(j, Math.min(stop, j + 20)).trim();
          throw new IngestError(`unexpected text "${sample}", expected only empty elements`, `tag ${elements - 1}`);
        }
      }
    }
  }
}

function indexAfter(text: string, token: string, from: number): number {
  const at = text.indexOf(token, from);
  return at < 0 ? -1 : at + token.length;
}

/** The index after the `>` that closes the start tag opened before `from` (quoted values skipped), or -1. */
function tagEnd(text: string, from: number): number {
  const n = text.length;
  for (let i = from; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 62 /* > */) return i + 1;
    if (c === 34 || c === 39) {
      const close = text.indexOf(c === 34 ? '"' : "'", i + 1);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}
