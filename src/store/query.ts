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

/**
 * The PRAGMAs `kanshi query` runs, each only to read its value: those that say what the file is, what
 * its schema holds, and whether it is sound. A PRAGMA with a value (`= x`, or `journal_mode(wal)`), or
 * another one (a setting of the connection, `wal_checkpoint`, `optimize`, `locking_mode` that would
 * keep an audit waiting), is refused.
 */
export const READ_PRAGMAS = {
  /** Read as `PRAGMA name`. */
  plain: [
    'application_id', 'user_version', 'schema_version', 'data_version', 'journal_mode', 'page_size', 'page_count', 'freelist_count', 'encoding',
    'auto_vacuum', 'table_list', 'database_list', 'collation_list', 'function_list', 'module_list', 'pragma_list', 'compile_options',
    'foreign_key_check', 'integrity_check', 'quick_check',
  ],
  /** Read as `PRAGMA name(table or index)`, or for the checks `PRAGMA name(N)`. */
  withArgument: ['table_info', 'table_xinfo', 'index_list', 'index_info', 'index_xinfo', 'foreign_key_list', 'foreign_key_check', 'integrity_check', 'quick_check'],
} as const;

/** Blanks and comments before a statement's first word. */
const LEAD = String.raw`^(?:\s|--[^\n]*(?:\n|$)|/\*[\s\S]*?\*/)*`;
const PRAGMA = new RegExp(`${LEAD}PRAGMA\\b`, 'i');
const PRAGMA_READ = new RegExp(String.raw`${LEAD}PRAGMA\s+(?:"?\w+"?\s*\.\s*)?"?(\w+)"?\s*(\(\s*[^()=;]*?\s*\))?\s*;?\s*$`, 'i');

/** Whether a PRAGMA statement reads one of READ_PRAGMAS, and nothing else. */
function readsPragma(sql: string): boolean {
  const m = PRAGMA_READ.exec(sql);
  if (!m) return false;
  const name = m[1].toLowerCase();
  return m[2] === undefined ? (READ_PRAGMAS.plain as readonly string[]).includes(name) : (READ_PRAGMAS.withArgument as readonly string[]).includes(name);
}

export function readQuery(db: BetterSqlite3.Database, sql: string): QueryResult {
  if (sql.trim() === '') throw new StoreError('the SQL statement is empty');
  const pragma = PRAGMA.test(sql);
  if (pragma && !readsPragma(sql)) {
    throw new StoreError(
      `kanshi query reads only these PRAGMAs, without a value: ${READ_PRAGMAS.plain.join(', ')}; and, of a table or index, ${READ_PRAGMAS.withArgument.map((n) => `${n}(…)`).join(', ')}`,
    );
  }
  let stmt: BetterSqlite3.Statement;
  try {
    stmt = db.prepare(sql);
  } catch (err) {
    throw new StoreError(sqlMessage(err), { cause: err });
  }
  // SQLite counts journal_mode as a write even when it only reads it; the PRAGMAs let through only read.
  if (!stmt.readonly && !pragma) throw new StoreError('kanshi query only reads: this statement would change the database (use a SELECT)');
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
