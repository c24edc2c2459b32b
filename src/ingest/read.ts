/**
 * Bytes → text → format → GameLog. Gzip is recognised by its magic bytes and the format by the content
 * (each format of src/formats is asked whether the text is one of its logs), never by the file name.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { systemErrorText } from './errors.js';
import { notAFileReason } from './stream.js';
import type { GameLog, Platform } from '../events/index.js';
import {
  DEFAULT_LIMITS,
  FORMATS,
  IngestError,
  formatCount,
  jsonDocuments,
  limitError,
  logIdFromName,
  resolveLimits,
  type IngestLimits,
  type LogSource,
} from '../formats/index.js';

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Decompresses when gzip, then decodes UTF-8 (a byte-order mark is dropped). Bytes over
 * `limits.maxLogBytes`, before or after decompression, are refused: inflating stops at the limit, so a
 * gzip bomb costs no more than the limit.
 */
export function bytesToText(bytes: Uint8Array, limits: IngestLimits = DEFAULT_LIMITS): { text: string; gzip: boolean; raw: Uint8Array } {
  if (bytes.length === 0) throw new IngestError(`the file is empty, expected ${FORMATS_EXPECTED}`, 'byte 0');
  const max = limits.maxLogBytes;
  if (bytes.length > max) throw limitError('maxLogBytes', limits, `the file has ${formatCount(bytes.length)} bytes, more than {}`, `byte ${max}`);
  const gzip = isGzip(bytes);
  let raw: Uint8Array = bytes;
  if (gzip) {
    try {
      raw = gunzipSync(bytes, { maxOutputLength: max });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw limitError('maxLogBytes', limits, 'the log decompresses to more than {} bytes', 'gzip stream');
      }
      throw new IngestError(`broken gzip stream (${(err as Error).message}); the download may be truncated`, 'gzip stream');
    }
  }
  let text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, gzip, raw };
}

/** The formats kanshi reads, as the refusal of a file that is none of them says. */
const FORMATS_EXPECTED = 'an mjlog (XML, or gzip), tenhou.net/6 JSON or mjai (JSON lines) log';

/** Characters that are no text: an invalid UTF-8 byte (U+FFFD once decoded) or a control character but blanks. */
const NOT_TEXT = /[\uFFFD\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The family of a text from its first non-blank character: `<` XML (mjlog), `{` or `[` JSON (tenhou.net/6 or
 * mjai). A text that starts otherwise is refused with its start: as text when it is text, else (a JPEG, a
 * zip) as the first bytes of `raw`, the bytes the text was decoded from, in hex.
 */
export function detectFamily(text: string, raw?: Uint8Array): 'xml' | 'json' {
  const m = /\S/.exec(text);
  if (!m) throw new IngestError(`the file holds only whitespace, expected ${FORMATS_EXPECTED}`, 'byte 0');
  if (m[0] === '<') return 'xml';
  if (m[0] === '{' || m[0] === '[') return 'json';
  const expected = 'expected "<" (mjlog XML), "{" or "[" (tenhou.net/6 JSON or mjai JSON lines)';
  const start = text.slice(m.index, m.index + 16);
  if (NOT_TEXT.test(start) && raw) {
    const bytes = Buffer.from(raw.buffer, raw.byteOffset, Math.min(raw.byteLength, 12)).toString('hex').replace(/(..)(?!$)/g, '$1 ');
    throw new IngestError(`is not text: it starts with the bytes ${bytes} (an image or another binary file?), ${expected}`, 'byte 0');
  }
  throw new IngestError(`starts with ${JSON.stringify(start)}, ${expected}`, `byte ${m.index}`);
}

export interface ParseOptions {
  /** The file name, for messages and for the log id when the log itself has none. */
  file?: string;
  /** Where the game was played, when the caller knows better than the log (`--platform`). */
  platform?: Platform;
  /** What one log may cost to read (src/ingest/limits.ts); each limit not given is the default. */
  limits?: Partial<IngestLimits>;
}

/**
 * Parses one log from its bytes; throws IngestError naming the file and the position. A failure that is
 * not the reader's own refusal but the log's size showing through (a string or buffer too long for V8,
 * the stack exhausted) is turned into one too (`asIngestError`).
 */
export function parseLog(bytes: Uint8Array, options: ParseOptions = {}): GameLog {
  const file = options.file ?? null;
  try {
    const limits = resolveLimits(options.limits);
    const { text, gzip, raw } = bytesToText(bytes, limits);
    const source: LogSource = {
      text,
      json: detectFamily(text, raw) === 'json' ? jsonDocuments(text, limits) : null,
      gzip,
      logId: file ? logIdFromName(file) : null,
      ...(options.platform ? { platform: options.platform } : {}),
      limits,
    };
    const format = FORMATS.find((f) => f.recognises(source))!;
    return format.read(source);
  } catch (err) {
    const ingest = asIngestError(err);
    if (ingest && file) ingest.withFile(file);
    throw ingest ?? err;
  }
}

/**
 * The IngestError a failure while reading a log amounts to, or null for a failure of kanshi itself (a
 * bug). Besides the reader's own refusals, V8's limits reached by a log's size or shape count as the
 * log's: a string, buffer or array too long, the call stack exhausted.
 */
export function asIngestError(err: unknown): IngestError | null {
  if (err instanceof IngestError) return err;
  if (!(err instanceof Error)) return null;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ERR_STRING_TOO_LONG' || code === 'ERR_BUFFER_TOO_LARGE' || code === 'ERR_FS_FILE_TOO_LARGE' || code === 'ERR_MEMORY_ALLOCATION_FAILED') {
    return new IngestError(`the log is too large to read (${err.message})`, null);
  }
  if (err instanceof RangeError) {
    if (/call stack/i.test(err.message)) return new IngestError(`the log is nested or chained too deeply to read (${err.message})`, null);
    if (/invalid (string|array|typed array) length|array buffer allocation failed|too large|longer than/i.test(err.message)) {
      return new IngestError(`the log is too large to read (${err.message})`, null);
    }
  }
  return null;
}

/**
 * The bytes of a log file, never more than `maxBytes` of them: a file larger than that is refused before it
 * is held in memory. Only a regular file is read: a named pipe, a socket or a device is refused without
 * waiting (opening a pipe would wait for a writer; streams are read by readLogStream).
 */
export function readLogBytes(path: string, limits: Partial<IngestLimits> | undefined = undefined): Buffer {
  const resolved = resolveLimits(limits);
  const max = resolved.maxLogBytes;
  let fd: number;
  try {
    // O_NONBLOCK: opening a named pipe returns at once instead of waiting for a writer; a file reads as ever.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    // A socket cannot be opened (ENXIO): say what it is.
    const special = (err as NodeJS.ErrnoException).code === 'ENXIO' ? notAFileAt(path) : null;
    throw new IngestError(special ?? systemErrorText(err), null, path);
  }
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) throw new IngestError(systemErrorText({ code: 'EISDIR' }), null, path);
    const special = notAFileReason(info);
    if (special !== null) throw new IngestError(special, null, path);
    if (info.size > max) {
      throw limitError('maxLogBytes', resolved, `the file has ${formatCount(info.size)} bytes, more than {}`, `byte ${max}`).withFile(path);
    }
    // Read at its size, and one byte past it: a file that grows while read is still refused past the limit.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(info.size > 0 ? info.size - total + 1 : 1 << 16, max + 1 - total));
      if (chunk.length === 0) break;
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > max) throw limitError('maxLogBytes', resolved, 'the file has more than {} bytes', `byte ${max}`).withFile(path);
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } catch (err) {
    if (err instanceof IngestError) throw err;
    throw new IngestError(systemErrorText(err), null, path);
  } finally {
    closeSync(fd);
  }
}

/** Why the node at `path` is not read, when it is no file (null when it cannot be looked at, or is one). */
function notAFileAt(path: string): string | null {
  try {
    return notAFileReason(statSync(path));
  } catch {
    return null;
  }
}

/** Reads and parses one log file. */
export function readLogFile(path: string, options: Omit<ParseOptions, 'file'> = {}): GameLog {
  return parseLog(readLogBytes(path, options.limits), { ...options, file: path });
}
