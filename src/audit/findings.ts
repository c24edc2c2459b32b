/**
 * Findings: what the audit says about a game. The kinds are a closed, documented list; each has one
 * severity (an illegal kan is an error, a chankan win or a legal abort is information) and one shape of
 * details.
 */
import type { RiichiKanReason } from '../hand/index.js';
import type { InconsistencyKind, RevealMoment, WallMismatchKind } from '../replay/index.js';
import type { DaiminkanPao, FifthKan, KandoraTiming, KnobName, LegalityRules, RiichiKan, Suukaikan } from '../rules/index.js';

type MultipleRon = LegalityRules['multipleRon'];
import type { ScoreComponent } from '../score/index.js';
import type { KanType } from '../tiles/index.js';

export type Severity = 'error' | 'warning' | 'info';

/** What a finding is about (the database's finding_kinds.family; the report has a part for each). */
export type FindingFamily = 'kan' | 'scoring' | 'legality' | 'log';

export interface FindingKindInfo {
  family: FindingFamily;
  severity: Severity;
  /** The knob whose value decides it, if any. */
  rule?: KnobName;
  /** What it means, in one line (kanshi audit --help, the database's finding_kinds table). */
  description: string;
}

export const FINDING_KINDS = {
  'riichi-kan-illegal': {
    family: 'kan',
    severity: 'error',
    rule: 'riichiKan',
    description: 'a kan by a player in riichi that the riichiKan/okuriKan rules forbid (details.reason says why; details.revealed whether the hand was revealed, by a win or a tenpai hand shown, which makes it chombo)',
  },
  'suukaikan-abort': {
    family: 'kan',
    severity: 'info',
    rule: 'suukaikan',
    description: 'a four-kan abort (suukaikan) where and when the rule expects it',
  },
  'suukaikan-missing': {
    family: 'kan',
    severity: 'error',
    rule: 'suukaikan',
    description: 'four kans by two or more players, the discard after the fourth passed, and the hand went on',
  },
  'suukaikan-unexpected': {
    family: 'kan',
    severity: 'error',
    rule: 'suukaikan',
    description: 'a four-kan abort the rule does not call for (fewer than four kans, all by one player, or suukaikan none)',
  },
  'suukaikan-wrong-moment': {
    family: 'kan',
    severity: 'error',
    rule: 'suukaikan',
    description: "a four-kan abort before the fourth kan's replacement draw and discard",
  },
  'fifth-kan': {
    family: 'kan',
    severity: 'error',
    rule: 'fifthKan',
    description: 'a fifth kan declared in one hand (robbed by chankan or not): forbidden, or allowed to abort but the hand went on',
  },
  'fifth-kan-abort': {
    family: 'kan',
    severity: 'info',
    rule: 'fifthKan',
    description: 'a hand that ended at a fifth kan, as fifthKan aborts calls for',
  },
  'chankan-win': {
    family: 'kan',
    severity: 'info',
    description: 'a ron on the tile a kakan adds (or, where kokushiAnkanChankan allows it, kokushi robbing an ankan)',
  },
  'chankan-ankan-illegal': {
    family: 'kan',
    severity: 'error',
    rule: 'kokushiAnkanChankan',
    description: 'a ron on an ankan that the rule or the hand (not thirteen orphans) does not allow',
  },
  'chankan-impossible': {
    family: 'kan',
    severity: 'error',
    description: 'a chankan that cannot be: scored with rinshan, haitei, houtei or menzen tsumo, a winner holding the robbed tile, a furiten winner, or a robbed fifth kan that ends the hand at once',
  },
  'kan-after-haitei': {
    family: 'kan',
    severity: 'error',
    description: 'an ankan or kakan after the last live tile was drawn',
  },
  'daiminkan-on-houtei': {
    family: 'kan',
    severity: 'error',
    description: 'a daiminkan on the last discard of the hand (no replacement tile can be given)',
  },
  'kan-after-call': {
    family: 'kan',
    severity: 'error',
    description: 'an ankan or kakan on the turn a player took a discard by chi or pon, before drawing',
  },
  'replacement-draw-missing': {
    family: 'kan',
    severity: 'error',
    description: 'a completed kan with no replacement draw before the hand went on',
  },
  'daiminkan-pao-mismatch': {
    family: 'kan',
    severity: 'warning',
    rule: 'daiminkanPao',
    description: "a rinshan tsumo on a daiminkan's replacement tile, or on a later kan's of the same turn, paid otherwise than daiminkanPao says (all others, or the discarder alone)",
  },
  'kandora-timing-mismatch': {
    family: 'kan',
    severity: 'warning',
    rule: 'kandoraTiming',
    description: 'a kandora revealed at another moment than the kandoraTiming rule says',
  },
  'kandora-count-mismatch': {
    family: 'kan',
    severity: 'warning',
    rule: 'kandoraTiming',
    description: 'a log that shows its kandora without their moments (tenhou.net/6 JSON) shows another number of them than the kans reveal under kandoraTiming',
  },
  'score-mismatch': {
    family: 'scoring',
    severity: 'error',
    description: "a win's yaku, han, fu, points, limit or payments, or a drawn hand's payments, as the log states them, differ from the same re-scored under the rule set (details.component; details.kans: the kan behind it)",
  },
  'furiten-ron': {
    family: 'legality',
    severity: 'error',
    description: "a ron by a furiten winner: a tile of its waits in its own river, or a wait it let pass since its last discard (riichi: since its riichi discard)",
  },
  'riichi-illegal': {
    family: 'legality',
    severity: 'error',
    description: 'a riichi declared with fewer than 1,000 points (where riichiUnderThousand is false), with fewer than four live tiles left (three in 3-player), or with a hand that is not tenpai after its riichi discard (details.reason: points, live-wall, not-tenpai)',
  },
  'tenpai-shown-noten': {
    family: 'legality',
    severity: 'error',
    description: 'a hand shown as tenpai at an exhaustive draw that waits on nothing',
  },
  'call-illegal': {
    family: 'legality',
    severity: 'error',
    description: "a chi or pon of the hand's last discard (houtei), by a seat in riichi, or followed at once by a swap-call discard the kuikae rule forbids, the called kind or the other end of the run (details.reason: houtei, in-riichi, kuikae)",
  },
  'abortive-draw-unfounded': {
    family: 'legality',
    severity: 'error',
    description: "an abortive draw whose condition did not hold (nine terminals: the seat that drew, nine kinds, a first draw, no call; four winds; four riichi accepted; a triple ron: three others whose hands the tile completes), or nagashi mangan paid to a seat whose discards are not all terminals and honours, none called (seat: the declarer, the seat paid, the fourth riichi, the claimant who cannot ron)",
  },
  'scores-not-carried': {
    family: 'legality',
    severity: 'error',
    description: "a hand that does not start with the scores, riichi sticks and honba the hand before left, or final scores that do not follow from the last hand (details.what: scores, riichi-sticks, honba, final-scores)",
  },
  'multiple-ron-mismatch': {
    family: 'legality',
    severity: 'error',
    rule: 'multipleRon',
    description: 'rons of one discard the multipleRon rule does not pay: three winners where a triple ron aborts, two or more under atamahane; or a triple-ron abort where the rule pays the rons (details.what: winners, triple-ron-abort; seat: the discarder, under atamahane the winner the head bump leaves out)',
  },
  'abortive-draw-missing': {
    family: 'legality',
    severity: 'error',
    rule: 'abortiveDraws',
    description: "a hand that went on past four winds (the four first discards one wind, no call) or past a fourth riichi whose discard passed, which abortiveDraws all ends (details.reason)",
  },
  'abortive-draw-unexpected': {
    family: 'legality',
    severity: 'error',
    rule: 'abortiveDraws',
    description: 'a hand ended by nine terminals, four winds or four riichi under abortiveDraws none, which has no abortive draw (details.reason)',
  },
  'played-below-zero': {
    family: 'legality',
    severity: 'error',
    rule: 'busting',
    description: 'a hand played after the one before left a score below zero, where busting ends-game ends the game (details.seats)',
  },
  'lobby-rule-not-applied': {
    family: 'scoring',
    severity: 'info',
    description: "a Tenhou lobby's own rule (its log's csrule) sets what kanshi does not apply (details.settings): scores and aborts that depend on them are judged by the rule set alone",
  },
  'win-without-yaku': {
    family: 'scoring',
    severity: 'error',
    description: 'a win on a complete hand that has no yaku under the rules (dora are no yaku): the rules make it no win (a hand whose tiles do not complete is a replay-inconsistency, win-not-complete)',
  },
  'unknown-yaku': {
    family: 'scoring',
    severity: 'warning',
    description: "a yaku name the log's format does not define (a converter's own spelling): its han are counted, its yaku not compared by name (details.name)",
  },
  'ura-unrecorded': {
    family: 'scoring',
    severity: 'info',
    description: "a riichi win whose log records no ura indicators: the ura han the log pays are taken as given, unchecked (details.uraHan)",
  },
  'wall-mismatch': {
    family: 'log',
    severity: 'error',
    description: 'a dealt, drawn or replacement tile, an indicator or the dice differ from the wall rebuilt from the seed',
  },
  'replay-inconsistency': {
    family: 'log',
    severity: 'error',
    description: 'the log contradicts itself (a discard not held, a call on tiles not held, tiles out of turn…)',
  },
  'audit-error': {
    family: 'log',
    severity: 'error',
    description: 'kanshi itself failed on this file (a bug to report; details hold the error)',
  },
  'ingest-error': {
    family: 'log',
    severity: 'error',
    description: 'the file could not be read as a log (details name the position)',
  },
} as const satisfies Record<string, FindingKindInfo>;

export type FindingKind = keyof typeof FINDING_KINDS;

export const FINDING_KIND_NAMES = Object.keys(FINDING_KINDS) as FindingKind[];

/** A kan's four kans so far: how many, by how many players, and the fourth's kind. */
interface FourKans {
  kans: number;
  players: number;
  fourthKan: KanType;
}

/** The details each kind of finding carries (tiles in notation, e.g. `2m`). */
export interface FindingDetails {
  'riichi-kan-illegal': {
    /** The player's hand revealed after the kan, by its win or its tenpai shown at an exhaustive draw (chombo then); null: never. */
    revealed: 'win' | 'tenpai' | null;
    kan: KanType;
    tile: string;
    reason: RiichiKanReason;
    riichiKan: RiichiKan;
    okuriKan: boolean;
    waitsBefore: string[] | null;
    waitsAfter: string[] | null;
  };
  'suukaikan-abort': FourKans;
  'suukaikan-missing': FourKans;
  'suukaikan-unexpected': { kans: number; suukaikan: Suukaikan };
  'suukaikan-wrong-moment': FourKans & { discardEventIndex: number | null; abortEventIndex: number | null };
  'fifth-kan': { kan: KanType; fifthKan: FifthKan; suukaikan: Suukaikan; robbed: boolean };
  'fifth-kan-abort': { kan: KanType };
  'chankan-win': { tile: string; kan: 'kakan' | 'ankan' };
  'chankan-ankan-illegal': { tile: string; kokushi: boolean; kokushiAnkanChankan: boolean };
  'chankan-impossible': { tile: string; reasons: string[] };
  'kan-after-haitei': { kan: KanType; tile: string };
  'daiminkan-on-houtei': { tile: string };
  'kan-after-call': { kan: KanType; tile: string };
  'replacement-draw-missing': { kan: KanType; tile: string };
  'daiminkan-pao-mismatch': { daiminkanPao: DaiminkanPao; discarder: number; payers: number[] };
  'kandora-timing-mismatch': { kan: KanType; logged: RevealMoment; rule: RevealMoment; kandoraTiming: KandoraTiming };
  'kandora-count-mismatch': { logged: number; rule: number; kandoraTiming: KandoraTiming };
  'score-mismatch': {
    component: ScoreComponent;
    logged: string | number;
    computed: string | number;
    yakuId?: number;
    kans?: { eventIndex: number; kind: KanType }[];
  };
  'furiten-ron': { tile: string; reason: string };
  'riichi-illegal': { reason: 'points' | 'live-wall' | 'not-tenpai'; score: number; liveWallLeft: number; tiles: string | null };
  'tenpai-shown-noten': { tiles: string };
  'call-illegal': { reason: 'houtei' | 'in-riichi' | 'kuikae'; meld: 'chi' | 'pon' | 'daiminkan'; tile: string; discarded: string | null };
  'abortive-draw-unfounded': { reason: string; why: string };
  'scores-not-carried': { what: 'scores' | 'riichi-sticks' | 'honba' | 'final-scores'; expected: string; logged: string };
  'multiple-ron-mismatch': { winners: number; multipleRon: MultipleRon; what: 'winners' | 'triple-ron-abort' };
  'abortive-draw-missing': { reason: 'suufon-renda' | 'suucha-riichi'; abortiveDraws: 'all' };
  'abortive-draw-unexpected': { reason: string; abortiveDraws: 'none' };
  'played-below-zero': { seats: number[]; scores: string };
  'lobby-rule-not-applied': { settings: string[] };
  'win-without-yaku': { tile: string; hand: string; melds: number; loggedYaku: string[] };
  'unknown-yaku': { name: string; han: number };
  'ura-unrecorded': { uraHan: number };
  'wall-mismatch': { what: WallMismatchKind; wallIndex: number | null; expected: number | null; logged: number | null };
  'replay-inconsistency': { what: InconsistencyKind };
  'audit-error': { stack: string };
  'ingest-error': { position: string | null; reason: string };
}

interface FindingBase<K extends FindingKind> {
  kind: K;
  severity: Severity;
  /** Position of the hand in the game, 1-based; null for the whole game. */
  hand: number | null;
  /** Event index within the round, or null. */
  eventIndex: number | null;
  seat?: number;
  /** The knob that decided it, when one did. */
  rule?: KnobName;
  message: string;
  details: FindingDetails[K];
}

/** A finding of one kind (or, unparameterised, of any kind: a union narrowed by `kind`). */
export type Finding<K extends FindingKind = FindingKind> = K extends FindingKind ? FindingBase<K> : never;

/**
 * A finding of a kind, with the kind's severity and rule filled in; `at.rule` names the knob that decided
 * this one where the kind has none of its own (kokushi robbing an ankan is a chankan-win only by a knob).
 */
export function finding<K extends FindingKind>(
  kind: K,
  at: { hand: number | null; eventIndex: number | null; seat?: number; rule?: KnobName },
  message: string,
  details: FindingDetails[K],
): Finding<K> {
  const info: FindingKindInfo = FINDING_KINDS[kind];
  const rule = info.rule ?? at.rule;
  return {
    kind,
    severity: info.severity,
    hand: at.hand,
    eventIndex: at.eventIndex,
    ...(at.seat !== undefined ? { seat: at.seat } : {}),
    ...(rule ? { rule } : {}),
    message,
    details,
  } as Finding<K>;
}

export const SEVERITY_ORDER: readonly Severity[] = ['info', 'warning', 'error'];
