/**
 * The rule options every command that replays or audits shares: `--profile P` and one flag per knob,
 * all built from the knob descriptors of src/rules, so a new knob reaches every command at once. The
 * rule sets of the commands that read logs (one per platform) are made in rule-sets.ts, which needs
 * src/audit: the commands that judge no log (score, rules, kan-check) start without it.
 */
import { Option, type Command } from 'commander';
import {
  DEFAULT_PROFILE,
  KNOBS,
  PROFILE_NAMES,
  RulesError,
  isProfileName,
  platformProfile,
  ruleSet,
  type RuleSet,
  type RulesRequest,
} from '../rules/index.js';
import { CliError } from './common.js';

export const RULE_OPTIONS_HEADING = 'Rule options (kan knobs: docs/kan-rules.md; scoring: docs/scoring.md; legality: docs/legality.md):';

/** Adds `--profile <name>` and `--<knob> <value>` for every knob to `command`. */
export function addRuleOptions(command: Command): Command {
  command.addOption(
    new Option('--profile <name>', `rule profile: ${PROFILE_NAMES.join(' | ')} (default: ${DEFAULT_PROFILE})`).helpGroup(
      RULE_OPTIONS_HEADING,
    ),
  );
  for (const knob of KNOBS) {
    const values = knob.values.map((v) => String(v.value)).join(' | ');
    command.addOption(
      new Option(`${knob.flag} <value>`, `${knob.description}: ${values} (default: the profile's)`).helpGroup(RULE_OPTIONS_HEADING),
    );
  }
  return command;
}

/**
 * What parsed options ask of the rules: the named profile (none: each platform's, docs/kan-rules.md §7)
 * and the knob flags on top. Throws CliError on an unknown profile.
 */
export function rulesRequestFromOptions(options: Record<string, unknown>): RulesRequest {
  const profile = options.profile as string | undefined;
  if (profile !== undefined && !isProfileName(profile)) {
    throw new CliError(`unknown profile "${profile}" for --profile (profiles: ${PROFILE_NAMES.join(', ')})`);
  }
  const overrides: Record<string, unknown> = {};
  // Commander stores `--kandora-timing` under `kandoraTiming`: the knob's own name.
  for (const knob of KNOBS) overrides[knob.name] = options[knob.name];
  return { profile, overrides };
}

/**
 * Runs `make` on the rules' request, turning a RulesError into a CliError with the rules' own message
 * (listing what is allowed) on a bad value.
 */
export function withRulesErrors<T>(options: Record<string, unknown>, make: () => T): T {
  try {
    return make();
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    if (err.knob && err.allowed) {
      const flag = KNOBS.find((k) => k.name === err.knob)!.flag;
      throw new CliError(`invalid value "${String(options[err.knob])}" for ${flag} (allowed: ${err.allowed.join(', ')})`);
    }
    throw new CliError(err.message);
  }
}

/**
 * The one rule set parsed options ask for, for commands that judge no log and so no platform (rules,
 * kan-check, score): the named profile, or Tenhou's when none is (the values the rule set `platform` shows in
 * its row).
 */
export function ruleSetFromOptions(options: Record<string, unknown>): RuleSet {
  const request = rulesRequestFromOptions(options);
  return withRulesErrors(options, () => ruleSet({ ...request, profile: request.profile ?? platformProfile('tenhou') }));
}
