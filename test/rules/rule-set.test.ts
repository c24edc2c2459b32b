/** A rule set is named after the profile asked for and the knobs changed from it (docs/vocabulary.md). */
import { describe, expect, it } from 'vitest';
import { differencesFrom, ruleSet, ruleSetOf, resolveRules } from '../../src/rules/index.js';

describe('the name of a rule set', () => {
  it('is the profile, then each knob changed from it, in the knobs\' order', () => {
    expect(ruleSet({ profile: 'tenhou' }).profile).toBe('tenhou');
    expect(ruleSet().profile).toBe('tenhou');
    expect(ruleSet({ profile: 'tenhou', overrides: { kandoraTiming: 'immediate' } }).profile).toBe('tenhou+kandoraTiming=immediate');
    expect(ruleSet({ profile: 'mleague', overrides: { suukaikan: 'abort', kandoraTiming: 'tenhou' } }).profile).toBe('mleague+kandoraTiming=tenhou+suukaikan=abort');
    // an override that repeats the profile's own value changes nothing
    expect(ruleSet({ profile: 'mleague', overrides: { kandoraTiming: 'immediate' } }).profile).toBe('mleague');
  });

  it('is the profile asked for, even when the values happen to be another profile\'s (once reported as "ema")', () => {
    const asEma = Object.fromEntries(differencesFrom(resolveRules({ profile: 'ema' }), 'majsoul').map((d) => [d.knob, d.value]));
    const set = ruleSet({ profile: 'majsoul', overrides: asEma });
    expect(set.rules).toEqual(resolveRules({ profile: 'ema' }));
    expect(set.profile).toMatch(/^majsoul\+kandoraTiming=immediate\+/);
    expect(set.key).toBe(ruleSet({ profile: 'ema' }).key);
  });

  it('of bare rules is the profile they are exactly, or none', () => {
    expect(ruleSetOf(resolveRules({ profile: 'ema' })).profile).toBe('ema');
    expect(ruleSetOf(resolveRules({ profile: 'tenhou', overrides: { riichiKan: 'none' } })).profile).toBeNull();
  });
});
