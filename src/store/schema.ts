/**
 * The schema: `schemas/audit.sql` holds the DDL of the current version; a database records its version in
 * `PRAGMA user_version` and is marked as kanshi's by `PRAGMA application_id`. Opening a fresh file creates
 * the schema, an older one is migrated step by step, a newer one is refused.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { StoreError } from './errors.js';
import { auditGroupsDdl, fillAuditGroupsSql } from './audit-groups.js';
import { AUDIT_TOTAL_COLUMNS, GAME_TOTAL_COLUMNS } from './rows.js';

type Database = BetterSqlite3.Database;

/** The version `schemas/audit.sql` creates (its last line sets the same user_version). */
export const SCHEMA_VERSION = 11;

/** `PRAGMA application_id` of a kanshi database: "kans" in ASCII. */
export const APPLICATION_ID = 0x6b616e73;

/** One step from version `to - 1` to `to`; runs inside the transaction that also sets user_version. */
export interface Migration {
  to: number;
  description: string;
  sql: string;
}

/** The tables keyed by a hand of a game (version 5 renamed their `round` to `hand`). */
const HAND_TABLES = ['hands', 'kans', 'reveals', 'wins', 'riichi_declarations', 'aborts', 'kan_verdicts', 'riichi_kan_verdicts', 'win_dora', 'findings'];

/**
 * The steps from every older version to SCHEMA_VERSION, in order. To change the schema: edit
 * schemas/audit.sql (what a fresh database gets), bump SCHEMA_VERSION and the file's user_version, and add
 * here the SQL that takes a version-(N-1) database's tables to the same shape. A step's SQL is written for
 * the tables of its own version, never read from schemas/audit.sql (which says what the latest version
 * has). Views and the statistics indexes (everything after "-- Views" in schemas/audit.sql) are not a
 * step's business: every view is dropped before the first step and they are all made again from
 * schemas/audit.sql after the last. A step that rebuilds a table must not rely on
 * `PRAGMA foreign_keys = OFF` (it cannot change inside a transaction): create the new table, copy, drop the
 * old one, rename, in an order the keys allow.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    to: 2,
    description: 'riichi_kan_reasons; kandora_conformance counts unrecorded reveal moments apart',
    sql: `
CREATE TABLE riichi_kan_reasons (
  reason  TEXT NOT NULL PRIMARY KEY,
  legal   INTEGER,
  meaning TEXT NOT NULL
) STRICT, WITHOUT ROWID;`,
  },
  {
    to: 3,
    description: 'games.platform; the daiminkanPao knob (existing rule sets had its value none)',
    sql: `
ALTER TABLE games ADD COLUMN platform TEXT;
ALTER TABLE rule_sets ADD COLUMN daiminkanPao TEXT NOT NULL DEFAULT 'none';
UPDATE rule_sets SET rules_key = rules_key || ';daiminkanPao=none';`,
  },
  {
    to: 4,
    description:
      'played_on, win value and dora by source, riichi_declarations, yaku, win_dora by indicator, win_list, finding_list, viewer links; statistics views without per-game subqueries',
    // New columns go at the end of their tables, where a fresh schema has them too. Their values for games
    // already stored come when the games are audited again: FACTS_VERSION (facts-6) makes a resumed audit
    // redo them. Only played_on (from the log id) and the games' totals and kan verdicts' kan columns (from
    // the rows stored) are filled here, since the rest needs the log.
    sql: `
ALTER TABLE games ADD COLUMN played_on TEXT;
ALTER TABLE games ADD COLUMN played_at_hour INTEGER;
UPDATE games SET played_on = substr(log_id, 1, 4) || '-' || substr(log_id, 5, 2) || '-' || substr(log_id, 7, 2),
                 played_at_hour = CAST(substr(log_id, 9, 2) AS INTEGER)
  WHERE log_id GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]gm-*'
    AND date(substr(log_id, 1, 4) || '-' || substr(log_id, 5, 2) || '-' || substr(log_id, 7, 2)) IS NOT NULL;
ALTER TABLE wins ADD COLUMN han INTEGER;
ALTER TABLE wins ADD COLUMN fu INTEGER;
ALTER TABLE wins ADD COLUMN points INTEGER;
ALTER TABLE wins ADD COLUMN limit_name TEXT;
ALTER TABLE wins ADD COLUMN red_dora INTEGER;
ALTER TABLE wins ADD COLUMN kita_dora INTEGER;
ALTER TABLE win_dora ADD COLUMN kandora INTEGER;
ALTER TABLE win_dora ADD COLUMN first_indicator_dora INTEGER;
CREATE TABLE riichi_declarations (
  game_id     INTEGER NOT NULL,
  round       INTEGER NOT NULL,
  event_index INTEGER NOT NULL,
  seat        INTEGER NOT NULL,
  turn        INTEGER NOT NULL,
  tile        INTEGER,
  tsumogiri   INTEGER,
  accepted    INTEGER NOT NULL,
  PRIMARY KEY (game_id, round, seat),
  FOREIGN KEY (game_id, round) REFERENCES rounds (game_id, round)
) STRICT, WITHOUT ROWID;
CREATE TABLE yaku (
  yaku_id INTEGER PRIMARY KEY,
  name    TEXT    NOT NULL,
  name_ja TEXT    NOT NULL,
  yakuman INTEGER NOT NULL
) STRICT;
${GAME_TOTAL_COLUMNS.map((c) => `ALTER TABLE games ADD COLUMN ${c} INTEGER;`).join('\n')}
${gameTotalsSql('rounds', 'round')}
ALTER TABLE kan_verdicts ADD COLUMN kan_kind TEXT;
ALTER TABLE kan_verdicts ADD COLUMN kan_reveal_logged TEXT;
UPDATE kan_verdicts SET (kan_kind, kan_reveal_logged) = (
  SELECT k.kind, k.reveal_logged FROM kans k
  WHERE k.game_id = kan_verdicts.game_id AND k.round = kan_verdicts.round AND k.event_index = kan_verdicts.event_index);`,
  },
  {
    to: 5,
    description:
      'one vocabulary: hands (was rounds) and hand, 1-based (was round, 0-based), kyoku_name, player_count, hand_count, snake_case knob columns',
    // Keys are shifted in two steps (to -hand - 1, then back to positive) so that no row meets another's
    // key on the way; the keys between the tables are checked at commit (defer_foreign_keys).
    sql: `
PRAGMA defer_foreign_keys = ON;
DROP INDEX IF EXISTS wins_chankan;
DROP INDEX IF EXISTS rounds_four_kans;
DROP INDEX IF EXISTS kan_verdicts_timing;
DROP INDEX IF EXISTS win_dora_kandora;
ALTER TABLE rounds RENAME TO hands;
ALTER TABLE hands RENAME COLUMN hand TO kyoku_name;
${HAND_TABLES.map((t) => `ALTER TABLE ${t} RENAME COLUMN round TO hand;
UPDATE ${t} SET hand = -hand - 1 WHERE hand IS NOT NULL;
UPDATE ${t} SET hand = -hand WHERE hand IS NOT NULL;`).join('\n')}
ALTER TABLE games RENAME COLUMN players TO player_count;
ALTER TABLE games RENAME COLUMN round_count TO hand_count;
ALTER TABLE rule_sets RENAME COLUMN kandoraTiming TO kandora_timing;
ALTER TABLE rule_sets RENAME COLUMN riichiKan TO riichi_kan;
ALTER TABLE rule_sets RENAME COLUMN okuriKan TO okuri_kan;
ALTER TABLE rule_sets RENAME COLUMN kokushiAnkanChankan TO kokushi_ankan_chankan;
ALTER TABLE rule_sets RENAME COLUMN fifthKan TO fifth_kan;
ALTER TABLE rule_sets RENAME COLUMN daiminkanPao TO daiminkan_pao;`,
  },
  {
    to: 6,
    description:
      'formats named as src/formats names them (mjlog, tenhou6, mjai); the inconsistency of a hand without an ending is hand-without-ending; ' +
      "the scoring knobs' columns in rule_sets; each win re-scored in win_dora's new columns (the view win_scores)",
    sql: `
UPDATE games SET format = CASE format WHEN 'xml' THEN 'mjlog' WHEN 'json' THEN 'tenhou6' ELSE format END WHERE format IN ('xml', 'json');
UPDATE findings SET details = replace(details, '"what":"round-without-ending"', '"what":"hand-without-ending"')
  WHERE kind = 'replay-inconsistency' AND details LIKE '%"what":"round-without-ending"%';
ALTER TABLE rule_sets ADD COLUMN kiriage_mangan ANY;
ALTER TABLE rule_sets ADD COLUMN honba_points ANY;
ALTER TABLE rule_sets ADD COLUMN kazoe_yakuman ANY;
ALTER TABLE rule_sets ADD COLUMN double_yakuman ANY;
ALTER TABLE rule_sets ADD COLUMN yakuman_stacking ANY;
ALTER TABLE rule_sets ADD COLUMN double_wind_pair_fu ANY;
ALTER TABLE rule_sets ADD COLUMN rinshan_tsumo_fu ANY;
ALTER TABLE rule_sets ADD COLUMN atozuke ANY;
ALTER TABLE rule_sets ADD COLUMN ippatsu_yaku ANY;
ALTER TABLE rule_sets ADD COLUMN ura_dora ANY;
ALTER TABLE rule_sets ADD COLUMN kan_ura ANY;
ALTER TABLE rule_sets ADD COLUMN kandora ANY;
ALTER TABLE rule_sets ADD COLUMN aka_dora ANY;
ALTER TABLE rule_sets ADD COLUMN yakuman_pao ANY;
ALTER TABLE rule_sets ADD COLUMN pao_compound ANY;
ALTER TABLE rule_sets ADD COLUMN pao_ron_honba ANY;
ALTER TABLE rule_sets ADD COLUMN kita_interrupts ANY;
ALTER TABLE rule_sets ADD COLUMN nagashi_mangan ANY;
ALTER TABLE rule_sets ADD COLUMN noten_payments ANY;
ALTER TABLE rule_sets ADD COLUMN three_player_noten ANY;
ALTER TABLE rule_sets ADD COLUMN three_player_tsumo ANY;
ALTER TABLE rule_sets ADD COLUMN three_player_honba ANY;
ALTER TABLE rule_sets ADD COLUMN multiple_ron_honba ANY;
ALTER TABLE rule_sets ADD COLUMN open_tanyao ANY;
ALTER TABLE rule_sets ADD COLUMN renhou ANY;
ALTER TABLE win_dora ADD COLUMN valid INTEGER;
ALTER TABLE win_dora ADD COLUMN yaku TEXT;
ALTER TABLE win_dora ADD COLUMN yakuman TEXT;
ALTER TABLE win_dora ADD COLUMN han INTEGER;
ALTER TABLE win_dora ADD COLUMN fu INTEGER;
ALTER TABLE win_dora ADD COLUMN points INTEGER;
ALTER TABLE win_dora ADD COLUMN limit_name TEXT;
ALTER TABLE win_dora ADD COLUMN deltas TEXT;
ALTER TABLE win_dora ADD COLUMN kan_fu INTEGER;
ALTER TABLE win_dora ADD COLUMN kan_han INTEGER;
ALTER TABLE win_dora ADD COLUMN mismatches INTEGER;
ALTER TABLE win_dora ADD COLUMN components TEXT;`,
  },
  {
    to: 7,
    description: "the audits' totals over their wins (audits.wins … kan_han_wins_points): score_conformance and kan_scoring sum them",
    // Computed once from the win_dora rows and findings stored (src/store/rows.ts addWinTotals counts the
    // same from the replay); the views read one audits row per game from then on.
    sql: `
${AUDIT_TOTAL_COLUMNS.map((c) => `ALTER TABLE audits ADD COLUMN ${c} INTEGER NOT NULL DEFAULT 0;`).join('\n')}
${auditTotalsSql()}`,
  },
  {
    to: 8,
    description: 'inferences and inferred_knobs: what kanshi infer --db found the logs say the rules are',
    sql: `
CREATE TABLE inferences (
  inference_id     INTEGER PRIMARY KEY,
  inferred_at      TEXT NOT NULL,
  profile          TEXT NOT NULL,
  game_count       INTEGER NOT NULL,
  win_count        INTEGER NOT NULL,
  drawn_hand_count INTEGER NOT NULL,
  kan_count        INTEGER NOT NULL,
  flags            TEXT NOT NULL,
  unexplained      TEXT NOT NULL
) STRICT;
CREATE TABLE inferred_knobs (
  inference_id   INTEGER NOT NULL REFERENCES inferences (inference_id) ON DELETE CASCADE,
  knob           TEXT NOT NULL,
  value          TEXT NOT NULL,
  cases          TEXT NOT NULL,
  agree_count    INTEGER NOT NULL,
  disagree_count INTEGER NOT NULL,
  joint_count    INTEGER NOT NULL,
  inferred       INTEGER NOT NULL,
  PRIMARY KEY (inference_id, knob, value)
) STRICT;`,
  },
  {
    to: 9,
    description: "the legality knobs' columns in rule_sets (multiple_ron … riichi_under_thousand), null for the rule sets audited before; finding_kinds.family",
    // finding_kinds is filled from src/audit each time the file is opened for writing: the family with it.
    sql: `
ALTER TABLE finding_kinds ADD COLUMN family TEXT;
ALTER TABLE rule_sets ADD COLUMN multiple_ron ANY;
ALTER TABLE rule_sets ADD COLUMN abortive_draws ANY;
ALTER TABLE rule_sets ADD COLUMN busting ANY;
ALTER TABLE rule_sets ADD COLUMN kuikae ANY;
ALTER TABLE rule_sets ADD COLUMN riichi_under_thousand ANY;`,
  },
  {
    to: 10,
    description: "kan_verdicts.reveal_verdict: the replay's verdict on each kan's logged reveal moment against the rule's, which kandora_timing and kandora_conformance count",
    // The one place SQL states the verdict (src/replay/timing.ts revealVerdict decides it for every row
    // written): for the rows stored, from their logged and rule moments. The index of the timing views
    // gains the column, so the old one goes and the views' section makes it again.
    sql: `
ALTER TABLE kan_verdicts ADD COLUMN reveal_verdict TEXT;
UPDATE kan_verdicts SET reveal_verdict = CASE
    WHEN kan_reveal_logged IS NULL OR reveal_rule IS NULL THEN NULL
    WHEN kan_reveal_logged = 'unrecorded' THEN CASE WHEN reveal_rule = 'never' THEN 'differs' ELSE 'unrecorded' END
    WHEN kan_reveal_logged = 'unknown' OR reveal_rule = 'unknown' THEN 'undecided'
    WHEN kan_reveal_logged = reveal_rule THEN 'conforms'
    ELSE 'differs'
  END;
DROP INDEX IF EXISTS kan_verdicts_timing;`,
  },
  {
    to: 11,
    description: 'audit_groups: the audits grouped by what the statistics group them by, with their totals, kept by triggers',
    // Filled once from every audit and its game; the triggers keep it so from then on.
    sql: `
${auditGroupsDdl()}
${fillAuditGroupsSql()}`,
  },
];

/**
 * The audits' totals (schemas/audit.sql, audits.wins … kan_han_wins_points) computed from the win_dora and
 * findings rows stored: the v7 migration fills them so; src/store/rows.ts addWinTotals and addDrawTotals
 * count the same from the replay. The kan sources read the re-scored yaku JSON as kan_scoring did before
 * version 7: the first `{"id":N,"han":` entry's han.
 */
export function auditTotalsSql(): string {
  const yakuHan = (id: number) => {
    const key = `'{"id":${id},"han":'`;
    return `CASE WHEN instr(w.yaku, ${key}) > 0 THEN CAST(substr(w.yaku, instr(w.yaku, ${key}) + ${key.length - 2}) AS INTEGER) END`;
  };
  const sources: [string, string][] = [
    ['rinshan', yakuHan(4)],
    ['chankan', yakuHan(3)],
    ['sankantsu', yakuHan(27)],
    ['suukantsu', `CASE WHEN instr(',' || substr(w.yakuman, 2, length(w.yakuman) - 2) || ',', ',51,') > 0 THEN 1 END`],
    ['kandora', `CASE WHEN w.kandora > 0 AND w.yakuman = '[]' THEN w.kandora END`],
    ['kan_fu', `CASE WHEN w.kan_fu > 0 THEN w.kan_fu END`],
    ['kan_han', `CASE WHEN w.kan_han > 0 THEN w.kan_han END`],
  ];
  const has = (c: string) => `instr(',' || w.components || ',', ',${c},') > 0`;
  const wins = [
    ['wins', 'count(*)'],
    ['wins_not_rescored', 'total(w.valid IS NULL)'],
    ['wins_agreeing', 'total(w.mismatches = 0)'],
    ['wins_differing', 'total(w.mismatches > 0)'],
    ...['yaku', 'han', 'fu', 'points', 'limit', 'payment'].map((c) => [`wins_${c}_differ`, `total(${has(c)})`]),
    ['valid_wins', 'total(w.valid = 1)'],
  ];
  // Each source's value on a valid win, or null; the totals count and sum those not null.
  const valid = (e: string) => `CASE WHEN w.valid = 1 THEN ${e} END`;
  for (const [name, e] of sources) {
    wins.push([`${name}_wins`, `count(${valid(e)})`]);
    wins.push([`${name}_brought`, `total(${valid(e)})`]);
    wins.push([`${name}_wins_han`, `total(CASE WHEN ${valid(e)} IS NOT NULL THEN w.han END)`]);
    wins.push([`${name}_wins_points`, `total(CASE WHEN ${valid(e)} IS NOT NULL THEN w.points END)`]);
  }
  return `
UPDATE audits SET (${wins.map(([c]) => c).join(', ')}) = (
  SELECT ${wins.map(([, e]) => `CAST(${e} AS INTEGER)`).join(',\n         ')}
  FROM win_dora w WHERE w.rule_set_id = audits.rule_set_id AND w.game_id = audits.game_id)
WHERE EXISTS (SELECT 1 FROM win_dora w WHERE w.rule_set_id = audits.rule_set_id AND w.game_id = audits.game_id);
UPDATE audits SET draws_differing = (
  SELECT count(DISTINCT f.hand) FROM findings f
  WHERE f.rule_set_id = audits.rule_set_id AND f.game_id = audits.game_id AND f.kind = 'score-mismatch'
    AND NOT EXISTS (SELECT 1 FROM win_dora w WHERE w.rule_set_id = f.rule_set_id AND w.game_id = f.game_id AND w.hand = f.hand AND w.event_index = f.event_index))
WHERE EXISTS (SELECT 1 FROM findings f WHERE f.rule_set_id = audits.rule_set_id AND f.game_id = audits.game_id AND f.kind = 'score-mismatch');`;
}

/**
 * The games' totals (schemas/audit.sql, games.completed_kans … kans_in_riichi) computed from the kans, hands
 * and wins rows stored: the v4 migration fills them so (its tables were `rounds` keyed by `round`);
 * src/store/rows.ts gameTotals counts the same from the replay.
 */
export function gameTotalsSql(hands = 'hands', hand = 'hand'): string {
  return `
UPDATE games SET (completed_kans, ankans, daiminkans, kakans, robbed_kans, ankan_replacements, daiminkan_replacements, kakan_replacements,
                  ankan_rinshan_wins, daiminkan_rinshan_wins, kakan_rinshan_wins, kans_in_riichi) = (
  SELECT coalesce(sum(robbed = 0), 0), coalesce(sum(robbed = 0 AND kind = 'ankan'), 0), coalesce(sum(robbed = 0 AND kind = 'daiminkan'), 0),
         coalesce(sum(robbed = 0 AND kind = 'kakan'), 0), coalesce(sum(robbed), 0),
         coalesce(sum(robbed = 0 AND kind = 'ankan' AND replacement_tile IS NOT NULL), 0),
         coalesce(sum(robbed = 0 AND kind = 'daiminkan' AND replacement_tile IS NOT NULL), 0),
         coalesce(sum(robbed = 0 AND kind = 'kakan' AND replacement_tile IS NOT NULL), 0),
         coalesce(sum(robbed = 0 AND kind = 'ankan' AND rinshan_win = 1), 0),
         coalesce(sum(robbed = 0 AND kind = 'daiminkan' AND rinshan_win = 1), 0),
         coalesce(sum(robbed = 0 AND kind = 'kakan' AND rinshan_win = 1), 0),
         coalesce(sum(in_riichi = 1), 0)
  FROM kans k WHERE k.game_id = games.game_id)
WHERE format IS NOT NULL;
UPDATE games SET (kitas, kita_replacement_draws, riichis) = (
  SELECT coalesce(sum(kita), 0), coalesce(sum(kita_replacements), 0), coalesce(sum(riichi), 0) FROM ${hands} ro WHERE ro.game_id = games.game_id)
WHERE format IS NOT NULL;
UPDATE games SET kita_rinshan_wins = (
  SELECT count(*) FROM wins w JOIN ${hands} ro ON ro.game_id = w.game_id AND ro.${hand} = w.${hand}
  WHERE w.game_id = games.game_id AND w.rinshan = 1 AND ro.kita > 0
    AND NOT EXISTS (SELECT 1 FROM kans k WHERE k.game_id = w.game_id AND k.${hand} = w.${hand} AND k.rinshan_win = 1))
WHERE format IS NOT NULL;`;
}

/** The views and statistics indexes of schemas/audit.sql: everything after its "-- Views" line. */
function derivedSql(): string {
  const sql = schemaSql();
  const start = sql.indexOf('\n-- Views ');
  if (start < 0) throw new StoreError(`${schemaPath()} has no "-- Views" line`);
  // The PRAGMA lines at the end belong to the file, not to the views.
  return sql.slice(start).replace(/^PRAGMA .*$/gm, '');
}

let schemaFile: string | undefined;

/**
 * `schemas/audit.sql` under the package root: the nearest folder above this module holding package.json,
 * so the same code finds it from `src/store` (tests) and from `dist/src/store` (the built CLI).
 */
export function schemaPath(): string {
  if (schemaFile) return schemaFile;
  let dir = import.meta.dirname;
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) {
      const file = join(dir, 'schemas', 'audit.sql');
      if (!existsSync(file)) throw new StoreError(`the schema file ${file} is missing (kanshi's install is incomplete)`);
      schemaFile = file;
      return file;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new StoreError(`cannot find kanshi's package root (and schemas/audit.sql) above ${import.meta.dirname}`);
    dir = parent;
  }
}

export function schemaSql(): string {
  return readFileSync(schemaPath(), 'utf8');
}

export interface SchemaState {
  version: number;
  applicationId: number;
  /** Tables, indexes and views in the file. */
  objects: number;
}

/**
 * One statement, so one snapshot: read in three, another kanshi creating the file could commit in
 * between, and a schema with no mark yet (application_id 0) would be taken for a foreign file.
 */
export function schemaState(db: Database): SchemaState {
  const row = db
    .prepare(
      `SELECT (SELECT user_version FROM pragma_user_version) AS version,
              (SELECT application_id FROM pragma_application_id) AS applicationId,
              (SELECT count(*) FROM sqlite_schema) AS objects`,
    )
    .get() as SchemaState;
  return { version: row.version ?? 0, applicationId: row.applicationId ?? 0, objects: row.objects ?? 0 };
}

/** An empty database: no schema object, no version (a new file, or one SQLite left empty). */
function isEmpty(state: SchemaState): boolean {
  return state.objects === 0 && state.version === 0;
}

/**
 * Says why the database cannot be used as it is (a pure read: nothing is written). A file that is not
 * kanshi's and a newer schema are refused; read-only, an empty or older database is refused too (it
 * cannot be created or migrated without writing).
 */
export function checkSchema(db: Database, file: string, readonly: boolean): SchemaState {
  const state = schemaState(db);
  const refusal = schemaRefusal(state, file, readonly);
  if (refusal) throw new StoreError(refusal);
  return state;
}

/**
 * Why a database in this state cannot be used, or null: the same verdict from SQLite's view of the file
 * (checkSchema) or from its bytes before SQLite opens it (file-probe.ts).
 */
export function schemaRefusal(state: SchemaState, file: string, readonly: boolean): string | null {
  if (isEmpty(state)) return readonly ? `${file} is an empty database: no audit has been written to it (run kanshi audit first)` : null;
  if (state.applicationId !== APPLICATION_ID) {
    return `${file} is an SQLite database, but not one kanshi wrote (application_id ${state.applicationId}); give another --db file`;
  }
  if (state.version > SCHEMA_VERSION) {
    return `${file} has schema version ${state.version}, newer than this kanshi supports (${SCHEMA_VERSION}): it was written by a newer kanshi; upgrade kanshi to read it`;
  }
  if (state.version < SCHEMA_VERSION && readonly) {
    return `${file} has schema version ${state.version}, older than this kanshi's (${SCHEMA_VERSION}); run kanshi audit on it once to migrate it`;
  }
  return null;
}

/**
 * Makes the database's schema the current one, or says why it cannot: creates it in an empty file,
 * migrates an older one (all steps in one transaction: a kill midway leaves the old version), refuses a
 * newer one or a file that is not kanshi's. Read-only opens never change the file.
 *
 * Creating and migrating happen in one IMMEDIATE transaction that looks at the file again once it holds
 * the write lock: a second kanshi creating (or migrating) the same database at the same moment waits for
 * the first, then finds the work done and goes on.
 */
export function ensureSchema(db: Database, file: string, readonly: boolean, migrations: readonly Migration[] = MIGRATIONS): void {
  const state = checkSchema(db, file, readonly);
  if (readonly || (!isEmpty(state) && state.version === SCHEMA_VERSION)) return;
  db.transaction(() => {
    const now = checkSchema(db, file, false);
    if (isEmpty(now)) createSchema(db);
    else if (now.version < SCHEMA_VERSION) migrateSteps(db, file, now.version, SCHEMA_VERSION, migrations);
  }).immediate();
}

/** Creates the schema of schemas/audit.sql; inside the caller's transaction. */
function createSchema(db: Database): void {
  db.exec(schemaSql());
  const created = db.pragma('user_version', { simple: true }) as number;
  // The file and the code must agree, or migrations would be applied to the wrong shape later.
  if (created !== SCHEMA_VERSION) {
    throw new StoreError(`${schemaPath()} sets schema version ${created}, but this kanshi expects ${SCHEMA_VERSION}`);
  }
}

/** Applies the steps from `from` to `to`, all in one transaction. */
export function migrate(db: Database, file: string, from: number, to: number, migrations: readonly Migration[]): void {
  db.transaction(() => migrateSteps(db, file, from, to, migrations)).immediate();
}

/** The steps from `from` to `to`, inside the caller's transaction. */
function migrateSteps(db: Database, file: string, from: number, to: number, migrations: readonly Migration[]): void {
  const steps: Migration[] = [];
  for (let v = from + 1; v <= to; v++) {
    const step = migrations.find((m) => m.to === v);
    if (!step) throw new StoreError(`${file} has schema version ${from}, and this kanshi has no migration to version ${v}; audit into a new --db file`);
    steps.push(step);
  }
  // The steps change the tables under the views: the views go first, and come back from schemas/audit.sql
  // once the tables are the latest version's.
  const views = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'view'`).pluck().all() as string[];
  for (const view of views) db.exec(`DROP VIEW "${view.replaceAll('"', '""')}"`);
  for (const step of steps) {
    try {
      db.exec(step.sql);
    } catch (err) {
      throw new StoreError(`migrating ${file} to schema version ${step.to} (${step.description}) failed: ${(err as Error).message}`, { cause: err });
    }
    db.pragma(`user_version = ${step.to}`);
  }
  if (to === SCHEMA_VERSION) {
    try {
      db.exec(derivedSql());
    } catch (err) {
      throw new StoreError(`migrating ${file}: making the views of schema version ${to} failed: ${(err as Error).message}`, { cause: err });
    }
  }
}
