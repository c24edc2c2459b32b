/**
 * The rule set each game is audited under. A profile the user names applies to every game; without one,
 * each game is audited under its platform's profile (src/rules PLATFORM_TABLE), with any knob flags on
 * top. Made once where the rules are chosen.
 */
import type { Platform } from '../events/index.js';
import { PLATFORMS } from '../events/index.js';
import { platformProfile, ruleSet, type RuleSet, type RulesRequest } from '../rules/index.js';

/** A rule set for each platform (the same one for all when a profile was named). */
export type RuleSets = Readonly<Record<Platform, RuleSet>>;

/** The rule sets a request asks for: its profile for every platform, or each platform's own. */
export function ruleSetsFor(request: RulesRequest): RuleSets {
  const sets = {} as Record<Platform, RuleSet>;
  for (const p of PLATFORMS) sets[p] = ruleSet({ ...request, profile: request.profile ?? platformProfile(p) });
  return Object.freeze(sets);
}

/** The rule set when every platform shares one, else null. */
export function singleRuleSet(sets: RuleSets): RuleSet | null {
  const keys = new Set(PLATFORMS.map((p) => sets[p].key));
  return keys.size === 1 ? sets.tenhou : null;
}

/** The same rule set for every platform. */
export function everyPlatform(set: RuleSet): RuleSets {
  return Object.freeze({ tenhou: set, majsoul: set, unknown: set });
}
