/**
 * mjlog XML, Tenhou's own format (docs/formats.md §2): read through the mjlog tokenizer (fast-xml-parser
 * as reference and fallback), written as Tenhou writes it. The door of src/formats/mjlog.
 */
import type { LogFormat } from '../format.js';
import { parseMjlogTokens } from './parse.js';
import { mjlogTokensToGame } from './read.js';
import { writeMjlog } from './write.js';

export const MJLOG: LogFormat = {
  name: 'mjlog',
  title: 'mjlog XML',
  extension: '.mjlog',
  cannotHold: [
    'the dice of a log that has none (tenhou.net/6, mjai): written as 1 and 1',
    'a yaku known only by its name (a tenhou.net/6 or mjai yaku kanshi has no id for): left out',
    'kandora without their moments: placed first under the kandora timing',
  ],
  recognises: (source) => /^\s*</.test(source.text.slice(0, 64)),
  read: (source) =>
    mjlogTokensToGame(parseMjlogTokens(source.text, source.limits), { gzip: source.gzip, logId: source.logId, platform: source.platform, limits: source.limits }),
  write: writeMjlog,
};

export { parseMjlogTags, parseMjlogTagsReference, parseMjlogTokens } from './parse.js';
export { mjlogTokensToGame } from './read.js';
export { tokenizeMjlog, tokenizeMjlogCodes, type MjlogTag, type MjlogTokens } from './tokenizer.js';
export { checkXmlShape } from './shape.js';
export { xmlSyntaxError } from './syntax.js';
export { writeMjlog } from './write.js';
