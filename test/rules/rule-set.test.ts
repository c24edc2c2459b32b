/** A rule set is named after the profile asked for and the knobs given on the command line (docs/vocabulary.md). */
import { describe, expect, it } from 'vitest';
import { differencesFrom, ruleSet, ruleSetOf, resolveRules } from '../../src/rules/index.js';

describe('the name of a rule set', () => {
  it('is the profile, then each knob changed from it, in the knobs\' order', () => {
    expect(ruleSet({ profile: 'tenhou' }).profile).toBe('tenhou');
    expect(ruleSet().profile).toBe('tenhou');
    expect(ruleSet({ profile: 'tenhou', overrides: { kandoraTiming: 'immediate' } }).profile).toBe('tenhou+kandoraTiming=immediate');
    expect(ruleSet({ profile: 'mleague', overrides: { suukaikan: 'abort', kandoraTiming: 'tenhou' } }).profile).toBe('mleague+kandoraTiming=tenhou+suukaikan=abort');
    // an override that repeats the profile's own value still pins it: it wins over what a game declares (docs/kan-rules.md §7)
    const pinned = ruleSet({ profile: 'mleague', overrides: { kandoraTiming: 'immediate' } });
    expect(pinned.profile).toBe('mleague+kandoraTiming=immediate');
    expect(pinned.rules).toEqual(ruleSet({ profile: 'mleague' }).rules);
    expect(pinned.pinned).toEqual(['kandoraTiming']);
    expect(pinned.key).toBe(`${ruleSet({ profile: 'mleague' }).key};pinned=kandoraTiming`);
  });

  it('is the profile asked for, even when the values happen to be another profile\'s (once reported as "ema")', () => {
    const asEma = Object.fromEntries(differencesFrom(resolveRules({ profile: 'ema' }), 'majsoul').map((d) => [d.knob, d.value]));
    const set = ruleSet({ profile: 'majsoul', overrides: asEma });
    expect(set.rules).toEqual(resolveRules({ profile: 'ema' }));
    expect(set.profile).toMatch(/^majsoul\+kandoraTiming=immediate\+/);
    // the same values, but the knobs given pinned: they win over what a game declares, the profile's do not
    expect(set.key).toBe(`${ruleSet({ profile: 'ema' }).key};pinned=${set.pinned.join(',')}`);
  });

  it('of bare rules is the profile they are exactly, or none', () => {
    expect(ruleSetOf(resolveRules({ profile: 'ema' })).profile).toBe('ema');
    expect(ruleSetOf(resolveRules({ profile: 'tenhou', overrides: { riichiKan: 'none' } })).profile).toBeNull();
  });
});
