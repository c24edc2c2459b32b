export {
  parseLogRef,
  decodeObfuscatedLogId,
  obfuscationTableIndex,
  isLogId,
  isObfuscatedLogId,
  OBFUSCATION_TABLE,
  LogRefError,
  type LogRef,
} from './log-id.js';
export { parseLogList, extractArchiveLogIds, tooLargeForAPage, ArchiveError, MAX_ARCHIVE_PAGE_BYTES, type ListEntry, type ListProblem } from './lists.js';
export {
  fetchLogs,
  logUrl,
  FETCH_DEFAULTS,
  DEFAULT_USER_AGENT,
  MAX_REDIRECTS,
  type FetchOptions,
  type FetchStatus,
  type FetchOutcome,
  type FetchEvent,
  type FetchSummary,
} from './download.js';
export { checkLogBody, type LogCheck } from './validate.js';
export { gunzipAtMost, InflateError } from './gzip.js';
export { savedFileName, findSavedLog, findLogIn, logFileNames, type FetchFormat } from './store.js';
export { retryWaitMs, parseRetryAfter, isRetryableStatus, MAX_RETRY_WAIT_MS } from './policy.js';
