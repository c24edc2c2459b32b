/**
 * A long read and an audit on one database at the same time (issue 34): kanshi's readers read in WAL
 * mode when they can write the folder, so an audit writes meanwhile instead of failing after 10 s with
 * "database is locked"; the database is at rest (rollback journal) again once both have ended. A hold kanshi
 * cannot get past (another program reading in rollback mode) is named in one line.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { kanshi, PROJECT_ROOT } from '../support/cli.js';
import { corpusFile } from '../support/corpus.js';
import { auditOf, readGames, rowCounts, tempDb } from './support.js';

const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');

function companions(file: string): string[] {
  return ['-wal', '-shm', '-journal'].filter((s) => existsSync(file + s));
}

function auditedDatabase(): string {
  const file = tempDb();
  const store = openStore(file);
  store.writeBatch(readGames(['2020052221gm-00a9-0000-6f0524c7.xml', '2016052515gm-00a9-0000-c4d72066.xml']).map((g) => auditOf(g)));
  store.close();
  return file;
}

/** Header bytes 18-19: 1 = rollback journal, 2 = WAL. */
function journalBytes(file: string): number[] {
  const header = readFileSync(file);
  return [header[18], header[19]];
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

describe('an audit while a long kanshi query reads the same database', () => {
  it('writes at once (it once failed after 10 s: "database is locked"), and the database is at rest once both end', async () => {
    const db = auditedDatabase();
    expect(journalBytes(db)).toEqual([1, 1]);
    // A statement that reads the games table for many seconds, printing rows all along, stopped by --timeout
    // past the audit's 10 s wait (so that, before the fix, the audit failed rather than waited it out).
    const slow = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000000) SELECT x, game_id FROM c, games`;
    const query = spawn(process.execPath, [MAIN, 'query', '--db', db, '--format', 'csv', '--timeout', '12', slow], { stdio: ['ignore', 'ignore', 'pipe'] });
    let queryErr = '';
    query.stderr.setEncoding('utf8').on('data', (d: string) => (queryErr += d));
    const ended = new Promise<number | null>((resolve) => query.on('close', (code) => resolve(code)));
    try {
      await until(() => existsSync(`${db}-shm`), 4000);
      expect(companions(db)).toEqual(['-wal', '-shm']);
      const started = Date.now();
      const audit = kanshi(['audit', corpusFile('2010091009gm-00a9-0000-83af2648.xml'), '--db', db, '--no-progress']);
      expect(audit.stderr).not.toMatch(/locked/);
      expect(audit.code, audit.stderr).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(query.exitCode).toBeNull();
    } finally {
      const code = await ended;
      expect(code, queryErr).toBe(124);
    }
    expect(rowCounts(db).games).toBe(3);
    expect(companions(db)).toEqual([]);
    expect(journalBytes(db)).toEqual([1, 1]);
  }, 40_000);

  it('a reader left alone puts a database it found at rest back at rest, its folder as it was', () => {
    const db = auditedDatabase();
    const reader = openStore(db, { readonly: true, letWritersIn: true });
    expect(journalBytes(db)).toEqual([2, 2]);
    const writer = openStore(db);
    writer.writeBatch(readGames(['2010091009gm-00a9-0000-83af2648.xml']).map((g) => auditOf(g)));
    writer.close();
    expect([...reader.query('SELECT count(*) FROM games').rows]).toEqual([[3]]);
    reader.close();
    expect(companions(db)).toEqual([]);
    expect(journalBytes(db)).toEqual([1, 1]);
  });
});

describe('a hold kanshi cannot get past', () => {
  it('another program reading in rollback mode past the wait: one line naming the hold, not a bare "database is locked"', () => {
    const db = auditedDatabase();
    const other = new Database(db, { readonly: true });
    other.exec('BEGIN');
    other.prepare('SELECT count(*) FROM games').get(); // a shared lock, held until the transaction ends
    try {
      expect(() => openStore(db, { busyTimeoutMs: 200 })).toThrow(
        /^cannot open .*audit\.sqlite: database is locked: another process holds it \(reading it in rollback-journal mode, or writing it\) and did not let go in 0\.2 s; run this again once it has ended$/,
      );
      // A kanshi reader beside it reads the database as it is, in rollback mode.
      const reader = openStore(db, { readonly: true, letWritersIn: true });
      expect([...reader.query('SELECT count(*) FROM games').rows]).toEqual([[2]]);
      reader.close();
    } finally {
      other.exec('COMMIT');
      other.close();
    }
    expect(journalBytes(db)).toEqual([1, 1]);
    expect(companions(db)).toEqual([]);
  });
});
