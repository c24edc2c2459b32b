/**
 * The table's nouns: a seat, a meld, the tile on offer, a kan as the table saw it, a win, and the two
 * ways a log can be wrong about the table (it contradicts itself, or the wall rebuilt from its seed).
 */
import type { RyuukyokuReason, Seat, WinEvent } from '../events/index.js';
import type { KanType, MeldType, TileId } from '../tiles/index.js';

/** A called or declared set. */
export interface Meld {
  type: MeldType;
  /** All its tiles, ascending (a kakan: the pon's three and the added tile). */
  tiles: TileId[];
  /** The tile taken from another player (ankan: a tile of the set). */
  called: TileId;
  /** The discarder; the seat itself for an ankan. */
  from: Seat;
  /** A kakan: the tile added to the pon. */
  added?: TileId;
  /** The mjlog meld code, when the call event has one (writers write it back). */
  code?: number;
}

/** Riichi, step by step: declared, then its discard made, then accepted once that discard passed. */
export type RiichiState = 'none' | 'declared' | 'discarded' | 'accepted';

/** What a seat did last: tells a kan right after chi or pon, and a chained kan, from a kan after a draw. */
export type SeatAction = 'none' | 'draw' | 'replacement' | 'chi' | 'pon' | 'discard' | 'kan';

/** One seat at the table. */
export interface SeatState {
  /** Concealed tiles, in no particular order. */
  concealed: TileId[];
  /** Melds in call order; a kakan takes its pon's place; kita are apart. */
  melds: Meld[];
  /** 3-player: the Norths set aside (each a nukidora). */
  kita: TileId[];
  /** The seat's own discards in order, called ones included. */
  river: TileId[];
  riichi: RiichiState;
  /** The tile drawn this turn, while the seat still holds it. */
  drawn: TileId | null;
  last: SeatAction;
  /** Discards made so far: the seat's turn is this + 1. */
  discards: number;
  /** Where the seat's furiten window starts in the table's list of offered tiles. */
  passedFrom: number;
  /** The table's calls and kita counted when this seat declared riichi (null without riichi), for ippatsu and double riichi. */
  riichiAt: { calls: number; kita: number; discards: number } | null;
}

/** A riichi declaration as the table saw it. */
export interface RiichiRecord {
  seat: Seat;
  /** The declaring event. */
  eventIndex: number;
  /** 1 + the declarer's discards before it. */
  turn: number;
  /** Live tiles left to draw when it was declared (a riichi needs a draw after it). */
  liveWallLeft: number;
  /** The declarer's concealed tiles after its riichi discard (what must be tenpai); null until it is made. */
  concealedAfterDiscard: TileId[] | null;
}

/** A chi, pon or daiminkan of a discard, as the table saw it. */
export interface DiscardCall {
  seat: Seat;
  eventIndex: number;
  meld: 'chi' | 'pon' | 'daiminkan';
  tiles: TileId[];
  called: TileId;
  from: Seat;
  /** Live tiles left when it was called (0: the discard was the hand's last, houtei). */
  liveWallLeft: number;
  /** The caller had declared riichi. */
  inRiichi: boolean;
  /** The caller's next discard (chi and pon: the discard right after the call), or null. */
  nextDiscard: TileId | null;
}

/**
 * Whose move it is: `draw` (the seat draws from the live wall, unless someone calls the discard on
 * offer), `replacement` (the seat draws a replacement tile after its kan or kita; the declaration is on
 * offer until then), `act` (the seat holds a full hand: it discards, declares, or wins), `over`.
 */
export type TurnPhase = 'draw' | 'replacement' | 'act' | 'over';

/** The last tile another player could ron on, if nothing has happened since. */
export interface Offer {
  kind: 'none' | 'discard' | 'kakan' | 'ankan' | 'kita';
  seat: Seat;
  tile: TileId;
  eventIndex: number;
  /** The kan being declared (kakan, ankan). */
  kan: Kan | null;
}

/**
 * When a kan's indicator is (or would be) turned over, relative to the kan:
 * - `declaration`: right after the kan is declared (kakan: once the chankan window passed), before the replacement draw;
 * - `after-replacement`: after the replacement draw, with the kan player's next discard;
 * - `next-kan`: when the kan player declares another kan (or, in 3-player, a kita) before discarding;
 * - `after-discard`: after the kan player's discard has passed without a ron;
 * - `never`: the hand ended first (rinshan tsumo, chankan, a ron on the discard…);
 * - `unknown`: the log stops (an excerpt) before the moment is decided, or the hand was aborted at the kan itself;
 * - `unrecorded`: the log shows the indicator but not when it was turned over (tenhou.net/6 JSON).
 */
export type RevealMoment = 'declaration' | 'after-replacement' | 'next-kan' | 'after-discard' | 'never' | 'unknown' | 'unrecorded';

/** What came right after a kan's declaration (riichi deposits, reveals and reconnects aside). */
export type AfterDeclaration = 'replacement' | 'robbed' | 'ended' | 'went-on';

/** What came right after the kan player's next discard (riichi deposits, reveals and reconnects aside). */
export type AfterDiscard = 'ron' | 'ended' | 'went-on' | 'log-stops';

/** What a kan is, fixed when it is declared: the table's Kan and the replay's KanRecord both hold it. */
export interface KanDeclaration {
  /** Index of the call event within the round's events. */
  eventIndex: number;
  /** 1 for the round's first kan (robbed kakans included). */
  number: number;
  seat: Seat;
  kind: KanType;
  /** A tile of the kan (kakan: the added tile; daiminkan: the called tile; ankan: the lowest id). */
  tile: TileId;
  /** The four tiles, ascending. */
  tiles: TileId[];
  /** Daiminkan: the discarder; kakan: the pon's discarder; ankan: the kan player. */
  from: Seat;
  /** The kan player's turn: 1 + its discards so far. */
  turn: number;
  /** Live-wall tiles still to draw when it was declared (0: the haitei was drawn). */
  liveWallLeft: number;
  /** The kan player's riichi discard had been made. */
  inRiichi: boolean;
  /** Ankan/kakan with no draw since the player's chi or pon. */
  afterCall: boolean;
  /** Ankan/kakan right after a replacement draw (a chained kan). */
  afterReplacement: boolean;
  /** Ankan/kakan: the tile drawn this turn (live or replacement), or null. */
  drawnTile: TileId | null;
  /** Ankan/kakan: the concealed hand before this turn's draw (what riichi-kan rules judge), sorted. */
  concealedBeforeDraw: TileId[] | null;
  /** Melds (kita aside) before this kan. */
  meldsBefore: number;
}

/** A kan as the table saw it; updated as its hand goes on, read when the round ends. */
export interface Kan extends KanDeclaration {
  /** Robbed by a ron (chankan on a kakan; kokushi on an ankan): never completed. */
  robbed: boolean;
  /** What came right after the declaration; null while undecided or when the log stops there. */
  afterDeclaration: AfterDeclaration | null;
  replacement: {
    tile: TileId;
    eventIndex: number;
    /** 0-based count of replacement draws in the round (kan and kita together). */
    number: number;
    /** Where the wall keeps it (null beyond the dead wall's replacement tiles). */
    wallIndex: number | null;
  } | null;
  /** The replacement tile won the hand (rinshan kaihou). */
  rinshanWin: boolean;
  /** The kan player's next kan or kita before discarding; `kan` is null for a kita. */
  nextDeclaration: { eventIndex: number; kan: Kan | null } | null;
  /** The kan player's next discard, and what followed it. */
  discard: { eventIndex: number; after: AfterDiscard | null } | null;
  /** The log's reveal of this kan's indicator (a `kandora` event). */
  reveal: { eventIndex: number; indicator: TileId; kandoraNumber: number; moment: RevealMoment } | null;
}

/** A win as the table saw it, with the winner's hand at that moment. */
export interface Win {
  event: WinEvent;
  eventIndex: number;
  tsumo: boolean;
  /** The tile won on: the tile drawn (tsumo) or the tile on offer (ron). */
  winningTile: TileId;
  /** The kan robbed, when the ron is on a kakan or an ankan. */
  robbedKan: Kan | null;
  /** Ron on a kita'd North (3-player). */
  onKita: boolean;
  rinshan: boolean;
  haitei: boolean;
  houtei: boolean;
  /** The winner had declared riichi. */
  riichi: boolean;
  /** The winner's concealed tiles without the winning tile, sorted. */
  concealed: TileId[];
  /** The winner's melds in call order (a kakan in its pon's place): who fed each one matters for pao. */
  melds: WinMeld[];
  kitaTiles: TileId[];
  river: TileId[];
  /** Tiles others let go since the winner's last discard (riichi: since its riichi discard), for furiten. */
  passedSinceOwnDiscard: TileId[];
  /** Kans declared in the round before the win. */
  kansBefore: number;
  /**
   * What happened at the table before the win, for the yaku of the first go-around and of riichi's
   * timing (the scorer applies the rule: whether a kita counts as a call, say). Calls are chi, pon and
   * kans, the kan this win robs aside (it was never completed).
   */
  timing: WinTiming;
}

/** A meld of a winning hand. */
export interface WinMeld {
  type: MeldType;
  tiles: TileId[];
  /** The tile taken from another player (ankan: a tile of the set). */
  called: TileId;
  /** The discarder; the winner itself for an ankan. */
  from: Seat;
}

/** The facts of a win's timing: counts, no rule applied. */
export interface WinTiming {
  /** The winner's discards before the win (0: its first turn). */
  discardsBefore: number;
  /** Calls at the table before the win. */
  callsBefore: number;
  /** Kita at the table before the win (3-player). */
  kitaBefore: number;
  /** Riichi: the winner's discards, calls and kita at the table when it declared; after its riichi discard; null without riichi. */
  riichi: {
    discardsBefore: number;
    callsBefore: number;
    kitaBefore: number;
    /** The winner's discards after its riichi discard. */
    discardsAfter: number;
    callsAfter: number;
    kitaAfter: number;
  } | null;
}

/** How a round ended, as far as the log shows. */
export interface Ending {
  kind: 'win' | 'ryuukyoku' | 'none';
  reason?: RyuukyokuReason;
  eventIndex: number | null;
}

export type InconsistencyKind =
  | 'discard-not-in-hand'
  | 'call-tiles-not-held'
  | 'called-tile-not-last-discard'
  | 'kakan-without-pon'
  | 'kita-not-north'
  | 'hand-size'
  | 'no-such-seat'
  | 'out-of-turn'
  | 'draw-beyond-wall'
  | 'kandora-without-kan'
  | 'riichi-not-declared'
  | 'riichi-repeated'
  | 'riichi-open-hand'
  | 'riichi-discard'
  | 'win-hand-mismatch'
  | 'win-tile-mismatch'
  | 'win-repeated'
  | 'win-not-complete'
  | 'indicators-mismatch'
  | 'dora-count-mismatch'
  | 'shown-hand-mismatch'
  | 'exhaustive-draw-early'
  | 'too-many-copies'
  | 'event-after-end'
  | 'hand-without-ending';

/** Where and how the log contradicts itself. */
export interface Inconsistency {
  kind: InconsistencyKind;
  /** Position of the hand in the game, 1-based (docs/vocabulary.md). */
  hand: number;
  /** The event at which the contradiction shows. */
  eventIndex: number;
  seat?: Seat;
  message: string;
}

export type WallMismatchKind = 'haipai' | 'live-draw' | 'replacement-draw' | 'dora-indicator' | 'kandora' | 'ura' | 'dice';

/** A tile (or the dice) the log shows where the wall rebuilt from its seed has another. */
export interface WallMismatch {
  kind: WallMismatchKind;
  /** Position of the hand in the game, 1-based (docs/vocabulary.md). */
  hand: number;
  /** Event index (0 for the round start). */
  eventIndex: number;
  wallIndex: number | null;
  expected: TileId | number | null;
  logged: TileId | number | null;
  message: string;
}
