export * from './events.js';
export { IngestError } from './errors.js';
export { parseLog, readLogFile, bytesToText, detectFormat, isGzip, type ParseOptions } from './read.js';
export { decodeGameType, ruleLabel, DAN_NAMES, LOG_ID_PATTERN, logIdFromName, typeFromLogId } from './game-type.js';
export { YAKU, YAKUMAN, YAKU_NAMES } from './yaku.js';
export type { MjlogTag } from './xml.js';
export { summarizeGame, type GameSummary } from './summary.js';
