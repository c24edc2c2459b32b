/**
 * The scorer's nouns: what a win is (WinInput), what it is worth and who pays (WinScore), a drawn hand's
 * payments, and a disagreement with a log (ScoreMismatch). Plain data: every function of src/score takes
 * and returns these.
 */
import type { Seat } from '../events/index.js';
import type { Group, ReadingForm } from '../hand/index.js';
import type { KanType, MeldType, TileId, TileKind } from '../tiles/index.js';

/** A kan as a mismatch names it: its call event in the hand, and its kind. */
export interface KanRef {
  /** Index of the kan's call event within the hand's events. */
  eventIndex: number;
  /** ankan, daiminkan or kakan. */
  kind: KanType;
}

/** A meld of the winning hand (kita aside). */
export interface ScoreMeld {
  /** chi, pon, daiminkan, kakan or ankan. */
  type: Exclude<MeldType, 'kita'>;
  /** All its tiles (a kakan: the pon's three and the added tile). */
  tiles: readonly TileId[];
  /** The tile taken from another player (ankan: a tile of the set). */
  called: TileId;
  /** The discarder (kakan: the pon's); the winner itself for an ankan. */
  from: Seat;
  /** For a kan whose call event is known: where it is, for mismatches that come from it. */
  kan?: KanRef;
}

/** Riichi as scored: none, riichi, or double riichi (declared on the first discard, nothing called before). */
export type RiichiKind = 'none' | 'riichi' | 'double';

/** The yakuman of the first go-around (a win by the winner's first draw or, renhou, a ron before it). */
export type Blessing = 'none' | 'tenhou' | 'chiihou' | 'renhou';

/** Everything the scorer needs to value one win: tiles, the table's situation, the counters. */
export interface WinInput {
  /** The winner. */
  seat: Seat;
  /** The discarder (the kakan or ankan player for a chankan, the kita player for a ron on a kita); the winner for a tsumo. */
  from: Seat;
  /** The dealer's seat (East). */
  dealer: Seat;
  /** Players at the table: 3-player games pay tsumo and honba by the 3-player knobs, and count kita. */
  players: 3 | 4;
  /** 0 East .. 3 North: the round's wind. */
  roundWind: number;
  /** 0 East .. 3 North: the winner's seat wind. */
  seatWind: number;
  /** Concealed tiles without the winning tile. */
  concealed: readonly TileId[];
  /** The tile won on (tsumo: the tile drawn; ron: the tile on offer). */
  winningTile: TileId;
  /** Melds in call order (a kakan in its pon's place). */
  melds: readonly ScoreMeld[];
  /** 3-player: the Norths the winner set aside (each a nukidora). */
  kitaTiles: readonly TileId[];
  /** Won on the winner's own draw. */
  tsumo: boolean;
  /** Riichi as scored (the adapter decides double riichi from the table's counts and the rules). */
  riichi: RiichiKind;
  /** Ippatsu as the table saw it (the rules' `ippatsuYaku` knob still decides whether it is a yaku). */
  ippatsu: boolean;
  /** The ron robs a kan (chankan). */
  chankan: boolean;
  /** The tsumo is on a replacement tile (after a kan or, 3-player, a kita). */
  rinshan: boolean;
  /** Tsumo on the live wall's last tile. */
  haitei: boolean;
  /** Ron on the last discard. */
  houtei: boolean;
  /** A win of the first go-around (tenhou, chiihou, renhou), decided by the adapter under the rules. */
  blessing: Blessing;
  /** Dora indicators shown: the first, then each kan indicator in order. */
  doraIndicators: readonly TileId[];
  /** Ura indicators (the tiles under them, same order); counted only in riichi. */
  uraIndicators: readonly TileId[];
  /**
   * The ura han of a riichi win whose log does not record its ura indicators (a log convention, src/rules
   * LOG_CONVENTIONS): taken as given in place of counting `uraIndicators`, since nothing can check them.
   */
  uraHanAssumed?: number;
  /** Which suits have a red five (copy 0 of the five): 1 m, 2 p, 4 s; 7 all, 0 none. */
  redFiveSuits: number;
  /** Honba counters of the hand (a double ron: the table's, given to the first winner under `first-winner`). */
  honba: number;
  /** Riichi sticks on the table, the winner's own included (a double ron: the table's, given to one winner). */
  riichiSticks: number;
  /**
   * The player liable for a pao yakuman: undefined, worked out from the melds' feeders (who fed the last
   * dragon or wind set, or the fourth kan); a seat, that player (when the hand holds a pao yakuman); null,
   * nobody (a caller who does not know the feeders).
   */
  pao?: Seat | null;
  /** The kan whose replacement tile won (rinshan), or robbed (chankan); and kans after the winner's riichi (which cancel ippatsu). */
  kans?: {
    rinshan?: KanRef;
    robbed?: KanRef;
    afterRiichi?: readonly KanRef[];
  };
  /** For a rinshan tsumo: the daiminkan whose replacement tile won, and who fed it (the daiminkanPao kan knob). */
  daiminkanFeeder?: Seat;
  /**
   * For a rinshan tsumo on a later kan of the same turn (daiminkan, replacement draw, ankan or kakan,
   * replacement draw, win): who fed the turn's daiminkan (daiminkanPao discarder-pays-chained).
   */
  chainedDaiminkanFeeder?: Seat;
}

/** One yaku as scored: its mjlog id, name and han (dora, ura and red fives are ids 52, 53, 54). */
export interface ScoredYaku {
  /** mjlog yaku id (docs/formats.md §2.9). */
  id: number;
  /** The game's name (`names.ts`). */
  name: string;
  /** Han (ura dora may be 0: Tenhou lists it for every winner in riichi). */
  han: number;
  /** The kans it comes from (chankan, rinshan kaihou, sankantsu), when the input knows them. */
  kans?: readonly KanRef[];
}

/** One yakuman as scored. */
export interface ScoredYakuman {
  /** mjlog yakuman id. */
  id: number;
  /** The game's name. */
  name: string;
  /** 1, or 2 for a double yakuman under the `doubleYakuman` knob. */
  multiplier: number;
  /** The kans it comes from (suukantsu), when the input knows them. */
  kans?: readonly KanRef[];
}

/** One line of the fu breakdown (`fuPartText` writes it out). */
export interface FuPart {
  /**
   * `base` 20 (futei); `set` a triplet or kan; `pair` a yakuhai pair; `wait` a kanchan, penchan or tanki;
   * `tsumo`; `menzen-ron` a closed ron; `open-pinfu` an open hand of pinfu shape won by ron (30 fu);
   * `pinfu-tsumo` (no tsumo fu: 20); `chiitoitsu` (25); `round-up` to the next 10.
   */
  reason: 'base' | 'menzen-ron' | 'tsumo' | 'pair' | 'wait' | 'set' | 'open-pinfu' | 'chiitoitsu' | 'pinfu-tsumo' | 'round-up';
  /** The fu this line adds. */
  fu: number;
  /** `set`, `pair`: the kind. */
  kind?: TileKind;
  /** `set`: concealed (a closed triplet or an ankan) or not. */
  closed?: boolean;
  /** `set`: a kan. */
  isKan?: boolean;
  /** `wait`: which. */
  wait?: Wait;
  /** The kan the fu are for (kan fu), when the input knows its call event. */
  kan?: KanRef;
}

/** How the winning tile completed the hand. */
export type Wait = 'ryanmen' | 'kanchan' | 'penchan' | 'tanki' | 'shanpon' | 'chiitoitsu' | 'kokushi';

/** The reading of the concealed tiles a score was made on (the melds are the input's). */
export interface ScoredReading {
  /** The reading's form and groups, in kind order, as src/hand gives them. */
  form: ReadingForm;
  /** The groups of the concealed tiles with the winning tile, in kind order. */
  groups: readonly Group[];
  /** The group the winning tile completed (-1 for kokushi musou). */
  winGroup: number;
  /** How the winning tile completed that group. */
  wait: Wait;
}

/** Dora by source. */
export interface DoraCounts {
  /** From the first indicator. */
  dora: number;
  /** From the kan indicators. */
  kandora: number;
  /** From the tile under the first indicator (riichi only). */
  ura: number;
  /** From the tiles under the kan indicators (riichi only). */
  kanUra: number;
  /** Red fives held. */
  red: number;
  /** 3-player: kita set aside, one nukidora each. */
  kita: number;
}

/** Why a win is worth nothing: its tiles are no winning hand, or they are one without a yaku under the rules. */
export type WinFailure = 'incomplete' | 'no-yaku';

/** A win valued and paid. */
export interface WinScore {
  /** The hand has a yaku (or a yakuman); a win without one is worth nothing (`points` 0). */
  valid: boolean;
  /** What makes the win invalid: `incomplete`, the tiles are no winning hand; `no-yaku`, a complete hand without a yaku. */
  failure?: WinFailure;
  /** Why the win is not valid, in words. */
  problem?: string;
  /** Yaku with their han, dora entries last (ura listed for a riichi win even at 0 han, as Tenhou writes it). */
  yaku: ScoredYaku[];
  /** The yakuman, each with its multiplier (a yakuman hand lists no yaku). */
  yakuman: ScoredYakuman[];
  /** Han of the yaku and dora (0 for a yakuman hand). */
  han: number;
  /** Fu, rounded (25 for chiitoitsu; 0 for kokushi). */
  fu: number;
  /** The fu breakdown of the reading kept, line by line. */
  fuParts: FuPart[];
  /** The fu of the kans among `fuParts`, before rounding; the database's win_dora.kan_fu. */
  kanFu: number;
  /** Dora by source (all 0 for a yakuman hand, where they do not count). */
  dora: DoraCounts;
  /**
   * The han the kans brought: chankan, rinshan kaihou and sankantsu, the kandora and the kan ura (0 for a
   * yakuman hand, and for a win worth nothing); the database's win_dora.kan_han.
   */
  kanHan: number;
  /** The hand's value without honba and sticks (a tsumo: what all payers pay together), as Tenhou's `ten`. */
  points: number;
  /** 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman (kazoe included). */
  limit: number;
  /** Basic points (fu × 2^(han+2), or the limit's). */
  basicPoints: number;
  /** What each seat pays for the hand, honba and sticks aside (the winner's entry 0); four entries. */
  payments: number[];
  /** Score changes of the win: payments, honba and sticks; four entries. */
  deltas: number[];
  /** Honba points and sticks this win received (0 for a second winner of a double ron under `first-winner`). */
  honbaPoints: number;
  /** Riichi sticks this win received, in points. */
  stickPoints: number;
  /** The liable player who paid (pao or the daiminkanPao knob), when one did. */
  liable?: Seat;
  /** The reading kept (null when the tiles are no complete hand); `readingText` writes it out. */
  reading: ScoredReading | null;
  /** Kans behind the kan yaku and fu, for mismatches: the winner's kans, the robbed one, the rinshan one, those after its riichi. */
  kans: { melds: readonly KanRef[]; robbed?: KanRef; rinshan?: KanRef; afterRiichi: readonly KanRef[] };
}

/** A drawn hand, as the scorer pays it. */
export interface DrawInput {
  /** How the hand was drawn (src/events' RyuukyokuReason): only an exhaustive draw pays. */
  reason: 'exhaustive' | 'nagashi-mangan' | 'kyuushu-kyuuhai' | 'suucha-riichi' | 'sanchahou' | 'suukaikan' | 'suufon-renda';
  /** Players at the table: the noten payments' total and the nagashi tsumo split depend on it. */
  players: 3 | 4;
  /** The dealer's seat: a nagashi mangan is paid as a tsumo, the dealer's share double. */
  dealer: Seat;
  /** Per seat (four entries): tenpai at the end of the hand. */
  tenpai: readonly boolean[];
  /** Seats whose discards qualify for nagashi mangan. */
  nagashi: readonly Seat[];
}

export interface DrawScore {
  /** Score changes, four entries (the riichi sticks stay on the table). */
  deltas: number[];
  /** What was paid: noten payments, nagashi mangan, or nothing. */
  kind: 'noten' | 'nagashi-mangan' | 'none';
}

/** The part of a scored win a mismatch is about. */
export type ScoreComponent = 'yaku' | 'han' | 'fu' | 'points' | 'limit' | 'payment';

/** A disagreement between the log and the scorer. */
export interface ScoreMismatch {
  /** Which part of the score differs. */
  component: ScoreComponent;
  /** The log's value (a yaku list as `id:han`, a number, a seat's delta). */
  logged: string | number;
  /** The scorer's value, in the same form. */
  computed: string | number;
  /** One line: what differs. */
  message: string;
  /** For a yaku mismatch, the yaku id; for a payment, the seat. */
  yakuId?: number;
  /** For a payment mismatch, the seat whose score change differs. */
  seat?: Seat;
  /** The kans behind the differing yaku or fu, when they come from kans. */
  kans?: KanRef[];
}
