/**
 * A scripted writer of Tenhou logs for situations Tenhou never produces. The script names hands and the
 * tiles that matter in notation; the builder gives tile ids and turns each step into an event of
 * src/events, applied to one Table (src/table) per hand. The table is the game's physics: whose move it
 * is, what each seat holds, how many live tiles are left, where the replacement tiles, indicators and ura
 * sit in the wall. A step the table would find contradictory (a fifth copy of a tile, a discard out of
 * turn, a draw beyond the wall) is refused with a ScenarioError, except through the escape hatches
 * (`discardNotHeld`, `riichiOpenHand`). Rules are not enforced: an illegal riichi kan, a fifth kan or a missing abort are
 * the point of a scenario.
 *
 * Kandora are turned over where src/replay's `revealsAt` says under Tenhou's timing (a kan declared with
 * `revealAtDeclaration`: the `immediate` timing; a round with `kandoraTiming: 'after-replacement'`, that
 * one), which gives Tenhou's own tag order (docs/formats.md §3.1). The game is a GameLog (`game()`), written by the formats' own writers (src/formats) as mjlog XML
 * (`toXml`) or tenhou.net/6 JSON (`toTenhou6`).
 *
 * The builder prices nothing: a win's value (yaku, fu, points, limit, score changes) and a drawn hand's
 * noten payments are the script's, written from the rules (or wrong on purpose), so no scorer under test
 * stands behind the examples; it checks only that the score changes add up. The final `owari` points are
 * the game end's bookkeeping (owari.ts).
 *
 * Seeded mode (`seed`): hands, draws, replacement tiles and indicators all come from the wall `src/wall`
 * rebuilds from the seed, so the log verifies; the script chooses only what to discard and when to kan.
 */
import type { GameEvent, GameLog, RoundStartEvent, Seat, WinEvent } from '../../src/events/index.js';
import { DAN_NAMES, decodeGameType, MJLOG, TENHOU6 } from '../../src/formats/index.js';
import { isComplete, toCounts, waits, HandError, WAITING_SIZES } from '../../src/hand/index.js';
import { revealsAt, type KanMilestone } from '../../src/replay/index.js';
import type { KandoraTiming } from '../../src/rules/index.js';
import { Table, type Kan } from '../../src/table/index.js';
import { encodeMeld, kindOf, kindToString, isRedFive, type TileId, type TileKind } from '../../src/tiles/index.js';
import { gameWalls, haipaiIndices, indicatorIndex, seatOffsetFromDealer, uraIndex, type GameWalls, type HandWall } from '../../src/wall/index.js';
import { notation, oneTile, ScenarioError, tileName, TilePool } from './pool.js';
import { owariPoints } from './owari.js';
import { YAKU_ID, YAKUMAN_ID, type YakumanName, type YakuName } from './yaku.js';

export { ScenarioError } from './pool.js';

const PLAYERS = 4;
const START_SCORE = 25000;

export interface BuilderOptions {
  /** GO type bitfield; default 169 (四鳳南喰赤: hanchan, red fives, open tanyao, phoenix lobby, no chip bit). */
  type?: number;
  lobby?: number;
  /** Player names (plain text; written %-escaped byte by byte as Tenhou does). */
  names?: readonly string[];
  /** A SHUFFLE seed (`mt19937ar-sha512-n288-base64,…`): everything is dealt and drawn from its walls. */
  seed?: string;
}

export interface RoundOptions {
  /** Kyoku index: 4 × wind + dealer (0 = East 1). Default: 0 for the first round, then the previous + 1. */
  kyoku?: number;
  honba?: number;
  /**
   * Dealt hands in notation, 13 tiles each; a trailing `+` (`1111m+`) completes the hand with isolated
   * tiles; null (or absent) deals a whole isolated, noten hand. Unseeded only.
   */
  hands?: readonly (string | null)[];
  /** The round's dora indicator; default: a tile of no interest. Unseeded only. */
  dora?: string;
  /** Kandora indicators in reveal order; default: tiles of no interest. Unseeded only. */
  kandora?: readonly string[];
  /** Ura indicators (under the dora, then under each kandora); default: tiles of no interest. Unseeded only. */
  ura?: readonly string[];
  /** Tiles the filler always leaves for the script: `9p` keeps the last 9p in the wall for a late draw. */
  reserve?: string;
  /** Dice as INIT writes them (each 0..5, the die minus one). Unseeded only; seeded rounds use the wall's. */
  dice?: readonly [number, number];
  /**
   * The timing the round's kans turn their indicators over under: Tenhou's (the default), or
   * `after-replacement` (every kan right after its replacement draw), a variant Tenhou never plays.
   */
  kandoraTiming?: 'tenhou' | 'after-replacement';
}

/**
 * A win's value as the log states it, written by the script from the rules (or deliberately wrong): the
 * builder prices nothing. The tests check the examples' values against an independent scorer
 * (test/scenario/values.test.ts, @kobalab/majiang-core).
 */
export interface WinOptions {
  /**
   * The yaku with their han, in the order the log lists them, dora (`dora`), ura (`ura`) and red fives
   * (`akaDora`) among them. Tenhou lists `ura` on every riichi win, with 0 han too.
   */
  yaku?: Partial<Record<YakuName, number>>;
  /** Yakuman instead of yaku. */
  yakuman?: readonly YakumanName[];
  /** Fu (0 for a yakuman). */
  fu: number;
  /** The hand's value without honba and riichi sticks (AGARI `ten`'s second field; for a tsumo the total paid). */
  points: number;
  /** 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman (`ten`'s third field); default 0. */
  limit?: number;
  /** Each seat's score change, honba and the riichi sticks on the table included (AGARI `sc`). */
  deltas: readonly number[];
}

/** A drawn hand's score changes (the noten payments), written by the script. */
export interface DrawOptions {
  /** Each seat's score change; may be left out only when nobody pays (every seat tenpai, or none). */
  deltas?: readonly number[];
  /** Escape hatch for the tenpai-shown-noten example: these seats' hands are shown as tenpai though they wait on nothing. */
  showNoten?: readonly number[];
}

export interface KanOptions {
  /**
   * Deliberate deviation from Tenhou: the daiminkan's or kakan's indicator is turned over under the
   * `immediate` timing, right after the declaration (before the replacement draw), as Tenhou does only in
   * chip games and an immediate rule (docs/kan-rules.md §2) always does. For the kandora-timing examples.
   */
  revealAtDeclaration?: boolean;
}

/** Where the acting seat is in its turn, as far as its kans' indicators are concerned. */
type TurnPoint = 'replacement' | 'replaced' | 'discard';

function sorted(tiles: readonly TileId[]): TileId[] {
  return [...tiles].sort((a, b) => a - b);
}

/**
 * The milestone (src/replay) a kan of the acting seat reaches at this point of the seat's turn: before a
 * replacement draw, the kan just declared has passed its chankan window and the seat's earlier kans of the
 * turn have their next kan; right after it, the kan has its replacement tile; before a discard, the seat's
 * kans of the turn reach that discard.
 */
function milestoneOf(k: Kan, at: TurnPoint): KanMilestone | null {
  if (at === 'discard') return k.replacement !== null && k.discard === null ? 'discard' : null;
  if (at === 'replaced') return k.replacement !== null && k.nextDeclaration === null && k.discard === null ? 'replacement-drawn' : null;
  if (k.replacement === null) return 'window-passed';
  return k.nextDeclaration !== null && k.discard === null ? 'next-kan' : null;
}

/** The round being scripted: its table, its events, and the tiles the builder has given out. */
class Hand {
  /** The round as the game's physics sees it: whose move, what each seat holds, the wall, the kans. */
  readonly table: Table;
  /** The round's events in order, the round start first (what toTenhou6 writes). */
  readonly events: GameEvent[];
  /** The wall rebuilt from the seed (seeded mode), else null. */
  readonly wall: HandWall | null;
  /** Tile ids in play, and the choice of tiles nobody named. */
  readonly pool: TilePool;
  /** Kans whose indicator the script asked to see at once; the others follow the round's timing. */
  readonly immediate = new Set<Kan>();
  /** The round's kandora timing (RoundOptions.kandoraTiming). */
  private readonly kandoraTiming: KandoraTiming;
  /** Kandora and ura indicators the script named, still to show (unseeded). */
  private readonly kandoraPlan: string[];
  private readonly uraPlan: string[];
  /** Ura indicators chosen so far, kept (a double ron would share them). */
  private readonly ura: TileId[] = [];

  constructor(start: RoundStartEvent, index: number, wall: HandWall | null, pool: TilePool, opts: RoundOptions) {
    this.table = new Table(start, { hand: index + 1, players: PLAYERS, wall });
    this.events = [start];
    this.wall = wall;
    this.pool = pool;
    this.kandoraPlan = [...(opts.kandora ?? [])];
    this.kandoraTiming = opts.kandoraTiming ?? 'tenhou';
    this.uraPlan = [...(opts.ura ?? [])];
  }

  /**
   * Applies an event to the table. The builder checks each step before making its event, so a
   * contradiction the table finds is the builder's own mistake, unless an escape hatch `allows` it.
   */
  apply(e: GameEvent, allows = false): void {
    const before = this.table.inconsistencies.length;
    this.events.push(e);
    this.table.apply(e, this.events.length - 1);
    const broken = this.table.inconsistencies[before];
    if (broken && !allows) throw new ScenarioError(`${e.type}: the table refuses it: ${broken.message}`);
  }

  timing(k: Kan): KandoraTiming {
    return this.immediate.has(k) ? 'immediate' : this.kandoraTiming;
  }

  concealedHands(): TileId[][] {
    return this.table.seats.map((s) => s.concealed);
  }

  melded(): TileId[] {
    return this.table.seats.flatMap((s) => s.melds.flatMap((m) => m.tiles));
  }

  /** The next kandora indicator: the wall's, the script's, or a tile of no interest. */
  nextKandora(): TileId {
    const k = this.table.indicators.length;
    const what = `kandora ${k}`;
    if (this.wall) return this.pool.mark(this.wall.tiles[indicatorIndex(this.table.layout, k)], what);
    const planned = this.kandoraPlan.shift();
    if (planned !== undefined) return this.pool.take(oneTile(planned, what), what);
    return this.pool.pickFiller(this.concealedHands(), this.melded(), what);
  }

  /** Ura indicators for the indicators turned over so far. */
  uraIndicators(): TileId[] {
    const shown = this.table.indicators.length;
    while (this.ura.length < shown) {
      const k = this.ura.length;
      const what = `ura indicator ${k}`;
      if (this.wall) this.ura.push(this.pool.mark(this.wall.tiles[uraIndex(this.table.layout, k)], what));
      else {
        const planned = this.uraPlan.shift();
        this.ura.push(planned !== undefined ? this.pool.take(oneTile(planned, what), what) : this.pool.pickFiller(this.concealedHands(), this.melded(), what));
      }
    }
    return this.ura.slice(0, shown);
  }
}

export class MjlogBuilder {
  /** Every round's events (the current one's still growing). */
  private readonly rounds: GameEvent[][] = [];
  private readonly type: number;
  private readonly lobby: number;
  private readonly redFives: boolean;
  private readonly names: readonly string[];
  /** The SHUFFLE seed of a seeded game, else null. */
  private readonly seed: string | null;
  /** The walls of a seeded game, else null. */
  private readonly walls: GameWalls | null;
  /** The round being scripted, or the last one once it has ended. */
  private hand: Hand | null = null;
  /** Each seat's score now: riichi deposits are taken as they are accepted, a round's deltas at its end. */
  private readonly scores: number[] = new Array<number>(PLAYERS).fill(START_SCORE);
  /** Riichi sticks on the table. */
  private sticks = 0;
  /** Set while riichiUnchecked declares: the rules' checks on a riichi are skipped. */
  private uncheckedRiichi = false;
  /** The kyoku of the last round started. */
  private lastKyoku = -1;

  constructor(options: BuilderOptions = {}) {
    this.type = options.type ?? 169;
    const rule = decodeGameType(this.type);
    if (rule.playerCount === 3) throw new ScenarioError('3-player games (GO type bit 0x10) are not supported by the scenario builder');
    this.redFives = rule.redFives;
    this.lobby = options.lobby ?? 0;
    const seed = options.seed ?? null;
    this.seed = seed;
    this.walls = seed ? gameWalls(seed, PLAYERS) : null;
    this.names = options.names ?? ['kanshi-A', 'kanshi-B', 'kanshi-C', 'kanshi-D'];
    if (this.names.length !== PLAYERS) throw new ScenarioError(`names: expected ${PLAYERS} names, got ${this.names.length}`);
  }

  // ---------- playing ----------

  /** One step of the game: its event goes to the table (an escape hatch `allows` a contradiction). */
  private play(e: GameEvent, allows = false): void {
    this.current().apply(e, allows);
  }

  /**
   * The last discard was not ronned: a riichi declared with it is accepted (REACH step 2, the stick
   * deposited). Every step that can follow a discard but a ron starts here.
   */
  private discardPassed(): void {
    const seat = this.current().table.riichiAwaitingAcceptance();
    if (seat === null) return;
    this.scores[seat] -= 1000;
    this.sticks++;
    this.play({ type: 'riichi', seat, step: 'accepted', scores: [...this.scores] });
  }

  private current(): Hand {
    if (!this.hand) throw new ScenarioError('no round has started: call round() first');
    return this.hand;
  }

  private live(what: string): Hand {
    const h = this.current();
    if (h.table.phase === 'over') throw new ScenarioError(`${what}: the round has ended; start the next with round()`);
    return h;
  }

  // ---------- rounds ----------

  /** Starts a round: deals, shows the dora indicator, and writes INIT. */
  round(opts: RoundOptions = {}): this {
    if (this.hand && this.hand.table.phase !== 'over') throw new ScenarioError('round(): the previous round has not ended (win, exhaustive draw or abort)');
    const kyoku = opts.kyoku ?? this.lastKyoku + 1;
    const index = this.rounds.length;
    const wall = this.walls ? this.walls.round(index) : null;
    const dealer = kyoku % PLAYERS;
    const pool = new TilePool(this.redFives);
    const { hands, dora, dice } = wall ? this.dealFromWall(wall, pool, dealer, opts) : this.dealScripted(pool, opts);
    if (dice.some((d) => !Number.isInteger(d) || d < 0 || d > 5)) throw new ScenarioError(`round(): dice ${dice.join(',')} must be 0..5 (each die minus one)`);
    const honba = opts.honba ?? 0;
    const start: RoundStartEvent = {
      type: 'roundStart',
      kyoku,
      honba,
      riichiStickCount: this.sticks,
      dice: [dice[0] + 1, dice[1] + 1],
      doraIndicator: dora,
      scores: [...this.scores],
      dealer,
      hands,
    };
    this.hand = new Hand(start, index, wall, pool, opts);
    this.rounds.push(this.hand.events);
    this.lastKyoku = kyoku;
    return this;
  }

  /** Seeded: the hands, the dora indicator and the dice the wall gives. */
  private dealFromWall(wall: HandWall, pool: TilePool, dealer: number, opts: RoundOptions): { hands: TileId[][]; dora: TileId; dice: readonly number[] } {
    if (opts.hands || opts.dora || opts.kandora || opts.ura || opts.dice || opts.reserve) {
      throw new ScenarioError('round(): a seeded round deals and draws from the wall; hands, dora, kandora, ura, reserve and dice cannot be chosen');
    }
    const hands = Array.from({ length: PLAYERS }, (_, seat) => {
      const offset = seatOffsetFromDealer(PLAYERS, seat, dealer);
      return sorted(haipaiIndices(wall.layout, offset).map((i) => pool.mark(wall.tiles[i], `seat ${seat}'s dealt hand`)));
    });
    const dora = pool.mark(wall.tiles[indicatorIndex(wall.layout, 0)], 'the dora indicator');
    return { hands, dora, dice: [wall.dice[0] - 1, wall.dice[1] - 1] };
  }

  /** Unseeded: the hands the script names, completed with isolated tiles, and a dora indicator of no interest unless named. */
  private dealScripted(pool: TilePool, opts: RoundOptions): { hands: TileId[][]; dora: TileId; dice: readonly number[] } {
    const texts = opts.hands ?? [];
    if (texts.length > PLAYERS) throw new ScenarioError(`round(): ${texts.length} hands for ${PLAYERS} players`);
    const hands: TileId[][] = [[], [], [], []];
    const partial: boolean[] = [];
    for (let seat = 0; seat < PLAYERS; seat++) {
      const text = texts[seat];
      if (text == null) continue;
      // `1111m+`: these tiles, and the builder completes the hand with isolated ones.
      partial[seat] = text.endsWith('+');
      const tiles = notation(partial[seat] ? text.slice(0, -1) : text, `seat ${seat}'s hand`);
      if (tiles.length > 13 || (!partial[seat] && tiles.length !== 13)) {
        throw new ScenarioError(`round(): seat ${seat}'s hand "${text}" has ${tiles.length} tiles, expected 13 (or fewer with a trailing +)`);
      }
      hands[seat] = sorted(tiles.map((t) => pool.take(t, `seat ${seat}'s hand "${text}"`)));
    }
    const named = opts.dora ? pool.take(oneTile(opts.dora, 'dora'), 'the dora indicator') : null;
    if (opts.reserve) pool.reserve(opts.reserve);
    for (const t of opts.kandora ?? []) pool.reserve(t);
    for (const t of opts.ura ?? []) pool.reserve(t);
    for (let seat = 0; seat < PLAYERS; seat++) {
      if (texts[seat] != null && !partial[seat]) continue;
      hands[seat] = pool.isolatedHand(hands.filter((_, s) => s !== seat), hands[seat], `seat ${seat}'s dealt hand`);
    }
    const dora = named ?? pool.pickFiller(hands, [], 'the dora indicator');
    return { hands, dora, dice: opts.dice ?? [2, 3] };
  }

  // ---------- draws ----------

  /**
   * A draw by `seat`: its replacement draw after its kan, else its live draw on its turn. `tile` names the
   * tile (unseeded); without it the builder draws a tile of no interest (or the wall's, seeded).
   */
  draw(seat: number, tile?: string): this {
    const h = this.live(`draw(${seat})`);
    const t = h.table;
    if (t.phase === 'replacement') {
      if (t.actor !== seat) throw new ScenarioError(`draw(${seat}): seat ${t.actor} owes the replacement draw of its kan`);
      return this.replacementDraw(h, seat, tile);
    }
    this.checkLiveDraw(h, seat, `draw(${seat})`);
    const what = `seat ${seat}'s live draw ${t.liveDraws + 1}`;
    return this.takeDrawn(seat, h.wall ? this.fromWall(h, t.nextLiveIndex(), tile, what) : this.scripted(h, tile, what));
  }

  /**
   * Deliberate wall mismatch (seeded only): seat's next live draw logs the tile at `wallIndex` instead of
   * the wall's next live tile, which is then never seen. Choose a tile the round never shows otherwise
   * (an ura indicator position when nobody wins in riichi).
   */
  drawSwapped(seat: number, wallIndex: number): this {
    const h = this.live(`drawSwapped(${seat})`);
    if (!h.wall) throw new ScenarioError('drawSwapped(): only seeded rounds have a wall to differ from');
    this.checkLiveDraw(h, seat, `drawSwapped(${seat})`);
    return this.takeDrawn(seat, h.pool.mark(h.wall.tiles[wallIndex], `drawSwapped(${seat}, ${wallIndex})`));
  }

  /** Refuses a live draw that is not the seat's to make now, or that the live wall no longer has. */
  private checkLiveDraw(h: Hand, seat: number, what: string): void {
    const t = h.table;
    if (t.phase !== 'draw' || t.actor !== seat) throw new ScenarioError(`${what}: it is seat ${t.actor}'s turn to ${t.phase === 'draw' ? 'draw' : 'discard'}`);
    this.checkSize(h, seat, 13, 'draw');
    if (t.liveLeft() <= 0) throw new ScenarioError(`${what}: the live wall is empty (${t.liveDraws} live and ${t.replacements} replacement draws made)`);
  }

  private replacementDraw(h: Hand, seat: number, tile: string | undefined): this {
    const t = h.table;
    const index = t.nextReplacementIndex();
    if (index === null) {
      const n = t.layout.replacement.length;
      throw new ScenarioError(`draw(${seat}): the dead wall has only ${n} replacement tiles; kan ${n + 1} gets none (end the round with abort())`);
    }
    // Nobody robbed the kan: its chankan window has passed, and indicators owed now come before the draw.
    this.revealKans(h, seat, 'replacement');
    const what = `seat ${seat}'s replacement draw ${t.replacements + 1}`;
    this.takeDrawn(seat, h.wall ? this.fromWall(h, index, tile, what) : this.scripted(h, tile, what));
    this.revealKans(h, seat, 'replaced');
    return this;
  }

  private takeDrawn(seat: number, id: TileId): this {
    this.discardPassed();
    this.play({ type: 'draw', seat, tile: id });
    return this;
  }

  /** Seeded: the tile at the wall index; a tile the script names must be that one. */
  private fromWall(h: Hand, index: number, tile: string | undefined, what: string): TileId {
    const id = h.pool.mark(h.wall!.tiles[index], what);
    if (tile === undefined) return id;
    const t = oneTile(tile, what);
    if (t.kind !== kindOf(id) || t.red !== isRedFive(id, this.redFives)) {
      throw new ScenarioError(`${what}: the wall gives ${kindToString(kindOf(id))} (tile ${id}), not ${tileName(t)}`);
    }
    return id;
  }

  /** Unseeded: the tile the script names, or one of no interest. */
  private scripted(h: Hand, tile: string | undefined, what: string): TileId {
    return tile !== undefined ? h.pool.take(oneTile(tile, what), what) : h.pool.pickFiller(h.concealedHands(), h.melded(), what);
  }

  // ---------- discards and riichi ----------

  /**
   * A discard by `seat`: `tile` in notation, or the tile just drawn (tsumogiri) when omitted. A player in
   * riichi can only discard the tile just drawn.
   */
  discard(seat: number, tile?: string, opts: { riichi?: boolean } = {}): this {
    return this.discardStep(seat, tile, opts.riichi ? 'riichi' : 'none');
  }

  private discardStep(seat: number, tile: string | undefined, riichi: 'none' | 'riichi' | 'open-hand'): this {
    const h = this.live(`discard(${seat})`);
    const t = h.table;
    if (t.phase !== 'act' || t.actor !== seat) {
      const why = t.phase === 'replacement' ? `seat ${t.actor} owes a replacement draw` : `it is seat ${t.actor}'s turn to ${t.phase === 'draw' ? 'draw' : 'act'}`;
      throw new ScenarioError(`discard(${seat}): ${why}`);
    }
    this.checkSize(h, seat, 14, 'discard');
    const s = t.seats[seat];
    let id: TileId;
    if (tile === undefined) {
      if (s.drawn === null) throw new ScenarioError(`discard(${seat}): no tile was drawn this turn (after a call); name the tile`);
      id = s.drawn;
    } else {
      id = this.held(h, seat, tile, 1, `discard(${seat}, ${tile})`, s.drawn)[0];
    }
    if (s.riichi === 'accepted' && id !== s.drawn) {
      throw new ScenarioError(`discard(${seat}): seat ${seat} is in riichi and can only discard the tile just drawn`);
    }
    if (riichi !== 'none') this.declareRiichi(h, seat, id, riichi === 'open-hand');
    this.revealKans(h, seat, 'discard');
    this.play({ type: 'discard', seat, tile: id, tsumogiri: id === s.drawn });
    return this;
  }

  /** A riichi declaration with this discard (REACH step 1 now, step 2 once the discard passes). */
  riichi(seat: number, tile?: string): this {
    return this.discard(seat, tile, { riichi: true });
  }

  /** Escape hatch for the riichi-illegal example: a riichi declaration the rules refuse (a hand that is not tenpai, a late one). */
  riichiUnchecked(seat: number, tile?: string): this {
    this.uncheckedRiichi = true;
    try {
      return this.discard(seat, tile, { riichi: true });
    } finally {
      this.uncheckedRiichi = false;
    }
  }

  private declareRiichi(h: Hand, seat: number, id: TileId, openHand: boolean): void {
    const t = h.table;
    const s = t.seats[seat];
    if (s.riichi !== 'none') throw new ScenarioError(`riichi(${seat}): seat ${seat} has already declared riichi`);
    const open = s.melds.some((m) => m.type !== 'ankan' && m.type !== 'kita');
    if (open !== openHand) throw new ScenarioError(open ? `riichi(${seat}): seat ${seat}'s hand is open` : `riichiOpenHand(${seat}): seat ${seat}'s hand is closed`);
    if (!this.uncheckedRiichi) {
      if (this.scores[seat] < 1000) throw new ScenarioError(`riichi(${seat}): seat ${seat} has ${this.scores[seat]} points, fewer than the 1000 a riichi deposit needs`);
      if (t.liveLeft() < 4) throw new ScenarioError(`riichi(${seat}): fewer than four live tiles are left`);
      const after = s.concealed.filter((x) => x !== id);
      if (this.waitsOf(after).length === 0) throw new ScenarioError(`riichi(${seat}): the hand ${this.handText(after)} is not tenpai after discarding tile ${id}`);
    }
    this.play({ type: 'riichi', seat, step: 'declare' }, openHand);
  }

  private waitsOf(concealed: readonly TileId[]): TileKind[] {
    if (!WAITING_SIZES.includes(concealed.length)) return [];
    try {
      return waits(toCounts(concealed.map(kindOf)));
    } catch (err) {
      if (err instanceof HandError) return [];
      throw err;
    }
  }

  /** The waits of a seat's concealed hand now (kinds in notation), for scripts and tests. */
  waitsOfSeat(seat: number): string[] {
    return this.waitsOf(this.current().table.seats[seat].concealed).map(kindToString);
  }

  /** Draw and discard the drawn tile. */
  tsumogiri(seat: number, tile?: string): this {
    return this.draw(seat, tile).discard(seat);
  }

  // ---------- tiles held ----------

  private checkSize(h: Hand, seat: number, size: 13 | 14, what: string): void {
    const n = h.table.handSize(seat);
    const s = h.table.seats[seat];
    if (n !== size) throw new ScenarioError(`${what} by seat ${seat}: it holds ${s.concealed.length} tiles and ${s.melds.length} melds (${n}), expected ${size}`);
  }

  /** Finds held ids of a kind (the red five only when written `0`, or when nothing else is left). */
  private held(h: Hand, seat: number, tile: string, count: number, what: string, prefer: TileId | null = null): TileId[] {
    const t = oneTile(tile, what);
    const hand = h.table.seats[seat].concealed;
    const ofKind = hand.filter((id) => kindOf(id) === t.kind);
    const red = ofKind.filter((id) => isRedFive(id, this.redFives));
    const plain = sorted(ofKind.filter((id) => !isRedFive(id, this.redFives)));
    // The tile just drawn first: naming its kind means tsumogiri, as a player would read it.
    if (prefer !== null && plain.includes(prefer)) {
      plain.splice(plain.indexOf(prefer), 1);
      plain.unshift(prefer);
    }
    const order = t.red ? [...red, ...plain] : [...plain, ...red];
    if (t.red && red.length === 0) throw new ScenarioError(`${what}: seat ${seat} holds no red ${tileName(t)}`);
    if (order.length < count) {
      throw new ScenarioError(`${what}: seat ${seat} holds ${order.length} ${kindToString(t.kind)}, needs ${count} (hand ${this.handText(hand)})`);
    }
    return order.slice(0, count);
  }

  /** Held ids for tiles named one by one (`46m`, `50m`): the lowest plain copy, the red five only when written `0`. */
  private heldList(h: Hand, seat: number, text: string, what: string): TileId[] {
    const out: TileId[] = [];
    const hand = sorted(h.table.seats[seat].concealed);
    for (const t of notation(text, what)) {
      const pick = hand.find((id) => !out.includes(id) && kindOf(id) === t.kind && isRedFive(id, this.redFives) === t.red);
      if (pick === undefined) throw new ScenarioError(`${what}: seat ${seat} does not hold ${tileName(t)} (hand ${this.handText(hand)})`);
      out.push(pick);
    }
    return out;
  }

  private handText(hand: readonly TileId[]): string {
    return sorted(hand).map((t) => (isRedFive(t, this.redFives) ? '0' + kindToString(kindOf(t)).slice(1) : kindToString(kindOf(t)))).join(' ');
  }

  // ---------- filler ----------

  /** The seat whose turn it is to draw. */
  private drawer(what: string): number {
    const t = this.live(what).table;
    if (t.phase !== 'draw') throw new ScenarioError(`${what}: seat ${t.actor} must act first (discard, kan or win)`);
    return t.actor;
  }

  /** `turns` tsumogiri turns (draw a tile of no interest, discard it), from whoever draws next. */
  fill(turns: number): this {
    for (let i = 0; i < turns; i++) this.tsumogiri(this.drawer('fill()'));
    return this;
  }

  /**
   * Tsumogiri turns until it is `seat`'s turn to draw; with `liveLeft`, until `seat` is to draw with that
   * many live tiles left (0 is not allowed: nobody draws then; use 1 for the haitei draw).
   */
  fillTo(seat: number, opts: { liveLeft?: number } = {}): this {
    const first = this.drawer(`fillTo(${seat})`);
    const left = this.current().table.liveLeft();
    let turns = (seat - first + PLAYERS) % PLAYERS;
    if (opts.liveLeft !== undefined) {
      if (opts.liveLeft < 1) throw new ScenarioError(`fillTo(${seat}, liveLeft ${opts.liveLeft}): nobody draws with no live tile left; 1 is the haitei draw`);
      turns = left - opts.liveLeft;
      if (turns < 0 || (first + turns) % PLAYERS !== seat) {
        throw new ScenarioError(
          `fillTo(${seat}, liveLeft ${opts.liveLeft}): with ${left} live tiles left and seat ${first} to draw, seat ${(first + Math.max(0, turns)) % PLAYERS} draws when ${opts.liveLeft} are left`,
        );
      }
    }
    return this.fill(turns);
  }

  /** Tsumogiri turns to the end of the live wall, then the exhaustive draw (with the noten payments the script states). */
  exhaust(opts: DrawOptions = {}): this {
    const t = this.current().table;
    while (t.liveLeft() > 0) this.tsumogiri(this.drawer('exhaust()'));
    return this.exhaustiveDraw(opts);
  }

  // ---------- calls ----------

  /** The discard on offer, which `seat` may call. */
  private lastDiscard(h: Hand, seat: number, what: string): { seat: Seat; tile: TileId } {
    const { offer, phase } = h.table;
    if (offer.kind !== 'discard' || phase !== 'draw') throw new ScenarioError(`${what}: there is no discard to call`);
    if (offer.seat === seat) throw new ScenarioError(`${what}: seat ${seat} cannot call its own discard`);
    // A copy: the table updates its offer in place.
    return { seat: offer.seat, tile: offer.tile };
  }

  private call(seat: number, meld: 'chi' | 'pon' | 'daiminkan', own: TileId[], discard: { seat: Seat; tile: TileId }): this {
    const tiles = sorted([...own, discard.tile]);
    const code = encodeMeld({ type: meld, tiles, called: discard.tile, fromOffset: (discard.seat - seat + PLAYERS) % PLAYERS });
    this.discardPassed();
    this.play({ type: 'call', seat, meld, tiles, called: discard.tile, from: discard.seat, code });
    return this;
  }

  /** Pon of the last discard; `own` names the two tiles from hand when it matters (e.g. `50m` for a red five). */
  pon(seat: number, own?: string): this {
    const h = this.live(`pon(${seat})`);
    const discard = this.lastDiscard(h, seat, `pon(${seat})`);
    this.checkSize(h, seat, 13, 'pon');
    const name = kindToString(kindOf(discard.tile));
    const tiles = own ? this.heldList(h, seat, own, `pon(${seat}, ${own})`) : this.held(h, seat, name, 2, `pon(${seat})`);
    if (tiles.length !== 2 || tiles.some((t) => kindOf(t) !== kindOf(discard.tile))) throw new ScenarioError(`pon(${seat}): needs two ${name} from hand`);
    return this.call(seat, 'pon', tiles, discard);
  }

  /** Chi of the last discard (from the kamicha) with the two tiles `own` from hand, e.g. `46m`. */
  chi(seat: number, own: string): this {
    const h = this.live(`chi(${seat})`);
    const discard = this.lastDiscard(h, seat, `chi(${seat})`);
    if ((discard.seat + 1) % PLAYERS !== seat) throw new ScenarioError(`chi(${seat}): chi is only from the kamicha (seat ${(seat + 3) % PLAYERS})`);
    this.checkSize(h, seat, 13, 'chi');
    const tiles = this.heldList(h, seat, own, `chi(${seat}, ${own})`);
    const kinds = [...tiles, discard.tile].map(kindOf).sort((a, b) => a - b);
    if (tiles.length !== 2 || kinds[0] >= 27 || Math.floor(kinds[0] / 9) !== Math.floor(kinds[2] / 9) || kinds[1] !== kinds[0] + 1 || kinds[2] !== kinds[0] + 2) {
      throw new ScenarioError(`chi(${seat}, ${own}): ${own} and the discard ${kindToString(kindOf(discard.tile))} make no run`);
    }
    return this.call(seat, 'chi', tiles, discard);
  }

  /** Daiminkan of the last discard with the three held copies. Then `draw(seat)` for the replacement. */
  daiminkan(seat: number, opts: KanOptions = {}): this {
    const h = this.live(`daiminkan(${seat})`);
    const discard = this.lastDiscard(h, seat, `daiminkan(${seat})`);
    this.checkSize(h, seat, 13, 'daiminkan');
    const tiles = this.held(h, seat, kindToString(kindOf(discard.tile)), 3, `daiminkan(${seat})`);
    this.call(seat, 'daiminkan', tiles, discard);
    return this.kanTiming(h, opts);
  }

  // ---------- kans ----------

  private ownTurn(h: Hand, seat: number, what: string): void {
    if (h.table.phase !== 'act' || h.table.actor !== seat) throw new ScenarioError(`${what}: it is not seat ${seat}'s turn to act`);
    this.checkSize(h, seat, 14, what);
  }

  /** Ankan of the four held copies of `tile`. Then: `draw(seat)` for the replacement, or a ron robbing it (kokushi), or `abort()`. */
  ankan(seat: number, tile: string): this {
    const h = this.live(`ankan(${seat})`);
    this.ownTurn(h, seat, `ankan(${seat}, ${tile})`);
    const tiles = sorted(this.held(h, seat, tile, 4, `ankan(${seat}, ${tile})`));
    // The copy bits of an ankan code carry no meaning; Tenhou mostly writes copy 0.
    const called = kindOf(tiles[0]) * 4;
    const code = encodeMeld({ type: 'ankan', tiles, called, fromOffset: 0 });
    this.play({ type: 'call', seat, meld: 'ankan', tiles, called, from: seat, code });
    return this;
  }

  /** Kakan: the held fourth copy added to the seat's pon. Then `draw(seat)`, or a ron robbing it (chankan). */
  kakan(seat: number, tile: string, opts: KanOptions = {}): this {
    const h = this.live(`kakan(${seat})`);
    this.ownTurn(h, seat, `kakan(${seat}, ${tile})`);
    const s = h.table.seats[seat];
    const kind = oneTile(tile, `kakan(${seat})`).kind;
    const pon = s.melds.find((m) => m.type === 'pon' && kindOf(m.called) === kind);
    if (!pon) throw new ScenarioError(`kakan(${seat}, ${tile}): seat ${seat} has no pon of ${kindToString(kind)}`);
    const added = this.held(h, seat, tile, 1, `kakan(${seat}, ${tile})`, s.drawn)[0];
    const tiles = sorted([...pon.tiles, added]);
    const code = encodeMeld({ type: 'kakan', tiles, called: pon.called, fromOffset: (pon.from - seat + PLAYERS) % PLAYERS, added });
    this.play({ type: 'call', seat, meld: 'kakan', tiles, called: pon.called, from: pon.from, added, code });
    return this.kanTiming(h, opts);
  }

  /** The kan just declared follows the `immediate` timing when the script asks for it. */
  private kanTiming(h: Hand, opts: KanOptions): this {
    if (opts.revealAtDeclaration) h.immediate.add(h.table.kans[h.table.kans.length - 1]);
    return this;
  }

  /**
   * Turns over the indicators the seat's kans owe at this point of its turn, in declaration order (the
   * order the table pairs reveals with kans): each kan whose timing reveals it at the milestone it reaches
   * now (`milestoneOf`). A kan robbed or a hand ended first never gets here: its indicator is never shown.
   */
  private revealKans(h: Hand, seat: number, at: TurnPoint): void {
    for (const k of h.table.unrevealedKans()) {
      const milestone = k.seat === seat ? milestoneOf(k, at) : null;
      if (milestone && revealsAt(h.timing(k), k.kind, milestone)) {
        const id = h.nextKandora();
        this.play({ type: 'kandora', indicator: id });
      }
    }
  }

  // ---------- endings ----------

  /** Ron on the last tile offered: a discard, a kakan's added tile (chankan) or an ankan (kokushi only, where allowed). */
  ron(seat: number, opts: WinOptions): this {
    const h = this.live(`ron(${seat})`);
    const { offer, phase } = h.table;
    const onDiscard = offer.kind === 'discard' && phase === 'draw';
    const onKan = (offer.kind === 'kakan' || offer.kind === 'ankan') && phase === 'replacement';
    if (!onDiscard && !onKan) throw new ScenarioError(`ron(${seat}): there is no tile to ron on`);
    if (offer.seat === seat) throw new ScenarioError(`ron(${seat}): seat ${seat} cannot ron its own tile`);
    this.checkSize(h, seat, 13, `ron(${seat})`);
    // Nothing more is written for a ronned riichi discard (no REACH step 2) or a robbed kan (no reveal).
    return this.win(h, seat, offer.seat, offer.tile, opts);
  }

  /** Another ron on the discard a ron has just won (a double or triple ron): Tenhou writes one AGARI a winner. */
  ronAlso(seat: number, opts: WinOptions): this {
    const h = this.current();
    const first = h.table.wins[0];
    if (!first || first.tsumo || h.table.offer.kind !== 'discard') throw new ScenarioError(`ronAlso(${seat}): no ron on a discard to join`);
    if (h.table.wins.some((w) => w.event.seat === seat) || h.table.offer.seat === seat) throw new ScenarioError(`ronAlso(${seat}): seat ${seat} cannot ron this discard again`);
    return this.win(h, seat, h.table.offer.seat, h.table.offer.tile, opts);
  }

  /** Tsumo on the tile just drawn (live or replacement). A pending open-kan indicator is never revealed. */
  tsumo(seat: number, opts: WinOptions): this {
    const h = this.live(`tsumo(${seat})`);
    const t = h.table;
    const drawn = t.seats[seat].drawn;
    if (t.phase !== 'act' || t.actor !== seat || drawn === null) throw new ScenarioError(`tsumo(${seat}): seat ${seat} has not just drawn`);
    this.checkSize(h, seat, 14, `tsumo(${seat})`);
    return this.win(h, seat, seat, drawn, opts);
  }

  private win(h: Hand, seat: number, from: number, tile: TileId, opts: WinOptions): this {
    const t = h.table;
    const s = t.seats[seat];
    const tsumo = from === seat;
    const concealed = tsumo ? [...s.concealed] : [...s.concealed, tile];
    if (!isComplete(toCounts(concealed.map(kindOf)))) {
      throw new ScenarioError(`win by seat ${seat}: ${this.handText(concealed)} is not a complete hand`);
    }
    const riichi = s.riichi === 'accepted';
    const ura = riichi ? h.uraIndicators() : [];
    const { honba } = t.start;
    const base: WinEvent = {
      type: 'win',
      seat,
      from,
      hand: sorted(concealed),
      winningTile: tile,
      honba,
      riichiStickCount: this.sticks,
      fu: 0,
      points: 0,
      limit: 0,
      yaku: [],
      yakuman: [],
      doraIndicators: [...t.indicators],
      uraIndicators: ura,
      scoreDeltas: [0, 0, 0, 0],
    };
    const event = this.statedValue(base, opts);
    this.play(event);
    this.endHand(event.scoreDeltas, 0);
    return this;
  }

  /**
   * The win valued as the script states it. The builder checks only what a log's own bookkeeping
   * requires: some yaku or yakuman, ura listed exactly on a riichi win (not a yakuman), four score changes
   * adding up to the riichi sticks the winner takes.
   */
  private statedValue(base: WinEvent, opts: WinOptions): WinEvent {
    const seat = base.seat;
    const yakuman = (opts.yakuman ?? []).map((n) => YAKUMAN_ID[n]);
    const yaku = yakuman.length > 0 ? [] : Object.entries(opts.yaku ?? {}).map(([name, han]) => ({ id: YAKU_ID[name as YakuName], han: han as number }));
    if (yakuman.length === 0 && !yaku.some((y) => ![YAKU_ID.dora, YAKU_ID.ura, YAKU_ID.akaDora].includes(y.id))) {
      throw new ScenarioError(`win by seat ${seat}: name its yaku (dora alone is no yaku)`);
    }
    const riichi = base.uraIndicators.length > 0;
    if (yakuman.length === 0 && riichi !== yaku.some((y) => y.id === YAKU_ID.ura)) {
      throw new ScenarioError(`win by seat ${seat}: ${riichi ? 'a riichi win lists ura (0 han too), as Tenhou does' : 'ura is listed only on a riichi win'}`);
    }
    const deltas = [...opts.deltas];
    if (deltas.length !== PLAYERS || deltas.reduce((a, b) => a + b, 0) !== 1000 * this.sticks) {
      throw new ScenarioError(`win by seat ${seat}: score changes ${deltas.join(',')} must be ${PLAYERS} numbers adding up to the ${1000 * this.sticks} of the riichi sticks`);
    }
    return { ...base, fu: opts.fu, points: opts.points, limit: opts.limit ?? 0, yaku, yakuman, scoreDeltas: deltas };
  }

  private endHand(deltas: readonly number[], sticksLeft: number): void {
    deltas.forEach((d, i) => (this.scores[i] += d));
    this.sticks = sticksLeft;
  }

  /**
   * The exhaustive draw after the last live tile's discard passed: tenpai hands shown, and the noten
   * payments the script states (`deltas`; left out only when nobody pays: every seat tenpai, or none).
   */
  exhaustiveDraw(opts: DrawOptions = {}): this {
    const h = this.live('exhaustiveDraw()');
    const t = h.table;
    if (t.phase !== 'draw' || t.offer.kind !== 'discard') throw new ScenarioError('exhaustiveDraw(): it comes after a discard');
    if (t.liveLeft() > 0) throw new ScenarioError(`exhaustiveDraw(): ${t.liveLeft()} live tiles are still to draw`);
    this.discardPassed();
    const seats = t.seats.slice(0, PLAYERS);
    const tenpai = seats.map((s) => this.waitsOf(s.concealed).length > 0);
    const paying = tenpai.some(Boolean) && !tenpai.every(Boolean);
    if (paying && !opts.deltas) {
      throw new ScenarioError(`exhaustiveDraw(): seats ${tenpai.flatMap((x, s) => (x ? [s] : [])).join(', ')} are tenpai and the others not: state the noten payments (deltas)`);
    }
    const deltas = [...(opts.deltas ?? [0, 0, 0, 0])];
    if (deltas.length !== PLAYERS || deltas.reduce((a, b) => a + b, 0) !== 0) {
      throw new ScenarioError(`exhaustiveDraw(): score changes ${deltas.join(',')} must be ${PLAYERS} numbers adding up to 0`);
    }
    const shown = seats.flatMap((s, seat) => (tenpai[seat] || opts.showNoten?.includes(seat) ? [{ seat, hand: sorted(s.concealed) }] : []));
    this.play({ type: 'ryuukyoku', reason: 'exhaustive', honba: t.start.honba, riichiStickCount: this.sticks, shown, scoreDeltas: deltas });
    this.endHand(deltas, this.sticks);
    return this;
  }

  /**
   * Escape hatch for the abortive-draw-unfounded example: `seat`, holding its drawn tile, declares nine
   * terminals (九種九牌) whatever its hand (the log shows it), and the hand ends with no points moved.
   */
  nineTerminals(seat: number): this {
    const h = this.live(`nineTerminals(${seat})`);
    const t = h.table;
    if (t.phase !== 'act' || t.actor !== seat) throw new ScenarioError(`nineTerminals(${seat}): it is not seat ${seat}'s turn to act`);
    const deltas = [0, 0, 0, 0];
    const hand = sorted(t.seats[seat].concealed);
    this.play({ type: 'ryuukyoku', reason: 'kyuushu-kyuuhai', honba: t.start.honba, riichiStickCount: this.sticks, shown: [{ seat, hand }], scoreDeltas: deltas });
    this.endHand(deltas, this.sticks);
    return this;
  }

  /** An abortive draw; `kan4` (四槓散了) shows no hands and moves no points. */
  abort(type: 'kan4'): this {
    const h = this.live(`abort(${type})`);
    this.discardPassed();
    const honba = h.table.start.honba;
    const deltas = [0, 0, 0, 0];
    this.play({ type: 'ryuukyoku', reason: 'suukaikan', honba, riichiStickCount: this.sticks, shown: [], scoreDeltas: deltas });
    this.endHand(deltas, this.sticks);
    return this;
  }

  // ---------- escape hatches ----------

  /**
   * Escape hatch for the replay-inconsistency example: `seat` discards a tile of kind `tile` that it does
   * not hold (a copy nobody has seen). The seat keeps its 14 tiles, as a replay sees it, so the builder
   * refuses that seat's next draw: end the round before it.
   */
  discardNotHeld(seat: number, tile: string): this {
    const h = this.live(`discardNotHeld(${seat})`);
    if (h.table.phase !== 'act' || h.table.actor !== seat) throw new ScenarioError(`discardNotHeld(${seat}): it is not seat ${seat}'s turn to discard`);
    const what = `discardNotHeld(${seat}, ${tile})`;
    const id = h.pool.take(oneTile(tile, what), what);
    this.revealKans(h, seat, 'discard');
    this.play({ type: 'discard', seat, tile: id, tsumogiri: false }, true);
    return this;
  }

  /**
   * Escape hatch for the riichi-open-hand example: `seat` declares riichi with this discard though a chi,
   * pon, daiminkan or kakan has opened its hand; the table records the contradiction.
   */
  riichiOpenHand(seat: number, tile?: string): this {
    return this.discardStep(seat, tile, 'open-hand');
  }

  // ---------- output ----------

  /** Each round's events so far, the round start first: what the table was given, and what toTenhou6 writes. */
  roundEvents(): readonly (readonly GameEvent[])[] {
    return this.rounds;
  }

  private checkEnded(what: string): void {
    if (!this.hand || this.hand.table.phase !== 'over') {
      throw new ScenarioError(`${what}: the game has not ended (the last round needs a win, an exhaustive draw or an abort)`);
    }
  }

  /**
   * The game: its header, each round's events, and the final scores and points on its last ending (the
   * game must have ended). Players are of 七段 and rate 2000, as a phoenix-lobby game would have them.
   */
  game(): GameLog {
    this.checkEnded('game()');
    const points = owariPoints(this.scores);
    const final = { scores: [...this.scores], gamePoints: points };
    const rounds = this.rounds.map((events) => ({ events: [...events] }));
    const lastEvents = rounds[rounds.length - 1].events;
    const last = lastEvents[lastEvents.length - 1];
    if (last.type === 'win' || last.type === 'ryuukyoku') lastEvents[lastEvents.length - 1] = { ...last, final };
    return {
      format: 'mjlog',
      platform: 'tenhou',
      gzip: false,
      logId: null,
      rule: decodeGameType(this.type),
      lobby: this.lobby,
      players: this.names.map((name, seat) => ({ seat, name, dan: 16, danName: DAN_NAMES[16], rate: 2000, sex: 'M' })),
      seed: this.seed,
      hands: rounds,
      final,
    };
  }

  /** The game as mjlog text (src/formats' writer), one turn a line. */
  toXml(): string {
    return MJLOG.write(this.game());
  }

  /**
   * The same game as tenhou.net/6 JSON (src/formats' writer): the kandora indicators turned over are listed
   * in each round's dora list, without their moments. The seed is not kept.
   */
  toTenhou6(): string {
    return TENHOU6.write(this.game());
  }
}

/** A new builder: `mjlog({ seed? }).round({...}).draw(0)…toXml()` (or `…toTenhou6()`). */
export function mjlog(options: BuilderOptions = {}): MjlogBuilder {
  return new MjlogBuilder(options);
}
