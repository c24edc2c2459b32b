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
  /** Hands of one game. */
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
