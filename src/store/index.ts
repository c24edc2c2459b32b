/**
 * src/store: the SQLite audit database (schemas/audit.sql). The only door to this folder.
 *
 *   openStore(file, { readonly?, cacheSizeKiB? }) → Store   checks the file is kanshi's before any write; WAL while
 *                                             open, a rollback journal at rest; creates, migrates or refuses
 *   joinStore(file) → Store                   another writing connection to a database openStore opened (a worker thread's)
 *   Store.writeBatch(audits)                  one transaction per batch; writing the same audit again changes nothing
 *   prepareAudit(audit) → PreparedAudit; Store.writePrepared(rows)   the same split in two: rows built in workers
 *   Store.auditedHashes(rulesKey) / isAudited  what a resumed audit can skip
 *   Store.ruleSets() / rowCounts()             the rule sets (with counts) and every table's row count
 *   Store.query(sql)                           one read-only statement → { columns, rows }
 *   Store.stats({ profile? | rulesKey? })      the canned reports of `kanshi stats`
 *   mergeDatabases(into, inputs)             kanshi merge: games by content hash, audits by (rules_key, game), one transaction per input
 *   preparedFindings(rows)                   the findings of prepared rows with their file and log id (audit's examples)
 *   CATALOG, tablesSql(catalog, v), schemaAsOf(…)   the catalog of stored facts and its tables as of a version
 *   SCHEMA_VERSION, APPLICATION_ID, schemaPath(), StoreError
 */
export { joinStore, openStore, type OpenStoreOptions, type Store } from './store.js';
export { StoreError } from './errors.js';
export type { StoredInference } from './inference.js';
export { APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION, schemaPath, type Migration } from './schema.js';
export { auditGroupColumns, CATALOG, type AnyColumn, type AnyTable, type Catalog, type ColumnSpec, type TableSpec } from './catalog.js';
export { schemaAsOf, tablesSql } from './ddl.js';
export { READ_PRAGMAS, type QueryResult } from './query.js';
export type { RuleSetChoice, RuleSetSummary, StatsColumn, StatsReport, StatsTable } from './stats.js';
export { FACTS_VERSION, preparedFindings, prepareAudit, type PreparedAudit, type PreparedFinding } from './writer.js';
export { mergeDatabases, type MergeInputResult, type MergeOptions, type MergeResult } from './merge.js';
