/**
 * A rule set as the commands pass it down: the knob values, their stable key and the profile they are,
 * made once where the rules are chosen (the command line, an API caller) and never worked out again.
 */
import type { Platform } from '../events/index.js';
import { KNOB_NAMES, type KnobName, type Rules } from './knobs.js';
import { PLATFORM_TABLE } from './platforms.js';
import { DEFAULT_PROFILE } from './profiles.js';
import { differencesFrom, matchingProfile, resolveRules, rulesKey, type RulesRequest } from './resolve.js';

export interface RuleSet {
  readonly rules: Rules;
  /**
   * The knobs given on the command line (or by an API caller's overrides), in KNOBS order: their values win
   * over what a game's log declares (src/rules judgeRules); every other knob takes a game's declared value.
   */
  readonly pinned: readonly KnobName[];
  /** ruleSetKey(rules, pinned): verdicts under different rule sets are stored apart by it. */
  readonly key: string;
  /**
   * The rule set's name: the profile asked for, followed by each knob given on the command line that
   * changes it (`tenhou+kandoraTiming=immediate`) and each one pinned to the profile's own value
   * (`tenhou+kandoraTiming=tenhou`); null for bare rules that are no profile's. Stored as rule_sets.profile,
   * and what `--profile` selects in stats and report.
   */
  readonly profile: string | null;
  /**
   * A rule set made with no profile named (`platformRuleSet`): each game's values are its platform's
   * profile's (PLATFORM_TABLE), the flags on top; `rules` are the default profile's, what the rule set's row
   * shows. One rule set for every game of a mixed folder.
   */
  readonly byPlatform?: Readonly<Record<Platform, Rules>>;
}

/** The name of the rule set whose values are each game's platform's profile's. */
export const BY_PLATFORM = 'platform';

/**
 * The stable key of a rule set: rulesKey(rules), and the knobs it pins (`;pinned=kandoraTiming,…`) when any:
 * the same values pinned or not judge games that declare their rules apart.
 */
export function ruleSetKey(rules: Rules, pinned: readonly KnobName[] = []): string {
  return pinned.length === 0 ? rulesKey(rules) : `${rulesKey(rules)};pinned=${pinned.join(',')}`;
}

/** The rule set of these rules (pinning nothing, or the knobs given), named after the profile they are exactly, if any. */
export function ruleSetOf(rules: Rules, pinned: readonly KnobName[] = []): RuleSet {
  const pins = KNOB_NAMES.filter((k) => pinned.includes(k));
  return Object.freeze({ rules: Object.freeze({ ...rules }), pinned: Object.freeze(pins), key: ruleSetKey(rules, pins), profile: pins.length === 0 ? (matchingProfile(rules) ?? null) : null });
}

/**
 * The rule set of an audit that names no profile: one rule set for every game, each game valued by its
 * platform's profile (a Tenhou game by tenhou's, a Mahjong Soul game by majsoul's), the knobs given pinned on
 * top; its row holds the default profile's values with the flags. Named `platform` (`platform+kandoraTiming=…`).
 */
export function platformRuleSet(overrides: RulesRequest['overrides'] = {}): RuleSet {
  const byPlatform = Object.fromEntries(PLATFORM_TABLE.map((p) => [p.platform, Object.freeze(resolveRules({ profile: p.defaultProfile, overrides }))])) as Record<Platform, Rules>;
  const base = ruleSet({ profile: DEFAULT_PROFILE, overrides });
  const name = BY_PLATFORM + base.pinned.map((k) => `+${k}=${String(base.rules[k])}`).join('');
  return Object.freeze({
    rules: base.rules,
    pinned: base.pinned,
    key: `${rulesKey(base.rules)};profiles=by-platform${base.pinned.length > 0 ? `;pinned=${base.pinned.join(',')}` : ''}`,
    profile: name,
    byPlatform: Object.freeze(byPlatform),
  });
}

/** Whether a rule set's name (the profile column of its row) is the rule set `platform`'s. */
export function isByPlatform(name: string | null): boolean {
  return name === BY_PLATFORM || (name?.startsWith(`${BY_PLATFORM}+`) ?? false);
}

/** The rule set `platform` in words: the profile each platform's games take, and what its row holds. */
export function byPlatformText(): string {
  const each = PLATFORM_TABLE.map((p) => `${p.title.replace(/ \(.*/, '')} logs ${p.defaultProfile}`).join(', ');
  return `each game under its platform's profile (${each}), knob flags on top; the row shows ${DEFAULT_PROFILE}'s values, a game's own are in game_rules`;
}

/** The rule set a profile and overrides ask for, named after them (RulesError on an unknown profile, knob or value). */
export function ruleSet(request: RulesRequest = {}): RuleSet {
  const rules = resolveRules(request);
  const base = request.profile ?? DEFAULT_PROFILE;
  const given = Object.entries(request.overrides ?? {}).filter(([, v]) => v !== undefined).map(([k]) => k);
  const pinned = KNOB_NAMES.filter((k) => given.includes(k));
  const changed = differencesFrom(rules, base).filter((d) => !pinned.includes(d.knob));
  const name = [...changed.map((d) => `+${d.knob}=${String(d.value)}`), ...pinned.map((k) => `+${k}=${String(rules[k])}`)].join('');
  return Object.freeze({ rules: Object.freeze({ ...rules }), pinned: Object.freeze(pinned), key: ruleSetKey(rules, pinned), profile: base + name });
}
