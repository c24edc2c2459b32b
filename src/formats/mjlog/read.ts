/**
 * mjlog tags → GameLog: the second layer of reading an mjlog (parse.ts makes the text a flat list of
 * tags). One entry point per kind of tag; each names the tag and says what was expected.
 */
import { decodeMeld, isTileId, MeldCodeError, type TileId } from '../../tiles/index.js';
import { IngestError } from '../core/errors.js';
import type {
  CallEvent,
  FinalResult,
  GameEvent,
  GameLog,
  Platform,
  Player,
  LoggedHand,
  RyuukyokuReason,
  Seat,
  Yaku,
} from '../../events/index.js';
import { DAN_NAMES, decodeGameType, gameRuleOf, readLobbyRule } from '../core/game-type.js';
import { DEFAULT_LIMITS, limitError, type IngestLimits } from '../core/limits.js';
import { RYUUKYOKU_TYPES } from './names.js';
import { tileCodeOfName, tileNameOfCode, type MjlogTokens, type TagToken } from './tokenizer.js';

const LIVE_PROTOCOL_TAG = /^([tuvwdefg])(\d*)$/;



/** Attribute readers that name the tag and say what was expected. */
class TagReader {
  constructor(
    readonly tag: TagToken,
    readonly index: number,
  ) {}

  get position(): string {
    return `tag ${this.index} <${this.tag.name}>`;
  }

  fail(reason: string): never {
    throw new IngestError(reason, this.position);
  }

  /** The attribute's value, or undefined. */
  private value(attr: string): string | undefined {
    const a = this.tag.attributes;
    for (let k = 0; k < a.length; k += 2) if (a[k] === attr) return a[k + 1];
    return undefined;
  }

  has(attr: string): boolean {
    return this.value(attr) !== undefined;
  }

  raw(attr: string): string {
    const v = this.value(attr);
    if (v === undefined) this.fail(`missing attribute ${attr}`);
    return v;
  }

  int(attr: string, min: number, max: number): number {
    const text = this.raw(attr);
    const quick = fastIntList(text);
    if (quick !== null && quick.length === 1 && quick[0] >= min && quick[0] <= max) return quick[0];
    const n = Number(text);
    if (!/^-?\d+$/.test(text.trim()) || n < min || n > max) {
      this.fail(`attribute ${attr}="${text}" is out of range, expected an integer ${min}..${max}`);
    }
    return n;
  }

  seat(attr: string): Seat {
    return this.int(attr, 0, 3);
  }

  numbers(attr: string, opts: NumberRule): number[] {
    const fast = fastIntList(this.raw(attr));
    if (fast !== null && fast.length > 0) {
      let ok = !opts.count || opts.count.includes(fast.length);
      for (let i = 0; ok && i < fast.length; i++) {
        const n = fast[i];
        if ((opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max)) ok = false;
      }
      if (ok) return fast;
    }
    // The careful path names the bad value.
    const text = this.raw(attr).trim();
    if (text === '') {
      if (opts.count && !opts.count.includes(0)) this.fail(`attribute ${attr} is empty, expected ${opts.count.join(' or ')} values`);
      return [];
    }
    const parts = text.split(',');
    const values: number[] = [];
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      const n = Number(p);
      const bad =
        p.trim() === '' ||
        !Number.isFinite(n) ||
        (opts.integer !== false && !Number.isInteger(n)) ||
        (opts.min !== undefined && n < opts.min) ||
        (opts.max !== undefined && n > opts.max);
      if (bad) {
        const range = opts.min !== undefined && opts.max !== undefined ? ` ${opts.min}..${opts.max}` : '';
        this.fail(`attribute ${attr} value ${i} "${p}" is out of range, expected ${opts.integer === false ? 'a number' : 'an integer'}${range}`);
      }
      values.push(n);
    }
    if (opts.count && !opts.count.includes(values.length)) {
      this.fail(`attribute ${attr} has ${values.length} values, expected ${opts.count.join(' or ')}`);
    }
    return values;
  }

  tiles(attr: string): TileId[] {
    return this.numbers(attr, TILES);
  }
}

/** What numbers() accepts of an attribute's values: every field present, so that its reads see one hidden class. */
interface NumberRule {
  min: number | undefined;
  max: number | undefined;
  integer: boolean;
  count: number[] | undefined;
}

function numberRule(rule: Partial<NumberRule>): NumberRule {
  return { min: rule.min, max: rule.max, integer: rule.integer ?? true, count: rule.count };
}

/** `1,2,-3` as integers without allocating per value; null if the text is anything else. */
function fastIntList(text: string): number[] | null {
  const out: number[] = [];
  let n = 0;
  let digits = 0;
  let negative = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits++;
    } else if (c === 44) {
      if (digits === 0 || digits > 9) return null;
      out.push(negative ? -n : n);
      n = 0;
      digits = 0;
      negative = false;
    } else if (c === 45 && digits === 0 && !negative) {
      negative = true;
    } else {
      return null;
    }
  }
  return out;
}

/**
 * Scores, deltas and game points are in hundreds of points, and may have decimals (uma). Bounded so that,
 * times 100, they stay whole numbers the database can store: no real game comes near a billion.
 */
const POINTS = numberRule({ integer: false, min: -1e9, max: 1e9 });
/** Scores of the seats (`ten`): three or four values. Option objects are made once: numbers() runs on every INIT and win. */
const SCORES = numberRule({ integer: false, min: -1e9, max: 1e9, count: [3, 4] });
const DEALT = numberRule({ min: 0, max: 135, count: [13] });
const NOT_DEALT = numberRule({ min: 0, max: 135, count: [0] });
const TILES = numberRule({ min: 0, max: 135 });
const INIT_SEED = numberRule({ min: 0, max: 135, count: [6] });
const BA = numberRule({ min: 0, max: 1000, count: [2] });
const WIN_TEN = numberRule({ min: 0, max: 1e9, count: [3] });
const YAKU_IDS = numberRule({ min: 0, max: 200 });
const DANS = numberRule({ min: 0, max: 20 });
const RATES = numberRule({ integer: false });

/** Four seats' points from values in hundreds (`ten`); a missing fourth seat has 0. */
function points(hundreds: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < 4; i++) out.push(Math.round((hundreds[i] ?? 0) * 100));
  return out;
}

/** Scores and deltas from `sc` (pairs per seat, in hundreds of points). */
function readScoreChanges(r: TagReader): number[] {
  const sc = r.numbers('sc', POINTS);
  if (sc.length < 6 || sc.length % 2 !== 0) r.fail(`attribute sc has ${sc.length} values, expected score/delta pairs for each seat`);
  const deltas: number[] = [];
  for (let i = 0; i < 4; i++) deltas.push(Math.round((sc[2 * i + 1] ?? 0) * 100));
  return deltas;
}

function readFinal(r: TagReader): FinalResult | undefined {
  if (!r.has('owari')) return undefined;
  const v = r.numbers('owari', POINTS);
  if (v.length < 6 || v.length % 2 !== 0) r.fail(`attribute owari has ${v.length} values, expected score/points pairs for each seat`);
  const scores: number[] = [];
  const points: number[] = [];
  for (let i = 0; i < 4; i++) {
    scores.push(Math.round((v[2 * i] ?? 0) * 100));
    points.push(v[2 * i + 1] ?? 0);
  }
  return { scores, gamePoints: points };
}

function readBa(r: TagReader): [number, number] {
  const ba = r.numbers('ba', BA);
  return [ba[0], ba[1]];
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export interface XmlGameOptions {
  gzip: boolean;
  logId: string | null;
  /** The platform to record instead of Tenhou. */
  platform?: Platform;
  /** Limits (the rounds of a game); the defaults when absent. */
  limits?: IngestLimits;
}

/** Turns an mjlog's tags (parseMjlogTokens) into a GameLog. */
export function mjlogTokensToGame(tokens: MjlogTokens, options: XmlGameOptions): GameLog {
  const reader = new MjlogReader(options);
  const { codes, tags } = tokens;
  for (let index = 0; index < codes.length; index++) {
    const code = codes[index];
    if (code >= 0) reader.tile(code, null, index);
    else reader.tag(tags[-1 - code], index);
  }
  return reader.finish();
}

/**
 * The game being read, one tag at a time: one entry point per kind of tag. Draws and discards (nearly
 * every tag) take the short path; each other kind has a method of its own, so that the hot loop stays
 * small for the compiler.
 */
class MjlogReader {
  readonly game: GameLog;
  private readonly limits: IngestLimits;
  /** A GO tag was read: the rules are known. */
  private sawGo = false;
  /** The hand being read; null before the first INIT. */
  private round: LoggedHand | null = null;
  /** Disconnects logged before the first round are kept and put into it. */
  private readonly beforeFirstHand: GameEvent[] = [];
  /** Each seat's last draw, while it may still be the tile discarded (tsumogiri). */
  private readonly lastDraw: Array<TileId | null> = [null, null, null, null];

  constructor(options: XmlGameOptions) {
    this.game = {
      format: 'mjlog',
      // mjlog is Tenhou's own format.
      platform: options.platform ?? 'tenhou',
      gzip: options.gzip,
      logId: options.logId,
      // Until the GO tag says otherwise: a 4-player hanchan with red fives.
      rule: gameRuleOf({ playerCount: 4, redFives: true }),
      lobby: null,
      players: [],
      seed: null,
      hands: [],
      final: null,
      // written though mjlog has neither: one hidden class for every reader's games
      title: undefined,
      warnings: undefined,
    };
    this.limits = options.limits ?? DEFAULT_LIMITS;
  }

  private emit(event: GameEvent): void {
    if (this.round) this.round.events.push(event);
    else this.beforeFirstHand.push(event);
  }

  /** A draw or discard: its code (letter index × 1024 + tile id), and the tag when it was read as one. */
  tile(code: number, tag: TagToken | null, index: number): void {
    const round = this.round;
    if (round === null) return tagReader(tag, code, index).fail('a draw or discard before the first INIT');
    const tile = code & 1023;
    if (!isTileId(tile)) {
      const r = tagReader(tag, code, index);
      r.fail(`tile id ${r.tag.name.slice(1)} is out of range, expected 0..135`);
    }
    const letter = code >> 10;
    const seat = letter & 3;
    if (letter < 4) {
      round.events.push({ type: 'draw', seat, tile });
      this.lastDraw[seat] = tile;
    } else {
      round.events.push({ type: 'discard', seat, tile, tsumogiri: this.lastDraw[seat] === tile });
      this.lastDraw[seat] = null;
    }
  }

  /** Any tag the tokenizer did not read as a draw or discard (it may still be one: `<T012/>`, or from the reference parser). */
  tag(tag: TagToken, index: number): void {
    const code = tileCodeOfTag(tag);
    if (code >= 0) return this.tile(code, tag, index);
    const r = new TagReader(tag, index);
    switch (tag.name) {
      case 'SHUFFLE':
        this.game.seed = r.has('seed') ? r.raw('seed') : null;
        return;
      case 'GO':
        this.game.rule = decodeGameType(r.int('type', 0, 0xffff));
        // A lobby's own rule (rule="…,…,0101,…" csrule="…"): kept, and its kiriage read (docs/formats.md §5.7).
        if (r.has('csrule')) this.game.rule.lobbyRule = readLobbyRule(r.has('rule') ? r.raw('rule').split(',') : [], r.raw('csrule').split(','));
        this.game.lobby = r.has('lobby') ? r.int('lobby', 0, 1_000_000) : null;
        this.sawGo = true;
        return;
      case 'UN':
        return this.un(r);
      case 'BYE':
        return this.emit({ type: 'disconnect', seat: r.seat('who') });
      case 'TAIKYOKU':
        if (r.has('oya') && r.int('oya', 0, 3) !== 0) r.fail('TAIKYOKU oya is not 0; kanshi expects seat 0 to be the first dealer');
        return;
      case 'INIT':
        return this.init(r);
      case 'N':
        return this.call(r);
      case 'DORA':
        if (!this.round) r.fail('a kandora before the first INIT');
        return this.emit({ type: 'kandora', indicator: r.int('hai', 0, 135) });
      case 'REACH':
        return this.reach(r);
      case 'AGARI':
        return this.agari(r);
      case 'RYUUKYOKU':
        return this.ryuukyoku(r);
      default:
        if (LIVE_PROTOCOL_TAG.test(tag.name)) {
          r.fail('lower-case or id-less draw/discard tags belong to the live client protocol, not to an archived mjlog');
        }
        r.fail(
          'unknown tag, expected one of SHUFFLE GO UN BYE TAIKYOKU INIT T/U/V/W<id> D/E/F/G<id> N DORA REACH AGARI RYUUKYOKU',
        );
    }
  }

  private un(r: TagReader): void {
    if (r.has('dan') || this.game.players.length === 0) {
      this.game.players = readPlayers(r, this.game.rule.playerCount);
    } else {
      for (let seat = 0; seat < 4; seat++) if (r.has(`n${seat}`)) this.emit({ type: 'reconnect', seat });
    }
  }

  private init(r: TagReader): void {
    const game = this.game;
    if (game.hands.length >= this.limits.maxHands) throw limitError('maxHands', this.limits, 'the game has more than {} hands', r.position);
    const seed = r.numbers('seed', INIT_SEED);
    // The round (kyoku), 4 x wind + dealer: 0 is East 1, 15 North 4; 53 was read as South 2.
    if (seed[0] > 15) r.fail(`attribute seed has round ${seed[0]}, expected 0..15 (East 1 to North 4, as 4 x wind + dealer)`);
    if (seed[3] > 5 || seed[4] > 5) r.fail(`attribute seed has dice ${seed[3]},${seed[4]}, expected 0..5 (dice minus one)`);
    const ten = r.numbers('ten', SCORES);
    const players = game.rule.playerCount;
    const dealer = r.int('oya', 0, players - 1);
    const hands: TileId[][] = [];
    for (let seat = 0; seat < 4; seat++) {
      const attr = HAI[seat];
      if (!r.has(attr)) {
        if (seat === 3 && players === 3) {
          hands.push([]);
          continue;
        }
        r.fail(`missing attribute ${attr}`);
      }
      if (seat === 3 && players === 3 && r.raw(attr).trim() !== '') {
        r.fail(`attribute hai3 deals a hand to a fourth seat, but the GO type ${game.rule.typeCode ?? ''} says 3 players (hai3 is empty in a 3-player game)`);
      }
      hands.push(r.numbers(attr, seat === 3 && players === 3 ? NOT_DEALT : DEALT));
    }
    const round: LoggedHand = {
      events: [
        {
          type: 'roundStart',
          kyoku: seed[0],
          honba: seed[1],
          riichiStickCount: seed[2],
          dice: [seed[3] + 1, seed[4] + 1],
          doraIndicator: seed[5],
          scores: points(ten),
          dealer,
          hands,
          ...(r.has('shuffle') ? { shuffle: r.raw('shuffle') } : {}),
        },
      ],
    };
    if (game.hands.length === 0 && this.beforeFirstHand.length > 0) round.events.push(...this.beforeFirstHand.splice(0));
    game.hands.push(round);
    this.round = round;
    this.lastDraw.fill(null);
  }

  private call(r: TagReader): void {
    if (!this.round) r.fail('a call before the first INIT');
    const seat = r.seat('who');
    const code = r.int('m', 0, 0xffff);
    let meld;
    try {
      meld = decodeMeld(code);
    } catch (err) {
      if (err instanceof MeldCodeError) r.fail(err.message);
      throw err;
    }
    const call: CallEvent = { type: 'call', seat, meld: meld.type, tiles: meld.tiles, called: meld.called, from: (seat + meld.fromOffset) % 4, code };
    if (meld.added !== undefined) call.added = meld.added;
    this.emit(call);
    this.lastDraw[seat] = null;
  }

  private reach(r: TagReader): void {
    if (!this.round) r.fail('a riichi before the first INIT');
    const seat = r.seat('who');
    const step = r.int('step', 1, 2);
    if (step === 1) return this.emit({ type: 'riichi', seat, step: 'declare' });
    const scores = r.has('ten') ? r.numbers('ten', SCORES) : null;
    this.emit({
      type: 'riichi',
      seat,
      step: 'accepted',
      ...(scores ? { scores: points(scores) } : {}),
    });
  }

  private agari(r: TagReader): void {
    if (!this.round) r.fail('a win before the first INIT');
    const [honba, riichiSticks] = readBa(r);
    const ten = r.numbers('ten', WIN_TEN);
    if (ten[2] > 5) r.fail(`attribute ten limit ${ten[2]} is out of range, expected 0..5`);
    const yakuPairs = r.has('yaku') ? r.numbers('yaku', YAKU_IDS) : [];
    if (yakuPairs.length % 2 !== 0) r.fail('attribute yaku has an odd number of values, expected id,han pairs');
    const yaku: Yaku[] = [];
    for (let i = 0; i < yakuPairs.length; i += 2) yaku.push({ id: yakuPairs[i], han: yakuPairs[i + 1] });
    const seat = r.seat('who');
    const final = readFinal(r);
    this.emit({
      type: 'win',
      seat,
      from: r.seat('fromWho'),
      ...(r.has('paoWho') ? { pao: r.seat('paoWho') } : {}),
      hand: r.tiles('hai'),
      winningTile: r.int('machi', 0, 135),
      honba,
      riichiStickCount: riichiSticks,
      fu: ten[0],
      points: ten[1],
      limit: ten[2],
      yaku,
      yakuman: r.has('yakuman') ? r.numbers('yakuman', YAKU_IDS) : [],
      doraIndicators: r.tiles('doraHai'),
      uraIndicators: r.has('doraHaiUra') ? r.tiles('doraHaiUra') : [],
      scoreDeltas: readScoreChanges(r),
      ...(final ? { final } : {}),
    });
    if (final) this.game.final = final;
  }

  private ryuukyoku(r: TagReader): void {
    if (!this.round) r.fail('a drawn hand before the first INIT');
    const [honba, riichiSticks] = readBa(r);
    let reason: RyuukyokuReason = 'exhaustive';
    if (r.has('type')) {
      const t = r.raw('type');
      reason = RYUUKYOKU_TYPES[t] ?? r.fail(`unknown type="${t}", expected one of ${Object.keys(RYUUKYOKU_TYPES).join(', ')} or none`);
    }
    const shown: { seat: Seat; hand: TileId[] }[] = [];
    for (let seat = 0; seat < 4; seat++) if (r.has(HAI[seat])) shown.push({ seat, hand: r.tiles(HAI[seat]) });
    const final = readFinal(r);
    this.emit({
      type: 'ryuukyoku',
      reason,
      honba,
      riichiStickCount: riichiSticks,
      shown,
      scoreDeltas: readScoreChanges(r),
      ...(final ? { final } : {}),
    });
    if (final) this.game.final = final;
  }

  /** The game, once every tag is read. */
  finish(): GameLog {
    if (!this.sawGo) throw new IngestError('no <GO> tag: the game rules are unknown', 'document');
    if (this.game.players.length === 0) throw new IngestError('no <UN> tag with the players', 'document');
    return this.game;
  }
}

/** The dealt hands' attributes, seat by seat. */
const HAI = ['hai0', 'hai1', 'hai2', 'hai3'] as const;

/** The draw/discard code of a tag without attributes whose name is one (`T12`, `T012`); -1 for any other. */
function tileCodeOfTag(tag: TagToken): number {
  return tag.attributes.length > 0 ? -1 : tileCodeOfName(tag.name);
}

/** A reader for a tag, to fail with its position: the tag as written, or a draw/discard rebuilt from its code. */
function tagReader(tag: TagToken | null, code: number, index: number): TagReader {
  return new TagReader(tag ?? { name: tileNameOfCode(code), attributes: [] }, index);
}

function readPlayers(r: TagReader, playerCount: 3 | 4): Player[] {
  const dans = r.has('dan') ? r.numbers('dan', DANS) : [];
  const rates = r.has('rate') ? r.numbers('rate', RATES) : [];
  const sexes = r.has('sx') ? r.raw('sx').split(',') : [];
  const players: Player[] = [];
  for (let seat = 0; seat < playerCount; seat++) {
    const dan = dans[seat] ?? null;
    players.push({
      seat,
      name: r.has(`n${seat}`) ? decodeName(r.raw(`n${seat}`)) : '',
      dan,
      danName: dan === null ? null : DAN_NAMES[dan],
      rate: rates[seat] ?? null,
      sex: sexes[seat] ?? null,
    });
  }
  return players;
}
