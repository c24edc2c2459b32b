/**
 * mjai JSON lines (docs/formats.md §10): the event protocol of mjai bots and tools (Mortal, mjai-reviewer,
 * RiichiEnv, akochan). Read by playing the events on the table; written as mjai-reviewer writes it. The
 * door of src/formats/mjai.
 */
import { limitError } from '../core/limits.js';
import type { JsonDocument } from '../core/json-documents.js';
import type { IngestLimits } from '../core/limits.js';
import type { LogFormat } from '../format.js';
import { mjaiToGame } from './read.js';
import { writeMjai } from './write.js';

export const MJAI: LogFormat = {
  name: 'mjai',
  title: 'mjai JSON lines',
  extension: '.mjai.jsonl',
  cannotHold: [
    'the seed: a wall cannot be rebuilt from it',
    'the rule beyond players, red fives and length (lobby, speed, open tanyao), and players beyond their names',
    'the dice, and whose hands were shown at a drawn hand',
    'a win’s yaku, fu and limit (mjai-reviewer writes only the score changes)',
  ],
  recognises: (source) => {
    const first = source.json?.[0]?.doc;
    return typeof first === 'object' && first !== null && !Array.isArray(first) && typeof (first as { type?: unknown }).type === 'string';
  },
  read: (source) => {
    const parts = source.json ?? [];
    checkMjaiSize(parts, source.limits);
    return mjaiToGame(parts, { gzip: source.gzip, logId: source.logId, platform: source.platform });
  },
  write: writeMjai,
};

/** An mjai log: no more events (lines) than the limit, no more hands (start_kyoku). */
function checkMjaiSize(parts: readonly JsonDocument[], limits: IngestLimits): void {
  const where = (part: JsonDocument) => part.at.replace(/[:.]\s*$/, '') || 'line 1';
  if (parts.length > limits.maxEvents) throw limitError('maxEvents', limits, 'the log has more than {} events', where(parts[limits.maxEvents]));
  let hands = 0;
  for (const part of parts) {
    const d = part.doc as { type?: unknown } | null;
    if (typeof d === 'object' && d !== null && d.type === 'start_kyoku' && ++hands > limits.maxHands) {
      throw limitError('maxHands', limits, 'the game has more than {} hands', where(part));
    }
  }
}

export { mjaiToGame } from './read.js';
export { MJAI_RYUKYOKU_REASONS, MJAI_TILE_NAMES, mjaiTileName } from './names.js';
export { toMjaiEvents, writeMjai, type MjaiEvent } from './write.js';
