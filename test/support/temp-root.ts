/**
 * Vitest global setup: every temporary folder the tests make (theirs and the CLI's they start) goes under
 * one folder of this run, removed when the run ends, so test runs do not pile databases up in /tmp.
 */
import { accessSync, constants, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Memory (/dev/shm) where the system has it: the tests write hundreds of SQLite databases, and on a disk
 * every commit's fsync is system time (about 2% of the suite's CPU here). Elsewhere the system's temporary
 * folder.
 */
function base(): string {
  try {
    if (statSync('/dev/shm').isDirectory()) {
      accessSync('/dev/shm', constants.W_OK);
      return '/dev/shm';
    }
  } catch {
    // no /dev/shm here
  }
  return tmpdir();
}

export default function setup(): () => void {
  const root = mkdtempSync(join(base(), 'kanshi-tests-'));
  // os.tmpdir() reads TMPDIR on each call; test workers and the processes they start inherit it.
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
