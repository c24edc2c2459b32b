/**
 * `kanshi merge`: the games and audits of several kanshi databases (the shards of `kanshi audit --shard
 * K/N`, or audits run anywhere) copied into one, as if one audit had written them all.
 *
 * Keys: a game is its content hash (`games.content_hash`), a rule set its `rules_key`; `game_id` and
 * `rule_set_id` are the target's own, remapped on the way. Each input is merged in one transaction, by
 * `INSERT … SELECT` from the input ATTACHed beside the target (SQLite copies the rows; none passes through
 * JavaScript), through three temporary maps (rule sets, games, audits).
 *
 * Which rows win, when a game or an audit is in the target already:
 * - **Facts** (games and the per-game fact tables) are kept once per content hash. The same `facts_digest`
 *   (the same kanshi read the same bytes) means the same rows: the target's are kept, its `file` included.
 *   Otherwise the input's facts replace the target's when the target has none (the file could not be read
 *   there) or the input's were written by a newer `FACTS_VERSION` (`facts-N`, higher N); with the same
 *   version but another digest (not made by kanshi today), the game audited last (`audits.audited_at`)
 *   wins. An input without facts for a game never replaces facts.
 * - **Verdicts** (audits and its child tables) are kept once per (rules_key, game): the input's replace the
 *   target's only when audited later (`audited_at`, strictly); otherwise the target's stay. Verdicts are
 *   only kept with the facts they were drawn from: when the input's facts replace the target's, the
 *   target's verdicts of that game go under every rule set, and an input's verdicts of facts the target
 *   does not keep are left out (a resumed audit does them again), as the writer does.
 * - `rule_sets`: one row per `rules_key`; `first_run_at` the earliest, `last_run_at` the latest, and the
 *   profile of the latest run.
 * Merging the same input again therefore changes nothing, and the order of the inputs matters only where
 * they disagree (different kanshi versions, or audits of the same game at different times).
 *
 * Inputs are checked like any database kanshi reads (`openStore(…, { readonly: true })`): a file that is
 * not kanshi's, or of another schema version, is refused before anything is merged. better-sqlite3's
 * SQLite has URI file names off, so the input cannot be ATTACHed with `mode=ro`: it is attached plainly
 * and only ever read (SELECT).
 */
import { realpathSync, existsSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { FACT_TABLE_NAMES, VERDICT_TABLE_NAMES } from './catalog.js';
import { StoreError } from './errors.js';
import { asStoreError, connect } from './connect.js';
import { checkSchema } from './schema.js';
import { openStore } from './store.js';

type Database = BetterSqlite3.Database;

/** Per-game fact tables, parents first (the order inserts go in; deletes go in reverse). */
const FACT_TABLES = FACT_TABLE_NAMES;
/** Verdict tables, parents first. */
const VERDICT_TABLES = VERDICT_TABLE_NAMES;

export interface MergeInputResult {
  file: string;
  /** Rule sets the input holds (new to the target or not). */
  ruleSets: number;
  /** Games new to the target. */
  gamesAdded: number;
  /** Games whose facts the input's replaced (newer FACTS_VERSION, or facts where the target had none). */
  gamesReplaced: number;
  /** Games the target held already with the facts it keeps. */
  gamesKept: number;
  /** Audits (rule set, game) new to the target. */
  auditsAdded: number;
  /** Audits of the target replaced by a later one from the input. */
  auditsReplaced: number;
  /** Audits of the input passed over: the target's is as recent or more. */
  auditsKept: number;
  seconds: number;
}

export interface MergeResult {
  into: string;
  inputs: MergeInputResult[];
  /** Rows in the target's games and audits tables after the merge. */
  games: number;
  audits: number;
  seconds: number;
}

export interface MergeOptions {
  /** Called after each input's transaction commits. */
  onInput?: (result: MergeInputResult) => void;
  /**
   * SQLite's page cache for the target's connection, in KiB (default: SQLite's, 16 MiB with better-sqlite3;
   * a larger cache merges no faster, docs/PERFORMANCE.md).
   */
  cacheSizeKiB?: number;
}

/**
 * Merges the inputs into `into` (created if missing; migrated or refused like any database kanshi writes).
 * Every input is checked first; then each is merged in its own transaction, in the order given.
 */
export function mergeDatabases(into: string, inputs: readonly string[], options: MergeOptions = {}): MergeResult {
  const started = performance.now();
  if (inputs.length === 0) throw new StoreError('nothing to merge: give at least one input database');
  const target = existsSync(into) ? realpathSync(into) : null;
  for (const file of inputs) {
    // The store's checks: missing, not SQLite, not kanshi's, empty, older or newer schema.
    openStore(file, { readonly: true }).close();
    const real = realpathSync(file);
    if (target !== null && real === target) throw new StoreError(`${file} is the target database itself (--into ${into}): nothing to merge from it`);
  }
  // Creates, migrates or refuses the target; fills its closed lists.
  openStore(into).close();
  const db = connect(into, false, options.cacheSizeKiB === undefined ? {} : { cacheSizeKiB: options.cacheSizeKiB });
  const results: MergeInputResult[] = [];
  try {
    checkSchema(db, into, false);
    for (const file of inputs) {
      const result = mergeOne(db, file);
      results.push(result);
      options.onInput?.(result);
    }
    const count = (t: string) => db.prepare(`SELECT count(*) FROM main.${t}`).pluck().get() as number;
    return { into, inputs: results, games: count('games'), audits: count('audits'), seconds: (performance.now() - started) / 1000 };
  } catch (err) {
    throw asStoreError(into, err);
  } finally {
    db.close();
  }
}

/** The columns of a table but its ids (generated columns are not listed by table_info). */
function columnsOf(db: Database, schema: string, table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info(?, ?) ORDER BY cid`).pluck().all(table, schema) as string[]).filter(
    (c) => c !== 'game_id' && c !== 'rule_set_id',
  );
}

/** The input's columns must be the target's (the same schema version makes them so; checked all the same). */
function sharedColumns(db: Database, table: string, file: string): string[] {
  const main = columnsOf(db, 'main', table);
  const src = columnsOf(db, 'src', table);
  if (main.join(',') !== src.join(',')) {
    throw new StoreError(`${file}: table ${table} has other columns than the target's (${src.join(', ')}): not merged`);
  }
  return main;
}

/** `facts-N` → N; another digest 0; none -1. */
const FACTS_RANK = (d: string) => `CASE WHEN ${d} IS NULL THEN -1 WHEN ${d} GLOB 'facts-[0-9]*' THEN CAST(substr(${d}, 7) AS INTEGER) ELSE 0 END`;

function mergeOne(db: Database, file: string): MergeInputResult {
  const started = performance.now();
  db.prepare('ATTACH DATABASE ? AS src').run(file);
  try {
    // The file could have changed since it was checked: look again, through the attached schema.
    const state = db
      .prepare(`SELECT (SELECT user_version FROM src.pragma_user_version) AS v, (SELECT application_id FROM src.pragma_application_id) AS a`)
      .get() as { v: number; a: number };
    const mainState = db.prepare(`SELECT (SELECT user_version FROM pragma_user_version) AS v, (SELECT application_id FROM pragma_application_id) AS a`).get() as {
      v: number;
      a: number;
    };
    if (state.v !== mainState.v || state.a !== mainState.a) {
      throw new StoreError(`${file} is not a kanshi database of schema version ${mainState.v} (version ${state.v}, application_id ${state.a}): not merged`);
    }
    const run = db.transaction(() => mergeAttached(db, file));
    const counts = run.immediate();
    return { file, ...counts, seconds: (performance.now() - started) / 1000 };
  } finally {
    db.exec('DETACH DATABASE src');
  }
}

function mergeAttached(db: Database, file: string): Omit<MergeInputResult, 'file' | 'seconds'> {
  const list = (cols: readonly string[], alias?: string) => cols.map((c) => (alias ? `${alias}.${c}` : c)).join(', ');
  const exec = (sql: string) => db.exec(sql);
  const changes = (sql: string) => db.prepare(sql).run().changes;
  const one = (sql: string) => db.prepare(sql).pluck().get() as number;

  exec(`
    DROP TABLE IF EXISTS temp.merge_rule_sets; DROP TABLE IF EXISTS temp.merge_games; DROP TABLE IF EXISTS temp.merge_audits;
    CREATE TABLE temp.merge_rule_sets (src_id INTEGER PRIMARY KEY, dst_id INTEGER NOT NULL);
    CREATE TABLE temp.merge_games (src_id INTEGER PRIMARY KEY, dst_id INTEGER, action TEXT NOT NULL);
    CREATE TABLE temp.merge_audits (src_rs INTEGER NOT NULL, src_game INTEGER NOT NULL, dst_rs INTEGER NOT NULL, dst_game INTEGER NOT NULL,
                                    replace INTEGER NOT NULL, PRIMARY KEY (src_rs, src_game)) WITHOUT ROWID;`);

  // Rule sets, by rules_key.
  const ruleSetCols = sharedColumns(db, 'rule_sets', file);
  changes(`
    INSERT INTO main.rule_sets (${list(ruleSetCols)}) SELECT ${list(ruleSetCols)} FROM src.rule_sets WHERE true
    ON CONFLICT (rules_key) DO UPDATE SET
      first_run_at = min(first_run_at, excluded.first_run_at),
      last_run_at = max(last_run_at, excluded.last_run_at),
      profile = CASE WHEN excluded.last_run_at > last_run_at THEN excluded.profile ELSE profile END`);
  const ruleSets = changes(`
    INSERT INTO temp.merge_rule_sets (src_id, dst_id)
    SELECT s.rule_set_id, m.rule_set_id FROM src.rule_sets s JOIN main.rule_sets m ON m.rules_key = s.rules_key`);

  // Games, by content hash: new, replace (the input's facts win) or keep.
  changes(`
    INSERT INTO temp.merge_games (src_id, dst_id, action)
    SELECT s.game_id, m.game_id,
      CASE
        WHEN m.game_id IS NULL THEN 'new'
        WHEN s.facts_digest IS NULL OR s.facts_digest IS m.facts_digest THEN 'keep'
        WHEN m.facts_digest IS NULL THEN 'replace'
        WHEN ${FACTS_RANK('s.facts_digest')} <> ${FACTS_RANK('m.facts_digest')}
          THEN CASE WHEN ${FACTS_RANK('s.facts_digest')} > ${FACTS_RANK('m.facts_digest')} THEN 'replace' ELSE 'keep' END
        WHEN coalesce((SELECT max(a.audited_at) FROM src.audits a WHERE a.game_id = s.game_id), '')
           > coalesce((SELECT max(a.audited_at) FROM main.audits a WHERE a.game_id = m.game_id), '') THEN 'replace'
        ELSE 'keep'
      END
    FROM src.games s LEFT JOIN main.games m ON m.content_hash = s.content_hash`);

  const gameCols = sharedColumns(db, 'games', file);
  const factCols = new Map(FACT_TABLES.map((t) => [t, sharedColumns(db, t, file)]));
  // Replaced games: their facts go (children first), and so do the verdicts every rule set drew from them
  // (as the writer does: the input's verdicts come below); the game row takes the input's values, same game_id.
  for (const t of [...VERDICT_TABLES].reverse()) {
    exec(`DELETE FROM main.${t} WHERE game_id IN (SELECT dst_id FROM temp.merge_games WHERE action = 'replace')`);
  }
  for (const t of [...FACT_TABLES].reverse()) {
    exec(`DELETE FROM main.${t} WHERE game_id IN (SELECT dst_id FROM temp.merge_games WHERE action = 'replace')`);
  }
  const gamesReplaced = changes(`
    UPDATE main.games SET ${gameCols.map((c) => `${c} = s.${c}`).join(', ')}
    FROM (SELECT g.dst_id AS merge_dst_id, x.* FROM temp.merge_games g JOIN src.games x ON x.game_id = g.src_id WHERE g.action = 'replace') AS s
    WHERE games.game_id = s.merge_dst_id`);
  const gamesAdded = changes(`
    INSERT INTO main.games (${list(gameCols)})
    SELECT ${list(gameCols, 's')} FROM temp.merge_games g JOIN src.games s ON s.game_id = g.src_id WHERE g.action = 'new' ORDER BY g.src_id`);
  if (gamesAdded > 0) {
    exec(`
      UPDATE temp.merge_games SET dst_id = (
        SELECT m.game_id FROM src.games s JOIN main.games m ON m.content_hash = s.content_hash WHERE s.game_id = merge_games.src_id)
      WHERE action = 'new'`);
  }
  const gamesKept = one(`SELECT count(*) FROM temp.merge_games WHERE action = 'keep'`);
  // The facts of new and replaced games, parents first (foreign keys are on).
  for (const t of FACT_TABLES) {
    const cols = factCols.get(t)!;
    exec(`
      INSERT INTO main.${t} (game_id, ${list(cols)})
      SELECT g.dst_id, ${list(cols, 'x')} FROM temp.merge_games g JOIN src.${t} x ON x.game_id = g.src_id
      WHERE g.action IN ('new', 'replace') ORDER BY g.src_id`);
  }

  // Audits, by (rules_key, game): the input's when the target has none or an older one.
  changes(`
    INSERT INTO temp.merge_audits (src_rs, src_game, dst_rs, dst_game, replace)
    SELECT a.rule_set_id, a.game_id, r.dst_id, g.dst_id, m.game_id IS NOT NULL
    FROM src.audits a
    JOIN temp.merge_rule_sets r ON r.src_id = a.rule_set_id
    JOIN temp.merge_games g ON g.src_id = a.game_id
    JOIN src.games sg ON sg.game_id = a.game_id
    JOIN main.games mg ON mg.game_id = g.dst_id
    LEFT JOIN main.audits m ON m.rule_set_id = r.dst_id AND m.game_id = g.dst_id
    -- Only verdicts drawn from the facts the target keeps: an input's audit of older facts is left out.
    WHERE (g.action <> 'keep' OR sg.facts_digest IS mg.facts_digest)
      AND (m.game_id IS NULL OR a.audited_at > m.audited_at)`);
  for (const t of [...VERDICT_TABLES].reverse()) {
    exec(`DELETE FROM main.${t} WHERE (rule_set_id, game_id) IN (SELECT dst_rs, dst_game FROM temp.merge_audits WHERE replace)`);
  }
  for (const t of VERDICT_TABLES) {
    const cols = sharedColumns(db, t, file);
    exec(`
      INSERT INTO main.${t} (rule_set_id, game_id, ${list(cols)})
      SELECT c.dst_rs, c.dst_game, ${list(cols, 'x')} FROM temp.merge_audits c
      JOIN src.${t} x ON x.rule_set_id = c.src_rs AND x.game_id = c.src_game
      ORDER BY c.dst_rs, c.dst_game`);
  }
  const auditsReplaced = one(`SELECT count(*) FROM temp.merge_audits WHERE replace`);
  const auditsAdded = one(`SELECT count(*) FROM temp.merge_audits`) - auditsReplaced;
  const auditsKept = one(`SELECT count(*) FROM src.audits`) - auditsAdded - auditsReplaced;
  exec(`DROP TABLE temp.merge_rule_sets; DROP TABLE temp.merge_games; DROP TABLE temp.merge_audits;`);
  return { ruleSets, gamesAdded, gamesReplaced, gamesKept, auditsAdded, auditsReplaced, auditsKept };
}
