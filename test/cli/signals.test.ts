/**
 * SIGINT and SIGTERM on the long commands (issue 34): the built CLI is started on the corpus and sent the
 * signal once it has worked about a second. What was done is kept (printed, written, committed), the rest is not
 * started, and the exit status is 130 (SIGINT) or 143 (SIGTERM). `kanshi audit` on the corpus (under
 * 3,000 files, so on its main thread) once ran to the end after Ctrl-C and exited 0.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, kanshi } from '../support/cli.js';
import { CORPUS_LOGS, corpusFiles, requireCorpus } from '../support/corpus.js';
import { FakeTenhou } from '../fetch/tenhou-server.js';

const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');

interface Signalled {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Seconds from the signal to the process's end. */
  afterSignal: number;
}

/** CPU seconds a process has used (all its threads), from /proc; null once it is gone. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Runs the built CLI and sends it `signal` once the command is at work: after `after` ms of its own CPU
 * time (its start-up and a part of its files, however loaded the machine: a fixed wait on the clock once
 * came before kanshi's handler when the test files ran two at a time), at its first byte on stdout
 * (`'output'`), or once a condition the test watches holds.
 */
function signalled(args: string[], signal: NodeJS.Signals, after: number | 'output' | (() => boolean) = 1000, cwd = PROJECT_ROOT): Promise<Signalled> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sentAt = 0;
    const send = () => {
      if (sentAt) return;
      sentAt = performance.now();
      child.kill(signal);
    };
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (after === 'output') send();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const ready = typeof after === 'function' ? after : typeof after === 'number' ? () => (cpuSeconds(child.pid!) ?? 0) * 1000 >= after : null;
    const timer = ready
      ? setInterval(() => {
          if (ready()) send();
        }, 10)
      : undefined;
    child.on('error', reject);
    child.on('close', (code, sig) => {
      clearInterval(timer);
      resolve({ code, signal: sig, stdout, stderr, afterSignal: sentAt ? (performance.now() - sentAt) / 1000 : -1 });
    });
  });
}

const EXIT_OF = { SIGINT: 130, SIGTERM: 143 } as const;
const FILES = () => corpusFiles().length;

beforeAll(() => requireCorpus());

describe('kanshi audit', () => {
  for (const [signal, workers] of [
    ['SIGINT', null],
    ['SIGTERM', null],
    ['SIGINT', 2],
  ] as const) {
    it(`${signal}${workers ? ` with --workers ${workers}` : ' on the main thread'}: stops, keeps what it committed, exits ${EXIT_OF[signal]}`, async () => {
      const db = join(mkdtempSync(join(tmpdir(), 'kanshi-signal-')), 'a.sqlite');
      const r = await signalled(['audit', CORPUS_LOGS, '--db', db, '--json', '--no-progress', ...(workers ? ['--workers', String(workers)] : [])], signal, 1500);
      expect(r.signal, r.stderr).toBeNull();
      expect(r.code, r.stderr).toBe(EXIT_OF[signal]);
      // It stopped: the run of the whole corpus takes far longer than a second or two.
      expect(r.afterSignal).toBeLessThan(5);
      expect(r.stderr).toMatch(/stopping after the files in progress/);
      const summary = JSON.parse(r.stdout);
      expect(summary.interrupted).toBe(true);
      expect(summary.signal).toBe(signal);
      expect(summary.gameCount).toBeLessThan(FILES());
      // What the summary counts was committed, and the database opens.
      const games = kanshi(['query', '--db', db, '--format', 'csv', 'SELECT count(*) AS n FROM games']);
      expect(games.code, games.stderr).toBe(0);
      expect(Number(games.stdout.trim().split('\n')[1])).toBe(summary.gameCount);
      // Running it again completes it (once: the whole corpus takes seconds).
      if (signal !== 'SIGINT' || workers) return;
      const again = kanshi(['audit', CORPUS_LOGS, '--db', db, '--json', '--no-progress']);
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout).passedOverCount).toBe(summary.gameCount);
    });
  }
});

describe('kanshi verify, info and export over the corpus', () => {
  it('verify --json, SIGINT: the games verified are printed whole, the rest not started, 130', async () => {
    const r = await signalled(['verify', '--json', CORPUS_LOGS], 'SIGINT');
    expect(r.code, r.stderr).toBe(130);
    expect(r.afterSignal).toBeLessThan(3);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(FILES());
    for (const line of lines) JSON.parse(line);
    expect(r.stderr).toContain(`kanshi: stopped by SIGINT (Ctrl-C): ${lines.length} games verified, the rest not started`);
  });

  it('verify, SIGTERM: the totals so far, 143', async () => {
    const r = await signalled(['verify', CORPUS_LOGS], 'SIGTERM');
    expect(r.code, r.stderr).toBe(143);
    expect(r.stderr).toMatch(/^\d+ games: \d+ tiles checked/m);
    expect(r.stderr).toMatch(/kanshi: stopped by SIGTERM: \d+ games verified, the rest not started/);
  });

  it('info, SIGINT: 130', async () => {
    const r = await signalled(['info', CORPUS_LOGS], 'SIGINT');
    expect(r.code, r.stderr).toBe(130);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBeLessThan(FILES());
    expect(r.stderr).toContain(`games printed, the rest not started`);
  });

  it('export --out, SIGTERM: every file written is whole, no temporary file is left, 143', async () => {
    const out = mkdtempSync(join(tmpdir(), 'kanshi-signal-export-'));
    const r = await signalled(['export', '--format', 'mjai', CORPUS_LOGS, '--out', out], 'SIGTERM');
    expect(r.code, r.stderr).toBe(143);
    const names = readdirSync(out);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(FILES());
    expect(names.every((n) => n.endsWith('.mjai.jsonl'))).toBe(true);
    expect(r.stderr).toContain(`kanshi: stopped by SIGTERM: ${names.length} files written, the rest not started`);
    // The last one written is whole: the same bytes as exporting it alone.
    const last = r.stdout.trim().split('\n').pop()!;
    const input = last.split(' → ')[0];
    expect(readFileSync(join(out, basename(input).replace(/\.(xml|mjlog|json)(\.gz)?$/, '.mjai.jsonl')), 'utf8')).toBe(kanshi(['export', '--format', 'mjai', input]).stdout);
  });
});

describe('kanshi infer over the corpus', () => {
  it('SIGINT: the rules the games read so far say, printed whole, the rest not started, 130', async () => {
    const r = await signalled(['infer', '--json', CORPUS_LOGS], 'SIGINT');
    expect(r.code, r.stderr).toBe(130);
    const result = JSON.parse(r.stdout) as { games: number; flags: string[] };
    expect(result.games).toBeGreaterThan(0);
    expect(result.games).toBeLessThan(FILES());
    expect(result.flags[0]).toBe('--profile tenhou');
    expect(r.stderr).toMatch(new RegExp(`stopped by SIGINT \\(Ctrl-C\\): the rules inferred from ${result.games} games, the rest not started`));
  });
});

describe('kanshi fetch', () => {
  let server: FakeTenhou;
  const ids = corpusFiles()
    .filter((f) => /^\d{10}gm-[0-9a-f]{4}-\d{4}-[0-9a-f]{8}\.xml$/.test(basename(f)))
    .slice(0, 12);
  beforeAll(async () => {
    server = await FakeTenhou.start(Object.fromEntries(ids.map((f) => [basename(f, '.xml'), f])));
  });
  afterAll(async () => {
    await server.close();
  });

  it('SIGINT: the download in progress is saved, the others not started (counted), 130; a second run fetches the rest', async () => {
    const out = mkdtempSync(join(tmpdir(), 'kanshi-signal-fetch-'));
    const args = ['fetch', ...ids.map((f) => basename(f, '.xml')), '--out', out, '--base-url', server.baseUrl, '--delay-ms', '300', '--json'];
    // Once the first log was asked for: a download is in progress.
    const r = await signalled(args, 'SIGINT', () => ids.some((f) => server.requestsFor(basename(f, '.xml')).length > 0));
    expect(r.code, r.stderr).toBe(130);
    expect(r.afterSignal).toBeLessThan(2);
    const summary = JSON.parse(r.stdout);
    expect(summary.saved).toBeGreaterThan(0);
    expect(summary.notStarted).toBe(ids.length - summary.saved);
    expect(summary.notStarted).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/\d+ not started \(stopped by a signal: run the command again to fetch them\)/);
    expect(readdirSync(out).filter((n) => !n.startsWith('.')).length).toBe(summary.saved);
    const again = await signalled(args, 'SIGINT', () => false);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).skipped).toBe(summary.saved);
  });

  it('SIGTERM while waiting to retry: the retry is not started, 143 at once', async () => {
    const out = mkdtempSync(join(tmpdir(), 'kanshi-signal-fetch-'));
    const id = basename(ids[0], '.xml');
    server.script(id, [{ kind: 'status', status: 503, headers: { 'retry-after': '30' } }]);
    const before = server.requestsFor(id).length;
    // Once the server has answered 503: kanshi is waiting its 30 s to retry.
    const r = await signalled(['fetch', id, '--out', out, '--base-url', server.baseUrl, '--json'], 'SIGTERM', () => server.requestsFor(id).length > before);
    expect(r.code, r.stderr).toBe(143);
    expect(r.afterSignal).toBeLessThan(2);
    const summary = JSON.parse(r.stdout);
    expect(summary.outcomes).toEqual([expect.objectContaining({ id, status: 'failed', reason: 'HTTP 503; not retried: stopped by a signal', attempts: 1 })]);
    expect(server.requestsFor(id)).toHaveLength(before + 1);
  });
});

describe('kanshi query', () => {
  it('SIGTERM stops the statement at once, as Ctrl-C does, with 143', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'kanshi-signal-query-')), 'a.sqlite');
    expect(kanshi(['audit', corpusFiles()[0], '--db', db, '--no-progress']).code).toBe(0);
    const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c';
    // Sent once rows flow (the statement runs): a fixed 500 ms came before kanshi's handler on a loaded machine.
    const r = await signalled(['query', '--db', db, endless, '--timeout', '0', '--format', 'csv'], 'SIGTERM', 'output');
    expect(r.code, r.stderr).toBe(143);
    expect(r.afterSignal).toBeLessThan(2);
    expect(r.stderr).toMatch(/kanshi: query terminated \(\d+ rows printed: they are not all of them\)/);
  });
});
