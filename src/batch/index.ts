export { walkInputs, looksLikeLogFile, LOG_EXTENSIONS, type InputItem } from './inputs.js';
