import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KAN_KNOBS, KNOBS, LEGALITY_KNOBS, PROFILES, SCORING_KNOBS, getProfile, kebabCase, knobDescriptor, profileRules } from '../../src/rules/index.js';

const KAN_RULES = join(import.meta.dirname, '..', '..', 'docs', 'kan-rules.md');

describe('knob descriptors', () => {
  it('name the seven knobs of docs/kan-rules.md, each with one name and the flag commander maps back to it', () => {
    expect(KAN_KNOBS.map((k) => k.name)).toEqual(['kandoraTiming', 'riichiKan', 'okuriKan', 'kokushiAnkanChankan', 'suukaikan', 'fifthKan', 'daiminkanPao']);
    for (const k of KAN_KNOBS) expect([k.group, k.section]).toEqual(['kan', expect.stringMatching(/^docs\/kan-rules\.md §\d$/)]);
    expect(KAN_KNOBS.map((k) => k.flag)).toEqual([
      '--kandora-timing',
      '--riichi-kan',
      '--okuri-kan',
      '--kokushi-ankan-chankan',
      '--suukaikan',
      '--fifth-kan',
      '--daiminkan-pao',
    ]);
    // commander's camelcase of a flag: the knob name again
    for (const k of KNOBS) expect(k.flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())).toBe(k.name);
    expect(kebabCase('kokushiAnkanChankan')).toBe('kokushi-ankan-chankan');
  });

  it('list the allowed values of the doc, each with a meaning', () => {
    const values = Object.fromEntries(KAN_KNOBS.map((k) => [k.name, (k.values as readonly { value: unknown }[]).map((v) => v.value)]));
    expect(values).toEqual({
      kandoraTiming: ['tenhou', 'immediate', 'after-replacement', 'after-discard'],
      riichiKan: ['none', 'waits', 'strict'],
      okuriKan: [false, true],
      kokushiAnkanChankan: [false, true],
      suukaikan: ['abort', 'abort-on-declaration', 'none'],
      fifthKan: ['forbidden', 'aborts'],
      daiminkanPao: ['none', 'discarder-pays', 'discarder-pays-chained'],
    });
    for (const k of KAN_KNOBS) {
      expect(k.description.length).toBeGreaterThan(10);
      for (const v of k.values) expect(v.meaning.length).toBeGreaterThan(5);
    }
  });

  it('defaults are the tenhou profile', () => {
    const tenhou = profileRules(getProfile('tenhou'));
    for (const k of KNOBS) expect(k.default).toBe(tenhou[k.name]);
    expect(knobDescriptor('fifthKan').default).toBe('forbidden');
  });

  it('every kan knob name and value appears in docs/kan-rules.md, every scoring knob in docs/scoring.md, every legality knob and value in docs/legality.md', () => {
    const doc = readFileSync(KAN_RULES, 'utf8');
    for (const k of KAN_KNOBS) {
      expect(doc).toContain('`' + k.name + '`');
      for (const v of k.values as readonly { value: unknown }[]) if (typeof v.value === 'string') expect(doc).toContain(v.value);
    }
    for (const p of PROFILES) expect(doc).toContain('`' + p.name + '`');
    const scoring = readFileSync(join(KAN_RULES, '..', 'scoring.md'), 'utf8');
    for (const k of SCORING_KNOBS) expect(scoring).toContain('`' + k.name + '`');
    const legality = readFileSync(join(KAN_RULES, '..', 'legality.md'), 'utf8');
    for (const k of LEGALITY_KNOBS) {
      expect([k.group, k.section]).toEqual(['legality', 'docs/legality.md §2']);
      expect(legality).toContain('`' + k.name + '`');
      for (const v of k.values as readonly { value: unknown }[]) if (typeof v.value === 'string') expect(legality).toContain('`' + v.value + '`');
    }
  });
});
