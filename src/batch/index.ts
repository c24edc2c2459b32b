export { walkInputs, looksLikeLogFile, LOG_EXTENSIONS, type InputItem } from './inputs.js';
export { auditFile } from './audit-file.js';
export { runBatch, countInputs, defaultWorkers, type BatchOptions, type BatchResult } from './run.js';
