/**
 * Hand-made replay facts for the audit checks' unit tests: a KanRecord, WinRecord, HandReplay or
 * ReplayResult with sensible defaults (a kan that drew its replacement, discarded and play went on; a
 * plain ron; a round the log stops in), so each test states only the facts it is about. Tiles may be
 * given in notation (`4m`, `3444m778899s333z`): each builder hands out distinct copies of a kind.
 */
import type { Finding, GameAudit, GameMeta, RiichiKanVerdict } from '../../src/audit/index.js';
import { type KanRecord, type ReplayResult, type HandEnding, type HandReplay, type WinRecord } from '../../src/replay/index.js';
import { defaultRules, judgeRules, ruleSetOf, type Rules } from '../../src/rules/index.js';
import { decodeGameType } from '../../src/ingest/index.js';
import { parseKinds, sortIds, TileAllocator, type TileId, type TileKind } from '../../src/tiles/index.js';

/** Tiles as notation or as ids. */
export type TilesIn = string | TileId[];
export type TileIn = string | TileId;

/**
 * Hands out tile ids for notation, never the same copy twice (throws on a fifth copy of a kind): src/tiles'
 * allocator as for a game without red fives, so a kind's copies come 0, 1, 2, 3.
 */
export class TileBag {
  private readonly ids = new TileAllocator(0);

  /** Ids for the tiles written, in the order written. */
  take(text: string): TileId[] {
    return parseKinds(text).map((k) => this.copy(k));
  }

  one(text: string): TileId {
    const ids = this.take(text);
    if (ids.length !== 1) throw new Error(`"${text}" is ${ids.length} tiles, expected one`);
    return ids[0];
  }

  tiles(value: TilesIn): TileId[] {
    return typeof value === 'string' ? this.take(value) : value;
  }

  tile(value: TileIn): TileId {
    return typeof value === 'string' ? this.one(value) : value;
  }

  private copy(kind: TileKind): TileId {
    const id = this.ids.take(kind, false);
    if (id < 0) throw new Error(`a fifth copy of kind ${kind} asked for`);
    return id;
  }
}

/** Distinct sorted ids for notation (a fresh bag). */
export function ids(text: string): TileId[] {
  return sortIds(new TileBag().take(text));
}

/** The id of copy 0 of one tile in notation. */
export function tileId(text: string): TileId {
  return new TileBag().one(text);
}

/** The four ids of a kind written in notation (`4m` → 12..15). */
export function allFour(text: string): TileId[] {
  const k = parseKinds(text)[0];
  return [k * 4, k * 4 + 1, k * 4 + 2, k * 4 + 3];
}

/** The rules: the default (tenhou) profile with the knobs a test sets. */
export function rules(overrides: Partial<Rules> = {}): Rules {
  return { ...defaultRules(), ...overrides };
}

export type KanOverrides = Partial<Omit<KanRecord, 'tile'>> & { tile?: TileIn };

/**
 * A kan: by default seat 1's daiminkan of 5p from seat 0 at event 10, with its replacement draw (11), a
 * discard (12) that passed and play going on. `tile` may be notation; `tiles` then defaults to the
 * kind's four copies; the replacement and discard follow `eventIndex` unless given; an ankan is `from`
 * its own seat.
 */
export function kan(o: KanOverrides = {}): KanRecord {
  const tile = o.tile === undefined ? tileId('5p') : typeof o.tile === 'string' ? tileId(o.tile) : o.tile;
  const kind = o.kind ?? 'daiminkan';
  const seat = o.seat ?? 1;
  const eventIndex = o.eventIndex ?? 10;
  const tiles = o.tiles ?? allFour(kindNotation(tile));
  return {
    hand: 1,
    number: 1,
    turn: 3,
    liveWallLeft: 50,
    inRiichi: false,
    afterCall: false,
    afterReplacement: false,
    drawnTile: null,
    concealedBeforeDraw: null,
    meldsBefore: 0,
    robbed: false,
    afterDeclaration: 'replacement',
    replacement: { tile: tileId('9s'), eventIndex: eventIndex + 1, number: 0, wall: { index: null, expected: null } },
    rinshanWin: false,
    kandoraNumber: 1,
    indicator: null,
    indicatorWall: { index: null, expected: null },
    revealEventIndex: null,
    revealLogged: 'after-discard',
    revealRule: 'after-discard',
    discardEventIndex: eventIndex + 2,
    afterDiscard: 'went-on',
    nextDeclarationEventIndex: null,
    ...o,
    revealVerdict: o.revealVerdict ?? statedVerdict(o),
    eventIndex,
    seat,
    kind,
    tile,
    tiles,
    from: o.from ?? (kind === 'ankan' ? seat : 0),
  };
}

/**
 * The verdict on the default moments, by the rule written down (docs/kan-rules.md §2): after-discard logged
 * and after-discard by the rule are both known and the same, so the kan `conforms`. A kan that sets either
 * moment states its verdict too, rather than taking it from src/replay's revealVerdict, the function under
 * test (test/replay/timing.test.ts).
 */
function statedVerdict(o: KanOverrides): KanRecord['revealVerdict'] {
  if (o.revealLogged === undefined && o.revealRule === undefined) return 'conforms';
  throw new Error('kan(): a kan that sets revealLogged or revealRule states its revealVerdict too (docs/kan-rules.md §2)');
}

function kindNotation(tile: TileId): string {
  const k = tile >> 2;
  return `${(k % 9) + 1}${'mpsz'[Math.floor(k / 9)]}`;
}

/**
 * An ankan by a player in riichi, from the hand at riichi and the tile drawn (docs/kan-rules.md §3 style):
 * `concealedBeforeDraw` and `drawnTile` get distinct ids, `tile` is the lowest id of the kanned kind.
 */
export function riichiAnkan(q: { hand: string; draw: string; kan: string } & Omit<KanOverrides, 'hand'>): KanRecord {
  const { hand, draw, kan: kanned, ...o } = q;
  const bag = new TileBag();
  const concealed = sortIds(bag.take(hand));
  const drawn = bag.one(draw);
  const kind = parseKinds(kanned)[0];
  const held = [...concealed, drawn].filter((t) => t >> 2 === kind);
  const tile = held.length > 0 ? Math.min(...held) : kind * 4;
  return kan({
    kind: 'ankan',
    inRiichi: true,
    concealedBeforeDraw: concealed,
    drawnTile: drawn,
    tile,
    tiles: held.length === 4 ? sortIds(held) : allFour(kanned),
    ...o,
  });
}

export type WinOverrides = Partial<Omit<WinRecord, 'winningTile' | 'concealed' | 'river' | 'passedSinceOwnDiscard'>> & {
  winningTile?: TileIn;
  concealed?: TilesIn;
  river?: TilesIn;
  passedSinceOwnDiscard?: TilesIn;
};

/**
 * A win: by default seat 2's ron on seat 1's 4m at event 20 with 23m456789p123s55z (waits 1m 4m), no yaku
 * of note. Notation is turned into distinct ids in the order concealed, winning tile, river, passed.
 */
export function win(o: WinOverrides = {}): WinRecord {
  const bag = new TileBag();
  const concealed = sortIds(bag.tiles(o.concealed ?? '23m456789p123s55z'));
  const winningTile = bag.tile(o.winningTile ?? '4m');
  const river = bag.tiles(o.river ?? []);
  const passedSinceOwnDiscard = bag.tiles(o.passedSinceOwnDiscard ?? []);
  const dora = { indicators: [], ura: [], dora: 0, firstIndicatorDora: 0, kandora: 0, uraDora: 0 };
  return {
    hand: 1,
    eventIndex: 20,
    seat: 2,
    from: 1,
    tsumo: false,
    chankan: false,
    chankanOnAnkan: false,
    rinshan: false,
    haitei: false,
    houtei: false,
    onKita: false,
    riichi: false,
    melds: [],
    kitaCount: 0,
    kitaTiles: [],
    yaku: [],
    yakuman: [],
    doraHanLogged: 0,
    logged: dora,
    rule: { ...dora },
    redFiveCount: 0,
    earlierKanCount: 0,
    scoreDeltas: [0, -1000, 1000, 0],
    pao: null,
    ...o,
    concealed,
    winningTile,
    river,
    passedSinceOwnDiscard,
  };
}

export type RoundOverrides = Partial<Omit<HandReplay, 'ending'>> & { ending?: Partial<HandEnding> };

/**
 * A hand: by default the first (hand 1), no kans, no wins, and an ending of kind `none` (the log stops in
 * it). Its kans and wins take the hand's number; the ending counts the completed kans and their players.
 */
export function round(o: RoundOverrides = {}): HandReplay {
  const hand = o.hand ?? 1;
  const kans = (o.kans ?? []).map((k) => ({ ...k, hand }));
  const wins = (o.wins ?? []).map((w) => ({ ...w, hand }));
  const done = kans.filter((k) => !k.robbed);
  const ending: HandEnding = {
    kind: 'none',
    eventIndex: null,
    kanCount: done.length,
    kanPlayerCount: new Set(done.map((k) => k.seat)).size,
    tenpaiShown: [],
    ...o.ending,
  };
  return {
    kyoku: hand - 1,
    honba: 0,
    dealer: (hand - 1) % 4,
    wall: { built: false, reason: 'no seed' },
    kita: [],
    liveDrawCount: 0,
    liveWallLeftAtEnd: 70,
    openingDiscards: [],
    replacementDrawCount: kans.filter((k) => k.replacement !== null).length,
    riichiDeclarations: [],
    discardCalls: [],
    scoreBook: { start: [25000, 25000, 25000, 25000], honba: 0, riichiStickCount: 0, deposits: [0, 0, 0, 0], deltas: null, left: null, renchan: false, won: false },
    drawn: null,
    eventCount: 100,
    ...o,
    hand,
    kans,
    wins,
    ending,
  };
}

/** A round's ending by an abortive or exhaustive draw at an event. */
export function ryuukyoku(reason: NonNullable<HandEnding['reason']>, eventIndex: number | null): Partial<HandEnding> {
  return { kind: 'ryuukyoku', reason, eventIndex };
}

/** A round's ending by a win at an event. */
export function won(eventIndex: number): Partial<HandEnding> {
  return { kind: 'win', eventIndex };
}

/** A replay: 4 players, tenhou timing, no seed, the rounds given, nothing wrong with the log. */
export function replay(o: Partial<ReplayResult> = {}): ReplayResult {
  return {
    kandoraTiming: 'tenhou',
    effectiveKandoraTiming: o.kandoraTiming ?? 'tenhou',
    playerCount: 4,
    seeded: false,
    seedNote: 'no seed',
    hands: [],
    checkedTileCount: 0,
    wallMismatches: [],
    timingMismatches: [],
    kandoraCountMismatches: [],
    inconsistencies: [],
    scoredWinCount: 0,
    scoreMismatches: [],
    final: null,
    // a Tenhou ranked game's (GO type 0x00A9), under the default rules
    gameRules: judgeRules(defaultRules(), decodeGameType(0xa9)),
    ...o,
  };
}

/** A game without its rounds, as an audit keeps it. */
export function gameMeta(o: Partial<GameMeta> = {}): GameMeta {
  return {
    format: 'mjlog',
    platform: 'tenhou',
    gzip: false,
    logId: '2020010100gm-00a9-0000-00000000',
    rule: {
      typeCode: 169,
      playerCount: 4,
      redFives: true,
      redFiveSuits: 7,
      openTanyao: true,
      length: 'hanchan',
      lobbyLevel: 'houou',
      chips: 'none',
      speed: 'normal',
      vsHumans: true,
      label: '四鳳南喰赤',
    },
    lobby: 0,
    players: [0, 1, 2, 3].map((seat) => ({ seat, name: `p${seat}`, dan: null, danName: null, rate: null, sex: null })),
    seed: null,
    final: null,
    handCount: 1,
    ...o,
  };
}

/** One game's audit: a read game with the replay, verdicts and findings given. */
export function gameAudit(o: { replay?: ReplayResult | null; riichiKans?: RiichiKanVerdict[]; findings?: Finding[]; game?: GameMeta | null; file?: string } = {}): GameAudit {
  const replayed = o.replay === undefined ? replay() : o.replay;
  return {
    file: o.file ?? 'game.mjlog',
    contentHash: '0'.repeat(64),
    ruleSet: ruleSetOf(defaultRules()),
    game: o.game === undefined ? gameMeta({ handCount: replayed?.hands.length ?? 0 }) : o.game,
    replay: replayed,
    riichiKans: o.riichiKans ?? [],
    findings: o.findings ?? [],
  };
}

/** A riichi-kan verdict (legal unless told). */
export function verdict(o: Partial<RiichiKanVerdict> = {}): RiichiKanVerdict {
  return { hand: 0, eventIndex: 10, legal: true, reason: 'allowed', explanation: 'the waits stay', waitsBefore: null, waitsAfter: null, ...o };
}
