/**
 * The platforms as one table of data (issue 25): every platform a reader can name has a row, each row's
 * default profile is a profile, and the audit's rule sets and `kanshi rules` read it.
 */
import { describe, expect, it } from 'vitest';
import { ruleSetsFor } from '../../src/audit/index.js';
import { PLATFORMS } from '../../src/events/index.js';
import { PLATFORM_TABLE, PROFILE_NAMES, platformProfile, rulesCatalog } from '../../src/rules/index.js';

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
    const sets = ruleSetsFor({});
    for (const p of PLATFORMS) expect(sets[p].profile).toBe(platformProfile(p));
    expect(ruleSetsFor({ profile: 'mleague' }).majsoul.profile).toBe('mleague');
    expect(rulesCatalog().platforms).toEqual(PLATFORM_TABLE);
  });
});
