/**
 * A scripted writer of Tenhou mjlog XML for situations Tenhou never produces. The script names hands and
 * the tiles that matter in notation; the builder assigns tile ids, keeps the physical game consistent
 * (four copies per kind, turn order, 13/14-tile hands, the live wall and the dead wall's four replacement
 * tiles) and writes every tag in Tenhou's own order (tenhou-format.md §3.1). It enforces physics, not
 * rules: an illegal riichi kan, a fifth kan or a missing abort are the point of a scenario, but a sixth
 * copy of a tile or a discard out of turn are refused with a ScenarioError, except through the two
 * explicit escape hatches (`raw`, `discardNotHeld`).
 *
 * Seeded mode (`seed`): hands, draws, replacement tiles and indicators all come from the wall `src/wall`
 * rebuilds from the seed, so the log verifies; the script chooses only what to discard and when to kan.
 */
import { isComplete, toCounts, waits, HandError, WAITING_SIZES } from '../hand/index.js';
import { countDora } from '../replay/index.js';
import { encodeMeld, kindOf, kindToString, isRedFive, type KanType, type MeldType, type TileId, type TileKind } from '../tiles/index.js';
import {
  gameWalls,
  haipaiIndices,
  indicatorIndex,
  liveDrawIndex,
  replacementIndex,
  seatOffsetFromDealer,
  uraIndex,
  type GameWalls,
  type RoundWall,
} from '../wall/index.js';
import { notation, oneTile, ScenarioError, tileName, TilePool } from './pool.js';
import { finalPoints, notenDeltas, winDeltas, winValue } from './scoring.js';
import { AKA_YAKU, DORA_YAKU, URA_YAKU, YAKU_ID, YAKUMAN_ID, type YakumanName, type YakuName } from './yaku.js';

export { ScenarioError } from './pool.js';

const PLAYERS = 4;
/** Live draws of a 4-player round without kans (tenhou-format.md §3.4); each kan takes one. */
const LIVE_DRAWS = 70;
/** Replacement tiles of the 4-player dead wall (tenhou-format.md §3.5). */
const REPLACEMENT_TILES = 4;
const START_SCORE = 25000;
const DRAW_LETTERS = 'TUVW';
const DISCARD_LETTERS = 'DEFG';

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
}

export interface WinOptions {
  /** Yaku and their han; dora, ura and red fives are counted by the builder. */
  yaku?: Partial<Record<YakuName, number>>;
  /** Yakuman instead of yaku. */
  yakuman?: readonly YakumanName[];
  /** Fu; default 30. */
  fu?: number;
}

export interface KanOptions {
  /**
   * Deliberate deviation: write a daiminkan's or kakan's DORA right after the declaration (before the
   * replacement draw), as Tenhou does only in chip games. For the kandora-timing example.
   */
  revealAtDeclaration?: boolean;
}

interface HeldMeld {
  type: MeldType;
  tiles: TileId[];
  called: TileId;
  fromOffset: number;
  added?: TileId;
  code: number;
}

interface SeatState {
  hand: TileId[];
  melds: HeldMeld[];
  river: TileId[];
  riichi: 'none' | 'declared' | 'accepted';
  /** The tile drawn this turn (live or replacement), while the player still holds it. */
  lastDraw: TileId | null;
}

interface KanState {
  seat: number;
  kind: KanType;
  revealAtDeclaration: boolean;
}

interface Tag {
  name: string;
  attrs: [string, string][];
  /** Written verbatim (the `raw` escape hatch). */
  raw?: string;
}

type Phase = 'draw' | 'act' | 'kan' | 'ended';

/** The last tile another player could ron on. */
interface Offer {
  kind: 'discard' | 'kakan' | 'ankan';
  seat: number;
  tile: TileId;
}

function urlEscapeBytes(name: string): string {
  return [...Buffer.from(name, 'utf8')].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

function hundreds(points: number): string {
  return String(Math.round(points / 100));
}

function sorted(tiles: readonly TileId[]): TileId[] {
  return [...tiles].sort((a, b) => a - b);
}

class Round {
  readonly seats: SeatState[];
  readonly dealer: number;
  readonly pool: TilePool;
  phase: Phase = 'draw';
  actor: number;
  offer: Offer | null = null;
  liveDraws = 0;
  replacements = 0;
  /** The kan whose replacement draw is owed (its chankan window is open until then). */
  openKan: KanState | null = null;
  /** Daiminkans and kakans whose replacement was drawn and whose DORA waits for the player's discard or next kan. */
  pendingReveals: KanState[] = [];
  /** Revealed indicators: the round's first, then each DORA. */
  readonly indicators: TileId[] = [];
  /** A riichi declaration discard whose acceptance (REACH step 2) is not written yet. */
  pendingAccept: number | null = null;
  private readonly kandoraPlan: string[];
  private readonly uraPlan: string[];
  private readonly uraTiles: TileId[] = [];

  constructor(
    readonly kyoku: number,
    readonly honba: number,
    public sticks: number,
    readonly scores: number[],
    readonly redFives: boolean,
    readonly wall: RoundWall | null,
    opts: RoundOptions,
  ) {
    this.dealer = kyoku % 4;
    this.actor = this.dealer;
    this.pool = new TilePool(redFives);
    this.kandoraPlan = [...(opts.kandora ?? [])];
    this.uraPlan = [...(opts.ura ?? [])];
    this.seats = Array.from({ length: PLAYERS }, () => ({ hand: [], melds: [], river: [], riichi: 'none' as const, lastDraw: null }));
  }

  liveLeft(): number {
    return LIVE_DRAWS - this.replacements - this.liveDraws;
  }

  hands(): TileId[][] {
    return this.seats.map((s) => s.hand);
  }

  melded(): TileId[] {
    return this.seats.flatMap((s) => s.melds.flatMap((m) => m.tiles));
  }

  /** The next kandora indicator: the wall's, the script's, or a tile of no interest. */
  nextKandora(): TileId {
    const k = this.indicators.length;
    if (this.wall) return this.pool.mark(this.wall.tiles[indicatorIndex(this.wall.layout, k)], `kandora ${k}`);
    const planned = this.kandoraPlan.shift();
    if (planned !== undefined) return this.pool.take(oneTile(planned, `kandora ${k}`), `kandora ${k}`);
    return this.pool.pickFiller(this.hands(), this.melded(), `kandora ${k}`);
  }

  /** Ura indicators for the revealed indicators, chosen once and kept (a double ron would share them). */
  uraIndicators(): TileId[] {
    while (this.uraTiles.length < this.indicators.length) {
      const k = this.uraTiles.length;
      const what = `ura indicator ${k}`;
      if (this.wall) this.uraTiles.push(this.pool.mark(this.wall.tiles[uraIndex(this.wall.layout, k)], what));
      else {
        const planned = this.uraPlan.shift();
        this.uraTiles.push(planned !== undefined ? this.pool.take(oneTile(planned, what), what) : this.pool.pickFiller(this.hands(), this.melded(), what));
      }
    }
    return this.uraTiles.slice(0, this.indicators.length);
  }
}

export class MjlogBuilder {
  private readonly tags: Tag[] = [];
  private readonly type: number;
  private readonly redFives: boolean;
  private readonly walls: GameWalls | null;
  private readonly seed: string | null;
  private state: Round | null = null;
  private roundCount = 0;
  private scores: number[] = new Array<number>(PLAYERS).fill(START_SCORE);
  private sticks = 0;
  private lastKyoku = -1;

  constructor(options: BuilderOptions = {}) {
    this.type = options.type ?? 169;
    if (this.type & 0x10) throw new ScenarioError('3-player games (GO type bit 0x10) are not supported by the scenario builder');
    this.redFives = (this.type & 0x2) === 0;
    this.seed = options.seed ?? null;
    this.walls = this.seed ? gameWalls(this.seed, 4) : null;
    const names = options.names ?? ['kanshi-A', 'kanshi-B', 'kanshi-C', 'kanshi-D'];
    if (names.length !== PLAYERS) throw new ScenarioError(`names: expected ${PLAYERS} names, got ${names.length}`);
    if (this.seed) this.push('SHUFFLE', [['seed', this.seed], ['ref', '']]);
    this.push('GO', [['type', String(this.type)], ['lobby', String(options.lobby ?? 0)]]);
    this.push('UN', [
      ...names.map((n, i) => [`n${i}`, urlEscapeBytes(n)] as [string, string]),
      ['dan', '16,16,16,16'],
      ['rate', '2000.00,2000.00,2000.00,2000.00'],
      ['sx', 'M,M,M,M'],
    ]);
    this.push('TAIKYOKU', [['oya', '0']]);
  }

  // ---------- writing ----------

  private push(name: string, attrs: [string, string][] = []): void {
    this.tags.push({ name, attrs });
  }

  /** Writes a tag of the round, first writing a riichi acceptance still owed (REACH step 2 comes before anything but a ron). */
  private emit(name: string, attrs: [string, string][] = []): void {
    const r = this.current();
    if (r.pendingAccept !== null && name !== 'AGARI') this.accept(r);
    this.push(name, attrs);
  }

  private accept(r: Round): void {
    const seat = r.pendingAccept!;
    r.pendingAccept = null;
    r.scores[seat] -= 1000;
    r.sticks++;
    r.seats[seat].riichi = 'accepted';
    this.push('REACH', [['who', String(seat)], ['ten', r.scores.map(hundreds).join(',')], ['step', '2']]);
  }

  private current(): Round {
    if (!this.state) throw new ScenarioError('no round has started: call round() first');
    return this.state;
  }

  private live(what: string): Round {
    const r = this.current();
    if (r.phase === 'ended') throw new ScenarioError(`${what}: the round has ended; start the next with round()`);
    return r;
  }

  // ---------- rounds ----------

  /** Starts a round: deals, shows the dora indicator, and writes INIT. */
  round(opts: RoundOptions = {}): this {
    if (this.state && this.state.phase !== 'ended') throw new ScenarioError('round(): the previous round has not ended (win, exhaustive draw or abort)');
    const kyoku = opts.kyoku ?? this.lastKyoku + 1;
    const honba = opts.honba ?? 0;
    const index = this.roundCount++;
    const wall = this.walls ? this.walls.round(index) : null;
    const r = new Round(kyoku, honba, this.sticks, [...this.scores], this.redFives, wall, opts);
    this.state = r;
    this.lastKyoku = kyoku;
    let dice: readonly [number, number] = opts.dice ?? [2, 3];
    if (wall) {
      if (opts.hands || opts.dora || opts.kandora || opts.ura || opts.dice || opts.reserve) {
        throw new ScenarioError('round(): a seeded round deals and draws from the wall; hands, dora, kandora, ura, reserve and dice cannot be chosen');
      }
      for (let seat = 0; seat < PLAYERS; seat++) {
        const offset = seatOffsetFromDealer(PLAYERS, seat, r.dealer);
        r.seats[seat].hand = sorted(haipaiIndices(wall.layout, offset).map((i) => r.pool.mark(wall.tiles[i], `seat ${seat}'s dealt hand`)));
      }
      r.indicators.push(r.pool.mark(wall.tiles[indicatorIndex(wall.layout, 0)], 'the dora indicator'));
      dice = [wall.dice[0] - 1, wall.dice[1] - 1];
    } else {
      const hands = opts.hands ?? [];
      if (hands.length > PLAYERS) throw new ScenarioError(`round(): ${hands.length} hands for ${PLAYERS} players`);
      const partial: boolean[] = [];
      for (let seat = 0; seat < PLAYERS; seat++) {
        const text = hands[seat];
        if (text == null) continue;
        // `1111m+`: these tiles, and the builder completes the hand with isolated ones.
        partial[seat] = text.endsWith('+');
        const tiles = notation(partial[seat] ? text.slice(0, -1) : text, `seat ${seat}'s hand`);
        if (tiles.length > 13 || (!partial[seat] && tiles.length !== 13)) {
          throw new ScenarioError(`round(): seat ${seat}'s hand "${text}" has ${tiles.length} tiles, expected 13 (or fewer with a trailing +)`);
        }
        r.seats[seat].hand = sorted(tiles.map((t) => r.pool.take(t, `seat ${seat}'s hand "${text}"`)));
      }
      if (opts.dora) r.indicators.push(r.pool.take(oneTile(opts.dora, 'dora'), 'the dora indicator'));
      if (opts.reserve) r.pool.reserve(opts.reserve);
      for (const t of opts.kandora ?? []) r.pool.reserve(t);
      for (const t of opts.ura ?? []) r.pool.reserve(t);
      for (let seat = 0; seat < PLAYERS; seat++) {
        if (hands[seat] != null && !partial[seat]) continue;
        const others = r.seats.filter((_, s) => s !== seat).map((s) => s.hand);
        r.seats[seat].hand = r.pool.isolatedHand(others, r.seats[seat].hand, `seat ${seat}'s dealt hand`);
      }
      if (!opts.dora) r.indicators.push(r.pool.pickFiller(r.hands(), r.melded(), 'the dora indicator'));
    }
    if (dice.some((d) => !Number.isInteger(d) || d < 0 || d > 5)) throw new ScenarioError(`round(): dice ${dice.join(',')} must be 0..5 (each die minus one)`);
    this.push('INIT', [
      ['seed', [kyoku, honba, r.sticks, dice[0], dice[1], r.indicators[0]].join(',')],
      ['ten', r.scores.map(hundreds).join(',')],
      ['oya', String(r.dealer)],
      ...r.seats.map((s, i) => [`hai${i}`, s.hand.join(',')] as [string, string]),
    ]);
    return this;
  }

  // ---------- draws and discards ----------

  /**
   * A draw by `seat`: its replacement draw after its kan, else its live draw on its turn. `tile` names the
   * tile (unseeded); without it the builder draws a tile of no interest (or the wall's, seeded).
   */
  draw(seat: number, tile?: string): this {
    const r = this.live(`draw(${seat})`);
    if (r.phase === 'kan') {
      if (r.actor !== seat) throw new ScenarioError(`draw(${seat}): seat ${r.actor} owes the replacement draw of its kan`);
      return this.replacementDraw(r, seat, tile);
    }
    if (r.phase !== 'draw' || r.actor !== seat) throw new ScenarioError(`draw(${seat}): it is seat ${r.actor}'s turn to ${r.phase === 'draw' ? 'draw' : 'discard'}`);
    this.checkSize(r, seat, 13, 'draw');
    if (r.liveLeft() <= 0) throw new ScenarioError(`draw(${seat}): the live wall is empty (${r.liveDraws} live and ${r.replacements} replacement draws made)`);
    const j = r.liveDraws;
    const what = `seat ${seat}'s live draw ${j + 1}`;
    let id: TileId;
    if (r.wall) {
      id = r.pool.mark(r.wall.tiles[liveDrawIndex(r.wall.layout, j)], what);
      this.checkNamed(tile, id, what);
    } else {
      id = tile !== undefined ? r.pool.take(oneTile(tile, what), what) : r.pool.pickFiller(r.hands(), r.melded(), what);
    }
    r.liveDraws++;
    return this.takeDrawn(r, seat, id);
  }

  /**
   * Deliberate wall mismatch (seeded only): seat's next live draw logs the tile at `wallIndex` instead of
   * the wall's next live tile, which is then never seen. Choose a tile the round never shows otherwise
   * (an ura indicator position when nobody wins in riichi).
   */
  drawSwapped(seat: number, wallIndex: number): this {
    const r = this.live(`drawSwapped(${seat})`);
    if (!r.wall) throw new ScenarioError('drawSwapped(): only seeded rounds have a wall to differ from');
    if (r.phase !== 'draw' || r.actor !== seat) throw new ScenarioError(`drawSwapped(${seat}): it is seat ${r.actor}'s turn`);
    if (r.liveLeft() <= 0) throw new ScenarioError(`drawSwapped(${seat}): the live wall is empty`);
    this.checkSize(r, seat, 13, 'draw');
    const id = r.pool.mark(r.wall.tiles[wallIndex], `drawSwapped(${seat}, ${wallIndex})`);
    r.liveDraws++;
    return this.takeDrawn(r, seat, id);
  }

  private replacementDraw(r: Round, seat: number, tile: string | undefined): this {
    const kan = r.openKan!;
    if (r.replacements >= REPLACEMENT_TILES) {
      throw new ScenarioError(`draw(${seat}): the dead wall has only ${REPLACEMENT_TILES} replacement tiles; a fifth kan gets none (end the round with abort())`);
    }
    // The chankan window has passed: a pending open-kan reveal of this player comes first (§3.1 rule 2),
    // then an ankan's own reveal (rule 1), then the replacement draw.
    this.flushReveals(r, seat);
    if (kan.kind === 'ankan' || kan.revealAtDeclaration) this.reveal(r);
    const n = r.replacements;
    const what = `seat ${seat}'s replacement draw ${n + 1}`;
    let id: TileId;
    if (r.wall) {
      id = r.pool.mark(r.wall.tiles[replacementIndex(r.wall.layout, n)], what);
      this.checkNamed(tile, id, what);
    } else {
      id = tile !== undefined ? r.pool.take(oneTile(tile, what), what) : r.pool.pickFiller(r.hands(), r.melded(), what);
    }
    r.replacements++;
    r.openKan = null;
    if (kan.kind !== 'ankan' && !kan.revealAtDeclaration) r.pendingReveals.push(kan);
    return this.takeDrawn(r, seat, id);
  }

  private takeDrawn(r: Round, seat: number, id: TileId): this {
    this.emit(`${DRAW_LETTERS[seat]}${id}`);
    const s = r.seats[seat];
    s.hand.push(id);
    s.lastDraw = id;
    r.offer = null;
    r.actor = seat;
    r.phase = 'act';
    return this;
  }

  private checkNamed(tile: string | undefined, id: TileId, what: string): void {
    if (tile === undefined) return;
    const t = oneTile(tile, what);
    if (t.kind !== kindOf(id) || t.red !== isRedFive(id, this.redFives)) {
      throw new ScenarioError(`${what}: the wall gives ${kindToString(kindOf(id))} (tile ${id}), not ${tileName(t)}`);
    }
  }

  private checkSize(r: Round, seat: number, size: 13 | 14, what: string): void {
    const s = r.seats[seat];
    const n = s.hand.length + 3 * s.melds.length;
    if (n !== size) throw new ScenarioError(`${what} by seat ${seat}: it holds ${s.hand.length} tiles and ${s.melds.length} melds (${n}), expected ${size}`);
  }

  /** Finds held ids of a kind (the red five only when written `0`, or when nothing else is left). */
  private held(r: Round, seat: number, tile: string, count: number, what: string, prefer: TileId | null = null): TileId[] {
    const t = oneTile(tile, what);
    const hand = r.seats[seat].hand;
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

  private handText(hand: readonly TileId[]): string {
    return sorted(hand).map((t) => (isRedFive(t, this.redFives) ? '0' + kindToString(kindOf(t)).slice(1) : kindToString(kindOf(t)))).join(' ');
  }

  /**
   * A discard by `seat`: `tile` in notation, or the tile just drawn (tsumogiri) when omitted. A player in
   * riichi can only discard the tile just drawn.
   */
  discard(seat: number, tile?: string, opts: { riichi?: boolean } = {}): this {
    const r = this.live(`discard(${seat})`);
    if (r.phase !== 'act' || r.actor !== seat) {
      throw new ScenarioError(`discard(${seat}): ${r.phase === 'kan' ? `seat ${r.actor} owes a replacement draw` : `it is seat ${r.actor}'s turn to ${r.phase === 'draw' ? 'draw' : 'act'}`}`);
    }
    this.checkSize(r, seat, 14, 'discard');
    const s = r.seats[seat];
    let id: TileId;
    if (tile === undefined) {
      if (s.lastDraw === null) throw new ScenarioError(`discard(${seat}): no tile was drawn this turn (after a call); name the tile`);
      id = s.lastDraw;
    } else {
      id = this.held(r, seat, tile, 1, `discard(${seat}, ${tile})`, s.lastDraw)[0];
    }
    if (s.riichi === 'accepted' && id !== s.lastDraw) {
      throw new ScenarioError(`discard(${seat}): seat ${seat} is in riichi and can only discard the tile just drawn`);
    }
    if (opts.riichi) this.declareRiichi(r, seat, id);
    // An open kan's indicator is revealed just before the kan player's discard (§3.1 rule 2).
    this.flushReveals(r, seat);
    this.emit(`${DISCARD_LETTERS[seat]}${id}`);
    s.hand.splice(s.hand.indexOf(id), 1);
    s.river.push(id);
    s.lastDraw = null;
    r.offer = { kind: 'discard', seat, tile: id };
    r.actor = (seat + 1) % PLAYERS;
    r.phase = 'draw';
    if (opts.riichi) r.pendingAccept = seat;
    return this;
  }

  /** A riichi declaration with this discard (REACH step 1 now, step 2 once the discard passes). */
  riichi(seat: number, tile?: string): this {
    return this.discard(seat, tile, { riichi: true });
  }

  private declareRiichi(r: Round, seat: number, id: TileId): void {
    const s = r.seats[seat];
    if (s.riichi !== 'none') throw new ScenarioError(`riichi(${seat}): seat ${seat} has already declared riichi`);
    if (s.melds.some((m) => m.type !== 'ankan')) throw new ScenarioError(`riichi(${seat}): seat ${seat}'s hand is open`);
    if (r.scores[seat] < 1000) throw new ScenarioError(`riichi(${seat}): seat ${seat} has ${r.scores[seat]} points, fewer than the 1000 a riichi deposit needs`);
    if (r.liveLeft() < 4) throw new ScenarioError(`riichi(${seat}): fewer than four live tiles are left`);
    const after = s.hand.filter((t) => t !== id);
    if (this.waitsOf(after).length === 0) throw new ScenarioError(`riichi(${seat}): the hand ${this.handText(after)} is not tenpai after discarding tile ${id}`);
    s.riichi = 'declared';
    this.emit('REACH', [['who', String(seat)], ['step', '1']]);
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
    return this.waitsOf(this.current().seats[seat].hand).map(kindToString);
  }

  /** Draw and discard the drawn tile. */
  tsumogiri(seat: number, tile?: string): this {
    return this.draw(seat, tile).discard(seat);
  }

  // ---------- filler ----------

  /** The seat whose turn it is to draw. */
  private drawer(what: string): number {
    const r = this.live(what);
    if (r.phase !== 'draw') throw new ScenarioError(`${what}: seat ${r.actor} must act first (discard, kan or win)`);
    return r.actor;
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
    const r = this.current();
    let turns = (seat - first + PLAYERS) % PLAYERS;
    if (opts.liveLeft !== undefined) {
      if (opts.liveLeft < 1) throw new ScenarioError(`fillTo(${seat}, liveLeft ${opts.liveLeft}): nobody draws with no live tile left; 1 is the haitei draw`);
      turns = r.liveLeft() - opts.liveLeft;
      if (turns < 0 || (first + turns) % PLAYERS !== seat) {
        throw new ScenarioError(
          `fillTo(${seat}, liveLeft ${opts.liveLeft}): with ${r.liveLeft()} live tiles left and seat ${first} to draw, seat ${(first + Math.max(0, turns)) % PLAYERS} draws when ${opts.liveLeft} are left`,
        );
      }
    }
    return this.fill(turns);
  }

  /** Tsumogiri turns to the end of the live wall, then the exhaustive draw. */
  exhaust(): this {
    const r = this.current();
    while (r.liveLeft() > 0) this.tsumogiri(this.drawer('exhaust()'));
    return this.exhaustiveDraw();
  }

  // ---------- calls ----------

  private lastDiscard(r: Round, seat: number, what: string): Offer {
    const offer = r.offer;
    if (!offer || offer.kind !== 'discard' || r.phase !== 'draw') throw new ScenarioError(`${what}: there is no discard to call`);
    if (offer.seat === seat) throw new ScenarioError(`${what}: seat ${seat} cannot call its own discard`);
    return offer;
  }

  private call(r: Round, seat: number, type: 'chi' | 'pon' | 'daiminkan', own: TileId[], offer: Offer): this {
    const fromOffset = (offer.seat - seat + PLAYERS) % PLAYERS;
    const tiles = sorted([...own, offer.tile]);
    const code = encodeMeld({ type, tiles, called: offer.tile, fromOffset });
    this.emit('N', [['who', String(seat)], ['m', String(code)]]);
    const s = r.seats[seat];
    for (const t of own) s.hand.splice(s.hand.indexOf(t), 1);
    s.melds.push({ type, tiles, called: offer.tile, fromOffset, code });
    s.lastDraw = null;
    r.offer = null;
    r.actor = seat;
    if (type === 'daiminkan') {
      r.openKan = { seat, kind: 'daiminkan', revealAtDeclaration: false };
      r.phase = 'kan';
    } else {
      r.phase = 'act';
    }
    return this;
  }

  /** Pon of the last discard; `own` names the two tiles from hand when it matters (e.g. `50m` for a red five). */
  pon(seat: number, own?: string): this {
    const r = this.live(`pon(${seat})`);
    const offer = this.lastDiscard(r, seat, `pon(${seat})`);
    this.checkSize(r, seat, 13, 'pon');
    const name = kindToString(kindOf(offer.tile));
    const tiles = own ? this.heldList(r, seat, own, `pon(${seat}, ${own})`) : this.held(r, seat, name, 2, `pon(${seat})`);
    if (tiles.length !== 2 || tiles.some((t) => kindOf(t) !== kindOf(offer.tile))) throw new ScenarioError(`pon(${seat}): needs two ${name} from hand`);
    return this.call(r, seat, 'pon', tiles, offer);
  }

  /** Chi of the last discard (from the kamicha) with the two tiles `own` from hand, e.g. `46m`. */
  chi(seat: number, own: string): this {
    const r = this.live(`chi(${seat})`);
    const offer = this.lastDiscard(r, seat, `chi(${seat})`);
    if ((offer.seat + 1) % PLAYERS !== seat) throw new ScenarioError(`chi(${seat}): chi is only from the kamicha (seat ${(seat + 3) % PLAYERS})`);
    this.checkSize(r, seat, 13, 'chi');
    const tiles = this.heldList(r, seat, own, `chi(${seat}, ${own})`);
    const kinds = sorted([...tiles, offer.tile].map(kindOf));
    if (tiles.length !== 2 || kinds[0] >= 27 || Math.floor(kinds[0] / 9) !== Math.floor(kinds[2] / 9) || kinds[1] !== kinds[0] + 1 || kinds[2] !== kinds[0] + 2) {
      throw new ScenarioError(`chi(${seat}, ${own}): ${own} and the discard ${kindToString(kindOf(offer.tile))} make no run`);
    }
    return this.call(r, seat, 'chi', tiles, offer);
  }

  /** Daiminkan of the last discard with the three held copies. Then `draw(seat)` for the replacement. */
  daiminkan(seat: number, opts: KanOptions = {}): this {
    const r = this.live(`daiminkan(${seat})`);
    const offer = this.lastDiscard(r, seat, `daiminkan(${seat})`);
    this.checkSize(r, seat, 13, 'daiminkan');
    const tiles = this.held(r, seat, kindToString(kindOf(offer.tile)), 3, `daiminkan(${seat})`);
    this.call(r, seat, 'daiminkan', tiles, offer);
    r.openKan!.revealAtDeclaration = opts.revealAtDeclaration ?? false;
    return this;
  }

  private heldList(r: Round, seat: number, text: string, what: string): TileId[] {
    const out: TileId[] = [];
    const hand = r.seats[seat].hand;
    for (const t of notation(text, what)) {
      const pick = hand.find((id) => !out.includes(id) && kindOf(id) === t.kind && isRedFive(id, this.redFives) === t.red);
      if (pick === undefined) throw new ScenarioError(`${what}: seat ${seat} does not hold ${tileName(t)} (hand ${this.handText(hand)})`);
      out.push(pick);
    }
    return out;
  }

  // ---------- kans ----------

  private ownTurn(r: Round, seat: number, what: string): void {
    if (r.phase !== 'act' || r.actor !== seat) throw new ScenarioError(`${what}: it is not seat ${seat}'s turn to act`);
    this.checkSize(r, seat, 14, what);
  }

  /** Ankan of the four held copies of `tile`. Then: `draw(seat)` for the replacement, or a ron robbing it (kokushi), or `abort()`. */
  ankan(seat: number, tile: string): this {
    const r = this.live(`ankan(${seat})`);
    this.ownTurn(r, seat, `ankan(${seat}, ${tile})`);
    const tiles = sorted(this.held(r, seat, tile, 4, `ankan(${seat}, ${tile})`));
    const kind = kindOf(tiles[0]);
    // The copy bits of an ankan code carry no meaning; Tenhou mostly writes copy 0.
    const code = encodeMeld({ type: 'ankan', tiles, called: kind * 4, fromOffset: 0 });
    this.emit('N', [['who', String(seat)], ['m', String(code)]]);
    const s = r.seats[seat];
    for (const t of tiles) s.hand.splice(s.hand.indexOf(t), 1);
    s.melds.push({ type: 'ankan', tiles, called: kind * 4, fromOffset: 0, code });
    s.lastDraw = null;
    return this.declared(r, seat, 'ankan', { kind: 'ankan', seat, tile: kind * 4 }, false);
  }

  /** Kakan: the held fourth copy added to the seat's pon. Then `draw(seat)`, or a ron robbing it (chankan). */
  kakan(seat: number, tile: string, opts: KanOptions = {}): this {
    const r = this.live(`kakan(${seat})`);
    this.ownTurn(r, seat, `kakan(${seat}, ${tile})`);
    const s = r.seats[seat];
    const kind = oneTile(tile, `kakan(${seat})`).kind;
    const pon = s.melds.find((m) => m.type === 'pon' && kindOf(m.called) === kind);
    if (!pon) throw new ScenarioError(`kakan(${seat}, ${tile}): seat ${seat} has no pon of ${kindToString(kind)}`);
    const added = this.held(r, seat, tile, 1, `kakan(${seat}, ${tile})`, s.lastDraw)[0];
    const tiles = sorted([...pon.tiles, added]);
    const code = encodeMeld({ type: 'kakan', tiles, called: pon.called, fromOffset: pon.fromOffset, added });
    this.emit('N', [['who', String(seat)], ['m', String(code)]]);
    s.hand.splice(s.hand.indexOf(added), 1);
    // A kakan takes its pon's place among the melds (AGARI m keeps call order).
    Object.assign(pon, { type: 'kakan', tiles, added, code });
    s.lastDraw = null;
    return this.declared(r, seat, 'kakan', { kind: 'kakan', seat, tile: added }, opts.revealAtDeclaration ?? false);
  }

  private declared(r: Round, seat: number, kind: KanType, offer: Offer, revealAtDeclaration: boolean): this {
    r.openKan = { seat, kind, revealAtDeclaration };
    r.offer = offer;
    r.phase = 'kan';
    return this;
  }

  private reveal(r: Round): void {
    const id = r.nextKandora();
    r.indicators.push(id);
    this.emit('DORA', [['hai', String(id)]]);
  }

  /** Writes the DORA of each open kan of `seat` still waiting for it. */
  private flushReveals(r: Round, seat: number): void {
    const mine = r.pendingReveals.filter((k) => k.seat === seat);
    r.pendingReveals = r.pendingReveals.filter((k) => k.seat !== seat);
    for (const _ of mine) this.reveal(r);
  }

  // ---------- endings ----------

  /** Ron on the last tile offered: a discard, a kakan's added tile (chankan) or an ankan (kokushi only, where allowed). */
  ron(seat: number, opts: WinOptions = {}): this {
    const r = this.live(`ron(${seat})`);
    const offer = r.offer;
    if (!offer || (offer.kind === 'discard' && r.phase !== 'draw') || (offer.kind !== 'discard' && r.phase !== 'kan')) {
      throw new ScenarioError(`ron(${seat}): there is no tile to ron on`);
    }
    if (offer.seat === seat) throw new ScenarioError(`ron(${seat}): seat ${seat} cannot ron its own tile`);
    this.checkSize(r, seat, 13, `ron(${seat})`);
    // A ronned riichi discard is not accepted: no stick, no REACH step 2.
    if (offer.kind === 'discard' && r.pendingAccept === offer.seat) {
      r.pendingAccept = null;
      r.seats[offer.seat].riichi = 'none';
    }
    // A robbed kan is never completed: its reveal and any earlier pending one never come.
    if (offer.kind !== 'discard') {
      r.openKan = null;
      r.pendingReveals = [];
    }
    return this.win(r, seat, offer.seat, offer.tile, opts);
  }

  /** Tsumo on the tile just drawn (live or replacement). A pending open-kan indicator is never revealed. */
  tsumo(seat: number, opts: WinOptions = {}): this {
    const r = this.live(`tsumo(${seat})`);
    const s = r.seats[seat];
    if (r.phase !== 'act' || r.actor !== seat || s.lastDraw === null) throw new ScenarioError(`tsumo(${seat}): seat ${seat} has not just drawn`);
    this.checkSize(r, seat, 14, `tsumo(${seat})`);
    r.pendingReveals = [];
    return this.win(r, seat, seat, s.lastDraw, opts);
  }

  private win(r: Round, seat: number, from: number, tile: TileId, opts: WinOptions): this {
    const s = r.seats[seat];
    const tsumo = from === seat;
    const concealed = tsumo ? [...s.hand] : [...s.hand, tile];
    if (!isComplete(toCounts(concealed.map(kindOf)))) {
      throw new ScenarioError(`win by seat ${seat}: ${this.handText(concealed)} is not a complete hand`);
    }
    const all = [...concealed, ...s.melds.flatMap((m) => m.tiles)];
    const riichi = s.riichi === 'accepted';
    const yakumanIds = (opts.yakuman ?? []).map((n) => YAKUMAN_ID[n]);
    const pairs: [number, number][] = [];
    let ura: TileId[] = [];
    if (riichi) ura = r.uraIndicators();
    if (yakumanIds.length === 0) {
      for (const [name, han] of Object.entries(opts.yaku ?? {})) pairs.push([YAKU_ID[name as YakuName], han as number]);
      if (pairs.length === 0) throw new ScenarioError(`win by seat ${seat}: name its yaku (dora alone is no yaku)`);
      const dora = countDora(r.indicators, all, 4)!;
      if (dora > 0) pairs.push([DORA_YAKU, dora]);
      // Tenhou lists ura with 0 han for every riichi win.
      if (riichi) pairs.push([URA_YAKU, countDora(ura, all, 4)!]);
      const aka = all.filter((t) => isRedFive(t, this.redFives)).length;
      if (aka > 0) pairs.push([AKA_YAKU, aka]);
    }
    const han = pairs.reduce((a, [, h]) => a + h, 0);
    const fu = opts.fu ?? 30;
    const value = winValue({ han, fu, yakuman: yakumanIds.length, winner: seat, from, dealer: r.dealer });
    const deltas = winDeltas(value, seat, tsumo, r.honba, r.sticks);
    const attrs: [string, string][] = [['ba', `${r.honba},${r.sticks}`], ['hai', sorted(concealed).join(',')]];
    if (s.melds.length > 0) attrs.push(['m', [...s.melds].reverse().map((m) => m.code).join(',')]);
    attrs.push(['machi', String(tile)], ['ten', `${fu},${value.points},${value.limit}`]);
    if (yakumanIds.length > 0) attrs.push(['yakuman', yakumanIds.join(',')]);
    else attrs.push(['yaku', pairs.map(([id, h]) => `${id},${h}`).join(',')]);
    attrs.push(['doraHai', r.indicators.join(',')]);
    if (riichi) attrs.push(['doraHaiUra', ura.join(',')]);
    attrs.push(['who', String(seat)], ['fromWho', String(from)], ['sc', this.scoreChanges(r.scores, deltas)]);
    this.emit('AGARI', attrs);
    this.endRound(r, deltas, 0);
    return this;
  }

  private scoreChanges(before: readonly number[], deltas: readonly number[]): string {
    return before.map((b, i) => `${hundreds(b)},${hundreds(deltas[i])}`).join(',');
  }

  private endRound(r: Round, deltas: readonly number[], sticksLeft: number): void {
    this.scores = r.scores.map((b, i) => b + deltas[i]);
    this.sticks = sticksLeft;
    r.phase = 'ended';
    r.offer = null;
  }

  /** The exhaustive draw after the last live tile's discard passed: tenpai hands shown, noten payments. */
  exhaustiveDraw(): this {
    const r = this.live('exhaustiveDraw()');
    if (r.phase !== 'draw' || r.offer?.kind !== 'discard') throw new ScenarioError('exhaustiveDraw(): it comes after a discard');
    if (r.liveLeft() > 0) throw new ScenarioError(`exhaustiveDraw(): ${r.liveLeft()} live tiles are still to draw`);
    const tenpai = r.seats.map((s) => this.waitsOf(s.hand).length > 0);
    const deltas = notenDeltas(tenpai);
    const attrs: [string, string][] = [['ba', `${r.honba},${r.sticks}`], ['sc', this.scoreChanges(r.scores, deltas)]];
    r.seats.forEach((s, i) => tenpai[i] && attrs.push([`hai${i}`, sorted(s.hand).join(',')]));
    this.emit('RYUUKYOKU', attrs);
    this.endRound(r, deltas, r.sticks);
    return this;
  }

  /** An abortive draw; `kan4` (四槓散了) shows no hands and moves no points. */
  abort(type: 'kan4'): this {
    const r = this.live(`abort(${type})`);
    r.openKan = null;
    r.pendingReveals = [];
    const deltas = [0, 0, 0, 0];
    this.emit('RYUUKYOKU', [['type', type], ['ba', `${r.honba},${r.sticks}`], ['sc', this.scoreChanges(r.scores, deltas)]]);
    this.endRound(r, deltas, r.sticks);
    return this;
  }

  // ---------- escape hatches ----------

  /** Escape hatch: writes `tag` (e.g. `<DORA hai="3"/>`) verbatim. The builder's model of the game does not change. */
  raw(tag: string): this {
    this.tags.push({ name: '', attrs: [], raw: tag });
    return this;
  }

  /**
   * Escape hatch for the replay-inconsistency example: `seat` discards a tile of kind `tile` that it does
   * not hold (a copy nobody has seen). The seat keeps its 14 tiles, as a replay sees it, so the builder
   * refuses that seat's next draw: end the round before it.
   */
  discardNotHeld(seat: number, tile: string): this {
    const r = this.live(`discardNotHeld(${seat})`);
    if (r.phase !== 'act' || r.actor !== seat) throw new ScenarioError(`discardNotHeld(${seat}): it is not seat ${seat}'s turn to discard`);
    const what = `discardNotHeld(${seat}, ${tile})`;
    const id = r.pool.take(oneTile(tile, what), what);
    this.emit(`${DISCARD_LETTERS[seat]}${id}`);
    r.seats[seat].river.push(id);
    r.seats[seat].lastDraw = null;
    r.offer = { kind: 'discard', seat, tile: id };
    r.actor = (seat + 1) % PLAYERS;
    r.phase = 'draw';
    return this;
  }

  // ---------- output ----------

  /**
   * The mjlog text. The last AGARI or RYUUKYOKU gets `owari` (final scores and points). Tags are written
   * one turn per line (a line break before each draw and each round's start and end): Tenhou writes one
   * line, and both read the same.
   */
  toXml(): string {
    if (!this.state || this.state.phase !== 'ended') throw new ScenarioError('toXml(): the game has not ended (the last round needs a win, an exhaustive draw or an abort)');
    const lastEnd = this.tags.findLastIndex((t) => t.name === 'AGARI' || t.name === 'RYUUKYOKU');
    const points = finalPoints(this.scores);
    const owari = this.scores.map((s, i) => `${hundreds(s)},${points[i].toFixed(1)}`).join(',');
    let out = '<mjloggm ver="2.3">';
    this.tags.forEach((t, i) => {
      if (t.raw !== undefined) {
        out += t.raw;
        return;
      }
      const attrs = i === lastEnd ? [...t.attrs, ['owari', owari] as [string, string]] : t.attrs;
      const breakBefore = /^[TUVW]\d/.test(t.name) || ['SHUFFLE', 'GO', 'UN', 'TAIKYOKU', 'INIT', 'AGARI', 'RYUUKYOKU'].includes(t.name);
      out += (breakBefore ? '\n' : '') + `<${t.name}${attrs.map(([k, v]) => ` ${k}="${v}"`).join('')}/>`;
    });
    return out + '\n</mjloggm>\n';
  }
}

/** A new builder: `mjlog({ seed? }).round({...}).draw(0)…toXml()`. */
export function mjlog(options: BuilderOptions = {}): MjlogBuilder {
  return new MjlogBuilder(options);
}
