/**
 * A rule set as the commands pass it down: the knob values, their stable key and the profile they are,
 * made once where the rules are chosen (the command line, an API caller) and never worked out again.
 */
import type { Rules } from './knobs.js';
import type { ProfileName } from './profiles.js';
import { matchingProfile, resolveRules, rulesKey, type RulesRequest } from './resolve.js';

export interface RuleSet {
  readonly rules: Rules;
  /** rulesKey(rules): verdicts under different rule sets are stored apart by it. */
  readonly key: string;
  /** The profile whose values these rules are exactly, if any (a profile with a knob changed is none). */
  readonly profile: ProfileName | null;
}

/** The rule set of these rules. */
export function ruleSetOf(rules: Rules): RuleSet {
  return Object.freeze({ rules: Object.freeze({ ...rules }), key: rulesKey(rules), profile: matchingProfile(rules) ?? null });
}

/** The rule set a profile and overrides ask for (RulesError on an unknown profile, knob or value). */
export function ruleSet(request: RulesRequest = {}): RuleSet {
  return ruleSetOf(resolveRules(request));
}
