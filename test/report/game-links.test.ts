/**
 * From `kanshi report` to a game's page: each listed finding gives the `kanshi replay --html` command
 * for its hand (one that works as printed), or with `--games DIR` the pages themselves, linked at the
 * finding's hand. A few corpus games audited under mleague (kandora timing findings, a four-kan abort
 * the rule does not have, a JSON game without a seed).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { replayCommand, ruleFlags, shellWord } from '../../src/report/index.js';
import { resolveRules } from '../../src/rules/index.js';
import { kanshiRun } from '../support/in-process.js';
import { corpusFile } from '../support/corpus.js';

const GAMES = ['2016052515gm-00a9-0000-c4d72066.xml', '2020052221gm-00a9-0000-6f0524c7.xml', '2008121721gm-00c1-0000-fcadb0d7.json', '2020010111gm-00b9-0000-7a4c92ad.xml'];

let dir: string;
let db: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kanshi-game-links-'));
  const logs = join(dir, 'logs');
  mkdirSync(logs);
  for (const name of GAMES) symlinkSync(corpusFile(name), join(logs, name));
  db = join(dir, 'games.sqlite');
  const r = await kanshiRun(['audit', logs, '--db', db, '--profile', 'mleague']);
  expect(r.code, r.stderr).toBe(0);
});

const unescape = (s: string) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('the replay command of a finding', () => {
  it('pins the rule set: its profile and every knob changed from it', () => {
    expect(ruleFlags(resolveRules({ profile: 'mleague' }), 'mleague')).toEqual(['--profile', 'mleague']);
    expect(ruleFlags(resolveRules({ profile: 'tenhou', overrides: { kandoraTiming: 'immediate' } }), 'tenhou+kandoraTiming=immediate')).toEqual([
      '--profile', 'tenhou', '--kandora-timing', 'immediate',
    ]);
    expect(ruleFlags(resolveRules({ profile: 'tenhou', overrides: { suukaikan: 'none' } }), null)).toEqual(['--profile', 'tenhou', '--suukaikan', 'none']);
  });

  it('quotes what a shell would split', () => {
    expect(shellWord('logs/a-b_c.xml')).toBe('logs/a-b_c.xml');
    expect(shellWord("it's here/a b.xml")).toBe(`'it'\\''s here/a b.xml'`);
    expect(replayCommand({ file: 'x y.json', hand: null, logId: null }, ['--profile', 'tenhou'])).toBe("kanshi replay 'x y.json' --profile tenhou --html x_y.html");
  });

  it('the report lists it for every finding, and it writes the page of that hand', async () => {
    const report = join(dir, 'report.html');
    const r = await kanshiRun(['report', '--db', db, '--out', report]);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(report, 'utf8');
    const rows = html.match(/<tr class="finding">/g)?.length ?? 0;
    const commands = [...html.matchAll(/<code class="cmd">(kanshi replay [^<]+)<\/code>/g)].map((m) => unescape(m[1]));
    expect(rows).toBeGreaterThan(3);
    expect(commands).toHaveLength(rows);
    const timing = commands.find((c) => c.includes('2020052221gm-00a9-0000-6f0524c7') && c.includes('--hand 12'))!;
    expect(timing).toMatch(/^kanshi replay \S+2020052221gm-00a9-0000-6f0524c7\.xml --hand 12 --profile mleague --html 2020052221gm-00a9-0000-6f0524c7-hand-12\.html$/);
    // Run it as printed (through a shell), in a folder of its own.
    const work = join(dir, 'run');
    mkdirSync(work);
    const main = resolve(import.meta.dirname, '..', '..', 'dist', 'src', 'cli', 'main.js');
    const shell = spawnSync('sh', ['-c', timing.replace(/^kanshi /, `${shellWord(process.execPath)} ${shellWord(main)} `)], { cwd: work, encoding: 'utf8' });
    expect(shell.status, shell.stderr).toBe(0);
    const page = readFileSync(join(work, '2020052221gm-00a9-0000-6f0524c7-hand-12.html'), 'utf8');
    expect(page.match(/data-dead-wall=""/g)).toHaveLength(1);
    expect(page).toMatch(/<li class="step kan kakan differs/);
  });
});

describe('kanshi report --games', () => {
  it('writes each listed game as a page and links every finding to its hand there', async () => {
    const report = join(dir, 'out', 'report.html');
    mkdirSync(dirname(report));
    const r = await kanshiRun(['report', '--db', db, '--out', report, '--games', join(dir, 'out', 'games')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\nwrote \d game pages? into .*games \(\d+ KB\)\n$/);
    const html = readFileSync(report, 'utf8');
    expect(html).not.toContain('<code class="cmd">');
    const links = [...html.matchAll(/<a class="game-page" href="([^"]+)">page<\/a>/g)].map((m) => m[1]);
    expect(links.length).toBe(html.match(/<tr class="finding">/g)?.length);
    for (const link of links) {
      const [path, anchor] = link.split('#');
      expect(path).toMatch(/^games\/[\w.-]+\.html$/);
      const page = readFileSync(join(dirname(report), path), 'utf8');
      expect(page, link).toContain(`id="${anchor}"`);
      expect(page).toContain('<meta name="generator" content="kanshi replay --html">');
    }
    expect(new Set(links.map((l) => basename(l.split('#')[0]))).size).toBeGreaterThanOrEqual(3);
  });

  it('finds the logs when run from another folder than the audit, which named them relative to its own (issue 34)', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'kanshi-elsewhere-'));
    const relativeDb = join(dir, 'relative.sqlite');
    const audit = await kanshiRun(['audit', 'logs', '--db', 'relative.sqlite', '--profile', 'mleague'], { cwd: dir });
    expect(audit.code, audit.stderr).toBe(0);
    // What the audit prints keeps the paths as typed.
    expect(audit.stdout).toMatch(/\n {4}logs\/20\d+gm-[\w-]+\.(xml|json) hand \d+/);
    const r = await kanshiRun(['report', '--db', relativeDb, '--out', 'report.html', '--games', 'games'], { cwd: elsewhere });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nwrote [3-9] game pages into games/);
    // The replay commands of the report work from anywhere too.
    const plain = await kanshiRun(['report', '--db', relativeDb, '--out', 'plain.html'], { cwd: elsewhere });
    expect(plain.code, plain.stderr).toBe(0);
    const commands = [...readFileSync(join(elsewhere, 'plain.html'), 'utf8').matchAll(/<code class="cmd">kanshi replay ([^ ]+)/g)].map((m) => unescape(m[1]));
    expect(commands.length).toBeGreaterThan(0);
    for (const file of commands) expect(file.replace(/^'|'$/g, '')).toBe(join(dir, 'logs', basename(file.replace(/'$/, ''))));
  });

  it("a database of an older kanshi, its paths relative to the audit's folder: looked for from the database's folder too", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'kanshi-elsewhere-'));
    const old = join(dir, 'old.sqlite');
    expect((await kanshiRun(['audit', 'logs', '--db', 'old.sqlite', '--profile', 'mleague'], { cwd: dir })).code).toBe(0);
    const db = new Database(old);
    db.prepare(`UPDATE games SET file = 'logs/' || replace(file, ?, '')`).run(join(dir, 'logs') + '/');
    expect(db.prepare('SELECT file FROM games LIMIT 1').pluck().get()).toMatch(/^logs\/[^/]+$/);
    db.close();
    const r = await kanshiRun(['report', '--db', old, '--out', 'report.html', '--games', 'games'], { cwd: elsewhere });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/\nwrote [3-9] game pages into games/);
  });

  it('a folder that cannot be made: exit 1, and no report written', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const report = join(dir, 'blocked.html');
    const r = await kanshiRun(['report', '--db', db, '--out', report, '--games', join(blocker, 'games')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kanshi: cannot write the game pages into .*a-file\/games: /);
    expect(existsSync(report)).toBe(false);
    expect((await kanshiRun(['report', '--db', db, '--out', report, '--games', ''])).code).toBe(2);
  });
});
