/**
 * The output folder: what a saved log is called, whether it is already there, and writing it so that
 * a reader never sees a partial file (temporary file in the same folder, then rename).
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** The two formats Tenhou serves a log in: mjlog XML (/0/log/) and tenhou.net/6 JSON (/5/mjlog2json.cgi). */
export type FetchFormat = 'mjlog' | 'tenhou6';

/**
 * Temporary files start with a dot, which `kanshi info`'s folder walk skips (src/batch/inputs.ts),
 * and end in `.tmp`, which it does not read either; `.gitignore` lists both patterns.
 */
export const TEMP_PREFIX = '.kanshi-tmp-';
const TEMP_NAME = /^\.kanshi-tmp-(\d+)-[0-9a-f]+-.*\.tmp$/;
/** A temporary file whose process still runs is left alone unless it is older than this. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** The file a log is saved as: gzip mjlog for XML, plain JSON for tenhou.net/6 JSON. */
export function savedFileName(id: string, format: FetchFormat): string {
  return format === 'mjlog' ? `${id}.mjlog` : `${id}.json`;
}

/** Names under which a log of this format counts as present (an XML log saved by hand as `.xml` too). */
function presentNames(id: string, format: FetchFormat): string[] {
  return format === 'mjlog' ? [`${id}.mjlog`, `${id}.xml`] : [`${id}.json`];
}

/** The path of this log in the folder, if it is already there. */
export async function findSavedLog(dir: string, id: string, format: FetchFormat): Promise<string | null> {
  for (const name of presentNames(id, format)) {
    const path = join(dir, name);
    try {
      if ((await stat(path)).isFile()) return path;
    } catch {
      // not there
    }
  }
  return null;
}

/** The names a log of this id may have in a folder of logs, in the order they are looked for. */
export function logFileNames(id: string): string[] {
  return [`${id}.mjlog`, `${id}.xml`, `${id}.json`, `${id}.mjlog.gz`, `${id}.xml.gz`, `${id}.json.gz`, id];
}

/**
 * The file of this log id in the folder, whatever its format (`ID.mjlog` as kanshi fetch saves it, `ID.xml`,
 * `ID.json`, gzip or not, or the bare id), or null when the folder holds none.
 */
export async function findLogIn(dir: string, id: string): Promise<string | null> {
  for (const name of logFileNames(id)) {
    const path = join(dir, name);
    try {
      if ((await stat(path)).isFile()) return path;
    } catch {
      // not there
    }
  }
  return null;
}

export function tempFileName(finalName: string, pid = process.pid): string {
  return `${TEMP_PREFIX}${pid}-${randomBytes(4).toString('hex')}-${finalName}.tmp`;
}

/**
 * Writes the bytes to a temporary file in `dir` and renames it to `name`, so the final name only
 * ever holds a complete file. `fsync` also flushes the data before the rename (survives a power cut).
 */
export async function writeFileAtomically(dir: string, name: string, bytes: Uint8Array, options: { fsync?: boolean } = {}): Promise<string> {
  const finalPath = join(dir, name);
  const tempPath = join(dir, tempFileName(name));
  try {
    const handle = await open(tempPath, 'wx');
    try {
      await handle.writeFile(bytes);
      if (options.fsync) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, finalPath);
  } catch (err) {
    await unlink(tempPath).catch(() => undefined);
    throw err;
  }
  return finalPath;
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

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
