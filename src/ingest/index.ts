/**
 * src/ingest: bytes → GameLog (src/events). Reads mjlog XML (plain or gzip) and tenhou.net/6 JSON; the
 * format is told by the content, never by the file name. Ingest reads what a log says and applies no
 * rule: moments a format does not record (the kandora reveals of tenhou.net/6 JSON) stay unrecorded.
 * The only door of this folder.
 */
export { IngestError, systemErrorText } from './errors.js';
export { parseLog, readLogFile, readLogBytes, asIngestError, bytesToText, detectFormat, isGzip, type ParseOptions } from './read.js';
export { DEFAULT_LIMITS, LIMIT_FLAGS, MAX_HANDS_LIMIT, resolveLimits, type IngestLimits } from './limits.js';
export { decodeGameType, ruleLabel, DAN_NAMES, LOG_ID_PATTERN, logIdFromName, typeFromLogId } from './game-type.js';
export type { MjlogTag } from './xml.js';
export { summarizeGame, type GameSummary } from './summary.js';
export { MJAI_RYUKYOKU_REASONS, MJAI_TILE_NAMES, mjaiTileName } from './mjai.js';
