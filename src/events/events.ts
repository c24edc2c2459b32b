/**
 * The event stream: one discriminated union, the same whichever format a log came from.
 * Events are raw facts of the log in the order they happened; no rule is applied here.
 * `schemas/events.schema.json` describes the same shapes; keep both in step (EVENTS_SCHEMA_VERSION).
 */
import type { MeldType, TileId } from '../tiles/index.js';

export const EVENTS_SCHEMA_VERSION = 7;

/** Seat 0..3; seat 0 is the first dealer. In 3-player games seat 3 is empty. */
export type Seat = number;

export interface RoundStartEvent {
  type: 'roundStart';
  /** Kyoku: 4 × wind + dealer (0 = East 1, 4 = South 1, 8.. = West); 3-player skips dealer 3. */
  kyoku: number;
  honba: number;
  riichiStickCount: number;
  /** The two dice, 1..6. */
  dice: [number, number];
  doraIndicator: TileId;
  /** Scores in points at the start of the round, four entries (3-player: the fourth is 0). */
  scores: number[];
  dealer: Seat;
  /** Dealt hands, four arrays of 13 tiles (3-player: seat 3 empty); order as logged. */
  hands: TileId[][];
  /** Old (2009) logs carry a per-round shuffle seed instead of the game's SHUFFLE tag. */
  shuffle?: string;
  /**
   * Kandora indicators the round shows without recording when each was turned over (tenhou.net/6 JSON
   * lists a round's indicators in its header, nothing more), in reveal order. Present (maybe empty) only
   * for such logs: their reveals are never `kandora` events, and the replay places them under the
   * audit's kandoraTiming.
   */
  untimedKandora?: TileId[];
}

export interface DrawEvent {
  type: 'draw';
  seat: Seat;
  tile: TileId;
}

export interface DiscardEvent {
  type: 'discard';
  seat: Seat;
  tile: TileId;
  /** The discard is the tile just drawn. */
  tsumogiri: boolean;
}

export interface CallEvent {
  type: 'call';
  seat: Seat;
  meld: MeldType;
  /** All tiles of the meld, ascending; a kakan holds the pon's three and the added tile. */
  tiles: TileId[];
  /** The tile taken from another player (kakan: the pon's called tile; ankan/kita: a tile of the meld). */
  called: TileId;
  /** The discarder's seat; the caller's own seat for ankan and kita; for a kakan the pon's discarder. */
  from: Seat;
  /** Kakan only: the tile added to the pon. */
  added?: TileId;
  /** The mjlog meld code, when the log is XML. */
  code?: number;
}

/** A new dora indicator turned over after a kan (mjlog `DORA`). */
export interface KandoraEvent {
  type: 'kandora';
  indicator: TileId;
}

export interface RiichiEvent {
  type: 'riichi';
  seat: Seat;
  /** `declare` before the riichi discard; `accepted` once the discard was not ronned (stick deposited). */
  step: 'declare' | 'accepted';
  /** Scores after the deposit, when the log gives them. */
  scores?: number[];
}

export interface Yaku {
  /** mjlog yaku id (docs/formats.md, yaku); -1 when a JSON log names a yaku kanshi does not know. */
  id: number;
  han: number;
  /** The name as written, only when the id is unknown. */
  name?: string;
}

export interface FinalResult {
  /** Final scores in points. */
  scores: number[];
  /** Final game points (uma included), by seat. */
  gamePoints: number[];
}

export interface WinEvent {
  type: 'win';
  seat: Seat;
  /** The discarder (the kakan player for chankan); equal to `seat` for tsumo. */
  from: Seat;
  /** Liable player (pao), when one pays. */
  pao?: Seat;
  /** Concealed tiles including the winning tile. */
  hand: TileId[];
  winningTile: TileId;
  honba: number;
  riichiStickCount: number;
  fu: number;
  /** Hand value without honba and sticks. */
  points: number;
  /** 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman. */
  limit: number;
  yaku: Yaku[];
  yakuman: number[];
  doraIndicators: TileId[];
  uraIndicators: TileId[];
  /**
   * A riichi win whose log does not record the ura indicators (an mjai hora without `ura_markers`): its
   * ura han cannot be checked. Absent when the log records them (or the winner is not in riichi).
   */
  uraUnrecorded?: true;
  /** Score changes in points, four entries. */
  scoreDeltas: number[];
  final?: FinalResult;
}

export type RyuukyokuReason =
  | 'exhaustive'
  | 'kyuushu-kyuuhai'
  | 'suucha-riichi'
  | 'sanchahou'
  | 'suukaikan'
  | 'suufon-renda'
  | 'nagashi-mangan';

export interface RyuukyokuEvent {
  type: 'ryuukyoku';
  reason: RyuukyokuReason;
  honba: number;
  riichiStickCount: number;
  /** Hands shown (tenpai hands, the nine-terminals declarer, the three ron claimants). */
  shown: { seat: Seat; hand: TileId[] }[];
  scoreDeltas: number[];
  final?: FinalResult;
}

export interface DisconnectEvent {
  type: 'disconnect';
  seat: Seat;
}

export interface ReconnectEvent {
  type: 'reconnect';
  seat: Seat;
}

export type GameEvent =
  | RoundStartEvent
  | DrawEvent
  | DiscardEvent
  | CallEvent
  | KandoraEvent
  | RiichiEvent
  | WinEvent
  | RyuukyokuEvent
  | DisconnectEvent
  | ReconnectEvent;

export type GameEventType = GameEvent['type'];

/** One hand as the log records it: its events in order. */
export interface LoggedHand {
  /** `events[0]` is the hand's `roundStart` (the event keeps the name the formats give it). */
  events: GameEvent[];
}

export type LobbyLevel = 'ippan' | 'joukyuu' | 'tokujou' | 'houou';

/** A Tenhou lobby's rule fields, as written, and what is read of them. */
export interface LobbyRule {
  /** The `rule` fields: start and end time, the GO type as four hex digits, then four more. */
  rule: string[];
  /** The `csrule` fields: two words of flags (hex), then numbers (starting points, return, uma …). */
  csrule: string[];
}

export interface GameRule {
  /** The mjlog `GO type` bitfield (for JSON logs: from the log id, or rebuilt from the rule label). */
  typeCode: number | null;
  playerCount: 3 | 4;
  /** The game has red fives (in at least one suit). */
  redFives: boolean;
  /** Which suits have a red five: 1 m, 2 p, 4 s (7: all, as Tenhou's red games; 0: none). */
  redFiveSuits: number;
  /**
   * `tiles` when the log's rule does not say which suits have red fives (a Tenhou lobby's tenhou.net/6
   * JSON, an mjai log without `aka_flag`) and the reader took them from the tiles the log shows; absent
   * when the rule says (docs/formats.md §5.7).
   */
  redFivesFrom?: 'tiles';
  /**
   * A Tenhou lobby's own rule, as its log states it (tenhou.net/6 JSON `rule` array and `csrule`; mjlog
   * `<GO rule csrule>`): kept as written, with what kanshi reads of it (docs/formats.md §5.7).
   */
  lobbyRule?: LobbyRule;
  openTanyao: boolean;
  length: 'tonpuu' | 'hanchan';
  lobbyLevel: LobbyLevel;
  speed: 'normal' | 'fast' | 'hyper';
  /** False for games against computers or test play. */
  vsHumans: boolean;
  /**
   * Tenhou's chip (祝儀) games, by the GO type: `chips` (bit 0x0200), `five-chips` (bits 0x0200 and
   * 0x0400); the one place those bits are read (the scorer's kiriage and honba, the replay's kandora timing).
   */
  chips: 'none' | 'chips' | 'five-chips';
  /** Tenhou's short label, e.g. 四鳳南喰赤. */
  label: string;
}

export interface Player {
  seat: Seat;
  name: string;
  /** Rank index: 0 新人, 1..9 = 9級..1級, 10 初段 … 19 十段, 20 天鳳位; null when unknown. */
  dan: number | null;
  danName: string | null;
  rate: number | null;
  sex: string | null;
}

export type SourceFormat = 'mjlog' | 'tenhou6' | 'mjai';

/**
 * Where a game was played, as far as its log says: Tenhou (mjlog XML, a Tenhou log id or rule label),
 * Mahjong Soul (its room names, per-suit red-five keys, converter fields), or unknown (bots, editors).
 */
export type Platform = 'tenhou' | 'majsoul' | 'unknown';

export const PLATFORMS: readonly Platform[] = ['tenhou', 'majsoul', 'unknown'];

export interface GameLog {
  format: SourceFormat;
  /** Detected from the log, or as the reader was told (`--platform`). */
  platform: Platform;
  /** The bytes were gzip-compressed. */
  gzip: boolean;
  /** Tenhou log id when the log names it (JSON `ref`) or the file name does. */
  logId: string | null;
  rule: GameRule;
  /** Lobby number (0 = ranked); null when the log has none. */
  lobby: number | null;
  /** One entry per seat that plays (3 or 4). */
  players: Player[];
  /** The SHUFFLE seed text, e.g. `mt19937ar-sha512-n288-base64,…`; null when absent. */
  seed: string | null;
  /** The hands in the order played, each its events. */
  hands: LoggedHand[];
  /** Final scores and points, when the log reached its end. */
  final: FinalResult | null;
  /** Title lines of tenhou.net/6 editor logs. */
  title?: string[];
  /**
   * What the reader took in but could not make sense of, each located: a yaku name the format does not
   * define (read with id -1 and its han counted). Absent when there is none.
   */
  warnings?: ReadWarning[];
}

/** Something a log says that the reader kept but could not interpret; the game is read all the same. */
export interface ReadWarning {
  kind: 'unknown-yaku';
  /** Position of the hand in the game, 1-based. */
  hand: number;
  /** The event it concerns. */
  eventIndex: number;
  message: string;
}
