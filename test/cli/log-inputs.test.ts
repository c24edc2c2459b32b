/**
 * Issue 16, one vocabulary: every command that reads logs takes Tenhou log ids and viewer URLs as well as
 * paths, looks them up in the logs folder, and downloads only when told (--fetch).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, type CliRun } from '../support/cli.js';
import { kanshiInProcess, kanshiInProcessAt } from '../support/in-process.js';
import { corpusFile } from '../support/corpus.js';
import { FakeTenhou } from '../fetch/tenhou-server.js';

const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
const A = '2016052515gm-00a9-0000-c4d72066';
const C = '2020052221gm-00a9-0000-6f0524c7';
const UNKNOWN = '2021010100gm-00a9-0000-deadbeef';
const VIEWER_A = `https://tenhou.net/0/?log=${A}&tw=2`;

/** Each command that reads logs, with what it needs besides the log to run. */
const READERS: { name: string; args: string[] }[] = [
  { name: 'info', args: ['info', '--json'] },
  { name: 'events', args: ['events'] },
  { name: 'replay', args: ['replay', '--json'] },
  { name: 'verify', args: ['verify', '--json'] },
  { name: 'export', args: ['export', '--format', 'mjai'] },
];

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kanshi-log-inputs-'));
});

/** kanshi run in the test's folder (in this process). */
const here = (...args: string[]) => kanshiInProcessAt(dir, ...args);

/** A folder with logs/A.xml in it, as a user who ran kanshi fetch (or saved the log by hand) has. */
function withLogsFolder(folder = 'logs'): void {
  mkdirSync(join(dir, folder), { recursive: true });
  copyFileSync(corpusFile(`${A}.xml`), join(dir, folder, `${A}.xml`));
}

describe('a log id or viewer URL found in the logs folder', () => {
  it.each(READERS)('$name reads it from logs/', async ({ args }) => {
    withLogsFolder();
    for (const ref of [A, VIEWER_A]) {
      const r = await here(...args, ref);
      expect(r.code, `${ref}: ${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.length).toBeGreaterThan(0);
    }
  });

  it('info, replay and verify name the file they read; --fetch-dir names another folder', async () => {
    withLogsFolder('mine');
    const info = await here('info', '--json', A, '--fetch-dir', 'mine');
    expect(info.code, info.stderr).toBe(0);
    expect(JSON.parse(info.stdout)).toMatchObject({ file: join('mine', `${A}.xml`), logId: A });
    const verify = await here('verify', '--json', VIEWER_A, '--fetch-dir', 'mine');
    expect(JSON.parse(verify.stdout)).toMatchObject({ file: join('mine', `${A}.xml`) });
    const replay = await here('replay', A, '--fetch-dir', 'mine');
    expect(replay.stdout.split('\n')[0]).toMatch(new RegExp(`^mine/${A}\\.xml  4p`));
    // the same id twice (an id and its viewer URL) is read once
    const twice = await here('info', '--json', A, VIEWER_A, '--fetch-dir', 'mine');
    expect(twice.stdout.trim().split('\n')).toHaveLength(1);
  });

  it("replay and events given a finding's viewer link show the hand it opens (ts=N is hand N+1); --hand wins", async () => {
    withLogsFolder();
    const link = `https://tenhou.net/0/?log=${A}&tw=1&ts=3`;
    const replay = await here('replay', '--json', link);
    expect(replay.code, replay.stderr).toBe(0);
    expect((JSON.parse(replay.stdout) as { hands: { hand: number }[] }).hands.map((h) => h.hand)).toEqual([4]);
    const text = (await here('replay', link)).stdout;
    expect(text).toMatch(/^Hand 4:/m);
    expect(text).not.toMatch(/^Hand [1235-9]/m);
    const events = (await here('events', link)).stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(events.filter((e) => e.type === 'roundStart')).toHaveLength(1);
    expect(JSON.parse((await here('replay', '--json', link, '--hand', '2')).stdout).hands.map((h: { hand: number }) => h.hand)).toEqual([2]);
    // without ts, every hand; a ts past the game's end names the URL, not --hand
    expect(JSON.parse((await here('replay', '--json', VIEWER_A)).stdout).hands.length).toBeGreaterThan(4);
    const past = await here('replay', `https://tenhou.net/0/?log=${A}&ts=40`);
    expect(past.code).toBe(2);
    expect(past.stderr).toMatch(/^kanshi: the viewer URL's ts=40 \(hand 41\): the game has \d+ hands/);
  });
});

describe('a log id not in the logs folder, without --fetch', () => {
  it.each(READERS)('$name says so and how to get it, downloads nothing, and exits 1', async ({ args }) => {
    const r = await here(...args, A);
    expect(r.code).toBe(1);
    const line = `kanshi: ${A}: not in logs/; add --fetch to download it, or run kanshi fetch ${A} first`;
    if (args.includes('--json') && (args[0] === 'info' || args[0] === 'verify')) {
      expect(JSON.parse(r.stdout)).toEqual({ file: A, error: line.slice(`kanshi: ${A}: `.length) });
    } else {
      expect(r.stderr.split('\n')).toContain(line);
    }
    expect(existsSync(join(dir, 'logs'))).toBe(false);
  });

  it('names the folder --fetch-dir gives, in the message and in the kanshi fetch it suggests', async () => {
    const r = await here('events', VIEWER_A, '--fetch-dir', 'elsewhere');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`kanshi: ${A}: not in elsewhere/; add --fetch to download it, or run kanshi fetch ${A} --out elsewhere first\n`);
  });

  it('goes on with the other inputs of a command that reads several', async () => {
    const r = await here('verify', corpusFile(`${C}.xml`), A);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ok {2}.*6f0524c7\.xml/m);
    expect(r.stderr).toContain(`kanshi: ${A}: not in logs/`);
    expect(r.stderr).toMatch(/^1 game: .*; 1 unreadable$/m);
  });

  it('audit of nothing but such ids creates no database', async () => {
    const r = await here('audit', A, '--db', 'a.sqlite');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`kanshi: ${A}: not in logs/; add --fetch to download it`);
    expect(existsSync(join(dir, 'a.sqlite'))).toBe(false);
  });

  it('an argument that is neither a path nor a log id is a missing path', async () => {
    const r = await here('replay', 'no-such-game.mjlog');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('kanshi: no-such-game.mjlog: no such file or folder\n');
  });
});

describe('--fetch', () => {
  let server: FakeTenhou;

  beforeEach(async () => {
    server = await FakeTenhou.start({ [A]: corpusFile(`${A}.xml`), [C]: corpusFile(`${C}.xml`) });
  });

  afterEach(async () => {
    await server.close();
  });

  /** The built CLI without blocking this process (the server runs in it). */
  function run(args: string[]): Promise<CliRun> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [MAIN, ...args, '--base-url', server.baseUrl], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
  }

  it.each(READERS)('$name downloads an id into logs/ as kanshi fetch does, then reads it; again, without a request', async ({ args }) => {
    const first = await run([...args, VIEWER_A, '--fetch']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe(`kanshi: ${A}: downloaded to logs/${A}.mjlog\n`);
    expect(readdirSync(join(dir, 'logs'))).toEqual([`${A}.mjlog`]);
    const again = await run([...args, A, '--fetch']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    expect(server.requestsFor(A)).toHaveLength(1);
  });

  it('a log the server does not have: not downloaded, the reason, exit 1; the others are read', async () => {
    const one = await run(['events', UNKNOWN, '--fetch']);
    expect(one.code).toBe(1);
    expect(one.stderr).toBe(`kanshi: ${UNKNOWN}: not downloaded (not found): HTTP 404 (no such log, or the game is still being played)\n`);
    expect(one.stdout).toBe('');
    const several = await run(['info', UNKNOWN, C, '--fetch']);
    expect(several.code).toBe(1);
    expect(several.stderr).toContain(`kanshi: ${C}: downloaded to logs/${C}.mjlog\n`);
    expect(several.stderr).toContain(`kanshi: ${UNKNOWN}: not downloaded (not found)`);
    expect(several.stdout).toMatch(new RegExp(`^logs/${C}\\.mjlog  4p`, 'm'));
  });

  it('a bad --base-url is a usage error before anything is read', async () => {
    const r = await here('info', A, '--fetch', '--base-url', 'ftp://example.org');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('kanshi: --base-url must be an http or https URL, got "ftp://example.org"\n');
  });
});

describe('help', () => {
  it.each([...READERS, { name: 'audit', args: ['audit'] }])('$name says it takes log ids and viewer URLs, and what --fetch does', async ({ args }) => {
    // as one line: commander wraps the option texts to the terminal's width
    const help = (await kanshiInProcess(args[0], '--help')).stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/Tenhou log ids? (and|or) viewer URLs? \(read from --fetch-dir\)/);
    expect(help).toContain('--fetch download log ids and viewer URLs not found in --fetch-dir');
    expect(help).toContain('--fetch-dir <dir> where log ids and viewer URLs are looked up, and downloaded to with --fetch (default: "logs")');
    expect(help).toContain('is read from --fetch-dir (logs by default');
    expect(help).toContain('unless --fetch is given: then it is downloaded into --fetch-dir first, as kanshi fetch does');
  });
});
