/**
 * Read-only SQL for `kanshi query`: one statement that returns rows. The connection is opened read-only
 * as well, so even a statement SQLite misjudges cannot change the file.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { StoreError } from './errors.js';

export interface QueryResult {
  columns: string[];
  /** Rows as arrays in column order, read as they are iterated. */
  rows: IterableIterator<unknown[]>;
}

export function readQuery(db: BetterSqlite3.Database, sql: string): QueryResult {
  if (sql.trim() === '') throw new StoreError('the SQL statement is empty');
  let stmt: BetterSqlite3.Statement;
  try {
    stmt = db.prepare(sql);
  } catch (err) {
    throw new StoreError(sqlMessage(err), { cause: err });
  }
  if (!stmt.readonly) throw new StoreError('kanshi query only reads: this statement would change the database (use a SELECT)');
  if (!stmt.reader) throw new StoreError('this statement returns no rows: kanshi query runs SELECT, WITH … SELECT, PRAGMA or EXPLAIN');
  stmt.raw(true);
  return { columns: stmt.columns().map((c) => c.name), rows: iterateRows(stmt) };
}

function* iterateRows(stmt: BetterSqlite3.Statement): IterableIterator<unknown[]> {
  try {
    for (const row of stmt.iterate()) yield row as unknown[];
  } catch (err) {
    throw new StoreError(sqlMessage(err), { cause: err });
  }
}

/** better-sqlite3's messages, said for a person typing SQL. */
function sqlMessage(err: unknown): string {
  const message = (err as Error).message ?? String(err);
  if (/more than one statement/.test(message)) return 'give one SQL statement at a time (this text holds several)';
  if (/contains no statements/.test(message)) return 'the SQL text holds no statement (only comments?)';
  if (/readonly database/.test(message)) return 'kanshi query only reads: this statement would change the database (use a SELECT)';
  return `SQL error: ${message}`;
}
