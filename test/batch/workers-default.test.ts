/**
 * How many threads a batch runs on when nobody says (issue 17): a small batch on the main thread, a large
 * one on a worker per core, and workers whenever a heap cap is asked for, which only a worker has. The
 * built batch runner, as the kanshi command runs it (worker threads load the built worker module).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ruleSetFor } from '../../src/audit/index.js';
import { runBatch } from '../../dist/src/batch/index.js';
import { openStore } from '../../src/store/index.js';
import { corpusFiles } from '../support/corpus.js';
import { tempDb } from '../store/support.js';

const files = corpusFiles().filter((f) => f.endsWith('.xml')).slice(0, 6);

async function batch(options: Partial<Parameters<typeof runBatch>[0]>, paths: string[] = files) {
  const db = tempDb();
  const store = openStore(db);
  try {
    return { db, result: await runBatch({ paths, ruleSet: ruleSetFor({}), db, ...options }) };
  } finally {
    store.close();
  }
}

describe('the default number of worker threads', () => {
  it('is none for a batch below the threshold, and one per core from it on', async () => {
    expect((await batch({ inThreadBelow: 10 })).result).toMatchObject({ workers: 0, files: 6, summary: { gameCount: 6 } });
    const large = await batch({ inThreadBelow: 4 });
    expect(large.result).toMatchObject({ workers: availableParallelism(), files: 6, summary: { gameCount: 6 } });
    // The workers' connections closed before the batch's owner: the database is back in rollback-journal mode.
    expect(existsSync(`${large.db}-wal`)).toBe(false);
    const read = new Database(large.db, { readonly: true });
    expect(read.pragma('journal_mode', { simple: true })).toBe('delete');
    read.close();
  });

  it('counts the files it looked at to decide once, missing paths among them', async () => {
    const missing: string[] = [];
    const paths = [files[0], '/no/such/file.mjlog', ...files.slice(1)];
    const { result } = await batch({ inThreadBelow: 4, onMissing: (path) => missing.push(path) }, paths);
    expect(missing).toEqual(['/no/such/file.mjlog']);
    expect(result).toMatchObject({ workers: availableParallelism(), files: 6, missing: 1, summary: { gameCount: 6 } });
  });

  it('is one per core whenever a worker heap limit is given or a log may be larger than the default limits', async () => {
    expect((await batch({ workerMemoryMb: 256 }, files.slice(0, 2))).result.workers).toBe(availableParallelism());
    expect((await batch({ limits: { maxEvents: 100_000 } }, files.slice(0, 2))).result.workers).toBe(availableParallelism());
    expect((await batch({ limits: { maxEvents: 1_000 } }, files.slice(0, 2))).result.workers).toBe(0);
  });
});
