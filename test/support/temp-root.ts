/**
 * Vitest global setup: every temporary folder the tests make (theirs and the CLI's they start) goes under
 * one folder of this run, removed when the run ends, so test runs do not pile databases up in /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'kanshi-tests-'));
  // os.tmpdir() reads TMPDIR on each call; test workers and the processes they start inherit it.
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
