import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { mergeDatabases, openStore } from '../../src/store/index.js';
import { corpusFiles } from '../support/corpus.js';
import { kanshiInProcess } from '../support/in-process.js';
import { contentRows, exactRows } from './merge-compare.js';

/** Every 12th corpus file (about 140 games, 3- and 4-player, every format). */
function sample(): string[] {
  return corpusFiles().filter((_, i) => i % 12 === 0);
}

const dir = () => mkdtempSync(join(tmpdir(), 'kanshi-merge-'));

async function audit(files: string[], db: string, ...extra: string[]): Promise<void> {
  const r = await kanshiInProcess('audit', ...files, '--db', db, '--workers', '0', '--no-progress', '--json', ...extra);
  expect(r.code, r.stderr).toBe(0);
}

describe('mergeDatabases', () => {
  let files: string[];
  let all: string;
  let shard1: string;
  let shard2: string;

  beforeAll(async () => {
    files = sample();
    const d = dir();
    all = join(d, 'all.sqlite');
    shard1 = join(d, 'shard-1.sqlite');
    shard2 = join(d, 'shard-2.sqlite');
    await audit(files, all);
    await audit(files, shard1, '--shard', '1/2');
    await audit(files, shard2, '--shard', '2/2');
  });

  it('two shards merged equal one audit of all the inputs, table by table, by content', () => {
    const games = (db: string) => (exactRows(db).games ?? []).length;
    expect(games(shard1)).toBeGreaterThan(0);
    expect(games(shard2)).toBeGreaterThan(0);
    expect(games(shard1) + games(shard2)).toBe(games(all));
    // The comparison sees a missing shard.
    expect(contentRows(shard1)).not.toEqual(contentRows(all));
    const into = join(dir(), 'merged.sqlite');
    const result = mergeDatabases(into, [shard1, shard2]);
    expect(result.games).toBe(games(all));
    expect(result.inputs.map((i) => i.gamesAdded)).toEqual([games(shard1), games(shard2)]);
    expect(contentRows(into)).toEqual(contentRows(all));
  });

  it('merging again (or the same input twice) changes no row, ids and times included', () => {
    const into = join(dir(), 'merged.sqlite');
    mergeDatabases(into, [shard1, shard2]);
    const once = exactRows(into);
    const again = mergeDatabases(into, [shard2, shard1, shard1]);
    expect(again.inputs.every((i) => i.gamesAdded + i.gamesReplaced + i.auditsAdded + i.auditsReplaced === 0)).toBe(true);
    expect(exactRows(into)).toEqual(once);
  });

  it('merges into a database that holds some of the games already: they are kept once', () => {
    const into = join(dir(), 'merged.sqlite');
    copyFileSync(shard1, into);
    const r = mergeDatabases(into, [all]);
    expect(r.inputs[0].gamesKept).toBe(exactRows(shard1).games.length);
    expect(contentRows(into)).toEqual(contentRows(all));
  });

  it("a game's facts come from the newer FACTS_VERSION whatever the order; an audit from the later audited_at", () => {
    const d = dir();
    const older = join(d, 'older.sqlite');
    copyFileSync(all, older);
    const db = new Database(older);
    const gameId = db.prepare(`SELECT game_id FROM games WHERE format IS NOT NULL AND game_id IN (SELECT game_id FROM wins) LIMIT 1`).pluck().get() as number;
    // As an older kanshi might have stored it: another digest, other facts.
    db.prepare(`UPDATE games SET facts_digest = 'facts-4', title = 'read by facts-4' WHERE game_id = ?`).run(gameId);
    db.prepare(`DELETE FROM wins WHERE game_id = ?`).run(gameId);
    db.close();
    expect(contentRows(older)).not.toEqual(contentRows(all));
    for (const order of [[older, all], [all, older]]) {
      const into = join(d, `m-${order[0] === older ? 'older-first' : 'newer-first'}.sqlite`);
      mergeDatabases(into, order);
      expect(contentRows(into)).toEqual(contentRows(all));
    }
    // A later audit of the same game under the same rules replaces the verdicts, in either order.
    const later = join(d, 'later.sqlite');
    copyFileSync(all, later);
    const l = new Database(later);
    const auditGame = l.prepare(`SELECT game_id FROM audits LIMIT 1`).pluck().get() as number;
    l.prepare(`UPDATE audits SET audited_at = '2999-01-01T00:00:00.000Z', infos = infos + 7 WHERE game_id = ?`).run(auditGame);
    l.close();
    for (const order of [[later, all], [all, later]]) {
      const into = join(d, `a-${order[0] === later ? 'later-first' : 'earlier-first'}.sqlite`);
      mergeDatabases(into, order);
      expect(contentRows(into)).toEqual(contentRows(later));
    }
  });

  it('drops the verdicts drawn from facts it replaces, and takes no verdict drawn from facts it does not keep (as the writer does)', () => {
    const d = dir();
    const older = join(d, 'older-other.sqlite');
    copyFileSync(all, older);
    const db = new Database(older);
    const gameId = db.prepare(`SELECT game_id FROM games WHERE format IS NOT NULL LIMIT 1`).pluck().get() as number;
    db.prepare(`UPDATE games SET facts_digest = 'facts-4' WHERE game_id = ?`).run(gameId);
    // Another rule set audited that game from its old facts.
    const cols = (db.prepare(`SELECT name FROM pragma_table_info('rule_sets') WHERE name <> 'rule_set_id'`).pluck().all() as string[]);
    const other = Number(
      db
        .prepare(`INSERT INTO rule_sets (${cols.join(', ')}) SELECT ${cols.map((c) => (c === 'rules_key' ? "rules_key || '-other'" : c)).join(', ')} FROM rule_sets LIMIT 1`)
        .run().lastInsertRowid,
    );
    const auditCols = (db.prepare(`SELECT name FROM pragma_table_info('audits') WHERE name <> 'rule_set_id'`).pluck().all() as string[]);
    db.prepare(`INSERT INTO audits (rule_set_id, ${auditCols.join(', ')}) SELECT ?, ${auditCols.join(', ')} FROM audits WHERE game_id = ? LIMIT 1`).run(other, gameId);
    const hash = db.prepare('SELECT content_hash FROM games WHERE game_id = ?').pluck().get(gameId) as string;
    db.close();
    for (const order of [[older, all], [all, older]]) {
      const into = join(d, `o-${order[0] === older ? 'older-first' : 'newer-first'}.sqlite`);
      mergeDatabases(into, order);
      const m = new Database(into, { readonly: true });
      const stale = m
        .prepare(`SELECT count(*) FROM audits a JOIN rule_sets r USING (rule_set_id) JOIN games g USING (game_id) WHERE r.rules_key LIKE '%-other' AND g.content_hash = ?`)
        .pluck()
        .get(hash);
      m.close();
      expect(stale).toBe(0);
    }
  });

  it('refuses a foreign file, an SQLite file that is not kanshi, another schema version, and the target itself, merging nothing', () => {
    const d = dir();
    const into = join(d, 'merged.sqlite');
    mergeDatabases(into, [shard1]);
    const before = exactRows(into);
    const text = join(d, 'notes.sqlite');
    writeFileSync(text, 'not a database at all, just some text that is long enough to have a header\n'.repeat(20));
    const foreign = join(d, 'foreign.sqlite');
    const f = new Database(foreign);
    f.exec('CREATE TABLE games (game_id INTEGER PRIMARY KEY, content_hash TEXT)');
    f.close();
    const v3 = join(d, 'v3.sqlite');
    copyFileSync(shard2, v3);
    const o = new Database(v3);
    o.pragma('user_version = 3');
    o.close();
    expect(() => mergeDatabases(into, [shard2, text])).toThrow(/notes\.sqlite/);
    expect(() => mergeDatabases(into, [shard2, foreign])).toThrow(/not one kanshi wrote/);
    expect(() => mergeDatabases(into, [shard2, v3])).toThrow(/schema version 3/);
    expect(() => mergeDatabases(into, [shard2, join(d, 'missing.sqlite')])).toThrow(/no database at/);
    expect(() => mergeDatabases(into, [shard2, into])).toThrow(/target database itself/);
    // shard2 came first each time, and was not merged: inputs are all checked before any is.
    expect(exactRows(into)).toEqual(before);
  });

  it('creates the target as any kanshi database (readable by the store)', () => {
    const into = join(dir(), 'new.sqlite');
    mergeDatabases(into, [shard1, shard2]);
    const store = openStore(into, { readonly: true });
    try {
      expect(store.ruleSets().length).toBeGreaterThan(0);
      expect(store.rowCounts().games).toBe(exactRows(all).games.length);
    } finally {
      store.close();
    }
  });
});
