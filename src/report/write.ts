/**
 * Files written atomically: the report, and the game pages.
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes the page atomically: a temporary file beside the target, then a rename, so a reader never sees
 * half a page and an interrupted run leaves the previous report in place.
 */
export function writeFileAtomic(file: string, text: string): number {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const bytes = Buffer.from(text, 'utf8');
  try {
    writeFileSync(temp, bytes);
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  return bytes.length;
}
