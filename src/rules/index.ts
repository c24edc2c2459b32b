/**
 * src/rules: the rule knobs (the kan knobs of docs/kan-rules.md, the scoring knobs of docs/scoring.md, the
 * legality knobs of docs/legality.md), the
 * five profiles, which values real logs verify, and the platforms. The only door to this folder; no game
 * logic here.
 *
 *   Rules                    KanRules { kandoraTiming, riichiKan, okuriKan, kokushiAnkanChankan, suukaikan,
 *                            fifthKan, daiminkanPao } & ScoringRules { kiriageMangan, honbaPoints, … }
 *                            & LegalityRules { multipleRon, kyuushuKyuuhai, suufonRenda, suuchaRiichi, busting, kuikae, riichiUnderThousand }
 *   KNOBS                    descriptors: name (the one name in code, CLI and database), flag
 *                            (`--kandora-timing`), description, section, values [{ value, meaning }], default
 *   PROFILES / PROFILE_NAMES tenhou (default), majsoul, mleague, ema, pro-strict; per knob
 *                            { value, verified, source }: verified only where the corpus's real logs show it
 *   resolveRules({ profile?, overrides? }) → Rules    (RulesError lists the allowed profiles / knobs / values)
 *   parseKnobValue(name, raw), getProfile(name), profileRules(profile), defaultRules(), validateRules(obj)
 *   rulesKey(rules)          stable `name=value;…` key, to store verdicts under several rule sets apart
 *   ruleSet(request) / ruleSetOf(rules) → RuleSet { rules, key, profile }: made once where the rules are
 *                            chosen, passed down to replay, audit, rows and writer
 *   matchingProfile(rules), differencesFrom(rules, profile?)
 *   declaredRules(gameRule) → what a game's log declares (GO type, csrule, rule object) as knob values
 *   judgeRules(ruleSet, gameRule) → GameRules { rules, from }: flag > declared > profile, the rules that judge a game
 *   rulesCatalog()           everything above as plain JSON-ready data (`kanshi rules --json`)
 *   RIICHI_STICK_POINTS      what a riichi deposit is worth in every rule set (no knob: none differs)
 */
export {
  DAIMINKAN_PAO_RULES,
  FIFTH_KAN_RULES,
  KANDORA_TIMINGS,
  KAN_KNOBS,
  KNOBS,
  KNOB_NAMES,
  RIICHI_KAN_RULES,
  SUUKAIKAN_RULES,
  isKnobName,
  kebabCase,
  knobDescriptor,
  type DaiminkanPao,
  type FifthKan,
  type KanKnobName,
  type KanRules,
  type KandoraTiming,
  type KnobDescriptor,
  type KnobName,
  type KnobValue,
  type KnobValueInfo,
  type RiichiKan,
  type Rules,
  type Suukaikan,
} from './knobs.js';
export {
  DEFAULT_PROFILE,
  PROFILES,
  PROFILE_NAMES,
  isProfileName,
  profileRules,
  type Profile,
  type ProfileName,
  type ProfileValue,
} from './profiles.js';
export {
  RulesError,
  defaultRules,
  differencesFrom,
  getProfile,
  matchingProfile,
  parseKnobValue,
  resolveRules,
  rulesKey,
  validateRules,
  type RulesRequest,
} from './resolve.js';
export { rulesCatalog, type RulesCatalog } from './catalog.js';
export { BY_PLATFORM, byPlatformText, isByPlatform, platformRuleSet, ruleSet, ruleSetKey, ruleSetOf, type RuleSet } from './rule-set.js';
export { declarationOf, declaredRules, effectiveRules, judgeRules, type Declaration, type EffectiveRule, type GameDeclarations, type GameRules, type KnobSource } from './declared.js';
export { PLATFORM_TABLE, platformProfile, LOG_CONVENTIONS, conventionsOf, type PlatformInfo, type LogConvention, type LogConventionName } from './platforms.js';
export { RIICHI_STICK_POINTS, SCORING_KNOBS, SCORING_PROFILE_VALUES, type ScoringKnobName, type ScoringRules } from './scoring.js';
export {
  BUSTING_RULES,
  KUIKAE_RULES,
  LEGALITY_KNOBS,
  LEGALITY_PROFILE_VALUES,
  MULTIPLE_RON_RULES,
  type LegalityKnobName,
  type LegalityRules,
} from './legality.js';
export type { KnobGroup } from './descriptor.js';
