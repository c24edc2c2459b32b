/**
 * A reader leaves a database at rest as it found it (issue 42: stats, query and report left a 0-byte
 * -wal and a 32 KB -shm beside a rollback-mode database). The reader's keeper switched the file to WAL and
 * back without ever reading in WAL mode itself, which left the reader's files behind.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { kanshiInProcess } from '../support/in-process.js';

/** The journal mode the file's header says: bytes 18 and 19 are 1 for a rollback journal, 2 for WAL. */
const headerMode = (db: string): string => {
  const header = readFileSync(db).subarray(18, 20);
  return header[0] === 2 || header[1] === 2 ? 'wal' : 'rollback';
};

describe('a reader of a database at rest', () => {
  it('leaves no -wal or -shm, and the file in rollback-journal mode: the library, stats and report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-at-rest-'));
    const db = join(dir, 'a.sqlite');
    expect((await kanshiInProcess('audit', join(PROJECT_ROOT, 'logs', 'examples', 'chankan.mjlog'), '--db', db, '--no-progress')).code).toBe(0);
    expect(readdirSync(dir)).toEqual(['a.sqlite']);
    expect(headerMode(db)).toBe('rollback');
    const store = openStore(db, { readonly: true, letWritersIn: true });
    // While it reads, writers may come in: the file is in WAL mode.
    expect(headerMode(db)).toBe('wal');
    expect([...store.query('SELECT count(*) FROM games').rows]).toEqual([[1]]);
    store.close();
    expect(readdirSync(dir)).toEqual(['a.sqlite']);
    expect(headerMode(db)).toBe('rollback');
    expect((await kanshiInProcess('stats', '--db', db)).code).toBe(0);
    expect((await kanshiInProcess('report', '--db', db, '--out', join(dir, 'r.html'))).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['a.sqlite', 'r.html']);
    expect(headerMode(db)).toBe('rollback');
  });
});
