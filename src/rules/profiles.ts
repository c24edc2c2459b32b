/**
 * Rule profiles (docs/kan-rules.md §7, docs/scoring.md §2): named sets of knob values, each value with
 * where it comes from. `verified` means seen in real logs (the corpus for Tenhou, the platform logs for
 * Mahjong Soul); everything else rests on secondary sources, named as the docs name them. The kan knobs'
 * values are here; the scoring knobs' are in scoring.ts, joined to them per profile.
 */
import { DEFAULT_PROFILE, PROFILE_NAMES, profileValueMakers, type ProfileName, type ProfileValuesFor } from './descriptor.js';
import { KNOB_NAMES, type KanRules, type KnobName, type Rules } from './knobs.js';
import { LEGALITY_PROFILE_VALUES } from './legality.js';
import { SCORING_PROFILE_VALUES } from './scoring.js';

export { DEFAULT_PROFILE, PROFILE_NAMES, type ProfileName };

export interface ProfileValue<K extends KnobName = KnobName> {
  value: Rules[K];
  /** True only when real logs show it. */
  verified: boolean;
  /** Where the value comes from. */
  source: string;
}

export interface Profile {
  name: ProfileName;
  /** Who plays by it. */
  title: string;
  /** True when every value is verified. */
  verified: boolean;
  values: { readonly [K in KnobName]: ProfileValue<K> };
}

const { fromLog, secondary } = profileValueMakers<KanRules>();

const TABLE = 'docs/kan-rules.md §7 profile table';

/** A profile: its kan knobs' values given here, its scoring knobs' from scoring.ts. */
function profile(name: ProfileName, title: string, kan: ProfileValuesFor<KanRules>): Profile {
  const values = { ...kan, ...SCORING_PROFILE_VALUES[name], ...LEGALITY_PROFILE_VALUES[name] } as Profile['values'];
  const frozen = Object.freeze(Object.fromEntries(KNOB_NAMES.map((k) => [k, Object.freeze({ ...values[k] })]))) as Profile['values'];
  return Object.freeze({ name, title, verified: KNOB_NAMES.every((k) => values[k].verified), values: frozen });
}

export const PROFILES: readonly Profile[] = Object.freeze([
  profile('tenhou', 'Tenhou (default; checked against the real logs where they can show it)', {
    kandoraTiming: fromLog(
      'tenhou',
      '[log] corpus: ankan 2010122717gm-00a9-0000-8e787e61, daiminkan 2011020416gm-00a9-0000-025480d4, kakan ' +
        '2010112714gm-00a9-0000-d497e395, rinshan tsumo after kakan 2020052221gm-00a9-0000-6f0524c7, chankan ' +
        '2021070106gm-00a9-0000-5d3037a2 (docs/kan-rules.md §2)',
    ),
    riichiKan: fromLog(
      'waits',
      "[log] all 212 riichi ankans of the corpus are legal under waits (and under strict too); Tenhou's rules page (docs/kan-rules.md §3)",
    ),
    okuriKan: fromLog(false, "[log] every riichi ankan in the corpus uses the tile just drawn; Tenhou's rules (docs/kan-rules.md §3)"),
    kokushiAnkanChankan: secondary(false, 'Tenhou forbids it: a documented denied case, not in the corpus (docs/kan-rules.md §5)'),
    suukaikan: fromLog('abort', '[log] RYUUKYOKU type="kan4" in 2016052515gm-00a9-0000-c4d72066 (docs/kan-rules.md §4)'),
    fifthKan: secondary(
      'forbidden',
      '[unverified] what Tenhou does is unknown; Mortal, majiang-core, RiichiEnv and mahjax refuse a fifth kan (docs/kan-rules.md §4)',
    ),
    daiminkanPao: fromLog(
      'none',
      '[log] every rinshan tsumo after a daiminkan in the corpus is paid by all three others: 2015050103gm-0029-0000-c8a73922, ' +
        '2020010114gm-00a9-0000-d589e878, 2021070111gm-00a9-0000-ce406faf (docs/kan-rules.md §6)',
    ),
  }),
  profile('majsoul', 'Mahjong Soul [unverified]', {
    kandoraTiming: fromLog(
      'tenhou',
      '[log] platforms corpus: in killer_mortal_gui demo_data (a Silver Room game) a rinshan tsumo after a kakan shows no kandora, ' +
        'as Tenhou\'s delayed open-kan reveal says and immediate does not; the other Mahjong Soul kans agree (docs/kan-rules.md §2)',
    ),
    riichiKan: secondary('waits', 'Mahjong Soul (docs/kan-rules.md §3)'),
    okuriKan: secondary(false, TABLE),
    kokushiAnkanChankan: secondary(true, 'Mahjong Soul allows it (docs/kan-rules.md §5)'),
    suukaikan: secondary('abort', TABLE),
    fifthKan: secondary('forbidden', TABLE),
    daiminkanPao: secondary('none', 'no daiminkan liability on Mahjong Soul [unverified]: the platform logs hold no rinshan tsumo after a daiminkan (docs/kan-rules.md §6)'),
  }),
  profile('mleague', 'M-League [unverified]', {
    kandoraTiming: secondary('immediate', 'M-League [unverified] (docs/kan-rules.md §2)'),
    riichiKan: secondary('waits', TABLE),
    okuriKan: secondary(false, TABLE),
    kokushiAnkanChankan: secondary(false, 'M-League forbids it (docs/kan-rules.md §5)'),
    suukaikan: secondary('none', 'M-League has no abortive draws [unverified] (docs/kan-rules.md §4)'),
    fifthKan: secondary('forbidden', 'with suukaikan none the fifth kan is forbidden (docs/kan-rules.md §4)'),
    daiminkanPao: secondary('none', TABLE),
  }),
  profile('ema', 'EMA riichi competition rules [unverified]', {
    kandoraTiming: secondary('immediate', 'EMA rules reveal before the replacement draw [unverified] (docs/kan-rules.md §2)'),
    riichiKan: secondary('waits', TABLE),
    okuriKan: secondary(false, TABLE),
    kokushiAnkanChankan: secondary(true, TABLE),
    suukaikan: secondary('abort', TABLE),
    fifthKan: secondary('forbidden', TABLE),
    daiminkanPao: secondary('none', TABLE),
  }),
  profile('pro-strict', 'strict professional rules [unverified]', {
    kandoraTiming: secondary('tenhou', TABLE),
    riichiKan: secondary('strict', 'most professional rule sets; the wiki text this project started from (docs/kan-rules.md §3)'),
    okuriKan: secondary(false, TABLE),
    kokushiAnkanChankan: secondary(false, TABLE),
    suukaikan: secondary('abort', TABLE),
    fifthKan: secondary('aborts', 'the hand ends at once, per the wiki (docs/kan-rules.md §4)'),
    daiminkanPao: secondary('none', 'the wiki names discarder-pays as a variant, not as the rule (docs/kan-rules.md §6)'),
  }),
]);

export function isProfileName(name: string): name is ProfileName {
  return (PROFILE_NAMES as readonly string[]).includes(name);
}

/** The profile's values as plain Rules. */
export function profileRules(profile: Profile): Rules {
  return Object.fromEntries(KNOB_NAMES.map((k) => [k, profile.values[k].value])) as unknown as Rules;
}
