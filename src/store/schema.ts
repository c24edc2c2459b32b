/**
 * The schema: the tables are the catalog's (catalog.ts, as SQL by ddl.ts; `schemas/audit.sql` holds the same
 * text, checked by test/store/catalog.test.ts), the views and statistics indexes are `schemas/audit.sql`'s
 * (everything after its "-- Views" line). A database records its version in `PRAGMA user_version` and is
 * marked as kanshi's by `PRAGMA application_id`. Opening a fresh file creates the schema, an older one is
 * migrated step by step (migrations.ts), a newer one is refused.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { StoreError } from './errors.js';
import { CATALOG, type Catalog } from './catalog.js';
import { tablesSql } from './ddl.js';
import { migrationsOf, MIGRATIONS, type Migration } from './migrations.js';

export { MIGRATIONS, type Migration };

type Database = BetterSqlite3.Database;

/** The catalog's version: what a new database gets (schemas/audit.sql's last line sets the same user_version). */
export const SCHEMA_VERSION = CATALOG.version;

/** `PRAGMA application_id` of a kanshi database: "kans" in ASCII. */
export const APPLICATION_ID = 0x6b616e73;

/** The views and statistics indexes of schemas/audit.sql: everything after its "-- Views" line. */
function derivedSql(): string {
  const sql = schemaSql();
  const start = sql.indexOf('\n-- Views ');
  if (start < 0) throw new StoreError(`${schemaPath()} has no "-- Views" line`);
  // The PRAGMA lines at the end belong to the file, not to the views.
  return sql.slice(start).replace(/^PRAGMA .*$/gm, '');
}

/** What a database of one schema version is made of: its version, the steps to it, and what a new one gets. */
export interface SchemaDefinition {
  readonly version: number;
  readonly migrations: readonly Migration[];
  /** The whole SQL of a new database: the catalog's tables, then the views and statistics indexes, then the marks. */
  createSql(): string;
  /** The views and statistics indexes, made again after the last step of a migration. */
  derivedSql(): string;
}

/** A catalog's schema (tests make one of a catalog grown by a version; the current one is CURRENT_SCHEMA). */
export function schemaOf(catalog: Catalog, migrations: readonly Migration[] = migrationsOf(catalog)): SchemaDefinition {
  return Object.freeze({
    version: catalog.version,
    migrations,
    createSql: () =>
      `${tablesSql(catalog, catalog.version)}\n${derivedSql()}\nPRAGMA application_id = ${APPLICATION_ID};\nPRAGMA user_version = ${catalog.version};\n`,
    derivedSql,
  });
}

export const CURRENT_SCHEMA: SchemaDefinition = schemaOf(CATALOG, MIGRATIONS);

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
export function checkSchema(db: Database, file: string, readonly: boolean, version: number = SCHEMA_VERSION): SchemaState {
  const state = schemaState(db);
  const refusal = schemaRefusal(state, file, readonly, version);
  if (refusal) throw new StoreError(refusal);
  return state;
}

/**
 * Why a database in this state cannot be used, or null: the same verdict from SQLite's view of the file
 * (checkSchema) or from its bytes before SQLite opens it (file-probe.ts).
 */
export function schemaRefusal(state: SchemaState, file: string, readonly: boolean, version: number = SCHEMA_VERSION): string | null {
  if (isEmpty(state)) return readonly ? `${file} is an empty database: no audit has been written to it (run kanshi audit first)` : null;
  if (state.applicationId !== APPLICATION_ID) {
    return `${file} is an SQLite database, but not one kanshi wrote (application_id ${state.applicationId}); give another --db file`;
  }
  if (state.version > version) {
    return `${file} has schema version ${state.version}, newer than this kanshi supports (${version}): it was written by a newer kanshi; upgrade kanshi to read it`;
  }
  if (state.version < version && readonly) {
    return `${file} has schema version ${state.version}, older than this kanshi's (${version}); run kanshi audit on it once to migrate it`;
  }
  return null;
}

/**
 * Makes the database's schema the current one (or `schema`'s), or says why it cannot: creates it in an
 * empty file, migrates an older one (all steps in one transaction: a kill midway leaves the old version),
 * refuses a newer one or a file that is not kanshi's. Read-only opens never change the file.
 *
 * Creating and migrating happen in one IMMEDIATE transaction that looks at the file again once it holds
 * the write lock: a second kanshi creating (or migrating) the same database at the same moment waits for
 * the first, then finds the work done and goes on.
 */
export function ensureSchema(db: Database, file: string, readonly: boolean, schema: SchemaDefinition = CURRENT_SCHEMA): void {
  const state = checkSchema(db, file, readonly, schema.version);
  if (readonly || (!isEmpty(state) && state.version === schema.version)) return;
  db.transaction(() => {
    const now = checkSchema(db, file, false, schema.version);
    if (isEmpty(now)) createSchema(db, schema);
    else if (now.version < schema.version) migrateSteps(db, file, now.version, schema);
  }).immediate();
}

/** Creates the schema; inside the caller's transaction. */
function createSchema(db: Database, schema: SchemaDefinition): void {
  db.exec(schema.createSql());
  const created = db.pragma('user_version', { simple: true }) as number;
  // The file and the code must agree, or migrations would be applied to the wrong shape later.
  if (created !== schema.version) {
    throw new StoreError(`the schema made version ${created}, but this kanshi expects ${schema.version}`);
  }
}

/** Applies the steps from `from` to the schema's version, all in one transaction. */
export function migrate(db: Database, file: string, from: number, schema: SchemaDefinition): void {
  db.transaction(() => migrateSteps(db, file, from, schema)).immediate();
}

/** The steps from `from` to the schema's version, inside the caller's transaction. */
function migrateSteps(db: Database, file: string, from: number, schema: SchemaDefinition): void {
  const steps: Migration[] = [];
  for (let v = from + 1; v <= schema.version; v++) {
    const step = schema.migrations.find((m) => m.to === v);
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
  try {
    db.exec(schema.derivedSql());
  } catch (err) {
    throw new StoreError(`migrating ${file}: making the views of schema version ${schema.version} failed: ${(err as Error).message}`, { cause: err });
  }
}
