/**
 * src/rules: the kan rule knobs of docs/kan-rules.md, the five profiles, and which values real logs verify.
 * The only door to this folder; no game logic here.
 *
 *   Rules                    { kandoraTiming, riichiKan, okuriKan, kokushiAnkanChankan, suukaikan, fifthKan, daiminkanPao }
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
 *   rulesCatalog()           everything above as plain JSON-ready data (`kanshi rules --json`)
 */
export {
  DAIMINKAN_PAO_RULES,
  FIFTH_KAN_RULES,
  KANDORA_TIMINGS,
  KNOBS,
  KNOB_NAMES,
  RIICHI_KAN_RULES,
  SUUKAIKAN_RULES,
  isKnobName,
  kebabCase,
  knobDescriptor,
  type DaiminkanPao,
  type FifthKan,
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
export { ruleSet, ruleSetOf, type RuleSet } from './rule-set.js';
export { PLATFORM_TABLE, platformProfile, type PlatformInfo } from './platforms.js';
export {
  SCORING_KNOBS,
  SCORING_KNOB_NAMES,
  SCORING_PROFILES,
  ScoringRulesError,
  getScoringProfile,
  isScoringKnobName,
  matchingScoringProfile,
  parseScoringKnobValue,
  resolveScoringRules,
  scoringKnobDescriptor,
  scoringRulesKey,
  scoringRulesOf,
  type ScoringKnobDescriptor,
  type ScoringKnobName,
  type ScoringKnobValue,
  type ScoringProfile,
  type ScoringProfileValue,
  type ScoringRules,
} from './scoring.js';
