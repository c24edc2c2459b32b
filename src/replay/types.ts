/**
 * What a replay produces: every kan with its replacement draw and its reveal (as logged and under the
 * chosen kandora timing), every win with the indicators and dora that count, and every way the log
 * disagrees with itself or with the wall rebuilt from its seed. Plain data, built once when a round ends,
 * so it can cross threads.
 */
import type { FinalResult, RyuukyokuReason, Seat, Yaku } from '../events/index.js';
import type { KandoraTiming } from '../rules/index.js';
import type { AfterDeclaration, AfterDiscard, DiscardCall, Inconsistency, KanDeclaration, RevealMoment, WallMismatch, WinMeld } from '../table/index.js';
import type { ScoreMismatch, WinScore } from '../score/index.js';
import type { KanType, MeldType, TileId } from '../tiles/index.js';

export type { AfterDeclaration, AfterDiscard, DiscardCall, Inconsistency, InconsistencyKind, RevealMoment, WallMismatch, WallMismatchKind } from '../table/index.js';

/**
 * A kan's logged reveal moment against the rule's: `conforms`, `differs`, `undecided` (either moment
 * unknown) or `unrecorded` (the log shows the indicator without its moment); see `revealVerdict`.
 */
export type RevealVerdict = 'conforms' | 'differs' | 'undecided' | 'unrecorded';

/** What happened after a kan, as far as its reveal is concerned. */
export interface KanAftermath {
  kind: KanType;
  robbed: boolean;
  /** The kan player drew the replacement tile. */
  replaced: boolean;
  /** The kan player declared another kan before discarding; whether that one was robbed. */
  nextKan: { robbed: boolean } | null;
  /** The kan player discarded afterwards; whether that discard was ronned. */
  discard: { ronned: boolean } | null;
  /** The replacement tile won the hand. */
  rinshanWin: boolean;
  /** The log stops before any of the above (an excerpt). */
  logEnded: boolean;
  /** The hand ended at the declaration itself (an abort at the kan): whether the reveal beat the abort is not a rule's to say. */
  endedAtDeclaration?: boolean;
}

export interface WallPosition {
  /** Index into the round's wall (see src/wall), or null when no wall could be built. */
  index: number | null;
  /** The tile the wall holds there, or null without a wall. */
  expected: TileId | null;
}

/** A kan: what it is (KanDeclaration, src/table), what followed it, and its reveal as logged and under the timing. */
export interface KanRecord extends KanDeclaration {
  /** Position of the hand in the game, 1-based (docs/vocabulary.md). */
  hand: number;
  /** A kakan robbed by a ron (chankan), or an ankan robbed by kokushi: the kan is never completed. */
  robbed: boolean;
  /**
   * What came right after the declaration: its replacement draw, a ron robbing it, the hand's end (an
   * abort at the kan), or play going on without a replacement draw; null when the log stops there.
   */
  afterDeclaration: AfterDeclaration | null;
  /** The replacement (rinshan) draw, if one was drawn. */
  replacement: {
    tile: TileId;
    eventIndex: number;
    /** 0-based count of replacement draws in the round (kan and kita together). */
    number: number;
    wall: WallPosition;
  } | null;
  /** The replacement tile won the hand (rinshan kaihou). */
  rinshanWin: boolean;
  /** Kandora number (1..4) of this kan's indicator in reveal order, or null if the kan is robbed. */
  kandoraNumber: number | null;
  /** The indicator tile: as logged if the log shows it, else the wall's tile if a wall was built, else null. */
  indicator: TileId | null;
  indicatorWall: WallPosition;
  /** Index of the logged reveal event (DORA), or null. */
  revealEventIndex: number | null;
  revealLogged: RevealMoment;
  /** The moment the chosen kandoraTiming gives this kan, given how the hand went on. */
  revealRule: RevealMoment;
  /** The logged moment against the rule's (`revealVerdict(revealLogged, revealRule)`, src/replay/timing.ts). */
  revealVerdict: RevealVerdict;
  /** The kan player's next discard after the kan (event index), or null. */
  discardEventIndex: number | null;
  /** What came right after that discard: a ron on it, the hand's end, play going on, or the log's end. */
  afterDiscard: AfterDiscard | null;
  /** The kan player's next kan (or kita) before that discard (event index), or null. */
  nextDeclarationEventIndex: number | null;
  /**
   * What followed the kan as far as its reveal goes: any timing's moment is `ruleRevealMoment(timing,
   * aftermath)`. Set by the replay; optional so that hand-built records (tests) need not say.
   */
  aftermath?: KanAftermath;
}

export interface DoraView {
  /** The indicators that count (the round's first one and the revealed kandora). */
  indicators: (TileId | null)[];
  ura: (TileId | null)[];
  /** Dora from indicators in the winning hand (concealed, melds and kita); null if an indicator is unknown. */
  dora: number | null;
  /** Of those, the first indicator's alone; null if it is unknown. */
  firstIndicatorDora: number | null;
  /** Of those, the kandora indicators' alone (all but the first; 0 with none); null if one is unknown. `dora` is the two added. */
  kandora: number | null;
  /** Ura dora (riichi winners only, else 0); null if an ura indicator is unknown. */
  uraDora: number | null;
}

export interface WinRecord {
  /** Position of the hand in the game, 1-based (docs/vocabulary.md). */
  hand: number;
  eventIndex: number;
  seat: Seat;
  from: Seat;
  tsumo: boolean;
  winningTile: TileId;
  /** Ron on a kakan's added tile. */
  chankan: boolean;
  /** Ron on an ankan (kokushi only, where allowed). */
  chankanOnAnkan: boolean;
  /** Tsumo on a replacement draw. */
  rinshan: boolean;
  /** Tsumo on the last live tile (not a replacement). */
  haitei: boolean;
  /** Ron on the discard after the last live tile was drawn. */
  houtei: boolean;
  /** 3-player: ron on a tile set aside as kita (Tenhou lets kokushi rob it). */
  onKita: boolean;
  riichi: boolean;
  /** The winner's concealed tiles before the winning tile, sorted. */
  concealed: TileId[];
  /** The winner's melds (kita excluded). */
  melds: WinMeld[];
  /** 3-player: how many Norths the winner set aside (each is a nukidora). */
  kitaCount: number;
  kitaTiles: TileId[];
  /** The winner's own discards (river, called tiles included). */
  river: TileId[];
  /** Tiles others discarded since the winner's last discard (riichi: since the riichi discard), for furiten. */
  passedSinceOwnDiscard: TileId[];
  yaku: Yaku[];
  yakuman: number[];
  /** Dora han as the log scores it (yaku 52; in 3-player it includes one per kita). */
  doraHanLogged: number;
  /**
   * The hand's value as the log scores it: fu, points (without honba and riichi sticks) and limit (0 none,
   * 1 mangan … 5 yakuman). Set by the replay; optional so that hand-built records (tests) need not say.
   */
  fu?: number;
  points?: number;
  limit?: number;
  logged: DoraView;
  rule: DoraView;
  /** Kans made in the hand before the win. */
  earlierKanCount: number;
  /** Score changes as the log records them, four entries (honba and riichi sticks included). */
  scoreDeltas: number[];
  /** The player the log makes liable (pao), if any. */
  pao: Seat | null;
  /** The win re-scored under the rule set (src/score); null for a record made by hand (tests). */
  score?: WinScore | null;
  /** Where the score the log states differs from the one re-scored (empty when they agree). */
  scoreMismatches?: ScoreMismatch[];
  /**
   * A riichi win whose log records no ura indicators (src/rules LOG_CONVENTIONS `ura-unrecorded`): the ura
   * han taken from what the log pays, unchecked; absent when none had to be assumed.
   */
  uraAssumed?: number;
}

/** A riichi declaration and its discard. */
export interface RiichiDeclaration {
  seat: Seat;
  /** The declaring event. */
  eventIndex: number;
  /** 1 + the seat's discards before it: the turn of the riichi discard (kans.turn counts alike). */
  turn: number;
  /** The riichi discard, or null when the log stops (or the hand ends) before it. */
  tile: TileId | null;
  tsumogiri: boolean | null;
  /** The riichi was accepted (its discard not ronned; the stick deposited). */
  accepted: boolean;
  /** The declarer's score when it declared (the hand's start: scores change only at its end). */
  scoreBefore: number;
  /** Live tiles left to draw when it was declared. */
  liveWallLeft: number;
  /** The declarer's concealed tiles after its riichi discard (what must be tenpai), or null before it. */
  concealedAfterDiscard: TileId[] | null;
}

/**
 * The scores of a hand as it started and as it left them: what the next hand must start with (docs
 * inconsistencies / legality: scores carried).
 */
export interface HandScoreBook {
  /** Scores at the hand's start (one a seat that plays). */
  start: number[];
  honba: number;
  riichiStickCount: number;
  /** Riichi sticks each seat deposited in the hand (1,000 points each). */
  deposits: number[];
  /** The score changes of the hand's ending (a double ron's summed); null when the log stops before one. */
  deltas: number[] | null;
  /** The hand ended in a win by the dealer, or in a drawn hand: the dealer keeps the seat (honba + 1). */
  renchan: boolean;
  /** Some win ended it (the sticks on the table were taken). */
  won: boolean;
}

export interface HandEnding {
  kind: 'win' | 'ryuukyoku' | 'none';
  reason?: RyuukyokuReason;
  eventIndex: number | null;
  /** Kans completed (not robbed) in the hand and by how many players. */
  kanCount: number;
  kanPlayerCount: number;
  /** At an exhaustive draw, the seats whose tenpai hands the log shows; empty otherwise. */
  tenpaiShown: Seat[];
}

/** A drawn hand's shown hands and the table's state at its end, for judging whether its condition held. */
export interface DrawnHandFacts {
  /** The hands the log shows (tenpai hands; the nine-terminals declarer; the claimants). */
  shown: { seat: Seat; tiles: TileId[] }[];
  /** Each seat's discards in order, called ones included (4 entries; empty for a seat that does not play). */
  rivers: TileId[][];
  /** Each seat's melds at the end (chi, pon, kans; kita apart). */
  meldCounts: number[];
  /** The seats whose discards make nagashi mangan (all terminals and honours, none called), as the scorer pays them. */
  nagashiSeats: Seat[];
  /**
   * The seat that drew and had not discarded when the hand ended, with the tiles it held (sorted): the
   * nine-terminals declarer, whether or not the log shows its hand (tenhou.net/6 shows none). Null when
   * no seat held a tile it drew (the hand ended after a discard or a call).
   */
  drawer: { seat: Seat; tiles: TileId[] } | null;
  /**
   * At a triple-ron abort (sanchahou): the tile on offer (a discard, or a kakan's added tile) and its
   * seat, and the other seats whose concealed tiles it completes (the shape alone: yaku and furiten
   * aside). Null at every other ending.
   */
  ronOffer: { seat: Seat; tile: TileId; completes: Seat[] } | null;
}

export interface HandReplay {
  /** Position of the hand in the game, 1-based (docs/vocabulary.md). */
  hand: number;
  /** Kyoku index (4 × wind + dealer). */
  kyoku: number;
  honba: number;
  dealer: Seat;
  /** Whether a wall was built for this round (and why not). */
  wall: { built: boolean; reason?: string };
  kans: KanRecord[];
  kita: { seat: Seat; eventIndex: number; replacement: TileId | null }[];
  wins: WinRecord[];
  ending: HandEnding;
  /** Live and replacement draws made. */
  liveDrawCount: number;
  replacementDrawCount: number;
  /** Live tiles left to draw when the hand ended (0: the haitei was drawn). */
  liveWallLeftAtEnd: number;
  /** The discards made before any call, up to one a player: the first go-around, when uninterrupted (four winds). */
  openingDiscards: readonly TileId[];
  /** Riichi declarations, in order. */
  riichiDeclarations: RiichiDeclaration[];
  /** Chi, pon and daiminkan of discards, in order, with what the caller discarded next. */
  discardCalls: DiscardCall[];
  /** The scores the hand started with and left. */
  scoreBook: HandScoreBook;
  /** A drawn hand's shown hands, rivers and melds (null when the hand did not end in one). */
  drawn: DrawnHandFacts | null;
  /** Events in the round (the round start included). */
  eventCount: number;
}

export interface TimingMismatch {
  /** Position of the hand in the game, 1-based (docs/vocabulary.md). */
  hand: number;
  kanEventIndex: number;
  seat: Seat;
  kind: KanType;
  logged: RevealMoment;
  rule: RevealMoment;
}

/**
 * A round whose log shows its kandora without their moments (tenhou.net/6 JSON) and shows another
 * number of them than the kans reveal under the timing.
 */
export interface KandoraCountMismatch {
  /** Position of the hand in the game, 1-based (docs/vocabulary.md). */
  hand: number;
  /** Where the round's indicator list is final: its ending (or its last event). */
  eventIndex: number;
  /** Kandora indicators the log shows. */
  logged: number;
  /** Kandora the round's kans reveal under the timing. */
  rule: number;
}

export interface ReplayResult {
  kandoraTiming: KandoraTiming;
  /** The timing applied: `tenhou` becomes `immediate` for Tenhou's chip games (see effectiveTiming). */
  effectiveKandoraTiming: KandoraTiming;
  playerCount: 3 | 4;
  /** A wall could be rebuilt from the log's seed. */
  seeded: boolean;
  /** Why not, when not seeded. */
  seedNote: string | null;
  hands: HandReplay[];
  /** Tiles compared with the rebuilt wall (dealt, drawn, replacement, indicators, ura). */
  checkedTileCount: number;
  wallMismatches: WallMismatch[];
  timingMismatches: TimingMismatch[];
  kandoraCountMismatches: KandoraCountMismatch[];
  inconsistencies: Inconsistency[];
  /** Wins re-scored under the rule set (every win of the log, a double ron's each). */
  scoredWinCount: number;
  /** Where a win's or a drawn hand's score, as the log states it, differs from the one re-scored. */
  scoreMismatches: HandScoreMismatch[];
  final: FinalResult | null;
}

/** A score mismatch and where it is: the win's (or drawn hand's) hand, event and seat. */
export interface HandScoreMismatch extends ScoreMismatch {
  /** Position of the hand in the game, 1-based (docs/vocabulary.md). */
  hand: number;
  eventIndex: number;
  /** The winner (a drawn hand: the seat whose payment differs, when one does). */
  seat?: Seat;
}
