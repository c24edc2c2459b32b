/**
 * tenhou.net/6 JSON keeps each player's takes and discards apart: this rebuilds the order of play by
 * running them on the table (src/table), which says whose move it is. Where a discard could be called,
 * the calls are tried first, then no call, and a choice that leaves some player's list unused is undone
 * (an explicit stack, so no log is too long for it). Tile ids are given as tiles appear: a fresh id for
 * each tile drawn or dealt, and the held id for each tile played.
 */
import type { CallEvent, GameEvent, RiichiEvent, RoundStartEvent, Seat } from '../../events/index.js';
import { afterDeposit, Table, type TableOptions } from '../../table/index.js';
import { isRedFive, kindOf, ponOfKind, sortIds, type TileId, type TileKind, type TileAllocator } from '../../tiles/index.js';
import { IngestError } from '../core/errors.js';
import { FORMAT_STICKS } from '../core/sticks.js';
import { allocatorAfter, heldId, heldIds, takeLogTile, type TileNamer } from '../core/table-reading.js';

/** A JSON tile code: 11-19 m, 21-29 p, 31-39 s, 41-47 z, 51/52/53 red fives. */
export type TileCode = number;

export function codeKind(code: TileCode): TileKind {
  const suit = Math.floor(code / 10);
  if (suit === 5) return (code - 51) * 9 + 4;
  return (suit - 1) * 9 + (code % 10) - 1;
}

export function codeIsRed(code: TileCode): boolean {
  return code >= 51;
}

/** One entry of a player's takes: a draw, or a call on another player's discard. */
export type TakeItem =
  | { kind: 'draw'; tile: TileCode }
  | { kind: 'chi' | 'pon' | 'daiminkan'; called: TileCode; hand: TileCode[]; fromOffset: number };

/** One entry of a player's discards: a discard, a declaration, or the 0 that follows a daiminkan. */
export type DiscardItem =
  | { kind: 'discard'; tile: TileCode | 'tsumogiri'; riichi: boolean }
  | { kind: 'kakan'; added: TileCode; called: TileCode; fromOffset: number }
  | { kind: 'ankan'; tiles: TileCode[] }
  | { kind: 'kita'; tile: TileCode }
  | { kind: 'placeholder' };

/** How tenhou.net/6 names a tile in messages: `tile code 15`, `red five 51`. */
export const codeName: TileNamer = (kind, red) => (red ? `red five ${51 + Math.floor(kind / 9)}` : `tile code ${codeOf(kind)}`);

/** The JSON tile code of a plain tile kind. */
function codeOf(kind: TileKind): TileCode {
  return kind < 27 ? (Math.floor(kind / 9) + 1) * 10 + (kind % 9) + 1 : 41 + kind - 27;
}

/** A fresh id for a tile code; an IngestError at `path` when there is none. */
export function takeCode(alloc: TileAllocator, code: TileCode, path: string): TileId {
  return takeLogTile(alloc, codeKind(code), codeIsRed(code), codeName, path);
}

function matchesCode(tile: TileId, code: TileCode, redFives: number): boolean {
  return kindOf(tile) === codeKind(code) && isRedFive(tile, redFives) === codeIsRed(code);
}

/** The held id a code names (a discard names the drawn tile only as 60: it is avoided). */
function held(hand: readonly TileId[], code: TileCode, redFives: number, path: string, avoid: TileId | null = null): TileId {
  const id = heldId(hand, codeKind(code), codeIsRed(code), redFives, avoid);
  if (id < 0) throw new IngestError(`tile code ${code} is not in the player's hand`, path);
  return id;
}

/** Distinct held ids for several codes (a call's own tiles). */
function heldAll(hand: readonly TileId[], codes: readonly TileCode[], redFives: number, path: string): TileId[] {
  const ids = heldIds(hand, codes.map((c) => ({ kind: codeKind(c), red: codeIsRed(c) })), redFives);
  if ('missing' in ids) throw new IngestError(`tile code ${codes[ids.missing]} is not in the player's hand`, path);
  return ids;
}

export interface HandPlay {
  path: string;
  start: RoundStartEvent;
  players: 3 | 4;
  /** The suits with a red five (1 m, 2 p, 4 s). */
  redFives: number;
  /**
   * The table's options beside the players: the hand's position in the game (1-based) and whether the
   * game has red fives, as the replay makes its table, which goes on with this one (src/table handOn).
   * Default: hand 1 of a game with red fives.
   */
  table?: { hand: number; redFives: boolean };
  takes: TakeItem[][];
  discards: DiscardItem[][];
  /** The steps the game's order search may still take (shared by its rounds); GAME_WORK_BUDGET when absent. */
  work?: { left: number };
}

/** The order of play found: the events (the round start first) and the table they leave. */
export interface PlayedHand {
  events: GameEvent[];
  table: Table;
  /** Scores after the riichi deposits made so far. */
  scores: number[];
}

/**
 * Events applied (first tries and re-runs after undoing a choice) before giving up: in one hand, and in
 * the whole game. The corpus's hardest round takes 286 and its hardest game 1,714; a million take about a
 * second, which bounds what a log built to make the search try everything can cost.
 */
const WORK_BUDGET = 400_000;
export const GAME_WORK_BUDGET = 1_000_000;

interface Choice {
  /** Events before the discard that could be called. */
  mark: number;
  take: number[];
  discard: number[];
  /** Callers still to try; null means "nobody calls". */
  options: (Seat | null)[];
}

/**
 * Plays one round's lists on the table. Throws IngestError when no order uses every take and discard, or
 * when a list names a tile its player cannot hold.
 */
export function playHand(input: HandPlay): PlayedHand {
  return new HandPlayer(input).play();
}

/**
 * One round's order search: the state is the table and the lists' positions, the choices made where a
 * discard could be called, and the work spent. A class rather than closures inside playHand: a closure
 * made per round loses its optimized code at every full collection (V8 holds it weakly for closures no
 * longer alive) and is compiled again (docs/PERFORMANCE.md §3, Hot closures).
 */
class HandPlayer {
  private readonly path: string;
  private readonly start: RoundStartEvent;
  private readonly players: 3 | 4;
  private readonly redFives: number;
  private readonly tableOptions: TableOptions;
  private readonly takes: TakeItem[][];
  private readonly discards: DiscardItem[][];
  /** What the game may still spend, shared by its rounds. */
  private readonly game: { left: number };
  /** Steps this round may take: its own budget, or what the game has left. */
  private readonly budget: number;
  /** Steps taken so far: events applied, first tries and re-runs. */
  private work = 0;
  /** The events so far, the round start first. */
  private readonly events: GameEvent[];
  private table: Table;
  /** Scores after the riichi deposits made so far. */
  private scores: number[];
  /** Each seat's position in its takes. */
  private readonly take = [0, 0, 0, 0];
  /** Each seat's position in its discards. */
  private readonly discard = [0, 0, 0, 0];
  private allocator: TileAllocator;
  /** The calls tried, latest last, each with the options left to undo to. */
  private readonly choices: Choice[] = [];

  constructor(input: HandPlay) {
    this.path = input.path;
    this.start = input.start;
    this.players = input.players;
    this.redFives = input.redFives;
    this.tableOptions = { hand: input.table?.hand ?? 1, players: input.players, redFives: input.table?.redFives ?? true };
    this.takes = input.takes;
    this.discards = input.discards;
    this.game = input.work ?? { left: GAME_WORK_BUDGET };
    this.budget = Math.min(WORK_BUDGET, this.game.left);
    this.events = [input.start];
    this.table = new Table(input.start, this.tableOptions);
    this.scores = [...input.start.scores];
    this.allocator = allocatorAfter(this.events, this.redFives);
  }

  play(): PlayedHand {
    for (;;) {
      const table = this.table;
      const seat = table.actor;
      const ok = table.phase === 'draw' || table.phase === 'replacement' ? this.drawStep(seat) : this.actStep(seat);
      if (ok) continue;
      if (this.consumed()) break;
      if (!this.backtrack()) {
        throw new IngestError(
          'cannot rebuild the order of play: no sequence of turns uses every take and discard (check the call strings and the 0 after each daiminkan)',
          this.path,
        );
      }
    }
    this.game.left -= this.work;
    return { events: this.events, table: this.table, scores: this.scores };
  }

  private spend(steps: number): void {
    this.work += steps;
    if (this.work > this.budget) {
      throw new IngestError(`cannot rebuild the order of play: too many possibilities (more than ${this.budget} steps tried)`, this.path);
    }
  }

  private emit(e: GameEvent): void {
    this.spend(1);
    this.events.push(e);
    this.table.apply(e, this.events.length - 1);
  }

  private acceptRiichi(): void {
    const seat = this.table.riichiAwaitingAcceptance();
    if (seat === null) return;
    const scores = afterDeposit(this.scores, seat, FORMAT_STICKS.riichiStick);
    this.scores = scores;
    this.emit({ type: 'riichi', seat, step: 'accepted', scores });
  }

  private consumed(): boolean {
    for (let s = 0; s < 4; s++) if (this.take[s] < this.takes[s].length || this.discard[s] < this.discards[s].length) return false;
    return true;
  }

  /** Undoes the latest choice and takes its next option; false when none is left. */
  private backtrack(): boolean {
    const { choices, events, start } = this;
    for (;;) {
      const choice = choices.at(-1);
      if (!choice) return false;
      const option = choice.options.shift();
      if (option === undefined) {
        choices.pop();
        continue;
      }
      events.length = choice.mark;
      this.spend(choice.mark);
      const table = new Table(start, this.tableOptions);
      for (let i = 1; i < events.length; i++) table.apply(events[i], i);
      this.table = table;
      this.allocator = allocatorAfter(events, this.redFives);
      this.scores = scoresAfter(events, start);
      this.take.splice(0, 4, ...choice.take);
      this.discard.splice(0, 4, ...choice.discard);
      if (this.takeCall(option)) return true;
    }
  }

  /** The discard on offer is called by `caller` (or by nobody); false when that cannot be. */
  private takeCall(caller: Seat | null): boolean {
    const last = this.events.at(-1);
    if (caller === null || !last || last.type !== 'discard') return caller === null;
    const item = this.takes[caller][this.take[caller]] as Extract<TakeItem, { called: TileCode }>;
    if (item.kind === 'daiminkan' && this.discards[caller][this.discard[caller]]?.kind !== 'placeholder') return false;
    this.take[caller]++;
    if (item.kind === 'daiminkan') this.discard[caller]++;
    this.acceptRiichi();
    const own = heldAll(this.table.seats[caller].concealed, item.hand, this.redFives, this.path);
    this.emit({ type: 'call', seat: caller, meld: item.kind, tiles: sortIds([last.tile, ...own]), called: last.tile, from: last.seat });
    return true;
  }

  /** The seat draws; false at the end of its takes or when its next take is a call. */
  private drawStep(seat: Seat): boolean {
    const item = this.takes[seat][this.take[seat]];
    if (!item || item.kind !== 'draw') return false;
    this.take[seat]++;
    this.acceptRiichi();
    this.emit({ type: 'draw', seat, tile: takeCode(this.allocator, item.tile, this.path) });
    return true;
  }

  /** The seat plays its next discard item; false at the end of its list or where the item cannot come. */
  private actStep(seat: Seat): boolean {
    const item = this.discards[seat][this.discard[seat]];
    if (!item || item.kind === 'placeholder') return false;
    this.discard[seat]++;
    const s = this.table.seats[seat];
    const { redFives, path } = this;
    if (item.kind === 'discard') {
      this.acceptRiichi();
      let tile: TileId;
      if (item.tile === 'tsumogiri') {
        if (s.drawn === null) throw new IngestError('tsumogiri (60) with no tile just drawn', path);
        tile = s.drawn;
      } else {
        tile = held(s.concealed, item.tile, redFives, path, s.drawn);
      }
      if (item.riichi) this.emit({ type: 'riichi', seat, step: 'declare' } satisfies RiichiEvent);
      this.emit({ type: 'discard', seat, tile, tsumogiri: item.tile === 'tsumogiri' });
      const callers = this.findCallers(seat, tile);
      if (callers.length === 0) return true;
      this.choices.push({ mark: this.events.length, take: [...this.take], discard: [...this.discard], options: [...callers.slice(1), null] });
      return this.takeCall(callers[0]);
    }
    this.acceptRiichi();
    let call: CallEvent;
    if (item.kind === 'ankan') {
      const tiles = sortIds(heldAll(s.concealed, item.tiles, redFives, path));
      call = { type: 'call', seat, meld: 'ankan', tiles, called: tiles[0], from: seat };
    } else if (item.kind === 'kita') {
      const tile = held(s.concealed, item.tile, redFives, path);
      call = { type: 'call', seat, meld: 'kita', tiles: [tile], called: tile, from: seat };
    } else {
      const pon = ponOfKind(s.melds, codeKind(item.added));
      if (!pon) throw new IngestError(`kakan of tile code ${item.added} without a pon of that tile`, path);
      const added = held(s.concealed, item.added, redFives, path);
      call = { type: 'call', seat, meld: 'kakan', tiles: sortIds([...pon.tiles, added]), called: pon.called, from: pon.from, added };
    }
    this.emit(call);
    return true;
  }

  /** Seats whose next take calls this discard: pon and daiminkan before chi. */
  private findCallers(discarder: Seat, tile: TileId): Seat[] {
    const strong: Seat[] = [];
    const chi: Seat[] = [];
    const { players, takes, take } = this;
    for (let k = 1; k < players; k++) {
      const seat = (discarder + k) % players;
      const item = takes[seat][take[seat]];
      if (!item || item.kind === 'draw' || !matchesCode(tile, item.called, this.redFives)) continue;
      if ((seat + item.fromOffset) % 4 !== discarder) continue;
      (item.kind === 'chi' ? chi : strong).push(seat);
    }
    return strong.length === 0 ? chi : chi.length === 0 ? strong : [...strong, ...chi];
  }
}

/** The scores after the riichi deposits among the events. */
function scoresAfter(events: readonly GameEvent[], start: RoundStartEvent): number[] {
  for (let i = events.length - 1; i > 0; i--) {
    const e = events[i];
    if (e.type === 'riichi' && e.step === 'accepted' && e.scores) return e.scores;
  }
  return [...start.scores];
}
