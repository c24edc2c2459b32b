/**
 * The scoring knobs (docs/scoring.md §2), as data: how a win is valued and paid, and what a drawn hand
 * pays, where rule sets differ. They are knobs as the kan knobs are (descriptor.ts): knobs.ts puts them
 * after the kan knobs in `KNOBS` and `Rules`, and profiles.ts joins each profile's values here, each with
 * `verified` (real logs show it) and `source` (the evidence: corpus log ids for Tenhou, platform logs for
 * Mahjong Soul, published rules for the others).
 *
 * Who pays for a rinshan tsumo after a daiminkan is a kan knob already (`daiminkanPao`, knobs.ts): the
 * scorer reads it from the rules and it is not repeated here.
 */
import { YAKU_TABLE } from '../events/index.js';
import { knobMaker, profileValueMakers, type ProfileName, type ProfileValuesFor } from './descriptor.js';

/** The scoring rules: one value per knob. */
export interface ScoringRules {
  /**
   * Whether a 4 han 30 fu (or 3 han 60 fu) hand, 1,920 basic points, is paid as a mangan (kiriage mangan).
   * Tenhou's chip (祝儀) games and lobbies declare it (declared.ts).
   */
  kiriageMangan: 'none' | 'always';
  /** Points a honba adds to a 4-player win: 300, or 1,500 (Tenhou's five-chip games declare it). */
  honbaPoints: 300 | 1500;
  /** What 13 han or more without a yakuman is worth (kazoe yakuman). */
  kazoeYakuman: 'yakuman' | 'sanbaiman';
  /** The double yakuman of YAKU_TABLE (suuankou tanki, kokushi's 13-sided wait, …) count as two yakuman. */
  doubleYakuman: boolean;
  /** Several yakuman in one hand add up (daisangen + tsuuiisou = two yakuman); otherwise one is paid. */
  yakumanStacking: boolean;
  /** Fu for a pair of the wind that is both the seat's and the round's (a double wind). */
  doubleWindPairFu: 2 | 4;
  /** Whether a tsumo on a replacement tile (rinshan kaihou) gets the 2 fu of a tsumo. */
  rinshanTsumoFu: 'tsumo' | 'none';
  /**
   * Atozuke: `allowed`, a yakuhai of an open meld counts whenever the meld was called; `first-call`
   * (sakizuke), a yakuhai of an open meld (pon, daiminkan or kakan of a dragon or of the seat's or the
   * round's wind) counts only when that meld was the hand's first call.
   */
  atozuke: 'allowed' | 'first-call';
  /** Ippatsu is a yaku (its flag is --ippatsu-yaku: `kanshi score --ippatsu` says the win was one). */
  ippatsuYaku: boolean;
  /** Ura dora count for a winner in riichi (the tile under the first indicator). */
  uraDora: boolean;
  /** Kan ura count (the tiles under the kan indicators), when ura dora do. */
  kanUra: boolean;
  /** Kan dora count (the indicators turned over after kans). */
  kandora: boolean;
  /** Red fives in the set: 3 (one 5m, 5p, 5s; the log's rule says which suits a game has) or none. */
  akaDora: 0 | 3;
  /** Which yakuman make the player who fed their last set liable (pao, sekinin barai). */
  yakumanPao: 'daisangen-daisuushii' | 'with-suukantsu' | 'none';
  /** With a liable player, what the liability covers when the hand holds more than the pao yakuman. */
  paoCompound: 'whole-hand' | 'liable-yakuman';
  /** On a ron with a liable player, who pays the honba. */
  paoRonHonba: 'liable' | 'discarder';
  /** 3-player: a kita counts as a call for ippatsu, double riichi, tenhou and chiihou (it interrupts the go-around). */
  kitaInterrupts: boolean;
  /** Nagashi mangan is paid at an exhaustive draw. */
  nagashiMangan: boolean;
  /** Noten payments at an exhaustive draw (4-player: 3,000 points split). */
  notenPayments: boolean;
  /** 3-player: the noten payments' total. */
  threePlayerNoten: 2000 | 3000;
  /** 3-player: how a tsumo is paid without the fourth player. */
  threePlayerTsumo: 'tsumo-loss' | 'north-split';
  /** 3-player: points per honba (a ron pays it all; a tsumo, half from each payer). */
  threePlayerHonba: 200 | 300;
  /** In a double or triple ron, who gets the honba (the riichi sticks go to the first winner after the discarder). */
  multipleRonHonba: 'first-winner' | 'each-winner';
  /** Open tanyao (kuitan), when the log's rule does not say (Tenhou's GO type does). */
  openTanyao: boolean;
  /** Renhou (a ron before the winner's first draw, no call made): none, a mangan, or a yakuman. */
  renhou: 'none' | 'mangan' | 'yakuman';
}

export type ScoringKnobName = keyof ScoringRules;

/**
 * What a riichi deposit puts on the table (and its taker gains), the same in every rule set kanshi knows,
 * so no knob: the scorer pays it to the winner, the replay's score book takes it from each declarer.
 */
export const RIICHI_STICK_POINTS = 1000;

const knobOf = knobMaker<ScoringRules>('scoring', 'docs/scoring.md');
/** Every scoring knob is described in docs/scoring.md §2. */
const knob = <K extends ScoringKnobName>(name: K, description: string, values: readonly { value: ScoringRules[K]; meaning: string }[], defaultValue: ScoringRules[K]) =>
  knobOf(name, description, '§2', values, defaultValue);

/** The double yakuman, as YAKU_TABLE names them (`a, b, c and d`). */
const DOUBLE_YAKUMAN_NAMES = ((names: string[]) => `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`)(YAKU_TABLE.filter((y) => y.double).map((y) => y.term));

const YES_NO = (yes: string, no: string) => [
  { value: true, meaning: yes },
  { value: false, meaning: no },
] as const;

export const SCORING_KNOBS = Object.freeze([
  knob('kiriageMangan', 'whether 4 han 30 fu and 3 han 60 fu (1,920 basic points) are rounded up to a mangan', [
    { value: 'none', meaning: 'no: 7,700 (11,600 by a dealer)' },
    { value: 'always', meaning: "yes: paid as a mangan, 8,000 (12,000); Tenhou's chip games (GO type bit 0x0200) and lobbies whose csrule sets bit 0x2 declare it" },
  ], 'none'),
  knob('honbaPoints', 'points each honba adds to a 4-player win (3-player: threePlayerHonba)', [
    { value: 300, meaning: '300: a ron pays 300 a honba, a tsumo 100 from each payer' },
    { value: 1500, meaning: "1,500: a ron pays 1,500 a honba, a tsumo 500 from each payer; Tenhou's five-chip games (GO type bits 0x0200 and 0x0400) declare it" },
  ], 300),
  knob('kazoeYakuman', 'what a hand of 13 han or more without a yakuman is worth', [
    { value: 'yakuman', meaning: 'a yakuman (kazoe yakuman)' },
    { value: 'sanbaiman', meaning: 'a sanbaiman, the highest limit below yakuman' },
  ], 'yakuman'),
  knob('doubleYakuman', `whether ${DOUBLE_YAKUMAN_NAMES} are double yakuman`, YES_NO('yes: each counts as two yakuman', 'no: each is one yakuman'), false),
  knob('yakumanStacking', 'whether several yakuman in one hand add up', YES_NO('yes: each yakuman is paid (daisangen + tsuuiisou = two)', 'no: one yakuman is paid, however many the hand holds'), true),
  knob('doubleWindPairFu', "fu for a pair of the wind that is both the seat's and the round's", [
    { value: 4, meaning: '4 fu: 2 for the seat wind and 2 for the round wind' },
    { value: 2, meaning: '2 fu, as any other yakuhai pair' },
  ], 4),
  knob('rinshanTsumoFu', 'whether a tsumo on a replacement tile (rinshan kaihou) gets the 2 fu of a tsumo', [
    { value: 'tsumo', meaning: 'yes: 2 fu, as any tsumo (none for a pinfu hand)' },
    { value: 'none', meaning: 'no: a rinshan win gets no tsumo fu' },
  ], 'tsumo'),
  knob('atozuke', 'whether the yakuhai of an open meld counts when that meld was not the first call (atozuke, "kan atozuke" for an open kan)', [
    { value: 'allowed', meaning: 'the yakuhai counts whatever the order of the calls, and a yaku may come with the winning tile' },
    {
      value: 'first-call',
      meaning: 'sakizuke: a pon, daiminkan or kakan of a dragon or a yakuhai wind gives its yakuhai only when it was the first call; a hand left without a yaku does not score',
    },
  ], 'allowed'),
  knob('ippatsuYaku', 'whether ippatsu is a yaku', YES_NO('yes: 1 han for a win within one go-around of riichi, no call in between', 'no'), true),
  knob('uraDora', 'whether ura dora count for a winner in riichi', YES_NO('yes', 'no'), true),
  knob('kanUra', 'whether kan ura (the tiles under the kan indicators) count, when ura dora do', YES_NO('yes', 'no: only the tile under the first indicator'), true),
  knob('kandora', "whether the kan indicators' dora count", YES_NO('yes', 'no: only the first indicator'), true),
  knob('akaDora', 'red fives in the set (the log says which suits a game has)', [
    { value: 3, meaning: 'one red 5m, 5p and 5s, each 1 han' },
    { value: 0, meaning: 'none' },
  ], 3),
  knob('yakumanPao', 'which yakuman make the player who fed their last set liable (pao)', [
    { value: 'daisangen-daisuushii', meaning: 'daisangen (the third dragon set) and daisuushii (the fourth wind set)' },
    { value: 'with-suukantsu', meaning: 'those two, and suukantsu when its fourth kan is a daiminkan' },
    { value: 'none', meaning: 'no liability' },
  ], 'daisangen-daisuushii'),
  knob('paoCompound', 'what a liable player covers when the hand holds more than the pao yakuman', [
    { value: 'whole-hand', meaning: 'the whole hand: all of a tsumo, half of a ron' },
    { value: 'liable-yakuman', meaning: 'only the pao yakuman: the rest is paid as usual' },
  ], 'whole-hand'),
  knob('paoRonHonba', 'on a ron with a liable player, who pays the honba', [
    { value: 'liable', meaning: 'the liable player' },
    { value: 'discarder', meaning: 'the discarder' },
  ], 'liable'),
  knob('kitaInterrupts', '3-player: whether a kita interrupts the go-around (ippatsu, double riichi, tenhou, chiihou) as a call does', YES_NO('yes: a kita after riichi cancels ippatsu; one before a riichi declaration, double riichi', 'no: kita are not calls'), true),
  knob('nagashiMangan', 'whether nagashi mangan is paid at an exhaustive draw', YES_NO('yes: as a mangan tsumo (no honba), and no noten payments', 'no'), true),
  knob('notenPayments', 'whether noten players pay the tenpai players at an exhaustive draw', YES_NO('yes: 3,000 points in all (3-player: threePlayerNoten)', 'no'), true),
  knob('threePlayerNoten', "3-player: the noten payments' total", [
    { value: 2000, meaning: '2,000: one tenpai player gets 1,000 from each noten player; two get 1,000 each from the noten player' },
    { value: 3000, meaning: '3,000, split as in 4-player' },
  ], 2000),
  knob('threePlayerTsumo', '3-player: how a tsumo is paid without the fourth player', [
    { value: 'tsumo-loss', meaning: "tsumo loss: the two others pay their 4-player shares, the absent player's share is lost" },
    { value: 'north-split', meaning: "the absent player's share is split between the two payers" },
  ], 'tsumo-loss'),
  knob('threePlayerHonba', '3-player: points per honba', [
    { value: 200, meaning: '200: a ron pays 200 a honba, a tsumo 100 from each payer' },
    { value: 300, meaning: '300: a ron pays 300 a honba, a tsumo 150 from each payer' },
  ], 200),
  knob('multipleRonHonba', 'in a double or triple ron, who gets the honba (the riichi sticks go to the first winner after the discarder)', [
    { value: 'first-winner', meaning: 'the first winner after the discarder, in turn order' },
    { value: 'each-winner', meaning: 'every winner, from the discarder' },
  ], 'first-winner'),
  knob('openTanyao', "open tanyao (kuitan), when the log's rule does not say", YES_NO('yes: tanyao counts in an open hand', 'no: closed hands only'), true),
  knob('renhou', 'renhou: a ron before the winner\'s first draw, nobody having called', [
    { value: 'none', meaning: 'not a yaku' },
    { value: 'mangan', meaning: 'a mangan' },
    { value: 'yakuman', meaning: 'a yakuman' },
  ], 'none'),
]);

const { fromLog, secondary, values: scoringValues } = profileValueMakers<ScoringRules>();

/** Where the Mahjong Soul values real logs show come from: the platform corpus scored under each other value. */
const MS_LOGS = '[log] platforms corpus, the Mahjong Soul games (five tenhou.net/6 logs, two mjai; test/score/platforms.test.ts):';
const NO_SANMA = 'a 4-player rule set: no 3-player game to apply it to (the value is inert)';
const EMA = 'EMA Riichi Competition Rules 2016';
const MLEAGUE = 'M-League rules (m-league.jp/about)';
const JPML = 'JPML pro rules (日本プロ麻雀連盟 プロルール), the strict professional rule set';

/** Per profile, each scoring knob's value and its evidence (profiles.ts joins them to the kan knobs'). */
export const SCORING_PROFILE_VALUES: Readonly<Record<ProfileName, ProfileValuesFor<ScoringRules>>> = Object.freeze({
  tenhou: scoringValues({
    kiriageMangan: fromLog(
      'none',
      '[log] 4 han 30 fu paid 11,600 by a dealer (2009082817gm-00ab-0000-997dbe26 hand 1) and 3 han 60 fu 7,700 (2020010101gm-00a9-0000-52a63b80 hand 9): ' +
        '1,397 corpus wins disagree with always. The chip games declare always (GO type bit 0x0200) and round up: ' +
        'dnovikoff__tenhou__log_test_data_chip.xml (GO type 553) hand 1, 3 han 60 fu dealer tsumo 4,000 all; ' +
        'dnovikoff__tenhou__log_test_data_ratio1.xml (GO type 1569) hand 2, 4 han 30 fu tsumo 2,000 / 4,000 (2 corpus wins disagree with none)',
    ),
    honbaPoints: fromLog(
      300,
      '[log] 300 a honba in every 4-player game but one, which declares 1,500 (five chips, GO type bits 0x0200 and 0x0400): ' +
        'dnovikoff__tenhou__log_test_data_ratio1.xml (GO type 1569) hand 4, a ron with 1 honba paid 9,500 for 8,000; 4,176 corpus wins disagree with 1500',
    ),
    kazoeYakuman: fromLog('yakuman', '[log] 13 han or more is a yakuman (limit 5): 2018110809gm-00b9-0000-00a79b89 hand 3 (13 han), 2008121721gm-00c1-0000-fcadb0d7 hand 6 (17 han); 6 corpus wins disagree with sanbaiman'),
    doubleYakuman: fromLog(false, '[log] suuankou tanki paid as one yakuman (2010112211gm-00a9-0000-56a320b2 hand 4: 32,000 by a non-dealer); daisuushii too (Riichi-Mahjong-Statistics-Seminar fukugou.xml hand 6): 4 corpus wins disagree with true'),
    yakumanStacking: fromLog(true, '[log] daisangen + tsuuiisou paid 64,000 (2019103023gm-00a9-0000-f90e0fe9 hand 7); daisuushii + suuankou tanki + tsuuiisou 144,000 (fukugou.xml hand 6): 5 corpus wins disagree with false'),
    doubleWindPairFu: fromLog(4, '[log] a pair of the double wind counts 4 fu (2015011211gm-0029-0000-2dd7ec0f hand 1): 10 corpus wins disagree with 2'),
    rinshanTsumoFu: fromLog(
      'tsumo',
      '[log] rinshan wins get the 2 tsumo fu (2020010113gm-00b9-0000-d272b7a0 hand 4): 8 corpus wins disagree with none; a pinfu rinshan after a kita gets none (2020010101gm-00b9-0000-f1afd219 hand 3, 20 fu)',
    ),
    atozuke: fromLog('allowed', '[log] open hands whose yakuhai meld was not their first call score it (2009072918gm-0061-0000-e6e91672 hand 3): 669 corpus wins disagree with first-call'),
    ippatsuYaku: fromLog(true, '[log] yaku 2 on wins within one go-around of riichi: 1,070 corpus wins disagree with false'),
    uraDora: fromLog(true, '[log] yaku 53 counts the tile under the first indicator for winners in riichi: 1,930 corpus wins disagree with false'),
    kanUra: fromLog(true, '[log] yaku 53 counts the tiles under kan indicators too: 131 corpus wins disagree with false'),
    kandora: fromLog(true, "[log] yaku 52 counts the kan indicators' dora: 445 corpus wins disagree with false"),
    akaDora: fromLog(3, '[log] one red five a suit (ids 16, 52, 88) in games whose GO type has red fives (bit 0x0002 clear), yaku 54: 5,779 corpus wins disagree with 0'),
    yakumanPao: fromLog(
      'daisangen-daisuushii',
      '[log] daisangen pao (AGARI paoWho) in 2010060416gm-0061-0000-2d91fbe3, 2017091022gm-00a9-0000-55c5aa68, 2021070112gm-00a9-0000-d7e3fad0 ' +
        '(8 corpus wins disagree with none); a suukantsu whose fourth kan is a daiminkan has no pao (2020020316gm-0001-0000-7b22ddf5 hand 2, against with-suukantsu); ' +
        'daisuushii pao is Tenhou\'s documented rule, not in the corpus',
    ),
    paoCompound: fromLog('whole-hand', '[log] daisangen + tsuuiisou tsumo, liable seat 2 pays all 64,900 (2019103023gm-00a9-0000-f90e0fe9 hand 7, in mjlog and JSON): 2 corpus wins disagree with liable-yakuman'),
    paoRonHonba: fromLog('liable', '[log] a pao ron with 1 honba: the liable player pays 16,300, the discarder 16,000 (2010060416gm-0061-0000-2d91fbe3 hand 6)'),
    kitaInterrupts: fromLog(true, '[log] 3-player: a kita after the winner\'s riichi, no ippatsu; one before the declaration, no double riichi: 26 corpus wins disagree with false (a ron on the kita itself keeps ippatsu: 2020010118gm-00b9-0000-fec27b29 hand 3)'),
    nagashiMangan: fromLog(
      true,
      '[log] RYUUKYOKU type="nm" paid as a mangan tsumo without honba (2014051613gm-0041-0000-3366561a, 2020010123gm-00a9-0000-88d6cd8a; 3-player 2020010102gm-00b9-0000-629e69ba): 13 corpus drawn hands disagree with false',
    ),
    notenPayments: fromLog(true, '[log] 3,000 split at every 4-player exhaustive draw: 2,238 corpus drawn hands disagree with false'),
    threePlayerNoten: fromLog(2000, '[log] 3-player exhaustive draws pay 1,000 from each noten player to each tenpai player: 267 corpus drawn hands disagree with 3000'),
    threePlayerTsumo: fromLog('tsumo-loss', '[log] 3-player non-dealer baiman tsumo paid 8,000 + 4,000 (2020010100gm-00b9-0000-18a1410f hand 5): 1,059 corpus wins disagree with north-split'),
    threePlayerHonba: fromLog(200, '[log] 3-player: a ron pays 200 a honba (2018110809gm-00b9-0000-00a79b89 hand 3), a tsumo 100 from each payer (hand 2): 914 corpus wins disagree with 300'),
    multipleRonHonba: fromLog(
      'first-winner',
      '[log] double rons: honba and sticks to the first winner after the discarder only (2014051511gm-0041-0000-a29f5b7b hand 2, 2020010100gm-00a9-0000-1ce89ac5 hand 3): 41 corpus wins disagree with each-winner',
    ),
    openTanyao: fromLog(true, "[log] GO type bit 0x0004 clear in every corpus game (喰), which declares it per game; 1,521 corpus wins disagree with false"),
    renhou: secondary(
      'none',
      "Tenhou's rules have no renhou; the corpus's one ron before the winner's first draw (2013111600gm-00a9-0000-506bac66 hand 7) is scored without it, " +
        'which rules out yakuman but not mangan (the hand was worth more than one)',
    ),
  }),
  majsoul: scoringValues({
    kiriageMangan: fromLog('none', `${MS_LOGS} 6 wins disagree with always (killer_mortal_gui e2e_report hand 1)`),
    honbaPoints: secondary(300, 'Mahjong Soul: 300 a honba [unverified]'),
    kazoeYakuman: secondary('yakuman', 'Mahjong Soul: kazoe yakuman [unverified]'),
    doubleYakuman: secondary(true, 'Mahjong Soul: suuankou tanki, kokushi 13-sided, junsei chuuren, daisuushii are double yakuman [unverified]'),
    yakumanStacking: secondary(true, 'Mahjong Soul: yakuman add up [unverified]'),
    doubleWindPairFu: secondary(4, 'Mahjong Soul: 4 fu for a double-wind pair [unverified]'),
    rinshanTsumoFu: secondary('tsumo', 'Mahjong Soul [unverified]'),
    atozuke: fromLog('allowed', `${MS_LOGS} 4 wins disagree with first-call (MajsoulPaipuConvert sample hand 6)`),
    ippatsuYaku: fromLog(true, `${MS_LOGS} 8 wins disagree with false (killer_mortal_gui e2e_report hand 2)`),
    uraDora: fromLog(true, `${MS_LOGS} 13 wins disagree with false (killer_mortal_gui e2e_report hand 3)`),
    kanUra: secondary(true, 'Mahjong Soul [unverified]'),
    kandora: fromLog(true, `${MS_LOGS} 5 wins disagree with false (killer_mortal_gui e2e_report hand 1)`),
    akaDora: fromLog(3, `${MS_LOGS} one red five a suit (the converters' aka51..53); 20 wins disagree with 0 (MajsoulPaipuConvert sample hand 5)`),
    yakumanPao: secondary('daisangen-daisuushii', 'Mahjong Soul [unverified]'),
    paoCompound: secondary('liable-yakuman', 'Mahjong Soul [unverified]'),
    paoRonHonba: secondary('liable', 'Mahjong Soul [unverified]'),
    kitaInterrupts: secondary(true, 'Mahjong Soul 3-player: assumed as Tenhou; the platform logs hold no 3-player game [unverified]'),
    nagashiMangan: secondary(true, 'Mahjong Soul [unverified]'),
    notenPayments: fromLog(true, `${MS_LOGS} 10 drawn hands disagree with false`),
    threePlayerNoten: secondary(2000, 'Mahjong Soul 3-player: assumed as Tenhou; no 3-player platform log [unverified]'),
    threePlayerTsumo: secondary('tsumo-loss', 'Mahjong Soul 3-player: tsumo loss [unverified]'),
    threePlayerHonba: secondary(200, 'Mahjong Soul 3-player: assumed as Tenhou [unverified]'),
    multipleRonHonba: secondary('first-winner', 'Mahjong Soul [unverified]'),
    openTanyao: secondary(true, 'Mahjong Soul: kuitan [unverified]'),
    renhou: secondary('none', 'Mahjong Soul ranked rooms: no renhou [unverified]'),
  }),
  mleague: scoringValues({
    kiriageMangan: secondary('always', `${MLEAGUE}: 切り上げ満貫 [unverified]`),
    honbaPoints: secondary(300, `${MLEAGUE}: 300 a honba [unverified]`),
    kazoeYakuman: secondary('yakuman', `${MLEAGUE} [unverified]`),
    doubleYakuman: secondary(false, `${MLEAGUE}: no double yakuman [unverified]`),
    yakumanStacking: secondary(false, `${MLEAGUE}: yakuman do not add up [unverified]`),
    doubleWindPairFu: secondary(2, `${MLEAGUE}: a double-wind pair is 2 fu [unverified]`),
    rinshanTsumoFu: secondary('tsumo', `${MLEAGUE} [unverified]`),
    atozuke: secondary('allowed', `${MLEAGUE}: 後付けあり [unverified]`),
    ippatsuYaku: secondary(true, `${MLEAGUE} [unverified]`),
    uraDora: secondary(true, `${MLEAGUE} [unverified]`),
    kanUra: secondary(true, `${MLEAGUE} [unverified]`),
    kandora: secondary(true, `${MLEAGUE} [unverified]`),
    akaDora: secondary(3, `${MLEAGUE}: one red five a suit [unverified]`),
    yakumanPao: secondary('with-suukantsu', `${MLEAGUE}: pao for daisangen, daisuushii and suukantsu [unverified]`),
    paoCompound: secondary('liable-yakuman', `${MLEAGUE} [unverified]`),
    paoRonHonba: secondary('liable', `${MLEAGUE} [unverified]`),
    kitaInterrupts: secondary(true, NO_SANMA),
    nagashiMangan: secondary(true, `${MLEAGUE} [unverified]`),
    notenPayments: secondary(true, `${MLEAGUE}: 3,000 [unverified]`),
    threePlayerNoten: secondary(2000, NO_SANMA),
    threePlayerTsumo: secondary('tsumo-loss', NO_SANMA),
    threePlayerHonba: secondary(200, NO_SANMA),
    multipleRonHonba: secondary('first-winner', `${MLEAGUE}: atamahane, one winner only [unverified]`),
    openTanyao: secondary(true, `${MLEAGUE}: kuitan [unverified]`),
    renhou: secondary('none', `${MLEAGUE} [unverified]`),
  }),
  ema: scoringValues({
    kiriageMangan: secondary('none', `${EMA}: "4-30 is not rounded to mangan" [unverified]`),
    honbaPoints: secondary(300, `${EMA}: 300 a counter [unverified]`),
    kazoeYakuman: secondary('sanbaiman', `${EMA}: 13+ han is a sanbaiman [unverified]`),
    doubleYakuman: secondary(false, `${EMA}: daisuushii is one yakuman, no double yakuman [unverified]`),
    yakumanStacking: secondary(false, `${EMA}: the highest score is a single yakuman [unverified]`),
    doubleWindPairFu: secondary(4, `${EMA} [unverified]`),
    rinshanTsumoFu: secondary('tsumo', `${EMA} [unverified]`),
    atozuke: secondary('allowed', `${EMA} [unverified]`),
    ippatsuYaku: secondary(true, `${EMA} [unverified]`),
    uraDora: secondary(true, `${EMA}: ura dora, kan dora and kan ura [unverified]`),
    kanUra: secondary(true, `${EMA} [unverified]`),
    kandora: secondary(true, `${EMA} [unverified]`),
    akaDora: secondary(0, `${EMA}: red fives removed [unverified]`),
    yakumanPao: secondary('daisangen-daisuushii', `${EMA}: pao for daisangen and daisuushii [unverified]`),
    paoCompound: secondary('liable-yakuman', `${EMA} [unverified]`),
    paoRonHonba: secondary('discarder', `${EMA} [unverified]`),
    kitaInterrupts: secondary(true, NO_SANMA),
    nagashiMangan: secondary(false, `${EMA}: nagashi mangan is not allowed [unverified]`),
    notenPayments: secondary(true, `${EMA} [unverified]`),
    threePlayerNoten: secondary(2000, NO_SANMA),
    threePlayerTsumo: secondary('tsumo-loss', NO_SANMA),
    threePlayerHonba: secondary(200, NO_SANMA),
    multipleRonHonba: secondary('each-winner', `${EMA}: the discarder pays each winner separately [unverified]`),
    openTanyao: secondary(true, `${EMA}: open tanyao allowed [unverified]`),
    renhou: secondary('mangan', `${EMA}: renhou is a mangan [unverified]`),
  }),
  'pro-strict': scoringValues({
    kiriageMangan: secondary('always', `${JPML} [unverified]`),
    honbaPoints: secondary(300, `${JPML} [unverified]`),
    kazoeYakuman: secondary('sanbaiman', `${JPML} [unverified]`),
    doubleYakuman: secondary(false, `${JPML} [unverified]`),
    yakumanStacking: secondary(false, `${JPML} [unverified]`),
    doubleWindPairFu: secondary(2, `${JPML} [unverified]`),
    rinshanTsumoFu: secondary('none', `${JPML}: no tsumo fu on rinshan kaihou [unverified]`),
    atozuke: secondary('first-call', 'sakizuke (先付け), as strict club and older pro rules have it [unverified]'),
    ippatsuYaku: secondary(false, `${JPML}: no ippatsu [unverified]`),
    uraDora: secondary(false, `${JPML}: no ura dora [unverified]`),
    kanUra: secondary(false, `${JPML}: no kan ura [unverified]`),
    kandora: secondary(true, `${JPML}: kan dora [unverified]`),
    akaDora: secondary(0, `${JPML}: no red fives [unverified]`),
    yakumanPao: secondary('daisangen-daisuushii', `${JPML} [unverified]`),
    paoCompound: secondary('liable-yakuman', `${JPML} [unverified]`),
    paoRonHonba: secondary('discarder', `${JPML} [unverified]`),
    kitaInterrupts: secondary(true, NO_SANMA),
    nagashiMangan: secondary(false, `${JPML} [unverified]`),
    notenPayments: secondary(true, `${JPML} [unverified]`),
    threePlayerNoten: secondary(2000, NO_SANMA),
    threePlayerTsumo: secondary('tsumo-loss', NO_SANMA),
    threePlayerHonba: secondary(200, NO_SANMA),
    multipleRonHonba: secondary('first-winner', `${JPML}: atamahane [unverified]`),
    openTanyao: secondary(true, `${JPML} [unverified]`),
    renhou: secondary('none', `${JPML} [unverified]`),
  }),
});
