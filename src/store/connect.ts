/**
 * Connections to the audit database, and the read-only way in, kept apart from the rest of src/store so
 * that a read-only connection needs no writer or audit code.
 *
 * Nothing is written to a file before it is known to be kanshi's (or empty): its header is read first
 * (file-probe.ts), then SQLite's view of it. A database is written in WAL mode and, when its last writer
 * closes it, put back in rollback-journal mode, so that it can be read where its folder cannot be written
 * (SQLite reads a WAL database only with a `-shm` file beside it, which it cannot create there, and
 * better-sqlite3 offers no `immutable` open). Read-only, a database still in WAL mode in such a folder
 * is read from a private copy in memory (at most SNAPSHOT_MAX_BYTES).
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { StoreError } from './errors.js';
import { isReadOnlyFolderError, probeFile, readOnlySnapshot, type FileProbe } from './file-probe.js';
import { checkSchema } from './schema.js';

export interface ConnectOptions {
  /** Milliseconds to wait for another writer's lock before failing (default 10 s). */
  busyTimeoutMs?: number;
  /** SQLite's page cache for this connection, in KiB. */
  cacheSizeKiB?: number;
  /**
   * Read-only: read the database in WAL mode when this process can write it and its folder (see
   * `openReadOnly`), so that an audit can write while a long read runs.
   */
  letWritersIn?: boolean;
}

/** A read-only way into a database, and the writable connection that keeps it in WAL mode meanwhile (or null). */
export interface ReadOnlyConnection {
  db: Database.Database;
  /**
   * Opened only to switch the database to WAL mode and back: it runs no statement of the reader's, and
   * closing it (the last connection) puts the database back in rollback-journal mode, as a writer's does.
   */
  keeper: Database.Database | null;
}

/** One connection, with its settings (none of them a write). */
export function connect(source: string | Buffer, readonly: boolean, options: ConnectOptions = {}): Database.Database {
  let db: Database.Database;
  const name = typeof source === 'string' ? source : 'a copy in memory';
  try {
    db = new Database(source, { readonly, fileMustExist: readonly, timeout: options.busyTimeoutMs ?? 10_000 });
  } catch (err) {
    throw new StoreError(`cannot open ${name}: ${(err as Error).message}`, { cause: err });
  }
  try {
    db.pragma('foreign_keys = ON');
    if (options.cacheSizeKiB !== undefined) db.pragma(`cache_size = -${Math.max(1, Math.floor(options.cacheSizeKiB))}`);
  } catch (err) {
    db.close();
    throw new StoreError(`cannot open ${name}: ${(err as Error).message}`, { cause: err });
  }
  return db;
}

/**
 * A read-only connection to an existing kanshi database of this schema version, or a StoreError saying
 * why not (missing, not SQLite, another program's, empty, older or newer). Works in a folder this process
 * cannot write (see above).
 *
 * With `letWritersIn`, a database at rest (rollback journal) is first switched to WAL mode when this
 * process can write it and its folder: in rollback mode a reader holds a shared lock on the whole file
 * for as long as its statement runs, and an audit, which must switch the database to WAL to write,
 * waited for it and failed after its 10 s ("database is locked") behind a long `kanshi query`. In WAL
 * mode readers and the writer never wait for each other. The switch is made by a writable connection of
 * its own (the keeper), which runs none of the reader's statements and puts the database back at rest
 * when it closes last. When the switch cannot be made at once (another program holds the file), the
 * database is read as it is.
 */
export function openReadOnly(file: string, options: ConnectOptions = {}): ReadOnlyConnection {
  const db = openReadOnlyConnection(file, options);
  const keeper = options.letWritersIn && db.name === file ? walKeeper(file) : null;
  return { db, keeper };
}

/** How long a reader tries to switch a database at rest to WAL mode before reading it as it is. */
const KEEPER_BUSY_MS = 1000;

/** A writable connection that has put `file` in WAL mode, or null when it cannot (no right to write, or busy). */
function walKeeper(file: string): Database.Database | null {
  if (!canWrite(file) || !canWrite(dirname(file))) return null;
  let keeper: Database.Database | null = null;
  try {
    keeper = connect(file, false, { busyTimeoutMs: KEEPER_BUSY_MS });
    // Checked by the reader's connection already; this one looks again before writing the journal mode.
    checkSchema(keeper, file, true);
    if (keeper.pragma('journal_mode = WAL', { simple: true }) !== 'wal') throw new Error('not switched');
    return keeper;
  } catch {
    keeper?.close();
    return null;
  }
}

function canWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function openReadOnlyConnection(file: string, options: ConnectOptions): Database.Database {
  if (!existsSync(file)) throw new StoreError(`no database at ${file} (run kanshi audit first, or give --db FILE)`);
  // A database this reader would refuse is refused from its bytes, before SQLite opens it (and makes a -shm).
  const probe = probeFile(file, true);
  let db = connect(file, true, options);
  try {
    try {
      checkSchema(db, file, true);
    } catch (err) {
      if (!(walOnDisk(probe) && isReadOnlyFolderError(err))) throw err;
      // A WAL database in a folder this process cannot write: read a private copy.
      db.close();
      db = connect(readOnlySnapshot(file), true, options);
      checkSchema(db, file, true);
    }
    return db;
  } catch (err) {
    if (db.open) db.close();
    throw asStoreError(file, err);
  }
}

function walOnDisk(probe: FileProbe): boolean {
  return probe.kind !== 'new' && probe.wal;
}

/**
 * Before a writable connection: a file that is not kanshi's or empty, or of a newer schema, is refused
 * from its bytes (file-probe.ts), so that nothing beside it is created or changed.
 */
export function checkBeforeWriting(file: string): void {
  probeFile(file, false);
}

export function asStoreError(file: string, err: unknown): StoreError {
  if (err instanceof StoreError) return err;
  // e.g. SQLITE_NOTADB: "file is not a database"
  return new StoreError(`cannot open ${file}: ${(err as Error).message}`, { cause: err });
}
