/** The scoring knobs as data (src/rules/scoring.ts): descriptors, profiles with evidence, parsing. */
import { describe, expect, it } from 'vitest';
import {
  KNOBS,
  PROFILE_NAMES,
  SCORING_KNOBS,
  SCORING_KNOB_NAMES,
  SCORING_PROFILES,
  ScoringRulesError,
  matchingScoringProfile,
  parseScoringKnobValue,
  resolveScoringRules,
  scoringRulesKey,
  scoringRulesOf,
} from '../../src/rules/index.js';

describe('scoring knobs', () => {
  it('each has a flag from its name, a description and at least two values with meanings', () => {
    for (const k of SCORING_KNOBS) {
      expect(k.flag).toBe('--' + k.name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()));
      expect(k.description.length).toBeGreaterThan(10);
      expect(k.values.length).toBeGreaterThanOrEqual(2);
      for (const v of k.values) expect(v.meaning.length).toBeGreaterThan(1);
      expect(k.values.map((v) => v.value)).toContain(k.default);
    }
  });

  it('share no name or flag with the kan knobs (daiminkanPao stays a kan knob)', () => {
    const kan = new Set<string>(KNOBS.map((k) => k.name));
    for (const name of SCORING_KNOB_NAMES) expect(kan.has(name)).toBe(false);
    expect(SCORING_KNOB_NAMES).not.toContain('daiminkanPao');
  });

  it('has the knobs the brief asks for', () => {
    expect(SCORING_KNOB_NAMES).toEqual(
      expect.arrayContaining([
        'kiriageMangan', 'kazoeYakuman', 'doubleYakuman', 'yakumanStacking', 'doubleWindPairFu', 'rinshanTsumoFu', 'atozuke',
        'ippatsuYaku', 'uraDora', 'kanUra', 'kandora', 'yakumanPao', 'kitaInterrupts', 'nagashiMangan', 'notenPayments',
        'threePlayerTsumo', 'akaDora', 'renhou',
      ]),
    );
  });
});

describe('scoring profiles', () => {
  it('every profile of the kan rules, every knob with a value, verified or not, and a source', () => {
    expect(SCORING_PROFILES.map((p) => p.name)).toEqual([...PROFILE_NAMES]);
    for (const p of SCORING_PROFILES) {
      for (const k of SCORING_KNOBS) {
        const v = p.values[k.name];
        expect((k.values as readonly { value: unknown }[]).map((x) => x.value)).toContain(v.value);
        expect(v.source.length).toBeGreaterThan(5);
        // Evidence from logs is marked [log]; anything else says it is unverified.
        expect(v.verified ? v.source.includes('[log]') : v.source.includes('[unverified]') || !v.source.includes('[log]')).toBe(true);
      }
    }
  });

  it('the knobs\' defaults are the tenhou profile, and tenhou\'s values are verified but renhou', () => {
    const tenhou = scoringRulesOf('tenhou');
    for (const k of SCORING_KNOBS) expect(tenhou[k.name]).toBe(k.default);
    const unverified = SCORING_KNOBS.filter((k) => !SCORING_PROFILES[0].values[k.name].verified).map((k) => k.name);
    expect(unverified).toEqual(['renhou']);
  });

  it('profiles are told apart by their key', () => {
    for (const p of SCORING_PROFILES) expect(matchingScoringProfile(scoringRulesOf(p))).toBe(p.name);
    expect(scoringRulesKey(scoringRulesOf('tenhou'))).toMatch(/^kiriageMangan=chip-games;honbaPoints=five-chip-games;/);
  });
});

describe('resolving', () => {
  it('reads flag text as the value', () => {
    expect(parseScoringKnobValue('doubleWindPairFu', '2')).toBe(2);
    expect(parseScoringKnobValue('ippatsuYaku', 'false')).toBe(false);
    expect(parseScoringKnobValue('kiriageMangan', ' always ')).toBe('always');
    const r = resolveScoringRules({ profile: 'ema', overrides: { kazoeYakuman: 'yakuman', renhou: undefined } });
    expect([r.kazoeYakuman, r.renhou, r.akaDora]).toEqual(['yakuman', 'mangan', 0]);
  });

  it('refuses a bad value, knob or profile, saying what is allowed', () => {
    expect(() => parseScoringKnobValue('doubleWindPairFu', '3')).toThrow('invalid value "3" for doubleWindPairFu (allowed: 4, 2)');
    try {
      parseScoringKnobValue('akaDora', 'lots');
    } catch (err) {
      expect(err).toBeInstanceOf(ScoringRulesError);
      expect((err as ScoringRulesError).knob).toBe('akaDora');
      expect((err as ScoringRulesError).allowed).toEqual(['3', '0']);
    }
    expect(() => parseScoringKnobValue('uraDorra', 'true')).toThrow(/unknown scoring knob "uraDorra"/);
    expect(() => resolveScoringRules({ profile: 'club' })).toThrow(/unknown rule profile "club"/);
  });
});
