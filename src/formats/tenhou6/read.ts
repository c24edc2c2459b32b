/**
 * tenhou.net/6 JSON → GameLog (docs/formats.md). Both producers are read: mjlog2json (`ref`, `rule.disp`,
 * `dan`…) and the viewer/editor export (`title`, `rule.aka`).
 *
 * JSON keeps each player's takes and discards apart: play.ts rebuilds the order of play on the table.
 * The round header lists the kandora indicators but not when each was turned over, so they stay untimed
 * (`roundStart.untimedKandora`): placing them is the replay's business, under the audit's rules.
 */
import {
  LIMITS,
  roundWindYaku,
  seatWindYaku,
  TENHOU_LOG_ID,
  YAKU_IDS_BY_NAME,
  type FinalResult,
  type GameEvent,
  type GameLog,
  type GameRule,
  type Platform,
  type Player,
  type LoggedHand,
  type RoundStartEvent,
  type RyuukyokuEvent,
  type RyuukyokuReason,
  type Seat,
  type WinEvent,
  type Yaku,
} from '../../events/index.js';
import { sortIds, TileAllocator, type TileId } from '../../tiles/index.js';
import { IngestError } from '../core/errors.js';
import { danIndex, DAN_NAMES, decodeGameType, lobbyGameType, parseRuleLabel, readLobbyRule, typeFromLogId, untypedRule } from '../core/game-type.js';
import { describe, type JsonDocument } from '../core/json-documents.js';
import { DEFAULT_LIMITS, limitError, type IngestLimits } from '../core/limits.js';
import { afterDeposit, handOn, pointsFromDeltas } from '../../table/index.js';
import { FORMAT_STICKS } from '../core/sticks.js';
import { acceptedRiichiCount, allocatorAfter, unknownYakuWarnings, winnerHand, warningsIfAny } from '../core/table-reading.js';
import { GAME_WORK_BUDGET, playHand, takeCode, type DiscardItem, type TakeItem, type TileCode } from './play.js';

// ---------- tile codes and per-player items ----------

function isTileCode(code: unknown): code is TileCode {
  if (typeof code !== 'number' || !Number.isInteger(code)) return false;
  const suit = Math.floor(code / 10);
  const n = code % 10;
  if (suit >= 1 && suit <= 3) return n >= 1 && n <= 9;
  if (suit === 4) return n >= 1 && n <= 7;
  if (suit === 5) return n >= 1 && n <= 3;
  return false;
}

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

/**
 * The limit a point text starts with: Tenhou's words, tensoul-py's 切り上げ満貫 (kiriage mangan), and the
 * English words of tensoul's English modes (docs/formats.md §5.6).
 */
const LIMIT_NAMES: ReadonlyMap<string, number> = new Map(
  LIMITS.filter((l) => l.limit > 0).flatMap((l) => [l.tenhou, l.english, ...l.alsoRead].map((name) => [limitWord(name), l.limit] as const)),
);

/** A limit's name as a point text starts with it: an English one with the space before the points (`Mangan 8000点`). */
function limitWord(name: string): string {
  return /^[A-Za-z]/.test(name) ? `${name} ` : name;
}
const LIMIT_WORDS = new RegExp(`^(${[...LIMIT_NAMES.keys()].sort((a, b) => b.length - a.length).join('|')})`);

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

/** The winds a win's yaku names may leave unsaid (`役牌:自風牌`): the winner's seat wind and the round's, 0 East .. 3 North. */
interface WindContext {
  kyoku: number;
  dealer: Seat;
}

function readWinDetail(detail: unknown, deltas: number[], path: string, winds: WindContext): WinDetail {
  if (!Array.isArray(detail) || detail.length < 3) throw new IngestError('win detail is not [who, fromWho, paoWho, points, yaku…]', path);
  const [who, from, pao] = detail;
  for (const [i, v] of [who, from, pao].entries()) {
    if (!Number.isInteger(v) || v < 0 || v > 3) throw new IngestError(`win detail[${i}] is ${JSON.stringify(v)}, expected a seat 0..3`, `${path}[${i}]`);
  }
  const pointText = typeof detail[3] === 'string' ? detail[3] : '';
  // Numbers of at most nine digits: a longer one is no real fu, points or han (and would not fit a column).
  // `30符…` in Japanese, `30Fu2Han…` in tensoul's English mode.
  const fuMatch = /(\d{1,9})(?:符|Fu)/.exec(pointText);
  const limitMatch = LIMIT_WORDS.exec(pointText);
  let points: number | null = null;
  const paid = /(\d{1,9})(?:-(\d{1,9}))?点(∀?)/.exec(pointText);
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
    const m = /^(.*)\((\d{1,9})飜\)$|^(.*)\(役満\)$/.exec(entry);
    const name = m ? (m[1] ?? m[3]) : entry;
    const known = YAKU_IDS_BY_NAME.get(name);
    const id =
      known === undefined ? null
      : known === 'seat-wind' ? seatWindYaku((who - winds.dealer + 4) % 4)
      : known === 'round-wind' ? roundWindYaku(winds.kyoku >> 2)
      : known;
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
    limit: limitMatch ? (LIMIT_NAMES.get(limitMatch[1]) ?? 0) : 0,
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
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new IngestError(`expected ${what}, found ${describe(value)}`, path);
  }
  return value;
}

export interface JsonGameOptions {
  gzip: boolean;
  logId: string | null;
  /** The platform to record instead of the one the log suggests. */
  platform?: Platform;
  /** Limits (rounds, takes and discards); the defaults when absent. */
  limits?: IngestLimits;
}

/** What the rest of a game may still cost: takes and discards under `maxEvents`, the order search's steps. */
interface GameBudget {
  limits: IngestLimits;
  entries: number;
  work: { left: number };
}

/** Turns a parsed tenhou.net/6 document into a GameLog. */
export function json6ToGame(doc: unknown, options: JsonGameOptions): GameLog {
  return json6PartsToGame([{ doc, at: '' }], options);
}

/**
 * Turns tenhou.net/6 documents into one GameLog: a whole game in one document, or its rounds in several
 * (one per document, as mjx's mjscore files, mjai-reviewer's split logs and Ron2 exports keep them),
 * joined when they are one game: the same players, rounds in order. The game's fields come from the first
 * document, its final scores from the last that has them.
 */
export function json6PartsToGame(parts: readonly JsonDocument[], options: JsonGameOptions): GameLog {
  if (parts.length === 0) throw new IngestError('no tenhou.net/6 document in the file', 'document');
  const docs = parts.map(({ doc, at }) => {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
      throw new IngestError(`expected a tenhou.net/6 object with a "log" array, found ${describe(doc)}`, at || '$');
    }
    const d = doc as Json6;
    expectArray(d.log, `${at}log`, 'a "log" array of hands');
    return { d, at };
  });
  const first = docs[0].d;
  const names = Array.isArray(first.name) ? first.name : [];
  for (const { d, at } of docs.slice(1)) {
    const other = Array.isArray(d.name) ? d.name : [];
    if (JSON.stringify(other) !== JSON.stringify(names)) {
      throw new IngestError(
        `the file holds hands of different games: names ${JSON.stringify(other)} here, ${JSON.stringify(names)} in the first (one game a file)`,
        `${at}name`,
      );
    }
  }
  const limits = options.limits ?? DEFAULT_LIMITS;
  let roundCount = 0;
  for (const { d, at } of docs) {
    const log = d.log as unknown[];
    if (roundCount + log.length > limits.maxHands) {
      throw limitError('maxHands', limits, 'the game has more than {} hands', `${at}log[${limits.maxHands - roundCount}]`);
    }
    roundCount += log.length;
  }
  const logs = docs.flatMap(({ d, at }) => (d.log as unknown[]).map((k, i) => ({ k, path: `${at}log[${i}]` })));
  const ref = typeof first.ref === 'string' && first.ref ? first.ref : null;
  const logId = ref ?? options.logId;
  const threePlayer = logs.some(({ k }) => Array.isArray(k) && Array.isArray(k[13]) && k[13].length === 0) ||
    (names.length === 4 && names[3] === '' && names.slice(0, 3).some((n) => n !== ''));
  const rule = jsonRule(first, logId, threePlayer ? 3 : 4, logs);
  const players = jsonPlayers(first, rule.playerCount);
  const rounds: LoggedHand[] = [];
  const budget: GameBudget = { limits, entries: 0, work: { left: GAME_WORK_BUDGET } };
  const plain = rule.lobbyRule !== undefined && !rule.redFives;
  logs.forEach(({ k, path }, i) => rounds.push(readHand(plain ? plainFives(k) : k, path, rule, budget, i + 1, i === logs.length - 1).round));
  let final: FinalResult | null = null;
  const withScores = [...docs].reverse().find(({ d }) => Array.isArray(d.sc) && d.sc.length >= 8 && d.sc.every((v) => typeof v === 'number'));
  if (withScores) {
    const sc = withScores.d.sc as number[];
    // Final scores are whole points (the game points after them may have decimals).
    for (const i of [0, 2, 4, 6]) {
      if (!Number.isSafeInteger(sc[i])) throw new IngestError(`final score ${sc[i]} is not a whole number of points`, `sc[${i}]`);
    }
    for (const i of [1, 3, 5, 7]) {
      if (!Number.isFinite(sc[i]) || Math.abs(sc[i]) > 1e9) throw new IngestError(`final game points ${sc[i]} are out of range`, `sc[${i}]`);
    }
    final = { scores: [0, 2, 4, 6].map((i) => sc[i]), gamePoints: [1, 3, 5, 7].map((i) => sc[i]) };
    const last = rounds.at(-1)?.events.at(-1);
    if (last && (last.type === 'win' || last.type === 'ryuukyoku')) last.final = final;
  }
  const title = Array.isArray(first.title) && first.title.every((t) => typeof t === 'string') ? (first.title as string[]) : undefined;
  return {
    format: 'tenhou6',
    platform: options.platform ?? jsonPlatform(first),
    gzip: options.gzip,
    logId,
    rule,
    lobby: typeof first.lobby === 'number' ? first.lobby : null,
    players,
    seed: null,
    hands: rounds,
    final,
    // every field written, an absent one as undefined: one hidden class for every reader's games
    title,
    warnings: warningsIfAny(unknownYakuWarnings(rounds)),
  };
}

/** Mahjong Soul's rooms, as its converters write them in `rule.disp`. */
const MAJSOUL_ROOM = /[銅銀金玉]の間|王座の間|(?:Bronze|Silver|Gold|Jade|Throne) Room/;
/** Mahjong Soul's ranks (雀士, 雀傑, 雀豪, 雀聖, 魂天, with stars), as converters write them in `dan`. */
const MAJSOUL_RANK = /^(?:初心|雀士|雀傑|雀豪|雀聖|魂天)/;
/** Mahjong Soul's game uuids, with the date in front: `220602-d182ba37-3b4a-…`. */
const MAJSOUL_REF = /^\d{6}-[0-9a-f]{8}-/;

/**
 * Where the game was played, from what the document says: a Tenhou log id (in `ref` or the title) means
 * Tenhou; Mahjong Soul's rooms, ranks or game ids mean Mahjong Soul; a Tenhou rule label (鳳南喰赤) or rank
 * name means Tenhou; anything else (editors, bots, other tools) is unknown.
 */
export function jsonPlatform(d: Json6): Platform {
  const ref = typeof d.ref === 'string' ? d.ref : '';
  const title = Array.isArray(d.title) ? d.title.filter((t): t is string => typeof t === 'string') : [];
  // The whole ref must be a log id: a ref that only holds one ("…&ts=7#…") would steer viewer links.
  if (TENHOU_LOG_ID.test(ref) || title.some((t) => TENHOU_LOG_ID.test(t.trim()))) return 'tenhou';
  const ruleObj = ruleObject(d);
  const disp = typeof ruleObj.disp === 'string' ? ruleObj.disp : '';
  const dans = Array.isArray(d.dan) ? d.dan.filter((x): x is string => typeof x === 'string') : [];
  if (MAJSOUL_ROOM.test(disp) || MAJSOUL_REF.test(ref) || dans.some((x) => MAJSOUL_RANK.test(x))) return 'majsoul';
  if (parseRuleLabel(disp, null) !== null || dans.some((x) => danIndex(x) !== null)) return 'tenhou';
  return 'unknown';
}

/**
 * Which suits have a red five: the per-suit keys `aka51`/`aka52`/`aka53` (5m, 5p, 5s) where any is
 * given (Mahjong Soul converters, and Tenhou's own export, write them; mjai-reviewer writes `aka: 0`
 * beside them), else the older `aka` for all suits; a rule with neither has red fives.
 */
function redFiveSuits(ruleObj: Record<string, unknown>): number {
  const perSuit = ['aka51', 'aka52', 'aka53'];
  if (perSuit.some((k) => k in ruleObj)) return perSuit.reduce((mask, k, i) => (Number(ruleObj[k] ?? 0) > 0 ? mask | (1 << i) : mask), 0);
  if ('aka' in ruleObj) return Number(ruleObj.aka) > 0 ? 7 : 0;
  return 7;
}

/** The document's `rule` when it is an object (`{disp, aka…}`); a lobby's array of fields, or anything else, gives none. */
function ruleObject(d: Json6): Record<string, unknown> {
  return typeof d.rule === 'object' && d.rule !== null && !Array.isArray(d.rule) ? (d.rule as Record<string, unknown>) : {};
}

/**
 * A game from one of Tenhou's lobbies that leagues and clubs run: `rule` is an array of the lobby's fields
 * rather than `{disp, aka}`, and `csrule` holds the lobby's own rule (docs/formats.md §5.7).
 */
function isLobbyRule(d: Json6): boolean {
  return Array.isArray(d.rule) || d.csrule !== undefined;
}

function stringFields(value: unknown): string[] {
  return Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : String(v ?? ''))) : [];
}

/**
 * A lobby game without red fives still writes its fives 16, 52 and 88 as 51, 52 and 53 (Tenhou's viewer
 * shows them plain; InjusticeJudge's reader turns them back, and its lobby log's wins count no 赤ドラ for
 * them): the hands' red codes as plain fives (entries 2..15; call strings too).
 */
function plainFives(k: unknown): unknown {
  if (!Array.isArray(k)) return k;
  const plain = (v: unknown): unknown => {
    if (typeof v === 'number') return v >= 51 && v <= 53 ? (v - 50) * 10 + 5 : v;
    if (typeof v === 'string' && CALL_TILES.test(v)) return v.replace(/\d\d/g, (d) => String(plain(Number(d))));
    return v;
  };
  return k.map((entry, e) => (e >= 2 && e <= 15 && Array.isArray(entry) ? entry.map(plain) : entry));
}

/** A call string's tile codes (`47p4747`, `r51`, `k51151515`), or none when it is not laid out so (reading it refuses it later). */
const CALL_TILES = /^((?:\d\d)*)[a-z]((?:\d\d)*)$/;

/**
 * The suits whose red five (51, 52, 53) the hands show anywhere: dealt, drawn, called, discarded, turned
 * over. Entries that are not tiles are passed over here: reading the hand refuses them at their position.
 */
function redSuitsShown(hands: readonly { k: unknown }[]): number {
  let mask = 0;
  const see = (v: unknown): void => {
    if (typeof v === 'number') {
      if (v >= 51 && v <= 53) mask |= 1 << (v - 51);
      return;
    }
    if (typeof v !== 'string') return;
    const m = CALL_TILES.exec(v);
    if (!m) return;
    const digits = m[1] + m[2];
    for (let i = 0; i < digits.length; i += 2) see(Number(digits.slice(i, i + 2)));
  };
  for (const { k } of hands) {
    if (!Array.isArray(k)) continue;
    // Entries 2..15: the dora and ura lists, then each seat's dealt hand, takes and discards.
    for (let e = 2; e <= 15 && e < k.length; e++) {
      const list: unknown = k[e];
      if (Array.isArray(list)) for (const v of list) see(v);
    }
  }
  return mask;
}

function jsonRule(d: Json6, logId: string | null, players: 3 | 4, hands: readonly { k: unknown }[]): GameRule {
  const ruleObj = ruleObject(d);
  const lobby = isLobbyRule(d);
  const fromId = logId ? typeFromLogId(logId) : null;
  if (lobby) {
    // A lobby's rule fields carry its GO type (rule[2]), as the log id does: red fives, open tanyao,
    // length and players by its bits; csrule its own rule.
    const lobbyRule = readLobbyRule(stringFields(d.rule), stringFields(d.csrule));
    const type = lobbyGameType(lobbyRule.rule) ?? fromId;
    if (type !== null) {
      const rule = decodeGameType(type);
      rule.lobbyRule = lobbyRule;
      return rule;
    }
    // No GO type anywhere: the red fives as the tiles show them.
    const suits = redSuitsShown(hands);
    const redFives = (players === 3 ? suits & 6 : suits) !== 0;
    return untypedRule({ playerCount: players, redFives, redFiveSuits: redFives ? suits : 0, redFivesFrom: 'tiles', lobbyRule });
  }
  const suits = redFiveSuits(ruleObj);
  // 3-player games have no 5m: its key says nothing about the game's red fives.
  const redFives = (players === 3 ? suits & 6 : suits) !== 0;
  if (fromId !== null) return decodeGameType(fromId);
  const disp = typeof ruleObj.disp === 'string' ? ruleObj.disp : '';
  const fromLabel = parseRuleLabel(players === 3 && !disp.startsWith('三') ? '三' + disp : disp, redFives);
  if (!fromLabel) return untypedRule({ playerCount: players, redFives, redFiveSuits: redFives ? suits : 0, label: disp });
  // a fresh object from decodeGameType, changed in place: one hidden class for every game's rule
  fromLabel.redFiveSuits = redFives ? suits : 0;
  return fromLabel;
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

/** Hand `hand` (1-based) of the game, the last one when `last`. */
function readHand(value: unknown, path: string, rule: GameRule, budget: GameBudget, hand: number, last: boolean): { round: LoggedHand; final: FinalResult | null } {
  const k = expectArray(value, path, 'a hand array of 17 entries');
  if (k.length !== 17) throw new IngestError(`hand array has ${k.length} entries, expected 17`, path);
  const head = expectArray(k[0], `${path}[0]`, '[kyoku, honba, sticks]');
  const kyoku = expectInt(head[0], `${path}[0][0]`, 'a kyoku index 0..15', 0, 15);
  const honba = expectInt(head[1], `${path}[0][1]`, 'a honba count', 0);
  const sticks = expectInt(head[2], `${path}[0][2]`, 'a riichi stick count', 0);
  const scoreList = expectArray(k[1], `${path}[1]`, 'four scores');
  const scores: number[] = [];
  for (let i = 0; i < scoreList.length; i++) scores.push(expectInt(scoreList[i], `${path}[1][${i}]`, 'a score'));
  while (scores.length < 4) scores.push(0);
  const dora = tileCodes(k[2], `${path}[2]`, 'the dora indicator list');
  const ura = tileCodes(k[3], `${path}[3]`, 'the ura indicator list');
  if (dora.length < 1 || dora.length > 5) throw new IngestError(`dora list has ${dora.length} indicators, expected 1..5`, `${path}[2]`);
  const seats = rule.playerCount;
  const haipai: TileCode[][] = [];
  const takes: TakeItem[][] = [];
  const discards: DiscardItem[][] = [];
  for (let seat = 0; seat < 4; seat++) {
    const base = 4 + seat * 3;
    const hand = tileCodes(k[base], `${path}[${base}]`, `seat ${seat}'s dealt hand`);
    const expected = seat >= seats ? 0 : 13;
    if (hand.length !== expected) throw new IngestError(`seat ${seat}'s dealt hand has ${hand.length} tiles, expected ${expected}`, `${path}[${base}]`);
    haipai.push(hand);
    const takeList = expectArray(k[base + 1], `${path}[${base + 1}]`, `seat ${seat}'s takes`);
    const discardList = expectArray(k[base + 2], `${path}[${base + 2}]`, `seat ${seat}'s discards`);
    // Each take and discard becomes an event or two: counted before any is read.
    budget.entries += takeList.length + discardList.length;
    if (budget.entries > budget.limits.maxEvents) {
      throw limitError('maxEvents', budget.limits, 'the game has more than {} takes and discards', `${path}[${base + 1}]`);
    }
    // Plain loops, not closures made per hand (docs/PERFORMANCE.md §3, Hot closures).
    const takeItems: TakeItem[] = [];
    for (let i = 0; i < takeList.length; i++) takeItems.push(parseTake(takeList[i], `${path}[${base + 1}][${i}]`));
    takes.push(takeItems);
    const discardItems: DiscardItem[] = [];
    for (let i = 0; i < discardList.length; i++) discardItems.push(parseDiscard(discardList[i], `${path}[${base + 2}][${i}]`));
    discards.push(discardItems);
  }
  const alloc = new TileAllocator(rule.redFiveSuits);
  const start: RoundStartEvent = {
    type: 'roundStart',
    kyoku,
    honba,
    riichiStickCount: sticks,
    // tenhou.net/6 JSON does not keep the dice.
    dice: [0, 0],
    doraIndicator: takeCode(alloc, dora[0], path),
    scores,
    dealer: kyoku % 4,
    hands: haipai.map((h) => takeAll(alloc, h, path)),
    untimedKandora: takeAll(alloc, dora.slice(1), path),
  };
  const played = playHand({ path, start, players: seats, redFives: rule.redFiveSuits, table: { hand, redFives: rule.redFives }, takes, discards, work: budget.work });
  // The replay goes on with this table, from the result's events the reader adds below: the hand is played once.
  handOn(played.events, played.table);
  const result = expectArray(k[16], `${path}[16]`, 'the hand result');
  if (result.length === 0) {
    // An excerpt: the log stops inside its last hand, as an mjlog may (kanshi writes such a hand so).
    if (last) return { round: { events: played.events }, final: null };
    throw new IngestError('hand result is empty: only the last hand of a log may stop without a win or a drawn hand', `${path}[16]`);
  }
  return roundResult(played, result, ura, rule.redFiveSuits, path);
}

/** Whether a win among the result's details is a ron by another seat on `seat`'s discard. */
function ronsOn(result: readonly unknown[], seat: Seat): boolean {
  for (let i = 2; i < result.length; i += 2) {
    const d = result[i];
    if (Array.isArray(d) && d[1] === seat && d[0] !== seat) return true;
  }
  return false;
}

/** The seats that declared riichi among the events. */
function riichiSeats(events: readonly GameEvent[]): Set<Seat> {
  const seats = new Set<Seat>();
  for (const e of events) if (e.type === 'riichi' && e.step === 'declare') seats.add(e.seat);
  return seats;
}

/** A score-change list's integers. */
function scoreChanges(list: readonly unknown[], path: string): number[] {
  const deltas: number[] = [];
  for (let j = 0; j < list.length; j++) deltas.push(expectInt(list[j], `${path}[${j}]`, 'a score change'));
  return deltas;
}

/** Fresh ids for tile codes, in order. */
function takeAll(alloc: TileAllocator, codes: readonly TileCode[], path: string): TileId[] {
  const ids: TileId[] = [];
  for (const c of codes) ids.push(takeCode(alloc, c, path));
  return ids;
}

function tileCodes(value: unknown, path: string, what: string): TileCode[] {
  const list = expectArray(value, path, what);
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (!isTileCode(c)) throw new IngestError(`${describe(c)} is not a tile code`, `${path}[${i}]`);
  }
  return list as TileCode[];
}

/** The round's ending from its result entry, after the play. */
function roundResult(
  played: ReturnType<typeof playHand>,
  result: unknown[],
  ura: readonly TileCode[],
  redFives: number,
  path: string,
): { round: LoggedHand; final: FinalResult | null } {
  const { events, table } = played;
  let scores = played.scores;
  const start = events[0] as RoundStartEvent;
  const label = result[0];
  if (label === '和了' && (result.length < 3 || result.length % 2 === 0)) {
    throw new IngestError(
      `hand result 和了 has ${result.length - 1} entries after it, expected pairs of score changes and win details [who, fromWho, paoWho, points, yaku…]`,
      `${path}[16]`,
    );
  }
  // A riichi discard still waiting is accepted unless the result is a ron on it.
  const waiting = table.riichiAwaitingAcceptance();
  if (waiting !== null) {
    const ronned = label === '和了' && ronsOn(result, waiting);
    if (!ronned) {
      scores = afterDeposit(scores, waiting, FORMAT_STICKS.riichiStick);
      events.push({ type: 'riichi', seat: waiting, step: 'accepted', scores });
    }
  }
  const accepted = acceptedRiichiCount(events);
  if (label === '和了') {
    const alloc = allocatorAfter(events, redFives);
    // One ura list per round, shown to every winner in riichi.
    const uraIndicators = takeAll(alloc, ura, path);
    const doraIndicators = [start.doraIndicator, ...(start.untimedKandora ?? [])];
    const inRiichi = riichiSeats(events);
    for (let i = 1; i + 1 < result.length; i += 2) {
      const at = `${path}[16][${i}]`;
      const deltas = scoreChanges(expectArray(result[i], at, 'four score changes'), at);
      while (deltas.length < 4) deltas.push(0);
      const detail = readWinDetail(result[i + 1], deltas, `${path}[16][${i + 1}]`, { kyoku: start.kyoku, dealer: start.dealer });
      const won = winnerHand(table, detail.seat, detail.from);
      if (won === 'no-draw') throw new IngestError(`tsumo by seat ${detail.seat} but the seat's last action is not a draw`, at);
      if (won === 'no-offer') throw new IngestError(`ron by seat ${detail.seat} with no tile on offer to win on`, at);
      const { winningTile, hand } = won;
      const first = i === 1;
      const win: WinEvent = {
        type: 'win',
        seat: detail.seat,
        from: detail.from,
        ...(detail.pao !== undefined ? { pao: detail.pao } : {}),
        hand: sortIds(hand),
        winningTile,
        honba: start.honba,
        riichiStickCount: first ? start.riichiStickCount + accepted : 0,
        fu: detail.fu,
        points: detail.points ?? pointsFromDeltas(deltas, detail.seat, first, start.honba, start.riichiStickCount + accepted, FORMAT_STICKS),
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
    const deltas = Array.isArray(result[1]) ? scoreChanges(result[1] as unknown[], `${path}[16][1]`) : [0, 0, 0, 0];
    while (deltas.length < 4) deltas.push(0);
    const ryuukyoku: RyuukyokuEvent = {
      type: 'ryuukyoku',
      reason: RYUUKYOKU_LABELS[label],
      honba: start.honba,
      riichiStickCount: start.riichiStickCount + accepted,
      // tenhou.net/6 JSON does not say whose hands were shown.
      shown: [],
      scoreDeltas: deltas,
    };
    events.push(ryuukyoku);
  } else {
    throw new IngestError(
      `hand result ${describe(label)} is not 和了 or a known drawn-hand label (${Object.keys(RYUUKYOKU_LABELS).join(' ')})`,
      `${path}[16][0]`,
    );
  }
  return { round: { events }, final: null };
}
