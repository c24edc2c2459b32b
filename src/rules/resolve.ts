/**
 * Turning a profile name and single-knob overrides (from the CLI, a config or an API caller) into one
 * full Rules object, with errors that list what is allowed.
 */
import { KNOBS, KNOB_NAMES, isKnobName, knobDescriptor, type KnobName, type KnobValue, type Rules } from './knobs.js';
import { DEFAULT_PROFILE, PROFILES, PROFILE_NAMES, isProfileName, profileRules, type Profile, type ProfileName } from './profiles.js';

export class RulesError extends Error {
  constructor(
    message: string,
    /** The knob whose value was refused, and its allowed values (absent for profile and knob-name errors). */
    readonly knob?: KnobName,
    readonly allowed?: readonly string[],
  ) {
    super(message);
    this.name = 'RulesError';
  }
}

export interface RulesRequest {
  /** Profile to start from; `tenhou` when absent. */
  profile?: string;
  /** Knob values that replace the profile's; strings (as typed on a command line) or typed values. Undefined entries are ignored. */
  overrides?: Readonly<Record<string, unknown>>;
}

const allowedValues = (name: KnobName) => knobDescriptor(name).values.map((v) => String(v.value));

export function getProfile(name: string): Profile {
  if (!isProfileName(name)) {
    throw new RulesError(`unknown rule profile "${name}" (profiles: ${PROFILE_NAMES.join(', ')})`);
  }
  return PROFILES.find((p) => p.name === name)!;
}

/**
 * Reads one knob's value: an allowed value as is, or its text (`"true"`/`"false"` for the boolean knobs).
 * Throws RulesError naming the knob and its allowed values.
 */
export function parseKnobValue<K extends KnobName>(name: K, raw: unknown): Rules[K];
export function parseKnobValue(name: string, raw: unknown): KnobValue;
export function parseKnobValue(name: string, raw: unknown): KnobValue {
  if (!isKnobName(name)) throw new RulesError(`unknown rule knob "${name}" (knobs: ${KNOB_NAMES.join(', ')})`);
  const text = typeof raw === 'string' ? raw.trim() : raw;
  const match = knobDescriptor(name).values.find((v) => v.value === text || String(v.value) === text);
  if (match === undefined) {
    const shown = typeof raw === 'string' ? `"${raw}"` : String(raw);
    const allowed = allowedValues(name);
    throw new RulesError(`invalid value ${shown} for ${name} (allowed: ${allowed.join(', ')})`, name, allowed);
  }
  return match.value;
}

/** The full Rules for a profile plus overrides. Throws RulesError for an unknown profile, knob or value. */
export function resolveRules(request: RulesRequest = {}): Rules {
  const rules = profileRules(getProfile(request.profile ?? DEFAULT_PROFILE));
  for (const [name, raw] of Object.entries(request.overrides ?? {})) {
    if (raw === undefined) continue;
    (rules as unknown as Record<string, KnobValue>)[name] = parseKnobValue(name, raw);
  }
  return rules;
}

/** The default rules (the `tenhou` profile). */
export function defaultRules(): Rules {
  return resolveRules();
}

/** Checks that an object is a complete, valid Rules (e.g. read back from a database or a config file). */
export function validateRules(value: unknown): Rules {
  if (typeof value !== 'object' || value === null) throw new RulesError('rules must be an object');
  const record = value as Record<string, unknown>;
  const extra = Object.keys(record).filter((k) => !isKnobName(k));
  if (extra.length > 0) throw new RulesError(`unknown rule knob "${extra[0]}" (knobs: ${KNOB_NAMES.join(', ')})`);
  const missing = KNOB_NAMES.filter((k) => !(k in record));
  if (missing.length > 0) throw new RulesError(`rules lack ${missing.join(', ')}`);
  return Object.fromEntries(KNOB_NAMES.map((k) => [k, parseKnobValue(k, record[k])])) as unknown as Rules;
}

/**
 * A stable text key for a Rules value (knobs in descriptor order, `name=value` joined by `;`), so that
 * results under different rules can be stored side by side and found again.
 */
export function rulesKey(rules: Rules): string {
  return KNOBS.map((k) => `${k.name}=${String(rules[k.name])}`).join(';');
}

/** The profile whose values equal these rules exactly, if any. */
export function matchingProfile(rules: Rules): ProfileName | undefined {
  const key = rulesKey(rules);
  return PROFILES.find((p) => rulesKey(profileRules(p)) === key)?.name;
}

/** Knobs where `rules` differ from a profile (default `tenhou`), with both values. */
export function differencesFrom(
  rules: Rules,
  profile: string = DEFAULT_PROFILE,
): { knob: KnobName; value: KnobValue; profileValue: KnobValue }[] {
  const base = profileRules(getProfile(profile));
  return KNOB_NAMES.filter((k) => base[k] !== rules[k]).map((k) => ({ knob: k, value: rules[k], profileValue: base[k] }));
}
