/**
 * A rule set as the commands pass it down: the knob values, their stable key and the profile they are,
 * made once where the rules are chosen (the command line, an API caller) and never worked out again.
 */
import type { Rules } from './knobs.js';
import { DEFAULT_PROFILE } from './profiles.js';
import { differencesFrom, matchingProfile, resolveRules, rulesKey, type RulesRequest } from './resolve.js';

export interface RuleSet {
  readonly rules: Rules;
  /** rulesKey(rules): verdicts under different rule sets are stored apart by it. */
  readonly key: string;
  /**
   * The rule set's name: the profile asked for, followed by each knob changed from it
   * (`tenhou+kandoraTiming=immediate`); null for bare rules that are no profile's. Stored as
   * rule_sets.profile, and what `--profile` selects in stats and report.
   */
  readonly profile: string | null;
}

/** The rule set of these rules, named after the profile they are exactly, if any. */
export function ruleSetOf(rules: Rules): RuleSet {
  return Object.freeze({ rules: Object.freeze({ ...rules }), key: rulesKey(rules), profile: matchingProfile(rules) ?? null });
}

/** The rule set a profile and overrides ask for, named after them (RulesError on an unknown profile, knob or value). */
export function ruleSet(request: RulesRequest = {}): RuleSet {
  const rules = resolveRules(request);
  const base = request.profile ?? DEFAULT_PROFILE;
  const changed = differencesFrom(rules, base).map((d) => `+${d.knob}=${String(d.value)}`).join('');
  return Object.freeze({ rules: Object.freeze({ ...rules }), key: rulesKey(rules), profile: base + changed });
}
