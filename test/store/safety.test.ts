/**
 * The database file as something shared with other programs and people: a file that is not kanshi's is
 * never written (not even its journal mode), two kanshi creating the same database at once both succeed,
 * and a database in a folder the reader cannot write can still be read.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { APPLICATION_ID, SCHEMA_VERSION, StoreError, openStore } from '../../src/store/index.js';
import { readOnlySnapshot } from '../../src/store/file-probe.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { auditOf, readGames, rowCounts, tempDb } from './support.js';

const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
const STORE_DIST = join(PROJECT_ROOT, 'dist', 'src', 'store', 'index.js');

/** Files SQLite keeps beside a database while it is open (or after a crash). */
function companions(file: string): string[] {
  return ['-wal', '-shm', '-journal'].filter((s) => existsSync(file + s));
}

function foreign(make: (db: Database.Database) => void): string {
  const file = tempDb('other.sqlite');
  const db = new Database(file);
  make(db);
  db.close();
  return file;
}

describe('a file that is not kanshi\'s is refused before anything is written to it', () => {
  const cases: [string, () => string][] = [
    ['a database of another program (tables, no mark)', () => foreign((db) => db.exec('CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES (1)'))],
    ['a database another program marked as its own', () => foreign((db) => db.exec('PRAGMA application_id = 42; CREATE TABLE notes (text TEXT)'))],
    ['a database of another program in WAL mode', () => foreign((db) => db.exec("PRAGMA journal_mode = WAL; CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('x')"))],
    ['a database with a user_version and no table', () => foreign((db) => db.exec('PRAGMA user_version = 5'))],
  ];
  it.each(cases)('%s: refused, its bytes (header bytes 18-19 too) and its folder unchanged', (_, make) => {
    const file = make();
    const before = readFileSync(file);
    const folder = readdirSync(dirname(file));
    expect(() => openStore(file)).toThrow(StoreError);
    expect(() => openStore(file)).toThrow(/but not one kanshi wrote \(application_id \d+\); give another --db file/);
    expect(() => openStore(file, { readonly: true })).toThrow(/not one kanshi wrote/);
    const after = readFileSync(file);
    expect([after[18], after[19]]).toEqual([before[18], before[19]]);
    expect(after.equals(before)).toBe(true);
    expect(readdirSync(dirname(file))).toEqual(folder);
    expect(companions(file)).toEqual([]);
  });

  it('an empty SQLite file (no table, no mark, no version) becomes a kanshi database, as a new file does', () => {
    const file = foreign((db) => db.pragma('page_size = 4096'));
    const empty = tempDb();
    writeFileSync(empty, '');
    for (const f of [file, empty]) {
      openStore(f).close();
      const db = new Database(f, { readonly: true });
      expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      db.close();
    }
  });
});

/**
 * A database copied with its -wal and without its -shm, as a program killed before its first checkpoint
 * leaves it (or a backup of one): the committed pages, page 1 included, are only in the -wal.
 */
function copiedMidWrite(write: (db: Database.Database) => void): string {
  const source = tempDb('source.sqlite');
  const db = new Database(source);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  write(db);
  const file = join(dirname(tempDb()), 'copy.sqlite');
  copyFileSync(source, file);
  copyFileSync(`${source}-wal`, `${file}-wal`);
  db.close();
  return file;
}

describe('a WAL database read from its -wal, refused without a file created or changed beside it', () => {
  it("another program's: refused from the -wal's page 1 (its -shm was once created by the refusal)", () => {
    const file = copiedMidWrite((db) => db.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('x')"));
    const before = [readFileSync(file), readFileSync(`${file}-wal`)];
    for (const readonly of [false, true]) {
      expect(() => openStore(file, { readonly })).toThrow(/is an SQLite database, but not one kanshi wrote \(application_id 0\); give another --db file/);
    }
    expect(readdirSync(dirname(file))).toEqual(['copy.sqlite', 'copy.sqlite-wal']);
    expect(readFileSync(file).equals(before[0])).toBe(true);
    expect(readFileSync(`${file}-wal`).equals(before[1])).toBe(true);
  });

  it("a newer kanshi's: refused from the -wal's page 1, nothing created", () => {
    const file = copiedMidWrite((db) => db.exec(`PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${SCHEMA_VERSION + 1}; CREATE TABLE t (x)`));
    for (const readonly of [false, true]) {
      expect(() => openStore(file, { readonly })).toThrow(/has schema version \d+, newer than this kanshi supports/);
    }
    expect(readdirSync(dirname(file))).toEqual(['copy.sqlite', 'copy.sqlite-wal']);
  });

  it('a kanshi database whose mark is only in its -wal opens, read-only and to write', () => {
    const file = copiedMidWrite((db) => db.exec(readFileSync(join(PROJECT_ROOT, 'schemas', 'audit.sql'), 'utf8')));
    expect(readFileSync(file).readUInt32BE(68)).toBe(0);
    const reader = openStore(file, { readonly: true });
    expect(reader.ruleSets()).toEqual([]);
    reader.close();
    openStore(file).close();
    expect(readFileSync(file).readUInt32BE(68)).toBe(APPLICATION_ID);
  });
});

/**
 * Starts `count` processes that each open (create) `file` at the same moment; their outputs. Each sleeps
 * until 20 ms before that moment and spins only then: six processes spinning for seconds on two cores
 * cost this file 12 s of CPU, and the moment is kept as well.
 */
async function openTogether(file: string, count: number): Promise<string[]> {
  const at = Date.now() + 1500 + 150 * count;
  const script = `
    const { openStore } = await import(${JSON.stringify(STORE_DIST)});
    const asleep = ${at} - 20 - Date.now();
    if (asleep > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, asleep);
    while (Date.now() < ${at}) {}
    try { openStore(${JSON.stringify(file)}).close(); console.log('ok'); } catch (e) { console.log('failed: ' + e.message); }`;
  const runs = Array.from({ length: count }, () =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('error', reject);
      child.on('close', () => resolve(out.trim()));
    }),
  );
  return Promise.all(runs);
}

describe('two kanshi creating the same new database at the same moment', () => {
  // Six at once, five times: the schema once read in three statements (three snapshots) failed about one
  // round in ten with "not one kanshi wrote (application_id 0)", a creator's commit falling between them.
  it('all succeed: the later ones find the schema made and go on (once failed with "table rule_sets already exists")', async () => {
    expect(existsSync(STORE_DIST), 'build first: npm run build').toBe(true);
    for (let round = 0; round < 5; round++) {
      const file = tempDb();
      expect(await openTogether(file, 6)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
      const db = new Database(file, { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = 'rule_sets'`).pluck().get()).toBe(1);
      db.close();
    }
  });
});

// ---- a folder the reader cannot write ------------------------------------------------------------------

/**
 * Root ignores file modes (CAP_DAC_OVERRIDE): a chmod'ed folder stops no root process, and the old kanshi
 * running as root read such a database "fine", creating -shm and -wal files in the folder it was not meant
 * to write. So when these tests run as root, the reader is started as the unprivileged uid 65534 (nobody),
 * for which the folder's mode holds; otherwise as the same (unprivileged) user.
 */
const asRoot = process.getuid?.() === 0;
const reader = asRoot ? { uid: 65534, gid: 65534 } : {};
const lockedFolders: string[] = [];

/** A folder of its own for one database, which the reader can enter and read but not write. */
function lockedFolder(fill: (file: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-readonly-'));
  const file = join(dir, 'audit.sqlite');
  fill(file);
  if (asRoot) {
    // The per-run temporary folder is private (0700): let uid 65534 pass through it to this one.
    chmodSync(tmpdir(), 0o711);
    for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o644);
  }
  chmodSync(dir, 0o555);
  lockedFolders.push(dir);
  return file;
}

afterAll(() => {
  // Writable again, so the run's temporary folder can be removed.
  for (const dir of lockedFolders) chmodSync(dir, 0o755);
});

function auditedDatabase(file: string): void {
  const store = openStore(file);
  store.writeBatch(readGames(['2020052221gm-00a9-0000-6f0524c7.xml', '2016052515gm-00a9-0000-c4d72066.xml']).map((g) => auditOf(g)));
  store.close();
}

function readAs(args: string[]) {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', ...reader });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('kanshi query and stats on a database in a folder they cannot write', () => {
  it('the reader really cannot write there (else these tests prove nothing)', () => {
    const file = lockedFolder(auditedDatabase);
    const r = spawnSync(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(join(dirname(file), 'probe'))}, 'x')`], { encoding: 'utf8', ...reader });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/EACCES/);
  });

  it('reads a database kanshi closed (rollback journal at rest), creating nothing beside it', () => {
    const file = lockedFolder(auditedDatabase);
    const before = readdirSync(dirname(file));
    const q = readAs(['query', '--db', file, '--format', 'csv', 'SELECT count(*) AS games FROM games']);
    expect(q.stderr).toBe('');
    expect(q.stdout).toBe('games\n2\n');
    const s = readAs(['stats', '--db', file, '--json']);
    expect(s.code, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout).ruleSet.readGameCount).toBe(2);
    expect(readdirSync(dirname(file))).toEqual(before);
  });

  it('reads a database left in WAL mode (no -wal file) from a copy in memory', () => {
    const file = lockedFolder((f) => {
      auditedDatabase(f);
      const db = new Database(f);
      db.pragma('journal_mode = WAL');
      db.close();
    });
    expect(readFileSync(file)[18]).toBe(2);
    const q = readAs(['query', '--db', file, '--format', 'csv', 'SELECT count(*) AS games FROM games']);
    expect(q.stderr).toBe('');
    expect(q.stdout).toBe('games\n2\n');
    expect(readAs(['stats', '--db', file]).code).toBe(0);
    expect(readdirSync(dirname(file))).toEqual(['audit.sqlite']);
  });

  it('reads a database an audit is writing (its -wal and -shm there, read-only to the reader)', () => {
    let writer: ReturnType<typeof openStore> | null = null;
    const file = lockedFolder((f) => {
      auditedDatabase(f);
      writer = openStore(f);
      writer.writeBatch(readGames(['2010091009gm-00a9-0000-83af2648.xml']).map((g) => auditOf(g)));
    });
    try {
      expect(companions(file)).toEqual(['-wal', '-shm']);
      const q = readAs(['query', '--db', file, '--format', 'csv', 'SELECT count(*) AS games FROM games']);
      expect(q.stderr).toBe('');
      expect(q.stdout).toBe('games\n3\n');
    } finally {
      (writer as ReturnType<typeof openStore> | null)?.close();
    }
  });

  it('says what to do when committed changes wait in a -wal file it cannot open', () => {
    const file = lockedFolder((f) => {
      // A writer killed midway leaves its -wal; here the -shm is gone too (copied without it).
      const source = tempDb();
      auditedDatabase(source);
      const held = new Database(source);
      held.pragma('journal_mode = WAL');
      held.exec(`UPDATE games SET file = 'moved' WHERE game_id = 1`);
      copyFileSync(source, f);
      copyFileSync(`${source}-wal`, `${f}-wal`);
      held.close();
    });
    const q = readAs(['query', '--db', file, 'SELECT 1']);
    expect(q.code).toBe(1);
    expect(q.stderr).toMatch(/its folder cannot be written, and its write-ahead log .*-wal holds changes not yet in it .*copy it to a folder you can write/);
  });

  it('refuses to read a WAL database into memory past the limit', () => {
    const file = tempDb();
    auditedDatabase(file);
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.close();
    expect(() => readOnlySnapshot(file, 1000)).toThrow(/too large to read into memory instead \(at most 0 MB\)/);
    expect(readOnlySnapshot(file).length).toBe(readFileSync(file).length);
  });
});

describe('writing after a database was read', () => {
  it('an audit opens a database at rest in rollback mode, writes in WAL mode, and leaves it at rest again', () => {
    const file = tempDb();
    auditedDatabase(file);
    const counts = rowCounts(file);
    const store = openStore(file);
    store.writeBatch(readGames(['2010091009gm-00a9-0000-83af2648.xml']).map((g) => auditOf(g)));
    expect(companions(file)).toContain('-wal');
    store.close();
    expect(companions(file)).toEqual([]);
    expect(rowCounts(file).games).toBe(counts.games + 1);
  });

  it('stays in WAL mode when another connection has it open at close', () => {
    const file = tempDb();
    auditedDatabase(file);
    const first = openStore(file);
    const second = openStore(file, { readonly: true });
    first.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    second.close();
  });
});
