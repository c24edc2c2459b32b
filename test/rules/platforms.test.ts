/**
 * The platforms as one table of data (issue 25): every platform a reader can name has a row, each row's
 * default profile is a profile, and the audit's rule sets and `kanshi rules` read it.
 */
import { describe, expect, it } from 'vitest';
import { ruleSetFor } from '../../src/audit/index.js';
import { PLATFORMS } from '../../src/events/index.js';
import { PLATFORM_TABLE, PROFILE_NAMES, platformProfile, resolveRules, rulesCatalog } from '../../src/rules/index.js';

describe('the platform table', () => {
  it('has one row per platform, each with a profile kanshi has', () => {
    expect(PLATFORM_TABLE.map((p) => p.platform)).toEqual([...PLATFORMS]);
    for (const p of PLATFORM_TABLE) expect(PROFILE_NAMES).toContain(p.defaultProfile);
    expect(PLATFORM_TABLE.map((p) => [p.platform, platformProfile(p.platform)])).toEqual([
      ['tenhou', 'tenhou'],
      ['majsoul', 'majsoul'],
      ['unknown', 'tenhou'],
    ]);
  });

  it("is what the audit's rule sets and kanshi rules read", () => {
    const set = ruleSetFor({});
    for (const p of PLATFORMS) expect(set.byPlatform?.[p]).toEqual(resolveRules({ profile: platformProfile(p) }));
    expect(ruleSetFor({ profile: 'mleague' }).profile).toBe('mleague');
    expect(ruleSetFor({ profile: 'mleague' }).byPlatform).toBeUndefined();
    expect(rulesCatalog().platforms).toEqual(PLATFORM_TABLE);
  });
});
