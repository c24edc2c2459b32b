/**
 * The rule set of the commands that read logs (audit, replay, verify, infer, info), made by src/audit from
 * the rule options (rule-options.ts), once here and passed down.
 */
import { ruleSetFor } from '../audit/index.js';
import type { RuleSet } from '../rules/index.js';
import { rulesRequestFromOptions, withRulesErrors } from './rule-options.js';

/**
 * The rule set parsed options ask for, for every game read: the named profile's values (or, with no
 * --profile, the rule set `platform`: each game's platform's profile, docs/kan-rules.md §7) with any knob
 * flags on top. Throws CliError with the rules' own message (listing what is allowed) on a bad profile or value.
 */
export function logRuleSetFromOptions(options: Record<string, unknown>): RuleSet {
  const request = rulesRequestFromOptions(options);
  return withRulesErrors(options, () => ruleSetFor(request));
}
