/**
 * Standard output, checked, for every command in one place. A write to stdout that fails (a full disk, a
 * read-only file system, a terminal gone: ENOSPC, EROFS, EIO…) ends the command with exit status 1 and one
 * line on stderr, `kanshi: cannot write to standard output: no space left on the device`, never a stack
 * trace; a reader that closed the pipe (`kanshi … | head`) ends it quietly, as before.
 *
 * Node's stdout to a file or a device (a SyncWriteStream) ignores a short write: a disk that fills part
 * way through a chunk took 40,960 of 76,122 bytes and the command exited 0. `guardStandardOutput` makes it
 * write the rest, so that the next write meets the error and says so.
 */
import { existsSync, mkdirSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { systemErrorText } from '../ingest/index.js';

/** Words for the codes a write meets that src/ingest's list does not name. */
const WRITE_ERRORS: Record<string, string> = {
  EDQUOT: 'the disk quota is exceeded',
  EFBIG: 'the file is too large',
  EPIPE: 'the reader closed the pipe',
  ENXIO: 'no such device',
};

/** A failed write in words: `no space left on the device`, `the file system is read-only`. */
export function writeErrorText(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code && WRITE_ERRORS[code]) return WRITE_ERRORS[code];
  return systemErrorText(err);
}

/** Standard output failed: the command ends with exit status 1 and this one line (runCli prints it). */
export class OutputError extends Error {
  constructor(readonly failure: unknown) {
    super(`cannot write to standard output: ${writeErrorText(failure)}`);
    this.name = 'OutputError';
  }
}

/** The reader of standard output is gone (EPIPE: `| head` has what it wanted): the command ends quietly. */
export class ReaderGone extends Error {
  constructor() {
    super('the reader of standard output closed the pipe');
    this.name = 'ReaderGone';
  }
}

let reported = false;

/** Whether stdout failed and the failure has been said already (runCli's catch or the stream's error event, whichever came first). */
export function outputFailureReported(): boolean {
  return reported;
}

/** Says the failure once; later calls say nothing. */
export function reportOutputFailure(err: OutputError): void {
  if (reported) return;
  reported = true;
  process.stderr.write(`kanshi: ${err.message}\n`);
}

/** Throws when stdout has failed: every command's writes go through here (`out`, `writeOut`). */
export function checkStandardOutput(): void {
  const failed = (process.stdout as { errored?: Error | null }).errored;
  if (!failed) return;
  if ((failed as NodeJS.ErrnoException).code === 'EPIPE') throw new ReaderGone();
  throw new OutputError(failed);
}

/** Writes text to stdout as it is, then checks the write (a failure throws OutputError or ReaderGone). */
export function writeOut(text: string): void {
  checkStandardOutput();
  process.stdout.write(text);
  checkStandardOutput();
}

/** Writes all of `bytes` to `fd`, a short write continued until the whole is written or the system refuses. */
export function writeAllSync(fd: number, bytes: Uint8Array): void {
  for (let offset = 0; offset < bytes.length; ) {
    const n = writeSync(fd, bytes, offset, bytes.length - offset);
    if (n <= 0) throw Object.assign(new Error('EIO: the system wrote nothing, write'), { code: 'EIO', syscall: 'write' });
    offset += n;
  }
}

/**
 * Called once by the program (src/cli/main.ts, src/cli/query-child.ts) before anything is printed: stdout
 * to a file or device writes every byte or fails; a failure the stream reports later (a pipe, a terminal)
 * ends the command with its one line, or quietly when the reader closed the pipe.
 */
export function guardStandardOutput(options: { onError?: boolean } = {}): void {
  const stream = process.stdout as NodeJS.WriteStream & { fd?: number; _write?: unknown };
  // A file or a device: Node's SyncWriteStream, which writes with one writeSync and ignores how much it took.
  if (stream.constructor?.name === 'SyncWriteStream' && typeof stream.fd === 'number') {
    const fd = stream.fd;
    stream._write = (chunk: Uint8Array | string, encoding: BufferEncoding, cb: (err?: Error | null) => void) => {
      try {
        writeAllSync(fd, typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
      } catch (err) {
        cb(err as Error);
        return;
      }
      cb();
    };
  }
  if (options.onError === false) return;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    // `kanshi … | head` closes the pipe early: stop quietly, with the status the command had so far.
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (reported) return;
    reportOutputFailure(new OutputError(err));
    process.exit(1);
  });
}

/**
 * Makes a folder and the folders above it. Node's recursive mkdir says ENOENT ("no such file or folder")
 * when it cannot make a missing parent on a read-only or forbidden file system: the folder that could not
 * be made is tried alone, so the error says why (EROFS, EACCES).
 */
export function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    let missing = resolve(dir);
    while (!existsSync(dirname(missing)) && dirname(missing) !== missing) missing = dirname(missing);
    mkdirSync(missing);
    throw err;
  }
}

/** What a file-system call does, for `cannot write x: …`. */
const SYSCALL_VERBS: Record<string, string> = {
  open: 'open',
  write: 'write',
  read: 'read',
  mkdir: 'create the folder',
  rename: 'rename',
  unlink: 'remove',
  rmdir: 'remove',
  fsync: 'write',
  close: 'close',
  copyfile: 'copy',
  scandir: 'read the folder',
  opendir: 'read the folder',
};

/**
 * The one line for a fault of the machine a command did not catch itself: a failed system call
 * (`cannot write out/x.json: no space left on the device`) or a SQLite error (`the database: database or
 * disk is full`); null for anything else, which is kanshi's own failure (its stack is printed).
 */
export function expectedFault(err: unknown): string | null {
  const e = err as (NodeJS.ErrnoException & { dest?: string }) | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/^SQLITE_/.test(code)) return `the database: ${e?.message ?? code}`;
  // node started with a flag (a V8 heap size …) that worker threads refuse: the workers take node's flags.
  if (code === 'ERR_WORKER_INVALID_EXEC_ARGV') {
    const flags = /flags: (.*)$/.exec(e?.message ?? '')?.[1] ?? 'some of its flags';
    return `node was started with ${flags}, which kanshi's worker threads cannot take: leave the flag out, or run on this thread alone (--workers 0)`;
  }
  if (!/^E[A-Z0-9]+$/.test(code) || typeof e?.syscall !== 'string') return null;
  const verb = SYSCALL_VERBS[e.syscall] ?? e.syscall;
  return `cannot ${verb}${e.path ? ` ${e.path}` : ''}: ${writeErrorText(err)}`;
}
