import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseMjlogTags, parseMjlogTagsReference, tokenizeMjlog } from '../../../src/formats/index.js';
import { corpusFile, corpusFiles, manifest } from '../../support/corpus.js';

function text(path: string): string {
  let bytes = readFileSync(path);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  return bytes.toString('utf8');
}

describe('the mjlog tokenizer', () => {
  it('gives exactly the tags fast-xml-parser gives, on every XML file of the corpus', () => {
    let compared = 0;
    for (const path of corpusFiles()) {
      if (path.endsWith('.json')) continue;
      const t = text(path);
      const fast = tokenizeMjlog(t);
      expect(fast, `${path} fell back to the reference parser`).not.toBeNull();
      expect(fast, path).toEqual(parseMjlogTagsReference(t));
      compared++;
    }
    expect(compared).toBe(manifest().filter((r) => r.format !== 'json').length);
  });

  it('hands anything it does not recognise to the reference parser', () => {
    const good = text(corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'));
    const cases = [
      '<?xml version="1.0"?>' + good, // a declaration
      good.replace('<GO ', '<!-- a comment --><GO '), // a comment
      good.replace('<GO type="169"', '<GO type="169" title="&amp;"'), // an entity
      good.replace('<GO type="169"', '<GO type="169" type="9"'), // a duplicate attribute
      good.slice(0, good.length - 20), // truncated
      good.replace('</mjloggm>', '</mjloggm>trailing'), // text after the root
    ];
    for (const c of cases) expect(tokenizeMjlog(c)).toBeNull();
    // cut right after a draw's digits (this once looped forever reading past the end)
    expect(tokenizeMjlog('<mjloggm ver="2.3"><T12')).toBeNull();
    expect(tokenizeMjlog('<mjloggm ver="2.3"><T012/></mjloggm>')).toEqual(parseMjlogTagsReference('<mjloggm ver="2.3"><T012/></mjloggm>'));
    // The declaration and the comment are fine XML: the reference parser reads them to the same tags.
    expect(parseMjlogTags(cases[0])).toEqual(tokenizeMjlog(good));
    expect(parseMjlogTags(cases[1])).toEqual(tokenizeMjlog(good));
    // The others get the reference parser's errors.
    expect(() => parseMjlogTags(cases[3])).toThrow(/the attribute type appears twice in the tag <GO>/);
    expect(() => parseMjlogTags(cases[4])).toThrow(/not well-formed/);
  });

  it('leaves names objects already have to the reference parser, first attribute or not (review of issue 17)', () => {
    const good = text(corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'));
    for (const name of ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty']) {
      for (const doc of [good.replace('<GO type="169"', `<GO ${name}="1" type="169"`), good.replace('<GO type="169"', `<GO type="169" ${name}="1"`)]) {
        expect(tokenizeMjlog(doc), name).toBeNull();
        let reference: unknown;
        try {
          reference = parseMjlogTagsReference(doc);
        } catch (err) {
          reference = (err as Error).message;
        }
        let read: unknown;
        try {
          read = parseMjlogTags(doc);
        } catch (err) {
          read = (err as Error).message;
        }
        expect(read, name).toEqual(reference);
      }
    }
  });
});
