/**
 * Bytes → text → format → GameLog. Gzip is recognised by its magic bytes and the format by the content,
 * never by the file name.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { IngestError } from './errors.js';
import type { GameLog, Platform } from '../events/index.js';
import { logIdFromName } from './game-type.js';
import { json6PartsToGame, type Json6Part } from './json.js';
import { mjaiToGame } from './mjai.js';
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

/** Detects the family from the first non-blank character: `<` mjlog XML, `{` or `[` JSON (tenhou.net/6 or mjai). */
export function detectFormat(text: string): DetectedFormat {
  const m = /\S/.exec(text);
  if (!m) throw new IngestError('the file holds only whitespace, expected an mjlog, tenhou.net/6 JSON or mjai log', 'byte 0');
  if (m[0] === '<') return 'xml';
  if (m[0] === '{' || m[0] === '[') return 'json';
  const sample = JSON.stringify(text.slice(m.index, m.index + 16));
  throw new IngestError(`starts with ${sample}, expected "<" (mjlog XML), "{" or "[" (tenhou.net/6 JSON or mjai JSON lines)`, `byte ${m.index}`);
}

export interface ParseOptions {
  /** The file name, for messages and for the log id when the log itself has none. */
  file?: string;
  /** Where the game was played, when the caller knows better than the log (`--platform`). */
  platform?: Platform;
}

/** Parses one log from its bytes; throws IngestError naming the file and the position. */
export function parseLog(bytes: Uint8Array, options: ParseOptions = {}): GameLog {
  const file = options.file ?? null;
  try {
    const { text, gzip } = bytesToText(bytes);
    const logId = file ? logIdFromName(file) : null;
    const platform = options.platform;
    if (detectFormat(text) === 'xml') {
      const { tags, tileCodes } = parseMjlogTagsWithCodes(text);
      return mjlogTagsToGame(tags, { gzip, logId, platform }, tileCodes);
    }
    const parts = jsonParts(text);
    const first = parts[0]?.doc;
    if (typeof first === 'object' && first !== null && !Array.isArray(first) && typeof (first as { type?: unknown }).type === 'string') {
      return mjaiToGame(parts, { gzip, logId, platform });
    }
    return json6PartsToGame(parts, { gzip, logId, platform });
  } catch (err) {
    if (err instanceof IngestError && file) err.withFile(file);
    throw err;
  }
}

/**
 * The JSON documents of a file: one document; the elements of a top-level array (a game's rounds as
 * separate tenhou.net/6 objects); or one document per line (JSON lines: mjai events, or tenhou.net/6
 * round objects as mjx's mjscore files keep them).
 */
function jsonParts(text: string): Json6Part[] {
  try {
    const doc: unknown = JSON.parse(text);
    return Array.isArray(doc) ? doc.map((d, i) => ({ doc: d, at: `[${i}].` })) : [{ doc, at: '' }];
  } catch (err) {
    const message = (err as Error).message;
    // A second document after the first, on a later line: JSON lines.
    if (/after JSON/.test(message)) return jsonLines(text);
    const at = /position (\d+)/.exec(message);
    throw new IngestError(`not valid JSON (${message})`, at ? `byte ${at[1]}` : 'JSON text');
  }
}

function jsonLines(text: string): Json6Part[] {
  const parts: Json6Part[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    try {
      parts.push({ doc: JSON.parse(line), at: `line ${i + 1}: ` });
    } catch (err) {
      throw new IngestError(`not valid JSON (${(err as Error).message}); a JSON-lines file holds one JSON value a line`, `line ${i + 1}`);
    }
  }
  return parts;
}

/** Reads and parses one log file. */
export function readLogFile(path: string, options: Omit<ParseOptions, 'file'> = {}): GameLog {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new IngestError(`cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, null, path);
  }
  return parseLog(bytes, { ...options, file: path });
}
