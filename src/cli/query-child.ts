/**
 * The process `kanshi query` starts for its statement (query.ts): it opens the database read-only, runs
 * the statement and prints the rows itself, on the stdout it shares with the command, as SQLite produces
 * them. Its parent only keeps the clock: at --timeout it asks this process to stop at the next row (and
 * kills it if it does not, being inside one long SQLite step); on Ctrl-C it kills it. A process, not a
 * worker thread, because better-sqlite3 offers no interrupt and a thread inside one long SQLite step
 * cannot be stopped (it even keeps `process.exit` of its parent waiting).
 *
 * No row crosses between processes, so none can be lost between them: the parent learns only when
 * stdout is full (its clock then stops), how many rows the operating system has taken, and how it ended.
 */
import { Worker } from 'node:worker_threads';
import { StoreError, openStore, type Store } from '../store/index.js';
import { RowPrinter, type QueryFormat } from './query-format.js';
import { guardStandardOutput, OutputError } from './output.js';

export interface QueryRequest {
  file: string;
  sql: string;
  format: QueryFormat;
  /** Rows waiting for a piece to fill are printed anyway when the first of them is this old (a slow statement's rows show as they come). */
  pieceMs: number;
}

/**
 * From this process to its parent. `rows` counts the data rows the operating system has taken from this
 * process's stdout (in a file, a pipe's buffer or a terminal), which nothing that happens to this process
 * afterwards can take back.
 */
export type QueryReply =
  | { type: 'started' } // the request is taken: the statement's time starts (this process's start-up is not its)
  | { type: 'blocked' } // stdout is full: a slow reader, whose waiting is not the statement's time
  | { type: 'ready' } // stdout takes text again
  | { type: 'printed'; rows: number }
  | { type: 'done'; rows: number } // every row printed, the output ended
  | { type: 'stopped'; rows: number } // stopped at a row as the parent asked: the rows printed are not all
  | { type: 'reader-gone'; rows: number } // the reader closed stdout (`| head`): nothing more is wanted
  | { type: 'error'; message: string; rows: number }; // the statement failed, before its rows or part way

/** From the parent: the request; then `stop` when its time is up. */
export type QueryCommand = { type: 'run'; request: QueryRequest } | { type: 'stop' };

function send(message: QueryReply): Promise<void> {
  return new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send!(message, undefined, undefined, () => resolve());
  });
}

/** The reader closed stdout. */
class ReaderGone extends Error {}
/** The parent asked this process to stop. */
class Stopped extends Error {}

let stopAsked = false;

/** This process lets its events in (write callbacks, the parent's messages) at least this often while rows come. */
const YIELD_MS = 20;

/** Writes text to stdout, waiting while it is full, and tells the parent what was taken. */
class Stdout {
  /** Data rows the operating system has taken. */
  printed = 0;
  /** Set while stdout is full; resolves when it drains or fails. */
  private full: Promise<void> | null = null;
  private wakeFull: (() => void) | null = null;
  private lastYield = Date.now();
  private gone = false;
  private failure: Error | null = null;

  constructor() {
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') this.gone = true;
      else this.failure = new OutputError(err);
      this.wakeFull?.();
    });
    process.stdout.on('drain', () => {
      if (!this.full) return;
      void send({ type: 'ready' });
      this.wakeFull?.();
    });
  }

  write = (text: string, rows: number): void => {
    this.check();
    const ok = process.stdout.write(text, (err) => {
      if (!err) this.taken(rows);
    });
    const failed = (process.stdout as { errored?: NodeJS.ErrnoException | null }).errored;
    if (failed) {
      // Refused at once (a full disk): these rows were not taken.
      if (failed.code === 'EPIPE') this.gone = true;
      else this.failure = new OutputError(failed);
    }
    // Taken at once (a file, a terminal, a pipe with room): said now, in case a long step follows.
    else if (process.stdout.writableLength === 0) this.taken(rows);
    else if (!ok && !this.full) {
      void send({ type: 'blocked' });
      this.full = new Promise<void>((resolve) => (this.wakeFull = resolve)).then(() => {
        this.full = null;
        this.wakeFull = null;
      });
    }
  };

  /** Waits while stdout is full, and now and then lets this process's events in; throws once the reader is gone or a stop was asked. */
  async room(): Promise<void> {
    if (this.full) await this.full;
    else if (Date.now() - this.lastYield >= YIELD_MS) await new Promise<void>((resolve) => setImmediate(resolve));
    else return this.check();
    this.lastYield = Date.now();
    this.check();
    if (stopAsked) throw new Stopped();
  }

  /** Resolves once everything written has been taken by the operating system (or has failed: the reader is gone). */
  async settled(): Promise<void> {
    this.check();
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
    this.check();
  }

  private taken(rows: number): void {
    if (rows <= this.printed) return;
    this.printed = rows;
    void send({ type: 'printed', rows });
  }

  private check(): void {
    if (this.gone) throw new ReaderGone();
    if (this.failure) throw this.failure;
  }
}

async function run(request: QueryRequest): Promise<void> {
  const stdout = new Stdout();
  let store: Store | null = null;
  let printer: RowPrinter | null = null;
  void send({ type: 'started' });
  try {
    store = openStore(request.file, { readonly: true, letWritersIn: true });
    const result = store.query(request.sql);
    printer = new RowPrinter(result.columns, request.format, stdout.write);
    let waitingSince = Date.now();
    let n = 0;
    for (const row of result.rows) {
      printer.add([row]);
      if (++n % 64 === 0 || Date.now() - waitingSince >= request.pieceMs) {
        if (Date.now() - waitingSince >= request.pieceMs) {
          printer.flush();
          waitingSince = Date.now();
        }
        await stdout.room();
      }
    }
    printer.end();
    await stdout.settled();
    await send({ type: 'done', rows: stdout.printed });
  } catch (err) {
    if (err instanceof ReaderGone) return void (await send({ type: 'reader-gone', rows: stdout.printed }));
    // The rows so far stay printed, without what would end the output; the parent says they are not all.
    try {
      printer?.partial();
      await stdout.settled();
    } catch {
      // The reader is gone too: what stopped the statement is still the news.
    }
    if (err instanceof Stopped) return void (await send({ type: 'stopped', rows: stdout.printed }));
    const message = err instanceof StoreError || err instanceof OutputError ? err.message : `SQL error: ${(err as Error).message ?? String(err)}`;
    await send({ type: 'error', message, rows: stdout.printed });
  } finally {
    store?.close();
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
  // stdout to a file writes every byte or fails (a short write on a filling disk was taken as all of it).
  guardStandardOutput({ onError: false });
  watchParent();
  // Ctrl-C reaches the whole process group: the parent says so and stops this process itself.
  process.on('SIGINT', () => undefined);
  // The parent gone, nobody keeps the clock or reports the end: stop.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (command: QueryCommand) => {
    if (command.type === 'stop') stopAsked = true;
    else if (command.type === 'run') void run(command.request).finally(() => process.disconnect());
  });
}
