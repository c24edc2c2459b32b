/**
 * A batch audit: inputs are walked as a stream, handed to worker threads a few files at a time, and the
 * audits come back to this thread in batches for the writer. At most a few tasks are in flight, so memory
 * stays flat however many files there are.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { emptySummary, mergeSummary, type AuditSummary, type RuleSets } from '../audit/index.js';
import type { Platform } from '../events/index.js';
import type { PreparedAudit } from '../store/index.js';
import { walkInputs } from './inputs.js';
import { auditFileRows, closeReaders, type AuditTask, type AuditTaskResult, type AuditTaskRows } from './worker.js';

export interface BatchOptions {
  paths: readonly string[];
  /** The rule set of each platform's games. */
  ruleSets: RuleSets;
  /** The platform every file is said to be from, over what the logs say (`--platform`). */
  platform?: Platform;
  /** Worker threads; 0 audits on this thread (tests, tiny inputs). Default: all cores. */
  workers?: number;
  /** Files per worker task. */
  taskSize?: number;
  /** Audits handed to `write` at a time (one transaction each). */
  writeBatchSize?: number;
  /** Receives the audits' database rows, in batches, on this thread. */
  write: (rows: PreparedAudit[]) => void;
  /** Paths that could not be walked (missing files or folders). */
  onMissing?: (path: string, reason: string) => void;
  onProgress?: (done: number) => void;
  /** Set to stop early (SIGINT): no new tasks start; finished work is still written. */
  signal?: AbortSignal;
  /** Pass over files whose audit under these rules this database holds already (resume). */
  resumeFrom?: string | null;
}

export interface BatchResult {
  files: number;
  missing: number;
  interrupted: boolean;
  /** Files passed over: their audit was stored already. */
  skipped: number;
  summary: AuditSummary;
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** The compiled worker next to this file (works from dist; tests run the built CLI). */
function workerFile(): string {
  return fileURLToPath(new URL('./worker.js', import.meta.url));
}

export async function runBatch(opts: BatchOptions): Promise<BatchResult> {
  const workers = opts.workers ?? defaultWorkers();
  const taskSize = opts.taskSize ?? 16;
  // Small enough that this thread is soon back to hand out tasks; a commit in WAL mode costs no fsync.
  const writeBatchSize = opts.writeBatchSize ?? 64;
  let pending: PreparedAudit[] = [];
  const summary = emptySummary();
  let done = 0;
  let skipped = 0;
  let files = 0;
  let missing = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    opts.write(batch);
  };
  const accept = (result: AuditTaskRows) => {
    for (const rows of result.rows) pending.push(rows);
    mergeSummary(summary, result.summary);
    skipped += result.skipped;
    done += result.count + result.skipped;
    opts.onProgress?.(done);
    if (pending.length >= writeBatchSize) flush();
  };

  if (workers === 0) {
    for await (const item of walkInputs(opts.paths)) {
      if (opts.signal?.aborted) break;
      if (item.kind === 'missing') {
        missing++;
        opts.onMissing?.(item.path, item.reason);
        continue;
      }
      files++;
      accept(auditFileRows({ files: [item.path], ruleSets: opts.ruleSets, platform: opts.platform, resumeFrom: opts.resumeFrom }));
    }
    flush();
    closeReaders();
    return { files, missing, interrupted: opts.signal?.aborted ?? false, skipped, summary };
  }

  const pool = new Piscina<AuditTask, AuditTaskResult>({
    filename: workerFile(),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 1000,
    // Tasks are handed out by this thread, which is now and then busy writing: with a few queued at each
    // worker, a worker that finishes one starts the next at once instead of waiting for the writer
    // (docs/PERFORMANCE.md).
    concurrentTasksPerWorker: 4,
    // A roomier young generation: the audit allocates many short-lived objects per game, and small
    // semi-spaces made the workers spend as much time collecting as working.
    resourceLimits: { maxYoungGenerationSizeMb: 64 },
  });
  const inFlight = new Set<Promise<void>>();
  // Enough queued work that the workers never wait while this thread writes a batch.
  const maxInFlight = workers * 8;
  let failure: unknown = null;
  const submit = (batch: string[]) => {
    const p: Promise<void> = pool
      .run({ files: batch, ruleSets: opts.ruleSets, platform: opts.platform, resumeFrom: opts.resumeFrom })
      .then(({ rowsJson, ...totals }) => accept({ rows: JSON.parse(rowsJson) as PreparedAudit[], ...totals }), (err: unknown) => {
        failure ??= err;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  try {
    let batch: string[] = [];
    for await (const item of walkInputs(opts.paths)) {
      if (opts.signal?.aborted || failure) break;
      if (item.kind === 'missing') {
        missing++;
        opts.onMissing?.(item.path, item.reason);
        continue;
      }
      files++;
      batch.push(item.path);
      if (batch.length >= taskSize) {
        submit(batch);
        batch = [];
        while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
      }
    }
    if (batch.length > 0 && !opts.signal?.aborted && !failure) submit(batch);
    await Promise.all(inFlight);
    flush();
  } finally {
    await pool.destroy();
  }
  if (failure) throw failure;
  return { files, missing, interrupted: opts.signal?.aborted ?? false, skipped, summary };
}

/** Counts the files a batch will read (a quick walk, for the progress bar's total). */
export async function countInputs(paths: readonly string[]): Promise<number> {
  let n = 0;
  for await (const item of walkInputs(paths)) if (item.kind === 'file') n++;
  return n;
}
