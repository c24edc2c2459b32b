/**
 * Deciding whether a downloaded body is the log that was asked for, with kanshi's own ingest: an HTML
 * error page, an empty or truncated body, or another game's log is never saved.
 */
import type { GameLog } from '../events/index.js';
import { IngestError, parseLog, typeFromLogId } from '../ingest/index.js';
import type { LogFormat } from './store.js';

export type LogCheck = { ok: true; game: GameLog } | { ok: false; reason: string };

export function checkLogBody(id: string, format: LogFormat, body: Uint8Array): LogCheck {
  if (body.length === 0) return { ok: false, reason: 'empty body' };
  let game: GameLog;
  try {
    game = parseLog(body, { file: `${id}.${format === 'xml' ? 'mjlog' : 'json'}` });
  } catch (err) {
    if (err instanceof IngestError) return { ok: false, reason: `not a log: ${err.position ? `${err.position}: ` : ''}${err.reason}` };
    // The reader should only ever throw IngestError; if it breaks on some body, that body is still not saved.
    return { ok: false, reason: `not readable as a log (${err instanceof Error ? err.message : String(err)})` };
  }
  if (game.format !== format) {
    return { ok: false, reason: `expected ${format === 'xml' ? 'mjlog XML' : 'tenhou.net/6 JSON'}, got ${game.format === 'xml' ? 'XML' : 'JSON'}` };
  }
  // Tenhou has been seen to answer with another game's log (docs/formats.md §9). The XML names no
  // id, but its GO type must equal the type written in the id (true of every named log in the corpus).
  const idType = typeFromLogId(id);
  if (format === 'xml' && idType !== null && game.rule.typeCode !== idType) {
    return { ok: false, reason: `another game's log: GO type ${hex4(game.rule.typeCode)}, the id says ${hex4(idType)}` };
  }
  if (format === 'json' && game.logId !== null && game.logId !== id) {
    return { ok: false, reason: `another game's log: its ref is ${game.logId}` };
  }
  return { ok: true, game };
}

function hex4(n: number | null): string {
  return n === null ? 'none' : '0x' + n.toString(16).padStart(4, '0');
}
