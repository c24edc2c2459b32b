/**
 * Expensive fixtures built once per test run and read by every test file that needs them (issue 42): the
 * first file to ask builds one in a folder of the run's temporary root (test/support/temp-root.ts) and
 * renames it into place; a file that asks meanwhile waits for it. A fixture is only read: a test that
 * writes to a database takes its own copy (`copyOf`).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { processIsRunning } from '../../src/files/index.js';

/** How long a file waits for another to build a fixture before it gives up. */
const WAIT_MS = 10 * 60_000;

/**
 * The folder of the fixture `name`, built by `build` (into an empty folder it is given) the first time any
 * test file of this run asks for it.
 */
export async function sharedFolder(name: string, build: (dir: string) => void | Promise<void>): Promise<string> {
  const root = join(tmpdir(), 'kanshi-shared');
  mkdirSync(root, { recursive: true });
  const dir = join(root, name);
  const lock = `${dir}.lock`;
  const started = Date.now();
  for (;;) {
    if (existsSync(dir)) return dir;
    try {
      mkdirSync(lock);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // Another file builds it: wait for the folder, or take over from a builder that died.
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // not written yet, or the build just ended
      }
      if (owner > 0 && !processIsRunning(owner)) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > WAIT_MS) throw new Error(`the shared fixture ${name} was not built in ${WAIT_MS / 60_000} minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      const building = mkdtempSync(join(root, `${name}.building-`));
      await build(building);
      renameSync(building, dir);
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A copy of a fixture's database in a new folder, for a test that writes to it. */
export function copyOf(db: string): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'kanshi-copy-')), basename(db));
  copyFileSync(db, copy);
  return copy;
}
