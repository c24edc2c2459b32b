import { describe, expect, it } from 'vitest';
import {
  RulesError,
  defaultRules,
  differencesFrom,
  matchingProfile,
  parseKnobValue,
  resolveRules,
  rulesCatalog,
  rulesKey,
  validateRules,
  KAN_KNOBS,
  KNOBS,
} from '../../src/rules/index.js';

function error(fn: () => unknown): RulesError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RulesError) return e;
    throw e;
  }
  throw new Error('expected a RulesError');
}

describe('resolveRules', () => {
  it('defaults to the tenhou profile', () => {
    expect(resolveRules()).toMatchObject({
      kandoraTiming: 'tenhou',
      riichiKan: 'waits',
      okuriKan: false,
      kokushiAnkanChankan: false,
      suukaikan: 'abort',
      fifthKan: 'forbidden',
      daiminkanPao: 'none',
    });
    expect(defaultRules()).toEqual(resolveRules({ profile: 'tenhou' }));
  });

  it('applies overrides (typed or as text) over a profile; undefined overrides are ignored', () => {
    const r = resolveRules({ profile: 'majsoul', overrides: { okuriKan: 'true', riichiKan: 'strict', fifthKan: undefined } });
    expect(r).toMatchObject({ kandoraTiming: 'tenhou', riichiKan: 'strict', okuriKan: true, kokushiAnkanChankan: true, fifthKan: 'forbidden' });
    expect(resolveRules({ overrides: { kokushiAnkanChankan: true, kandoraTiming: ' after-discard ' } })).toMatchObject({
      kokushiAnkanChankan: true,
      kandoraTiming: 'after-discard',
    });
  });

  it('returns a fresh object each time', () => {
    const a = resolveRules();
    a.riichiKan = 'none';
    expect(resolveRules().riichiKan).toBe('waits');
  });

  it('explains unknown profiles, knobs and values, listing what is allowed', () => {
    expect(error(() => resolveRules({ profile: 'mahjongsoul' })).message).toBe(
      'unknown rule profile "mahjongsoul" (profiles: tenhou, majsoul, mleague, ema, pro-strict)',
    );
    expect(error(() => resolveRules({ overrides: { kandoraTimming: 'tenhou' } })).message).toMatch(
      /^unknown rule knob "kandoraTimming" \(knobs: kandoraTiming, riichiKan, okuriKan, kokushiAnkanChankan, suukaikan, fifthKan, daiminkanPao, kiriageMangan, .*, renhou, multipleRon, kyuushuKyuuhai, suufonRenda, suuchaRiichi, busting, kuikae, riichiUnderThousand\)$/,
    );
    const bad = error(() => resolveRules({ overrides: { kandoraTiming: 'later' } }));
    expect(bad.message).toBe('invalid value "later" for kandoraTiming (allowed: tenhou, immediate, after-replacement, after-discard)');
    expect(bad.knob).toBe('kandoraTiming');
    expect(bad.allowed).toEqual(['tenhou', 'immediate', 'after-replacement', 'after-discard']);
    expect(error(() => resolveRules({ overrides: { okuriKan: 'yes' } })).message).toBe('invalid value "yes" for okuriKan (allowed: false, true)');
    expect(error(() => resolveRules({ overrides: { suukaikan: true } })).message).toBe('invalid value true for suukaikan (allowed: abort, abort-on-declaration, none)');
    expect(error(() => resolveRules({ overrides: { 'kandora-timing': 'tenhou' } })).message).toMatch(/unknown rule knob "kandora-timing"/);
  });
});

describe('helpers', () => {
  it('parseKnobValue', () => {
    expect(parseKnobValue('okuriKan', 'false')).toBe(false);
    expect(parseKnobValue('riichiKan', 'none')).toBe('none');
    expect(() => parseKnobValue('riichiKan', 'None')).toThrow(RulesError);
  });

  it('rulesKey is stable and tells rule sets apart; matchingProfile and differencesFrom', () => {
    // The kan knobs, the scoring knobs, then the legality knobs.
    expect(rulesKey(resolveRules())).toMatch(
      /^kandoraTiming=tenhou;riichiKan=waits;okuriKan=false;kokushiAnkanChankan=false;suukaikan=abort;fifthKan=forbidden;daiminkanPao=none;kiriageMangan=none;.*;renhou=none;multipleRon=triple-aborts;kyuushuKyuuhai=true;suufonRenda=true;suuchaRiichi=true;busting=ends-game;kuikae=forbidden;riichiUnderThousand=false$/,
    );
    const keys = new Set(['tenhou', 'majsoul', 'mleague', 'ema', 'pro-strict'].map((p) => rulesKey(resolveRules({ profile: p }))));
    expect(keys.size).toBe(5);
    expect(matchingProfile(resolveRules({ profile: 'ema' }))).toBe('ema');
    // Another profile's values, every knob of them: that profile.
    const asEma = Object.fromEntries(differencesFrom(resolveRules({ profile: 'ema' }), 'tenhou').map((d) => [d.knob, d.value]));
    expect(matchingProfile(resolveRules({ profile: 'tenhou', overrides: asEma }))).toBe('ema');
    expect(matchingProfile(resolveRules({ profile: 'tenhou', overrides: { kandoraTiming: 'immediate', kokushiAnkanChankan: true } }))).toBeUndefined();
    expect(matchingProfile(resolveRules({ overrides: { okuriKan: true } }))).toBeUndefined();
    expect(differencesFrom(resolveRules({ profile: 'pro-strict' })).filter((d) => KAN_KNOBS.some((k) => k.name === d.knob))).toEqual([
      { knob: 'riichiKan', value: 'strict', profileValue: 'waits' },
      { knob: 'fifthKan', value: 'aborts', profileValue: 'forbidden' },
    ]);
  });

  it('validateRules accepts a complete Rules and refuses partial or foreign ones', () => {
    const r = resolveRules({ profile: 'mleague' });
    expect(validateRules(JSON.parse(JSON.stringify(r)))).toEqual(r);
    expect(() => validateRules({ ...r, extra: 1 })).toThrow(/unknown rule knob "extra"/);
    const { fifthKan: _, ...partial } = r;
    expect(() => validateRules(partial)).toThrow(/rules lack fifthKan/);
    expect(() => validateRules(null)).toThrow(RulesError);
  });

  it('rulesCatalog is plain JSON data', () => {
    const c = rulesCatalog();
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
    expect(c.knobs).toHaveLength(KNOBS.length);
    expect(c.knobs.filter((k) => k.group === 'kan')).toHaveLength(7);
    expect(c.profiles.map((p) => p.name)).toEqual(['tenhou', 'majsoul', 'mleague', 'ema', 'pro-strict']);
    expect(c.profiles[0]).toMatchObject({ default: true, values: { kandoraTiming: { value: 'tenhou', verified: true } } });
  });
});
