/**
 * Writes `logs/examples` from the scenarios: `npm run examples` (the build, then `node dist/tools/scenario/write-examples.js [folder]`).
 * Stale scenario logs (`.mjlog` and `.json` files of a renamed or removed scenario) are deleted; nothing else
 * in the folder is touched.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleFiles, isExampleLog } from './examples.js';

/** The project root: the nearest folder above this file holding package.json (from src/ or dist/src/). */
export function projectRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

export const EXAMPLES_DIR = join('logs', 'examples');

/** Writes the examples into `dir`; returns the names written, changed and deleted. */
export function writeExamples(dir: string): { written: string[]; changed: string[]; deleted: string[] } {
  mkdirSync(dir, { recursive: true });
  const files = exampleFiles();
  const changed: string[] = [];
  for (const f of files) {
    const path = join(dir, f.name);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== f.content) changed.push(f.name);
    writeFileSync(path, f.content);
  }
  const keep = new Set(files.map((f) => f.name));
  const deleted = readdirSync(dir).filter((n) => isExampleLog(n) && !keep.has(n));
  for (const n of deleted) unlinkSync(join(dir, n));
  return { written: files.map((f) => f.name), changed, deleted };
}

function main(): void {
  const dir = resolve(process.argv[2] ?? join(projectRoot(), EXAMPLES_DIR));
  const { written, changed, deleted } = writeExamples(dir);
  process.stdout.write(`wrote ${written.length} files to ${dir} (${changed.length} changed${deleted.length ? `, deleted ${deleted.join(', ')}` : ''})\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
