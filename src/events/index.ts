/**
 * src/events: the event stream every log format is read into, and the vocabulary it uses (mjlog yaku ids).
 * Types and constants only: ingest writes events, the table applies them, nothing here acts on them.
 * The only door of this folder.
 */
export * from './events.js';
export { YAKU, YAKUMAN, YAKU_IDS_BY_NAME, YAKU_NAMES } from './yaku.js';
export { TENHOU_LOG_ID, VIEWER_BASE, viewerLogId, viewerUrl } from './viewer.js';
