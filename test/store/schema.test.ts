import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FINDING_KINDS } from '../../src/audit/index.js';
import { KNOBS } from '../../src/rules/index.js';
import { APPLICATION_ID, SCHEMA_VERSION, StoreError, openStore, schemaPath, type Migration } from '../../src/store/index.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { auditOf, readGames, rowCounts, tempDb } from './support.js';

function pragmas(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return {
      version: db.pragma('user_version', { simple: true }),
      applicationId: db.pragma('application_id', { simple: true }),
      journal: db.pragma('journal_mode', { simple: true }),
    };
  } finally {
    db.close();
  }
}

/** A database made by this kanshi, then set to another schema version by hand. */
function databaseAtVersion(version: number): string {
  const file = tempDb();
  openStore(file).close();
  const db = new Database(file);
  db.pragma(`user_version = ${version}`);
  db.close();
  return file;
}

describe('the schema file', () => {
  it('is schemas/audit.sql under the package root, found from src/store and from dist/src/store alike', async () => {
    expect(schemaPath()).toBe(join(PROJECT_ROOT, 'schemas', 'audit.sql'));
    const built = join(PROJECT_ROOT, 'dist', 'src', 'store', 'index.js');
    expect(existsSync(built), 'build first: npx tsc -p tsconfig.build.json').toBe(true);
    const dist = (await import(pathToFileURL(built).href)) as { schemaPath: () => string };
    expect(dist.schemaPath()).toBe(join(PROJECT_ROOT, 'schemas', 'audit.sql'));
  });

  it('sets the version the code expects, and marks the file as kanshi\'s', () => {
    const sql = readFileSync(schemaPath(), 'utf8');
    expect(sql).toMatch(new RegExp(`PRAGMA user_version = ${SCHEMA_VERSION};`));
    expect(sql).toMatch(new RegExp(`PRAGMA application_id = ${APPLICATION_ID};`));
  });
});

describe('opening a database', () => {
  it('creates the schema in a new file: WAL while open, a rollback journal once closed, the version, every table and view of the issue', () => {
    const file = tempDb();
    const store = openStore(file);
    expect(pragmas(file)).toEqual({ version: SCHEMA_VERSION, applicationId: APPLICATION_ID, journal: 'wal' });
    store.close();
    // Closed by its last connection, it needs no -wal or -shm file to be read (a folder readers cannot write).
    expect(pragmas(file)).toEqual({ version: SCHEMA_VERSION, applicationId: APPLICATION_ID, journal: 'delete' });
    expect(existsSync(`${file}-wal`) || existsSync(`${file}-shm`)).toBe(false);
    const db = new Database(file, { readonly: true });
    const names = db.prepare(`SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'`).pluck().all();
    for (const t of ['rule_sets', 'games', 'players', 'hands', 'kans', 'reveals', 'wins', 'aborts', 'audits', 'kan_verdicts', 'riichi_kan_verdicts', 'win_dora', 'findings', 'finding_kinds', 'tiles', 'riichi_declarations', 'yaku']) {
      expect(names).toContain(`table ${t}`);
    }
    for (const v of ['kan_stats', 'rinshan_stats', 'riichi_kan_stats', 'riichi_kan_frequency', 'chankan_wins', 'four_kan_hands', 'chankan_suukaikan_stats', 'kandora_timing', 'kandora_conformance', 'finding_counts', 'rule_set_summary', 'kan_list', 'riichi_kans', 'win_list', 'finding_list']) {
      expect(names).toContain(`view ${v}`);
    }
    // One name per knob everywhere: the rule_sets columns are the knobs' names in SQL's snake_case.
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('rule_sets');
    for (const k of KNOBS) expect(columns).toContain(k.name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()));
    // The closed list of finding kinds, with their descriptions.
    const kinds = db.prepare('SELECT kind, severity, description FROM finding_kinds ORDER BY kind').all() as { kind: string; severity: string; description: string }[];
    expect(kinds.map((k) => k.kind)).toEqual(Object.keys(FINDING_KINDS).sort());
    for (const k of kinds) expect(k.severity).toBe(FINDING_KINDS[k.kind as keyof typeof FINDING_KINDS].severity);
    // The tile names table reads ids as the rest of kanshi writes them.
    const tiles = db.prepare('SELECT name FROM tiles WHERE tile IN (0, 16, 35, 36, 107, 108, 135) ORDER BY tile').pluck().all();
    expect(tiles).toEqual(['1m', '5m', '9m', '1p', '9s', '1z', '7z']);
    db.close();
  });

  it('opens an existing database again without changing it', () => {
    const file = tempDb();
    const store = openStore(file);
    store.writeBatch(readGames(['2020052221gm-00a9-0000-6f0524c7.xml']).map((g) => auditOf(g)));
    store.close();
    const before = rowCounts(file);
    openStore(file).close();
    openStore(file, { readonly: true }).close();
    expect(rowCounts(file)).toEqual(before);
  });

  it('refuses a database written by a newer kanshi, read-only or not, with a clear error', () => {
    const file = databaseAtVersion(SCHEMA_VERSION + 1);
    const message = new RegExp(`schema version ${SCHEMA_VERSION + 1}, newer than this kanshi supports \\(${SCHEMA_VERSION}\\).*upgrade kanshi`);
    expect(() => openStore(file)).toThrow(StoreError);
    expect(() => openStore(file)).toThrow(message);
    expect(() => openStore(file, { readonly: true })).toThrow(message);
    expect(pragmas(file).version).toBe(SCHEMA_VERSION + 1);
  });

  /**
   * A hand-made older database: this version's schema without the kandora views, marked one version back;
   * the views come back from schemas/audit.sql once the steps are done (steps change tables only). Schema 1 being the first, the step is given to openStore
   * as the built-in list would give it.
   */
  function olderDatabase(): string {
    const file = databaseAtVersion(SCHEMA_VERSION);
    const db = new Database(file);
    db.exec('DROP VIEW kandora_conformance; DROP VIEW kandora_timing;');
    db.pragma(`user_version = ${SCHEMA_VERSION - 1}`);
    db.close();
    return file;
  }

  it('migrates an older database to this version, keeping its rows', () => {
    const file = olderDatabase();
    const step: Migration = { to: SCHEMA_VERSION, description: 'a table of its own', sql: 'CREATE TABLE step_made (x INTEGER);' };
    const store = openStore(file, { migrations: [step] });
    store.writeBatch(readGames(['2020052221gm-00a9-0000-6f0524c7.xml']).map((g) => auditOf(g)));
    const rows = [...store.query('SELECT kind, kans FROM kandora_conformance ORDER BY kind').rows];
    store.close();
    expect(pragmas(file).version).toBe(SCHEMA_VERSION);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('leaves an older database as it was when a step fails, and says which', () => {
    const file = olderDatabase();
    const steps: Migration[] = [{ to: SCHEMA_VERSION, description: 'a broken step', sql: 'CREATE TABLE step_made (x INTEGER);\nALTER TABLE no_such_table ADD COLUMN x;' }];
    expect(() => openStore(file, { migrations: steps })).toThrow(new RegExp(`migrating .* to schema version ${SCHEMA_VERSION} \\(a broken step\\) failed: no such table: no_such_table`));
    expect(pragmas(file).version).toBe(SCHEMA_VERSION - 1);
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = 'kandora_timing'`).pluck().get()).toBe(0);
    db.close();
  });

  it('says so when no step leads from an older version, and never migrates a read-only open', () => {
    const file = olderDatabase();
    expect(() => openStore(file, { migrations: [] })).toThrow(new RegExp(`schema version ${SCHEMA_VERSION - 1}, and this kanshi has no migration to version ${SCHEMA_VERSION}`));
    expect(() => openStore(file, { readonly: true })).toThrow(/older than this kanshi's .*run kanshi audit on it once to migrate/);
    expect(pragmas(file).version).toBe(SCHEMA_VERSION - 1);
  });

  it('refuses a foreign SQLite file, a file that is not SQLite, and a missing file for reading', () => {
    const foreign = tempDb('other.sqlite');
    const db = new Database(foreign);
    db.exec('CREATE TABLE notes (text TEXT)');
    db.close();
    expect(() => openStore(foreign)).toThrow(/not one kanshi wrote/);

    const text = tempDb('notes.txt');
    writeFileSync(text, 'just some text, long enough to not be an empty database file '.repeat(20));
    expect(() => openStore(text)).toThrow(StoreError);
    expect(() => openStore(text)).toThrow(/cannot open .*notes\.txt: file is not a database/);

    const missing = tempDb('missing.sqlite');
    expect(() => openStore(missing, { readonly: true })).toThrow(/no database at .*missing\.sqlite \(run kanshi audit first/);
    expect(existsSync(missing)).toBe(false);
  });

  it('refuses to write through a read-only store', () => {
    const file = tempDb();
    openStore(file).close();
    const store = openStore(file, { readonly: true });
    expect(() => store.writeBatch(readGames(['2020052221gm-00a9-0000-6f0524c7.xml']).map((g) => auditOf(g)))).toThrow(/opened read-only/);
    store.close();
  });
});
