/**
 * Bytes → text → format → GameLog. Gzip is recognised by its magic bytes and the format by the content,
 * never by the file name.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { IngestError } from './errors.js';
import type { GameLog } from '../events/index.js';
import { logIdFromName } from './game-type.js';
import { json6ToGame } from './json.js';
import { mjlogTagsToGame, parseMjlogTagsWithCodes } from './xml.js';

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Decompresses when gzip, then decodes UTF-8 (a byte-order mark is dropped). */
export function bytesToText(bytes: Uint8Array): { text: string; gzip: boolean } {
  if (bytes.length === 0) throw new IngestError('the file is empty, expected an mjlog (XML or gzip) or tenhou.net/6 JSON log', 'byte 0');
  const gzip = isGzip(bytes);
  let raw: Uint8Array = bytes;
  if (gzip) {
    try {
      raw = gunzipSync(bytes);
    } catch (err) {
      throw new IngestError(`broken gzip stream (${(err as Error).message}); the download may be truncated`, 'gzip stream');
    }
  }
  let text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, gzip };
}

export type DetectedFormat = 'xml' | 'json';

/** Detects the format from the first non-blank character. */
export function detectFormat(text: string): DetectedFormat {
  const m = /\S/.exec(text);
  if (!m) throw new IngestError('the file holds only whitespace, expected an mjlog or tenhou.net/6 JSON log', 'byte 0');
  if (m[0] === '<') return 'xml';
  if (m[0] === '{') return 'json';
  const sample = JSON.stringify(text.slice(m.index, m.index + 16));
  throw new IngestError(`starts with ${sample}, expected "<" (mjlog XML) or "{" (tenhou.net/6 JSON)`, `byte ${m.index}`);
}

export interface ParseOptions {
  /** The file name, for messages and for the log id when the log itself has none. */
  file?: string;
}

/** Parses one log from its bytes; throws IngestError naming the file and the position. */
export function parseLog(bytes: Uint8Array, options: ParseOptions = {}): GameLog {
  const file = options.file ?? null;
  try {
    const { text, gzip } = bytesToText(bytes);
    const logId = file ? logIdFromName(file) : null;
    if (detectFormat(text) === 'xml') {
      const { tags, tileCodes } = parseMjlogTagsWithCodes(text);
      return mjlogTagsToGame(tags, { gzip, logId }, tileCodes);
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      const message = (err as Error).message;
      const at = /position (\d+)/.exec(message);
      throw new IngestError(`not valid JSON (${message})`, at ? `byte ${at[1]}` : 'JSON text');
    }
    return json6ToGame(doc, { gzip, logId });
  } catch (err) {
    if (err instanceof IngestError && file) err.withFile(file);
    throw err;
  }
}

/** Reads and parses one log file. */
export function readLogFile(path: string): GameLog {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new IngestError(`cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, null, path);
  }
  return parseLog(bytes, { file: path });
}
