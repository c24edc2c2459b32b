/**
 * The output folder: what a saved log is called and whether it is already there. Writing it (a
 * temporary file in the same folder, then a rename) is src/files' `writeFileAtomic`.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The two formats Tenhou serves a log in: mjlog XML (/0/log/) and tenhou.net/6 JSON (/5/mjlog2json.cgi). */
export type FetchFormat = 'mjlog' | 'tenhou6';

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
