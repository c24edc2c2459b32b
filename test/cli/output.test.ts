/**
 * Every write checked (issue 34): stdout on a full device or a disk that fills part way, `export --out`
 * into a full or read-only folder, and `audit` when its database's disk fills end with exit status 1 and
 * one line naming what could not be written, never a stack trace or a silent exit 0.
 *
 * The full disks are small tmpfs mounts (root only: the variants skip, saying so, where mount fails);
 * /dev/full serves for stdout everywhere.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, kanshi } from '../support/cli.js';
import { kanshiRun } from '../support/in-process.js';
import { CORPUS_LOGS, corpusFile, requireCorpus } from '../support/corpus.js';

const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
const LOG = corpusFile('2016052515gm-00a9-0000-c4d72066.xml');
const NO_SPACE = 'kanshi: cannot write to standard output: no space left on the device';

/** Runs the built CLI with stdout the file (or device) at `path`. */
function withStdout(path: string, args: string[]): { code: number | null; stderr: string } {
  const fd = openSync(path, 'w');
  try {
    const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: PROJECT_ROOT, stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
    return { code: r.status, stderr: r.stderr };
  } finally {
    closeSync(fd);
  }
}

/** A tmpfs of `size` mounted on a new folder (read-only with `ro`), or null where this user cannot mount. */
function mountTmpfs(size: string, ro = false): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-tmpfs-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${ro ? ',ro' : ''}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.warn(`not testing a full or read-only disk: cannot mount a tmpfs on ${dir} (${(r.stderr || r.error?.message || '').trim()}); run as root to test it`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  mounts.push(dir);
  return dir;
}

const mounts: string[] = [];
afterAll(() => {
  for (const dir of mounts) spawnSync('umount', [dir]);
});

/** Each line of stderr, and that none is a stack frame. */
function expectOneLine(stderr: string, line: string | RegExp): void {
  expect(stderr).not.toMatch(/^\s+at /m);
  const lines = stderr.trim().split('\n');
  expect(lines.some((l) => (typeof line === 'string' ? l === line : line.test(l))), stderr).toBe(true);
}

describe('stdout on a full device: one line and exit status 1, no stack trace', () => {
  let db: string;
  beforeAll(() => {
    requireCorpus();
    db = join(mkdtempSync(join(tmpdir(), 'kanshi-out-')), 'a.sqlite');
    expect(kanshi(['audit', LOG, '--db', db, '--no-progress']).code).toBe(0);
  });

  const commands: Record<string, () => string[]> = {
    events: () => ['events', LOG],
    info: () => ['info', LOG],
    'info --json': () => ['info', '--json', LOG],
    stats: () => ['stats', '--db', db],
    query: () => ['query', '--db', db, 'SELECT * FROM games'],
    replay: () => ['replay', LOG],
    verify: () => ['verify', LOG],
    'verify --json': () => ['verify', '--json', LOG],
    export: () => ['export', '--format', 'mjai', LOG],
    rules: () => ['rules'],
    '--help': () => ['--help'],
  };
  for (const [name, args] of Object.entries(commands)) {
    it(`kanshi ${name} > /dev/full`, () => {
      const r = withStdout('/dev/full', args());
      expect(r.code, r.stderr).toBe(1);
      expectOneLine(r.stderr, NO_SPACE);
    });
  }

  it('kanshi audit --json > /dev/full: the audit is kept, the summary could not be printed', () => {
    const r = withStdout('/dev/full', ['audit', LOG, '--db', join(mkdtempSync(join(tmpdir(), 'kanshi-out-')), 'b.sqlite'), '--json', '--no-progress']);
    expect(r.code, r.stderr).toBe(1);
    expectOneLine(r.stderr, NO_SPACE);
  });
});

describe('a disk that fills part way', () => {
  it('export to stdout on a 64 KB tmpfs: not a silent truncation (it wrote 65,536 of 76,122 bytes and exited 0)', (ctx) => {
    const dir = mountTmpfs('64k');
    if (!dir) return ctx.skip();
    const r = withStdout(join(dir, 'out.jsonl'), ['export', '--format', 'mjai', LOG]);
    expect(r.code, r.stderr).toBe(1);
    expectOneLine(r.stderr, NO_SPACE);
    expect(statSync(join(dir, 'out.jsonl')).size).toBeLessThan(kanshi(['export', '--format', 'mjai', LOG]).stdout.length);
  });

  it('export --out into a full folder names the file not written, and keeps those written', (ctx) => {
    const dir = mountTmpfs('64k');
    if (!dir) return ctx.skip();
    const r = kanshi(['export', '--format', 'mjai', CORPUS_LOGS, '--out', dir]);
    expect(r.code, r.stderr).toBe(1);
    expectOneLine(r.stderr, new RegExp(`^kanshi: cannot write ${dir}/\\S+\\.mjai\\.jsonl: no space left on the device \\(\\d+ files? written before it\\)$`));
    // No temporary file left behind.
    expect(readdirSync(dir).every((name) => name.endsWith('.mjai.jsonl'))).toBe(true);
  });

  it('export --out into a read-only folder, and a missing folder under it: status 1 and the real reason (was 2, "no such file or folder")', (ctx) => {
    const dir = mountTmpfs('64k', true);
    if (!dir) return ctx.skip();
    const into = kanshi(['export', '--format', 'mjai', LOG, '--out', dir]);
    expect(into.code, into.stderr).toBe(1);
    expectOneLine(into.stderr, `kanshi: cannot write ${dir}/2016052515gm-00a9-0000-c4d72066.mjai.jsonl: the file system is read-only (0 files written before it)`);
    const under = kanshi(['export', '--format', 'mjai', LOG, '--out', join(dir, 'a', 'b')]);
    expect(under.code, under.stderr).toBe(1);
    expectOneLine(under.stderr, `kanshi: --out ${join(dir, 'a', 'b')}: cannot create the folder: the file system is read-only`);
  });

  for (const workers of [0, 2]) {
    it(`audit --json --workers ${workers} when the database's disk fills: one line naming the database, and the JSON summary with the error`, (ctx) => {
      const dir = mountTmpfs('1m');
      if (!dir) return ctx.skip();
      const db = join(dir, 'full.sqlite');
      const r = kanshi(['audit', CORPUS_LOGS, '--db', db, '--json', '--no-progress', '--workers', String(workers)]);
      expect(r.code, r.stderr).toBe(1);
      expectOneLine(r.stderr, `kanshi: cannot write the database ${db}: database or disk is full`);
      const summary = JSON.parse(r.stdout);
      expect(summary.error).toBe(`cannot write the database ${db}: database or disk is full`);
      expect(summary.db).toBe(db);
      // What was committed before the disk filled is counted, and is in the database.
      expect(summary.gameCount).toBeGreaterThan(0);
      expect(summary.gameCount).toBeLessThan(1000);
      const stats = kanshi(['stats', '--db', db, '--json']);
      expect(stats.code, stats.stderr).toBe(0);
    });
  }
});

describe('the folder made for --out', () => {
  it('is made with its parents, as before', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kanshi-out-'));
    const target = join(base, 'x', 'y');
    const r = await kanshiRun(['export', '--format', 'mjai', LOG, '--out', target]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(target, '2016052515gm-00a9-0000-c4d72066.mjai.jsonl'))).toBe(true);
    expect(readFileSync(join(target, '2016052515gm-00a9-0000-c4d72066.mjai.jsonl'), 'utf8')).toBe((await kanshiRun(['export', '--format', 'mjai', LOG])).stdout);
  });
});

describe('a database another program holds', () => {
  it('audit into a database locked past the timeout: one line naming it, exit 1, no stack trace', async () => {
    const { default: Database } = await import('better-sqlite3');
    const db = join(mkdtempSync(join(tmpdir(), 'kanshi-locked-')), 'a.sqlite');
    expect(kanshi(['audit', LOG, '--db', db, '--no-progress']).code).toBe(0);
    const holder = new Database(db);
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const r = kanshi(['audit', corpusFile('2010091009gm-00a9-0000-83af2648.xml'), '--db', db, '--no-progress']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toBe(
        `kanshi: cannot open the database ${db}: database is locked: another process holds it (reading it in rollback-journal mode, or writing it) and did not let go in 10 s; run this again once it has ended\n`,
      );
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });
});

describe('node started with a flag worker threads refuse', () => {
  it('says so in one line with the way out, not a stack trace (the workers take node\'s own flags)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-flags-'));
    try {
      const main = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
      const example = join(PROJECT_ROOT, 'logs', 'examples', 'double-ron.mjlog');
      const r = spawnSync(process.execPath, ['--max-semi-space-size=32', main, 'audit', example, '--workers', '2', '--db', join(dir, 'a.sqlite')], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(
        "kanshi: node was started with --max-semi-space-size=32, which kanshi's worker threads cannot take: leave the flag out, or run on this thread alone (--workers 0)\n",
      );
      // On this thread alone the same command audits.
      const alone = spawnSync(process.execPath, ['--max-semi-space-size=32', main, 'audit', example, '--workers', '0', '--db', join(dir, 'b.sqlite')], { encoding: 'utf8' });
      expect(alone.status, alone.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
