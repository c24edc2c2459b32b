/**
 * Rows the database refuses cost only their own game (found by the fuzz test: a final score with a
 * fraction once stopped a whole audit with "cannot store REAL value in INTEGER column"). The refusals are
 * made by triggers in the database, so they come through the real write path, in this thread and in a
 * worker's.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ruleSetFor } from '../../src/audit/index.js';
import { runBatch as runHere } from '../../src/batch/index.js';
// Worker threads load the built worker module: the built batch runner, as the kanshi command runs it.
import { runBatch as runBuilt } from '../../dist/src/batch/index.js';
import { openStore } from '../../src/store/index.js';
import { corpusFiles } from '../support/corpus.js';
import { tempDb } from '../store/support.js';

const sql = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Runs DDL on the database through a connection of its own (the store has no door for it). */
function exec(db: string, ddl: string): void {
  const raw = new Database(db);
  raw.exec(ddl);
  raw.close();
}

describe.each([0, 1])('a batch whose write fails, on %i worker threads', (workers) => {
  const runBatch = workers === 0 ? runHere : runBuilt;
  const files = corpusFiles().slice(0, 6);
  const refused = files[2];

  it('writes the others, and stores the refused file as an audit-error naming what the database said', async () => {
    const db = tempDb();
    const store = openStore(db);
    exec(
      db,
      `CREATE TRIGGER refuse BEFORE INSERT ON players WHEN (SELECT file FROM games WHERE game_id = NEW.game_id) = ${sql(refused)}
       BEGIN SELECT RAISE(ABORT, 'cannot store REAL value in INTEGER column players.final_score'); END`,
    );
    const result = await runBatch({ paths: files, ruleSet: ruleSetFor({}), workers, db, taskSize: 16 });
    expect(result.summary).toMatchObject({ gameCount: 5, failedFileCount: 1, findingCounts: { 'audit-error': 1 } });
    const games = [...store.query('SELECT file, error IS NOT NULL AS unread FROM games ORDER BY file').rows];
    expect(games).toHaveLength(6);
    expect(games.filter((g) => g[1] === 1).map((g) => g[0])).toEqual([refused]);
    const findings = [...store.query(`SELECT f.kind, f.message FROM findings f JOIN games g USING (game_id) WHERE g.file = ${sql(refused)}`).rows];
    expect(findings).toHaveLength(1);
    expect(findings[0][0]).toBe('audit-error');
    expect(String(findings[0][1])).toMatch(/the database refused this file's rows: cannot store REAL value/);
    store.close();
  });

  it('stops with the error when nothing can be written (the database itself failing)', async () => {
    const db = tempDb();
    const store = openStore(db);
    exec(db, `CREATE TRIGGER full BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    await expect(runBatch({ paths: files, ruleSet: ruleSetFor({}), workers, db })).rejects.toThrow(/disk is full/);
    store.close();
  });
});
