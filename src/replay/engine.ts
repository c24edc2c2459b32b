/**
 * The replay engine: the table (concealed tiles, melds, rivers, riichi, live wall, dead wall, kans made,
 * pending reveals) applied event by event. Every inconsistency of the log is recorded, never thrown: a
 * replay always finishes and says what it found.
 */
import type { GameEvent, GameLog, RoundStartEvent, Seat, WinEvent } from '../ingest/index.js';
import { YAKU } from '../ingest/index.js';
import type { KandoraTiming } from '../rules/index.js';
import { kindOf, sortIds, type MeldType, type TileId } from '../tiles/index.js';
import {
  gameWalls,
  haipaiIndices,
  indicatorIndex,
  initShuffleWall,
  liveDrawCount,
  parseSeed,
  replacementIndex,
  seatOffsetFromDealer,
  uraIndex,
  wallLayout,
  WallError,
  type GameWalls,
  type RoundWall,
  type WallLayout,
} from '../wall/index.js';
import { countDora } from './dora.js';
import { effectiveTiming, momentsDiffer, ruleRevealMoment, type KanAftermath } from './timing.js';
import type {
  DoraView,
  Inconsistency,
  InconsistencyKind,
  KanRecord,
  ReplayResult,
  RevealMoment,
  RoundReplay,
  WallMismatch,
  WallMismatchKind,
  WallPosition,
  WinRecord,
} from './types.js';

export interface ReplayOptions {
  kandoraTiming: KandoraTiming;
}

interface Meld {
  type: MeldType;
  tiles: TileId[];
  called: TileId;
  from: Seat;
}

/** What a kan still waits for while the hand goes on. */
interface KanProgress {
  record: KanRecord;
  phase: 'declared' | 'replaced' | 'discarded';
  /** The kan player's next kan (or kita) before discarding: it flushes a pending open-kan reveal. */
  nextDeclaration: { kan: KanProgress | null; eventIndex: number } | null;
  discard: { eventIndex: number; ronned: boolean } | null;
  /** Set when the log's reveal for this kan has been seen. */
  revealed: boolean;
}

interface Offer {
  kind: 'none' | 'discard' | 'kakan' | 'ankan' | 'kita';
  seat: Seat;
  tile: TileId;
  eventIndex: number;
  kan: KanProgress | null;
}

/** Game-level collector shared by the rounds. */
interface GameSink {
  wallChecked: number;
  wallMismatches: WallMismatch[];
  inconsistencies: Inconsistency[];
}

const NO_WALL: WallPosition = { index: null, expected: null };

/** checkDeal's scratch table (tile → 1 + the seat dealt it), reused: rounds are replayed one at a time. */
const DEALT_TO = new Uint8Array(136);

export function replayGame(game: GameLog, requested: ReplayOptions): ReplayResult {
  const players = game.rule.players;
  const options: ReplayOptions = { kandoraTiming: effectiveTiming(requested.kandoraTiming, game.rule) };
  const sink: GameSink = { wallChecked: 0, wallMismatches: [], inconsistencies: [] };
  let walls: GameWalls | null = null;
  let seedNote: string | null = null;
  const parsed = safeParseSeed(game.seed);
  if (parsed.error) seedNote = parsed.error;
  else if (parsed.seed && parsed.seed.buildable && parsed.seed.stream === 'game') {
    try {
      walls = gameWalls(parsed.seed, players);
    } catch (err) {
      seedNote = (err as Error).message;
    }
  } else if (parsed.seed && !parsed.seed.buildable) {
    seedNote = parsed.seed.reason;
  }
  const perRoundSeeds = parsed.seed?.buildable && parsed.seed.stream === 'round';
  const rounds: RoundReplay[] = [];
  let anyWall = false;
  game.rounds.forEach((round, index) => {
    const start = round.events[0];
    if (!start || start.type !== 'roundStart') return;
    let wall: RoundWall | null = null;
    let wallReason: string | undefined;
    if (walls) {
      wall = walls.round(index);
    } else if (start.shuffle !== undefined || perRoundSeeds) {
      try {
        wall = initShuffleWall(start.shuffle ?? game.seed ?? '', players);
      } catch (err) {
        wallReason = err instanceof WallError ? err.message : String(err);
      }
    } else {
      wallReason = seedNote ?? 'no seed';
    }
    if (wall) anyWall = true;
    const replayer = new RoundReplayer(index, start, players, wall, options, sink);
    for (let i = 1; i < round.events.length; i++) replayer.apply(round.events[i], i);
    rounds.push(replayer.finish(wallReason, round.events.length));
  });
  if (anyWall) seedNote = null;
  else if (seedNote === null) seedNote = game.rounds.length === 0 ? 'the log has no rounds' : 'no wall could be built';
  const timingMismatches = rounds.flatMap((r) =>
    r.kans
      .filter((k) => momentsDiffer(k.revealLogged, k.revealRule))
      .map((k) => ({ round: r.index, kanEventIndex: k.eventIndex, seat: k.seat, kind: k.kind, logged: k.revealLogged, rule: k.revealRule })),
  );
  return {
    kandoraTiming: requested.kandoraTiming,
    effectiveKandoraTiming: options.kandoraTiming,
    players,
    seeded: anyWall,
    seedNote,
    rounds,
    wallChecked: sink.wallChecked,
    wallMismatches: sink.wallMismatches,
    timingMismatches,
    inconsistencies: sink.inconsistencies,
    final: game.final,
  };
}

function safeParseSeed(text: string | null): { seed: ReturnType<typeof parseSeed> | null; error: string | null } {
  try {
    return { seed: parseSeed(text), error: null };
  } catch (err) {
    return { seed: null, error: err instanceof WallError ? `unusable seed: ${err.message}` : String(err) };
  }
}

class RoundReplayer {
  private readonly layout: WallLayout;
  private readonly concealed: TileId[][];
  private readonly melds: Meld[][] = [[], [], [], []];
  private readonly kitaTiles: TileId[][] = [[], [], [], []];
  private readonly rivers: TileId[][] = [[], [], [], []];
  /** Every tile offered to the table (discards and kakan additions) with its seat, in order. */
  private readonly offeredSeats: Seat[] = [];
  private readonly offeredTiles: TileId[] = [];
  /** Where each seat's furiten window starts in `offered`: its last discard, or its riichi discard. */
  private readonly passedFrom = [0, 0, 0, 0];
  private readonly riichiDeclared: (number | null)[] = [null, null, null, null];
  private readonly riichiDiscarded = [false, false, false, false];
  private readonly discardsMade = [0, 0, 0, 0];
  private readonly seen = new Uint8Array(136);
  private liveDraws = 0;
  private replacements = 0;
  private kandoraRevealed = 0;
  private readonly revealedIndicators: TileId[];
  private readonly kans: KanProgress[] = [];
  private readonly kita: RoundReplay['kita'] = [];
  private readonly wins: WinRecord[] = [];
  private readonly riichi: RoundReplay['riichi'] = [];
  /** Seat whose next draw is a replacement draw, and for which kan (null for kita). */
  private replacementFor: { seat: Seat; kan: KanProgress | null } | null = null;
  /** Each seat's last action, for turn order and "kan right after chi/pon". */
  private readonly lastAction: ('none' | 'draw' | 'replacement' | 'chi' | 'pon' | 'discard' | 'kan')[] = ['none', 'none', 'none', 'none'];
  private readonly lastDraw: (TileId | null)[] = [null, null, null, null];
  /** The last discard (seat -1: none yet); one object, updated in place on the hot path. */
  private readonly lastDiscard = { seat: -1, tile: 0, eventIndex: -1 };
  /**
   * The last tile another player could ron on, if nothing has happened since: a discard, a kakan's added
   * tile, an ankan, a kita (kind `none`: nothing on offer). Updated in place.
   */
  private readonly offer: Offer = { kind: 'none', seat: 0, tile: 0, eventIndex: -1, kan: null };

  private setOffer(kind: Offer['kind'], seat: Seat, tile: TileId, eventIndex: number, kan: KanProgress | null): void {
    const o = this.offer;
    o.kind = kind;
    o.seat = seat;
    o.tile = tile;
    o.eventIndex = eventIndex;
    o.kan = kan;
  }
  /** Whose turn it is, and whether they draw next or act (discard, kan, win). */
  private actor: Seat;
  private phase: 'draw' | 'act';
  private ended: RoundReplay['ending'] | null = null;

  constructor(
    private readonly index: number,
    private readonly start: RoundStartEvent,
    private readonly players: 3 | 4,
    private readonly wall: RoundWall | null,
    private readonly options: ReplayOptions,
    private readonly sink: GameSink,
  ) {
    this.layout = wall?.layout ?? wallLayout(players);
    this.concealed = start.hands.map((h) => [...h]);
    this.actor = start.dealer;
    this.phase = 'draw';
    this.revealedIndicators = [start.doraIndicator];
    for (let s = 0; s < players; s++) {
      if (this.concealed[s].length !== 13) this.inconsistent('hand-size', 0, `seat ${s} is dealt ${this.concealed[s].length} tiles, expected 13`, s);
      for (const t of this.concealed[s]) this.see(t, 0);
    }
    this.see(start.doraIndicator, 0);
    if (wall) this.checkDeal();
  }

  // ---------- helpers ----------

  private inconsistent(kind: InconsistencyKind, eventIndex: number, message: string, seat?: Seat): void {
    this.sink.inconsistencies.push({ kind, round: this.index, eventIndex, ...(seat !== undefined ? { seat } : {}), message });
  }

  private mismatch(kind: WallMismatchKind, eventIndex: number, wallIndex: number | null, expected: number | null, logged: number | null, message: string): void {
    this.sink.wallMismatches.push({ kind, round: this.index, eventIndex, wallIndex, expected, logged, message });
  }

  /** Compares one logged tile with the wall, counting it as checked (allocates nothing unless it differs). */
  private checkTile(kind: WallMismatchKind, eventIndex: number, wallIndex: number, logged: TileId, what: string, n = 0): void {
    if (!this.wall) return;
    const expected = this.wall.tiles[wallIndex];
    this.sink.wallChecked++;
    if (expected !== logged) {
      const label = n > 0 ? `${what} ${n}` : what;
      this.mismatch(kind, eventIndex, wallIndex, expected, logged, `${label}: the log has tile ${logged}, the wall has ${expected} at index ${wallIndex}`);
    }
  }

  /** Where a tile sits in the wall, for the records. */
  private wallPosition(wallIndex: number): WallPosition {
    return this.wall ? { index: wallIndex, expected: this.wall.tiles[wallIndex] } : NO_WALL;
  }

  private see(tile: TileId, eventIndex: number): void {
    if (this.seen[tile]) this.inconsistent('too-many-copies', eventIndex, `tile ${tile} appears a second time in the round`);
    this.seen[tile] = 1;
  }

  private next(seat: Seat): Seat {
    return (seat + 1) % this.players;
  }

  private meldCount(seat: Seat): number {
    return this.melds[seat].length;
  }

  private liveLeft(): number {
    return liveDrawCount(this.layout, Math.min(this.replacements, this.layout.replacement.length)) - this.liveDraws;
  }

  /** Records a tile let go to the table (a discard, a kakan's added tile), for the others' furiten. */
  private offerToTable(seat: Seat, tile: TileId): void {
    this.offeredSeats.push(seat);
    this.offeredTiles.push(tile);
  }

  /** Removes one tile if held. */
  private removeOne(seat: Seat, tile: TileId): boolean {
    const hand = this.concealed[seat];
    const i = hand.indexOf(tile);
    if (i < 0) return false;
    hand[i] = hand[hand.length - 1];
    hand.pop();
    return true;
  }

  /** Removes the tiles if all are held (order inside a hand does not matter: swap with the last). */
  private removeFromHand(seat: Seat, tiles: readonly TileId[]): boolean {
    const hand = this.concealed[seat];
    for (const t of tiles) if (!hand.includes(t)) return false;
    for (const t of tiles) {
      const i = hand.indexOf(t);
      hand[i] = hand[hand.length - 1];
      hand.pop();
    }
    return true;
  }

  private checkDeal(): void {
    const wall = this.wall!;
    // dealtTo[tile] = 1 + the seat the wall deals it to; the order within a hand is not logged.
    const dealtTo = DEALT_TO.fill(0);
    for (let seat = 0; seat < this.players; seat++) {
      const offset = seatOffsetFromDealer(this.players, seat, this.start.dealer);
      for (const i of haipaiIndices(wall.layout, offset)) dealtTo[wall.tiles[i]] = seat + 1;
    }
    for (let seat = 0; seat < this.players; seat++) {
      this.sink.wallChecked += 13;
      let wrong = 0;
      for (const t of this.start.hands[seat]) if (dealtTo[t] !== seat + 1) wrong++;
      wrong += Math.max(0, 13 - this.start.hands[seat].length);
      if (wrong > 0) {
        this.mismatch('haipai', 0, null, null, null, `seat ${seat}'s dealt hand differs from the wall in ${wrong} of 13 tiles`);
      }
    }
    this.checkTile('dora-indicator', 0, indicatorIndex(wall.layout, 0), this.start.doraIndicator, 'the dora indicator');
    const [d1, d2] = this.start.dice;
    if (d1 !== 0 && (d1 !== wall.dice[0] || d2 !== wall.dice[1])) {
      this.mismatch('dice', 0, null, wall.dice[0] * 10 + wall.dice[1], d1 * 10 + d2, `dice ${d1},${d2} in the log, ${wall.dice[0]},${wall.dice[1]} from the seed`);
    }
  }

  // ---------- events ----------

  apply(e: GameEvent, i: number): void {
    if (this.ended && !(e.type === 'win' && this.ended.kind === 'win') && e.type !== 'disconnect' && e.type !== 'reconnect') {
      this.inconsistent('event-after-end', i, `${e.type} after the round ended`);
      return;
    }
    switch (e.type) {
      case 'draw':
        return this.draw(e.seat, e.tile, i);
      case 'discard':
        return this.discard(e.seat, e.tile, i);
      case 'call':
        if (e.meld === 'chi' || e.meld === 'pon' || e.meld === 'daiminkan') return this.callDiscard(e.seat, e.meld, e.tiles, e.called, e.from, i);
        if (e.meld === 'kakan') return this.kakan(e.seat, e.tiles, e.added ?? e.tiles[0], i);
        if (e.meld === 'ankan') return this.ankan(e.seat, e.tiles, i);
        return this.kitaCall(e.seat, e.tiles[0], i);
      case 'kandora':
        return this.kandora(e.indicator, i);
      case 'riichi':
        if (e.step === 'declare') {
          if (this.concealed[e.seat].length + 3 * this.meldCount(e.seat) !== 14) {
            this.inconsistent('hand-size', i, `seat ${e.seat} declares riichi holding ${this.concealed[e.seat].length} tiles`, e.seat);
          }
          this.riichiDeclared[e.seat] = i;
          this.riichi.push({ seat: e.seat, eventIndex: i, turn: this.discardsMade[e.seat] + 1 });
        }
        return;
      case 'win':
        return this.win(e, i);
      case 'ryuukyoku':
        this.ended = { kind: 'ryuukyoku', reason: e.reason, eventIndex: i, kans: 0, kanPlayers: 0 };
        return;
      case 'roundStart':
        this.inconsistent('event-after-end', i, 'a second round start inside one round');
        return;
      default:
        return;
    }
  }

  private draw(seat: Seat, tile: TileId, i: number): void {
    if (this.phase !== 'draw' || this.actor !== seat) {
      this.inconsistent('out-of-turn', i, `seat ${seat} draws when seat ${this.actor} should ${this.phase === 'draw' ? 'draw' : 'act'}`, seat);
    }
    if (this.concealed[seat].length + 3 * this.meldCount(seat) !== 13) {
      this.inconsistent('hand-size', i, `seat ${seat} draws holding ${this.concealed[seat].length} tiles and ${this.meldCount(seat)} melds`, seat);
    }
    this.see(tile, i);
    const replacement = this.replacementFor?.seat === seat ? this.replacementFor : null;
    this.replacementFor = null;
    if (replacement) {
      const r = this.replacements++;
      let wall = NO_WALL;
      if (r < this.layout.replacement.length) {
        const index = replacementIndex(this.layout, r);
        this.checkTile('replacement-draw', i, index, tile, 'replacement draw', r + 1);
        wall = this.wallPosition(index);
      }
      else this.inconsistent('draw-beyond-wall', i, `replacement draw ${r + 1}: the dead wall has only ${this.layout.replacement.length}`, seat);
      if (replacement.kan) {
        replacement.kan.record.replacement = { tile, eventIndex: i, number: r, wall };
        replacement.kan.phase = 'replaced';
      } else {
        const k = this.kita.at(-1);
        if (k) k.replacement = tile;
      }
      this.lastAction[seat] = 'replacement';
    } else {
      const beyondWall = this.liveLeft() <= 0;
      const j = this.liveDraws++;
      if (beyondWall) {
        this.inconsistent('draw-beyond-wall', i, `live draw ${j + 1} is beyond the end of the live wall`, seat);
      } else {
        this.checkTile('live-draw', i, this.layout.firstLiveIndex - j, tile, 'live draw', j + 1);
      }
      this.lastAction[seat] = 'draw';
    }
    this.concealed[seat].push(tile);
    this.lastDraw[seat] = tile;
    this.offer.kind = 'none';
    this.actor = seat;
    this.phase = 'act';
  }

  private discard(seat: Seat, tile: TileId, i: number): void {
    if (this.phase !== 'act' || this.actor !== seat) {
      this.inconsistent('out-of-turn', i, `seat ${seat} discards when seat ${this.actor} should ${this.phase === 'draw' ? 'draw' : 'act'}`, seat);
    }
    const hand = this.concealed[seat];
    if (hand.length + 3 * this.meldCount(seat) !== 14) {
      this.inconsistent('hand-size', i, `seat ${seat} discards holding ${hand.length} tiles and ${this.meldCount(seat)} melds`, seat);
    }
    if (!this.removeOne(seat, tile)) this.inconsistent('discard-not-in-hand', i, `seat ${seat} discards tile ${tile}, which it does not hold`, seat);
    this.rivers[seat].push(tile);
    this.discardsMade[seat]++;
    const riichiDiscard = this.riichiDeclared[seat] !== null && !this.riichiDiscarded[seat];
    if (riichiDiscard) this.riichiDiscarded[seat] = true;
    // Furiten bookkeeping: a riichi player's passed tiles accumulate from the riichi discard on.
    if (this.riichiDeclared[seat] === null || riichiDiscard) this.passedFrom[seat] = this.offeredTiles.length + 1;
    this.offerToTable(seat, tile);
    for (const k of this.kans) {
      if (k.record.seat === seat && k.discard === null && k.phase !== 'declared' && !k.record.robbed) {
        k.discard = { eventIndex: i, ronned: false };
        k.record.discardEventIndex = i;
        k.phase = 'discarded';
      }
    }
    this.lastDiscard.seat = seat;
    this.lastDiscard.tile = tile;
    this.lastDiscard.eventIndex = i;
    this.setOffer('discard', seat, tile, i, null);
    this.lastDraw[seat] = null;
    this.lastAction[seat] = 'discard';
    this.actor = this.next(seat);
    this.phase = 'draw';
  }

  private callDiscard(seat: Seat, meld: 'chi' | 'pon' | 'daiminkan', tiles: TileId[], called: TileId, from: Seat, i: number): void {
    const last = this.lastDiscard;
    if (last.seat < 0 || last.tile !== called || last.seat !== from || this.phase !== 'draw') {
      this.inconsistent('called-tile-not-last-discard', i, `seat ${seat}'s ${meld} calls tile ${called} from seat ${from}, which is not the last discard`, seat);
    }
    if (meld === 'chi' && (from + 1) % this.players !== seat) {
      this.inconsistent('out-of-turn', i, `seat ${seat} calls chi from seat ${from}, who is not its kamicha`, seat);
    }
    const own = tiles.filter((t) => t !== called);
    if (this.concealed[seat].length + 3 * this.meldCount(seat) !== 13) {
      this.inconsistent('hand-size', i, `seat ${seat} calls ${meld} holding ${this.concealed[seat].length} tiles`, seat);
    }
    if (!this.removeFromHand(seat, own)) this.inconsistent('call-tiles-not-held', i, `seat ${seat}'s ${meld} needs tiles ${own.join(',')} it does not hold`, seat);
    const record = meld === 'daiminkan' ? this.newKan(seat, 'daiminkan', tiles, called, from, i) : null;
    this.melds[seat].push({ type: meld, tiles: [...tiles], called, from });
    this.offer.kind = 'none';
    this.actor = seat;
    if (record) {
      this.lastAction[seat] = 'kan';
      this.replacementFor = { seat, kan: record };
      this.phase = 'draw';
    } else {
      this.lastAction[seat] = meld === 'chi' ? 'chi' : 'pon';
      this.phase = 'act';
    }
  }

  private kakan(seat: Seat, tiles: TileId[], added: TileId, i: number): void {
    this.checkOwnTurn(seat, 'kakan', i);
    const pon = this.melds[seat].find((m) => m.type === 'pon' && kindOf(m.called) === kindOf(added));
    if (!pon) {
      this.inconsistent('kakan-without-pon', i, `seat ${seat} adds tile ${added} to a pon it does not have`, seat);
    } else {
      pon.type = 'kakan';
      pon.tiles = [...tiles];
    }
    if (!this.removeOne(seat, added)) this.inconsistent('call-tiles-not-held', i, `seat ${seat}'s kakan adds tile ${added}, which it does not hold`, seat);
    if (!pon) this.melds[seat].push({ type: 'kakan', tiles: [...tiles], called: added, from: seat });
    const record = this.newKan(seat, 'kakan', tiles, added, pon?.from ?? seat, i, pon ? 1 : 0);
    this.setOffer('kakan', seat, added, i, record);
    this.offerToTable(seat, added);
    this.replacementFor = { seat, kan: record };
    this.lastAction[seat] = 'kan';
    this.phase = 'draw';
  }

  private ankan(seat: Seat, tiles: TileId[], i: number): void {
    this.checkOwnTurn(seat, 'ankan', i);
    if (!this.removeFromHand(seat, tiles)) this.inconsistent('call-tiles-not-held', i, `seat ${seat}'s ankan needs tiles ${tiles.join(',')} it does not hold`, seat);
    const record = this.newKan(seat, 'ankan', tiles, tiles[0], seat, i);
    this.setOffer('ankan', seat, tiles[0], i, record);
    this.melds[seat].push({ type: 'ankan', tiles: [...tiles], called: tiles[0], from: seat });
    this.replacementFor = { seat, kan: record };
    this.lastAction[seat] = 'kan';
    this.phase = 'draw';
  }

  private kitaCall(seat: Seat, tile: TileId, i: number): void {
    this.checkOwnTurn(seat, 'kita', i);
    if (!this.removeOne(seat, tile)) this.inconsistent('call-tiles-not-held', i, `seat ${seat}'s kita sets aside tile ${tile}, which it does not hold`, seat);
    this.kitaTiles[seat].push(tile);
    this.kita.push({ seat, eventIndex: i, replacement: null });
    this.declaredAgain(seat, null, i);
    this.setOffer('kita', seat, tile, i, null);
    this.replacementFor = { seat, kan: null };
    this.lastAction[seat] = 'kan';
    this.phase = 'draw';
  }

  private checkOwnTurn(seat: Seat, what: string, i: number): void {
    if (this.phase !== 'act' || this.actor !== seat) {
      this.inconsistent('out-of-turn', i, `seat ${seat} declares ${what} when seat ${this.actor} should ${this.phase === 'draw' ? 'draw' : 'act'}`, seat);
    }
    const hand = this.concealed[seat];
    if (hand.length + 3 * this.meldCount(seat) !== 14) {
      this.inconsistent('hand-size', i, `seat ${seat} declares ${what} holding ${hand.length} tiles and ${this.meldCount(seat)} melds`, seat);
    }
  }

  /** Records a kan; `meldsAdjust` discounts the pon a kakan turns into. */
  private newKan(seat: Seat, kind: KanRecord['kind'], tiles: TileId[], tile: TileId, from: Seat, i: number, meldsAdjust = 0): KanProgress {
    const own = kind !== 'daiminkan';
    const previous = this.lastAction[seat];
    const drawn = own && (previous === 'draw' || previous === 'replacement') ? this.lastDraw[seat] : null;
    let concealedBeforeDraw: TileId[] | null = null;
    if (own && drawn !== null) {
      // The hand as it was before this turn's draw: what riichi-kan rules judge.
      const before = [...this.concealed[seat], ...(kind === 'ankan' ? tiles : [tile])];
      before.splice(before.indexOf(drawn), 1);
      concealedBeforeDraw = sortIds(before);
    }
    const record: KanRecord = {
      round: this.index,
      eventIndex: i,
      number: this.kans.length + 1,
      seat,
      kind,
      tile,
      tiles: sortIds([...tiles]),
      from,
      turn: this.discardsMade[seat] + 1,
      liveWallLeft: this.liveLeft(),
      inRiichi: this.riichiDeclared[seat] !== null && this.riichiDiscarded[seat],
      afterCall: own && (previous === 'chi' || previous === 'pon'),
      afterReplacement: own && previous === 'replacement',
      drawnTile: drawn,
      concealedBeforeDraw,
      meldsBefore: this.meldCount(seat) - meldsAdjust,
      robbed: false,
      replacement: null,
      rinshanWin: false,
      kandoraNumber: null,
      indicator: null,
      indicatorWall: NO_WALL,
      revealEventIndex: null,
      revealLogged: 'unknown',
      revealRule: 'unknown',
      discardEventIndex: null,
      nextDeclarationEventIndex: null,
    };
    const progress: KanProgress = { record, phase: 'declared', nextDeclaration: null, discard: null, revealed: false };
    this.declaredAgain(seat, progress, i);
    this.kans.push(progress);
    return progress;
  }

  /** A chained declaration (kan, or kita in 3-player): the player's kans of this turn now have a next one. */
  private declaredAgain(seat: Seat, kan: KanProgress | null, i: number): void {
    for (const k of this.kans) {
      if (k.record.seat === seat && k.phase === 'replaced' && k.nextDeclaration === null) {
        k.nextDeclaration = { kan, eventIndex: i };
        k.record.nextDeclarationEventIndex = i;
      }
    }
  }

  private kandora(indicator: TileId, i: number): void {
    this.see(indicator, i);
    const k = ++this.kandoraRevealed;
    const pending = this.kans.find((p) => !p.revealed && !p.record.robbed);
    if (!pending) {
      this.inconsistent('kandora-without-kan', i, `kandora ${k} revealed with no kan waiting for its indicator`);
      return;
    }
    pending.revealed = true;
    const r = pending.record;
    r.revealEventIndex = i;
    r.indicator = indicator;
    r.kandoraNumber = k;
    if (k <= 4) {
      this.checkTile('kandora', i, indicatorIndex(this.layout, k), indicator, 'kandora', k);
      r.indicatorWall = this.wallPosition(indicatorIndex(this.layout, k));
    }
    r.revealLogged =
      pending.phase === 'declared'
        ? 'declaration'
        : pending.phase === 'discarded'
          ? 'after-discard'
          : pending.nextDeclaration
            ? 'next-kan'
            : 'after-replacement';
    this.revealedIndicators.push(indicator);
  }

  private win(e: WinEvent, i: number): void {
    const seat = e.seat;
    const tsumo = e.from === seat;
    const offer = tsumo || this.offer.kind === 'none' ? null : { ...this.offer };
    const robbedKan = offer && (offer.kind === 'kakan' || offer.kind === 'ankan') ? offer.kan : null;
    let winningTile: TileId;
    if (tsumo) {
      winningTile = this.lastDraw[seat] ?? e.winningTile;
      if (this.lastDraw[seat] === null) this.inconsistent('win-tile-mismatch', i, `seat ${seat} wins by tsumo without a tile just drawn`, seat);
    } else if (offer?.kind === 'ankan' && offer.seat === e.from && offer.kan?.record.tiles.includes(e.winningTile)) {
      // Robbing an ankan: any of its four copies is the tile won on.
      winningTile = e.winningTile;
    } else if (offer && offer.seat === e.from) {
      winningTile = offer.tile;
    } else {
      winningTile = e.winningTile;
      this.inconsistent('win-tile-mismatch', i, `seat ${seat} wins by ron from seat ${e.from}, who offered no tile last`, seat);
    }
    if (winningTile !== e.winningTile) {
      this.inconsistent('win-tile-mismatch', i, `the log's winning tile ${e.winningTile} is not the tile won on (${winningTile})`, seat);
    }
    const concealedBefore = [...this.concealed[seat]];
    if (tsumo) concealedBefore.splice(concealedBefore.indexOf(winningTile), 1);
    const full = sortIds([...concealedBefore, winningTile]);
    const logged = sortIds([...e.hand]);
    if (full.length !== logged.length || full.some((t, j) => t !== logged[j])) {
      this.inconsistent('win-hand-mismatch', i, `seat ${seat}'s winning hand in the log differs from the replayed hand`, seat);
    }
    // The indicators the log says count must be exactly the ones revealed so far.
    if (e.doraIndicators.length !== this.revealedIndicators.length || e.doraIndicators.some((t, j) => t !== this.revealedIndicators[j])) {
      this.inconsistent('indicators-mismatch', i, `the win lists indicators ${e.doraIndicators.join(',')}, the replay has ${this.revealedIndicators.join(',')}`, seat);
    }
    if (this.wall) e.uraIndicators.forEach((t, k) => k < 5 && this.checkTile('ura', i, uraIndex(this.layout, k), t, 'ura indicator', k + 1));
    if (robbedKan) {
      robbedKan.record.robbed = true;
    }
    const lastDrawWasReplacement = tsumo && this.lastAction[seat] === 'replacement';
    if (lastDrawWasReplacement) {
      const kan = this.kans.filter((k) => k.record.seat === seat && k.record.replacement?.tile === winningTile).at(-1);
      if (kan) kan.record.rinshanWin = true;
    }
    if (offer?.kind === 'discard') {
      for (const k of this.kans) if (k.discard?.eventIndex === offer.eventIndex) k.discard.ronned = true;
    }
    // Kita tiles are set aside but still the hand's: a North is a dora when the indicator says so.
    const handTiles = full.slice();
    for (const m of this.melds[seat]) for (const t of m.tiles) handTiles.push(t);
    for (const t of this.kitaTiles[seat]) handTiles.push(t);
    const riichi = this.riichiDeclared[seat] !== null;
    const loggedView: DoraView = {
      indicators: [...e.doraIndicators],
      ura: [...e.uraIndicators],
      dora: countDora(e.doraIndicators, handTiles, this.players),
      uraDora: riichi ? countDora(e.uraIndicators, handTiles, this.players) : 0,
    };
    const doraHan = e.yaku.filter((y) => y.id === YAKU.dora).reduce((a, y) => a + y.han, 0);
    // The log's dora han must be what the indicators give (plus one per kita): a check of the melds replayed.
    if (e.yaku.length > 0 && e.yakuman.length === 0 && loggedView.dora !== null && loggedView.dora + this.kitaTiles[seat].length !== doraHan) {
      this.inconsistent('dora-count-mismatch', i, `the log scores ${doraHan} dora, the replayed hand holds ${loggedView.dora} for the logged indicators`, seat);
    }
    const record: WinRecord = {
      round: this.index,
      eventIndex: i,
      seat,
      from: e.from,
      tsumo,
      winningTile,
      chankan: robbedKan !== null && robbedKan.record.kind === 'kakan',
      chankanOnAnkan: robbedKan !== null && robbedKan.record.kind === 'ankan',
      rinshan: lastDrawWasReplacement,
      haitei: tsumo && !lastDrawWasReplacement && this.liveLeft() === 0,
      houtei: offer?.kind === 'discard' && this.liveLeft() === 0,
      onKita: offer?.kind === 'kita',
      riichi,
      concealed: sortIds(concealedBefore),
      melds: this.melds[seat].map((m) => ({ type: m.type, tiles: [...m.tiles] })),
      kita: this.kitaTiles[seat].length,
      kitaTiles: [...this.kitaTiles[seat]],
      river: [...this.rivers[seat]],
      passedSinceOwnDiscard: this.passedBy(seat),
      yaku: e.yaku,
      yakuman: e.yakuman,
      doraHanLogged: doraHan,
      logged: loggedView,
      // Filled in by finish(), once every kan's reveal moment under the rule is known.
      rule: loggedView,
      kansBefore: this.kans.length,
    };
    this.wins.push(record);
    this.ended = { kind: 'win', eventIndex: this.ended?.eventIndex ?? i, kans: 0, kanPlayers: 0 };
  }

  /** The tiles others offered since the seat's furiten window opened (its last discard, or its riichi). */
  private passedBy(seat: Seat): TileId[] {
    const passed: TileId[] = [];
    for (let k = this.passedFrom[seat]; k < this.offeredTiles.length; k++) {
      if (this.offeredSeats[k] !== seat) passed.push(this.offeredTiles[k]);
    }
    return passed;
  }

  // ---------- end of round ----------

  /**
   * The round's record, built as one object literal: spreading another object into it (`{ ...finish(),
   * eventCount }`) gave every round its own hidden class, and every later read of a round went megamorphic.
   */
  finish(wallReason: string | undefined, eventCount: number): RoundReplay {
    const logEnded = this.ended === null;
    const kans = this.kans.map((p) => p.record);
    for (const p of this.kans) {
      const r = p.record;
      if (!p.revealed) r.revealLogged = logEnded && !r.robbed && !r.rinshanWin ? 'unknown' : 'never';
      const aftermath: KanAftermath = {
        kind: r.kind,
        robbed: r.robbed,
        nextKan: p.nextDeclaration ? { robbed: p.nextDeclaration.kan?.record.robbed ?? false } : null,
        discard: p.discard ? { ronned: p.discard.ronned } : null,
        rinshanWin: r.rinshanWin,
        logEnded: logEnded && !r.robbed && !r.rinshanWin && !p.discard && !p.nextDeclaration,
        endedAtDeclaration: !logEnded && !r.robbed && r.replacement === null && this.ended?.kind === 'ryuukyoku',
      };
      r.revealRule = ruleRevealMoment(this.options.kandoraTiming, aftermath);
    }
    // Kandora numbers in kan order for kans the log never revealed (their indicators come from the wall).
    let n = 0;
    for (const r of kans) {
      if (r.robbed) continue;
      n++;
      if (r.kandoraNumber === null && n <= 4) {
        r.kandoraNumber = n;
        if (this.wall) {
          const index = indicatorIndex(this.layout, n);
          r.indicatorWall = { index, expected: this.wall.tiles[index] };
          r.indicator = this.wall.tiles[index];
        }
      }
    }
    for (const w of this.wins) w.rule = this.ruleView(w, kans);
    const completed = kans.filter((k) => !k.robbed);
    const ending = this.ended ?? { kind: 'none' as const, eventIndex: null, kans: 0, kanPlayers: 0 };
    ending.kans = completed.length;
    ending.kanPlayers = new Set(completed.map((k) => k.seat)).size;
    return {
      index: this.index,
      kyoku: this.start.round,
      honba: this.start.honba,
      dealer: this.start.dealer,
      wall: this.wall ? { built: true } : { built: false, ...(wallReason ? { reason: wallReason } : {}) },
      kans,
      kita: this.kita,
      wins: this.wins,
      ending,
      liveDraws: this.liveDraws,
      replacementDraws: this.replacements,
      riichi: this.riichi,
      eventCount,
    };
  }

  /** The indicators and dora of a win under the chosen timing. */
  private ruleView(w: WinRecord, kans: KanRecord[]): DoraView {
    const indicators: (TileId | null)[] = [this.start.doraIndicator];
    const uraOf = (k: number): TileId | null => (this.wall ? this.wall.tiles[uraIndex(this.layout, k)] : (w.logged.ura[k] ?? null));
    const ura: (TileId | null)[] = [uraOf(0)];
    for (const k of kans) {
      if (k.kandoraNumber === null || k.eventIndex >= w.eventIndex) continue;
      if (!revealedBefore(k, w.eventIndex)) continue;
      indicators.push(k.indicator);
      ura.push(uraOf(k.kandoraNumber));
    }
    const handTiles = [...w.concealed, w.winningTile];
    for (const m of w.melds) for (const t of m.tiles) handTiles.push(t);
    for (const t of w.kitaTiles) handTiles.push(t);
    return {
      indicators,
      ura: w.riichi ? ura : [],
      dora: countDora(indicators, handTiles, this.players),
      uraDora: w.riichi ? countDora(ura, handTiles, this.players) : 0,
    };
  }
}

/** Whether a kan's indicator is revealed, under its rule moment, before the event at `at`. */
function revealedBefore(k: KanRecord, at: number): boolean {
  const moment: RevealMoment = k.revealRule;
  switch (moment) {
    case 'declaration':
      return k.eventIndex < at;
    case 'after-replacement':
    case 'after-discard':
      // Both come with the kan player's next discard: before it (a ron on it sees the indicator) or after
      // it has passed (a ron on it does not, and then the moment is `never`).
      return k.discardEventIndex !== null && k.discardEventIndex < at;
    case 'next-kan':
      return k.nextDeclarationEventIndex !== null && k.nextDeclarationEventIndex < at;
    default:
      return false;
  }
}
