/**
 * The worker thread's task: audit a handful of files and write them into the database, in one transaction,
 * through this thread's own connection. Only the totals and findings go back to the batch's thread: rows
 * never cross threads (docs/PERFORMANCE.md).
 */
import { brokenAudit, emptySummary, tallyAudit, type AuditSummary, type GameAudit } from '../audit/index.js';
import type { RuleSet } from '../rules/index.js';
import type { Platform } from '../events/index.js';
import type { IngestLimits } from '../ingest/index.js';
import { joinStore, prepareAudit, preparedFindings, type PreparedAudit, type PreparedFinding, type Store } from '../store/index.js';
import { auditFile, type TaskInput } from './audit-file.js';
import type { Shard } from './shard.js';

export interface AuditTask {
  /** Paths of files, or logs read before the task (streams). */
  files: TaskInput[];
  /** The rule set every game is audited under. */
  ruleSet: RuleSet;
  /** The platform every file is said to be from (`--platform`), over what the logs say. */
  platform?: Platform;
  /** The database the audits are written into; the batch's owner has opened it (openStore). */
  db: string;
  /** Pass over files whose audit (same file bytes, same rules) the database holds: a resumed audit. */
  resume: boolean;
  /** What one log may cost to read (the defaults where not given). */
  limits?: Partial<IngestLimits>;
  /** Audit only the files of this shard (`--shard K/N`); the others are counted, not audited. */
  shard?: Shard | null;
}

export interface AuditTaskResult {
  /**
   * The content hash of each file audited and written, in order: the batch counts a game once however
   * many files hold it, as the database does.
   */
  hashes: string[];
  /** Each audited file's totals, as written (a file whose rows the database refused counts as that failure). */
  tallies: AuditSummary[];
  /** The findings written, with their files and log ids. */
  findings: PreparedFinding[];
  /** Content hashes of the files passed over because their audit was stored already (their findings count toward --fail-on). */
  passedOver: string[];
  /** Files left to other shards (`--shard`): read for their hash, not audited, not counted as games. */
  otherShards: number;
}

/** This thread's connection to each database it writes. */
const connections = new Map<string, Store>();

/** This thread's connection to `db` (opened on first use, kept for the thread's later tasks). */
export function connectionTo(db: string): Store {
  let store = connections.get(db);
  if (!store) {
    store = joinStore(db);
    connections.set(db, store);
  }
  return store;
}

/** Closes this thread's connection to `db` (the batch's thread, when its batch is done). */
export function closeConnection(db: string): void {
  connections.get(db)?.close();
  connections.delete(db);
}

/** Whether a game is done: stored under the rule set of this run. */
function doneIn(store: Store, ruleSet: RuleSet): (hash: string) => boolean {
  return (hash) => store.auditsOf(hash).some((a) => a.rulesKey === ruleSet.key);
}

export function auditTask(task: AuditTask): AuditTaskResult {
  const store = connectionTo(task.db);
  const done = task.resume ? doneIn(store, task.ruleSet) : () => false;
  // Each audit becomes its rows and totals at once: only those are kept until the task's write, not the
  // game and its replay (64 games of events alive at every collection, copied and promoted).
  const audited: AuditRows[] = [];
  const passedOver: string[] = [];
  let otherShards = 0;
  const noteOtherShard = () => {
    otherShards++;
  };
  // The hash of a file passed over: auditFile only says it was (null); the batch needs which game it was.
  const doneAndNoted = (hash: string) => {
    if (!done(hash)) return false;
    passedOver.push(hash);
    return true;
  };
  for (const file of task.files) {
    const audit = auditFile(file, task.ruleSet, task.platform, doneAndNoted, task.limits, task.shard, noteOtherShard);
    if (audit !== null) audited.push(auditRows(audit));
  }
  return { ...writeAudits(store, audited, task.ruleSet), passedOver, otherShards };
}

/** An audit as the writer takes it: its database rows, and its totals for the batch's summary. */
export interface AuditRows {
  rows: PreparedAudit;
  tally: AuditSummary;
}

export function auditRows(audit: GameAudit): AuditRows {
  return { rows: prepareAudit(audit), tally: tallyOf(audit) };
}

/**
 * Whether a write failed on the rows themselves (a constraint, a value of the wrong type or size, a value
 * the binding cannot take) rather than on the database (busy or locked past the timeout, full, an I/O
 * error): only the first is a game's to carry.
 */
function refusedRows(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return true;
  return code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG' || code === 'SQLITE_RANGE';
}

/**
 * Writes audits in one transaction, and says what was written. When the database refuses the batch, each
 * audit is written alone, so that rows it refuses (kanshi built rows its schema does not take: a bug)
 * cost only their own game, stored instead as an audit-error naming what the database said. When the
 * database itself fails (busy past the timeout, full, an I/O error), or even the audit-error cannot be
 * written, the first error is thrown: the batch stops, and nothing is stored as a game's fault.
 */
export function writeAudits(store: Store, audits: readonly AuditRows[], ruleSet: RuleSet): Pick<AuditTaskResult, 'hashes' | 'tallies' | 'findings'> {
  const rows = audits.map((a) => a.rows);
  const tallies = audits.map((a) => a.tally);
  try {
    store.writePrepared(rows);
  } catch (batchError) {
    if (!refusedRows(batchError)) throw batchError;
    for (let i = 0; i < rows.length; i++) {
      try {
        store.writePrepared([rows[i]]);
      } catch (err) {
        if (!refusedRows(err)) throw err;
        const refused = new Error(`the database refused this file's rows: ${(err as Error)?.message ?? String(err)}`);
        const broken = brokenAudit(rows[i].file, rows[i].contentHash, refused, ruleSet);
        rows[i] = prepareAudit(broken);
        tallies[i] = tallyOf(broken);
        try {
          store.writePrepared([rows[i]]);
        } catch {
          throw batchError;
        }
      }
    }
  }
  return {
    hashes: rows.map((r) => r.contentHash),
    tallies,
    findings: rows.flatMap(preparedFindings),
  };
}

function tallyOf(audit: GameAudit): AuditSummary {
  const tally = emptySummary();
  tallyAudit(tally, audit);
  return tally;
}

/**
 * The task as the worker thread runs it. An error crosses threads by structured clone, which keeps only a
 * real Error's message: better-sqlite3's SqliteError is not one, and arrived as an empty message, so
 * what was thrown is passed on as an Error with its message and code.
 */
export default function runTask(task: AuditTask): AuditTaskResult {
  try {
    return auditTask(task);
  } catch (err) {
    if (err instanceof Error && Object.prototype.toString.call(err) === '[object Error]') throw err;
    const plain = new Error((err as Error | null)?.message ?? String(err));
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'string') Object.assign(plain, { code });
    throw plain;
  }
}
