/**
 * The JSON documents of a file, for the formats written in JSON (tenhou.net/6 and mjai): one document; the
 * elements of a top-level array (a game's hands as separate tenhou.net/6 objects, or mjai events); or one
 * document per line (JSON lines: mjai events, or tenhou.net/6 hand objects as mjx's mjscore files keep
 * them). Each keeps where it sits, for the messages.
 */
import { IngestError } from './errors.js';
import { checkJsonDepth, limitError, type IngestLimits } from './limits.js';

/** One JSON document and where it sits in the file. */
export interface JsonDocument {
  doc: unknown;
  /** Prefix of positions in messages: `''` (the file is this document), `[3].` (an array's element) or `line 3: ` (JSON lines). */
  at: string;
}

/** The JSON documents of a text (nesting checked first, before any parser runs). */
export function jsonDocuments(text: string, limits: IngestLimits): JsonDocument[] {
  checkJsonDepth(text, limits);
  try {
    const doc: unknown = JSON.parse(text);
    if (!Array.isArray(doc)) return [{ doc, at: '' }];
    if (doc.length > limits.maxEvents) throw limitError('maxEvents', limits, 'the file holds more than {} documents', `[${limits.maxEvents}]`);
    return doc.map((d, i) => ({ doc: d, at: `[${i}].` }));
  } catch (err) {
    if (err instanceof IngestError) throw err;
    const message = (err as Error).message;
    // A second document after the first, on a later line: JSON lines.
    if (/after JSON/.test(message)) return jsonLines(text, limits);
    const at = /position (\d+)/.exec(message);
    throw new IngestError(`not valid JSON (${message})`, at ? `byte ${at[1]}` : 'JSON text');
  }
}

/** One document a line, read line by line (no array of every line first); more lines than the limit are refused. */
function jsonLines(text: string, limits: IngestLimits): JsonDocument[] {
  const parts: JsonDocument[] = [];
  let lineNo = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lineNo++;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    if (parts.length >= limits.maxEvents) throw limitError('maxEvents', limits, 'the file holds more than {} lines', `line ${lineNo}`);
    try {
      parts.push({ doc: JSON.parse(line), at: `line ${lineNo}: ` });
    } catch (err) {
      throw new IngestError(`not valid JSON (${(err as Error).message}); a JSON-lines file holds one JSON value a line`, `line ${lineNo}`);
    }
  }
  return parts;
}

/** A value as a message shows what was found: `null`, `an array of 3`, `"text…"`, `an object`, `nothing`. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return JSON.stringify(value.length > 30 ? value.slice(0, 30) + '…' : value);
  return typeof value === 'object' ? 'an object' : String(value);
}
