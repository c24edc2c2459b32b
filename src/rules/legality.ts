/**
 * The legality knobs (docs/legality.md §2), as data: where rule sets differ on which actions are allowed
 * and what ends a hand or a game, besides the kans. Described as the kan and scoring knobs are
 * (descriptor.ts); knobs.ts puts them after the scoring knobs in `KNOBS` and `Rules`, and profiles.ts joins
 * each profile's values here, each with its evidence.
 */
import { knobMaker, profileValueMakers, type ProfileName, type ProfileValuesFor } from './descriptor.js';

export const MULTIPLE_RON_RULES = ['triple-aborts', 'all', 'atamahane'] as const;
export const BUSTING_RULES = ['ends-game', 'plays-on'] as const;
export const KUIKAE_RULES = ['forbidden', 'called-kind', 'allowed'] as const;

/** The legality rules: one value per knob. */
export interface LegalityRules {
  /** Two or three players ronning one discard: all paid except three (an abortive draw), all paid, or one winner (atamahane). */
  multipleRon: (typeof MULTIPLE_RON_RULES)[number];
  /** Whether a player may end the hand by declaring nine terminals (kyuushu kyuuhai) on the first draw. */
  kyuushuKyuuhai: boolean;
  /** Whether four winds (suufon renda: the four first discards one wind, no call) end the hand. */
  suufonRenda: boolean;
  /** Whether four riichi (suucha riichi: the fourth declaration's discard passing) end the hand. Four kans are `suukaikan`'s, three rons `multipleRon`'s. */
  suuchaRiichi: boolean;
  /** Whether a score below zero ends the game (busting, tobi). */
  busting: (typeof BUSTING_RULES)[number];
  /** Which discards a chi or pon forbids its caller to make next (kuikae, swap-calling). */
  kuikae: (typeof KUIKAE_RULES)[number];
  /** Whether a player with fewer than 1,000 points may declare riichi. */
  riichiUnderThousand: boolean;
}

export type LegalityKnobName = keyof LegalityRules;

const knobOf = knobMaker<LegalityRules>('legality', 'docs/legality.md');
const knob = <K extends LegalityKnobName>(name: K, description: string, values: readonly { value: LegalityRules[K]; meaning: string }[], defaultValue: LegalityRules[K]) =>
  knobOf(name, description, '§2', values, defaultValue);

export const LEGALITY_KNOBS = Object.freeze([
  knob('multipleRon', 'two or three players ronning the same discard', [
    { value: 'triple-aborts', meaning: 'a double ron pays both winners; a triple ron ends the hand as an abortive draw (sanchahou)' },
    { value: 'all', meaning: 'every player who rons the discard wins, three included' },
    { value: 'atamahane', meaning: 'one winner only: the first after the discarder in turn order (head bump)' },
  ], 'triple-aborts'),
  knob('kyuushuKyuuhai', 'whether nine terminals (kyuushu kyuuhai) may end the hand', [
    { value: true, meaning: 'yes: a player with nine kinds of terminals and honours on the first draw, no call made, may declare the abortive draw' },
    { value: false, meaning: 'no: there is no such abortive draw' },
  ], true),
  knob('suufonRenda', 'whether four winds (suufon renda) end the hand', [
    { value: true, meaning: 'yes: the four first discards of one wind, no call made, end the hand as an abortive draw' },
    { value: false, meaning: 'no: the hand goes on' },
  ], true),
  knob('suuchaRiichi', 'whether four riichi (suucha riichi) end the hand', [
    { value: true, meaning: "yes: once the fourth riichi's discard passes, the hand ends as an abortive draw" },
    { value: false, meaning: 'no: the hand goes on' },
  ], true),
  knob('busting', 'whether a score below zero ends the game (tobi)', [
    { value: 'ends-game', meaning: 'yes: the game ends when a hand leaves a player below zero (zero plays on)' },
    { value: 'plays-on', meaning: 'no: the game goes on with scores below zero' },
  ], 'ends-game'),
  knob('kuikae', 'which discards a chi or pon forbids its caller to make at once (kuikae, swap-calling)', [
    { value: 'forbidden', meaning: "the called kind, and for a chi the kind at the run's other end (suji kuikae)" },
    { value: 'called-kind', meaning: "only the called kind; a chi's other end may be discarded" },
    { value: 'allowed', meaning: 'any discard' },
  ], 'forbidden'),
  knob('riichiUnderThousand', 'whether a player with fewer than 1,000 points may declare riichi', [
    { value: false, meaning: 'no: a riichi deposits 1,000 points, which the player must have' },
    { value: true, meaning: 'yes: the deposit may take the score below 1,000 (or below zero)' },
  ], false),
]);

const { fromLog, secondary, values: legalityValues } = profileValueMakers<LegalityRules>();

const EMA_WIKI = 'riichi.wiki "EMA Riichi Competition Rules"';
const MLEAGUE = 'M-League rules (m-league.jp/about)';
const JPML = 'JPML pro rules (日本プロ麻雀連盟 プロルール)';

/** Per profile, each legality knob's value and its evidence (docs/legality.md §2). */
export const LEGALITY_PROFILE_VALUES: Readonly<Record<ProfileName, ProfileValuesFor<LegalityRules>>> = Object.freeze({
  tenhou: legalityValues({
    multipleRon: fromLog(
      'triple-aborts',
      '[log] double rons pay both winners (2014051511gm-0041-0000-a29f5b7b hand 2; 94 in the corpus); triple rons end as RYUUKYOKU type="ron3" (5 in the corpus)',
    ),
    kyuushuKyuuhai: fromLog(true, '[log] RYUUKYOKU type="yao9" (213 in the corpus)'),
    suufonRenda: fromLog(true, '[log] RYUUKYOKU type="kaze4" (10 in the corpus); no corpus hand goes on past four winds'),
    suuchaRiichi: fromLog(true, '[log] RYUUKYOKU type="reach4" (5 in the corpus); no corpus hand goes on past a fourth riichi'),
    busting: fromLog('ends-game', '[log] 412 corpus hands leave a score below zero, each the last of its game (2009072918gm-0061-0000-e6e91672 hand 7)'),
    kuikae: fromLog('forbidden', "[log] none of the corpus's 29,406 chi and pon followed by a discard discards the called kind or a chi's other end; Tenhou's rules (喰い替えなし)"),
    riichiUnderThousand: fromLog(false, "[log] none of the corpus's 11,664 riichi declarations is made with fewer than 1,000 points; Tenhou's rules"),
  }),
  majsoul: legalityValues({
    multipleRon: secondary('triple-aborts', 'Mahjong Soul ranked rooms: a triple ron is an abortive draw (三家和了) [unverified]'),
    kyuushuKyuuhai: secondary(true, 'Mahjong Soul ranked rooms: the abortive draws of Tenhou [unverified]'),
    suufonRenda: secondary(true, 'Mahjong Soul ranked rooms: the abortive draws of Tenhou [unverified]'),
    suuchaRiichi: secondary(true, 'Mahjong Soul ranked rooms: the abortive draws of Tenhou [unverified]'),
    busting: secondary('ends-game', 'Mahjong Soul ranked rooms: 飛び, below zero ends the game [unverified]'),
    kuikae: secondary('forbidden', 'Mahjong Soul: 喰い替えなし [unverified]'),
    riichiUnderThousand: secondary(false, 'Mahjong Soul: riichi needs 1,000 points [unverified]'),
  }),
  mleague: legalityValues({
    multipleRon: secondary('atamahane', `${MLEAGUE}: atamahane, one winner only [unverified]`),
    kyuushuKyuuhai: secondary(false, `${MLEAGUE}: no abortive draws [unverified] (as suukaikan none)`),
    suufonRenda: secondary(false, `${MLEAGUE}: no abortive draws [unverified] (as suukaikan none)`),
    suuchaRiichi: secondary(false, `${MLEAGUE}: no abortive draws [unverified] (as suukaikan none)`),
    busting: secondary('plays-on', `${MLEAGUE}: play goes on below zero (箱下あり) [unverified]`),
    kuikae: secondary('forbidden', `${MLEAGUE}: 喰い替えなし [unverified]`),
    riichiUnderThousand: secondary(true, `${MLEAGUE}: with play below zero, riichi under 1,000 points [unverified]`),
  }),
  ema: legalityValues({
    multipleRon: secondary('all', `${EMA_WIKI}: "Double and triple Ron is allowed" [unverified]`),
    kyuushuKyuuhai: secondary(false, `${EMA_WIKI}: abortive draws "no longer used" since 2016 [unverified]`),
    suufonRenda: secondary(false, `${EMA_WIKI}: abortive draws "no longer used" since 2016 [unverified]`),
    suuchaRiichi: secondary(false, `${EMA_WIKI}: abortive draws "no longer used" since 2016 [unverified]`),
    busting: secondary('plays-on', 'EMA Riichi Competition Rules 2016: no busting, play goes on below zero [unverified]'),
    kuikae: secondary('allowed', `${EMA_WIKI}: "Kuikae ari" (the 2008–2016 rules) [unverified]`),
    riichiUnderThousand: secondary(true, 'EMA Riichi Competition Rules 2016: riichi with fewer than 1,000 points [unverified]'),
  }),
  'pro-strict': legalityValues({
    multipleRon: secondary('atamahane', `${JPML}: atamahane [unverified]`),
    kyuushuKyuuhai: secondary(true, `${JPML} [unverified]`),
    suufonRenda: secondary(true, `${JPML} [unverified]`),
    suuchaRiichi: secondary(true, `${JPML} [unverified]`),
    busting: secondary('plays-on', `${JPML}: play goes on below zero [unverified]`),
    kuikae: secondary('forbidden', `${JPML} [unverified]`),
    riichiUnderThousand: secondary(true, `${JPML}: with play below zero, riichi under 1,000 points [unverified]`),
  }),
});
