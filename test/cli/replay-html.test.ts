/**
 * `kanshi replay --html`: what the flags take and refuse, and what a page that cannot be written does.
 * (The pages themselves, opened in Chromium: test/pages/game-page.test.ts.)
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kanshiRun } from '../support/in-process.js';
import { corpusFile } from '../support/corpus.js';

const RINSHAN_AFTER_KAKAN = corpusFile('2020052221gm-00a9-0000-6f0524c7.xml');

describe('kanshi replay --html', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-replay-html-'));

  it('draws the hands with a kan or kita, one hand with --hand, every hand with --all-hands', async () => {
    const page = join(dir, 'game.html');
    const r = await kanshiRun(['replay', RINSHAN_AFTER_KAKAN, '--html', page]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*game\.html \(\d+ KB\): 2 hands drawn of 12, 0 findings in them\n$/);
    expect(readFileSync(page, 'utf8').match(/data-dead-wall=""/g)).toHaveLength(2);

    const one = await kanshiRun(['replay', RINSHAN_AFTER_KAKAN, '--html', page, '--hand', '12', '--kandora-timing', 'immediate']);
    expect(one.stdout).toMatch(/: 1 hand drawn of 12, 1 finding in them\n$/);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('id="hand-12"');
    expect(html).toMatch(/<li class="step kan kakan differs[^"]*"/);

    expect((await kanshiRun(['replay', RINSHAN_AFTER_KAKAN, '--html', page, '--all-hands'])).stdout).toMatch(/: 12 hands drawn of 12/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses flags that do not go together (exit 2) before reading the log', async () => {
    const cases: [string[], RegExp][] = [
      [['--all-hands'], /--all-hands draws every hand of the --html page: give --html FILE too/],
      [['--html', join(dir, 'x.html'), '--json'], /--html and --json: choose one/],
      [['--html', join(dir, 'x.html'), '--all-hands', '--hand', '2'], /--all-hands and --hand: choose one/],
      [['--html', ' '], /--html needs a file name/],
    ];
    for (const [flags, message] of cases) {
      const r = await kanshiRun(['replay', 'no-such-log.xml', ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
  });

  it('a file that cannot be written: exit 1, nothing left behind', async () => {
    const target = join(dir, 'no-such-folder', 'x.html');
    const r = await kanshiRun(['replay', RINSHAN_AFTER_KAKAN, '--html', target]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kanshi: cannot write .*no-such-folder\/x\.html: /);
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
    const folder = await kanshiRun(['replay', RINSHAN_AFTER_KAKAN, '--html', dir]);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toMatch(/cannot write .*: .*folder/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('has help for the flags, with an example', async () => {
    const r = await kanshiRun(['replay', '--help']);
    expect(r.stdout).toMatch(/--html <file>/);
    expect(r.stdout).toMatch(/--all-hands/);
    expect(r.stdout).toMatch(/kanshi replay \S+ --profile mleague --html kans\.html/);
  });
});
