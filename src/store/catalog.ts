/**
 * The catalog of stored facts: every table and column of the audit database, each column with its SQL
 * type, the schema version that added it, its one line of documentation and how its value is taken from
 * what the audit produced. From it come the tables' DDL (schemas/audit.sql's tables, checked against it),
 * the row builders (rows.ts), the migration steps that add columns and tables (migrations.ts: a step adds
 * the entries of its own version), `audit_groups` and its triggers, and docs/database.md's column tables.
 *
 * Adding a column: one entry at the end of its table, with the next schema version as `since`, and the code
 * that computes its value; then `npm run schema` writes schemas/audit.sql and docs/database.md again.
 * An entry, once released, is never edited but for its doc: its version, name and type are history that
 * migrations replay (`was` keeps the names a column had before a version renamed it).
 */
import type { Finding, GameAudit, GameMeta, RiichiKanVerdict } from '../audit/index.js';
import type { Player } from '../events/index.js';
import type { HandReplay, KanRecord, RiichiDeclaration, WinRecord } from '../replay/index.js';
import { KNOBS, type KnobName, type KnobSource, type KnobValue, type RuleSet } from '../rules/index.js';
import {
  auditStatus, bit, detailsJson, hanOf, idList, kitaReplacements, knobColumn, LIMIT_NAMES, loggedLimitName, mismatchComponents, orNull, ownKanCount,
  playedOn, scoredYakuJson, scoredYakumanJson, severityCount, storedPath, yakuJson,
  KAN_SCORING_SOURCES, type AuditTotals, type GameTotals, type SqlValue,
} from './values.js';

/** A name a table or column had before a schema version renamed it. */
export interface FormerName {
  /** The version that gave it its present name: before it, it was `name`. */
  until: number;
  name: string;
}

/** A column of a table whose rows are built from a source S (one per row) in a context C (one per game or hand). */
export interface ColumnSpec<S = never, C = never> {
  readonly name: string;
  /** Everything after the name in CREATE TABLE: type, constraints, default, generation. */
  readonly type: string;
  /** The schema version that added it. */
  readonly since: number;
  /** One line for the DDL's comment and docs/database.md. */
  readonly doc: string;
  /**
   * How the row's value is taken. `key`: the row's parent, filled by the writer (game_id, rule_set_id);
   * `writer`: set by the writer as it writes the row (a time, the facts version), after the built values;
   * `none`: never written by an INSERT (an alias of the rowid, a generated column, a table filled by SQL or
   * by code of its own).
   */
  readonly value: ((source: S, context: C) => SqlValue) | 'key' | 'writer' | 'none';
  /** A total that audit_groups adds up (games' and audits' columns). */
  readonly total?: boolean;
  readonly was?: readonly FormerName[];
  /** The type ALTER TABLE … ADD COLUMN gave it, where a migration could not give `type` (NOT NULL needs a default there). */
  readonly added?: string;
  /** The version that dropped it (a retired knob's column): it exists from `since` until the version before this. */
  readonly until?: number;
}

export type TableKind = 'rules' | 'fact' | 'verdict' | 'closed-list' | 'inference' | 'group';

export interface TableSpec<S = never, C = never> {
  readonly name: string;
  readonly since: number;
  readonly kind: TableKind;
  /** The comment above CREATE TABLE and the paragraph of docs/database.md. */
  readonly doc: string;
  readonly columns: readonly ColumnSpec<S, C>[];
  /** PRIMARY KEY and FOREIGN KEY clauses, in present names (older names are put back for older versions). */
  readonly constraints: readonly string[];
  readonly withoutRowid: boolean;
  /** Indexes of the table (the statistics indexes are the views' business, schemas/audit.sql). */
  readonly indexes?: readonly { name: string; since: number; on: string }[];
  /** SQL that fills the table when it is made (a closed list SQL can write itself). */
  readonly fill?: string;
  readonly was?: readonly FormerName[];
}

/** Any table of the catalog, whatever its rows are built from. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTable = TableSpec<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyColumn = ColumnSpec<any, any>;

function column<S, C>(name: string, type: string, since: number, doc: string, value: ColumnSpec<S, C>['value'], more: Pick<ColumnSpec<S, C>, 'total' | 'was' | 'added' | 'until'> = {}): ColumnSpec<S, C> {
  return Object.freeze({ name, type, since, doc, value, ...more });
}

function table<S, C>(spec: TableSpec<S, C>): TableSpec<S, C> {
  return Object.freeze({ ...spec, columns: Object.freeze([...spec.columns]) });
}

/** Version 5 renamed a 0-based `round` to a 1-based `hand` in every table keyed by a hand. */
const ROUND = [{ until: 5, name: 'round' }] as const;

// ---- rule sets -------------------------------------------------------------------------------------------

/**
 * The schema version that added each knob's column: the kan knobs by version 3, the scoring knobs in 6, the
 * legality knobs in 9, the three abortive draws' in 12. A new knob gets the next version here (the type makes
 * every knob be listed); the columns stand in this order, a new one at the end of the table.
 */
const KNOB_SINCE: { readonly [K in KnobName]: number } = {
  kandoraTiming: 1, riichiKan: 1, okuriKan: 1, kokushiAnkanChankan: 1, suukaikan: 1, fifthKan: 1, daiminkanPao: 3,
  kiriageMangan: 6, honbaPoints: 6, kazoeYakuman: 6, doubleYakuman: 6, yakumanStacking: 6, doubleWindPairFu: 6, rinshanTsumoFu: 6,
  atozuke: 6, ippatsuYaku: 6, uraDora: 6, kanUra: 6, kandora: 6, akaDora: 6, yakumanPao: 6, paoCompound: 6, paoRonHonba: 6,
  kitaInterrupts: 6, nagashiMangan: 6, notenPayments: 6, threePlayerNoten: 6, threePlayerTsumo: 6, threePlayerHonba: 6,
  multipleRonHonba: 6, openTanyao: 6, renhou: 6,
  multipleRon: 9, busting: 9, kuikae: 9, riichiUnderThousand: 9,
  kyuushuKyuuhai: 12, suufonRenda: 12, suuchaRiichi: 12,
};

/**
 * The knob abortiveDraws (version 9), which version 12 split into kyuushuKyuuhai, suufonRenda and suuchaRiichi
 * (a lobby's csrule switches each abort apart): its column, where it stood until then.
 */
const ABORTIVE_DRAWS = column<RuleSet, null>(
  'abortive_draws',
  'ANY',
  9,
  'knob abortiveDraws: all | none, whether nine terminals, four winds and four riichi end the hand (split in version 12)',
  'none',
  { until: 12 },
);

/** The kan knobs' columns were typed (text, or 0/1 checked); every later knob's is ANY (its values mix words and numbers). */
const KAN_KNOB_TYPES: Partial<Record<KnobName, string>> = {
  kandoraTiming: 'TEXT    NOT NULL',
  riichiKan: 'TEXT    NOT NULL',
  okuriKan: 'INTEGER NOT NULL CHECK (okuri_kan IN (0, 1))',
  kokushiAnkanChankan: 'INTEGER NOT NULL CHECK (kokushi_ankan_chankan IN (0, 1))',
  suukaikan: 'TEXT    NOT NULL',
  fifthKan: 'TEXT    NOT NULL',
  daiminkanPao: 'TEXT    NOT NULL',
};

/** A knob's value as SQL stores it: booleans 0/1; null when there is none. */
function knobSql(v: KnobValue | undefined): SqlValue {
  return v === undefined ? null : typeof v === 'boolean' ? bit(v) : v;
}

function knobColumnSpec(name: KnobName): ColumnSpec<RuleSet, null> {
  const k = KNOBS.find((d) => d.name === name)!;
  const since = KNOB_SINCE[name];
  const type = KAN_KNOB_TYPES[name] ?? 'ANY';
  const doc = `knob ${name} (${k.section}): ${k.description}${since > 3 ? '; null for a rule set audited before version ' + since : ''}`;
  // The columns were named as the knobs (camelCase) until version 5.
  const was = since < 5 ? [{ until: 5, name }] : undefined;
  // Version 3 added daiminkanPao to the rule sets audited before, which had its value none.
  const added = name === 'daiminkanPao' ? "TEXT NOT NULL DEFAULT 'none'" : undefined;
  return column(knobColumn(name), type, since, doc, (r) => knobSql(r.rules[name]), { was, added });
}

/** Knobs in the order of their columns: a new knob's column goes at the end of the table. */
const KNOB_COLUMN_ORDER = (Object.keys(KNOB_SINCE) as KnobName[]).slice().sort((a, b) => KNOB_SINCE[a] - KNOB_SINCE[b]);

export const RULE_SETS = table<RuleSet, null>({
  name: 'rule_sets',
  since: 1,
  kind: 'rules',
  doc:
    'Rule sets (audit runs): one row per distinct set of knob values, whatever the number of runs. The knob columns are ' +
    'the knobs (src/rules KNOBS) in snake_case: kandoraTiming is kandora_timing.',
  columns: [
    column('rule_set_id', 'INTEGER PRIMARY KEY', 1, 'the rule set', 'none'),
    column('rules_key', 'TEXT    NOT NULL UNIQUE', 1, 'rulesKey(rules): `kandoraTiming=tenhou;riichiKan=waits;…`', (r) => r.key),
    column('profile', 'TEXT', 1, "the rule set's name: its profile and the knobs changed from it (`tenhou+kandoraTiming=immediate`)", (r) => r.profile),
    ...KNOB_COLUMN_ORDER.filter((k) => KNOB_SINCE[k] <= 3).map(knobColumnSpec),
    column('first_run_at', 'TEXT    NOT NULL', 1, 'the first audit under it: ISO 8601, UTC', 'writer'),
    column('last_run_at', 'TEXT    NOT NULL', 1, 'the latest audit under it', 'writer'),
    ...KNOB_COLUMN_ORDER.filter((k) => KNOB_SINCE[k] > 3).flatMap((k) => (k === 'busting' ? [ABORTIVE_DRAWS, knobColumnSpec(k)] : [knobColumnSpec(k)])),
    column('pinned', 'TEXT', 12, 'the knobs given on the command line, comma-separated (their values win over what a game declares); null: none', (r) => (r.pinned.length > 0 ? r.pinned.join(',') : null)),
  ],
  constraints: [],
  withoutRowid: false,
});

// ---- games -----------------------------------------------------------------------------------------------

/** A readable game's row: the audit, its game, and its totals counted once. */
export interface GameSource {
  audit: GameAudit;
  game: GameMeta;
  totals: GameTotals;
}

type GameColumn = ColumnSpec<GameSource, null>;
const gameColumn = (name: string, type: string, since: number, doc: string, value: GameColumn['value'], more?: Pick<GameColumn, 'total' | 'was'>): GameColumn =>
  column(name, type, since, doc, value, more);

/** A total of the game's kans and hands rows (version 4): null for a file that gave no game. */
const gameTotal = (name: keyof GameTotals, doc: string): GameColumn => gameColumn(name, 'INTEGER', 4, doc, (g) => g.totals[name], { total: true });

export const GAMES = table<GameSource, null>({
  name: 'games',
  since: 1,
  kind: 'fact',
  doc:
    'Games: one row per distinct file content. A file that could not be read keeps its row, with `error` set and the other ' +
    'facts null (a file that could not be read at all, missing or over a size limit, is kept under a hash of its path; the row ' +
    'and its audits go once the file at that path is read). From version 4, the game\'s totals over its kans and hands rows, so ' +
    'that the statistics read one row per game instead of every kan and hand; each equals a count of those rows.',
  columns: [
    gameColumn('game_id', 'INTEGER PRIMARY KEY', 1, 'the game', 'none'),
    gameColumn('content_hash', 'TEXT    NOT NULL UNIQUE', 1, "SHA-256 of the file's bytes, hex", (g) => g.audit.contentHash),
    gameColumn('log_id', 'TEXT', 1, 'Tenhou log id, when the log (JSON `ref`) or its file name gives it', (g) => g.game.logId),
    gameColumn('file', 'TEXT    NOT NULL', 1, 'the path it was last audited from, absolute (older kanshi: as typed)', (g) => storedPath(g.audit.file)),
    gameColumn('error', 'TEXT', 1, 'why the file could not be read (no facts then)', () => null),
    gameColumn('format', 'TEXT', 1, 'mjlog | tenhou6 | mjai', (g) => g.game.format),
    gameColumn('platform', 'TEXT', 3, 'tenhou | majsoul | unknown: where the game was played, as the log says (or --platform)', (g) => g.game.platform),
    gameColumn('gzip', 'INTEGER', 1, 'the file was gzip-compressed', (g) => bit(g.game.gzip)),
    gameColumn('player_count', 'INTEGER', 1, '3 or 4', (g) => g.game.rule.playerCount, { was: [{ until: 5, name: 'players' }] }),
    gameColumn('lobby', 'INTEGER', 1, 'lobby number (0 = ranked)', (g) => g.game.lobby),
    gameColumn('lobby_level', 'TEXT', 1, 'ippan | joukyuu | tokujou | houou', (g) => g.game.rule.lobbyLevel),
    gameColumn('type_code', 'INTEGER', 1, 'mjlog GO type bitfield', (g) => g.game.rule.typeCode),
    gameColumn('rule_label', 'TEXT', 1, 'e.g. 四鳳南喰赤', (g) => g.game.rule.label),
    gameColumn('red_fives', 'INTEGER', 1, 'played with red fives', (g) => bit(g.game.rule.redFives)),
    gameColumn('open_tanyao', 'INTEGER', 1, 'open tanyao allowed', (g) => bit(g.game.rule.openTanyao)),
    gameColumn('length', 'TEXT', 1, 'tonpuu | hanchan', (g) => g.game.rule.length),
    gameColumn('speed', 'TEXT', 1, 'normal | fast | hyper', (g) => g.game.rule.speed),
    gameColumn('vs_humans', 'INTEGER', 1, 'played against people', (g) => bit(g.game.rule.vsHumans)),
    // The seed itself is kilobytes of base64 and lives in the log; its scheme is what queries group by.
    gameColumn('seed_kind', 'TEXT', 1, "the SHUFFLE seed's scheme (text before the first comma)", (g) => (g.game.seed === null ? null : g.game.seed.split(',')[0])),
    gameColumn('seeded', 'INTEGER', 1, 'a wall could be rebuilt from the seed', (g) => (g.audit.replay ? bit(g.audit.replay.seeded) : null)),
    gameColumn('seed_note', 'TEXT', 1, 'why not, when not', (g) => (g.audit.replay ? g.audit.replay.seedNote : null)),
    gameColumn('hand_count', 'INTEGER', 1, 'hands in the log', (g) => g.game.handCount, { was: [{ until: 5, name: 'round_count' }] }),
    gameColumn('complete', 'INTEGER', 1, "the log reaches the game's end (not an excerpt)", (g) => bit(g.game.final !== null)),
    gameColumn('wall_checked', 'INTEGER', 1, 'tiles compared with the rebuilt wall', (g) => (g.audit.replay ? g.audit.replay.checkedTileCount : null)),
    gameColumn('wall_mismatches', 'INTEGER', 1, 'tiles that differ from the rebuilt wall', (g) => (g.audit.replay ? g.audit.replay.wallMismatches.length : null)),
    gameColumn('inconsistencies', 'INTEGER', 1, 'places where the log contradicts itself', (g) => (g.audit.replay ? g.audit.replay.inconsistencies.length : null)),
    gameColumn('title', 'TEXT', 1, 'tenhou.net/6 editor title lines, joined by newlines', (g) => (g.game.title && g.game.title.length > 0 ? g.game.title.join('\n') : null)),
    gameColumn('facts_digest', 'TEXT', 1, "the FACTS_VERSION that wrote this game's facts: older ones are rewritten", 'writer'),
    gameColumn('played_on', 'TEXT', 4, 'YYYY-MM-DD: from the log id (YYYYMMDDHHgm-…), else a file name starting YYYYMMDD; else null', (g) => playedOn(g.game.logId, g.audit.file).played_on),
    gameColumn('played_at_hour', 'INTEGER', 4, '0..23 from the log id (Japan time), else null', (g) => playedOn(g.game.logId, g.audit.file).played_at_hour),
    gameTotal('completed_kans', 'kans completed: kans rows with robbed = 0'),
    gameTotal('ankans', '… of kind ankan'),
    gameTotal('daiminkans', '… of kind daiminkan'),
    gameTotal('kakans', '… of kind kakan'),
    gameTotal('robbed_kans', 'kans rows with robbed = 1 (chankan)'),
    gameTotal('ankan_replacements', 'completed ankans with a replacement draw (replacement_tile not null)'),
    gameTotal('daiminkan_replacements', '… daiminkans'),
    gameTotal('kakan_replacements', '… kakans'),
    gameTotal('ankan_rinshan_wins', 'completed ankans whose replacement tile won (rinshan_win = 1)'),
    gameTotal('daiminkan_rinshan_wins', '… daiminkans'),
    gameTotal('kakan_rinshan_wins', '… kakans'),
    gameTotal('kitas', 'sum of hands.kita'),
    gameTotal('kita_replacement_draws', 'sum of hands.kita_replacements'),
    gameTotal('kita_rinshan_wins', 'rinshan wins in hands with a kita and no kan whose replacement won'),
    gameTotal('riichis', 'sum of hands.riichi (riichi declarations)'),
    gameTotal('kans_in_riichi', 'kans rows with in_riichi = 1 (robbed ones included)'),
  ],
  constraints: [],
  withoutRowid: false,
  indexes: [{ name: 'games_by_log_id', since: 1, on: '(log_id)' }],
});

export const PLAYERS = table<Player, GameMeta>({
  name: 'players',
  since: 1,
  kind: 'fact',
  doc: 'The players of each game, by seat.',
  columns: [
    column('game_id', 'INTEGER NOT NULL REFERENCES games (game_id)', 1, 'the game', 'key'),
    column('seat', 'INTEGER NOT NULL', 1, 'seat 0..3 (0 the first dealer)', (p) => p.seat),
    column('name', 'TEXT    NOT NULL', 1, 'the name as logged', (p) => p.name),
    column('dan', 'INTEGER', 1, '0 新人 … 10 初段 … 20 天鳳位', (p) => p.dan),
    column('dan_name', 'TEXT', 1, 'the rank as Tenhou names it', (p) => p.danName),
    column('rate', 'REAL', 1, 'the rating', (p) => p.rate),
    column('sex', 'TEXT', 1, 'as logged', (p) => p.sex),
    column('final_score', 'INTEGER', 1, 'points at the end, when the log reaches it', (p, g) => orNull(g.final?.scores[p.seat])),
    column('final_points', 'REAL', 1, 'game points (uma included)', (p, g) => orNull(g.final?.gamePoints[p.seat])),
  ],
  constraints: ['PRIMARY KEY (game_id, seat)'],
  withoutRowid: true,
});

// ---- hands and what happened in them ---------------------------------------------------------------------

const handKey = <S, C>(): ColumnSpec<S, C> => column('game_id', 'INTEGER NOT NULL', 1, 'the game', 'key');

export const HANDS = table<HandReplay, null>({
  name: 'hands',
  since: 1,
  kind: 'fact',
  doc: 'One row per hand of the game (version 5 renamed the table from rounds).',
  columns: [
    column('game_id', 'INTEGER NOT NULL REFERENCES games (game_id)', 1, 'the game', 'key'),
    column('hand', 'INTEGER NOT NULL', 1, 'position of the hand in the game, 1-based', (r) => r.hand, { was: ROUND }),
    column('kyoku', 'INTEGER NOT NULL', 1, '4 × wind + dealer (0 = East 1, 4 = South 1)', (r) => r.kyoku),
    column(
      'kyoku_name',
      "TEXT GENERATED ALWAYS AS (\n                       CASE kyoku / 4 % 4 WHEN 0 THEN 'East' WHEN 1 THEN 'South' WHEN 2 THEN 'West' ELSE 'North' END\n                       || ' ' || (kyoku % 4 + 1)) VIRTUAL",
      1,
      "'East 1', 'South 4'… (generated)",
      'none',
      { was: [{ until: 5, name: 'hand' }] },
    ),
    column('honba', 'INTEGER NOT NULL', 1, 'honba sticks', (r) => r.honba),
    column('dealer', 'INTEGER NOT NULL', 1, "the dealer's seat", (r) => r.dealer),
    column('wall_built', 'INTEGER NOT NULL', 1, "the hand's wall was rebuilt from the seed", (r) => bit(r.wall.built)),
    column('wall_note', 'TEXT', 1, 'why no wall was built', (r) => orNull(r.wall.reason)),
    column('ending', "TEXT    NOT NULL CHECK (ending IN ('win', 'ryuukyoku', 'none'))", 1, 'win, ryuukyoku, or none when the log stops', (r) => r.ending.kind),
    column('ending_reason', 'TEXT', 1, 'ryuukyoku: exhaustive, kyuushu-kyuuhai, suukaikan, …', (r) => orNull(r.ending.reason)),
    column('ending_event_index', 'INTEGER', 1, 'the ending event', (r) => r.ending.eventIndex),
    column('kans', 'INTEGER NOT NULL', 1, 'kans completed (robbed kakans not counted)', (r) => r.ending.kanCount),
    column('kan_players', 'INTEGER NOT NULL', 1, 'by how many players', (r) => r.ending.kanPlayerCount),
    column('kita', 'INTEGER NOT NULL', 1, '3-player: norths set aside (kita)', (r) => r.kita.length),
    column('kita_replacements', 'INTEGER NOT NULL', 1, '… and the replacement draws they got', (r) => kitaReplacements(r)),
    column('riichi', 'INTEGER NOT NULL', 1, 'riichi declarations (the rows of riichi_declarations)', (r) => r.riichiDeclarations.length),
    column('live_draws', 'INTEGER NOT NULL', 1, 'draws from the live wall', (r) => r.liveDrawCount),
    column('replacement_draws', 'INTEGER NOT NULL', 1, 'replacement draws (kans and kita)', (r) => r.replacementDrawCount),
    column('event_count', 'INTEGER NOT NULL', 1, "the hand's events", (r) => r.eventCount),
  ],
  constraints: ['PRIMARY KEY (game_id, hand)'],
  withoutRowid: true,
  was: [{ until: 5, name: 'rounds' }],
});

const HAND_KEYS = ['PRIMARY KEY (game_id, hand, event_index)', 'FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)'];

export const KANS = table<KanRecord, null>({
  name: 'kans',
  since: 1,
  kind: 'fact',
  doc: 'Kans: every kan declared, robbed kakans included (robbed = 1), with its replacement draw and its indicator as the log shows them. The reveal moment under a rule is in kan_verdicts.',
  columns: [
    handKey(),
    column('hand', 'INTEGER NOT NULL', 1, 'the hand (1-based)', (k) => k.hand, { was: ROUND }),
    column('event_index', 'INTEGER NOT NULL', 1, 'the call event', (k) => k.eventIndex),
    column('number', 'INTEGER NOT NULL', 1, "1 for the hand's first kan, …", (k) => k.number),
    column('seat', 'INTEGER NOT NULL', 1, 'the kan player', (k) => k.seat),
    column('kind', "TEXT    NOT NULL CHECK (kind IN ('ankan', 'daiminkan', 'kakan'))", 1, 'ankan | daiminkan | kakan', (k) => k.kind),
    column('tile', 'INTEGER NOT NULL', 1, 'kakan: the added tile; daiminkan: the called tile', (k) => k.tile),
    column('tiles', 'TEXT    NOT NULL', 1, 'JSON array of the four ids', (k) => idList(k.tiles)),
    column('from_seat', 'INTEGER NOT NULL', 1, "daiminkan: the discarder; kakan: the pon's; ankan: own seat", (k) => k.from),
    column('turn', 'INTEGER NOT NULL', 1, "1 + the kan player's discards so far", (k) => k.turn),
    column('live_wall_left', 'INTEGER NOT NULL', 1, 'live tiles still to draw (0: after the haitei)', (k) => k.liveWallLeft),
    column('in_riichi', 'INTEGER NOT NULL', 1, 'the kan player had declared riichi', (k) => bit(k.inRiichi)),
    column('after_call', 'INTEGER NOT NULL', 1, 'ankan/kakan without a draw since a chi or pon', (k) => bit(k.afterCall)),
    column('after_replacement', 'INTEGER NOT NULL', 1, 'a chained kan', (k) => bit(k.afterReplacement)),
    column('drawn_tile', 'INTEGER', 1, 'the tile drawn before the kan', (k) => k.drawnTile),
    column('robbed', 'INTEGER NOT NULL', 1, 'chankan: the kan was never completed', (k) => bit(k.robbed)),
    column('replacement_tile', 'INTEGER', 1, 'the replacement (rinshan) draw', (k) => k.replacement?.tile ?? null),
    column('replacement_event_index', 'INTEGER', 1, 'its event', (k) => k.replacement?.eventIndex ?? null),
    column('replacement_number', 'INTEGER', 1, '0-based replacement draws in the hand (kita included)', (k) => k.replacement?.number ?? null),
    column('replacement_wall_index', 'INTEGER', 1, 'position in the rebuilt wall', (k) => k.replacement?.wall.index ?? null),
    column('rinshan_win', 'INTEGER NOT NULL', 1, 'the replacement tile won the hand (rinshan kaihou)', (k) => bit(k.rinshanWin)),
    column('kandora_number', 'INTEGER', 1, '1..4 in reveal order; null if robbed', (k) => k.kandoraNumber),
    column('indicator', 'INTEGER', 1, "as logged, else the rebuilt wall's tile", (k) => k.indicator),
    column('indicator_wall_index', 'INTEGER', 1, "the indicator's position in the rebuilt wall", (k) => k.indicatorWall.index),
    column('reveal_event_index', 'INTEGER', 1, 'the logged reveal (DORA), if any', (k) => k.revealEventIndex),
    column(
      'reveal_logged',
      'TEXT    NOT NULL',
      1,
      'declaration | after-replacement | next-kan | after-discard | never | unknown | unrecorded (tenhou.net/6 JSON: shown, moment not logged)',
      (k) => k.revealLogged,
    ),
    column('discard_event_index', 'INTEGER', 1, "the kan player's next discard", (k) => k.discardEventIndex),
    column('next_declaration_event_index', 'INTEGER', 1, "the kan player's next kan before discarding", (k) => k.nextDeclarationEventIndex),
  ],
  constraints: HAND_KEYS,
  withoutRowid: true,
  indexes: [{ name: 'kans_by_kind', since: 1, on: '(kind)' }],
});

export const REVEALS = table<KanRecord, null>({
  name: 'reveals',
  since: 1,
  kind: 'fact',
  doc: 'Reveals: every kandora indicator the log turns over, with the kan it belongs to.',
  columns: [
    handKey(),
    column('hand', 'INTEGER NOT NULL', 1, 'the hand (1-based)', (k) => k.hand, { was: ROUND }),
    column('event_index', 'INTEGER NOT NULL', 1, 'the reveal event', (k) => k.revealEventIndex),
    column('kan_event_index', 'INTEGER NOT NULL', 1, "the kan's event", (k) => k.eventIndex),
    column('kandora_number', 'INTEGER', 1, '1..4 in reveal order', (k) => k.kandoraNumber),
    column('indicator', 'INTEGER NOT NULL', 1, 'the indicator shown', (k) => k.indicator),
    column('wall_index', 'INTEGER', 1, 'where the rebuilt wall has it', (k) => k.indicatorWall.index),
    column('wall_tile', 'INTEGER', 1, 'the tile the rebuilt wall holds there', (k) => k.indicatorWall.expected),
    column('moment', 'TEXT    NOT NULL', 1, 'relative to its kan (the values of kans.reveal_logged)', (k) => k.revealLogged),
  ],
  constraints: HAND_KEYS,
  withoutRowid: true,
});

export const WINS = table<WinRecord, GameMeta>({
  name: 'wins',
  since: 1,
  kind: 'fact',
  doc:
    'Wins with the indicators and dora the log scores (under a rule: win_dora), and from version 4 the hand\'s value as the ' +
    'log scores it and its other dora.',
  columns: [
    handKey(),
    column('hand', 'INTEGER NOT NULL', 1, 'the hand (1-based)', (w) => w.hand, { was: ROUND }),
    column('event_index', 'INTEGER NOT NULL', 1, 'the win event', (w) => w.eventIndex),
    column('seat', 'INTEGER NOT NULL', 1, 'the winner', (w) => w.seat),
    column('from_seat', 'INTEGER NOT NULL', 1, 'the discarder (chankan: the kan player); own seat for tsumo', (w) => w.from),
    column('tsumo', 'INTEGER NOT NULL', 1, 'won on a draw', (w) => bit(w.tsumo)),
    column('winning_tile', 'INTEGER NOT NULL', 1, 'the winning tile', (w) => w.winningTile),
    column('chankan', 'INTEGER NOT NULL', 1, "ron on a kakan's added tile", (w) => bit(w.chankan)),
    column('chankan_on_ankan', 'INTEGER NOT NULL', 1, 'ron on an ankan (kokushi)', (w) => bit(w.chankanOnAnkan)),
    column('rinshan', 'INTEGER NOT NULL', 1, 'tsumo on a replacement tile (kan or kita)', (w) => bit(w.rinshan)),
    column('haitei', 'INTEGER NOT NULL', 1, 'tsumo on the last live tile', (w) => bit(w.haitei)),
    column('houtei', 'INTEGER NOT NULL', 1, 'ron on the last discard', (w) => bit(w.houtei)),
    column('on_kita', 'INTEGER NOT NULL', 1, 'ron on a kita (3-player)', (w) => bit(w.onKita)),
    column('riichi', 'INTEGER NOT NULL', 1, 'the winner had declared riichi', (w) => bit(w.riichi)),
    column('kans_before', 'INTEGER NOT NULL', 1, 'kans made in the hand before the win', (w) => w.earlierKanCount),
    column('kita', 'INTEGER NOT NULL', 1, '3-player: norths the winner set aside (same as kita_dora)', (w) => w.kitaCount),
    column('yaku', 'TEXT    NOT NULL', 1, 'JSON [{"id","han"}] (mjlog yaku ids, see the yaku table; dora, ura and red fives are 52, 53, 54)', (w) => yakuJson(w.yaku)),
    column('yakuman', 'TEXT    NOT NULL', 1, 'JSON array of yakuman ids', (w) => idList(w.yakuman)),
    column('dora_han_logged', 'INTEGER NOT NULL', 1, 'han of yaku 52 (dora) as the log scores it: in 3-player games it includes one per kita', (w) => w.doraHanLogged),
    column('indicators', 'TEXT    NOT NULL', 1, 'JSON: the dora indicators that count, as logged (the first, then each kandora)', (w) => idList(w.logged.indicators)),
    column('ura_indicators', 'TEXT    NOT NULL', 1, 'JSON: the ura indicators as logged (riichi winners)', (w) => idList(w.logged.ura)),
    column(
      'dora',
      'INTEGER',
      1,
      'tiles of the winning hand (concealed, winning tile, melds, kita) that those indicators make dora, once per indicator; null if one is unknown',
      (w) => w.logged.dora,
    ),
    column('ura_dora', 'INTEGER', 1, 'the same for the ura indicators (0 without riichi)', (w) => w.logged.uraDora),
    column('han', 'INTEGER', 4, "sum of the yaku's han (dora included), 13 per yakuman; null when no yaku is logged (mjai)", (w) => hanOf(w)),
    // A hand has at least 20 fu: 0 is a log that does not say (limit hands in tenhou.net/6, mjai).
    column('fu', 'INTEGER', 4, 'null where not logged (limit hands in tenhou.net/6, mjai)', (w) => (w.fu ? w.fu : null)),
    column('points', 'INTEGER', 4, 'what the win was worth to the winner, without honba and riichi sticks (a 3-player tsumo: what the two others paid)', (w) => w.points ?? null),
    column('limit_name', 'TEXT', 4, 'none | mangan | haneman | baiman | sanbaiman | yakuman; null when not known', (w) => loggedLimitName(w)),
    column('red_dora', 'INTEGER', 4, 'red fives in the winning hand (of the suits the game has them in; counted whether or not scored, as dora is)', (w) => w.redFiveCount),
    column('kita_dora', 'INTEGER', 4, '3-player: kita set aside, each one dora (nukidora); 0 in 4-player games', (w) => w.kitaCount),
    column('own_kans', 'INTEGER', 13, "the winner's own kans (ankan, daiminkan, kakan) when it wins; null for a win stored before version 13", (w) => ownKanCount(w)),
  ],
  constraints: HAND_KEYS,
  withoutRowid: true,
});

export const RIICHI_DECLARATIONS = table<RiichiDeclaration, HandReplay>({
  name: 'riichi_declarations',
  since: 4,
  kind: 'fact',
  doc: 'Riichi declarations (version 4): one per seat and hand (the first, where a log repeats one: a riichi-repeated inconsistency).',
  columns: [
    handKey(),
    column('hand', 'INTEGER NOT NULL', 4, 'the hand (1-based)', (_, r) => r.hand, { was: ROUND }),
    column('event_index', 'INTEGER NOT NULL', 4, 'the declaring event', (d) => d.eventIndex),
    column('seat', 'INTEGER NOT NULL', 4, 'the declaring seat', (d) => d.seat),
    column('turn', 'INTEGER NOT NULL', 4, "1 + the seat's discards before it: the turn of the riichi discard (as kans.turn)", (d) => d.turn),
    column('tile', 'INTEGER', 4, 'the riichi discard (null when the hand ends or the log stops before it)', (d) => d.tile),
    column('tsumogiri', 'INTEGER', 4, 'the riichi discard is the tile just drawn', (d) => (d.tsumogiri === null ? null : bit(d.tsumogiri))),
    column('accepted', 'INTEGER NOT NULL', 4, 'the riichi was accepted (its discard not ronned, the stick deposited)', (d) => bit(d.accepted)),
  ],
  constraints: ['PRIMARY KEY (game_id, hand, seat)', 'FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)'],
  withoutRowid: true,
});

export const ABORTS = table<HandReplay, null>({
  name: 'aborts',
  since: 1,
  kind: 'fact',
  doc: 'Abortive draws (kyuushu-kyuuhai, suucha-riichi, sanchahou, suukaikan, suufon-renda). Exhaustive draws are in hands (ending = \'ryuukyoku\').',
  columns: [
    handKey(),
    column('hand', 'INTEGER NOT NULL', 1, 'the hand (1-based)', (r) => r.hand, { was: ROUND }),
    column('event_index', 'INTEGER', 1, 'the ending event', (r) => r.ending.eventIndex),
    column('reason', 'TEXT    NOT NULL', 1, 'the abort', (r) => r.ending.reason ?? null),
    column('kans', 'INTEGER NOT NULL', 1, 'kans completed in the hand', (r) => r.ending.kanCount),
    column('kan_players', 'INTEGER NOT NULL', 1, 'by how many players', (r) => r.ending.kanPlayerCount),
  ],
  constraints: ['PRIMARY KEY (game_id, hand)', 'FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)'],
  withoutRowid: true,
});

// ---- verdicts ------------------------------------------------------------------------------------------

const verdictKeys = <S, C>(): ColumnSpec<S, C>[] => [
  column('rule_set_id', 'INTEGER NOT NULL', 1, 'the rule set', 'key'),
  column('game_id', 'INTEGER NOT NULL', 1, 'the game', 'key'),
];
const VERDICT_KEYS = ['PRIMARY KEY (rule_set_id, game_id, hand, event_index)', 'FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)'];

type AuditColumn = ColumnSpec<GameAudit, AuditTotals>;

/** A total of the audit's win_dora rows (version 7): 0 for a game without wins. */
const auditTotal = (name: string, doc: string, value: (t: AuditTotals) => number): AuditColumn =>
  column(name, 'INTEGER NOT NULL DEFAULT 0', 7, doc, (_, t) => value(t), { total: true });

const SOURCE_DOCS: Record<(typeof KAN_SCORING_SOURCES)[number], string> = {
  rinshan: 'rinshan kaihou (the han of yaku 4 in win_dora.yaku)',
  chankan: 'chankan (yaku 3)',
  sankantsu: 'sankantsu (yaku 27)',
  suukantsu: 'suukantsu (yakuman 51 in win_dora.yakuman; brings 1)',
  kandora: 'kandora (win_dora.kandora > 0, in a hand with no yakuman)',
  kan_fu: 'kan fu (win_dora.kan_fu > 0)',
  kan_han: 'any han from kans (win_dora.kan_han > 0)',
};

const sourceTotals = KAN_SCORING_SOURCES.flatMap((s): AuditColumn[] => [
  auditTotal(`${s}_wins`, `valid wins with ${SOURCE_DOCS[s]}`, (t) => t.sources[s][0]),
  auditTotal(`${s}_brought`, '… what it brought them, summed', (t) => t.sources[s][1]),
  auditTotal(`${s}_wins_han`, "… those wins' han, summed", (t) => t.sources[s][2]),
  auditTotal(`${s}_wins_points`, "… those wins' points, summed", (t) => t.sources[s][3]),
]);

export const AUDITS = table<GameAudit, AuditTotals>({
  name: 'audits',
  since: 1,
  kind: 'verdict',
  doc:
    'Verdicts. One audits row per (rule set, game); the other verdict tables hang off it. From version 7, the audit\'s totals ' +
    'over its win_dora rows (and score-mismatch findings), written with them, so that score_conformance and kan_scoring read ' +
    'one row per game instead of every win; each equals a count or sum of those rows.',
  columns: [
    column('rule_set_id', 'INTEGER NOT NULL REFERENCES rule_sets (rule_set_id)', 1, 'the rule set', 'key'),
    column('game_id', 'INTEGER NOT NULL REFERENCES games (game_id)', 1, 'the game', 'key'),
    column('status', "TEXT    NOT NULL CHECK (status IN ('ok', 'ingest-error', 'audit-error'))", 1, 'ok, or why the file gave no game', (a) => auditStatus(a).status),
    column('error', 'TEXT', 1, 'the ingest-error or audit-error message', (a) => auditStatus(a).error),
    column('effective_kandora_timing', 'TEXT', 1, 'the timing applied (tenhou becomes immediate in chip games)', (a) => a.replay?.effectiveKandoraTiming ?? null),
    column('timing_mismatches', 'INTEGER NOT NULL', 1, 'kans whose logged reveal differs from the timing', (a) => a.replay?.timingMismatches.length ?? 0),
    column('errors', 'INTEGER NOT NULL', 1, 'findings by severity: errors', (a) => severityCount(a.findings, 'error'), { total: true }),
    column('warnings', 'INTEGER NOT NULL', 1, '… warnings', (a) => severityCount(a.findings, 'warning'), { total: true }),
    column('infos', 'INTEGER NOT NULL', 1, '… infos', (a) => severityCount(a.findings, 'info'), { total: true }),
    // The rows are built before they are written, maybe in a worker thread.
    column('audited_at', 'TEXT    NOT NULL', 1, 'when: ISO 8601, UTC', 'writer'),
    auditTotal('wins', 'win_dora rows', (t) => t.wins),
    auditTotal('wins_not_rescored', '… with valid null (audited before version 6)', (t) => t.wins_not_rescored),
    auditTotal('wins_agreeing', '… with mismatches = 0', (t) => t.wins_agreeing),
    auditTotal('wins_differing', '… with mismatches > 0', (t) => t.wins_differing),
    auditTotal('wins_yaku_differ', '… whose components list yaku', (t) => t.wins_yaku_differ),
    auditTotal('wins_han_differ', '… han', (t) => t.wins_han_differ),
    auditTotal('wins_fu_differ', '… fu', (t) => t.wins_fu_differ),
    auditTotal('wins_points_differ', '… points', (t) => t.wins_points_differ),
    auditTotal('wins_limit_differ', '… limit', (t) => t.wins_limit_differ),
    auditTotal('wins_payment_differ', '… payment', (t) => t.wins_payment_differ),
    auditTotal('draws_differing', 'hands (not null) of score-mismatch findings at no win_dora row (hand, event_index)', (t) => t.draws_differing),
    auditTotal('valid_wins', 'win_dora rows with valid = 1', (t) => t.valid_wins),
    ...sourceTotals,
  ],
  constraints: ['PRIMARY KEY (rule_set_id, game_id)'],
  withoutRowid: true,
  indexes: [{ name: 'audits_by_game', since: 1, on: '(game_id)' }],
});

export const KAN_VERDICTS = table<KanRecord, null>({
  name: 'kan_verdicts',
  since: 1,
  kind: 'verdict',
  doc: "Each kan's reveal moment under the rule set (compare with kans.reveal_logged).",
  columns: [
    ...verdictKeys<KanRecord, null>(),
    column('hand', 'INTEGER NOT NULL', 1, 'the hand (1-based)', (k) => k.hand, { was: ROUND }),
    column('event_index', 'INTEGER NOT NULL', 1, "the kan's event", (k) => k.eventIndex),
    column('reveal_rule', 'TEXT    NOT NULL', 1, "the kan's reveal moment under the rule set's kandora_timing", (k) => k.revealRule),
    column('kan_kind', 'TEXT', 4, "the kan's kind (kans.kind), so that the timing statistics count verdicts without looking up each kan", (k) => k.kind),
    column('kan_reveal_logged', 'TEXT', 4, "the kan's logged moment (kans.reveal_logged)", (k) => k.revealLogged),
    column(
      'reveal_verdict',
      'TEXT',
      10,
      'the two moments judged by the replay (revealVerdict): conforms | differs | undecided (either unknown) | unrecorded (tenhou.net/6 JSON: shown, moment not logged; one the rule never turns over differs)',
      (k) => k.revealVerdict,
    ),
  ],
  constraints: VERDICT_KEYS,
  withoutRowid: true,
});

export const RIICHI_KAN_VERDICTS = table<RiichiKanVerdict, null>({
  name: 'riichi_kan_verdicts',
  since: 1,
  kind: 'verdict',
  doc: "The verdict on each kan by a player in riichi, under the rule set's riichiKan and okuriKan.",
  columns: [
    ...verdictKeys<RiichiKanVerdict, null>(),
    column('hand', 'INTEGER NOT NULL', 1, 'the hand (1-based)', (v) => v.hand, { was: ROUND }),
    column('event_index', 'INTEGER NOT NULL', 1, "the kan's event", (v) => v.eventIndex),
    column('legal', 'INTEGER', 1, 'null: could not be judged', (v) => (v.legal === null ? null : bit(v.legal))),
    column('reason', 'TEXT    NOT NULL', 1, 'see riichi_kan_reasons', (v) => v.reason),
    column('explanation', 'TEXT    NOT NULL', 1, 'why, in words', (v) => v.explanation),
    column('waits_before', 'TEXT', 1, 'tile notation, space separated', (v) => (v.waitsBefore === null ? null : v.waitsBefore.join(' '))),
    column('waits_after', 'TEXT', 1, 'the same after the kan', (v) => (v.waitsAfter === null ? null : v.waitsAfter.join(' '))),
  ],
  constraints: VERDICT_KEYS,
  withoutRowid: true,
});

export const WIN_DORA = table<WinRecord, null>({
  name: 'win_dora',
  since: 1,
  kind: 'verdict',
  doc:
    "Each win's verdicts under the rule set: its indicators and dora under kandoraTiming (compare with wins; the replay's " +
    'WinRecord.rule, the dora the win was scored with), and (version 6) the win re-scored by src/score under the scoring ' +
    'knobs (the view win_scores shows these; all null for a win audited before version 6 or not re-scored). They share the ' +
    'row so that a win costs one insert, not two.',
  columns: [
    ...verdictKeys<WinRecord, null>(),
    column('hand', 'INTEGER NOT NULL', 1, 'the hand (1-based)', (w) => w.hand, { was: ROUND }),
    column('event_index', 'INTEGER NOT NULL', 1, 'the win event', (w) => w.eventIndex),
    column('indicators', 'TEXT    NOT NULL', 1, 'JSON array of ids (null where unknown): the first indicator, then the kandora revealed before the win', (w) => idList(w.rule.indicators)),
    column('ura_indicators', 'TEXT    NOT NULL', 1, 'JSON: the ura indicators', (w) => idList(w.rule.ura)),
    column('dora', 'INTEGER', 1, 'dora in the winning hand from all those indicators (null if one is unknown)', (w) => w.rule.dora),
    column('ura_dora', 'INTEGER', 1, 'the same for the ura indicators', (w) => w.rule.uraDora),
    column('kandora', 'INTEGER', 4, '… from the kandora indicators alone (all but the first); 0 with none', (w) => w.rule.kandora),
    column('first_indicator_dora', 'INTEGER', 4, '… from the first indicator alone (dora = first_indicator_dora + kandora)', (w) => w.rule.firstIndicatorDora),
    column('valid', 'INTEGER', 6, 'the hand is complete and has a yaku under the rules', (w) => (w.score ? bit(w.score.valid) : null)),
    column('yaku', 'TEXT', 6, 'JSON array of {id, han} as re-scored (dora entries last)', (w) => scoredYakuJson(w)),
    column('yakuman', 'TEXT', 6, 'JSON array of yakuman ids (a double yakuman twice)', (w) => scoredYakumanJson(w)),
    column('han', 'INTEGER', 6, 'han as re-scored', (w) => (w.score ? w.score.han : null)),
    column('fu', 'INTEGER', 6, 'fu as re-scored', (w) => (w.score ? w.score.fu : null)),
    column('points', 'INTEGER', 6, "the hand's value, honba and sticks aside", (w) => (w.score ? w.score.points : null)),
    column('limit_name', 'TEXT', 6, 'none | mangan | haneman | baiman | sanbaiman | yakuman', (w) => (w.score ? (LIMIT_NAMES[w.score.limit] ?? 'none') : null)),
    column('deltas', 'TEXT', 6, "JSON array: each seat's score change, honba and sticks included", (w) => (w.score ? `[${w.score.deltas.join(',')}]` : null)),
    column('kan_fu', 'INTEGER', 6, "fu of the winner's kans (before rounding)", (w) => (w.score ? w.score.kanFu : null)),
    column('kan_han', 'INTEGER', 6, 'han a kan brought: chankan, rinshan kaihou, sankantsu, kandora, kan ura (0 for a yakuman)', (w) => (w.score ? w.score.kanHan : null)),
    column('mismatches', 'INTEGER', 6, 'differences from what the log states (score-mismatch findings)', (w) => (w.score ? (w.scoreMismatches?.length ?? 0) : null)),
    column('components', 'TEXT', 6, 'the components that differ, comma-separated (yaku,fu,…); null when none', (w) => mismatchComponents(w)),
  ],
  constraints: VERDICT_KEYS,
  withoutRowid: true,
});

export const FINDINGS = table<Finding, number>({
  name: 'findings',
  since: 1,
  kind: 'verdict',
  doc: 'Every finding of an audit, in its order.',
  columns: [
    ...verdictKeys<Finding, number>(),
    column('ordinal', 'INTEGER NOT NULL', 1, "position in the audit's list", (_, ordinal) => ordinal),
    column('kind', 'TEXT    NOT NULL', 1, 'see finding_kinds', (f) => f.kind),
    column('severity', "TEXT    NOT NULL CHECK (severity IN ('error', 'warning', 'info'))", 1, 'error | warning | info', (f) => f.severity),
    column('hand', 'INTEGER', 1, 'null: the whole game', (f) => f.hand, { was: ROUND }),
    column('event_index', 'INTEGER', 1, 'the event concerned', (f) => f.eventIndex),
    column('seat', 'INTEGER', 1, 'the seat concerned; null: none', (f) => orNull(f.seat)),
    column('rule', 'TEXT', 1, 'the knob that decided it', (f) => orNull(f.rule)),
    column('message', 'TEXT    NOT NULL', 1, 'in words', (f) => f.message),
    column('details', 'TEXT    NOT NULL', 1, 'JSON object', (f) => detailsJson(f.details)),
    column('rule_value', 'ANY', 12, "the value of that knob that judged the game (booleans 0/1); null: no knob", (f) => knobSql(f.judgedBy?.value)),
    column('rule_from', 'TEXT', 12, "where that value comes from: profile, flag (the command line) or declared (the game's log)", (f) => f.judgedBy?.from ?? null),
  ],
  constraints: ['PRIMARY KEY (rule_set_id, game_id, ordinal)', 'FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)'],
  withoutRowid: true,
  indexes: [{ name: 'findings_by_kind', since: 1, on: '(kind, rule_set_id)' }],
});

/** A knob value of a game that differs from its rule set's: the game declares it, or declares another value a flag overrode. */
export interface GameRuleRow {
  knob: KnobName;
  value: KnobValue;
  /** declared, flag, or platform: the game's platform's profile's value under the rule set by platform. */
  from: Exclude<KnobSource, 'profile'> | 'platform';
  declared: KnobValue | null;
  by: string | null;
}

export const GAME_RULES = table<GameRuleRow, null>({
  name: 'game_rules',
  since: 12,
  kind: 'verdict',
  doc:
    "Version 12: each knob that judged a game otherwise than the rule set's row says (its log declares it: its GO type, a " +
    "lobby's csrule, a tenhou.net/6 rule object; or, under the rule set `platform`, its platform's profile differs from the " +
    "row's), or whose declared value a flag overrode: a game's value of a knob is its row here, else the rule set's column " +
    '(docs/kan-rules.md §7, which value judges a game).',
  columns: [
    ...verdictKeys<GameRuleRow, null>(),
    column('knob', 'TEXT    NOT NULL', 12, 'the knob (its name, as rules_key spells it)', (r) => r.knob),
    column('value', 'ANY', 12, 'the value that judged the game (booleans 0/1)', (r) => knobSql(r.value)),
    column(
      'source',
      "TEXT    NOT NULL CHECK (source IN ('declared', 'flag', 'platform'))",
      12,
      "declared: the game's own value; flag: the command line's, over the game's; platform: the game's platform's profile's (rule set `platform`)",
      (r) => r.from,
    ),
    column('declared', 'ANY', 12, 'the value the log declares (NULL: it declares none)', (r) => knobSql(r.declared ?? undefined)),
    column('declared_by', 'TEXT', 12, 'what in the log declares it (`csrule[0] 0x00000008 set (kandora turned over at once)`)', (r) => r.by),
  ],
  constraints: ['PRIMARY KEY (rule_set_id, game_id, knob)', 'FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)'],
  withoutRowid: true,
});

// ---- closed lists --------------------------------------------------------------------------------------

export interface FindingKindRow {
  kind: string;
  severity: string;
  rule: string | null;
  description: string;
  family: string;
}

export const FINDING_KINDS_TABLE = table<FindingKindRow, null>({
  name: 'finding_kinds',
  since: 1,
  kind: 'closed-list',
  doc: 'The closed list of finding kinds (filled from src/audit when the database is opened for writing).',
  columns: [
    column('kind', 'TEXT NOT NULL PRIMARY KEY', 1, 'the kind', (k) => k.kind),
    column('severity', 'TEXT NOT NULL', 1, 'error | warning | info', (k) => k.severity),
    column('rule', 'TEXT', 1, 'the knob that decides it', (k) => k.rule),
    column('description', 'TEXT NOT NULL', 1, 'what it means', (k) => k.description),
    column('family', 'TEXT', 9, 'kan | scoring | legality | log (what the report groups by)', (k) => k.family),
  ],
  constraints: [],
  withoutRowid: true,
});

export interface RiichiKanReasonRow {
  reason: string;
  legal: boolean | null;
  meaning: string;
}

export const RIICHI_KAN_REASONS_TABLE = table<RiichiKanReasonRow, null>({
  name: 'riichi_kan_reasons',
  since: 2,
  kind: 'closed-list',
  doc: 'The closed list of riichi-kan reasons (src/hand RIICHI_KAN_REASONS), written by kanshi when it opens the file.',
  columns: [
    column('reason', 'TEXT NOT NULL PRIMARY KEY', 2, 'the reason', (r) => r.reason),
    column('legal', 'INTEGER', 2, 'the verdict the reason gives; null: not judged', (r) => (r.legal === null ? null : bit(r.legal))),
    column('meaning', 'TEXT NOT NULL', 2, 'what it means', (r) => r.meaning),
  ],
  constraints: [],
  withoutRowid: true,
});

export interface YakuListRow {
  id: number;
  name: string;
  nameJa: string;
  yakuman: boolean;
}

export const YAKU_LIST = table<YakuListRow, null>({
  name: 'yaku',
  since: 4,
  kind: 'closed-list',
  doc: 'The closed list of yaku (version 4), by mjlog id: 0..51 the yaku and yakuman, 52 dora, 53 ura, 54 red fives. Filled from src/events when the database is opened for writing.',
  columns: [
    column('yaku_id', 'INTEGER PRIMARY KEY', 4, 'the mjlog id', (y) => y.id),
    column('name', 'TEXT    NOT NULL', 4, 'romaji: riichi, tanyao, rinshan-kaihou, …', (y) => y.name),
    column('name_ja', 'TEXT    NOT NULL', 4, 'as mjlog viewers and tenhou.net/6 JSON write it: 立直, 断幺九, 嶺上開花, …', (y) => y.nameJa),
    column('yakuman', 'INTEGER NOT NULL', 4, 'a yakuman', (y) => bit(y.yakuman)),
  ],
  constraints: [],
  withoutRowid: false,
});

export const TILES = table<never, never>({
  name: 'tiles',
  since: 1,
  kind: 'closed-list',
  doc: 'Tile names, to read the ids: tile 0..135, kind 0..33, name 1m..9m 1p..9p 1s..9s 1z..7z (E S W N P F C).',
  columns: [
    column('tile', 'INTEGER NOT NULL PRIMARY KEY', 1, 'the id', 'none'),
    column('kind', 'INTEGER NOT NULL', 1, 'id / 4', 'none'),
    column('name', 'TEXT    NOT NULL', 1, '1m … 7z', 'none'),
    column('red', 'INTEGER NOT NULL', 1, 'a red five (in games played with red fives)', 'none'),
  ],
  constraints: [],
  withoutRowid: false,
  fill: `INSERT INTO tiles (tile, kind, name, red)
  WITH RECURSIVE ids (tile) AS (SELECT 0 UNION ALL SELECT tile + 1 FROM ids WHERE tile < 135)
  SELECT tile, tile / 4, (tile / 4 % 9 + 1) || substr('mpsz', tile / 4 / 9 + 1, 1), tile IN (16, 52, 88) FROM ids;`,
});

// ---- what the logs say the rules are -------------------------------------------------------------------

export const INFERENCES = table<never, never>({
  name: 'inferences',
  since: 8,
  kind: 'inference',
  doc:
    "What `kanshi infer --db FILE` found the logs say the rules are (docs/scoring.md §9): one row an inference, and per " +
    'knob each value with how many wins, drawn hands or kans agree and disagree under it; `inferred` is 1 for the value ' +
    "the logs support (none of a knob's values has it where no log touches the knob). Written by src/store/inference.ts.",
  columns: [
    column('inference_id', 'INTEGER PRIMARY KEY', 8, 'the inference', 'none'),
    column('inferred_at', 'TEXT NOT NULL', 8, 'ISO time', 'none'),
    column('profile', 'TEXT NOT NULL', 8, 'the profile the flags start from', 'none'),
    column('game_count', 'INTEGER NOT NULL', 8, 'games read', 'none'),
    column('win_count', 'INTEGER NOT NULL', 8, 'wins among them', 'none'),
    column('drawn_hand_count', 'INTEGER NOT NULL', 8, 'drawn hands', 'none'),
    column('kan_count', 'INTEGER NOT NULL', 8, 'kans', 'none'),
    column('flags', 'TEXT NOT NULL', 8, 'the inferred rule set as `kanshi audit` flags: `--profile P` and each value that differs from P\'s', 'none'),
    column('unexplained', 'TEXT NOT NULL', 8, 'JSON: the wins and drawn hands no value of any knob explains, with file, hand, event, seat and what differs', 'none'),
    column('contradicted', "TEXT NOT NULL DEFAULT '[]'", 12, "JSON: the cases the value kept contradicts, the logs' own errors (file, hand, event, seat, what differs, and the values they agree under)", 'none'),
  ],
  constraints: [],
  withoutRowid: false,
});

export const INFERRED_KNOBS = table<never, never>({
  name: 'inferred_knobs',
  since: 8,
  kind: 'inference',
  doc: 'Per inference, knob and value, how the logs agree with it.',
  columns: [
    column('inference_id', 'INTEGER NOT NULL REFERENCES inferences (inference_id) ON DELETE CASCADE', 8, 'the inference', 'none'),
    column('knob', 'TEXT NOT NULL', 8, 'the knob', 'none'),
    column('value', 'TEXT NOT NULL', 8, 'one of its values', 'none'),
    column('cases', 'TEXT NOT NULL', 8, 'what a case is for the knob', 'none'),
    column('agree_count', 'INTEGER NOT NULL', 8, 'cases that agree with the logs under the value, the other knobs at the base', 'none'),
    column('disagree_count', 'INTEGER NOT NULL', 8, '… that disagree', 'none'),
    column('joint_count', 'INTEGER NOT NULL', 8, 'cases explained only with a value of another knob', 'none'),
    column('inferred', 'INTEGER NOT NULL', 8, "1 for the value the logs support, weak ones included; no value of a knob has it where the logs do not decide it (untouched, a tie, or a producer's convention)", 'none'),
    column('status', "TEXT NOT NULL DEFAULT 'untouched'", 12, "the knob's status, on each of its rows: untouched, tie, weak, inferred, convention, or declared (the logs declare it)", 'none'),
    column('tied', 'INTEGER NOT NULL DEFAULT 0', 12, "1 on each of a tie's best values", 'none'),
    column('convention', 'INTEGER NOT NULL DEFAULT 0', 12, "1 on the value a producer's order of events follows (status convention)", 'none'),
    column('deciding', 'TEXT', 12, 'JSON, on the row of the inferred or convention value: its deciding cases [{file, logId, hand, seat, eventIndex, what}]; null elsewhere', 'none'),
  ],
  constraints: ['PRIMARY KEY (inference_id, knob, value)'],
  withoutRowid: false,
});

// ---- audit_groups --------------------------------------------------------------------------------------

/** An expression over the audit (`a`) and its game (`g`), given the names they go by in a statement. */
export type GroupExpr = (a: string, g: string) => string;

/** A column of audit_groups: a part of the group's key, or a sum over its audits. */
export interface GroupColumn {
  readonly name: string;
  readonly type: string;
  readonly since: number;
  readonly doc: string;
  readonly role: 'key' | 'sum';
  /** One audit's value (key) or part of the sum. */
  readonly expr: GroupExpr;
  /** The games columns it reads (a change to them moves the game's audits between groups). */
  readonly reads: readonly string[];
}

/** audit_groups came in version 11; what it adds up grows with the totals. */
export const AUDIT_GROUPS_SINCE = 11;

/** What a group is: each column with its value for one audit and its game. */
const GROUP_KEY: readonly GroupColumn[] = ([
  { name: 'status', type: 'TEXT    NOT NULL', doc: 'audits.status', expr: (a) => `${a}.status`, reads: [] },
  { name: 'platform', type: 'TEXT', doc: "the games' platform", expr: (_, g) => `${g}.platform`, reads: ['platform'] },
  { name: 'format', type: 'TEXT', doc: "… format", expr: (_, g) => `${g}.format`, reads: ['format'] },
  { name: 'player_count', type: 'INTEGER', doc: '… player_count', expr: (_, g) => `${g}.player_count`, reads: ['player_count'] },
  { name: 'lobby_level', type: 'TEXT', doc: '… lobby_level', expr: (_, g) => `${g}.lobby_level`, reads: ['lobby_level'] },
  {
    name: 'year',
    type: 'TEXT',
    doc: "YYYY: games.played_on's, else a Tenhou log id's first four digits; else null",
    expr: (_, g) => `coalesce(substr(${g}.played_on, 1, 4), CASE WHEN ${g}.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(${g}.log_id, 1, 4) END)`,
    reads: ['played_on', 'log_id'],
  },
  { name: 'facts_digest', type: 'TEXT', doc: 'games.facts_digest', expr: (_, g) => `${g}.facts_digest`, reads: ['facts_digest'] },
] as Omit<GroupColumn, 'since' | 'role'>[]).map((k) => Object.freeze({ ...k, since: AUDIT_GROUPS_SINCE, role: 'key' as const }));

/**
 * What a group adds up, as of the catalog: the games and those with wins, their hands, then every total of
 * games (null counted 0) and of audits. A sum of a total added after version 11 comes with its total.
 */
function groupSums(tables: readonly AnyTable[]): GroupColumn[] {
  const since = (c: AnyColumn) => Math.max(AUDIT_GROUPS_SINCE, c.since);
  // A column added to the table after it was made needs a default (ALTER TABLE … ADD COLUMN … NOT NULL).
  const type = (s: number) => (s > AUDIT_GROUPS_SINCE ? 'INTEGER NOT NULL DEFAULT 0' : 'INTEGER NOT NULL');
  const sums: GroupColumn[] = [
    { name: 'games', type: type(11), since: 11, doc: 'audits in the group (one per game)', role: 'sum', expr: () => '1', reads: [] },
    { name: 'games_with_wins', type: type(11), since: 11, doc: '… with audits.wins > 0', role: 'sum', expr: (a) => `(${a}.wins > 0)`, reads: [] },
    { name: 'hand_count', type: type(11), since: 11, doc: 'sum of games.hand_count (null counted 0)', role: 'sum', expr: (_, g) => `coalesce(${g}.hand_count, 0)`, reads: ['hand_count'] },
  ];
  const games = tables.find((t) => t.name === 'games')!;
  const audits = tables.find((t) => t.name === 'audits')!;
  for (const c of games.columns.filter((c) => c.total)) {
    sums.push({ name: c.name, type: type(since(c)), since: since(c), doc: `sum of games.${c.name} (null counted 0)`, role: 'sum', expr: (_, g) => `coalesce(${g}.${c.name}, 0)`, reads: [c.name] });
  }
  for (const c of audits.columns.filter((c) => c.total)) {
    sums.push({ name: c.name, type: type(since(c)), since: since(c), doc: `sum of audits.${c.name}`, role: 'sum', expr: (a) => `${a}.${c.name}`, reads: [] });
  }
  return sums.map((s) => Object.freeze(s));
}

/** audit_groups' columns for a catalog: its key, then its sums. */
export function auditGroupColumns(tables: readonly AnyTable[]): GroupColumn[] {
  return [...GROUP_KEY, ...groupSums(tables)];
}

export const AUDIT_GROUPS_DOC =
  "Version 11: the audits of each rule set grouped by what the statistics group them by (status and the game's platform, " +
  "format, players, lobby, year and facts version), with the sums of the games' and the audits' totals: kan_stats, " +
  'rinshan_stats, riichi_kan_frequency, chankan_suukaikan_stats, rule_set_summary, score_conformance, kan_scoring and ' +
  '`kanshi report` read these few rows instead of every audit joined to its game. Triggers keep each group equal to the ' +
  'same computed from audits JOIN games, whatever writes (the writer, kanshi merge, a migration, a hand-made UPDATE); a ' +
  'group left with no game is removed.';

// ---- the catalog ---------------------------------------------------------------------------------------

/** A catalog: its tables in the order of schemas/audit.sql (audit_groups, made from the others, after audits). */
export interface Catalog {
  readonly version: number;
  readonly tables: readonly AnyTable[];
}

/** Every stored fact, as of the current schema version. */
export const CATALOG: Catalog = Object.freeze({
  version: 13,
  tables: Object.freeze([
    RULE_SETS, GAMES, PLAYERS, HANDS, KANS, REVEALS, WINS, RIICHI_DECLARATIONS, ABORTS, AUDITS,
    KAN_VERDICTS, RIICHI_KAN_VERDICTS, WIN_DORA, FINDINGS, FINDING_KINDS_TABLE, RIICHI_KAN_REASONS_TABLE, YAKU_LIST, TILES,
    INFERENCES, INFERRED_KNOBS, GAME_RULES,
  ] as AnyTable[]),
});

/** The columns of the current version (a retired column left out). */
export function currentColumns(t: AnyTable): AnyColumn[] {
  return t.columns.filter((c) => c.until === undefined);
}

/** The columns a row builder writes (in table order, after the keys the writer fills). */
export function writtenColumns(t: AnyTable): AnyColumn[] {
  return currentColumns(t).filter((c) => typeof c.value === 'function');
}

/** The key columns the writer fills, in table order. */
export function keyColumns(t: AnyTable): AnyColumn[] {
  return t.columns.filter((c) => c.value === 'key');
}

/** The columns the writer sets as it writes a row, in table order. */
export function writerColumns(t: AnyTable): AnyColumn[] {
  return t.columns.filter((c) => c.value === 'writer');
}

/** The tables of a game's facts but games itself, parents first (the order inserts go in; deletes go in reverse). */
export const FACT_TABLE_NAMES: readonly string[] = CATALOG.tables.filter((t) => t.kind === 'fact' && t.name !== 'games').map((t) => t.name);
/** The tables of an audit's verdicts, audits first (the order inserts go in; deletes go in reverse). */
export const VERDICT_TABLE_NAMES: readonly string[] = CATALOG.tables.filter((t) => t.kind === 'verdict').map((t) => t.name);

export function tableOf(catalog: Catalog, name: string): AnyTable {
  const t = catalog.tables.find((x) => x.name === name);
  if (!t) throw new Error(`the catalog has no table ${name}`);
  return t;
}
