/**
 * tenhou.net/6 JSON → GameLog (tenhou-format.md §4). Both producers are read: mjlog2json (`ref`, `rule.disp`,
 * `dan`…) and the viewer/editor export (`title`, `rule.aka`).
 *
 * JSON keeps each player's takes and discards apart, so the cross-player order is rebuilt by simulating
 * turns (with backtracking where a call string could match more than one discard), then tile ids are
 * assigned by following every tile from the wall through the hands. Kandora reveals are placed by the
 * rules Tenhou follows (tenhou-format.md §3.1): an ankan's at once, an open kan's before its player's next
 * discard or next kan, none when the hand ends first.
 */
import { isRedFive, kindOf, sortIds, type MeldType, type TileId, type TileKind } from '../tiles/index.js';
import { IngestError } from './errors.js';
import type {
  CallEvent,
  FinalResult,
  GameEvent,
  GameLog,
  GameRule,
  Player,
  Round,
  RyuukyokuEvent,
  RyuukyokuReason,
  Seat,
  WinEvent,
  Yaku,
} from './events.js';
import { danIndex, DAN_NAMES, decodeGameType, parseRuleLabel, typeFromLogId } from './game-type.js';
import { YAKU_IDS_BY_NAME } from './yaku.js';

// ---------- tile codes ----------

/** A JSON tile code: 11-19 m, 21-29 p, 31-39 s, 41-47 z, 51/52/53 red fives. */
type TileCode = number;

function isTileCode(code: unknown): code is TileCode {
  if (typeof code !== 'number' || !Number.isInteger(code)) return false;
  const suit = Math.floor(code / 10);
  const n = code % 10;
  if (suit >= 1 && suit <= 3) return n >= 1 && n <= 9;
  if (suit === 4) return n >= 1 && n <= 7;
  if (suit === 5) return n >= 1 && n <= 3;
  return false;
}

function codeKind(code: TileCode): TileKind {
  const suit = Math.floor(code / 10);
  if (suit === 5) return (code - 51) * 9 + 4;
  return (suit - 1) * 9 + (code % 10) - 1;
}

function codeIsRed(code: TileCode): boolean {
  return code >= 51;
}

// ---------- per-player items ----------

type TakeItem =
  | { kind: 'draw'; tile: TileCode }
  | { kind: 'chi' | 'pon' | 'daiminkan'; called: TileCode; hand: TileCode[]; fromOffset: number };

type DiscardItem =
  | { kind: 'discard'; tile: TileCode | 'tsumogiri'; riichi: boolean }
  | { kind: 'kakan'; added: TileCode; called: TileCode; fromOffset: number }
  | { kind: 'ankan'; tiles: TileCode[] }
  | { kind: 'kita'; tile: TileCode }
  | { kind: 'placeholder' };

const CALL_OFFSETS: Record<string, Record<number, number>> = {
  c: { 0: 3 },
  p: { 0: 3, 2: 2, 4: 1 },
  k: { 0: 3, 2: 2, 4: 1 },
  m: { 0: 3, 2: 2, 6: 1 },
};

/** Splits a call string such as `47p4747` into its letter, the letter's index, and its tile codes. */
function splitCallString(text: string, path: string): { letter: string; at: number; before: TileCode[]; after: TileCode[] } {
  const m = /^((?:\d\d)*)([a-z])((?:\d\d)*)$/.exec(text);
  if (!m) throw new IngestError(`call string "${text}" is not tiles around one letter (c, p, m, k, a, f or r)`, path);
  const codes = (s: string) => {
    const out: TileCode[] = [];
    for (let i = 0; i < s.length; i += 2) {
      const code = Number(s.slice(i, i + 2));
      if (!isTileCode(code)) throw new IngestError(`call string "${text}" holds ${s.slice(i, i + 2)}, which is not a tile code`, path);
      out.push(code);
    }
    return out;
  };
  return { letter: m[2], at: m[1].length, before: codes(m[1]), after: codes(m[3]) };
}

function parseTake(value: unknown, path: string): TakeItem {
  if (typeof value === 'number') {
    if (!isTileCode(value)) throw new IngestError(`take ${value} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)`, path);
    return { kind: 'draw', tile: value };
  }
  if (typeof value !== 'string') throw new IngestError(`take is ${JSON.stringify(value)}, expected a tile code or a call string`, path);
  const { letter, at, before, after } = splitCallString(value, path);
  const offset = CALL_OFFSETS[letter]?.[at];
  if (letter !== 'c' && letter !== 'p' && letter !== 'm') {
    throw new IngestError(`take "${value}" has "${letter}", expected c (chi), p (pon) or m (daiminkan)`, path);
  }
  if (offset === undefined) throw new IngestError(`take "${value}" has "${letter}" at ${at}, which names no seat`, path);
  const expected = letter === 'm' ? 4 : 3;
  if (before.length + after.length !== expected) {
    throw new IngestError(`take "${value}" has ${before.length + after.length} tiles, expected ${expected}`, path);
  }
  const kind = letter === 'c' ? 'chi' : letter === 'p' ? 'pon' : 'daiminkan';
  return { kind, called: after[0], hand: [...before, ...after.slice(1)], fromOffset: offset };
}

function parseDiscard(value: unknown, path: string): DiscardItem {
  if (value === 0) return { kind: 'placeholder' };
  if (value === 60) return { kind: 'discard', tile: 'tsumogiri', riichi: false };
  if (typeof value === 'number') {
    if (!isTileCode(value)) throw new IngestError(`discard ${value} is not a tile code or 60 (tsumogiri)`, path);
    return { kind: 'discard', tile: value, riichi: false };
  }
  if (typeof value !== 'string') throw new IngestError(`discard is ${JSON.stringify(value)}, expected a tile code or a call string`, path);
  if (value[0] === 'r') {
    const rest = Number(value.slice(1));
    if (rest === 60) return { kind: 'discard', tile: 'tsumogiri', riichi: true };
    if (!isTileCode(rest)) throw new IngestError(`riichi discard "${value}" is not r + a tile code or r60`, path);
    return { kind: 'discard', tile: rest, riichi: true };
  }
  const { letter, at, before, after } = splitCallString(value, path);
  if (letter === 'k') {
    const offset = CALL_OFFSETS.k[at];
    if (offset === undefined || after.length < 2 || before.length + after.length !== 4) {
      throw new IngestError(`kakan "${value}" is not laid out as tiles with k at 0, 2 or 4 before the added and called tiles`, path);
    }
    return { kind: 'kakan', added: after[0], called: after[1], fromOffset: offset };
  }
  if (letter === 'a') {
    if (before.length + after.length !== 4) throw new IngestError(`ankan "${value}" has ${before.length + after.length} tiles, expected 4`, path);
    return { kind: 'ankan', tiles: [...before, ...after] };
  }
  if (letter === 'f') {
    if (before.length !== 0 || after.length !== 1) throw new IngestError(`kita "${value}" is not f + one tile`, path);
    return { kind: 'kita', tile: after[0] };
  }
  throw new IngestError(`discard "${value}" has "${letter}", expected r (riichi), k (kakan), a (ankan) or f (kita)`, path);
}

// ---------- ordering: simulate turns ----------

/** One step of the rebuilt order, still in tile codes. */
type Step =
  | { op: 'draw'; seat: Seat; tile: TileCode }
  | { op: 'discard'; seat: Seat; tile: TileCode | 'tsumogiri'; riichi: boolean }
  | { op: 'riichiAccepted'; seat: Seat }
  | { op: 'call'; seat: Seat; meld: MeldType; called: TileCode | null; hand: TileCode[]; fromOffset: number; added?: TileCode }
  | { op: 'kandora' };

interface SimState {
  take: number[];
  discard: number[];
  seat: Seat;
  needDraw: boolean;
  /** Open-kan reveals waiting for their player's next discard or kan. */
  pending: number;
  revealed: number;
  /** The seat whose riichi discard waits to be accepted. */
  riichiPending: Seat | null;
}

interface RoundInput {
  dealer: Seat;
  seats: number;
  takes: TakeItem[][];
  discards: DiscardItem[][];
  /** Kandora indicators available to reveal (the dora list minus its first entry). */
  kandora: number;
  path: string;
}

const STEP_BUDGET = 200_000;

/**
 * Rebuilds the cross-player order of one round; throws when no order consumes every take and discard.
 * `riichiAtEnd` is the seat whose riichi discard was the round's last action (accepted unless ronned).
 */
function orderRound(input: RoundInput): { steps: Step[]; riichiAtEnd: Seat | null } {
  const steps: Step[] = [];
  let budget = STEP_BUDGET;
  const nextSeat = (s: Seat) => (s + 1) % input.seats;

  const allConsumed = (st: SimState) =>
    st.take.every((t, s) => t >= input.takes[s].length) && st.discard.every((d, s) => d >= input.discards[s].length);

  const reveal = (st: SimState, count: number) => {
    for (let i = 0; i < count && st.revealed < input.kandora; i++) {
      steps.push({ op: 'kandora' });
      st.revealed++;
    }
  };

  const acceptRiichi = (st: SimState) => {
    if (st.riichiPending !== null) {
      steps.push({ op: 'riichiAccepted', seat: st.riichiPending });
      st.riichiPending = null;
    }
  };

  /** Runs from a state until the round is fully consumed (true) or a dead end (false). */
  const run = (st: SimState): boolean => {
    for (;;) {
      if (--budget < 0) throw new IngestError('cannot rebuild the order of play: too many possibilities', input.path);
      const seat = st.seat;
      if (st.needDraw) {
        if (st.take[seat] >= input.takes[seat].length) return allConsumed(st);
        const take = input.takes[seat][st.take[seat]];
        if (take.kind !== 'draw') return false;
        acceptRiichi(st);
        steps.push({ op: 'draw', seat, tile: take.tile });
        st.take[seat]++;
        st.needDraw = false;
      }
      if (st.discard[seat] >= input.discards[seat].length) return allConsumed(st);
      const item = input.discards[seat][st.discard[seat]];
      st.discard[seat]++;
      switch (item.kind) {
        case 'placeholder':
          return false;
        case 'ankan':
        case 'kakan':
        case 'kita': {
          acceptRiichi(st);
          if (item.kind === 'ankan') {
            steps.push({ op: 'call', seat, meld: 'ankan', called: null, hand: item.tiles, fromOffset: 0 });
          } else if (item.kind === 'kakan') {
            steps.push({ op: 'call', seat, meld: 'kakan', called: item.called, hand: [], fromOffset: item.fromOffset, added: item.added });
          } else {
            steps.push({ op: 'call', seat, meld: 'kita', called: null, hand: [item.tile], fromOffset: 0 });
          }
          if (item.kind !== 'kita') {
            // A pending open-kan indicator shows once the new kan is declared (and survives chankan).
            if (item.kind === 'kakan' && st.take[seat] >= input.takes[seat].length && allConsumed(st)) return true;
            reveal(st, st.pending);
            st.pending = 0;
            if (item.kind === 'ankan') reveal(st, 1);
            else st.pending = 1;
          }
          st.needDraw = true;
          continue;
        }
        case 'discard': {
          acceptRiichi(st);
          reveal(st, st.pending);
          st.pending = 0;
          steps.push({ op: 'discard', seat, tile: item.tile, riichi: item.riichi });
          if (item.riichi) st.riichiPending = seat;
          const tile = item.tile === 'tsumogiri' ? lastDrawnCode(steps, seat) : item.tile;
          const callers = findCallers(input, st, seat, tile);
          if (callers.length === 0) {
            if (allConsumed(st)) return true;
            st.seat = nextSeat(seat);
            st.needDraw = true;
            continue;
          }
          // Try each caller, then no call at all; keep the first branch that consumes the round.
          for (const caller of [...callers, null]) {
            const branch = cloneState(st);
            const mark = steps.length;
            if (caller === null) {
              if (allConsumed(branch)) return true;
              branch.seat = nextSeat(seat);
              branch.needDraw = true;
            } else {
              const take = input.takes[caller][branch.take[caller]] as Extract<TakeItem, { called: TileCode }>;
              branch.take[caller]++;
              acceptRiichi(branch);
              steps.push({ op: 'call', seat: caller, meld: take.kind, called: take.called, hand: take.hand, fromOffset: take.fromOffset });
              branch.seat = caller;
              if (take.kind === 'daiminkan') {
                const slot = input.discards[caller][branch.discard[caller]];
                if (!slot || slot.kind !== 'placeholder') {
                  steps.length = mark;
                  continue;
                }
                branch.discard[caller]++;
                reveal(branch, branch.pending);
                branch.pending = 1;
                branch.needDraw = true;
              } else {
                branch.needDraw = false;
              }
            }
            if (run(branch)) {
              Object.assign(st, branch);
              return true;
            }
            steps.length = mark;
          }
          return false;
        }
      }
    }
  };

  const start: SimState = {
    take: new Array(4).fill(0),
    discard: new Array(4).fill(0),
    seat: input.dealer,
    needDraw: true,
    pending: 0,
    revealed: 0,
    riichiPending: null,
  };
  // Seats without tiles (seat 3 in 3-player) count as consumed from the start.
  if (!run(start)) {
    throw new IngestError(
      'cannot rebuild the order of play: no sequence of turns uses every take and discard (check the call strings and the 0 after each daiminkan)',
      input.path,
    );
  }
  if (start.revealed < input.kandora) {
    throw new IngestError(
      `the dora list has ${input.kandora} kandora indicators but the kans of the round reveal only ${start.revealed}`,
      `${input.path}[2]`,
    );
  }
  return { steps, riichiAtEnd: start.riichiPending };
}

function cloneState(st: SimState): SimState {
  return { ...st, take: [...st.take], discard: [...st.discard] };
}

function lastDrawnCode(steps: Step[], seat: Seat): TileCode {
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i];
    if (s.op === 'draw' && s.seat === seat) return s.tile;
  }
  return 0;
}

/** Seats whose next take is a call on this discard: pon and daiminkan before chi. */
function findCallers(input: RoundInput, st: SimState, discarder: Seat, tile: TileCode): Seat[] {
  const strong: Seat[] = [];
  const chi: Seat[] = [];
  for (let k = 1; k < input.seats; k++) {
    const seat = (discarder + k) % input.seats;
    const take = input.takes[seat][st.take[seat]];
    if (!take || take.kind === 'draw') continue;
    if (take.called !== tile) continue;
    if ((seat + take.fromOffset) % 4 !== discarder) continue;
    (take.kind === 'chi' ? chi : strong).push(seat);
  }
  return [...strong, ...chi];
}

// ---------- tile ids: follow every tile ----------

class TileAllocator {
  private used = new Uint8Array(136);

  constructor(
    private readonly redFives: boolean,
    private readonly path: string,
  ) {}

  /** A fresh id for a tile code: red fives are copy 0, other fives copies 1..3 (when the rule has red fives). */
  take(code: TileCode): TileId {
    const kind = codeKind(code);
    if (codeIsRed(code)) {
      if (!this.redFives) throw new IngestError(`red five ${code} in a game without red fives`, this.path);
      if (this.used[kind * 4]) throw new IngestError(`red five ${code} appears twice in one round`, this.path);
      this.used[kind * 4] = 1;
      return kind * 4;
    }
    const first = this.redFives && kind < 27 && kind % 9 === 4 ? 1 : 0;
    for (let c = first; c < 4; c++) {
      if (!this.used[kind * 4 + c]) {
        this.used[kind * 4 + c] = 1;
        return kind * 4 + c;
      }
    }
    // Hand-made exports sometimes write a red game's four fives all as plain fives: the fourth is copy 0.
    if (first === 1 && !this.used[kind * 4]) {
      this.used[kind * 4] = 1;
      return kind * 4;
    }
    throw new IngestError(`more than ${4 - first} copies of tile code ${code} in one round`, this.path);
  }
}

function matchesCode(tile: TileId, code: TileCode, redFives: boolean): boolean {
  return kindOf(tile) === codeKind(code) && isRedFive(tile, redFives) === codeIsRed(code);
}

function removeFromHand(hand: TileId[], code: TileCode, redFives: boolean, path: string, avoid?: TileId): TileId {
  let idx = -1;
  for (let i = 0; i < hand.length; i++) {
    if (!matchesCode(hand[i], code, redFives)) continue;
    idx = i;
    if (hand[i] !== avoid) break;
  }
  if (idx < 0) throw new IngestError(`tile code ${code} is not in the player's hand`, path);
  return hand.splice(idx, 1)[0];
}

// ---------- results ----------

const RYUUKYOKU_LABELS: Record<string, RyuukyokuReason> = {
  流局: 'exhaustive',
  全員不聴: 'exhaustive',
  全員聴牌: 'exhaustive',
  流し満貫: 'nagashi-mangan',
  九種九牌: 'kyuushu-kyuuhai',
  四家立直: 'suucha-riichi',
  三家和了: 'sanchahou',
  四風連打: 'suufon-renda',
  四槓散了: 'suukaikan',
  四開槓: 'suukaikan',
  三家和: 'sanchahou',
};

const LIMIT_NAMES: Record<string, number> = { 満貫: 1, 跳満: 2, 倍満: 3, 三倍満: 4, 役満: 5, 数え役満: 5 };

interface WinDetail {
  seat: Seat;
  from: Seat;
  pao?: Seat;
  fu: number;
  points: number | null;
  limit: number;
  yaku: Yaku[];
  yakuman: number[];
}

function readWinDetail(detail: unknown, deltas: number[], path: string): WinDetail {
  if (!Array.isArray(detail) || detail.length < 3) throw new IngestError('win detail is not [who, fromWho, paoWho, points, yaku…]', path);
  const [who, from, pao] = detail;
  for (const [i, v] of [who, from, pao].entries()) {
    if (!Number.isInteger(v) || v < 0 || v > 3) throw new IngestError(`win detail[${i}] is ${JSON.stringify(v)}, expected a seat 0..3`, `${path}[${i}]`);
  }
  const pointText = typeof detail[3] === 'string' ? detail[3] : '';
  const fuMatch = /(\d+)符/.exec(pointText);
  const limitMatch = /^(三倍満|数え役満|満貫|跳満|倍満|役満)/.exec(pointText);
  let points: number | null = null;
  const paid = /(\d+)(?:-(\d+))?点(∀?)/.exec(pointText);
  if (paid) {
    const a = Number(paid[1]);
    if (paid[2] !== undefined) points = 2 * a + Number(paid[2]);
    else if (paid[3]) points = a * (deltas.filter((d) => d < 0).length || 3);
    else points = a;
  }
  const yaku: Yaku[] = [];
  const yakuman: number[] = [];
  for (const [i, entry] of detail.slice(4).entries()) {
    if (typeof entry !== 'string') throw new IngestError(`yaku is ${JSON.stringify(entry)}, expected "name(N飜)"`, `${path}[${i + 4}]`);
    const m = /^(.*)\((\d+)飜\)$|^(.*)\(役満\)$/.exec(entry);
    const name = m ? (m[1] ?? m[3]) : entry;
    const id = YAKU_IDS_BY_NAME.get(name) ?? null;
    if (m && m[3] !== undefined) {
      if (id !== null) yakuman.push(id);
      else yaku.push({ id: -1, han: 13, name });
    } else {
      const han = m ? Number(m[2]) : 0;
      yaku.push(id === null ? { id: -1, han, name } : { id, han });
    }
  }
  return {
    seat: who,
    from,
    ...(pao !== who ? { pao } : {}),
    fu: fuMatch ? Number(fuMatch[1]) : 0,
    points,
    limit: limitMatch ? LIMIT_NAMES[limitMatch[1]] : 0,
    yaku,
    yakuman,
  };
}

// ---------- the game ----------

interface Json6 {
  log: unknown[];
  [key: string]: unknown;
}

function expectArray(value: unknown, path: string, what: string): unknown[] {
  if (!Array.isArray(value)) throw new IngestError(`expected ${what}, found ${describe(value)}`, path);
  return value;
}

function expectInt(value: unknown, path: string, what: string, min = -Infinity, max = Infinity): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new IngestError(`expected ${what}, found ${describe(value)}`, path);
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return `"${value.length > 30 ? value.slice(0, 30) + '…' : value}"`;
  return typeof value === 'object' ? 'an object' : String(value);
}

export interface JsonGameOptions {
  gzip: boolean;
  logId: string | null;
}

/** Turns a parsed tenhou.net/6 document into a GameLog. */
export function json6ToGame(doc: unknown, options: JsonGameOptions): GameLog {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new IngestError(`expected a tenhou.net/6 object with a "log" array, found ${describe(doc)}`, '$');
  }
  const d = doc as Json6;
  const log = expectArray(d.log, 'log', 'a "log" array of rounds');
  const logId = typeof d.ref === 'string' && d.ref ? d.ref : options.logId;
  const names = Array.isArray(d.name) ? d.name : [];
  const threePlayer = log.some((k) => Array.isArray(k) && Array.isArray(k[13]) && k[13].length === 0) ||
    (names.length === 4 && names[3] === '' && names.slice(0, 3).some((n) => n !== ''));
  const rule = jsonRule(d, logId, threePlayer ? 3 : 4);
  const players = jsonPlayers(d, rule.players);
  const rounds: Round[] = [];
  let final: FinalResult | null = null;
  for (let i = 0; i < log.length; i++) {
    const { round, final: f } = readRound(log[i], `log[${i}]`, rule);
    rounds.push(round);
    if (f) final = f;
  }
  if (Array.isArray(d.sc) && d.sc.length >= 8 && d.sc.every((v) => typeof v === 'number')) {
    const sc = d.sc as number[];
    final = { scores: [0, 2, 4, 6].map((i) => sc[i]), points: [1, 3, 5, 7].map((i) => sc[i]) };
    const last = rounds.at(-1)?.events.at(-1);
    if (last && (last.type === 'win' || last.type === 'ryuukyoku')) last.final = final;
  }
  const title = Array.isArray(d.title) && d.title.every((t) => typeof t === 'string') ? (d.title as string[]) : undefined;
  return {
    format: 'json',
    gzip: options.gzip,
    logId,
    rule,
    lobby: typeof d.lobby === 'number' ? d.lobby : null,
    players,
    seed: null,
    rounds,
    final,
    ...(title ? { title } : {}),
  };
}

function jsonRule(d: Json6, logId: string | null, players: 3 | 4): GameRule {
  const ruleObj = (typeof d.rule === 'object' && d.rule !== null ? d.rule : {}) as Record<string, unknown>;
  const aka = ruleObj.aka ?? ruleObj.aka51;
  const redFives = aka === undefined ? true : Number(aka) !== 0;
  const fromId = logId ? typeFromLogId(logId) : null;
  if (fromId !== null) return decodeGameType(fromId);
  const disp = typeof ruleObj.disp === 'string' ? ruleObj.disp : '';
  const fromLabel = parseRuleLabel(players === 3 && !disp.startsWith('三') ? '三' + disp : disp, redFives);
  if (fromLabel) return fromLabel;
  const base = decodeGameType(0x01 | 0x08 | (players === 3 ? 0x10 : 0) | (redFives ? 0 : 0x02));
  return { ...base, typeCode: null, label: disp };
}

function jsonPlayers(d: Json6, count: 3 | 4): Player[] {
  const names = Array.isArray(d.name) ? d.name : [];
  const dans = Array.isArray(d.dan) ? d.dan : [];
  const rates = Array.isArray(d.rate) ? d.rate : [];
  const sexes = Array.isArray(d.sx) ? d.sx : [];
  const players: Player[] = [];
  for (let seat = 0; seat < count; seat++) {
    const danName = typeof dans[seat] === 'string' ? (dans[seat] as string) : null;
    const dan = danName === null ? null : danIndex(danName);
    players.push({
      seat,
      name: typeof names[seat] === 'string' ? (names[seat] as string) : '',
      dan,
      danName: dan === null ? danName : DAN_NAMES[dan],
      rate: typeof rates[seat] === 'number' ? (rates[seat] as number) : null,
      sex: typeof sexes[seat] === 'string' ? (sexes[seat] as string) : null,
    });
  }
  return players;
}

function readRound(value: unknown, path: string, rule: GameRule): { round: Round; final: FinalResult | null } {
  const k = expectArray(value, path, 'a round array of 17 entries');
  if (k.length !== 17) throw new IngestError(`round array has ${k.length} entries, expected 17`, path);
  const head = expectArray(k[0], `${path}[0]`, '[kyoku, honba, sticks]');
  const kyoku = expectInt(head[0], `${path}[0][0]`, 'a kyoku index 0..15', 0, 15);
  const honba = expectInt(head[1], `${path}[0][1]`, 'a honba count', 0);
  const sticks = expectInt(head[2], `${path}[0][2]`, 'a riichi stick count', 0);
  const scores = expectArray(k[1], `${path}[1]`, 'four scores').map((v, i) => expectInt(v, `${path}[1][${i}]`, 'a score'));
  while (scores.length < 4) scores.push(0);
  const dora = expectArray(k[2], `${path}[2]`, 'the dora indicator list');
  const ura = expectArray(k[3], `${path}[3]`, 'the ura indicator list');
  if (dora.length < 1 || dora.length > 5) throw new IngestError(`dora list has ${dora.length} indicators, expected 1..5`, `${path}[2]`);
  for (const [i, c] of [...dora.map((c, i) => [`${path}[2][${i}]`, c] as const), ...ura.map((c, i) => [`${path}[3][${i}]`, c] as const)].entries()) {
    void i;
    if (!isTileCode(c[1])) throw new IngestError(`indicator ${describe(c[1])} is not a tile code`, c[0]);
  }
  const dealer = kyoku % 4;
  const seats = rule.players;
  const haipai: TileCode[][] = [];
  const takes: TakeItem[][] = [];
  const discards: DiscardItem[][] = [];
  for (let seat = 0; seat < 4; seat++) {
    const base = 4 + seat * 3;
    const hand = expectArray(k[base], `${path}[${base}]`, `seat ${seat}'s dealt hand`);
    const expected = seat >= seats ? 0 : 13;
    if (hand.length !== expected) throw new IngestError(`seat ${seat}'s dealt hand has ${hand.length} tiles, expected ${expected}`, `${path}[${base}]`);
    haipai.push(
      hand.map((c, i) => {
        if (!isTileCode(c)) throw new IngestError(`dealt tile ${describe(c)} is not a tile code`, `${path}[${base}][${i}]`);
        return c;
      }),
    );
    takes.push(expectArray(k[base + 1], `${path}[${base + 1}]`, `seat ${seat}'s takes`).map((v, i) => parseTake(v, `${path}[${base + 1}][${i}]`)));
    discards.push(
      expectArray(k[base + 2], `${path}[${base + 2}]`, `seat ${seat}'s discards`).map((v, i) => parseDiscard(v, `${path}[${base + 2}][${i}]`)),
    );
  }
  const { steps, riichiAtEnd } = orderRound({ dealer, seats, takes, discards, kandora: dora.length - 1, path });
  const result = expectArray(k[16], `${path}[16]`, 'the round result');
  return buildRoundEvents({
    path,
    rule,
    kyoku,
    honba,
    sticks,
    scores,
    dealer,
    dora: dora as TileCode[],
    ura: ura as TileCode[],
    haipai,
    steps,
    riichiAtEnd,
    result,
  });
}

interface RoundParts {
  path: string;
  rule: GameRule;
  kyoku: number;
  honba: number;
  sticks: number;
  scores: number[];
  dealer: Seat;
  dora: TileCode[];
  ura: TileCode[];
  haipai: TileCode[][];
  steps: Step[];
  riichiAtEnd: Seat | null;
  result: unknown[];
}

function buildRoundEvents(p: RoundParts): { round: Round; final: FinalResult | null } {
  const red = p.rule.redFives;
  const alloc = new TileAllocator(red, p.path);
  const hands = p.haipai.map((h) => h.map((c) => alloc.take(c)));
  const doraIndicator = alloc.take(p.dora[0]);
  const events: GameEvent[] = [
    {
      type: 'roundStart',
      round: p.kyoku,
      honba: p.honba,
      riichiSticks: p.sticks,
      // tenhou.net/6 JSON does not keep the dice.
      dice: [0, 0],
      doraIndicator,
      scores: p.scores,
      dealer: p.dealer,
      hands: hands.map((h) => [...h]),
    },
  ];
  const concealed = hands;
  const pons: CallEvent[][] = [[], [], [], []];
  const lastDraw: Array<TileId | null> = [null, null, null, null];
  let lastDiscard: { seat: Seat; tile: TileId } | null = null;
  let lastKakanAdded: TileId | null = null;
  let nextDora = 1;
  const scores = [...p.scores];
  for (const step of p.steps) {
    switch (step.op) {
      case 'draw': {
        const tile = alloc.take(step.tile);
        concealed[step.seat].push(tile);
        lastDraw[step.seat] = tile;
        events.push({ type: 'draw', seat: step.seat, tile });
        lastKakanAdded = null;
        break;
      }
      case 'discard': {
        const hand = concealed[step.seat];
        let tile: TileId;
        if (step.tile === 'tsumogiri') {
          const drawn = lastDraw[step.seat];
          if (drawn === null || !hand.includes(drawn)) throw new IngestError('tsumogiri (60) with no tile just drawn', p.path);
          hand.splice(hand.indexOf(drawn), 1);
          tile = drawn;
        } else {
          tile = removeFromHand(hand, step.tile, red, p.path, lastDraw[step.seat] ?? undefined);
        }
        if (step.riichi) events.push({ type: 'riichi', seat: step.seat, step: 'declare' });
        events.push({ type: 'discard', seat: step.seat, tile, tsumogiri: step.tile === 'tsumogiri' });
        lastDraw[step.seat] = null;
        lastDiscard = { seat: step.seat, tile };
        break;
      }
      case 'riichiAccepted': {
        scores[step.seat] -= 1000;
        events.push({ type: 'riichi', seat: step.seat, step: 'accepted', scores: [...scores] });
        break;
      }
      case 'kandora':
        events.push({ type: 'kandora', indicator: alloc.take(p.dora[nextDora++]) });
        break;
      case 'call': {
        const seat = step.seat;
        const hand = concealed[seat];
        let event: CallEvent;
        if (step.meld === 'chi' || step.meld === 'pon' || step.meld === 'daiminkan') {
          if (!lastDiscard) throw new IngestError(`${step.meld} with no discard to call`, p.path);
          const own = step.hand.map((c) => removeFromHand(hand, c, red, p.path));
          const called = lastDiscard.tile;
          event = { type: 'call', seat, meld: step.meld, tiles: sortIds([called, ...own]), called, from: lastDiscard.seat };
          if (step.meld === 'pon') pons[seat].push(event);
        } else if (step.meld === 'kakan') {
          const kind = codeKind(step.added!);
          const ponIndex = pons[seat].findIndex((m) => kindOf(m.called) === kind);
          if (ponIndex < 0) throw new IngestError(`kakan of tile code ${step.added} without a pon of that tile`, p.path);
          const pon = pons[seat].splice(ponIndex, 1)[0];
          const added = removeFromHand(hand, step.added!, red, p.path);
          event = { type: 'call', seat, meld: 'kakan', tiles: sortIds([...pon.tiles, added]), called: pon.called, from: pon.from, added };
          lastKakanAdded = added;
        } else {
          const tiles = sortIds(step.hand.map((c) => removeFromHand(hand, c, red, p.path)));
          event = { type: 'call', seat, meld: step.meld, tiles, called: tiles[0], from: seat };
        }
        lastDraw[seat] = null;
        events.push(event);
        break;
      }
    }
  }
  // The order was rebuilt; now the ending.
  const label = p.result[0];
  if (p.riichiAtEnd !== null) {
    const ronned =
      label === '和了' &&
      p.result.some((d, i) => i % 2 === 0 && i > 0 && Array.isArray(d) && d[1] === p.riichiAtEnd && d[0] !== p.riichiAtEnd);
    if (!ronned) {
      scores[p.riichiAtEnd] -= 1000;
      events.push({ type: 'riichi', seat: p.riichiAtEnd, step: 'accepted', scores: [...scores] });
    }
  }
  let final: FinalResult | null = null;
  if (label === '和了') {
    const lastEvent = p.steps.at(-1);
    // One ura list per round, shown to every winner in riichi.
    const uraIndicators = p.ura.map((c) => alloc.take(c));
    const inRiichi = new Set(events.filter((e) => e.type === 'riichi' && e.step === 'declare').map((e) => (e as { seat: Seat }).seat));
    for (let i = 1; i + 1 < p.result.length; i += 2) {
      const path = `${p.path}[16][${i}]`;
      const deltas = expectArray(p.result[i], path, 'four score changes').map((v, j) => expectInt(v, `${path}[${j}]`, 'a score change'));
      while (deltas.length < 4) deltas.push(0);
      const detail = readWinDetail(p.result[i + 1], deltas, `${p.path}[16][${i + 1}]`);
      const tsumo = detail.seat === detail.from;
      let winningTile: TileId;
      let hand: TileId[];
      if (tsumo) {
        const drawn = lastDraw[detail.seat];
        if (drawn === null) throw new IngestError(`tsumo by seat ${detail.seat} but the seat's last action is not a draw`, path);
        winningTile = drawn;
        hand = [...concealed[detail.seat]];
      } else {
        const robbed = lastEvent?.op === 'call' && lastEvent.meld === 'kakan' ? lastKakanAdded : null;
        const tile = robbed ?? lastDiscard?.tile;
        if (tile === undefined || tile === null) throw new IngestError(`ron by seat ${detail.seat} with no discard to win on`, path);
        winningTile = tile;
        hand = [...concealed[detail.seat], tile];
      }
      const first = i === 1;
      const doraIndicators = [doraIndicator, ...events.filter((e) => e.type === 'kandora').map((e) => (e as { indicator: TileId }).indicator)];
      const winnerDelta = deltas[detail.seat];
      const win: WinEvent = {
        type: 'win',
        seat: detail.seat,
        from: detail.from,
        ...(detail.pao !== undefined ? { pao: detail.pao } : {}),
        hand: sortIds(hand),
        winningTile,
        honba: p.honba,
        riichiSticks: first ? p.sticks + countAccepted(events) : 0,
        fu: detail.fu,
        points: detail.points ?? Math.max(0, winnerDelta - (first ? p.honba * 300 + (p.sticks + countAccepted(events)) * 1000 : 0)),
        limit: detail.limit,
        yaku: detail.yaku,
        yakuman: detail.yakuman,
        doraIndicators,
        uraIndicators: inRiichi.has(detail.seat) ? [...uraIndicators] : [],
        scoreDeltas: deltas,
      };
      events.push(win);
    }
  } else if (typeof label === 'string' && label in RYUUKYOKU_LABELS) {
    const deltas = Array.isArray(p.result[1])
      ? (p.result[1] as unknown[]).map((v, j) => expectInt(v, `${p.path}[16][1][${j}]`, 'a score change'))
      : [0, 0, 0, 0];
    while (deltas.length < 4) deltas.push(0);
    const ryuukyoku: RyuukyokuEvent = {
      type: 'ryuukyoku',
      reason: RYUUKYOKU_LABELS[label],
      honba: p.honba,
      riichiSticks: p.sticks + countAccepted(events),
      // tenhou.net/6 JSON does not say whose hands were shown.
      shown: [],
      scoreDeltas: deltas,
    };
    events.push(ryuukyoku);
  } else {
    throw new IngestError(
      `round result ${describe(label)} is not 和了 or a known drawn-hand label (${Object.keys(RYUUKYOKU_LABELS).join(' ')})`,
      `${p.path}[16][0]`,
    );
  }
  return { round: { events }, final };
}

function countAccepted(events: GameEvent[]): number {
  let n = 0;
  for (const e of events) if (e.type === 'riichi' && e.step === 'accepted') n++;
  return n;
}
