/**
 * `kanshi query` and PRAGMA (issue 42: `PRAGMA journal_mode` was refused, SQLite counting it as a write,
 * though the help allowed PRAGMA): the pragmas that only read are run, each listed in the help; a pragma
 * given a value, or any other one, is refused, naming the list.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, READ_PRAGMAS } from '../../src/store/index.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { kanshiInProcess } from '../support/in-process.js';

describe('PRAGMA in a read-only query', () => {
  it('reads the listed pragmas, and refuses a value or another pragma with the list', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'kanshi-pragma-')), 'a.sqlite');
    expect((await kanshiInProcess('audit', join(PROJECT_ROOT, 'logs', 'examples', 'chankan.mjlog'), '--db', db, '--no-progress')).code).toBe(0);
    const store = openStore(db, { readonly: true });
    const rows = (sql: string) => [...store.query(sql).rows];
    try {
      expect(rows('PRAGMA journal_mode')).toEqual([['delete']]);
      expect(rows('pragma main.journal_mode;')).toEqual([['delete']]);
      expect(rows('PRAGMA user_version')[0][0]).toBeGreaterThan(0);
      expect(rows('PRAGMA table_info(games)').length).toBeGreaterThan(10);
      expect(rows('PRAGMA integrity_check')).toEqual([['ok']]);
      for (const sql of ['PRAGMA journal_mode = WAL', 'PRAGMA journal_mode(wal)', 'PRAGMA locking_mode = EXCLUSIVE', 'PRAGMA locking_mode', 'PRAGMA wal_checkpoint', '-- note\nPRAGMA optimize', 'PRAGMA user_version = 7']) {
        expect(() => store.query(sql), sql).toThrow(/^kanshi query reads only these PRAGMAs, without a value: application_id, user_version, .*; and, of a table or index, table_info\(…\)/);
      }
      expect(rows('PRAGMA journal_mode')).toEqual([['delete']]);
    } finally {
      store.close();
    }
  });

  it('the help lists every one', async () => {
    const help = (await kanshiInProcess('query', '--help')).stdout.replace(/\s+/g, ' ');
    for (const name of READ_PRAGMAS.plain) expect(help).toContain(` ${name},`.replace(/,$/, ''));
    for (const name of READ_PRAGMAS.withArgument) expect(help).toContain(`${name}(…)`);
  });
});
