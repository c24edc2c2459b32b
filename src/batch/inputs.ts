/**
 * Walking the inputs of a batch: files as given, folders recursively, streamed so that a folder of
 * a hundred thousand logs is never held in memory at once.
 */
import { realpathSync, statSync } from 'node:fs';
import { opendir } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';

/** File endings read when walking a folder (a file named on the command line is always read). */
export const LOG_EXTENSIONS: readonly string[] = ['.mjlog', '.xml', '.json', '.jsonl', '.ndjson', '.gz'];

export function looksLikeLogFile(name: string): boolean {
  if (name.startsWith('.')) return false;
  const ext = extname(name).toLowerCase();
  return LOG_EXTENSIONS.includes(ext) || /^\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}$/.test(name);
}

export type InputItem = { kind: 'file'; path: string } | { kind: 'missing'; path: string; reason: string };

/**
 * Yields every log file under the given paths, in the order given; folder entries in sorted order
 * within each folder (one folder's names at a time). A path given twice, or lying inside a folder also
 * given, is walked once: `kanshi audit logs logs/x.mjlog` audits x once, not twice.
 */
export async function* walkInputs(paths: readonly string[]): AsyncGenerator<InputItem> {
  for (const input of distinctInputs(paths)) {
    if (input.kind === 'missing') yield input;
    else if (input.folder) yield* walkFolder(input.path);
    else yield { kind: 'file', path: input.path };
  }
}

type Input = { kind: 'file'; path: string; real: string; folder: boolean } | Extract<InputItem, { kind: 'missing' }>;

/**
 * The paths as given, less those another given path covers: the same file or folder again (after
 * resolving links), or anything inside a folder given. Only the arguments are compared, never the files
 * found inside folders; each is looked up by its real path and its parent folders, so a shell glob of a
 * hundred thousand files costs a hundred thousand look-ups, not their square.
 */
function distinctInputs(paths: readonly string[]): Input[] {
  const inputs: Input[] = [];
  for (const path of paths) {
    try {
      // Synchronous: nothing else runs before the first input is known, and a glob of many thousand
      // arguments is checked several times faster than through the thread pool.
      const info = statSync(path);
      inputs.push({ kind: 'file', path, real: realpathSync.native(path), folder: info.isDirectory() });
    } catch (err) {
      inputs.push({ kind: 'missing', path, reason: `cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` });
    }
  }
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

/** Some folder above `real` (not `real` itself) is in `folders`. */
function insideAny(real: string, folders: ReadonlySet<string>): boolean {
  for (let here = real, up = dirname(here); up !== here; here = up, up = dirname(here)) {
    if (folders.has(up)) return true;
  }
  return false;
}

async function* walkFolder(folder: string): AsyncGenerator<InputItem> {
  let dir;
  try {
    dir = await opendir(folder);
  } catch (err) {
    yield { kind: 'missing', path: folder, reason: `cannot open folder (${(err as NodeJS.ErrnoException).code})` };
    return;
  }
  const files: string[] = [];
  const folders: string[] = [];
  for await (const entry of dir) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) folders.push(entry.name);
    else if ((entry.isFile() || entry.isSymbolicLink()) && looksLikeLogFile(entry.name)) files.push(entry.name);
  }
  files.sort();
  folders.sort();
  for (const name of files) yield { kind: 'file', path: join(folder, name) };
  for (const name of folders) yield* walkFolder(join(folder, name));
}
