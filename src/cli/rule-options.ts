/**
 * The rule options every command that replays or audits shares: `--profile P` and one flag per knob,
 * all built from the knob descriptors of src/rules, so a new knob reaches every command at once.
 */
import { Option, type Command } from 'commander';
import {
  DEFAULT_PROFILE,
  KNOBS,
  PROFILE_NAMES,
  RulesError,
  isProfileName,
  type RuleSet,
} from '../rules/index.js';
import { ruleSetsFor, singleRuleSet, type RuleSets } from '../audit/index.js';
import { CliError } from './common.js';

export const RULE_OPTIONS_HEADING = 'Rule options (the kan knobs of docs/kan-rules.md, then the scoring knobs of docs/scoring.md):';

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
 * The rule sets parsed options ask for: the named profile's values (or, with no --profile, each
 * platform's profile: docs/kan-rules.md §7) with any knob flags on top, made once here and passed down.
 * Throws CliError with the rules' own message (listing what is allowed) on a bad profile or value.
 */
export function ruleSetsFromOptions(options: Record<string, unknown>): RuleSets {
  const profile = options.profile as string | undefined;
  if (profile !== undefined && !isProfileName(profile)) {
    throw new CliError(`unknown profile "${profile}" for --profile (profiles: ${PROFILE_NAMES.join(', ')})`);
  }
  const overrides: Record<string, unknown> = {};
  // Commander stores `--kandora-timing` under `kandoraTiming`: the knob's own name.
  for (const knob of KNOBS) overrides[knob.name] = options[knob.name];
  try {
    return ruleSetsFor({ profile, overrides });
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    if (err.knob && err.allowed) {
      const flag = KNOBS.find((k) => k.name === err.knob)!.flag;
      throw new CliError(`invalid value "${String(options[err.knob])}" for ${flag} (allowed: ${err.allowed.join(', ')})`);
    }
    throw new CliError(err.message);
  }
}

/** The one rule set parsed options ask for, for commands that judge no log's platform (rules, kan-check). */
export function ruleSetFromOptions(options: Record<string, unknown>): RuleSet {
  const sets = ruleSetsFromOptions(options);
  return singleRuleSet(sets) ?? sets.tenhou;
}
