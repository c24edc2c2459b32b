/**
 * Deciding whether a downloaded body is the log that was asked for, with kanshi's own ingest: an empty
 * body, an HTML error page, a truncated or oversized log is refused, and so is a log that shows it is
 * another game's. What can be tied to the id is little: an mjlog names no id, only its GO type and
 * (usually) its lobby, which the id also holds; a tenhou.net/6 JSON names its id in `ref`, when it has one.
 */
import type { GameLog } from '../events/index.js';
import { IngestError, parseLog, typeFromLogId, type IngestLimits } from '../ingest/index.js';
import type { FetchFormat } from './store.js';

export type LogCheck = { ok: true; game: GameLog } | { ok: false; reason: string };

/** `body` is the log as served, plain or gzip; `limits` are the ingest's (each one not given is its default). */
export function checkLogBody(id: string, format: FetchFormat, body: Uint8Array, limits?: Partial<IngestLimits>): LogCheck {
  if (body.length === 0) return { ok: false, reason: 'empty body' };
  let game: GameLog;
  try {
    game = parseLog(body, { file: `${id}.${format === 'mjlog' ? 'mjlog' : 'json'}`, ...(limits ? { limits } : {}) });
  } catch (err) {
    if (err instanceof IngestError) return { ok: false, reason: `not a log: ${err.position ? `${err.position}: ` : ''}${err.reason}` };
    // The reader should only ever throw IngestError; if it breaks on some body, that body is still not saved.
    return { ok: false, reason: `not readable as a log (${err instanceof Error ? err.message : String(err)})` };
  }
  if (game.format !== format) {
    return { ok: false, reason: `expected ${format === 'mjlog' ? 'mjlog XML' : 'tenhou.net/6 JSON'}, got ${game.format === 'mjlog' ? 'mjlog XML' : game.format === 'mjai' ? 'mjai JSON lines' : 'tenhou.net/6 JSON'}` };
  }
  // Tenhou has been seen to answer with another game's log (docs/formats.md §9). The mjlog's GO type
  // equals the id's TTTT, and its GO lobby (when written) the id's LLLL, in every named log of the
  // corpus; another game of the same type and lobby cannot be told apart.
  if (format === 'mjlog') {
    const idType = typeFromLogId(id);
    if (idType !== null && game.rule.typeCode !== idType) {
      return { ok: false, reason: `another game's log: GO type ${hex4(game.rule.typeCode)}, the id says ${hex4(idType)}` };
    }
    const idLobby = lobbyFromLogId(id);
    if (idLobby !== null && game.lobby !== null && game.lobby !== idLobby) {
      return { ok: false, reason: `another game's log: lobby ${game.lobby}, the id says ${idLobby}` };
    }
  }
  // The reader takes the id from the file name when the JSON has no `ref`: only a `ref` is compared.
  if (format === 'tenhou6' && game.logId !== null && game.logId !== id) {
    return { ok: false, reason: `another game's log: its ref is ${game.logId}` };
  }
  return { ok: true, game };
}

/** The lobby number of an id (`…gm-00a9-0000-…` is lobby 0, the ranked lobbies). */
function lobbyFromLogId(id: string): number | null {
  const m = /^\d{10}gm-[0-9a-f]{4}-(\d{4,5})-/.exec(id);
  return m ? Number(m[1]) : null;
}

function hex4(n: number | null): string {
  return n === null ? 'none' : '0x' + n.toString(16).padStart(4, '0');
}
