/**
 * src/formats: each log format kanshi reads and writes, a reader and a writer side by side behind one
 * interface (format.ts), and the core every reader shares (located errors, limits, Tenhou's rule codes,
 * JSON documents, tile ids on the table). The only door of this folder and of its three formats:
 *
 *   FORMATS / formatNamed(name)     mjlog (XML), tenhou6 (tenhou.net/6 JSON), mjai (JSON lines)
 *   format.recognises(source) / .read(source) → GameLog / .write(game) → text / .cannotHold
 *
 * Readers record what a log says and apply no rule; writers write the events they are given (kandora a
 * format must time are placed first by the replay).
 */
import type { SourceFormat } from '../events/index.js';
import type { LogFormat } from './format.js';
import { MJAI } from './mjai/index.js';
import { MJLOG } from './mjlog/index.js';
import { TENHOU6 } from './tenhou6/index.js';

/** Every format, in the order a log is recognised: mjlog by its first character, then mjai, then tenhou.net/6 (any other JSON). */
export const FORMATS: readonly LogFormat[] = Object.freeze([MJLOG, MJAI, TENHOU6]);

export const FORMAT_NAMES: readonly SourceFormat[] = FORMATS.map((f) => f.name);

export function formatNamed(name: SourceFormat): LogFormat {
  const f = FORMATS.find((x) => x.name === name);
  if (!f) throw new RangeError(`no format named ${name}`);
  return f;
}

export type { LogFormat, LogSource } from './format.js';
export { IngestError, lineColumn } from './core/errors.js';
export {
  DEFAULT_LIMITS,
  LIMIT_FLAGS,
  MAX_HANDS_LIMIT,
  checkJsonDepth,
  formatCount,
  limitError,
  resolveLimits,
  type IngestLimits,
} from './core/limits.js';
export { DAN_NAMES, LOG_ID_PATTERN, decodeGameType, encodeGameType, gameRuleOf, logIdFromName, parseRuleLabel, ruleLabel, typeFromLogId } from './core/game-type.js';
export { describe, jsonDocuments, type JsonDocument } from './core/json-documents.js';
export { UntimedKandoraError } from './core/untimed.js';
export { MJLOG, checkXmlShape, parseMjlogTags, parseMjlogTagsReference, parseMjlogTokens, tokenizeMjlog, type MjlogTag } from './mjlog/index.js';
export { TENHOU6, jsonPlatform, playHand } from './tenhou6/index.js';
export { MJAI, MJAI_RYUKYOKU_REASONS, MJAI_TILE_NAMES, mjaiTileName, toMjaiEvents, type MjaiEvent } from './mjai/index.js';
