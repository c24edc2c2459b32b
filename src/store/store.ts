/**
 * Opening the audit database: the file checked to be kanshi's before anything is written, then WAL,
 * synchronous=NORMAL, foreign keys on, the schema created, migrated or refused (src/store/schema.ts); then
 * writing batches, asking what is already audited, reading; on closing, back to a rollback journal.
 */
import { existsSync } from 'node:fs';
import type { Inference } from '../infer/index.js';
import { latestInference, saveInference, type StoredInference } from './inference.js';
import Database from 'better-sqlite3';
import { FINDING_KINDS, type GameAudit, type Severity } from '../audit/index.js';
import { RIICHI_KAN_REASONS } from '../hand/index.js';
import { StoreError } from './errors.js';
import { readQuery, type QueryResult } from './query.js';
import { asStoreError, checkBeforeWriting, connect, openReadOnly } from './connect.js';
import { checkSchema, CURRENT_SCHEMA, ensureSchema, SCHEMA_VERSION, type Migration, type SchemaDefinition } from './schema.js';
import { listRuleSets, statsReport, type RuleSetChoice, type RuleSetSummary, type StatsReport } from './stats.js';
import { FINDING_KINDS_TABLE, RIICHI_KAN_REASONS_TABLE, YAKU_LIST, type AnyTable } from './catalog.js';
import { findingKindValues, insertColumns, riichiKanReasonValues, yakuList, yakuListValues } from './rows.js';
import { AuditWriter, FACTS_VERSION, prepareAudit, type PreparedAudit } from './writer.js';

export interface OpenStoreOptions {
  /** Open an existing database for reading only (no schema change, no write can happen). */
  readonly?: boolean;
  /** Milliseconds to wait for another writer's lock before failing (default 10 s). */
  busyTimeoutMs?: number;
  /**
   * SQLite's page cache for this connection, in KiB (default: SQLite's, 16 MiB with better-sqlite3). A batch
   * that dirties more pages than this spills them into the WAL before its commit (still atomic).
   */
  cacheSizeKiB?: number;
  /**
   * Read-only: when this process can write the database and its folder, read it in WAL mode (switching a
   * database at rest, and back when closing), so that an audit can write while a long read runs (see
   * `openReadOnly` in connect.ts). The CLI's reading commands ask for it.
   */
  letWritersIn?: boolean;
  /** Migration steps to use instead of the built-in ones (tests). */
  migrations?: readonly Migration[];
  /** A schema to make or migrate to instead of the current one (tests: a catalog grown by a version). */
  schema?: SchemaDefinition;
}

export interface Store {
  readonly file: string;
  readonly readonly: boolean;
  /**
   * Writes a batch of audits in one transaction. Writing an audit again (same file bytes, same rules)
   * replaces its rows with the same rows; audits under other rules are kept apart.
   */
  writeBatch(audits: readonly GameAudit[]): void;
  /** The same, for audits whose rows `prepareAudit` built already (in worker threads). */
  writePrepared(audits: readonly PreparedAudit[]): void;
  /** Content hashes of the files already audited under these rules (to skip them when an audit resumes). */
  auditedHashes(rulesKey: string): Set<string>;
  isAudited(contentHash: string, rulesKey: string): boolean;
  /** The platform this kanshi stored for a game and the rules keys it was audited under (resume with a rule set per platform). */
  auditsOf(contentHash: string): { platform: string | null; rulesKey: string }[];
  /**
   * Whether any game read by this kanshi is audited under one of these rules keys: when none is, a resumed
   * audit has nothing to pass over and need not ask file by file.
   */
  hasAuditsUnder(rulesKey: string): boolean;
  /**
   * The findings stored, by severity, for these games (by content hash) under one rules key, as a resumed
   * audit passes them over: what the audits passed over said. `games`: how many of them have such an audit.
   */
  storedSeverities(contentHashes: readonly string[], rulesKey: string): { games: number; severities: Record<Severity, number> };
  /** The rule sets audited into this database, latest run first, with their counts. */
  ruleSets(): RuleSetSummary[];
  /** Rows in every table (not views), by table name. */
  rowCounts(): Record<string, number>;
  /** One read-only statement that returns rows. */
  query(sql: string): QueryResult;
  /** The canned statistics for one rule set (default: the latest). */
  stats(choice?: RuleSetChoice): StatsReport;
  /** Keeps what `kanshi infer` found, in one transaction; its id. */
  saveInference(inference: Inference): number;
  /** The latest inference kept, or null. */
  latestInference(): StoredInference | null;
  close(): void;
}

/**
 * Opens (and, unless read-only, creates) the audit database at `file`. Throws StoreError with a clear
 * message for a missing file (read-only), a file that is not a kanshi database, or a newer schema.
 *
 * Nothing is written to a file before it is known to be kanshi's (or empty): its header is read first,
 * then SQLite's view of it, and only then is the journal mode set (connect.ts). A database is written in
 * WAL mode and put back in rollback-journal mode when its last writer closes it, so that it can be read
 * where its folder cannot be written.
 */
export function openStore(file: string, options: OpenStoreOptions = {}): Store {
  if (options.readonly) {
    const { db, keeper } = openReadOnly(file, options);
    return new SqliteStore(db, file, true, false, keeper);
  }
  checkBeforeWriting(file);
  const db = connect(file, false, options);
  try {
    const schema = options.schema ?? (options.migrations ? { ...CURRENT_SCHEMA, migrations: options.migrations } : CURRENT_SCHEMA);
    checkSchema(db, file, false, schema.version);
    // Only now, the file being kanshi's or empty, is anything written.
    whileBusy(options.busyTimeoutMs ?? 10_000, () => {
      configure(db);
      ensureSchema(db, file, false, schema);
      describeClosedLists(db);
    });
  } catch (err) {
    if (db.open) db.close();
    if (isBusy(err)) throw lockedError(file, options.busyTimeoutMs ?? 10_000, err);
    throw asStoreError(file, err);
  }
  return new SqliteStore(db, file, false);
}

/**
 * The database stayed locked for the whole wait. A kanshi reader lets writers in (it reads in WAL mode:
 * `letWritersIn`), so the hold is another program's, or a reader that could not write the folder to
 * switch the file to WAL mode, reading it in rollback mode for as long as its statement runs.
 */
function lockedError(file: string, waitedMs: number, cause: unknown): StoreError {
  return new StoreError(
    `cannot open ${file}: database is locked: another process holds it (reading it in rollback-journal mode, or writing it) ` +
      `and did not let go in ${waitedMs / 1000} s; run this again once it has ended`,
    { cause },
  );
}

/**
 * A further writing connection to a database that openStore has opened (and so made kanshi's, at this
 * schema version, in WAL mode): the one a batch's worker thread writes its audits through, each task in a
 * transaction of its own. It writes no schema and sets no journal mode, and closing it leaves the journal
 * mode to the connection that opened the database. A file that is not at this schema version is refused.
 */
export function joinStore(file: string, options: Pick<OpenStoreOptions, 'busyTimeoutMs' | 'cacheSizeKiB'> = {}): Store {
  // Never creates the file: the connection that opened the database made it.
  if (!existsSync(file)) throw new StoreError(`no database at ${file} to write into (open it with openStore first)`);
  const db = connect(file, false, options);
  try {
    const state = checkSchema(db, file, false);
    if (state.version !== SCHEMA_VERSION) throw new StoreError(`${file} is not at schema version ${SCHEMA_VERSION}: open it with openStore first`);
    configureWriter(db);
  } catch (err) {
    if (db.open) db.close();
    throw asStoreError(file, err);
  }
  return new SqliteStore(db, file, false, false);
}

/**
 * Runs `step` again while SQLite answers "database is locked" for up to `timeoutMs`. Some of its busy
 * results skip the busy handler: switching to WAL while another connection switches back to a rollback
 * journal on close (six kanshi creating one database at once hit it about once in 150 opens).
 */
function whileBusy(timeoutMs: number, step: () => void): void {
  const until = Date.now() + timeoutMs;
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    try {
      return step();
    } catch (err) {
      if (!isBusy(err) || Date.now() + pause > until) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pause);
    }
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

function configure(db: Database.Database): void {
  // WAL: readers never block the writer, and a killed writer leaves only uncommitted frames behind,
  // which the next open ignores.
  db.pragma('journal_mode = WAL');
  configureWriter(db);
}

/** A writing connection's own settings (each connection has its own). */
function configureWriter(db: Database.Database): void {
  // NORMAL is durable against a killed process (not a power cut in the last instant), and much faster than FULL.
  db.pragma('synchronous = NORMAL');
  // A checkpoint (pages copied into the database, then an fsync) every 40 MB of log rather than SQLite's
  // 4 MB: a batch audit then waits on fewer syncs and copies a page rewritten by several batches once
  // (docs/PERFORMANCE.md). The log is folded in and removed when the audit closes.
  db.pragma('wal_autocheckpoint = 10000');
}

/** An upsert of a closed list's row: its columns from the catalog, the first one the key. */
function upsert(db: Database.Database, t: AnyTable): Database.Statement {
  const { columns } = insertColumns(t);
  const [key, ...rest] = columns;
  return db.prepare(
    `INSERT INTO ${t.name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
     ON CONFLICT (${key}) DO UPDATE SET ${rest.map((c) => `${c} = excluded.${c}`).join(', ')}`,
  );
}

/** The closed lists of finding kinds, riichi-kan reasons and yaku, for queries to join (kept in step with the code that opens the file). */
function describeClosedLists(db: Database.Database): void {
  const kinds = upsert(db, FINDING_KINDS_TABLE);
  const reasons = upsert(db, RIICHI_KAN_REASONS_TABLE);
  const yaku = upsert(db, YAKU_LIST);
  db.transaction(() => {
    for (const [kind, info] of Object.entries(FINDING_KINDS)) {
      kinds.run(findingKindValues({ kind, severity: info.severity, rule: 'rule' in info ? info.rule : null, description: info.description, family: info.family }, null));
    }
    for (const [reason, info] of Object.entries(RIICHI_KAN_REASONS)) reasons.run(riichiKanReasonValues({ reason, legal: info.legal, meaning: info.meaning }, null));
    for (const y of yakuList()) yaku.run(yakuListValues(y, null));
  }).immediate();
}

/**
 * Games audited under a rules key (parameters: rules key, FACTS_VERSION). Only a game this version of
 * kanshi read (facts_digest = FACTS_VERSION) counts as done: an unreadable file, or one read by an older
 * kanshi, is audited again.
 */
const AUDITED_UNDER_RULES = `FROM audits a
  JOIN rule_sets r ON r.rule_set_id = a.rule_set_id JOIN games g ON g.game_id = a.game_id
  WHERE r.rules_key = ? AND g.facts_digest = ?`;

class SqliteStore implements Store {
  private writer: AuditWriter | null = null;
  private isAuditedStatement: Database.Statement | null = null;
  private auditsOfStatement: Database.Statement | null = null;

  constructor(
    private readonly db: Database.Database,
    readonly file: string,
    readonly readonly: boolean,
    /** Whether this connection opened the database for writing, and so puts its journal mode back on close. */
    private readonly owner = !readonly,
    /** A reader's writable connection that holds the database in WAL mode, and puts it back on close (connect.ts). */
    private readonly keeper: Database.Database | null = null,
  ) {}

  writeBatch(audits: readonly GameAudit[]): void {
    this.writePrepared(audits.map(prepareAudit));
  }

  writePrepared(audits: readonly PreparedAudit[]): void {
    if (this.readonly) throw new StoreError(`${this.file} was opened read-only`);
    this.writer ??= new AuditWriter(this.db);
    this.writer.writePrepared(audits);
  }

  auditedHashes(rulesKey: string): Set<string> {
    const hashes = this.db.prepare(`SELECT g.content_hash ${AUDITED_UNDER_RULES}`).pluck().all(rulesKey, FACTS_VERSION) as string[];
    return new Set(hashes);
  }

  isAudited(contentHash: string, rulesKey: string): boolean {
    this.isAuditedStatement ??= this.db.prepare(`SELECT 1 ${AUDITED_UNDER_RULES} AND g.content_hash = ?`).pluck();
    return this.isAuditedStatement.get(rulesKey, FACTS_VERSION, contentHash) !== undefined;
  }

  auditsOf(contentHash: string): { platform: string | null; rulesKey: string }[] {
    this.auditsOfStatement ??= this.db.prepare(
      `SELECT g.platform AS platform, r.rules_key AS rulesKey FROM audits a
       JOIN rule_sets r ON r.rule_set_id = a.rule_set_id JOIN games g ON g.game_id = a.game_id
       WHERE g.content_hash = ? AND g.facts_digest = ?`,
    );
    return this.auditsOfStatement.all(contentHash, FACTS_VERSION) as { platform: string | null; rulesKey: string }[];
  }

  hasAuditsUnder(rulesKey: string): boolean {
    return this.db.prepare(`SELECT EXISTS (SELECT 1 ${AUDITED_UNDER_RULES})`).pluck().get(rulesKey, FACTS_VERSION) === 1;
  }

  storedSeverities(contentHashes: readonly string[], rulesKey: string): { games: number; severities: Record<Severity, number> } {
    if (contentHashes.length === 0) return { games: 0, severities: { error: 0, warning: 0, info: 0 } };
    // One statement for any number of games: the hashes go in as one JSON array, looked up by games'
    // unique content_hash index; each game's audit is the one under the rules key, as the resume check
    // (auditsOf) chose it.
    const row = this.db
      .prepare(
        `SELECT count(*) AS games, coalesce(sum(a.errors), 0) AS error, coalesce(sum(a.warnings), 0) AS warning, coalesce(sum(a.infos), 0) AS info
         FROM (SELECT DISTINCT value AS hash FROM json_each(?)) h
         JOIN games g ON g.content_hash = h.hash
         JOIN audits a ON a.game_id = g.game_id
         JOIN rule_sets r ON r.rule_set_id = a.rule_set_id
         WHERE g.facts_digest = ? AND r.rules_key = ?`,
      )
      .get(JSON.stringify(contentHashes), FACTS_VERSION, rulesKey) as { games: number } & Record<Severity, number>;
    return { games: row.games, severities: { error: row.error, warning: row.warning, info: row.info } };
  }

  ruleSets(): RuleSetSummary[] {
    return listRuleSets(this.db);
  }

  rowCounts(): Record<string, number> {
    const tables = this.db
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .pluck()
      .all() as string[];
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = this.db.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number;
    return counts;
  }

  query(sql: string): QueryResult {
    return readQuery(this.db, sql);
  }

  stats(choice?: RuleSetChoice): StatsReport {
    return statsReport(this.db, choice);
  }

  saveInference(inference: Inference): number {
    if (this.readonly) throw new StoreError(`${this.file} was opened read-only`);
    return saveInference(this.db, inference);
  }

  latestInference(): StoredInference | null {
    return latestInference(this.db);
  }

  close(): void {
    if (!this.db.open) return;
    if (this.owner) putAtRest(this.db);
    this.db.close();
    if (this.keeper?.open) {
      putAtRest(this.keeper);
      this.keeper.close();
    }
  }
}

/**
 * Back to a rollback journal, so readers need no -shm file (a folder they cannot write). Only the last
 * connection can: with another open (a second audit, a query), the database stays in WAL mode. The
 * connection reads first, which opens its WAL: one that never did (a reader's keeper) switched the header
 * back but left the -wal (0 bytes) and -shm (32 KB) its reader had made.
 */
function putAtRest(db: Database.Database): void {
  try {
    db.pragma('busy_timeout = 0');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    db.pragma('journal_mode = DELETE');
  } catch {
    // busy: someone else has it open; WAL it stays, which they rely on
  }
}

