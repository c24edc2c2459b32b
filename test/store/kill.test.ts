/**
 * Kill-safety: a writer killed midway (SIGKILL, or SIGINT with no handler) leaves a database that opens,
 * passes SQLite's integrity check, holds whole batches only, and that a re-run completes to the same rows
 * as an uninterrupted run. The writer is a child process on the built code (test/store/kill-writer.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { corpusFile, manifest } from '../support/corpus.js';
import { dump, rowCounts, tempDb } from './support.js';

const WRITER = join(PROJECT_ROOT, 'test', 'store', 'kill-writer.mjs');

interface Setup {
  /** Audits per batch (one transaction). */
  batch: number;
  /** Rule sets the writer audits the files under. */
  ruleSets: number;
  /** A small page cache makes a batch spill pages into the WAL before its commit. */
  cacheKiB?: number;
}

let files: string[];

beforeAll(() => {
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'src', 'store', 'index.js'))) throw new Error('build first: npx tsc -p tsconfig.build.json (npm test does it)');
  // 120 files with kans: enough batches that a kill lands in the middle of the first pass.
  files = manifest().filter((r) => r.kansTotal > 0).slice(0, 120).map((r) => corpusFile(r.file));
});

function writerArgs(mode: 'loop' | 'once' | 'plan', db: string, s: Setup): string[] {
  return [WRITER, mode, db, String(s.batch), String(s.ruleSets), ...files];
}

function env(s: Setup): NodeJS.ProcessEnv {
  return { ...process.env, ...(s.cacheKiB ? { KANSHI_TEST_CACHE_KIB: String(s.cacheKiB) } : {}) };
}

function runWriter(mode: 'once' | 'plan', db: string, s: Setup): string {
  const r = spawnSync(process.execPath, writerArgs(mode, db, s), { encoding: 'utf8', env: env(s), maxBuffer: 64 << 20 });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

/** Starts the looping writer and kills it with `signal` `delayMs` after its `afterCommits`-th commit. */
function killMidway(db: string, s: Setup, signal: NodeJS.Signals, afterCommits: number, delayMs: number): Promise<{ seen: number; readerAudits: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, writerArgs('loop', db, s), { stdio: ['ignore', 'pipe', 'pipe'], env: env(s) });
    let seen = 0;
    let stderr = '';
    let readerAudits = -1;
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      for (const m of chunk.matchAll(/committed (\d+)/g)) seen = Math.max(seen, Number(m[1]));
      if (seen >= afterCommits && readerAudits < 0) {
        // A reader while the writer writes: WAL lets it read the last commit, never blocked.
        const reader = openStore(db, { readonly: true });
        readerAudits = [...reader.query('SELECT count(*) FROM audits').rows][0][0] as number;
        reader.close();
        setTimeout(() => child.kill(signal), delayMs);
      }
    });
    child.on('error', reject);
    child.on('exit', (code, sig) => {
      if (sig !== signal) reject(new Error(`writer ended by ${sig ?? `exit ${code}`} before the kill: ${stderr}`));
      else resolve({ seen, readerAudits });
    });
  });
}

/** Frames of an interrupted transaction in the WAL: valid frames (current salt) after the last commit frame. */
function uncommittedFrames(db: string): number {
  if (!existsSync(db + '-wal')) return 0;
  const wal = readFileSync(db + '-wal');
  if (wal.length < 32) return 0;
  const pageSize = wal.readUInt32BE(8);
  const salt = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
  let frames = 0;
  let lastCommit = 0;
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (wal.readUInt32BE(at + 8) !== salt[0] || wal.readUInt32BE(at + 12) !== salt[1]) break;
    frames++;
    if (wal.readUInt32BE(at + 4) !== 0) lastCommit = frames;
  }
  return frames - lastCommit;
}

function auditedKeys(db: string): Set<string> {
  const raw = new Database(db, { readonly: true });
  try {
    const sql = `SELECT r.rules_key || '|' || g.content_hash FROM audits a JOIN rule_sets r USING (rule_set_id) JOIN games g USING (game_id)`;
    return new Set(raw.prepare(sql).pluck().all() as string[]);
  } finally {
    raw.close();
  }
}

/** How many whole batches the audits are, or -1 when they are not exactly the first k batches. */
function wholeBatches(present: Set<string>, batches: string[][]): number {
  const union = new Set<string>();
  for (let k = 0; k <= batches.length; k++) {
    if (union.size === present.size && [...present].every((x) => union.has(x))) return k;
    if (k < batches.length) for (const x of batches[k]) union.add(x);
  }
  return -1;
}

const plans = new Map<Setup, string[][]>();

/** The writer's batches for a setup, which depend on the files and rule sets only: asked of it once. */
function planOf(db: string, s: Setup): string[][] {
  let plan = plans.get(s);
  if (!plan) plans.set(s, (plan = JSON.parse(runWriter('plan', db, s)) as string[][]));
  return plan;
}

/** The checks every killed database must pass, then the re-run. */
function checkKilled(db: string, s: Setup, seen: number, reference: string): void {
  // It opens (an interrupted transaction is rolled back), and SQLite finds nothing wrong.
  openStore(db).close();
  const raw = new Database(db, { readonly: true });
  expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(raw.pragma('foreign_key_check')).toEqual([]);
  // Every audited game has all its verdict rows, every game all its rounds: no half-written game.
  const partial = raw
    .prepare(
      `SELECT a.game_id FROM audits a JOIN games g USING (game_id)
       WHERE (SELECT count(*) FROM kan_verdicts v WHERE v.rule_set_id = a.rule_set_id AND v.game_id = a.game_id)
             <> (SELECT count(*) FROM kans k WHERE k.game_id = a.game_id)
          OR (SELECT count(*) FROM win_dora d WHERE d.rule_set_id = a.rule_set_id AND d.game_id = a.game_id)
             <> (SELECT count(*) FROM wins w WHERE w.game_id = a.game_id)
          OR (SELECT count(*) FROM hands r WHERE r.game_id = a.game_id) <> g.hand_count`,
    )
    .all();
  raw.close();
  expect(partial).toEqual([]);

  // The audits present are exactly the first k batches, k at least the commits the writer reported.
  const batches = planOf(db, s);
  const k = wholeBatches(auditedKeys(db), batches);
  expect(k).toBeGreaterThanOrEqual(Math.min(seen, batches.length));

  // A re-run (skipping what is done, as a resumed audit does) completes it: the rows of an uninterrupted run.
  runWriter('once', db, s);
  expect(rowCounts(db)).toEqual(rowCounts(reference));
  expect(dump(db)).toEqual(dump(reference));
}

describe('a writer of small batches, killed', () => {
  const setup: Setup = { batch: 20, ruleSets: 3 };
  let reference: string;
  beforeAll(() => {
    reference = tempDb('reference.sqlite');
    runWriter('once', reference, setup);
  });

  it.each([
    ['SIGKILL', 3, 2],
    ['SIGKILL', 6, 0],
    ['SIGKILL', 2, 7],
    ['SIGINT', 4, 1],
  ] as const)('by %s after commit %i (+%i ms): opens, whole batches only, a re-run completes', async (signal, afterCommits, delayMs) => {
    const db = tempDb();
    const { seen, readerAudits } = await killMidway(db, setup, signal, afterCommits, delayMs);
    expect(seen).toBeGreaterThanOrEqual(afterCommits);
    expect(readerAudits).toBeGreaterThanOrEqual(setup.batch);
    checkKilled(db, setup, seen, reference);
  });
});

describe('a writer of batches larger than its page cache, killed inside a transaction', () => {
  // Each batch spills pages into the WAL long before its commit, so a kill leaves uncommitted frames there.
  const setup: Setup = { batch: 120, ruleSets: 3, cacheKiB: 64 };

  it('leaves uncommitted frames in the WAL, which the next open ignores; a re-run completes', async () => {
    const reference = tempDb('reference.sqlite');
    runWriter('once', reference, setup);
    // Most kills land inside a transaction here; try a few times until one does.
    for (let attempt = 0; attempt < 8; attempt++) {
      const db = tempDb();
      const { seen } = await killMidway(db, setup, 'SIGKILL', 1, 10 + attempt * 7);
      if (uncommittedFrames(db) === 0) continue;
      checkKilled(db, setup, seen, reference);
      return;
    }
    throw new Error('no kill landed inside a transaction in 8 attempts');
  });
});
