/**
 * Looking at a database file before SQLite opens it for writing: its first 100 bytes (SQLite's header)
 * say whether it is SQLite at all, whose it is (`application_id`) and, when no write-ahead log holds newer
 * pages, whether it holds any table. Reading bytes changes nothing, so a file that is not kanshi's is
 * refused before any statement (not even a pragma) runs on it.
 *
 * And the read-only way into a database whose folder cannot be written (docs in `openStore`).
 */
import { closeSync, openSync, readSync, readFileSync, statSync } from 'node:fs';
import { StoreError } from './errors.js';
import { APPLICATION_ID } from './schema.js';

/** SQLite's header string (https://sqlite.org/fileformat2.html#the_database_header). */
const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const HEADER_BYTES = 100;

export type FileProbe =
  /** No file, or an empty one: a new database. */
  | { kind: 'new' }
  /** The header carries kanshi's application id. */
  | { kind: 'kanshi'; wal: boolean }
  /** SQLite with no application id and no table (nor user_version) in the file: an empty database. */
  | { kind: 'empty-sqlite'; wal: boolean }
  /**
   * SQLite with no application id whose write-ahead log (`-wal`) holds pages the file does not have yet:
   * SQLite itself must say what is in it (a kanshi database killed before its first checkpoint has its
   * application id only there).
   */
  | { kind: 'unknown-sqlite'; wal: boolean };

function fileSize(path: string): number | null {
  try {
    return statSync(path).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StoreError(`cannot open ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { cause: err });
  }
}

function readHeader(file: string): Buffer {
  // The file header, then page 1's b-tree header (its type and number of cells).
  const header = Buffer.alloc(HEADER_BYTES + 8);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new StoreError(`cannot open ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { cause: err });
  }
  try {
    const read = readSync(fd, header, 0, header.length, 0);
    return header.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The message `openStore` has always given for a foreign SQLite file. */
export function foreignMessage(file: string, applicationId: number): string {
  return `${file} is an SQLite database, but not one kanshi wrote (application_id ${applicationId}); give another --db file`;
}

/**
 * What `file` is, from its bytes alone. Throws StoreError for a file that is not SQLite, or that another
 * program marked as its own, or that holds tables but no kanshi mark.
 */
export function probeFile(file: string): FileProbe {
  const size = fileSize(file);
  if (size === null || size === 0) return { kind: 'new' };
  const header = readHeader(file);
  if (header.length < HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new StoreError(`cannot open ${file}: file is not a database`);
  }
  const wal = header[18] === 2 || header[19] === 2;
  const applicationId = header.readUInt32BE(68);
  if (applicationId === APPLICATION_ID) return { kind: 'kanshi', wal };
  if (applicationId !== 0) throw new StoreError(foreignMessage(file, applicationId));
  // No mark. Pages newer than the file's may wait in the write-ahead log: then only SQLite can tell.
  const walSize = fileSize(`${file}-wal`) ?? 0;
  if (wal && walSize > 0) return { kind: 'unknown-sqlite', wal };
  // The file is complete: page 1 holds the schema table; a leaf with no cell means no table, index or view.
  const userVersion = header.readUInt32BE(60);
  const emptySchema = header.length >= HEADER_BYTES + 5 && header[HEADER_BYTES] === 0x0d && header.readUInt16BE(HEADER_BYTES + 3) === 0;
  if (emptySchema && userVersion === 0) return { kind: 'empty-sqlite', wal };
  throw new StoreError(foreignMessage(file, applicationId));
}

/**
 * Largest database read into memory when its folder cannot be written and it is still in WAL mode (a
 * database kanshi closed cleanly is not: see `openStore`).
 */
export const SNAPSHOT_MAX_BYTES = 512 * 1024 * 1024;

/** SQLite's answers when a WAL database's `-shm`/`-wal` files can be neither opened nor created. */
export function isReadOnlyFolderError(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN');
}

/**
 * The bytes of a WAL-mode database whose folder this process cannot write, as a rollback-mode image
 * for `new Database(bytes, { readonly: true })`: SQLite opens a WAL database only with its `-shm` file,
 * which it cannot create there, and better-sqlite3 offers no `immutable` open. Refused when the `-wal`
 * file holds pages not yet in the database (they would be missed) or the file is too large.
 */
export function readOnlySnapshot(file: string, maxBytes = SNAPSHOT_MAX_BYTES): Buffer {
  const advice = 'open it once where its folder can be written (any kanshi audit does), or copy it to a folder you can write';
  const walSize = fileSize(`${file}-wal`) ?? 0;
  if (walSize > 0) {
    throw new StoreError(
      `cannot read ${file}: its folder cannot be written, and its write-ahead log ${file}-wal holds changes not yet in it (an audit is running, or was killed); ${advice}`,
    );
  }
  const size = fileSize(file) ?? 0;
  if (size > maxBytes) {
    throw new StoreError(
      `cannot read ${file}: its folder cannot be written and the database is in WAL mode, which SQLite reads only with a -shm file beside it; ` +
        `at ${Math.round(size / 2 ** 20)} MB it is too large to read into memory instead (at most ${Math.round(maxBytes / 2 ** 20)} MB); ${advice}`,
    );
  }
  const bytes = readFileSync(file);
  // Bytes 18-19 say "WAL"; in this private copy they say "rollback journal", so no -wal or -shm is looked for.
  bytes[18] = 1;
  bytes[19] = 1;
  return bytes;
}
