export {
  walkInputs,
  inputProblem,
  looksLikeLogFile,
  LOG_EXTENSIONS,
  emptyWalkReport,
  noLogsMessage,
  notLogCount,
  notLogsText,
  notReadMessages,
  type InputItem,
  type WalkReport,
} from './inputs.js';
export { auditFile } from './audit-file.js';
export { runBatch, BatchFailure, countInputs, defaultWorkers, DEFAULT_WORKER_MEMORY_MB, IN_THREAD_BELOW, WORKER_EXEC_ARGV, type BatchOptions, type BatchResult } from './run.js';
export { parseShard, shardOf, inShard, shardText, type Shard } from './shard.js';
