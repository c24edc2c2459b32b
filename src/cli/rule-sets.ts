/**
 * The rule sets of the commands that read logs (audit, replay, verify, infer): one per platform, made by
 * src/audit from the rule options (rule-options.ts), once here and passed down.
 */
import { ruleSetsFor, type RuleSets } from '../audit/index.js';
import { rulesRequestFromOptions, withRulesErrors } from './rule-options.js';

/**
 * The rule sets parsed options ask for: the named profile's values (or, with no --profile, each
 * platform's profile: docs/kan-rules.md §7) with any knob flags on top, made once here and passed down.
 * Throws CliError with the rules' own message (listing what is allowed) on a bad profile or value.
 */
export function ruleSetsFromOptions(options: Record<string, unknown>): RuleSets {
  const request = rulesRequestFromOptions(options);
  return withRulesErrors(options, () => ruleSetsFor(request));
}
