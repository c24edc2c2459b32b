/**
 * Start-up: what a command loads before it does anything. Vega and Vega-Lite take about half a second to
 * load, so only the plots of `kanshi report` may load them; every other command (and `kanshi audit` on a
 * single file) starts without them. A command's module is imported only when it runs (src/cli/program.ts),
 * so `kanshi --version` and the commands that read no log load neither the pipeline nor SQLite. The built
 * CLI is bundled into a few files, each command's own in a chunk loaded when it runs (scripts/bundle.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';

const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');

/** The packages (folder names under node_modules) whose ES modules a run of the CLI loads, and kanshi's own folders (`src/cli`, …). */
function modulesLoaded(args: string[]): { packages: Set<string>; folders: Set<string> } {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-startup-'));
  const hook = join(dir, 'hook.mjs');
  const log = join(dir, 'loaded.txt');
  // Written at once to a file: the hooks run on a thread of their own, whose stderr a command that exits
  // right after its last import (rules) could leave unwritten.
  writeFileSync(hook, `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.includes('/node_modules/') || url.includes('/dist/src/')) appendFileSync(${JSON.stringify(log)}, 'loaded ' + url + '\\n');
  return next(url, context);
}\n`);
  writeFileSync(log, '');
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, MAIN, ...args], { cwd: dir, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const loaded = readFileSync(log, 'utf8');
  const packages = new Set<string>();
  for (const m of loaded.matchAll(/^loaded .*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) packages.add(m[1]);
  // The CLI is bundled (scripts/bundle.mjs): a loaded file of dist/src holds modules of several folders,
  // each under a comment naming its file.
  const folders = new Set<string>();
  for (const m of loaded.matchAll(/^loaded (file:.*\/dist\/src\/.*\.js)$/gm)) {
    for (const f of readFileSync(fileURLToPath(m[1]), 'utf8').matchAll(/^\/\/ dist\/(src\/[^/]+)\//gm)) folders.add(f[1]);
  }
  return { packages, folders };
}

function packagesLoaded(args: string[]): Set<string> {
  return modulesLoaded(args).packages;
}

describe('start-up', () => {
  it('--version, and an audit of one example, load neither vega nor vega-lite (the hook does see the packages they do load)', () => {
    const version = packagesLoaded(['--version']);
    expect(version.has('commander')).toBe(true);
    expect([...version].filter((p) => p.startsWith('vega'))).toEqual([]);
    const audit = packagesLoaded(['audit', join(PROJECT_ROOT, 'logs', 'examples', 'chankan.mjlog'), '--workers', '0', '--db', 'a.sqlite']);
    expect([...audit].filter((p) => p.startsWith('vega'))).toEqual([]);
  });

  it('--version and --help load no command; score, rules and kan-check load neither the replay, the audit, SQLite nor the worker pool', () => {
    for (const args of [['--version'], ['--help']]) {
      const run = modulesLoaded(args);
      expect([...run.packages], args[0]).toEqual(['commander']);
      for (const folder of ['src/hand', 'src/score', 'src/rules', 'src/replay', 'src/audit', 'src/store', 'src/batch']) expect(run.folders.has(folder), `${args[0]}: ${folder}`).toBe(false);
    }
    for (const args of [['score', '123m456p789s11z22z', '--win', '2z'], ['rules'], ['kan-check', '--help']]) {
      const run = modulesLoaded(args);
      expect(run.folders.has('src/rules'), args[0]).toBe(true);
      expect([...run.packages], args[0]).toEqual(['commander']);
      for (const folder of ['src/replay', 'src/audit', 'src/store', 'src/batch', 'src/report', 'src/fetch']) expect(run.folders.has(folder), `${args[0]}: ${folder}`).toBe(false);
    }
  });
});
