/**
 * One way to write a whole file: a temporary file in the target's folder (so the rename stays on one
 * file system), the bytes, optionally fsync, then a rename over the target. The target's name only ever
 * holds a complete file, the previous one stays in place when the write fails, and the temporary is
 * removed on failure. Temporaries of runs that were killed are recognised by their name and removed
 * later (`removeStaleTempFiles`).
 *
 * Only a regular file (or no file) is replaced. A symbolic link is followed, and the file it leads to is
 * replaced (the link stays a link); a named pipe or a device (`-o /dev/stdout`, `/dev/null`, a pipe of
 * the shell's) is written through, as a stream, and its errors thrown (ENOSPC from /dev/full); a folder,
 * a socket or a block device is refused: a write never turns a node that is not a file into one.
 */
import { randomBytes } from 'node:crypto';
import { lstat, open, readdir, readlink, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { specialNodeName } from './nodes.js';

/**
 * Temporary files start with a dot, which `kanshi info`'s folder walk skips (src/batch/inputs.ts),
 * and end in `.tmp`, which it does not read either; `.gitignore` lists both patterns.
 */
export const TEMP_PREFIX = '.kanshi-tmp-';
const TEMP_NAME = /^\.kanshi-tmp-(\d+)-[0-9a-f]+-.*\.tmp$/;
/** A temporary file whose process still runs is left alone unless it is older than this. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** The temporary a file of this name is written to first: the writer's process id, a random part, the name. */
export function tempFileName(finalName: string, pid = process.pid): string {
  return `${TEMP_PREFIX}${pid}-${randomBytes(4).toString('hex')}-${finalName}.tmp`;
}

export interface AtomicWriteOptions {
  /** Flush the data to the disk before the rename, so the file survives a power cut too. */
  fsync?: boolean;
}

/**
 * Writes `data` (text as UTF-8, or bytes) to `path`: a file through a temporary file beside it and a
 * rename, a named pipe or a character device as a stream (see above). Returns the number of bytes
 * written. On any failure the temporary is removed, the target is left as it was, and the error is thrown.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<number> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const target = await writeTarget(path);
  if (target.through) {
    const handle = await open(target.path, 'w');
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    return bytes.length;
  }
  const temp = join(dirname(target.path), tempFileName(basename(target.path)));
  let created = false;
  try {
    const handle = await open(temp, 'wx');
    created = true;
    try {
      await handle.writeFile(bytes);
      if (options.fsync) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target.path);
  } catch (err) {
    if (created) await unlink(temp).catch(() => undefined);
    throw err;
  }
  return bytes.length;
}

/**
 * Where a write to `path` goes: the file at the end of its links (the path itself when it is no link, or
 * nothing is there yet), replaced by a rename; or a named pipe or a character device, written through
 * (`through`: /dev/stdout and /dev/fd/N lead there by links the system makes, followed by the open).
 * Throws for a folder, a socket or a block device.
 */
async function writeTarget(path: string): Promise<{ path: string; through: boolean }> {
  let info;
  try {
    info = await stat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { path: await linkEnd(path), through: false };
    throw err;
  }
  if (info.isFile()) return { path: await linkEnd(path), through: false };
  if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, open '${path}'`), { code: 'EISDIR', syscall: 'open', path });
  if (info.isFIFO() || info.isCharacterDevice()) return { path, through: true };
  throw new Error(`${specialNodeName(info)}, not a file: not written`);
}

/** As many links as the system follows in one path before it says ELOOP. */
const MAX_LINKS = 40;

/** The path at the end of `path`'s symbolic links: a file, or where a link that leads nowhere points. */
async function linkEnd(path: string): Promise<string> {
  let at = path;
  for (let links = 0; links <= MAX_LINKS; links++) {
    try {
      if (!(await lstat(at)).isSymbolicLink()) return at;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return at;
      throw err;
    }
    at = resolve(dirname(at), await readlink(at));
  }
  throw Object.assign(new Error(`ELOOP: too many symbolic links, open '${path}'`), { code: 'ELOOP', syscall: 'open', path });
}

/**
 * Removes temporary files left by runs that were killed. A file whose writer process still runs is
 * kept (two runs may share a folder) unless it is a day old. Returns the removed paths.
 */
export async function removeStaleTempFiles(dir: string, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = TEMP_NAME.exec(name);
    if (!m) continue;
    const path = join(dir, name);
    const pid = Number(m[1]);
    if (pid === process.pid) continue; // this run's own write in progress
    if (processIsRunning(pid)) {
      const age = await stat(path).then((s) => now - s.mtimeMs, () => 0);
      if (age < ABANDONED_AFTER_MS) continue;
    }
    try {
      await unlink(path);
      removed.push(path);
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed;
}

/** Whether the process `pid` runs (EPERM: it runs, under another user). */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
