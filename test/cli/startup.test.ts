/**
 * Start-up: what a command loads before it does anything. Vega and Vega-Lite take about half a second to
 * load, so only the plots of `kanshi report` may load them; every other command (and `kanshi audit` on a
 * single file) starts without them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';

const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');

/** The packages (folder names under node_modules) whose ES modules a run of the CLI loads. */
function packagesLoaded(args: string[]): Set<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-startup-'));
  const hook = join(dir, 'hook.mjs');
  writeFileSync(hook, `export async function load(url, context, next) {
  if (url.includes('/node_modules/')) process.stderr.write('loaded ' + url + '\\n');
  return next(url, context);
}\n`);
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, MAIN, ...args], { cwd: dir, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const names = new Set<string>();
  for (const m of r.stderr.matchAll(/^loaded .*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) names.add(m[1]);
  return names;
}

describe('start-up', () => {
  it('--version, and an audit of one example, load neither vega nor vega-lite (the hook does see the packages they do load)', () => {
    const version = packagesLoaded(['--version']);
    expect(version.has('commander')).toBe(true);
    expect([...version].filter((p) => p.startsWith('vega'))).toEqual([]);
    const audit = packagesLoaded(['audit', join(PROJECT_ROOT, 'logs', 'examples', 'chankan.mjlog'), '--workers', '0', '--db', 'a.sqlite']);
    expect([...audit].filter((p) => p.startsWith('vega'))).toEqual([]);
  });
});
