/**
 * The worker thread's task: audit a handful of files and send back the database rows and the totals,
 * built here so that the writer's thread only inserts.
 */
import { emptySummary, tallyAudit, type AuditSummary } from '../audit/index.js';
import type { RuleSets } from '../audit/index.js';
import type { Platform } from '../events/index.js';
import type { IngestLimits } from '../ingest/index.js';
import { openStore, prepareAudit, type PreparedAudit, type Store } from '../store/index.js';
import { auditFile } from './audit-file.js';
import type { Shard } from './shard.js';

export interface AuditTask {
  files: string[];
  /** The rule set of each platform's games. */
  ruleSets: RuleSets;
  /** The platform every file is said to be from (`--platform`), over what the logs say. */
  platform?: Platform;
  /** A database whose finished audits (same file bytes, same rules) are passed over: a resumed audit. */
  resumeFrom?: string | null;
  /** What one log may cost to read (the defaults where not given). */
  limits?: Partial<IngestLimits>;
  /** Audit only the files of this shard (`--shard K/N`); the others are counted, not audited. */
  shard?: Shard | null;
}

export interface AuditTaskResult {
  /**
   * The rows as one JSON text: a single string crosses threads far cheaper than the structured clone
   * of thousands of small arrays (docs/PERFORMANCE.md).
   */
  rowsJson: string;
  /**
   * Each audited file's totals, in the order of the rows (whose `contentHash` says which game it is): the
   * batch counts a game once however many files hold it, as the database does.
   */
  tallies: AuditSummary[];
  /** Content hashes of the files passed over because their audit was stored already (their findings count toward --fail-on). */
  passedOver: string[];
  /** Files left to other shards (`--shard`): read for their hash, not audited, not counted as games. */
  otherShards: number;
}

/** One read-only connection per thread and database, to ask what is done. */
const readers = new Map<string, Store>();

function doneIn(db: string, ruleSets: RuleSets, platform: Platform | undefined): (hash: string) => boolean {
  let store = readers.get(db);
  if (!store) {
    store = openStore(db, { readonly: true });
    readers.set(db, store);
  }
  const s = store;
  // Done when stored under the rule set of the platform the game was stored as.
  return (hash) => s.auditsOf(hash).some((a) => a.rulesKey === ruleSets[platform ?? ((a.platform as Platform | null) ?? 'unknown')]?.key);
}

/** The task's audits as database rows, with the totals (the in-process batch takes them as they are). */
export interface AuditTaskRows extends Omit<AuditTaskResult, 'rowsJson'> {
  rows: PreparedAudit[];
}

export function auditFileRows(task: AuditTask): AuditTaskRows {
  const done = task.resumeFrom ? doneIn(task.resumeFrom, task.ruleSets, task.platform) : () => false;
  const rows: PreparedAudit[] = [];
  const tallies: AuditSummary[] = [];
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
    const audit = auditFile(file, task.ruleSets, task.platform, doneAndNoted, task.limits, task.shard, noteOtherShard);
    if (audit === null) continue;
    const tally = emptySummary();
    tallyAudit(tally, audit);
    tallies.push(tally);
    rows.push(prepareAudit(audit));
  }
  return { rows, tallies, passedOver, otherShards };
}

/** The worker thread's task: the rows cross back to the writer's thread as one JSON text. */
export function auditFiles(task: AuditTask): AuditTaskResult {
  const { rows, ...totals } = auditFileRows(task);
  return { rowsJson: JSON.stringify(rows), ...totals };
}

/** Closes this thread's read-only connections (the in-process batch calls it when done). */
export function closeReaders(): void {
  for (const store of readers.values()) store.close();
  readers.clear();
}

export default auditFiles;
