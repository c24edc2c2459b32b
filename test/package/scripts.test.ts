/**
 * The README's first command, `npm ci && npm start` (issue 42): the build ran twice, once for `prepare`
 * (which `npm ci` runs, and an install from git, which runs no prepack) and again for `prestart`; and the main job, now that an unreadable input fails an
 * audit, must still end well on the examples, one of which is unreadable on purpose.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';

const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/**
 * The scripts npm runs for a command, in order (docs.npmjs.com, "Life Cycle Scripts"): `npm ci` runs the
 * install scripts and prepare; `npm start` runs prestart, start and poststart; `npm pack`, prepack.
 */
const LIFECYCLE: Record<string, string[]> = {
  'npm ci': ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare'],
  'npm start': ['prestart', 'start', 'poststart'],
  'npm pack': ['prepack', 'prepare', 'postpack'],
};

/** Whether a script builds: runs tsc, or the build script. */
const builds = (script: string | undefined): boolean => script !== undefined && /\btsc\b|npm run build\b/.test(script);

describe('npm ci && npm start', () => {
  it('builds exactly once, and npm pack builds too', () => {
    const ciThenStart = [...LIFECYCLE['npm ci'], ...LIFECYCLE['npm start']].filter((name) => builds(scripts[name]));
    expect(ciThenStart).toHaveLength(1);
    expect(LIFECYCLE['npm pack'].filter((name) => builds(scripts[name]))).toHaveLength(1);
  });

  it('the main job ends with status 0 on the examples, the unreadable one among them said and stored', () => {
    // npm start's command, run where it runs (the project's folder, its dist/ and logs/), its database kept apart.
    const [node, main, ...args] = scripts.start.split(' ');
    expect([node, main]).toEqual(['node', 'dist/src/cli/main.js']);
    const cwd = mkdtempSync(join(tmpdir(), 'kanshi-start-'));
    for (const name of ['dist', 'logs', 'package.json']) symlinkSync(join(PROJECT_ROOT, name), join(cwd, name));
    const r = spawnSync(process.execPath, [main, ...args], { cwd, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/files that could not be read: 1\b/);
    expect(r.stderr).toContain('kanshi: 1 input could not be read or audited');
  });
});
