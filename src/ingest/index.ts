/**
 * src/ingest: the door before the formats. Bytes → text (gzip by its magic bytes, limits on size), which
 * format the text is (src/formats, by content, never by the file name), and the GameLog its reader makes,
 * with the platform the caller knows better than the log. Ingest reads what a log says and applies no rule.
 * The only door of this folder; it passes on what every reader of logs needs from src/formats.
 */
export { systemErrorText } from './errors.js';
export { parseLog, readLogFile, readLogBytes, asIngestError, bytesToText, detectFamily, isGzip, type ParseOptions } from './read.js';
export { notAFileReason, ReadAborted, readLogStream, STDIN_NAME, streamDescriptor } from './stream.js';
export {
  DAN_NAMES,
  DEFAULT_LIMITS,
  IngestError,
  LIMIT_FLAGS,
  LOG_ID_PATTERN,
  MAX_HANDS_LIMIT,
  decodeGameType,
  logIdFromName,
  resolveLimits,
  ruleLabel,
  typeFromLogId,
  type IngestLimits,
  type MjlogTag,
} from '../formats/index.js';
