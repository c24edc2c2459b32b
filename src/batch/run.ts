/**
 * A batch audit: inputs are walked as a stream and handed to worker threads a few files at a time; each
 * worker audits its files and writes them into the database itself, one transaction a task, and sends back
 * only the totals and findings. At most a few tasks are in flight, so memory stays flat however many
 * files there are.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { Piscina } from 'piscina';
import { brokenAudit, contentHash, failedAudit, type AuditSummary } from '../audit/index.js';
import type { RuleSet } from '../rules/index.js';
import type { Platform } from '../events/index.js';
import { asIngestError, DEFAULT_LIMITS, IngestError, ReadAborted, readLogStream, type IngestLimits } from '../ingest/index.js';
import type { PreparedFinding } from '../store/index.js';
import { unreadHash } from '../audit/index.js';
import { BatchCount } from './count.js';
import { inShard, type Shard } from './shard.js';
import { emptyWalkReport, walkInputs, type InputItem, type WalkReport } from './inputs.js';
import { auditRows, auditTask, closeConnection, connectionTo, writeAudits, type AuditTask, type AuditTaskResult } from './worker.js';
import { inputBytes, inputPath, type ReadBefore, type TaskInput } from './audit-file.js';

/**
 * The heap (V8's old generation) each worker thread may use, in MB. Reading and auditing a log within the
 * ingest limits takes a few MB (a task of 64 corpus logs, rows included, well under 50); a worker that
 * needs more than this is stopped, costing only its files, instead of the machine's memory.
 */
export const DEFAULT_WORKER_MEMORY_MB = 512;

/**
 * Node options of kanshi's worker threads: they load their module with import(), never require(). Piscina
 * tries require() first, and on Node 20 a worker terminated while require() instantiates an ES module
 * aborts the whole process (FATAL ERROR: v8::Module::IsGraphAsync …): a short audit ending its pool while
 * a worker was still starting did so about once in 150 runs. Without the flag (a Node that has no
 * require(esm)), the workers cannot take that path anyway.
 */
export const WORKER_EXEC_ARGV: readonly string[] = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module')
  ? [...process.execArgv, '--no-experimental-require-module']
  : process.execArgv;

export interface BatchOptions {
  paths: readonly string[];
  /** The rule set every game is audited under. */
  ruleSet: RuleSet;
  /** The platform every file is said to be from, over what the logs say (`--platform`). */
  platform?: Platform;
  /**
   * Worker threads; 0 audits on this thread. Default: this thread alone for fewer than `inThreadBelow`
   * files, else one per core; always workers when a worker's heap limit is given or a log may be larger
   * than the default limits allow (a heap is capped only in a worker).
   */
  workers?: number;
  /** Without `workers`: below this many files, this thread alone (IN_THREAD_BELOW). */
  inThreadBelow?: number;
  /** Files per worker task: one transaction each. */
  taskSize?: number;
  /**
   * The database the audits are written into, which the caller holds open (openStore: the schema is
   * current, WAL is on); each thread that audits writes through a connection of its own.
   */
  db: string;
  /** Receives the findings written (with their files and log ids), a task's at a time, on this thread. */
  onFindings?: (findings: PreparedFinding[]) => void;
  /** Paths that could not be walked (missing files or folders). */
  onMissing?: (path: string, reason: string) => void;
  onProgress?: (done: number) => void;
  /** Set to stop early (SIGINT): no new tasks start; finished work is still written. */
  signal?: AbortSignal;
  /** Pass over files whose audit under these rules the database holds already (resume). */
  resume?: boolean;
  /** What one log may cost to read (the defaults where not given). */
  limits?: Partial<IngestLimits>;
  /** The heap each worker thread may use, in MB (DEFAULT_WORKER_MEMORY_MB). */
  workerMemoryMb?: number;
  /** Audit only this shard of the inputs (`--shard K/N`, by content hash); the other files are counted apart. */
  shard?: Shard | null;
}

export interface BatchResult {
  /** Worker threads the batch ran on: 0 when it ran on this thread alone. */
  workers: number;
  files: number;
  missing: number;
  interrupted: boolean;
  /** Files passed over: their audit was stored already (distinct contents; a second file with the same bytes is a duplicate). */
  skipped: number;
  /** The content hashes of the games passed over, each once: their stored findings are still the batch's verdict. */
  passedOver: string[];
  /**
   * Files with the same bytes as another file of this batch (audited or passed over): one game to the
   * database, so not counted again in `summary` or `skipped`.
   */
  duplicates: number;
  /** The totals of the games audited, each distinct content once. */
  summary: AuditSummary;
  /** What the walk passed over: paths given that held no log file, files inside folders that are not logs. */
  walk: WalkReport;
  /** Files left to other shards (`--shard`): neither audited nor counted as games, duplicates, or passed over. */
  otherShards: number;
}

/**
 * One worker thread per core: each writes its own audits, and this thread only hands out files, so no
 * core is kept for a writer (docs/PERFORMANCE.md).
 */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Below this many files a batch is audited on this thread alone: each worker thread starts kanshi and
 * compiles its hot code anew, which on two cores costs more than a second core gains until a few thousand
 * files (docs/PERFORMANCE.md §4).
 */
export const IN_THREAD_BELOW = 3000;

/**
 * Whether a batch may run on this thread: its heap has no cap of its own, so only when nobody asked for
 * one (`--max-worker-memory`) and no log may be larger than the default limits let through (a few MB of
 * heap at most).
 */
function mayRunInThread(opts: BatchOptions): boolean {
  if (opts.workerMemoryMb !== undefined) return false;
  const limits = opts.limits ?? {};
  return (Object.keys(DEFAULT_LIMITS) as (keyof IngestLimits)[]).every((k) => (limits[k] ?? DEFAULT_LIMITS[k]) <= DEFAULT_LIMITS[k]);
}

/** Whether the walk holds fewer than `n` files; the items read on the way are kept in `head`, in order. */
async function fewerFilesThan(n: number, walking: AsyncGenerator<InputItem>, head: InputItem[]): Promise<boolean> {
  let found = 0;
  while (found < n) {
    const next = await walking.next();
    if (next.done) return true;
    head.push(next.value);
    if (next.value.kind === 'file') found++;
  }
  return false;
}

/**
 * The compiled worker. A path through batch/ itself: the built CLI runs this code from a chunk of
 * dist/src/chunks (scripts/bundle.mjs). From the TypeScript sources (tests that run kanshi in their own
 * process), the built one, as the query child is found.
 */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return fileURLToPath(new URL('../batch/worker.js', import.meta.url));
  return join(dirname(here), '..', '..', 'dist', 'src', 'batch', 'worker.js');
}

/**
 * Audits the inputs. A task whose worker fails (runs out of memory, or dies) costs only its files: they
 * are audited again one at a time, each alone in a worker of its own, and a file that kills that worker
 * too is recorded as a finding (an `ingest-error` naming the memory limit; an `audit-error` for any other
 * death), stored like any other, so that the batch, and a re-run of it, completes.
 */
export async function runBatch(opts: BatchOptions): Promise<BatchResult> {
  const walk = emptyWalkReport();
  const walking = walkInputs(opts.paths, walk);
  // Without a number of workers, the walk's first files say how big the batch is (read once, kept in `head`).
  const head: InputItem[] = [];
  const workers =
    opts.workers ?? (mayRunInThread(opts) && (await fewerFilesThan(opts.inThreadBelow ?? IN_THREAD_BELOW, walking, head)) ? 0 : defaultWorkers());
  const inputs = async function* (): AsyncGenerator<InputItem> {
    yield* head;
    yield* walking;
  };
  const workerMemoryMb = opts.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB;
  const taskSize = opts.taskSize ?? 64;
  const count = new BatchCount();
  let files = 0;
  let missing = 0;
  const accept = (result: AuditTaskResult) => {
    count.accept(result);
    if (result.findings.length > 0) opts.onFindings?.(result.findings);
    opts.onProgress?.(count.done);
  };
  const task = (batch: TaskInput[]): AuditTask => ({
    files: batch,
    ruleSet: opts.ruleSet,
    platform: opts.platform,
    db: opts.db,
    resume: opts.resume ?? false,
    limits: opts.limits,
    shard: opts.shard,
  });
  const result = (interrupted: boolean): BatchResult => {
    const passedOver = count.passedOver();
    return {
      workers,
      files,
      missing,
      interrupted,
      skipped: passedOver.length,
      passedOver,
      duplicates: count.duplicates,
      summary: count.summary,
      walk,
      otherShards: count.otherShards,
    };
  };

  /**
   * The inputs as tasks of `taskSize` files (the last one shorter), missing paths reported on the way, a
   * stream read here (through the event loop, stopped by the signal); none once `stopped()`.
   */
  const tasks = async function* (stopped: () => boolean): AsyncGenerator<TaskInput[]> {
    let batch: TaskInput[] = [];
    for await (const item of inputs()) {
      if (stopped()) return;
      if (item.kind === 'missing') {
        missing++;
        opts.onMissing?.(item.path, item.reason);
        continue;
      }
      let input: TaskInput = item.path;
      if (item.kind === 'stream') {
        const read = await readBefore(item.path, opts.limits, opts.signal);
        if (read === null) return;
        input = read;
      }
      files++;
      batch.push(input);
      if (batch.length >= taskSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0 && !stopped()) yield batch;
  };
  const aborted = () => opts.signal?.aborted ?? false;

  if (workers === 0) {
    let failed: { error: unknown } | null = null;
    try {
      for await (const batch of tasks(aborted)) {
        accept(auditTask(task(batch)));
        // A signal's handler runs only between turns of the event loop, and the walk and the tasks are
        // synchronous: let it in between tasks, or Ctrl-C waits for the whole batch.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (err) {
      failed = { error: err };
    } finally {
      closeConnection(opts.db);
    }
    if (failed) throw new BatchFailure(failed.error, result(aborted()));
    return result(aborted());
  }

  // A roomier young generation: the audit allocates many short-lived objects per game, and small
  // semi-spaces made the workers spend as much time collecting as working. The old generation is capped,
  // so a log that needs more stops its worker, not the machine.
  const resourceLimits = { maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(workerMemoryMb / 4))), maxOldGenerationSizeMb: workerMemoryMb };
  const pool = new Piscina<AuditTask, AuditTaskResult>({
    filename: workerFile(),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 1000,
    // One task queued at each worker behind the one it runs, so that it starts the next at once.
    concurrentTasksPerWorker: 2,
    resourceLimits,
    execArgv: [...WORKER_EXEC_ARGV],
  });
  let failure: unknown = null;
  // A pool destroyed early is awaited at the end all the same: its workers' connections close as they exit.
  const destroyed = new Map<Piscina<AuditTask, AuditTaskResult>, Promise<void>>();
  const destroy = (p: Piscina<AuditTask, AuditTaskResult>): Promise<void> => {
    let done = destroyed.get(p);
    if (!done) destroyed.set(p, (done = p.destroy()));
    return done;
  };
  // A pool that cannot start a worker (kanshi's own module failing to load) never runs its queued tasks:
  // the batch stops with that error, and the pools are destroyed so that nothing waits for them.
  const broken = (err: unknown) => {
    failure ??= err;
    void destroy(pool);
    if (alone.pool) void destroy(alone.pool);
  };
  // The files of a failed task, one at a time, each alone in a worker: made when first needed.
  const alone: { pool: Piscina<AuditTask, AuditTaskResult> | null } = { pool: null };
  const aloneQueue = (): Piscina<AuditTask, AuditTaskResult> => {
    if (alone.pool) return alone.pool;
    alone.pool = new Piscina<AuditTask, AuditTaskResult>({
      filename: workerFile(),
      // One worker, always there: one that dies is replaced for the next file.
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: 1000,
      concurrentTasksPerWorker: 1,
      resourceLimits,
      execArgv: [...WORKER_EXEC_ARGV],
    });
    alone.pool.on('error', broken);
    return alone.pool;
  };
  pool.on('error', broken);
  const inFlight = new Set<Promise<void>>();
  // Enough queued work that no worker waits for the next task.
  const maxInFlight = workers * 3;
  /**
   * A task whose worker died (out of memory, or exited) wrote nothing, unless it died between its commit
   * and its reply (its transaction ends with its connection): its files are audited again one at a time,
   * each alone in a worker, and a file whose worker dies again is recorded as that failure. Anything else a task throws is kanshi's failure or the
   * database's (auditFile never throws): the batch stops with it, as it does once it has stopped.
   */
  const onTaskFailure = (batch: TaskInput[], err: unknown, wasAlone: boolean): Promise<void> | void => {
    if (failure) return;
    if (!workerDied(err)) {
      failure = err;
      return;
    }
    if (wasAlone) {
      accept(workerFailure(batch[0], err, opts, workerMemoryMb));
      return;
    }
    return Promise.all(batch.map((file) => runAlone(file))).then(() => undefined);
  };
  const runAlone = (file: TaskInput): Promise<void> =>
    aloneQueue()
      .run(task([file]))
      .then(accept, (err: unknown) => onTaskFailure([file], err, true));
  const submit = (batch: TaskInput[]) => {
    const p: Promise<void> = pool
      .run(task(batch))
      .then(accept, (err: unknown) => onTaskFailure(batch, err, false))
      .catch((err: unknown) => {
        failure ??= err;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  try {
    for await (const batch of tasks(() => aborted() || Boolean(failure))) {
      submit(batch);
      while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    // The workers' connections close with their threads, before the caller closes its own.
    await destroy(pool);
    if (alone.pool) await destroy(alone.pool);
    closeConnection(opts.db);
  }
  if (failure) throw new BatchFailure(failure, result(aborted()));
  return result(aborted());
}

/**
 * The batch stopped on a failure that is not a file's (the database full, locked past its timeout, an I/O
 * error, or kanshi's own failure): what was written before it stays, and `partial` counts it, for the
 * caller's summary. Its message is the failure's.
 */
export class BatchFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly partial: BatchResult,
  ) {
    super((failure as Error | null)?.message ?? String(failure));
    this.name = 'BatchFailure';
    const code = (failure as { code?: unknown } | null)?.code;
    if (typeof code === 'string') Object.assign(this, { code });
  }
}

/** Counts the files a batch will read (a quick walk, for the progress bar's total). */
export async function countInputs(paths: readonly string[]): Promise<number> {
  let n = 0;
  for await (const item of walkInputs(paths)) if (item.kind !== 'missing') n++;
  return n;
}

/**
 * A stream's bytes, read on this thread through the event loop (a pipe may wait for its writer: Ctrl-C
 * must be heard meanwhile), or why they could not be read; null when the signal stopped the reading.
 */
async function readBefore(path: string, limits: Partial<IngestLimits> | undefined, signal: AbortSignal | undefined): Promise<ReadBefore | null> {
  try {
    return { path, bytes: await readLogStream(path, limits, signal) };
  } catch (err) {
    if (err instanceof ReadAborted) return null;
    const ingest = asIngestError(err) ?? new IngestError(String(err));
    return { path, reason: ingest.reason, position: ingest.position };
  }
}

/** The task's worker died: it ran out of memory, or exited, rather than the task throwing. */
function workerDied(err: unknown): boolean {
  const e = err as NodeJS.ErrnoException | null;
  return outOfMemory(err) || /^worker exited with code/i.test(e?.message ?? '');
}

/** The worker error of a file's task when the pool's thread ran out of the heap it is allowed. */
function outOfMemory(err: unknown): boolean {
  const e = err as NodeJS.ErrnoException | null;
  return e?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap limit/i.test(e?.message ?? '');
}

/**
 * The audit of a file whose worker failed while it was alone in it: an `ingest-error` naming the memory
 * limit when the worker ran out of it (the log needs more than a log may have), else an `audit-error`
 * (kanshi's failure). Written from this thread like any audit, under the file's content hash, so a re-run
 * passes over it.
 */
function workerFailure(input: TaskInput, err: unknown, opts: BatchOptions, workerMemoryMb: number): AuditTaskResult {
  const fallback = opts.ruleSet;
  const file = inputPath(input);
  let hash: string;
  try {
    hash = contentHash(inputBytes(input, opts.limits));
  } catch {
    hash = unreadHash(file);
  }
  // A file of another shard is never parsed, so cannot kill a worker; counted apart all the same.
  if (!inShard(hash, opts.shard)) return { hashes: [], tallies: [], findings: [], passedOver: [], otherShards: 1 };
  const audit = outOfMemory(err)
    ? failedAudit(
        file,
        hash,
        new IngestError(`the log needs more than ${workerMemoryMb} MB of memory to read, the limit of a worker thread (--max-worker-memory raises it)`, null, file),
        fallback,
      )
    : brokenAudit(file, hash, new Error(`the worker thread auditing this file stopped: ${(err as Error)?.message ?? String(err)}`), fallback);
  return { ...writeAudits(connectionTo(opts.db), [auditRows(audit)], opts.ruleSet), passedOver: [], otherShards: 0 };
}
