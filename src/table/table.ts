/**
 * One hand at the table: four seats, the live wall and the dead wall, whose move it is, the tile on offer,
 * the kans declared and the indicators turned over. Events are applied in one place (`apply`), one entry
 * point per kind; each checks what the table requires before it changes anything, and a broken
 * requirement is recorded as an Inconsistency at that event, never thrown: a table always takes the next
 * event and says what it found. It knows the game's physics and no rule: when a kandora is revealed under
 * a rule, or whether a riichi kan is allowed, is for the replay and the audit to say from what it saw.
 */
import type {
  CallEvent,
  GameEvent,
  RiichiEvent,
  RoundStartEvent,
  RyuukyokuEvent,
  Seat,
  WinEvent,
} from '../events/index.js';
import { plural, YAKU } from '../events/index.js';
import { countDora, kindOf, kindToString, ponOfKind, sortIds, tileLabel, tilesLabel, type TileId } from '../tiles/index.js';
import {
  haipaiIndices,
  indicatorIndex,
  replacementIndex,
  seatOffsetFromDealer,
  uraIndex,
  wallLayout,
  type HandWall,
  type WallLayout,
} from '../wall/index.js';
import type {
  DiscardCall,
  Ending,
  Inconsistency,
  InconsistencyKind,
  Kan,
  Meld,
  Offer,
  RevealMoment,
  RiichiRecord,
  SeatState,
  TurnPhase,
  WallMismatch,
  WallMismatchKind,
  Win,
  WinTiming,
} from './types.js';

export interface TableOptions {
  /** Position of the hand in the game, 1-based: every inconsistency names it. */
  hand: number;
  players: 3 | 4;
  /** The wall rebuilt from the log's seed: every tile the log shows is checked against it. */
  wall?: HandWall | null;
  /** The dead-wall arrangement when no wall is given (default: the current era's). */
  layout?: WallLayout;
  /** Whether the game has red fives, for the tiles messages name (`0m` or `5m`); default true. */
  redFives?: boolean;
}

/** The kind of North (4z): the only tile a kita sets aside. */
const NORTH = 30;

/** The tiles but one id. */
function without(tiles: readonly TileId[], id: TileId): TileId[] {
  const out: TileId[] = [];
  for (const t of tiles) if (t !== id) out.push(t);
  return out;
}

/** The first completed kan whose indicator is still to come. */
function firstUnrevealed(kans: readonly Kan[]): Kan | undefined {
  for (const k of kans) if (k.reveal === null && !k.robbed) return k;
  return undefined;
}

/** checkDeal's scratch table (tile → 1 + the seat the wall deals it to); tables are checked one at a time. */
const DEALT_TO = new Uint8Array(136);

function emptySeat(hand: readonly TileId[]): SeatState {
  return { concealed: [...hand], melds: [], kita: [], river: [], riichi: 'none', drawn: null, last: 'none', discards: 0, passedFrom: 0, riichiAt: null };
}

export class Table {
  /** Position of the hand in the game, 1-based. */
  readonly hand: number;
  readonly players: 3 | 4;
  readonly start: RoundStartEvent;
  /** Where each role sits in the wall: live draws, replacement tiles, indicators. */
  readonly layout: WallLayout;
  /** The rebuilt wall, when the log's seed gives one. */
  readonly wall: HandWall | null;
  /** One record per seat (3-player: seat 3 stays empty). */
  readonly seats: SeatState[];
  /** The seat whose move it is. */
  actor: Seat;
  phase: TurnPhase = 'draw';
  /** The last tile another player could ron on; one object, updated in place on the hot path. */
  readonly offer: Offer = { kind: 'none', seat: 0, tile: 0, eventIndex: -1, kan: null };
  /** Live draws made (j = 0 is the dealer's first). */
  liveDraws = 0;
  /** Replacement draws made (kans and, in 3-player, kita). */
  replacements = 0;
  /** Completed kans whose replacement draw the log skips: the live wall gave its last tile to the dead wall all the same. */
  private skippedReplacements = 0;
  /** Every kan declared, in order (robbed ones included). */
  readonly kans: Kan[] = [];
  /** Every kita, with its replacement tile once drawn. */
  readonly kita: { seat: Seat; eventIndex: number; replacement: TileId | null }[] = [];
  /** Riichi declarations, in order (`RiichiRecord`): the declarer's turn, the live wall left, the hand after the riichi discard. */
  readonly riichi: RiichiRecord[] = [];
  /** Chi, pon and daiminkan, in order (`DiscardCall`): what was called, when, and what the caller discarded next. */
  readonly discardCalls: DiscardCall[] = [];
  /** The discards made before any call (kans included), the first `players` of them: an uninterrupted first go-around holds them all. */
  readonly openingDiscards: TileId[] = [];
  readonly wins: Win[] = [];
  /** Indicators turned over: the round's first, then each logged kandora. */
  readonly indicators: TileId[];
  /** Whether the game has red fives: how messages write a tile. */
  private readonly redFives: boolean;
  /** Set when a win or a ryuukyoku ends the hand. */
  ending: Ending | null = null;
  readonly inconsistencies: Inconsistency[] = [];
  readonly wallMismatches: WallMismatch[] = [];
  /** Tiles compared with the rebuilt wall. */
  wallChecked = 0;
  /** Events applied after the round start. */
  eventCount = 1;
  /** Every tile let go to the table (discards, a kakan's added tile), and who let it go: for furiten. */
  private readonly offeredTiles: TileId[] = [];
  private readonly offeredSeats: Seat[] = [];
  /**
   * Tiles seen in the round (dealt, drawn, indicators), 30 ids a word: a tile id seen twice is a
   * contradiction. Five small integers, not a typed array, which cost more to make than a hand's checks.
   */
  private readonly seen = [0, 0, 0, 0, 0];
  /** Kans whose declaration, or whose player's discard, waits for the next event to say what followed. */
  private unsettled = false;
  /** Calls made at the table (chi, pon, kans declared), for the timing of wins. */
  private calls = 0;

  constructor(start: RoundStartEvent, options: TableOptions) {
    this.hand = options.hand;
    this.players = options.players;
    this.redFives = options.redFives ?? true;
    this.start = start;
    this.wall = options.wall ?? null;
    this.layout = this.wall?.layout ?? options.layout ?? wallLayout(options.players);
    // Literal calls, not a closure made per hand (docs/PERFORMANCE.md §3, Hot closures).
    const hands = start.hands;
    this.seats = [emptySeat(hands[0] ?? []), emptySeat(hands[1] ?? []), emptySeat(hands[2] ?? []), emptySeat(hands[3] ?? [])];
    this.actor = start.dealer;
    if (start.dealer >= this.players) {
      this.inconsistent('no-such-seat', 0, `the dealer is seat ${start.dealer}, but a ${this.players}-player game has seats 0..${this.players - 1}`);
      this.actor = 0;
    }
    this.indicators = [start.doraIndicator];
    for (let s = 0; s < this.players; s++) {
      const n = this.seats[s].concealed.length;
      if (n !== 13) this.inconsistent('hand-size', 0, `seat ${s} is dealt ${plural(n, 'tile')}, expected 13`, s);
      for (const t of this.seats[s].concealed) this.see(t, 0);
    }
    this.see(start.doraIndicator, 0);
    if (this.wall && start.dealer < this.players) this.checkDeal(this.wall);
  }

  // ---------- what the table knows ----------

  /** Live tiles still to draw (0: the haitei has been drawn). */
  liveLeft(): number {
    // liveDrawCount(layout, moved), inline: it runs on every draw.
    const moved = Math.min(this.replacements + this.skippedReplacements, this.layout.replacement.length);
    return this.layout.totalDraws - moved - this.liveDraws;
  }

  /** The wall index of the next live draw. */
  nextLiveIndex(): number {
    return this.layout.firstLiveIndex - this.liveDraws;
  }

  /** The wall index of the next replacement draw, or null when the dead wall has none left. */
  nextReplacementIndex(): number | null {
    return this.replacements < this.layout.replacement.length ? replacementIndex(this.layout, this.replacements) : null;
  }

  /** Tiles in a seat's hand, melds counted as three. */
  handSize(seat: Seat): number {
    const s = this.seats[seat];
    return s.concealed.length + 3 * s.melds.length;
  }

  /** The seat's riichi discard waits to be accepted (it has been made and nothing has ronned it yet). */
  riichiAwaitingAcceptance(): Seat | null {
    for (let s = 0; s < this.players; s++) if (this.seats[s].riichi === 'discarded') return s;
    return null;
  }

  /**
   * The seat that drew and has not discarded since (it still holds the tile it drew), or null: who may
   * declare nine terminals, and who did when the hand ends in them, whether or not the log shows its hand.
   */
  seatHoldingDraw(): Seat | null {
    const s = this.seats[this.actor];
    return s !== undefined && s.drawn !== null ? this.actor : null;
  }

  /** Completed kans whose indicator the log has not turned over yet, in declaration order. */
  unrevealedKans(): Kan[] {
    return this.kans.filter((k) => k.reveal === null && !k.robbed);
  }

  // ---------- applying events ----------

  /** Applies the event at `index` of the round (1 and on; 0 is the round start the table was made from). */
  apply(e: GameEvent, index: number): void {
    this.eventCount = index + 1;
    if (this.ending && !(e.type === 'win' && this.ending.kind === 'win') && e.type !== 'disconnect' && e.type !== 'reconnect') {
      this.inconsistent('event-after-end', index, `${e.type} after the round ended`);
      return;
    }
    switch (e.type) {
      case 'draw':
        if (e.seat >= this.players) return this.noSuchSeat(e, index);
        if (this.unsettled) this.settle('draw', e.seat, index);
        return this.draw(e.seat, e.tile, index);
      case 'discard':
        if (e.seat >= this.players) return this.noSuchSeat(e, index);
        if (this.unsettled) this.settle('other', e.seat, index);
        return this.discard(e.seat, e.tile, index);
      case 'call':
        if (e.seat >= this.players) return this.noSuchSeat(e, index);
        if (this.unsettled) this.settle('other', e.seat, index);
        return this.call(e, index);
      case 'kandora':
        return this.kandora(e.indicator, index);
      case 'riichi':
        if (e.seat >= this.players) return this.noSuchSeat(e, index);
        return this.riichiStep(e, index);
      case 'win':
        if (e.seat >= this.players) return this.noSuchSeat(e, index);
        if (this.unsettled) this.settle(e.from === e.seat ? 'other' : 'ron', e.seat, index);
        return this.win(e, index);
      case 'ryuukyoku':
        if (this.unsettled) this.settle('ended', -1, index);
        return this.ryuukyoku(e, index);
      case 'roundStart':
        this.inconsistent('event-after-end', index, 'a second round start inside one round');
        return;
      default:
        return;
    }
  }

  /** Closes the round: what the log never decided stays undecided. Returns the ending (`none` for an excerpt). */
  finish(): Ending {
    for (const k of this.kans) if (k.discard && k.discard.after === null) k.discard.after = 'log-stops';
    this.unsettled = false;
    return this.ending ?? { kind: 'none', eventIndex: null };
  }

  private draw(seat: Seat, tile: TileId, i: number): void {
    const s = this.seats[seat];
    const replacement = this.phase === 'replacement' && this.actor === seat;
    if (!replacement && (this.phase !== 'draw' || this.actor !== seat)) this.outOfTurn(seat, 'draws', i);
    if (this.handSize(seat) !== 13) this.inconsistent('hand-size', i, `seat ${seat} draws holding ${plural(s.concealed.length, 'tile')} and ${plural(s.melds.length, 'meld')}`, seat);
    this.see(tile, i);
    if (replacement) {
      const r = this.replacements++;
      let wallIndex: number | null = null;
      if (r < this.layout.replacement.length) {
        wallIndex = replacementIndex(this.layout, r);
        this.checkTile('replacement-draw', i, wallIndex, tile, 'replacement draw', r + 1);
      } else {
        this.inconsistent('draw-beyond-wall', i, `replacement draw ${r + 1}: the dead wall has only ${this.layout.replacement.length}`, seat);
      }
      const kan = this.offer.kind === 'kita' ? null : this.declaredKan(seat);
      if (kan) kan.replacement = { tile, eventIndex: i, number: r, wallIndex };
      else {
        const k = this.kita.at(-1);
        if (k && k.seat === seat && k.replacement === null) k.replacement = tile;
      }
      s.last = 'replacement';
    } else {
      const j = this.liveDraws++;
      if (this.liveLeft() < 0) this.inconsistent('draw-beyond-wall', i, `live draw ${j + 1} is beyond the end of the live wall`, seat);
      else this.checkTile('live-draw', i, this.layout.firstLiveIndex - j, tile, 'live draw', j + 1);
      s.last = 'draw';
    }
    s.concealed.push(tile);
    s.drawn = tile;
    this.offer.kind = 'none';
    this.offer.kan = null;
    this.actor = seat;
    this.phase = 'act';
  }

  private discard(seat: Seat, tile: TileId, i: number): void {
    const s = this.seats[seat];
    if (this.phase !== 'act' || this.actor !== seat) this.outOfTurn(seat, 'discards', i);
    if (this.handSize(seat) !== 14) this.inconsistent('hand-size', i, `seat ${seat} discards holding ${plural(s.concealed.length, 'tile')} and ${plural(s.melds.length, 'meld')}`, seat);
    if (s.riichi === 'accepted' && tile !== s.drawn) {
      this.inconsistent('riichi-discard', i, `seat ${seat} is in riichi and discards ${this.tileText(tile)}, not the tile it just drew`, seat);
    }
    if (!removeOne(s.concealed, tile)) this.inconsistent('discard-not-in-hand', i, `seat ${seat} discards ${this.tileText(tile)}, which it does not hold`, seat);
    s.river.push(tile);
    s.discards++;
    if (this.calls === 0 && this.openingDiscards.length < this.players) this.openingDiscards.push(tile);
    const riichiDiscard = s.riichi === 'declared';
    if (riichiDiscard) {
      s.riichi = 'discarded';
      for (const r of this.riichi) if (r.seat === seat && r.concealedAfterDiscard === null) r.concealedAfterDiscard = [...s.concealed];
    }
    for (const c of this.discardCalls) if (c.seat === seat && c.nextDiscard === null) c.nextDiscard = tile;
    // A riichi player's furiten window stays open from its riichi discard on.
    if (s.riichi === 'none' || riichiDiscard) s.passedFrom = this.offeredTiles.length + 1;
    this.offerToTable(seat, tile);
    for (const k of this.kans) {
      if (k.seat === seat && k.discard === null && k.replacement !== null && !k.robbed) {
        k.discard = { eventIndex: i, after: null };
        this.unsettled = true;
      }
    }
    this.setOffer('discard', seat, tile, i, null);
    s.drawn = null;
    s.last = 'discard';
    this.actor = (seat + 1) % this.players;
    this.phase = 'draw';
  }

  private call(e: CallEvent, i: number): void {
    if (e.meld !== 'kita') this.calls++;
    switch (e.meld) {
      case 'chi':
      case 'pon':
      case 'daiminkan':
        return this.callDiscard(e, i);
      case 'kakan':
        return this.kakan(e.seat, e.tiles, e.added ?? e.tiles[0], i, e.code);
      case 'ankan':
        return this.ankan(e.seat, e.tiles, i, e.code);
      case 'kita':
        return this.kitaCall(e.seat, e.tiles[0], i);
    }
  }

  private callDiscard(e: CallEvent, i: number): void {
    const { seat, meld, tiles, called, from } = e;
    const s = this.seats[seat];
    const o = this.offer;
    if (o.kind !== 'discard' || o.tile !== called || o.seat !== from || this.phase !== 'draw') {
      this.inconsistent('called-tile-not-last-discard', i, `seat ${seat}'s ${meld} calls ${this.tileText(called)} from seat ${from}, which is not the last discard`, seat);
    }
    if (meld === 'chi' && (from + 1) % this.players !== seat) {
      this.inconsistent('out-of-turn', i, `seat ${seat} calls chi from seat ${from}, who is not its kamicha`, seat);
    }
    if (this.handSize(seat) !== 13) this.inconsistent('hand-size', i, `seat ${seat} calls ${meld} holding ${plural(s.concealed.length, 'tile')}`, seat);
    const own = without(tiles, called);
    if (!removeAll(s.concealed, own)) this.inconsistent('call-tiles-not-held', i, `seat ${seat}'s ${meld} needs ${tilesLabel(own, this.redFives)}, which it does not hold`, seat);
    this.discardCalls.push({ seat, eventIndex: i, meld: meld as DiscardCall['meld'], tiles: [...tiles], called, from, liveWallLeft: this.liveLeft(), inRiichi: s.riichi !== 'none', nextDiscard: null });
    const kan = meld === 'daiminkan' ? this.newKan(seat, 'daiminkan', tiles, called, from, i, 0) : null;
    s.melds.push({ type: meld, tiles: [...tiles], called, from, ...(e.code !== undefined ? { code: e.code } : {}) });
    this.offer.kind = 'none';
    this.offer.kan = null;
    s.drawn = null;
    this.actor = seat;
    if (kan) {
      s.last = 'kan';
      this.phase = 'replacement';
    } else {
      s.last = meld === 'chi' ? 'chi' : 'pon';
      this.phase = 'act';
    }
  }

  private kakan(seat: Seat, tiles: TileId[], added: TileId, i: number, code: number | undefined): void {
    const s = this.seats[seat];
    this.checkOwnTurn(seat, 'kakan', i);
    const pon = ponOfKind(s.melds, kindOf(added));
    if (!removeOne(s.concealed, added)) this.inconsistent('call-tiles-not-held', i, `seat ${seat}'s kakan adds ${this.tileText(added)}, which it does not hold`, seat);
    const kan = this.newKan(seat, 'kakan', tiles, added, pon?.from ?? seat, i, pon ? 1 : 0);
    if (pon) {
      pon.type = 'kakan';
      pon.tiles = [...tiles];
      pon.added = added;
      if (code !== undefined) pon.code = code;
    } else {
      this.inconsistent('kakan-without-pon', i, `seat ${seat} adds ${this.tileText(added)} to a pon it does not have`, seat);
      s.melds.push({ type: 'kakan', tiles: [...tiles], called: added, from: seat, added, ...(code !== undefined ? { code } : {}) });
    }
    this.setOffer('kakan', seat, added, i, kan);
    this.offerToTable(seat, added);
    this.declared(seat);
  }

  private ankan(seat: Seat, tiles: TileId[], i: number, code: number | undefined): void {
    const s = this.seats[seat];
    this.checkOwnTurn(seat, 'ankan', i);
    if (!removeAll(s.concealed, tiles)) this.inconsistent('call-tiles-not-held', i, `seat ${seat}'s ankan needs ${tilesLabel(tiles, this.redFives)}, which it does not hold`, seat);
    const kan = this.newKan(seat, 'ankan', tiles, tiles[0], seat, i, 0);
    s.melds.push({ type: 'ankan', tiles: [...tiles], called: tiles[0], from: seat, ...(code !== undefined ? { code } : {}) });
    this.setOffer('ankan', seat, tiles[0], i, kan);
    this.declared(seat);
  }

  private kitaCall(seat: Seat, tile: TileId, i: number): void {
    const s = this.seats[seat];
    this.checkOwnTurn(seat, 'kita', i);
    if (this.players !== 3) this.inconsistent('kita-not-north', i, `seat ${seat} declares kita in a 4-player game`, seat);
    else if (kindOf(tile) !== NORTH) this.inconsistent('kita-not-north', i, `seat ${seat}'s kita sets aside ${this.tileText(tile)}, which is not a North`, seat);
    if (!removeOne(s.concealed, tile)) this.inconsistent('call-tiles-not-held', i, `seat ${seat}'s kita sets aside ${this.tileText(tile)}, which it does not hold`, seat);
    s.kita.push(tile);
    this.kita.push({ seat, eventIndex: i, replacement: null });
    this.declaredAgain(seat, null, i);
    this.setOffer('kita', seat, tile, i, null);
    this.declared(seat);
  }

  /** After a kan or kita: the seat owes a replacement draw, and the declaration is on offer until then. */
  private declared(seat: Seat): void {
    const s = this.seats[seat];
    s.drawn = null;
    s.last = 'kan';
    this.actor = seat;
    this.phase = 'replacement';
  }

  private checkOwnTurn(seat: Seat, what: string, i: number): void {
    if (this.phase !== 'act' || this.actor !== seat) this.outOfTurn(seat, `declares ${what}`, i);
    const s = this.seats[seat];
    if (this.handSize(seat) !== 14) this.inconsistent('hand-size', i, `seat ${seat} declares ${what} holding ${plural(s.concealed.length, 'tile')} and ${plural(s.melds.length, 'meld')}`, seat);
  }

  /** A new kan; `meldsAdjust` discounts the pon a kakan turns into. */
  private newKan(seat: Seat, kind: Kan['kind'], tiles: TileId[], tile: TileId, from: Seat, i: number, meldsAdjust: number): Kan {
    const s = this.seats[seat];
    const own = kind !== 'daiminkan';
    const previous = s.last;
    const drawn = own && (previous === 'draw' || previous === 'replacement') ? s.drawn : null;
    let concealedBeforeDraw: TileId[] | null = null;
    if (drawn !== null) {
      // The hand as it was before this turn's draw: what riichi-kan rules judge.
      const before = [...s.concealed, ...(kind === 'ankan' ? tiles : [tile])];
      before.splice(before.indexOf(drawn), 1);
      concealedBeforeDraw = sortIds(before);
    }
    const kan: Kan = {
      eventIndex: i,
      number: this.kans.length + 1,
      seat,
      kind,
      tile,
      tiles: sortIds([...tiles]),
      from,
      turn: s.discards + 1,
      liveWallLeft: this.liveLeft(),
      inRiichi: s.riichi === 'discarded' || s.riichi === 'accepted',
      afterCall: own && (previous === 'chi' || previous === 'pon'),
      afterReplacement: own && previous === 'replacement',
      drawnTile: drawn,
      concealedBeforeDraw,
      meldsBefore: s.melds.length - meldsAdjust,
      robbed: false,
      afterDeclaration: null,
      replacement: null,
      rinshanWin: false,
      nextDeclaration: null,
      discard: null,
      reveal: null,
    };
    this.declaredAgain(seat, kan, i);
    this.kans.push(kan);
    this.unsettled = true;
    return kan;
  }

  /** A chained declaration (a kan, or a kita in 3-player): the seat's replaced kans of this turn now have a next one. */
  private declaredAgain(seat: Seat, kan: Kan | null, i: number): void {
    for (const k of this.kans) {
      if (k.seat === seat && k.replacement !== null && k.discard === null && k.nextDeclaration === null) k.nextDeclaration = { eventIndex: i, kan };
    }
  }

  /** The seat's kan whose replacement draw is owed. */
  private declaredKan(seat: Seat): Kan | null {
    for (let n = this.kans.length - 1; n >= 0; n--) {
      const k = this.kans[n];
      if (k.seat === seat && k.replacement === null && !k.robbed) return k;
    }
    return null;
  }

  /**
   * Records what came right after a kan's declaration and after its player's discard, on the next event
   * that moves the hand on (`what`: a draw by `seat`, a ron by `seat`, the hand's end, or anything else).
   */
  private settle(what: 'draw' | 'ron' | 'ended' | 'other', seat: Seat, i: number): void {
    for (const k of this.kans) {
      if (k.afterDeclaration === null && i > k.eventIndex) {
        if (what === 'draw' && seat === k.seat && this.phase === 'replacement') k.afterDeclaration = 'replacement';
        else if (what === 'ron' && this.offer.kan === k) k.afterDeclaration = 'robbed';
        else if (what === 'ended') k.afterDeclaration = 'ended';
        else {
          k.afterDeclaration = 'went-on';
          this.skippedReplacements++;
        }
      }
      if (k.discard !== null && k.discard.after === null && i > k.discard.eventIndex) {
        k.discard.after = what === 'ron' && this.offer.kind === 'discard' && this.offer.eventIndex === k.discard.eventIndex ? 'ron' : what === 'ended' ? 'ended' : 'went-on';
      }
    }
    this.unsettled = false;
    for (const k of this.kans) if (k.afterDeclaration === null || (k.discard !== null && k.discard.after === null)) this.unsettled = true;
  }

  private kandora(indicator: TileId, i: number): void {
    this.see(indicator, i);
    const k = this.indicators.length;
    this.indicators.push(indicator);
    const kan = firstUnrevealed(this.kans);
    if (!kan) {
      this.inconsistent('kandora-without-kan', i, `kandora ${k} revealed with no kan waiting for its indicator`);
      return;
    }
    if (k <= 4) this.checkTile('kandora', i, indicatorIndex(this.layout, k), indicator, 'kandora', k);
    const moment: RevealMoment =
      kan.replacement === null ? 'declaration' : kan.discard !== null ? 'after-discard' : kan.nextDeclaration ? 'next-kan' : 'after-replacement';
    kan.reveal = { eventIndex: i, indicator, kandoraNumber: k, moment };
  }

  private riichiStep(e: RiichiEvent, i: number): void {
    const s = this.seats[e.seat];
    if (e.step === 'declare') {
      if (s.riichi !== 'none') this.inconsistent('riichi-repeated', i, `seat ${e.seat} declares riichi a second time`, e.seat);
      if (this.phase !== 'act' || this.actor !== e.seat) this.outOfTurn(e.seat, 'declares riichi', i);
      if (this.handSize(e.seat) !== 14) this.inconsistent('hand-size', i, `seat ${e.seat} declares riichi holding ${plural(s.concealed.length, 'tile')}`, e.seat);
      // Riichi needs a closed hand: a call opens it (a kakan's pon did), an ankan does not.
      const open = s.melds.find((m) => m.type === 'chi' || m.type === 'pon' || m.type === 'daiminkan' || m.type === 'kakan');
      if (open) this.inconsistent('riichi-open-hand', i, `seat ${e.seat} declares riichi with an open hand (a ${open.type} of ${kindToString(kindOf(open.called))})`, e.seat);
      s.riichi = 'declared';
      s.riichiAt = { calls: this.calls, kita: this.kita.length, discards: s.discards };
      this.riichi.push({ seat: e.seat, eventIndex: i, turn: s.discards + 1, liveWallLeft: this.liveLeft(), concealedAfterDiscard: null });
      return;
    }
    if (s.riichi !== 'discarded') {
      const why = s.riichi === 'none' ? 'never declared it' : s.riichi === 'declared' ? 'has not made its riichi discard' : 'had it accepted already';
      this.inconsistent('riichi-not-declared', i, `seat ${e.seat}'s riichi is accepted, but the seat ${why}`, e.seat);
      return;
    }
    s.riichi = 'accepted';
  }

  private win(e: WinEvent, i: number): void {
    const seat = e.seat;
    const s = this.seats[seat];
    const tsumo = e.from === seat;
    if (this.ending) {
      const first = this.wins[0];
      const why = this.wins.some((w) => w.event.seat === seat)
        ? `seat ${seat} has already won this hand`
        : tsumo || !first || first.tsumo
          ? 'only rons on the same tile can follow a win'
          : null;
      if (why) {
        this.inconsistent('win-repeated', i, `a second win in one hand: ${why}`, seat);
        return;
      }
    }
    const offer = tsumo || this.offer.kind === 'none' ? null : this.offer;
    const robbedKan = offer && (offer.kind === 'kakan' || offer.kind === 'ankan') ? offer.kan : null;
    let winningTile: TileId;
    if (tsumo) {
      winningTile = s.drawn ?? e.winningTile;
      if (s.drawn === null || this.phase !== 'act' || this.actor !== seat) this.inconsistent('win-tile-mismatch', i, `seat ${seat} wins by tsumo without a tile just drawn`, seat);
    } else if (offer?.kind === 'ankan' && offer.seat === e.from && offer.kan?.tiles.includes(e.winningTile)) {
      // Robbing an ankan: any of its four copies is the tile won on.
      winningTile = e.winningTile;
    } else if (offer && offer.seat === e.from) {
      winningTile = offer.tile;
    } else {
      winningTile = e.winningTile;
      this.inconsistent('win-tile-mismatch', i, `seat ${seat} wins by ron from seat ${e.from}, who offered no tile last`, seat);
    }
    if (winningTile !== e.winningTile) {
      this.inconsistent('win-tile-mismatch', i, `the log's winning tile ${this.tileText(e.winningTile)} is not the tile won on (${this.tileText(winningTile)})`, seat);
    }
    const concealed = [...s.concealed];
    if (tsumo) removeOne(concealed, winningTile);
    const full = sortIds([...concealed, winningTile]);
    if (!sameIds(full, sortIds([...e.hand]))) this.inconsistent('win-hand-mismatch', i, `seat ${seat}'s winning hand in the log differs from the replayed hand`, seat);
    // The indicators the log says count must be exactly those turned over so far.
    const shown = this.start.untimedKandora ? [this.start.doraIndicator, ...this.start.untimedKandora] : this.indicators;
    if (!sameIds(e.doraIndicators, shown)) {
      this.inconsistent('indicators-mismatch', i, `the win lists indicators ${tilesLabel(e.doraIndicators, this.redFives)}, the table shows ${tilesLabel(shown, this.redFives)}`, seat);
    }
    if (this.wall) {
      const ura = e.uraIndicators;
      for (let k = 0; k < ura.length && k < 5; k++) this.checkTile('ura', i, uraIndex(this.layout, k), ura[k], 'ura indicator', k + 1);
    }
    this.checkDoraHan(e, full, i);
    if (robbedKan) robbedKan.robbed = true;
    const rinshan = tsumo && s.last === 'replacement';
    if (rinshan) {
      for (let n = this.kans.length - 1; n >= 0; n--) {
        const k = this.kans[n];
        if (k.seat === seat && k.replacement?.tile === winningTile) {
          k.rinshanWin = true;
          break;
        }
      }
    }
    const liveLeft = this.liveLeft();
    this.wins.push({
      event: e,
      eventIndex: i,
      tsumo,
      winningTile,
      robbedKan,
      onKita: offer?.kind === 'kita',
      rinshan,
      haitei: tsumo && !rinshan && liveLeft === 0,
      houtei: offer?.kind === 'discard' && liveLeft === 0,
      riichi: s.riichi !== 'none',
      concealed: sortIds(concealed),
      melds: s.melds.map((m) => ({ type: m.type, tiles: [...m.tiles], called: m.called, from: m.from })),
      kitaTiles: [...s.kita],
      river: [...s.river],
      passedSinceOwnDiscard: this.passedBy(seat),
      kansBefore: this.kans.length,
      timing: this.timingOf(s, robbedKan !== null),
    });
    this.ending ??= { kind: 'win', eventIndex: i };
    this.phase = 'over';
  }

  /** The counts of a win's timing; the kan a chankan robs was never completed and is no call. */
  private timingOf(s: SeatState, robs: boolean): WinTiming {
    const calls = this.calls - (robs ? 1 : 0);
    const kita = this.kita.length;
    const at = s.riichiAt;
    return {
      discardsBefore: s.discards,
      callsBefore: calls,
      kitaBefore: kita,
      riichi: at && {
        discardsBefore: at.discards,
        callsBefore: at.calls,
        kitaBefore: at.kita,
        discardsAfter: s.discards - at.discards - 1,
        callsAfter: calls - at.calls,
        kitaAfter: kita - at.kita,
      },
    };
  }

  /** The log's dora han must be what its indicators give the replayed hand (plus one per kita): a check of the melds. */
  private checkDoraHan(e: WinEvent, full: readonly TileId[], i: number): void {
    if (e.yaku.length === 0 || e.yakuman.length > 0) return;
    const s = this.seats[e.seat];
    // Kita tiles are set aside but still the hand's: a North is a dora when the indicator says so.
    const tiles = [...full];
    for (const m of s.melds) for (const t of m.tiles) tiles.push(t);
    for (const t of s.kita) tiles.push(t);
    const dora = countDora(e.doraIndicators, tiles, this.players);
    let doraHan = 0;
    for (const y of e.yaku) if (y.id === YAKU.dora) doraHan += y.han;
    if (dora !== null && dora + s.kita.length !== doraHan) {
      this.inconsistent('dora-count-mismatch', i, `the log scores ${doraHan} dora, the replayed hand holds ${dora} for the logged indicators`, e.seat);
    }
  }

  private ryuukyoku(e: RyuukyokuEvent, i: number): void {
    if ((e.reason === 'exhaustive' || e.reason === 'nagashi-mangan') && this.liveLeft() > 0) {
      this.inconsistent('exhaustive-draw-early', i, `an exhaustive draw with ${plural(this.liveLeft(), 'live tile')} still in the wall`);
    }
    for (const { seat, hand } of e.shown) {
      if (seat >= this.players) {
        this.inconsistent('shown-hand-mismatch', i, `the drawn hand shows a hand for seat ${seat}, who does not play`, seat);
      } else if (!sameIds(sortIds([...hand]), sortIds([...this.seats[seat].concealed]))) {
        this.inconsistent('shown-hand-mismatch', i, `seat ${seat}'s hand shown at the drawn hand differs from the tiles it holds`, seat);
      }
    }
    this.ending = { kind: 'ryuukyoku', reason: e.reason, eventIndex: i };
    this.phase = 'over';
  }

  // ---------- helpers ----------

  private setOffer(kind: Offer['kind'], seat: Seat, tile: TileId, eventIndex: number, kan: Kan | null): void {
    const o = this.offer;
    o.kind = kind;
    o.seat = seat;
    o.tile = tile;
    o.eventIndex = eventIndex;
    o.kan = kan;
  }

  /** A tile let go to the table (a discard, a kakan's added tile), for the others' furiten. */
  private offerToTable(seat: Seat, tile: TileId): void {
    this.offeredSeats.push(seat);
    this.offeredTiles.push(tile);
  }

  /** The tiles others let go since the seat's furiten window opened. */
  private passedBy(seat: Seat): TileId[] {
    const passed: TileId[] = [];
    for (let k = this.seats[seat].passedFrom; k < this.offeredTiles.length; k++) {
      if (this.offeredSeats[k] !== seat) passed.push(this.offeredTiles[k]);
    }
    return passed;
  }

  private noSuchSeat(e: { type: string; seat: Seat }, i: number): void {
    this.inconsistent('no-such-seat', i, `${e.type} by seat ${e.seat}, in a ${this.players}-player game`, e.seat);
  }

  private outOfTurn(seat: Seat, what: string, i: number): void {
    const expected = this.phase === 'over' ? 'the hand is over' : `seat ${this.actor} should ${this.phase === 'act' ? 'act' : 'draw'}`;
    this.inconsistent('out-of-turn', i, `seat ${seat} ${what} when ${expected}`, seat);
  }

  private inconsistent(kind: InconsistencyKind, eventIndex: number, message: string, seat?: Seat): void {
    this.inconsistencies.push(
      seat === undefined ? { kind, hand: this.hand, eventIndex, message } : { kind, hand: this.hand, eventIndex, seat, message },
    );
  }

  /** A tile for a message: `5m (id 17)`. */
  private tileText(tile: TileId): string {
    return tileLabel(tile, this.redFives);
  }

  private see(tile: TileId, eventIndex: number): void {
    const word = (tile / 30) | 0;
    const bit = 1 << tile % 30;
    if (this.seen[word] & bit) this.inconsistent('too-many-copies', eventIndex, `${this.tileText(tile)} appears a second time in the round (each id is one copy)`);
    this.seen[word] |= bit;
  }

  private mismatch(kind: WallMismatchKind, eventIndex: number, wallIndex: number | null, expected: number | null, logged: number | null, message: string): void {
    this.wallMismatches.push({ kind, hand: this.hand, eventIndex, wallIndex, expected, logged, message });
  }

  /** Compares one logged tile with the wall, counting it as checked (allocates nothing unless it differs). */
  private checkTile(kind: WallMismatchKind, eventIndex: number, wallIndex: number, logged: TileId, what: string, n = 0): void {
    if (!this.wall) return;
    const expected = this.wall.tiles[wallIndex];
    this.wallChecked++;
    if (expected !== logged) {
      const label = n > 0 ? `${what} ${n}` : what;
      this.mismatch(kind, eventIndex, wallIndex, expected, logged, `${label}: the log has ${this.tileText(logged)}, the wall has ${this.tileText(expected)} at index ${wallIndex}`);
    }
  }

  /** The dealt hands, the first indicator and the dice against the wall. */
  private checkDeal(wall: HandWall): void {
    const dealtTo = DEALT_TO.fill(0);
    const { dealer, hands, dice, doraIndicator } = this.start;
    for (let seat = 0; seat < this.players; seat++) {
      // Indexed loops: for-of walks the layout's frozen arrays on a slow path (docs/PERFORMANCE.md §3).
      const dealt = haipaiIndices(wall.layout, seatOffsetFromDealer(this.players, seat, dealer));
      for (let k = 0; k < dealt.length; k++) dealtTo[wall.tiles[dealt[k]]] = seat + 1;
    }
    // The order within a dealt hand is not logged: each tile must be one the wall deals to that seat.
    for (let seat = 0; seat < this.players; seat++) {
      this.wallChecked += 13;
      const hand = hands[seat];
      let wrong = Math.max(0, 13 - hand.length);
      for (let k = 0; k < hand.length; k++) if (dealtTo[hand[k]] !== seat + 1) wrong++;
      if (wrong > 0) this.mismatch('haipai', 0, null, null, null, `seat ${seat}'s dealt hand differs from the wall in ${wrong} of 13 tiles`);
    }
    this.checkTile('dora-indicator', 0, indicatorIndex(wall.layout, 0), doraIndicator, 'the dora indicator');
    const [d1, d2] = dice;
    if (d1 !== 0 && (d1 !== wall.dice[0] || d2 !== wall.dice[1])) {
      this.mismatch('dice', 0, null, wall.dice[0] * 10 + wall.dice[1], d1 * 10 + d2, `dice ${d1},${d2} in the log, ${wall.dice[0]},${wall.dice[1]} from the seed`);
    }
  }
}

/** Removes one copy of a tile if held (order inside a hand does not matter: swap with the last). */
function removeOne(hand: TileId[], tile: TileId): boolean {
  const i = hand.indexOf(tile);
  if (i < 0) return false;
  hand[i] = hand[hand.length - 1];
  hand.pop();
  return true;
}

/** Removes the tiles if all are held; else leaves the hand as it was. */
function removeAll(hand: TileId[], tiles: readonly TileId[]): boolean {
  for (const t of tiles) if (!hand.includes(t)) return false;
  for (const t of tiles) removeOne(hand, t);
  return true;
}

function sameIds(a: readonly TileId[], b: readonly TileId[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The meld a table holds, in call order: the shape a win's record keeps. */
export type { Meld };
