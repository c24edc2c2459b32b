/**
 * What one log may cost to read. A log is a few kilobytes: the largest of the shared corpus (1,685 Tenhou
 * logs and 71 of other platforms) is 81 KB (27 KB for an mjlog), with 2,194 tags or 2,188 events, 20
 * rounds and JSON nested 6 deep. The defaults leave one or two orders of magnitude above that, and stop a
 * hostile or broken file (a gzip bomb, millions of tags, nesting thousands deep) long before it costs
 * more than a few tens of megabytes or a second. Each is checked as early and as cheaply as it can be:
 * the file's size before it is read, the decompressed size while it is inflated, tags while they are
 * tokenized, nesting by a scan before any parser runs, rounds and events as they are met. Each has a
 * flag on the commands that read logs (docs/formats.md §7).
 */
import { IngestError } from './errors.js';

export interface IngestLimits {
  /** Bytes of a log: the file, and its text once decompressed. */
  maxLogBytes: number;
  /** Tags of an mjlog, takes and discards of a tenhou.net/6 game, events (lines) of an mjai log. */
  maxEvents: number;
  /** Nesting of JSON arrays and objects, and of XML elements. */
  maxDepth: number;
  /** Rounds (hands) of one game. */
  maxHands: number;
}

/**
 * The walls kanshi rebuilds from a seed go to 256 rounds (src/wall `MAX_ROUNDS`): the most rounds a game
 * may be allowed to have.
 */
export const MAX_HANDS_LIMIT = 256;

export const DEFAULT_LIMITS: Readonly<IngestLimits> = Object.freeze({
  // 16 MiB: 200 times the largest log of the corpus (81 KB); a bomb stops inflating there.
  maxLogBytes: 16 * 1024 * 1024,
  // 50,000: 23 times the most tags (2,194) or events (2,188) of a corpus log, and room for 100 rounds of
  // 250 events each (the longest corpus round has 162 events).
  maxEvents: 50_000,
  // 32: mjlog elements never nest (root and its elements: 2); tenhou.net/6 and mjai JSON are nested at
  // most 6 deep in the corpus.
  maxDepth: 32,
  // 100: five times the longest game of the corpus (20 rounds); a hanchan has 8 hands, plus its repeats
  // and any West round.
  maxHands: 100,
});

/** The command-line flag that raises each limit (the message of a refusal names it). */
export const LIMIT_FLAGS: Readonly<Record<keyof IngestLimits, string>> = Object.freeze({
  maxLogBytes: '--max-log-bytes',
  maxEvents: '--max-events',
  maxDepth: '--max-depth',
  maxHands: '--max-hands',
});

/** The defaults with the given limits over them. */
export function resolveLimits(limits: Partial<IngestLimits> | undefined): IngestLimits {
  if (!limits) return DEFAULT_LIMITS;
  return {
    maxLogBytes: limits.maxLogBytes ?? DEFAULT_LIMITS.maxLogBytes,
    maxEvents: limits.maxEvents ?? DEFAULT_LIMITS.maxEvents,
    maxDepth: limits.maxDepth ?? DEFAULT_LIMITS.maxDepth,
    maxHands: Math.min(limits.maxHands ?? DEFAULT_LIMITS.maxHands, MAX_HANDS_LIMIT),
  };
}

/** `16,777,216` */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * The refusal of a log over a limit: `what` says what was found, `{}` standing for the limit (`the log
 * decompresses to more than {} bytes`); the message adds the flag that raises it.
 */
export function limitError(limit: keyof IngestLimits, limits: IngestLimits, what: string, position: string | null): IngestError {
  return new IngestError(`${what.replace('{}', formatCount(limits[limit]))}, the limit (${LIMIT_FLAGS[limit]} raises it)`, position);
}

/** `line L column C` (both from 1) of a character index in a text. */
export function lineColumn(text: string, index: number): string {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return `line ${line} column ${index - start + 1}`;
}

/**
 * Checks the nesting of JSON text without parsing it: arrays and objects more than `maxDepth` deep are
 * refused at the byte (character) where the limit is passed. Strings are skipped, escapes included.
 */
export function checkJsonDepth(text: string, limits: IngestLimits): void {
  const max = limits.maxDepth;
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // a string: to its closing quote (a backslash escapes the next character)
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > max) throw limitError('maxDepth', limits, 'arrays and objects nested more than {} deep', `byte ${i}`);
    } else if (c === 93 || c === 125) {
      depth--;
    }
  }
}

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
