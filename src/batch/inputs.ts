/**
 * Walking the inputs of a batch: files as given, folders recursively, streamed so that a folder of
 * a hundred thousand logs is never held in memory at once.
 */
import { realpathSync, statSync } from 'node:fs';
import { opendir, stat } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { TENHOU_LOG_ID } from '../events/index.js';
import { notAFileReason, streamDescriptor, systemErrorText } from '../ingest/index.js';

/** File endings read when walking a folder (a file named on the command line is always read). */
export const LOG_EXTENSIONS: readonly string[] = ['.mjlog', '.xml', '.json', '.jsonl', '.ndjson', '.gz'];

export function looksLikeLogFile(name: string): boolean {
  if (name.startsWith('.')) return false;
  const ext = extname(name).toLowerCase();
  return LOG_EXTENSIONS.includes(ext) || TENHOU_LOG_ID.test(name);
}

/**
 * One input of a walk: a file (or, inside a folder, anything named like a log: what cannot be read is
 * then said by the reader); a stream named on the command line (`-`, `/dev/stdin`, `/dev/fd/N`), read
 * as one (src/ingest's readLogStream); a path that cannot be read at all, with why.
 */
export type InputItem = { kind: 'file'; path: string } | { kind: 'stream'; path: string } | { kind: 'missing'; path: string; reason: string };

/**
 * What a walk passed over, for the commands to say so rather than go green on nothing: the paths given
 * that held no log file, and the files inside folders not read because their names do not end like a log.
 * Hidden files and folders (a name starting with a dot: .git, .DS_Store) are not counted: they are never
 * logs, and a checkout's .git would drown the count.
 */
export interface WalkReport {
  /** Log files yielded. */
  files: number;
  /** Paths given (folders) under which no log file was found, however deep. */
  empty: string[];
  /** Files inside folders passed over by their ending (`.txt`, or `''` for a name without one): how many of each. */
  notLogs: Record<string, number>;
  /**
   * Entries inside folders passed over that are neither files nor folders: links to folders (not
   * followed, so that a link cannot walk a tree twice or in a circle) and links that lead nowhere; each
   * with why, for the commands to say so. A named pipe, socket or device named like a log is yielded as a
   * file instead, for the reader to refuse (an unreadable input, counted and stored as one); named
   * otherwise, it is passed over by its ending like any file.
   */
  notRead: { path: string; why: string }[];
}

export function emptyWalkReport(): WalkReport {
  return { files: 0, empty: [], notLogs: {}, notRead: [] };
}

/** `DIR/x: a link to a folder, not followed (name the folder to read it)`: one line for each entry passed over that is no file. */
export function notReadMessages(report: WalkReport): string[] {
  return report.notRead.map((n) => `${n.path}: ${n.why}`);
}

/** `no log files found in PATH`: the notice for a path given that held none. */
export function noLogsMessage(path: string): string {
  return `no log files found in ${path}`;
}

/** The number of files a report passed over for their ending. */
export function notLogCount(notLogs: Readonly<Record<string, number>>): number {
  let n = 0;
  for (const count of Object.values(notLogs)) n += count;
  return n;
}

/** `skipped 4 files that are not logs (by extension: .txt 3, .png 1)`; null when none was. Most common ending first. */
export function notLogsText(notLogs: Readonly<Record<string, number>>): string | null {
  const n = notLogCount(notLogs);
  if (n === 0) return null;
  const byExt = Object.entries(notLogs)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([ext, count]) => `${ext || 'no extension'} ${count}`)
    .join(', ');
  return `skipped ${n} ${n === 1 ? 'file that is not a log' : 'files that are not logs'} (by extension: ${byExt})`;
}

/**
 * Yields every log file under the given paths, in the order given; folder entries in sorted order
 * within each folder (one folder's names at a time). A path given twice, or lying inside a folder also
 * given, is walked once: `kanshi audit logs logs/x.mjlog` audits x once, not twice. With `report`, what
 * was passed over is counted into it as the walk goes (a folder's emptiness once it is walked).
 */
export async function* walkInputs(paths: readonly string[], report?: WalkReport): AsyncGenerator<InputItem> {
  for (const input of distinctInputs(paths)) {
    if (input.kind === 'missing' || input.kind === 'stream') {
      if (input.kind === 'stream' && report) report.files++;
      yield input.kind === 'missing' ? input : { kind: 'stream', path: input.path };
    } else if (input.folder) {
      const before = report?.files ?? 0;
      const opened = yield* walkFolder(input.path, report);
      if (report && opened && report.files === before) report.empty.push(input.path);
    } else {
      if (report) report.files++;
      yield { kind: 'file', path: input.path };
    }
  }
}

type Input =
  | { kind: 'file'; path: string; real: string; folder: boolean }
  | { kind: 'stream'; path: string; real: string }
  | Extract<InputItem, { kind: 'missing' }>;

/**
 * The paths as given, less those another given path covers: the same file or folder again (after
 * resolving links), or anything inside a folder given. Only the arguments are compared, never the files
 * found inside folders; each is looked up by its real path and its parent folders, so a shell glob of a
 * hundred thousand files costs a hundred thousand look-ups, not their square.
 */
function distinctInputs(paths: readonly string[]): Input[] {
  const inputs: Input[] = [];
  for (const path of paths) inputs.push(inputOf(path));
  const folders = new Set(inputs.flatMap((a) => (a.kind === 'file' && a.folder ? [a.real] : [])));
  const seen = new Set<string>();
  return inputs.filter((a) => {
    // a missing path has no real path: it is known by the name given
    const key = a.kind === 'missing' ? `missing:${resolve(a.path)}` : a.real;
    if (seen.has(key) || (a.kind === 'file' && insideAny(a.real, folders))) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A path given, as the walk takes it: a stream (known by its descriptor: `-` and /dev/stdin are one; it has
 * no real path to resolve), a file or folder (by its real path), or what cannot be read at all (it does not
 * exist, or is a named pipe, a socket or a device), with why.
 */
function inputOf(path: string): Input {
  const fd = streamDescriptor(path);
  if (fd !== null) return { kind: 'stream', path, real: `fd:${fd}` };
  try {
    // Synchronous: nothing else runs before the first input is known, and a glob of many thousand
    // arguments is checked several times faster than through the thread pool.
    const info = statSync(path);
    const special = notAFileReason(info);
    return special !== null ? { kind: 'missing', path, reason: special } : { kind: 'file', path, real: realpathSync.native(path), folder: info.isDirectory() };
  } catch (err) {
    return { kind: 'missing', path, reason: systemErrorText(err) };
  }
}

/** Why a path given cannot be read at all, or null when it can (a file, a folder or a stream). */
export function inputProblem(path: string): string | null {
  const input = inputOf(path);
  return input.kind === 'missing' ? input.reason : null;
}

/** Some folder above `real` (not `real` itself) is in `folders`. */
function insideAny(real: string, folders: ReadonlySet<string>): boolean {
  for (let here = real, up = dirname(here); up !== here; here = up, up = dirname(here)) {
    if (folders.has(up)) return true;
  }
  return false;
}

/**
 * What a link leads to: `missing` when it leads nowhere (a log's name then fails to read, and says so);
 * a named pipe, socket or device counts as a file here, for the reader to refuse and say why.
 */
async function kindBehind(path: string): Promise<'file' | 'folder' | 'missing'> {
  try {
    const info = await stat(path);
    return info.isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}

const LINKED_FOLDER = 'a link to a folder, not followed (name the folder itself to read it)';

/** Walks one folder; returns false when the folder itself could not be opened (reported as missing). */
async function* walkFolder(folder: string, report: WalkReport | undefined): AsyncGenerator<InputItem, boolean> {
  let dir;
  try {
    dir = await opendir(folder);
  } catch (err) {
    yield { kind: 'missing', path: folder, reason: `cannot open the folder: ${systemErrorText(err)}` };
    return false;
  }
  const files: string[] = [];
  const folders: string[] = [];
  for await (const entry of dir) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) {
      folders.push(entry.name);
      continue;
    }
    const path = join(folder, entry.name);
    // A link is taken for what it leads to. Anything else that is no folder (a named pipe, a socket, a
    // device) goes by its name as a file does: named like a log, it is an input the reader refuses.
    const kind = entry.isSymbolicLink() ? await kindBehind(path) : 'file';
    if (kind === 'file' || (kind === 'missing' && looksLikeLogFile(entry.name))) {
      if (looksLikeLogFile(entry.name)) files.push(entry.name);
      else if (report) {
        const ext = extname(entry.name).toLowerCase();
        report.notLogs[ext] = (report.notLogs[ext] ?? 0) + 1;
      }
    } else {
      report?.notRead.push({ path, why: kind === 'folder' ? LINKED_FOLDER : 'a link that leads nowhere: not read' });
    }
  }
  files.sort();
  folders.sort();
  for (const name of files) {
    if (report) report.files++;
    yield { kind: 'file', path: join(folder, name) };
  }
  for (const name of folders) yield* walkFolder(join(folder, name), report);
  return true;
}
