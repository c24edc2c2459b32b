/**
 * mjai JSON lines → GameLog (docs/formats.md §10). mjai is the event protocol of gimite's mjai and of the
 * bots and tools after it (Mortal and mjai-reviewer, mjai.app and RiichiEnv, akochan): one event a line,
 * in the order of play, tiles named `1m`..`9s`, `E S W N P F C`, red fives `5mr 5pr 5sr`.
 *
 * The events are played on a Table (src/table) as they are read, so the hands, the tile just drawn, the
 * tile on offer and the indicators are the table's: this file writes no turn logic. Tile ids are given as
 * the tenhou.net/6 reader gives them (src/formats/core): a fresh id for each tile dealt, drawn or turned over,
 * the held id for each tile played (red fives are copy 0).
 *
 * mjai times its kandora: each `dora` event becomes a `kandora` event where it stands, so the audit checks
 * the moments a bridge or a bot wrote against the rule. Nothing is placed by a rule here.
 */
import {
  roundWindYaku,
  seatWindYaku,
  YAKU,
  YAKU_IDS_BY_MJAI_NAME,
  YAKU_TABLE,
  type CallEvent,
  type GameEvent,
  type GameLog,
  type GameRule,
  type Platform,
  type Player,
  type LoggedHand,
  type RoundStartEvent,
  type RyuukyokuReason,
  type Seat,
  type WinEvent,
  type Yaku,
} from '../../events/index.js';
import { afterChanges, afterDeposit, handOn, pointsFromDeltas, Table } from '../../table/index.js';
import { isRedFive, kindOf, ponOfKind, sortIds, TileAllocator, type TileId, type TileKind } from '../../tiles/index.js';
import { IngestError } from '../core/errors.js';
import { untypedRule } from '../core/game-type.js';
import { describe, type JsonDocument } from '../core/json-documents.js';
import { MJAI_RYUKYOKU_REASONS, MJAI_TILE_NAMES, mjaiTileName } from './names.js';
import { FORMAT_STICKS } from '../core/sticks.js';
import { acceptedRiichiCount, heldId, heldIds, takeLogTile, unknownYakuWarnings, winnerHand, warningsIfAny, type TileNamer } from '../core/table-reading.js';

export interface MjaiGameOptions {
  gzip: boolean;
  logId: string | null;
  /** Where the game was played: mjai does not say, so `unknown` unless the caller knows. */
  platform?: Platform;
}

// ---------- tiles ----------

const KIND_BY_NAME: ReadonlyMap<string, TileKind> = new Map(MJAI_TILE_NAMES.map((n, k) => [n, k]));

/** How mjai names a tile in messages: `5m`, `5mr`. */
const mjaiName: TileNamer = (kind, red) => MJAI_TILE_NAMES[kind] + (red ? 'r' : '');

interface MjaiTile {
  kind: TileKind;
  red: boolean;
  name: string;
}

function isTileName(value: unknown): value is string {
  return typeof value === 'string' && (KIND_BY_NAME.has(value) || /^5[mps]r$/.test(value));
}

// ---------- small readers of fields ----------

type Doc = Record<string, unknown>;

const EVENT_TYPES = [
  'start_game', 'start_kyoku', 'tsumo', 'dahai', 'chi', 'pon', 'daiminkan', 'kakan', 'ankan', 'nukidora',
  'dora', 'reach', 'reach_accepted', 'hora', 'ryukyoku', 'end_kyoku', 'end_game', 'none',
];

const REASON_BY_NAME: ReadonlyMap<string, RyuukyokuReason> = new Map([
  ...Object.entries(MJAI_RYUKYOKU_REASONS).map(([reason, name]) => [name, reason as RyuukyokuReason] as const),
  ...Object.keys(MJAI_RYUKYOKU_REASONS).map((reason) => [reason, reason as RyuukyokuReason] as const),
  ['sufonrenda', 'suufon-renda'],
  ['suukaikan', 'suukaikan'],
  ['kyushu_kyuhai', 'kyuushu-kyuuhai'],
]);


// ---------- the reader ----------

/** Turns mjai events (one JSON document a line) into a GameLog; every failure names its line. */
export function mjaiToGame(parts: readonly JsonDocument[], options: MjaiGameOptions): GameLog {
  return new MjaiReader(parts, options).read();
}

/** `line 12` from a part's prefix (`line 12: `), `[3]` for an array of events, `line 1` for a single document. */
function positionOf(part: JsonDocument): string {
  const at = part.at.replace(/[:.]\s*$/, '');
  return at === '' ? 'line 1' : at;
}

class MjaiReader {
  private readonly docs: Doc[] = [];
  private readonly positions: string[] = [];
  private players: 3 | 4 = 4;
  private redFiveSuits = 7;
  private rule!: GameRule;
  private names: string[] = [];
  private readonly rounds: LoggedHand[] = [];
  private ended = false;

  // the round being read
  private events: GameEvent[] | null = null;
  private table!: Table;
  private alloc!: TileAllocator;
  private start!: RoundStartEvent;
  /** Scores after the deposits and the results so far. */
  private scores: number[] = [];
  private wins = 0;
  private readonly uraCache = new Map<string, TileId[]>();
  private at = '';

  constructor(
    parts: readonly JsonDocument[],
    private readonly options: MjaiGameOptions,
  ) {
    for (const part of parts) {
      const pos = positionOf(part);
      const d = part.doc;
      if (typeof d !== 'object' || d === null || Array.isArray(d)) throw new IngestError(`expected an mjai event (an object with a "type"), found ${describe(d)}`, pos);
      if (typeof (d as Doc).type !== 'string') throw new IngestError(`expected an mjai event with a string "type", found ${describe((d as Doc).type)}`, pos);
      this.docs.push(d as Doc);
      this.positions.push(pos);
    }
  }

  read(): GameLog {
    this.readHeader();
    for (let i = 0; i < this.docs.length; i++) {
      this.at = this.positions[i];
      this.event(this.docs[i], i);
    }
    this.closeHand();
    if (this.rounds.length === 0) throw new IngestError('the log has no start_kyoku: no hand to read', 'document');
    const players: Player[] = [];
    for (let seat = 0; seat < this.players; seat++) {
      players.push({ seat, name: this.names[seat] ?? '', dan: null, danName: null, rate: null, sex: null });
    }
    return {
      format: 'mjai',
      platform: this.options.platform ?? 'unknown',
      gzip: this.options.gzip,
      logId: this.options.logId,
      rule: this.rule,
      lobby: null,
      players,
      seed: null,
      hands: this.rounds,
      // mjai's end_game gives no game points (uma): the final result is not known.
      final: null,
      // every field written, an absent one as undefined: one hidden class for every reader's games
      title: undefined,
      warnings: warningsIfAny(unknownYakuWarnings(this.rounds)),
    };
  }

  /** The game's shape from start_game and the first start_kyoku: players, red fives, length. */
  private readHeader(): void {
    const first = this.docs[0];
    let aka: boolean | null = null;
    let kyokuFirst: number | null = null;
    if (first?.type === 'start_game') {
      const names = first.names;
      if (names !== undefined && (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))) {
        throw new IngestError(`start_game names is ${describe(names)}, expected an array of player names`, this.positions[0]);
      }
      this.names = (names as string[] | undefined) ?? [];
      if (typeof first.aka_flag === 'boolean') aka = first.aka_flag;
      if (typeof first.kyoku_first === 'number') kyokuFirst = first.kyoku_first;
    }
    const kyoku = this.docs.findIndex((d) => d.type === 'start_kyoku');
    const tehais = kyoku >= 0 ? this.docs[kyoku].tehais : undefined;
    if (Array.isArray(tehais)) {
      const fourth = tehais[3];
      if (tehais.length === 3 || (Array.isArray(fourth) && (fourth.length === 0 || fourth.every((t) => t === '?')))) this.players = 3;
    }
    // A log that does not say whether the game has red fives has them when it shows one.
    const red = aka ?? this.docs.some(showsRedFive);
    this.redFiveSuits = red ? 7 : 0;
    // mjai names no lobby, level or speed: the rule keeps only what the log says (players, red fives, length).
    this.rule = untypedRule({
      playerCount: this.players,
      redFives: red,
      length: kyokuFirst === 4 ? 'tonpuu' : 'hanchan',
      redFiveSuits: this.redFiveSuits,
      redFivesFrom: aka === null ? 'tiles' : undefined,
    });
  }

  private event(d: Doc, i: number): void {
    const type = d.type as string;
    if (this.ended && type !== 'none') throw new IngestError(`${type} after end_game`, this.at);
    switch (type) {
      case 'start_game':
        if (i !== 0) throw new IngestError('start_game after the first line: one game a file', this.at);
        return;
      case 'start_kyoku':
        return this.startKyoku(d);
      case 'end_kyoku':
        this.inHand(type);
        return this.closeHand();
      case 'end_game':
        if (this.events) this.closeHand();
        this.ended = true;
        return;
      case 'none':
        return;
      case 'haipai':
        throw new IngestError(oldDialect('a haipai event'), this.at);
    }
    if (!EVENT_TYPES.includes(type) && type !== 'kita') {
      throw new IngestError(`unknown mjai event type ${JSON.stringify(type)}, expected one of ${EVENT_TYPES.join(' ')}`, this.at);
    }
    this.inHand(type);
    switch (type) {
      case 'tsumo':
        return this.emit({ type: 'draw', seat: this.actor(d), tile: this.fresh(this.tile(d.pai, 'pai')) });
      case 'dahai':
        return this.dahai(d);
      case 'chi':
      case 'pon':
      case 'daiminkan':
        return this.callDiscard(d, type);
      case 'ankan':
        return this.ankan(d);
      case 'kakan':
        return this.kakan(d);
      case 'nukidora':
      case 'kita':
        return this.kita(d);
      case 'dora':
        return this.emit({ type: 'kandora', indicator: this.fresh(this.tile(d.dora_marker, 'dora_marker')) });
      case 'reach':
        return this.emit({ type: 'riichi', seat: this.actor(d), step: 'declare' });
      case 'reach_accepted':
        return this.reachAccepted(d);
      case 'hora':
        return this.hora(d, i);
      case 'ryukyoku':
        return this.ryukyoku(d, i);
    }
  }

  private inHand(type: string): void {
    if (!this.events) throw new IngestError(`${type} outside a hand (before the first start_kyoku or after an end_kyoku)`, this.at);
  }

  // ---------- rounds ----------

  private startKyoku(d: Doc): void {
    if (!('tehais' in d) && !('bakaze' in d)) throw new IngestError(oldDialect('start_kyoku without tehais, bakaze, kyoku, honba or scores'), this.at);
    if (!('dora_marker' in d)) {
      throw new IngestError(
        'start_kyoku has no dora_marker: every round of riichi mahjong turns a dora indicator over (a log without one, ' +
          'such as akochan\'s self-play under Chinese official rules, with "fan" wins and no dead wall, is another game)',
        this.at,
      );
    }
    this.closeHand();
    const wind = ['E', 'S', 'W', 'N'].indexOf(d.bakaze as string);
    if (wind < 0) throw new IngestError(`start_kyoku bakaze is ${describe(d.bakaze)}, expected E, S, W or N`, this.at);
    const kyoku = this.int(d.kyoku, 'start_kyoku kyoku', 1, this.players);
    const honba = this.int(d.honba, 'start_kyoku honba', 0);
    const kyotaku = this.int(d.kyotaku, 'start_kyoku kyotaku', 0);
    const oya = this.int(d.oya, 'start_kyoku oya', 0, this.players - 1);
    if (oya !== kyoku - 1) throw new IngestError(`start_kyoku kyoku ${kyoku} has oya ${oya}, expected seat ${kyoku - 1} (the dealer of kyoku k is seat k - 1)`, this.at);
    if (!Array.isArray(d.scores) || d.scores.length < this.players || d.scores.length > 4 || d.scores.some((s) => !isPoints(s))) {
      throw new IngestError(`start_kyoku scores is ${describe(d.scores)}, expected ${this.players} numbers`, this.at);
    }
    const scores = [0, 1, 2, 3].map((s) => (s < this.players ? (d.scores as number[])[s] : 0));
    if (!Array.isArray(d.tehais) || d.tehais.length < this.players || d.tehais.length > 4) {
      throw new IngestError(`start_kyoku tehais is ${describe(d.tehais)}, expected ${this.players} hands of 13 tiles`, this.at);
    }
    this.alloc = new TileAllocator(this.redFiveSuits);
    this.uraCache.clear();
    const doraIndicator = this.fresh(this.tile(d.dora_marker, 'dora_marker'));
    const hands: TileId[][] = [];
    for (let seat = 0; seat < 4; seat++) {
      const hand = (d.tehais as unknown[])[seat];
      if (seat >= this.players) {
        hands.push([]);
        continue;
      }
      if (!Array.isArray(hand) || hand.length !== 13) throw new IngestError(`start_kyoku seat ${seat}'s hand is ${describe(hand)}, expected 13 tiles`, this.at);
      hands.push(hand.map((t) => this.fresh(this.tile(t, `seat ${seat}'s hand`))));
    }
    this.start = {
      type: 'roundStart',
      kyoku: wind * 4 + kyoku - 1,
      honba,
      riichiStickCount: kyotaku,
      // mjai does not keep the dice.
      dice: [0, 0],
      doraIndicator,
      scores,
      dealer: oya,
      hands,
    };
    this.events = [this.start];
    this.table = new Table(this.start, { hand: this.rounds.length + 1, players: this.players, redFives: this.rule.redFives });
    this.scores = [...scores];
    this.wins = 0;
  }

  private closeHand(): void {
    if (!this.events) return;
    this.table.finish();
    // The replay goes on with this table (every event applied): the hand is played once.
    handOn(this.events, this.table);
    this.rounds.push({ events: this.events });
    this.events = null;
  }

  private emit(e: GameEvent): void {
    const events = this.events!;
    events.push(e);
    this.table.apply(e, events.length - 1);
  }

  // ---------- play ----------

  private dahai(d: Doc): void {
    const seat = this.actor(d);
    const t = this.tile(d.pai, 'pai');
    const s = this.table.seats[seat];
    const drawnMatches = s.drawn !== null && this.matches(s.drawn, t);
    let tile: TileId;
    let tsumogiri: boolean;
    if (d.tsumogiri === true) {
      if (!drawnMatches) {
        const drawn = s.drawn === null ? 'no tile just drawn' : `${mjaiTileName(s.drawn, this.redFiveSuits)} just drawn`;
        throw new IngestError(`dahai ${t.name} with tsumogiri: true, but seat ${seat} has ${drawn}`, this.at);
      }
      tile = s.drawn!;
      tsumogiri = true;
    } else if (d.tsumogiri === false) {
      tile = this.held(seat, t, s.drawn);
      tsumogiri = false;
    } else if (d.tsumogiri === undefined) {
      // No flag: the tile just drawn when it is that tile (as mjlog's reading of D tags).
      tile = drawnMatches ? s.drawn! : this.held(seat, t);
      tsumogiri = drawnMatches;
    } else {
      throw new IngestError(`dahai tsumogiri is ${describe(d.tsumogiri)}, expected true or false`, this.at);
    }
    this.emit({ type: 'discard', seat, tile, tsumogiri });
  }

  private callDiscard(d: Doc, meld: 'chi' | 'pon' | 'daiminkan'): void {
    const seat = this.actor(d);
    const from = this.seat(d.target, 'target');
    const t = this.tile(d.pai, 'pai');
    const consumed = this.tiles(d.consumed, 'consumed', meld === 'daiminkan' ? 3 : 2);
    const o = this.table.offer;
    if (o.kind !== 'discard' || o.seat !== from || !this.matches(o.tile, t)) {
      const last = o.kind === 'discard' ? `seat ${o.seat}'s ${mjaiTileName(o.tile, this.redFiveSuits)}` : 'no discard';
      throw new IngestError(`${meld} of ${t.name} from seat ${from}, but the tile on offer is ${last}`, this.at);
    }
    const own = this.heldAll(seat, consumed);
    this.emit({ type: 'call', seat, meld, tiles: sortIds([o.tile, ...own]), called: o.tile, from });
  }

  private ankan(d: Doc): void {
    const seat = this.actor(d);
    const tiles = sortIds(this.heldAll(seat, this.tiles(d.consumed, 'consumed', 4)));
    this.emit({ type: 'call', seat, meld: 'ankan', tiles, called: tiles[0], from: seat });
  }

  private kakan(d: Doc): void {
    const seat = this.actor(d);
    const t = this.tile(d.pai, 'pai');
    const pon = ponOfKind(this.table.seats[seat].melds, t.kind);
    if (!pon) throw new IngestError(`kakan of ${t.name} by seat ${seat}, who has no pon of it`, this.at);
    if (d.consumed !== undefined) this.tiles(d.consumed, 'consumed', 3);
    const added = this.held(seat, t);
    const call: CallEvent = { type: 'call', seat, meld: 'kakan', tiles: sortIds([...pon.tiles, added]), called: pon.called, from: pon.from, added };
    this.emit(call);
  }

  private kita(d: Doc): void {
    const seat = this.actor(d);
    const tile = this.held(seat, d.pai === undefined ? { kind: 30, red: false, name: 'N' } : this.tile(d.pai, 'pai'));
    this.emit({ type: 'call', seat, meld: 'kita', tiles: [tile], called: tile, from: seat });
  }

  private reachAccepted(d: Doc): void {
    const seat = this.actor(d);
    let scores: number[];
    if (Array.isArray(d.scores) && d.scores.length >= this.players && d.scores.every(isPoints)) {
      scores = [0, 1, 2, 3].map((s) => (s < this.players ? (d.scores as number[])[s] : 0));
    } else {
      scores = afterDeposit(this.scores, seat, FORMAT_STICKS.riichiStick);
    }
    this.scores = scores;
    this.emit({ type: 'riichi', seat, step: 'accepted', scores });
  }

  // ---------- endings ----------

  private hora(d: Doc, i: number): void {
    const seat = this.actor(d);
    const from = this.seat(d.target, 'target');
    const s = this.table.seats[seat];
    const pai = d.pai === undefined ? null : this.tile(d.pai, 'pai');
    const o = this.table.offer;
    if (from !== seat && (o.kind === 'none' || o.seat !== from)) throw new IngestError(`hora: ron by seat ${seat} on seat ${from}, who has no tile on offer`, this.at);
    // A ron on an ankan (kokushi) wins on any of its tiles: the one the log names.
    const won = winnerHand(this.table, seat, from, pai ? (tiles) => tiles.find((t) => this.matches(t, pai)) : null);
    if (won === 'no-draw') throw new IngestError(`hora: tsumo by seat ${seat}, whose last action is not a draw`, this.at);
    if (won === 'no-offer') throw new IngestError(`hora: ron by seat ${seat} on seat ${from}, who has no tile on offer`, this.at);
    const { winningTile, hand } = won;
    if (pai && !this.matches(winningTile, pai)) {
      throw new IngestError(`hora pai ${pai.name}, but the tile won on is ${mjaiTileName(winningTile, this.redFiveSuits)}`, this.at);
    }
    const deltas = this.deltas(d, i);
    const first = this.wins++ === 0;
    const sticks = first ? this.start.riichiStickCount + this.acceptedRiichi() : 0;
    const han = isPoints(d.fan) ? d.fan : isPoints(d.han) ? d.han : null;
    const fu = isPoints(d.fu) ? d.fu : 0;
    const { yaku, yakuman } = this.yaku(d, seat, [...hand, ...s.melds.flatMap((m) => m.tiles)]);
    const ura = d.ura_markers ?? d.uradora_markers ?? d.uradora_marker;
    const win: WinEvent = {
      type: 'win',
      seat,
      from,
      hand: sortIds(hand),
      winningTile,
      honba: this.start.honba,
      riichiStickCount: sticks,
      fu,
      points: isPoints(d.hora_points) ? d.hora_points : pointsFromDeltas(deltas, seat, first, this.start.honba, sticks, FORMAT_STICKS),
      limit: yakuman.length > 0 ? 5 : han === null ? 0 : limitOf(han, fu),
      yaku,
      yakuman,
      doraIndicators: [...this.table.indicators],
      // One ura list a round, shown to the winners in riichi.
      uraIndicators: ura === undefined || s.riichi === 'none' ? [] : this.ura(ura),
      ...(ura === undefined && s.riichi !== 'none' ? { uraUnrecorded: true as const } : {}),
      scoreDeltas: deltas,
    };
    this.emit(win);
  }

  private ryukyoku(d: Doc, i: number): void {
    let reason: RyuukyokuReason;
    if (d.reason !== undefined) {
      const r = typeof d.reason === 'string' ? REASON_BY_NAME.get(d.reason) : undefined;
      if (!r) throw new IngestError(`ryukyoku reason ${describe(d.reason)} is not one of ${Object.values(MJAI_RYUKYOKU_REASONS).join(' ')}`, this.at);
      reason = r;
    } else {
      reason = this.drawnHandReason();
    }
    this.emit({
      type: 'ryuukyoku',
      reason,
      honba: this.start.honba,
      riichiStickCount: this.start.riichiStickCount + this.acceptedRiichi(),
      // mjai's ryukyoku shows no hands (akochan's tehais list every hand, not the ones shown).
      shown: [],
      scoreDeltas: this.deltas(d, i),
    });
  }

  /**
   * What a drawn hand without a reason was (Mortal and mjai-reviewer write none), from the table: no live
   * tile left is an exhaustive draw; before that, only an abort fits, and the table shows which.
   */
  private drawnHandReason(): RyuukyokuReason {
    const t = this.table;
    if (t.liveLeft() <= 0) return 'exhaustive';
    if (t.kans.filter((k) => !k.robbed).length >= 4) return 'suukaikan';
    if (new Set(t.riichi.map((r) => r.seat)).size === this.players && this.players === 4) return 'suucha-riichi';
    const seats = t.seats.slice(0, this.players);
    const noCalls = seats.every((s) => s.melds.length === 0 && s.kita.length === 0);
    if (noCalls && t.phase === 'act' && seats[t.actor].last === 'draw' && seats[t.actor].discards === 0) return 'kyuushu-kyuuhai';
    if (noCalls && seats.every((s) => s.river.length === 1) && seats.every((s) => kindOf(s.river[0]) === kindOf(seats[0].river[0]) && kindOf(s.river[0]) >= 27 && kindOf(s.river[0]) <= 30)) {
      return 'suufon-renda';
    }
    if (t.offer.kind === 'discard') return 'sanchahou';
    throw new IngestError(
      `ryukyoku with ${t.liveLeft()} live tiles left and no reason: neither an exhaustive draw nor an abort the table shows (nine terminals, four riichi, four kans, four winds, three rons)`,
      this.at,
    );
  }

  /**
   * The score changes of a hora or ryukyoku: `deltas`; or `scores` after it less the scores before; or, for
   * a round's only ending, the next round's (or end_game's) scores less the scores before; else zeros.
   */
  private deltas(d: Doc, i: number): number[] {
    let deltas: number[] | null = null;
    if (d.deltas !== undefined) {
      if (!Array.isArray(d.deltas) || d.deltas.length < this.players || d.deltas.some((v) => !isPoints(v))) {
        throw new IngestError(`${d.type as string} deltas is ${describe(d.deltas)}, expected ${this.players} numbers`, this.at);
      }
      deltas = [0, 1, 2, 3].map((s) => (s < this.players ? (d.deltas as number[])[s] : 0));
    } else {
      const after = scoresOf(d.scores, this.players) ?? this.nextScores(i);
      if (after) deltas = after.map((v, s) => v - this.scores[s]);
    }
    deltas ??= [0, 0, 0, 0];
    this.scores = afterChanges(this.scores, deltas);
    return deltas;
  }

  /** The scores the next round starts with (or end_game gives), when the ending at `i` is its round's only one. */
  private nextScores(i: number): number[] | null {
    for (let j = i + 1; j < this.docs.length; j++) {
      const t = this.docs[j].type;
      if (t === 'hora' || t === 'ryukyoku') return null;
      if (t === 'start_kyoku' || t === 'end_game') return scoresOf(this.docs[j].scores, this.players);
    }
    return null;
  }

  private acceptedRiichi(): number {
    return acceptedRiichiCount(this.events!);
  }

  private ura(value: unknown): TileId[] {
    const key = JSON.stringify(value);
    let ids = this.uraCache.get(key);
    if (!ids) {
      if (!Array.isArray(value)) throw new IngestError(`hora ura_markers is ${describe(value)}, expected an array of tiles`, this.at);
      ids = value.map((t) => this.fresh(this.tile(t, 'ura_markers')));
      this.uraCache.set(key, ids);
    }
    return [...ids];
  }

  /** gimite's `yakus: [[name, han], …]` as mjlog ids; yakuman apart, as mjlog keeps them. */
  private yaku(d: Doc, seat: Seat, tiles: readonly TileId[]): { yaku: Yaku[]; yakuman: number[] } {
    const yaku: Yaku[] = [];
    const yakuman: number[] = [];
    if (d.yakus === undefined) return { yaku, yakuman };
    if (!Array.isArray(d.yakus)) throw new IngestError(`hora yakus is ${describe(d.yakus)}, expected [name, han] pairs`, this.at);
    // Dragons held as a triplet or kan, in order: what each `sangenpai` stands for.
    const dragons = [31, 32, 33].filter((k) => tiles.filter((t) => kindOf(t) === k).length >= 3);
    for (const entry of d.yakus) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'number') {
        throw new IngestError(`hora yakus entry ${describe(entry)} is not a [name, han] pair`, this.at);
      }
      const [name, han] = entry as [string, number];
      let id: number | undefined;
      // gimite's mjai names the winds and dragons without saying which: they are resolved from the seat, the round and the hand.
      if (name === 'jikaze') id = seatWindYaku((seat - this.start.dealer + 4) % 4);
      else if (name === 'bakaze') id = roundWindYaku(Math.floor(this.start.kyoku / 4));
      else if (name === 'sangenpai') id = YAKU.haku + (dragons.shift() ?? 31) - 31;
      else id = YAKU_IDS_BY_MJAI_NAME.get(name);
      if (id === undefined) yaku.push({ id: -1, han, name });
      else if (YAKU_TABLE[id].yakuman) yakuman.push(id);
      else yaku.push({ id, han });
    }
    return { yaku, yakuman };
  }

  // ---------- fields and tiles ----------

  private int(value: unknown, what: string, min = -Infinity, max = Infinity): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      const range = max === Infinity ? `an integer from ${min}` : `an integer ${min}..${max}`;
      throw new IngestError(`${what} is ${describe(value)}, expected ${range}`, this.at);
    }
    return value;
  }

  private seat(value: unknown, what: string): Seat {
    return this.int(value, what, 0, this.players - 1);
  }

  private actor(d: Doc): Seat {
    return this.seat(d.actor, `${d.type as string} actor`);
  }

  private tile(value: unknown, what: string): MjaiTile {
    if (value === '?') throw new IngestError(`${what} is "?": the log hides tiles (one player's view); kanshi reads whole games`, this.at);
    if (!isTileName(value)) throw new IngestError(`${what} is ${describe(value)}, expected a tile (1m..9m, 1p..9p, 1s..9s, E S W N P F C, 5mr 5pr 5sr)`, this.at);
    const red = value.length === 3;
    if (red && this.redFiveSuits === 0) throw new IngestError(`${what} ${value} is a red five in a game whose start_game says aka_flag: false`, this.at);
    return { kind: red ? KIND_BY_NAME.get(value.slice(0, 2))! : KIND_BY_NAME.get(value)!, red, name: value };
  }

  private tiles(value: unknown, what: string, count: number): MjaiTile[] {
    if (!Array.isArray(value) || value.length !== count) throw new IngestError(`${what} is ${describe(value)}, expected ${count} tiles`, this.at);
    return value.map((t) => this.tile(t, what));
  }

  /** A fresh id for a tile that appears (dealt, drawn, turned over). */
  private fresh(t: MjaiTile): TileId {
    return takeLogTile(this.alloc, t.kind, t.red, mjaiName, this.at);
  }

  private matches(id: TileId, t: MjaiTile): boolean {
    return kindOf(id) === t.kind && isRedFive(id, this.redFiveSuits) === t.red;
  }

  /** The held id of a tile the seat plays: the first copy that is not `avoid` (the tile just drawn), else `avoid`. */
  private held(seat: Seat, t: MjaiTile, avoid: TileId | null = null): TileId {
    const id = heldId(this.table.seats[seat].concealed, t.kind, t.red, this.redFiveSuits, avoid);
    if (id < 0) throw new IngestError(`seat ${seat} plays ${t.name}, which it does not hold`, this.at);
    return id;
  }

  /** Distinct held ids for several tiles (a call's own tiles). */
  private heldAll(seat: Seat, tiles: readonly MjaiTile[]): TileId[] {
    const ids = heldIds(this.table.seats[seat].concealed, tiles, this.redFiveSuits);
    if ('missing' in ids) throw new IngestError(`seat ${seat} plays ${tiles[ids.missing].name}, which it does not hold`, this.at);
    return ids;
  }
}

function oldDialect(what: string): string {
  return (
    `${what}: the old (2012) mjai dialect of gimite/mjai, which deals each hand in per-player haipai events and ` +
    'gives no scores, is not read; kanshi reads the current dialect (start_kyoku with bakaze, kyoku, honba, kyotaku, oya, scores, tehais)'
  );
}

function showsRedFive(value: unknown): boolean {
  if (typeof value === 'string') return value.length === 3 && /^5[mps]r$/.test(value);
  if (Array.isArray(value)) return value.some(showsRedFive);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(showsRedFive);
  return false;
}

function scoresOf(value: unknown, players: number): number[] | null {
  if (!Array.isArray(value) || value.length < players || value.some((v) => !isPoints(v))) return null;
  return [0, 1, 2, 3].map((s) => (s < players ? (value as number[])[s] : 0));
}

/** The limit (0 none … 5 yakuman) of a hand of `han` han and `fu` fu, without kiriage. */
function limitOf(han: number, fu: number): number {
  if (han >= 13) return 5;
  if (han >= 11) return 4;
  if (han >= 8) return 3;
  if (han >= 6) return 2;
  if (han >= 5 || (han === 4 && fu >= 40) || (han === 3 && fu >= 70)) return 1;
  return 0;
}

/** Points, fu and han are whole numbers; a fraction or a number past 2^53 is no real value (nor storable). */
function isPoints(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}
