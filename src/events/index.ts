/**
 * src/events: the event stream every log format is read into, and the vocabulary it uses (the yaku table: ids, names in every format, han; the limits).
 * Types and constants only: ingest writes events, the table applies them, nothing here acts on them.
 * Beside them, the viewer links and `plural` (counts in words), which every folder that writes messages shares.
 * The only door of this folder.
 */
export * from './events.js';
export {
  YAKU_TABLE,
  YAKU,
  YAKUMAN,
  YAKUMAN_HAN,
  yakumanMultiplier,
  YAKU_IDS_BY_NAME,
  YAKU_IDS_BY_MJAI_NAME,
  WIND_YAKU_NAMES,
  LIMITS,
  yakuTerm,
  yakuHan,
  limitTerm,
  seatWindYaku,
  roundWindYaku,
  type YakuSpec,
  type LimitSpec,
} from './yaku.js';
export { TENHOU_LOG_ID, VIEWER_BASE, viewerLogId, viewerUrl } from './viewer.js';
export { plural } from './words.js';
