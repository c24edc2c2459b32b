/**
 * Reading the audit database for the report: rows as objects, SQL literals, and what the schema holds.
 * The store offers read-only statements without parameters, so the few values put into SQL are integers
 * (rule set ids) or strings quoted by `sqlText`.
 */
import type { Store } from '../store/index.js';

export type Row = Record<string, unknown>;

/** The rows of one read-only statement, as objects keyed by column name. */
export function rowsOf(store: Store, sql: string): Row[] {
  const { columns, rows } = store.query(sql);
  const out: Row[] = [];
  for (const values of rows) {
    const row: Row = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]] = values[i];
    out.push(row);
  }
  return out;
}

/** A string as an SQL literal. */
export function sqlText(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** A rule set id (or any integer) checked before it is put into SQL. */
export function sqlInt(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
}

export const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : 0);
export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * The parts of the schema the report can use. Schema v4 adds viewer links, turns since
 * riichi and dora by source; on an older database the report leaves out what needs them and says so.
 */
export interface SchemaFeatures {
  version: number;
  /** `finding_list` view with `viewer_url`. */
  findingList: boolean;
  /** `riichi_kans.turns_since_riichi`. */
  turnsSinceRiichi: boolean;
  /** `win_dora.kandora` and `win_dora.first_indicator_dora`. */
  kandoraDora: boolean;
}

export function schemaFeatures(store: Store): SchemaFeatures {
  const names = new Set(rowsOf(store, "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')").map((r) => String(r.name)));
  const columns = (table: string): Set<string> =>
    names.has(table) ? new Set(rowsOf(store, `SELECT name FROM pragma_table_info(${sqlText(table)})`).map((r) => String(r.name))) : new Set();
  const winDora = columns('win_dora');
  return {
    version: num(rowsOf(store, 'PRAGMA user_version')[0]?.user_version),
    findingList: columns('finding_list').has('viewer_url'),
    turnsSinceRiichi: columns('riichi_kans').has('turns_since_riichi'),
    kandoraDora: winDora.has('kandora') && winDora.has('first_indicator_dora'),
  };
}
