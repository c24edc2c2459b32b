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
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { StoreError } from './errors.js';
import { isReadOnlyFolderError, probeFile, readOnlySnapshot, type FileProbe } from './file-probe.js';
import { checkSchema } from './schema.js';

export interface ConnectOptions {
  /** Milliseconds to wait for another writer's lock before failing (default 10 s). */
  busyTimeoutMs?: number;
  /** SQLite's page cache for this connection, in KiB. */
  cacheSizeKiB?: number;
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
 */
export function openReadOnly(file: string, options: ConnectOptions = {}): Database.Database {
  if (!existsSync(file)) throw new StoreError(`no database at ${file} (run kanshi audit first, or give --db FILE)`);
  const probe = probeFile(file);
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

/** Before a writable connection: a file whose header does not say whose it is, looked at read-only. */
export function checkBeforeWriting(file: string): void {
  if (probeFile(file).kind !== 'unknown-sqlite') return;
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    checkSchema(db, file, false);
  } catch (err) {
    throw asStoreError(file, err);
  } finally {
    db?.close();
  }
}

export function asStoreError(file: string, err: unknown): StoreError {
  if (err instanceof StoreError) return err;
  // e.g. SQLITE_NOTADB: "file is not a database"
  return new StoreError(`cannot open ${file}: ${(err as Error).message}`, { cause: err });
}
