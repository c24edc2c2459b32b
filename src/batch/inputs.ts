/**
 * Walking the inputs of a batch: files as given, folders recursively, streamed so that a folder of
 * a hundred thousand logs is never held in memory at once.
 */
import { opendir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';

/** File endings read when walking a folder (a file named on the command line is always read). */
export const LOG_EXTENSIONS: readonly string[] = ['.mjlog', '.xml', '.json', '.gz'];

export function looksLikeLogFile(name: string): boolean {
  if (name.startsWith('.')) return false;
  const ext = extname(name).toLowerCase();
  return LOG_EXTENSIONS.includes(ext) || /^\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}$/.test(name);
}

export type InputItem = { kind: 'file'; path: string } | { kind: 'missing'; path: string; reason: string };

/**
 * Yields every log file under the given paths, in the order given; folder entries in sorted order
 * within each folder (one folder's names at a time).
 */
export async function* walkInputs(paths: readonly string[]): AsyncGenerator<InputItem> {
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch (err) {
      yield { kind: 'missing', path, reason: `cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` };
      continue;
    }
    if (info.isDirectory()) yield* walkFolder(path);
    else yield { kind: 'file', path };
  }
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
