/**
 * The rule set the games of a run are audited under: one for every game. A profile the user names applies
 * to every game; without one, the rule set `platform` values each game by its platform's profile (src/rules
 * PLATFORM_TABLE, platformRuleSet), with any knob flags on top. Made once where the rules are chosen.
 */
import { platformRuleSet, ruleSet, type RuleSet, type RulesRequest } from '../rules/index.js';

/** The rule set a request asks for: its profile's, or with none the one that takes each game's platform's. */
export function ruleSetFor(request: RulesRequest): RuleSet {
  return request.profile === undefined ? platformRuleSet(request.overrides) : ruleSet(request);
}
