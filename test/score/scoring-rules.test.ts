/**
 * The scoring knobs as data (src/rules/scoring.ts), knobs among the kan knobs: one `KNOBS` list, one
 * `Rules` value, one profile table with each value's evidence, one key, one way to parse a flag.
 */
import { describe, expect, it } from 'vitest';
import {
  KAN_KNOBS,
  LEGALITY_KNOBS,
  KNOBS,
  PROFILES,
  PROFILE_NAMES,
  RulesError,
  SCORING_KNOBS,
  getProfile,
  matchingProfile,
  parseKnobValue,
  profileRules,
  resolveRules,
  rulesKey,
} from '../../src/rules/index.js';

const SCORING_NAMES = SCORING_KNOBS.map((k) => k.name);

describe('scoring knobs', () => {
  it('each has a flag from its name, a description, its group and section, and at least two values with meanings', () => {
    for (const k of SCORING_KNOBS) {
      expect(k.flag).toBe('--' + k.name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()));
      expect(k.description.length).toBeGreaterThan(10);
      expect(k.group).toBe('scoring');
      expect(k.section).toBe('docs/scoring.md §2');
      expect(k.values.length).toBeGreaterThanOrEqual(2);
      for (const v of k.values) expect(v.meaning.length).toBeGreaterThan(1);
      expect((k.values as readonly { value: unknown }[]).map((v) => v.value)).toContain(k.default);
    }
  });

  it('come after the kan knobs in KNOBS (the legality knobs after them), sharing no name or flag with them (daiminkanPao stays a kan knob)', () => {
    expect(KNOBS.map((k) => k.name)).toEqual([...KAN_KNOBS.map((k) => k.name), ...SCORING_NAMES, ...LEGALITY_KNOBS.map((k) => k.name)]);
    const kan = new Set<string>(KAN_KNOBS.map((k) => k.name));
    for (const name of SCORING_NAMES) expect(kan.has(name)).toBe(false);
    expect(new Set(KNOBS.map((k) => k.flag)).size).toBe(KNOBS.length);
    expect(SCORING_NAMES).not.toContain('daiminkanPao');
  });

  it('has the knobs the brief asks for', () => {
    expect(SCORING_NAMES).toEqual(
      expect.arrayContaining([
        'kiriageMangan', 'kazoeYakuman', 'doubleYakuman', 'yakumanStacking', 'doubleWindPairFu', 'rinshanTsumoFu', 'atozuke',
        'ippatsuYaku', 'uraDora', 'kanUra', 'kandora', 'yakumanPao', 'kitaInterrupts', 'nagashiMangan', 'notenPayments',
        'threePlayerTsumo', 'akaDora', 'renhou',
      ]),
    );
  });
});

describe('scoring values in the profiles', () => {
  it('every profile, every scoring knob with a value, verified or not, and a source', () => {
    expect(PROFILES.map((p) => p.name)).toEqual([...PROFILE_NAMES]);
    for (const p of PROFILES) {
      for (const k of SCORING_KNOBS) {
        const v = p.values[k.name];
        expect((k.values as readonly { value: unknown }[]).map((x) => x.value)).toContain(v.value);
        expect(v.source.length).toBeGreaterThan(5);
        // Evidence from logs is marked [log]; anything else says it is unverified.
        expect(v.verified ? v.source.includes('[log]') : v.source.includes('[unverified]') || !v.source.includes('[log]')).toBe(true);
      }
    }
  });

  it("the knobs' defaults are the tenhou profile, and tenhou's scoring values are verified but renhou", () => {
    const tenhou = profileRules(getProfile('tenhou'));
    for (const k of SCORING_KNOBS) expect(tenhou[k.name]).toBe(k.default);
    const unverified = SCORING_KNOBS.filter((k) => !getProfile('tenhou').values[k.name].verified).map((k) => k.name);
    expect(unverified).toEqual(['renhou']);
  });

  it('profiles are told apart by their key, which holds the scoring knobs after the kan knobs', () => {
    for (const p of PROFILES) expect(matchingProfile(profileRules(p))).toBe(p.name);
    expect(rulesKey(resolveRules())).toMatch(/;daiminkanPao=none;kiriageMangan=none;honbaPoints=300;/);
  });
});

describe('resolving', () => {
  it('reads flag text as the value', () => {
    expect(parseKnobValue('doubleWindPairFu', '2')).toBe(2);
    expect(parseKnobValue('ippatsuYaku', 'false')).toBe(false);
    expect(parseKnobValue('kiriageMangan', ' always ')).toBe('always');
    const r = resolveRules({ profile: 'ema', overrides: { kazoeYakuman: 'yakuman', renhou: undefined } });
    expect([r.kazoeYakuman, r.renhou, r.akaDora]).toEqual(['yakuman', 'mangan', 0]);
  });

  it('refuses a bad value, knob or profile, saying what is allowed', () => {
    expect(() => parseKnobValue('doubleWindPairFu', '3')).toThrow('invalid value "3" for doubleWindPairFu (allowed: 4, 2)');
    let caught: unknown = null;
    try {
      parseKnobValue('akaDora', 'lots');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(RulesError);
    expect((caught as RulesError).knob).toBe('akaDora');
    expect((caught as RulesError).allowed).toEqual(['3', '0']);
    expect(() => parseKnobValue('uraDorra', 'true')).toThrow(/unknown rule knob "uraDorra"/);
    expect(() => resolveRules({ profile: 'club' })).toThrow(/unknown rule profile "club"/);
  });
});
