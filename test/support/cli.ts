import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const PROJECT_ROOT = join(import.meta.dirname, '..', '..');
const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (`npm test` builds first) as a user would. */
export function kanshi(args: string[], options: { cwd?: string; input?: string; env?: Record<string, string> } = {}): CliRun {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" first (npm test does it)`);
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    input: options.input,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
