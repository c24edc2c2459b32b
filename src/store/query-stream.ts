/**
 * `kanshi query`'s way of running a statement: in a child process, so that rows reach the reader as SQLite
 * produces them (never all held at once), and so that a statement can be stopped however long SQLite
 * spends in one step. better-sqlite3 offers neither sqlite3_interrupt nor a progress handler (it is built
 * with SQLITE_OMIT_PROGRESS_CALLBACK), and a worker thread inside one long step cannot be terminated (it
 * even keeps `process.exit` waiting), so the statement runs in a process of its own, killed when its time
 * is up or its reader stops.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QueryCommand, QueryReply, QueryRequest } from './query-child.js';
import { StoreError } from './errors.js';
import { schemaPath } from './schema.js';

/** A statement that used up its time. */
export class QueryTimeoutError extends StoreError {
  constructor(readonly timeoutMs: number) {
    super(`the query ran for ${seconds(timeoutMs)} (the time limit) and was stopped`);
    this.name = 'QueryTimeoutError';
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

export interface QueryStreamOptions {
  /** Time the statement may run, not counting time the reader was blocked (readerBlocked); null or 0: no limit. */
  timeoutMs?: number | null;
  /** Rows per batch at most (default 256). */
  batchRows?: number;
  /** A batch goes out when this old, full or not (default 100 ms). */
  batchMs?: number;
  /** Batches sent ahead of the reader at most (default 4). */
  maxInFlight?: number;
  /** JavaScript heap of the query's process, in MB (default 256): rows pass through it a batch at a time. */
  heapMb?: number;
}

export interface QueryStream extends AsyncIterable<unknown[][]> {
  readonly columns: string[];
  /** Stops the statement, if it still runs. */
  close(): void;
  /**
   * The reader cannot write more for now (a slow pipe: stdout full); the time limit does not run until
   * `readerReady`. Only a reader's waiting is excused: the time the whole pipeline takes otherwise counts.
   */
  readerBlocked(): void;
  readerReady(): void;
}

/** The compiled child beside this module; from the TypeScript sources (tests), the built one. */
function childFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return join(dirname(here), 'query-child.js');
  const built = join(dirname(dirname(schemaPath())), 'dist', 'src', 'store', 'query-child.js');
  if (!existsSync(built)) throw new StoreError(`${built} is missing: build kanshi first (npm run build)`);
  return built;
}

/** The last lines a failing child wrote on stderr, for the message. */
const STDERR_KEPT = 2048;

/**
 * Runs `sql` (one statement that only reads, as Store.query) on `file` opened read-only, in a child
 * process; resolves once the columns are known, or rejects with the StoreError that says why not.
 * Iterate the result for the rows, a batch at a time: asking for the next batch tells the child the
 * previous one is written out, and it never sends more than `maxInFlight` ahead.
 */
export function streamQuery(file: string, sql: string, options: QueryStreamOptions = {}): Promise<QueryStream> {
  const request: QueryRequest = {
    file,
    sql,
    batchRows: options.batchRows ?? 256,
    batchMs: options.batchMs ?? 100,
    maxInFlight: options.maxInFlight ?? 4,
  };
  const heapMb = options.heapMb ?? 256;
  const child: ChildProcess = fork(childFile(), [], {
    serialization: 'advanced',
    execArgv: [`--max-old-space-size=${heapMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-STDERR_KEPT)));

  const queue: unknown[][][] = [];
  let waiter: { resolve: (value: IteratorResult<unknown[][]>) => void; reject: (err: unknown) => void } | null = null;
  let finished = false;
  let failure: unknown = null;
  let handedOut = 0;
  let opened: { resolve: (stream: QueryStream) => void; reject: (err: unknown) => void } | null = null;

  const stop = () => {
    clock.stop();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const settle = () => {
    if (!waiter) return;
    const w = waiter;
    if (queue.length > 0) {
      waiter = null;
      handedOut++;
      w.resolve({ value: queue.shift()!, done: false });
    } else if (failure) {
      waiter = null;
      w.reject(failure);
    } else if (finished) {
      waiter = null;
      w.resolve({ value: undefined, done: true });
    }
  };
  const fail = (err: unknown) => {
    if (finished || failure) return;
    failure = err;
    stop();
    opened?.reject(err);
    opened = null;
    settle();
  };
  const command = (c: QueryCommand) => {
    if (child.connected) child.send(c);
  };

  // The time limit counts from the start, less the time the reader said it was blocked (readerBlocked).
  const clock = stopwatch(options.timeoutMs ?? null, () => fail(new QueryTimeoutError(options.timeoutMs!)));

  const stream = (columns: string[]): QueryStream => ({
    columns,
    [Symbol.asyncIterator]: () => ({
      next: () =>
        new Promise<IteratorResult<unknown[][]>>((resolve, reject) => {
          // Asking for the next batch: the ones handed out so far are written out.
          for (; handedOut > 0; handedOut--) command({ type: 'written' });
          waiter = { resolve, reject };
          settle();
        }),
      return: async () => {
        close();
        return { value: undefined, done: true };
      },
    }),
    close,
    readerBlocked: () => clock.pause(),
    readerReady: () => clock.resume(),
  });
  const close = () => {
    if (finished || failure) return;
    finished = true;
    stop();
  };

  child.on('message', (reply: QueryReply) => {
    switch (reply.type) {
      case 'columns':
        opened?.resolve(stream(reply.columns));
        opened = null;
        return;
      case 'rows':
        queue.push(reply.rows);
        settle();
        return;
      case 'done':
        finished = true;
        clock.stop();
        settle();
        return;
      case 'error':
        fail(new StoreError(reply.message));
        return;
    }
  });
  child.on('error', (err) => fail(new StoreError(`cannot run the query: ${err.message}`)));
  // 'close', not 'exit': 'exit' can come before the messages the child sent last have been read (a busy
  // parent then saw "its process ended (exit status 0)" for a query that had run to the end).
  child.on('close', (code, signal) => {
    if (finished || failure) return;
    const last = stderr.trim().split('\n').filter(Boolean).pop();
    const why = /heap out of memory|Allocation failed/.test(stderr)
      ? `it needed more than ${heapMb} MB of memory to pass its rows on (a row holding a very large value?)`
      : `its process ended (${signal ?? `exit status ${code}`})${last ? `: ${last}` : ''}`;
    fail(new StoreError(`the query stopped: ${why}`));
  });
  command({ type: 'run', request });
  return new Promise<QueryStream>((resolve, reject) => {
    opened = { resolve, reject };
  });
}

/** A countdown that can be paused; calls `expired` once its time is used. No limit when `ms` is null or 0. */
function stopwatch(ms: number | null, expired: () => void) {
  let used = 0;
  let since: number | null = Date.now();
  let timer: NodeJS.Timeout | null = null;
  const limited = ms !== null && ms > 0;
  const arm = () => {
    if (!limited || since === null) return;
    timer = setTimeout(() => {
      timer = null;
      if (since === null) return;
      if (used + (Date.now() - since) >= ms!) {
        since = null;
        expired();
      } else arm();
    }, Math.max(1, ms! - used - (Date.now() - since)));
  };
  arm();
  return {
    pause() {
      if (since === null) return;
      used += Date.now() - since;
      since = null;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    resume() {
      if (since !== null || !limited || used >= ms!) return;
      since = Date.now();
      arm();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      since = null;
      used = Infinity;
    },
  };
}
