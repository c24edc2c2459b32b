/**
 * Logs that are not files: standard input and the descriptors a shell hands over (`-`, `/dev/stdin`,
 * `/dev/fd/N`, as `kanshi audit <(zcat log.gz)` names them), read as streams; and every other node that is
 * not a regular file (a named pipe, a socket, a device), refused before it is opened.
 *
 * A stream is read through the event loop, never with a blocking read: Ctrl-C must be heard while a pipe
 * waits for its writer. `/dev/fd/N` is read from descriptor N itself, never opened again by its name: a
 * pipe opened anew by its name waits for a writer, for ever once the writer has finished.
 */
import { fstatSync, createReadStream, type Stats } from 'node:fs';
import { Socket } from 'node:net';
import { isatty, ReadStream as TtyReadStream } from 'node:tty';
import type { Readable } from 'node:stream';
import { systemErrorText } from './errors.js';
import { specialNodeName, type NodeTests } from '../files/index.js';
import { IngestError, formatCount, limitError, resolveLimits, type IngestLimits } from '../formats/index.js';

/** `-` as a path: standard input. */
export const STDIN_NAME = '-';

const FD_PATH = /^\/dev\/fd\/(\d+)$/;

/**
 * The descriptor a path names as a stream: 0 for `-` and `/dev/stdin`, N for `/dev/fd/N`; null for any
 * other path, which is read as a file.
 */
export function streamDescriptor(path: string): number | null {
  if (path === STDIN_NAME || path === '/dev/stdin') return 0;
  const m = FD_PATH.exec(path);
  return m ? Number(m[1]) : null;
}

/**
 * Why a node that is not a regular file or a folder is not read (null for one that is): a named pipe
 * would wait for a writer, a socket cannot be read as a file, a device may never end.
 */
export function notAFileReason(info: NodeTests): string | null {
  const name = specialNodeName(info);
  if (name === null) return null;
  const what = name === 'not a file' ? name : `${name}, not a file`;
  return info.isFIFO() ? `${what}: not read (a pipe is read as standard input, - or /dev/stdin, or as /dev/fd/N)` : `${what}: not read`;
}

/** The stream of a descriptor, read without blocking the event loop: a pipe or socket, a terminal, or a file. */
function descriptorStream(fd: number, info: Stats): Readable {
  if (fd === 0) return process.stdin;
  if (info.isFIFO() || info.isSocket()) return new Socket({ fd, readable: true, writable: false });
  if (isatty(fd)) return new TtyReadStream(fd);
  return createReadStream('', { fd });
}

/** Thrown when the signal stopped a stream's reading: the input was not read, and is no failure. */
export class ReadAborted extends Error {
  constructor(readonly path: string) {
    super(`${path}: not read (stopped)`);
    this.name = 'ReadAborted';
  }
}

/**
 * All the bytes of a stream (`-`, `/dev/stdin`, `/dev/fd/N`), refused past the limit on a log's size;
 * `signal` stops the reading at once (ReadAborted). Throws IngestError naming the path. A descriptor N is
 * closed once read (or refused, or stopped); standard input stays open.
 */
export async function readLogStream(path: string, limits: Partial<IngestLimits> | undefined = undefined, signal?: AbortSignal): Promise<Buffer> {
  const fd = streamDescriptor(path);
  if (fd === null) throw new IngestError('not a stream: name -, /dev/stdin or /dev/fd/N', null, path);
  const resolved = resolveLimits(limits);
  const max = resolved.maxLogBytes;
  const what = fd === 0 ? 'standard input' : 'the stream';
  let info: Stats;
  try {
    info = fstatSync(fd);
  } catch (err) {
    throw new IngestError(`cannot read ${what}: ${systemErrorText(err)}`, null, path);
  }
  if (info.isDirectory()) throw new IngestError(systemErrorText({ code: 'EISDIR' }), null, path);
  if (info.isFile() && info.size > max) {
    throw limitError('maxLogBytes', resolved, `${what} has ${formatCount(info.size)} bytes, more than {}`, `byte ${max}`).withFile(path);
  }
  if (signal?.aborted) throw new ReadAborted(path);
  const stream = descriptorStream(fd, info);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (err: Error | null) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      signal?.removeEventListener('abort', onAbort);
      if (err) {
        // Standard input stays open for whoever reads it next; any other stream is closed.
        if (stream === process.stdin) stream.pause();
        else stream.destroy();
        reject(err);
      } else {
        if (stream === process.stdin) stream.pause();
        resolve(Buffer.concat(chunks, total));
      }
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      total += chunk.length;
      if (total > max) finish(limitError('maxLogBytes', resolved, `${what} has more than {} bytes`, `byte ${max}`).withFile(path));
    };
    const onEnd = () => finish(null);
    const onError = (err: Error) => finish(new IngestError(`cannot read ${what}: ${systemErrorText(err)}`, null, path));
    const onAbort = () => finish(new ReadAborted(path));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
