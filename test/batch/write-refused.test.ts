/**
 * Rows the database refuses cost only their own game (found by the fuzz test: a final score with a
 * fraction once stopped a whole audit with "cannot store REAL value in INTEGER column").
 */
import { describe, expect, it } from 'vitest';
import { ruleSetsFor } from '../../src/audit/index.js';
import { runBatch } from '../../src/batch/index.js';
import { openStore, type PreparedAudit } from '../../src/store/index.js';
import { corpusFiles } from '../support/corpus.js';
import { tempDb } from '../store/support.js';

describe('a batch whose write fails', () => {
  const files = corpusFiles().slice(0, 6);
  const refused = files[2];

  it('writes the others, and stores the refused file as an audit-error naming what the database said', async () => {
    const db = tempDb();
    const store = openStore(db);
    const write = (rows: readonly PreparedAudit[]) => {
      if (rows.some((r) => r.file === refused && r.facts !== null)) throw new Error('cannot store REAL value in INTEGER column players.final_score');
      store.writePrepared(rows);
    };
    const result = await runBatch({ paths: files, ruleSets: ruleSetsFor({}), workers: 0, write });
    expect(result.summary).toMatchObject({ gameCount: 5, failedFileCount: 1, findingCounts: { 'audit-error': 1 } });
    const games = [...store.query('SELECT file, error IS NOT NULL AS unread FROM games ORDER BY file').rows];
    expect(games).toHaveLength(6);
    expect(games.filter((g) => g[1] === 1).map((g) => g[0])).toEqual([refused]);
    const findings = [...store.query(`SELECT f.kind, f.message FROM findings f JOIN games g USING (game_id) WHERE g.file = '${refused.replace(/'/g, "''")}'`).rows];
    expect(findings).toHaveLength(1);
    expect(findings[0][0]).toBe('audit-error');
    expect(String(findings[0][1])).toMatch(/the database refused this file's rows: cannot store REAL value/);
    store.close();
  });

  it('stops with the error when nothing can be written (the database itself failing)', async () => {
    const write = () => {
      throw new Error('database or disk is full');
    };
    await expect(runBatch({ paths: files, ruleSets: ruleSetsFor({}), workers: 0, write })).rejects.toThrow(/disk is full/);
  });
});
