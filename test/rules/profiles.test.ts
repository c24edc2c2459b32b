import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, KAN_KNOBS, PROFILES, PROFILE_NAMES, getProfile, profileRules } from '../../src/rules/index.js';

const KAN_NAMES = KAN_KNOBS.map((k) => k.name);
/** A profile's kan knob values (the scoring knobs' are test/score/scoring-rules.test.ts's). */
const kanValues = (p: (typeof PROFILES)[number]) => Object.fromEntries(KAN_NAMES.map((k) => [k, profileRules(p)[k]]));

describe('profiles (docs/kan-rules.md §7)', () => {
  it('hold the §7 table', () => {
    const table = Object.fromEntries(PROFILES.map((p) => [p.name, kanValues(p)]));
    expect(table).toEqual({
      tenhou: { kandoraTiming: 'tenhou', riichiKan: 'waits', okuriKan: false, kokushiAnkanChankan: false, suukaikan: 'abort', fifthKan: 'forbidden', daiminkanPao: 'none' },
      majsoul: { kandoraTiming: 'tenhou', riichiKan: 'waits', okuriKan: false, kokushiAnkanChankan: true, suukaikan: 'abort', fifthKan: 'forbidden', daiminkanPao: 'none' },
      mleague: { kandoraTiming: 'immediate', riichiKan: 'waits', okuriKan: false, kokushiAnkanChankan: false, suukaikan: 'none', fifthKan: 'forbidden', daiminkanPao: 'none' },
      ema: { kandoraTiming: 'immediate', riichiKan: 'waits', okuriKan: false, kokushiAnkanChankan: true, suukaikan: 'abort', fifthKan: 'forbidden', daiminkanPao: 'none' },
      'pro-strict': { kandoraTiming: 'tenhou', riichiKan: 'strict', okuriKan: false, kokushiAnkanChankan: false, suukaikan: 'abort', fifthKan: 'aborts', daiminkanPao: 'none' },
    });
    expect(PROFILE_NAMES).toEqual(['tenhou', 'majsoul', 'mleague', 'ema', 'pro-strict']);
    expect(DEFAULT_PROFILE).toBe('tenhou');
  });

  it("only values real logs show (Tenhou's corpus, Mahjong Soul's platform logs) are verified, each citing its evidence", () => {
    for (const p of PROFILES) {
      for (const k of KAN_NAMES) {
        const v = p.values[k];
        expect(v.source.length).toBeGreaterThan(5);
        if (p.name !== 'tenhou' && !(p.name === 'majsoul' && k === 'kandoraTiming')) expect(v.verified).toBe(false);
        if (v.verified) expect(v.source).toMatch(/^\[log\]/);
      }
      if (p.name !== 'tenhou') expect(p.verified).toBe(false);
    }
    const tenhou = getProfile('tenhou');
    const verified = KAN_NAMES.filter((k) => tenhou.values[k].verified);
    expect(verified).toEqual(['kandoraTiming', 'riichiKan', 'okuriKan', 'suukaikan', 'daiminkanPao']);
    // docs/kan-rules.md itself calls Tenhou's fifth-kan behaviour unverified; the kokushi ankan denial is not in the corpus.
    expect(tenhou.values.fifthKan.source).toMatch(/unverified/);
    expect(tenhou.values.kokushiAnkanChankan.verified).toBe(false);
    expect(getProfile('mleague').title).toMatch(/unverified/);
    expect(getProfile('ema').title).toMatch(/unverified/);
  });

  it('are frozen', () => {
    expect(Object.isFrozen(getProfile('tenhou').values)).toBe(true);
    expect(Object.isFrozen(getProfile('tenhou').values.riichiKan)).toBe(true);
  });
});
