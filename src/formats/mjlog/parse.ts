/**
 * mjlog XML text → tags: the mjlog tokenizer when it can, else fast-xml-parser, the reference (a test
 * proves both give the same tags on the whole corpus), behind the checks a general parser needs (shape.ts)
 * and kanshi's own well-formedness check, which says what is wrong where (syntax.ts).
 */
import { createRequire } from 'node:module';
import type { XMLParser as XMLParserType, XMLValidator as XMLValidatorType } from 'fast-xml-parser';
import { IngestError } from '../core/errors.js';
import { DEFAULT_LIMITS, type IngestLimits } from '../core/limits.js';
import { checkXmlShape } from './shape.js';
import { xmlSyntaxError } from './syntax.js';
import { tokenizeMjlog, tokenizeMjlogCodes, type MjlogTag, type MjlogTokens } from './tokenizer.js';

/**
 * fast-xml-parser, loaded on first use: the tokenizer reads nearly every log, so most runs (and every
 * worker thread) never need the reference parser and start faster without it.
 */
let reference: { parser: XMLParserType; validator: typeof XMLValidatorType } | null = null;

function referenceParser(): NonNullable<typeof reference> {
  if (reference) return reference;
  const fxp = createRequire(import.meta.url)('fast-xml-parser') as typeof import('fast-xml-parser');
  const parser = new fxp.XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    processEntities: true,
    allowBooleanAttributes: false,
  });
  reference = { parser, validator: fxp.XMLValidator };
  return reference;
}

/** Reads mjlog XML text into its tags: the mjlog tokenizer when it can, else the reference parser. */
export function parseMjlogTags(text: string, limits: IngestLimits = DEFAULT_LIMITS): MjlogTag[] {
  return tokenizeMjlog(text, limits) ?? parseMjlogTagsReference(text, limits);
}

/** The tags as codes (MjlogTokens), from the tokenizer or the reference parser. */
export function parseMjlogTokens(text: string, limits: IngestLimits = DEFAULT_LIMITS): MjlogTokens {
  const fast = tokenizeMjlogCodes(text, limits);
  if (fast) return fast;
  const tags = parseMjlogTagsReference(text, limits);
  return { codes: Int32Array.from(tags, (_, k) => -1 - k), tags: tags.map((t) => ({ name: t.name, attributes: Object.entries(t.attrs).flat() })) };
}

/**
 * Reads mjlog XML text into its tags with fast-xml-parser, with the position of any syntax error. A
 * DOCTYPE or ENTITY declaration, nesting and a number of elements over the limits are refused by a scan
 * before the parser runs (checkXmlShape), so the parser never expands an entity nor recurses deeply.
 */
export function parseMjlogTagsReference(text: string, limits: IngestLimits = DEFAULT_LIMITS): MjlogTag[] {
  checkXmlShape(text, limits);
  const syntax = xmlSyntaxError(text);
  if (syntax) throw syntax;
  const { parser, validator } = referenceParser();
  // A second opinion: what the check above let pass and fast-xml-parser still refuses, in its words.
  const valid = validator.validate(text);
  if (valid !== true) {
    throw new IngestError(`not well-formed XML: ${valid.err.msg.replace(/\s+/g, ' ')}`, `line ${valid.err.line} column ${valid.err.col}`);
  }
  let doc: Array<Record<string, unknown>>;
  try {
    doc = parser.parse(text) as Array<Record<string, unknown>>;
  } catch (err) {
    // The parser's own refusals (its entity and nesting limits) are the document's, not kanshi's.
    throw new IngestError(`XML kanshi cannot read: ${(err as Error).message}`, 'document');
  }
  const root = doc.find((node) => !('?xml' in node));
  if (!root || !('mjloggm' in root)) {
    const name = root ? Object.keys(root).find((k) => k !== ':@') : undefined;
    throw new IngestError(`root element is <${name ?? 'none'}>, expected <mjloggm> (an mjlog game log)`, 'root');
  }
  const children = root.mjloggm as Array<Record<string, unknown>>;
  const tags: MjlogTag[] = [];
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    const name = Object.keys(node).find((k) => k !== ':@');
    if (name === undefined) continue;
    if (name === '#text') {
      const text = String((node as Record<string, unknown>)['#text']).trim();
      if (text) throw new IngestError(`unexpected text "${text.slice(0, 20)}", expected only empty elements`, `tag ${tags.length}`);
      continue;
    }
    const content = node[name] as unknown[];
    if (Array.isArray(content) && content.length > 0) {
      throw new IngestError(`<${name}> has content, expected an empty element (mjlog elements never nest)`, `tag ${tags.length} <${name}>`);
    }
    tags.push({ name, attrs: (node[':@'] as Record<string, string>) ?? {} });
  }
  return tags;
}

