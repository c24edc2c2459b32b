/**
 * Issue 14: a worker thread that runs out of memory costs only its file. The file is made at test time:
 * an mjlog of a million draws and discards (5 MB), read with the limits raised so that only the worker's
 * heap stops it.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { kanshi } from '../support/cli.js';
import { corpusFiles } from '../support/corpus.js';

let dir: string;
let big: string;
const GOOD = 40;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kanshi-oom-'));
  mkdirSync(join(dir, 'in'));
  const files = corpusFiles().filter((f) => f.endsWith('.xml'));
  for (const f of files.slice(0, GOOD)) copyFileSync(f, join(dir, 'in', basename(f)));
  // Sorted first: it shares its task (64 files) with the good ones.
  big = join(dir, 'in', '0000-a-million-draws.xml');
  const head = '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d" dan="0,0,0,0" rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>' +
    '<INIT seed="0,0,0,0,0,0" ten="250,250,250,250" oya="0" hai0="1,2,3,4,5,6,7,8,9,10,11,12,13" hai1="14,15,16,17,18,19,20,21,22,23,24,25,26" hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" hai3="40,41,42,43,44,45,46,47,48,49,50,51,52"/>';
  writeFileSync(big, head + '<T60/><D60/>'.repeat(500_000) + '</mjloggm>');
});

const RAISED = ['--max-events', '100000000', '--max-log-bytes', '1G', '--max-worker-memory', '64'];

function audit(db: string, ...extra: string[]) {
  const r = kanshi(['audit', join(dir, 'in'), '--db', db, '--json', '--workers', '2', ...RAISED, ...extra]);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  return { code: r.code, summary: JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown> & { findingCounts: Record<string, number> } };
}

describe('a worker out of memory', () => {
  it('costs only its file: an ingest-error naming the limit; the task\'s other files are audited; a re-run completes too', () => {
    const db = join(dir, 'oom.sqlite');
    const first = audit(db);
    // A file that could not be read fails the audit (issue 42), the others audited all the same.
    expect(first.code).toBe(1);
    expect(first.summary).toMatchObject({ gameCount: GOOD, failedFileCount: 1, findingCounts: { 'ingest-error': 1 } });
    expect(first.summary.findingCounts['audit-error']).toBeUndefined();
    expect(first.summary.peakRssMB as number).toBeLessThan(1024);
    const read = new Database(db, { readonly: true });
    // Every worker's connection closed before the owner's, the dead worker's too: back in rollback-journal mode.
    expect(existsSync(`${db}-wal`)).toBe(false);
    expect(read.pragma('journal_mode', { simple: true })).toBe('delete');
    const rows = read.prepare(`SELECT kind, message FROM findings WHERE kind IN ('ingest-error', 'audit-error')`).all();
    read.close();
    expect(rows).toEqual([
      { kind: 'ingest-error', message: 'the log needs more than 64 MB of memory to read, the limit of a worker thread (--max-worker-memory raises it)' },
    ]);
    // Again: the good files are passed over, the failed one is tried again (alone) and recorded again.
    const again = audit(db);
    expect(again.code).toBe(1);
    expect(again.summary).toMatchObject({ gameCount: 0, failedFileCount: 1, passedOverCount: GOOD });
    // With the default limits it is refused before it costs anything.
    const limited = kanshi(['audit', big, '--db', db, '--json']);
    expect(limited.code).toBe(1);
    expect(JSON.parse(limited.stdout)).toMatchObject({ failedFileCount: 1, findingCounts: { 'ingest-error': 1 } });
  }, 120_000);
});
