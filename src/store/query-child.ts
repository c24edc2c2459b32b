/**
 * The process `streamQuery` (query-stream.ts) starts for one statement: it opens the database read-only,
 * runs the statement and sends its rows in small batches as SQLite produces them. It never runs ahead of
 * its reader by more than a few batches: after that many it waits for the reader to say it has written
 * them out. A process, not a worker thread, because a statement inside one long SQLite step can only be
 * stopped by ending the process that runs it (a worker thread stuck there even keeps `process.exit` of
 * its parent waiting).
 */
import { Worker } from 'node:worker_threads';
import { StoreError } from './errors.js';
import { openReadOnly } from './connect.js';
import { readQuery } from './query.js';

export interface QueryRequest {
  file: string;
  sql: string;
  /** Rows per batch at most. */
  batchRows: number;
  /** A batch goes out when it is this old, full or not, so slow queries show their rows as they come. */
  batchMs: number;
  /** Batches sent and not yet written out by the reader, at most. */
  maxInFlight: number;
}

/** From this process to its parent. */
export type QueryReply =
  | { type: 'columns'; columns: string[] }
  | { type: 'rows'; rows: unknown[][] }
  | { type: 'done' }
  | { type: 'error'; message: string };

/** From the parent: the request, then one `written` per batch written out. */
export type QueryCommand = { type: 'run'; request: QueryRequest } | { type: 'written' };

function send(message: QueryReply): Promise<void> {
  return new Promise((resolve, reject) => process.send!(message, undefined, undefined, (err) => (err ? reject(err) : resolve())));
}

async function run(request: QueryRequest): Promise<void> {
  let unwritten = 0;
  let room: (() => void) | null = null;
  process.on('message', (command: QueryCommand) => {
    if (command.type !== 'written') return;
    unwritten--;
    if (room && unwritten < request.maxInFlight) {
      const go = room;
      room = null;
      go();
    }
  });
  let db: ReturnType<typeof openReadOnly> | null = null;
  try {
    db = openReadOnly(request.file);
    const result = readQuery(db, request.sql);
    await send({ type: 'columns', columns: result.columns });
    let batch: unknown[][] = [];
    let started = Date.now();
    const flush = async () => {
      if (unwritten >= request.maxInFlight) await new Promise<void>((resolve) => (room = resolve));
      unwritten++;
      const rows = batch;
      batch = [];
      await send({ type: 'rows', rows });
      started = Date.now();
    };
    for (const row of result.rows) {
      batch.push(row);
      if (batch.length >= request.batchRows || Date.now() - started >= request.batchMs) await flush();
    }
    if (batch.length > 0) await flush();
    await send({ type: 'done' });
  } catch (err) {
    await send({ type: 'error', message: err instanceof StoreError ? err.message : `SQL error: ${(err as Error).message ?? String(err)}` });
  } finally {
    db?.close();
  }
}

/**
 * Ends this process when its parent is gone (killed with SIGKILL, so it could not kill this one first):
 * from a thread of its own, since this one may be inside one long SQLite step for good.
 */
function watchParent(): void {
  const watchdog = new Worker(
    `const ppid = process.ppid;
     setInterval(() => { if (process.ppid !== ppid) process.kill(process.pid, 'SIGKILL'); }, 500);`,
    { eval: true },
  );
  watchdog.unref();
}

if (process.send) {
  watchParent();
  // Ctrl-C reaches the whole process group: the parent says so and stops this process itself.
  process.on('SIGINT', () => undefined);
  // The parent gone (or the statement stopped), nothing is left to do.
  process.on('disconnect', () => process.exit(0));
  process.once('message', (command: QueryCommand) => {
    if (command.type === 'run') void run(command.request).finally(() => process.disconnect());
  });
}
