/**
 * Looking at a database file before SQLite opens it: its first page's header (the file's, or the newest
 * committed copy of page 1 in its write-ahead log) says whether it is SQLite at all, whose it is
 * (`application_id`), its schema version and whether it holds any table. Reading bytes changes nothing,
 * so a file that is not kanshi's (or of a version this kanshi cannot use) is refused before SQLite opens
 * it: opening a WAL database, even read-only, creates its `-shm` file beside it.
 *
 * And the read-only way into a database whose folder cannot be written (docs in `openStore`).
 */
import { closeSync, openSync, readSync, readFileSync, statSync } from 'node:fs';
import { specialNodeName } from '../files/index.js';
import { StoreError } from './errors.js';
import { schemaRefusal, type SchemaState } from './schema.js';

/** SQLite's header string (https://sqlite.org/fileformat2.html#the_database_header). */
const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const HEADER_BYTES = 100;
/** The file header, then page 1's b-tree header (its type and number of cells). */
const PAGE_ONE_BYTES = HEADER_BYTES + 8;

export type FileProbe =
  /** No file, or an empty one: a new database. */
  | { kind: 'new' }
  /** SQLite, kanshi's or empty (no table, no mark, no version): what its header says. */
  | { kind: 'sqlite'; wal: boolean; state: SchemaState };

/**
 * The size of the file, null when there is none. A named pipe, a socket or a device is refused: SQLite
 * opening a pipe would wait for a writer, for ever.
 */
function fileSize(path: string): number | null {
  let info;
  try {
    info = statSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StoreError(`cannot open ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { cause: err });
  }
  const special = info.isDirectory() ? null : specialNodeName(info);
  if (special !== null) throw new StoreError(`cannot open ${path}: ${special}, not a database file`);
  return info.size;
}

/** Reads `length` bytes at `position` of an open file (fewer at its end). */
function readAt(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, bytes, read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return bytes.subarray(0, read);
}

function withFile<T>(file: string, use: (fd: number) => T): T {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new StoreError(`cannot open ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { cause: err });
  }
  try {
    return use(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * What `file` is, from its bytes alone (and its `-wal` file's, where SQLite would read page 1). Throws
 * StoreError for a file that is not SQLite, that another program marked as its own or that holds tables
 * but no kanshi mark, and, read-only, for what a reader cannot use (`schemaRefusal`).
 */
export function probeFile(file: string, readonly = false): FileProbe {
  const size = fileSize(file);
  if (size === null || size === 0) return { kind: 'new' };
  const header = withFile(file, (fd) => readAt(fd, 0, PAGE_ONE_BYTES));
  if (header.length < HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new StoreError(`cannot open ${file}: file is not a database`);
  }
  const wal = header[18] === 2 || header[19] === 2;
  // Pages newer than the file's may wait in the write-ahead log (a kanshi database killed before its
  // first checkpoint has its mark only there): SQLite reads page 1 from there, and so does this, when the
  // file bears no mark. A marked file keeps its mark, and its log (up to some 40 MB while an audit
  // writes) is not read through for it: SQLite checks the version again once it is opened.
  const unmarked = header.readUInt32BE(68) === 0;
  const pageOne = (wal && unmarked && walPageOne(`${file}-wal`)) || header;
  const state = stateOf(pageOne);
  const refusal = schemaRefusal(state, file, readonly);
  if (refusal) throw new StoreError(refusal);
  return { kind: 'sqlite', wal, state };
}

/** The schema state page 1's bytes say: its mark, its version, and whether its schema table has any row. */
function stateOf(pageOne: Buffer): SchemaState {
  const emptySchema = pageOne.length >= HEADER_BYTES + 5 && pageOne[HEADER_BYTES] === 0x0d && pageOne.readUInt16BE(HEADER_BYTES + 3) === 0;
  return { applicationId: pageOne.readUInt32BE(68), version: pageOne.readUInt32BE(60), objects: emptySchema ? 0 : 1 };
}

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

/**
 * The first bytes of the newest copy of page 1 in a write-ahead log's committed frames, or null (no log,
 * or no committed page 1 in it). A frame counts, as SQLite counts it, while its salts are the log's and
 * its checksum continues the chain (https://sqlite.org/fileformat2.html#the_write_ahead_log); only frames
 * up to the last commit frame are the database.
 */
export function walPageOne(walFile: string): Buffer | null {
  const size = fileSize(walFile) ?? 0;
  if (size < WAL_HEADER_BYTES) return null;
  return withFile(walFile, (fd) => {
    const header = readAt(fd, 0, WAL_HEADER_BYTES);
    const magic = header.readUInt32BE(0);
    if (magic !== 0x377f0682 && magic !== 0x377f0683) return null;
    const bigEndian = magic === 0x377f0683;
    const pageSize = header.readUInt32BE(8);
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return null;
    let sum = walChecksum(header.subarray(0, 24), [0, 0], bigEndian);
    if (sum[0] !== header.readUInt32BE(24) || sum[1] !== header.readUInt32BE(28)) return null;
    let latest: Buffer | null = null;
    let committed: Buffer | null = null;
    for (let at = WAL_HEADER_BYTES; at + FRAME_HEADER_BYTES + pageSize <= size; at += FRAME_HEADER_BYTES + pageSize) {
      const frame = readAt(fd, at, FRAME_HEADER_BYTES + pageSize);
      if (!frame.subarray(8, 16).equals(header.subarray(16, 24))) break;
      sum = walChecksum(frame.subarray(0, 8), sum, bigEndian);
      sum = walChecksum(frame.subarray(FRAME_HEADER_BYTES), sum, bigEndian);
      if (sum[0] !== frame.readUInt32BE(16) || sum[1] !== frame.readUInt32BE(20)) break;
      if (frame.readUInt32BE(0) === 1) latest = Buffer.from(frame.subarray(FRAME_HEADER_BYTES, FRAME_HEADER_BYTES + PAGE_ONE_BYTES));
      if (frame.readUInt32BE(4) !== 0) committed = latest;
    }
    return committed;
  });
}

/** SQLite's WAL checksum over `bytes` (a multiple of 8), continuing from `[s0, s1]`. */
function walChecksum(bytes: Buffer, [s0, s1]: [number, number], bigEndian: boolean): [number, number] {
  for (let i = 0; i < bytes.length; i += 8) {
    const x0 = bigEndian ? bytes.readUInt32BE(i) : bytes.readUInt32LE(i);
    const x1 = bigEndian ? bytes.readUInt32BE(i + 4) : bytes.readUInt32LE(i + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
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
