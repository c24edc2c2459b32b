/**
 * Where many log ids come from: list files (one id or URL a line) and Tenhou's archive pages
 * (`scc*.html`, plain or gzip, docs/formats.md §9). Pure functions of the text or bytes.
 */
import { InflateError, formatBytes, gunzipAtMost } from './gzip.js';
import { ANY_LOG_ID_SOURCE, LogRefError, decodeObfuscatedLogId, isObfuscatedLogId, parseLogRef, type LogRef } from './log-id.js';

export interface ListEntry {
  /** 1-based line number in the list. */
  line: number;
  ref: LogRef;
}

export interface ListProblem {
  line: number;
  text: string;
  message: string;
}

/**
 * Reads a list: one log id or URL a line; blank lines and `#` comments (at the start of a line or
 * after a space, so a URL's `#` stays part of it) are ignored. Every bad line is reported with its number.
 */
export function parseLogList(text: string): { entries: ListEntry[]; problems: ListProblem[] } {
  const entries: ListEntry[] = [];
  const problems: ListProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    const content = raw.replace(/(^|\s)#.*$/, '').trim();
    if (content === '') return;
    if (/\s/.test(content)) {
      problems.push({ line, text: raw, message: `expected one log id or URL, found several words: "${content}"` });
      return;
    }
    try {
      entries.push({ line, ref: parseLogRef(content) });
    } catch (err) {
      if (!(err instanceof LogRefError)) throw err;
      problems.push({ line, text: raw, message: err.message });
    }
  });
  return { entries, problems };
}

/** An archive page that could not be read. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const ARCHIVE_LOG_LINK = new RegExp(`log=(${ANY_LOG_ID_SOURCE})`, 'g');

/**
 * The most an archive page may hold, on disk or decompressed: real pages (a day of phoenix games, some
 * thousand links) are a few MB, so 64 MiB leaves room and still stops a gzip bomb long before memory runs out.
 */
export const MAX_ARCHIVE_PAGE_BYTES = 64 * 1024 * 1024;

/**
 * The log ids linked from a Tenhou archive page (`<a href="http://tenhou.net/0/?log=ID">`), in page
 * order, each once. Gzip is recognised by its magic bytes and inflated to at most `maxBytes`.
 * Obfuscated ids are decoded.
 */
export function extractArchiveLogIds(bytes: Uint8Array, maxBytes: number = MAX_ARCHIVE_PAGE_BYTES): string[] {
  if (bytes.length > maxBytes) throw new ArchiveError(tooLargeForAPage(`has ${formatBytes(bytes.length)} bytes, more than ${formatBytes(maxBytes)}`));
  let raw = bytes;
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      raw = gunzipAtMost(bytes, maxBytes);
    } catch (err) {
      if (!(err instanceof InflateError)) throw err;
      throw new ArchiveError(err.tooLarge ? tooLargeForAPage(err.message) : `the page ${err.message}`);
    }
  }
  // latin1 keeps the ASCII ids intact whatever the page's encoding (names may be Shift_JIS or UTF-8).
  const text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1');
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(ARCHIVE_LOG_LINK)) {
    const id = isObfuscatedLogId(m[1]) ? decodeObfuscatedLogId(m[1]) : m[1];
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  return ids;
}

/** "the page {what} (an archive page is a few MB)" */
export function tooLargeForAPage(what: string): string {
  return `the page ${what} (an archive page is a few MB)`;
}
