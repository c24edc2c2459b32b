/**
 * Schema version 4 on real corpus games: the facts the analyst questions need (dora by source, riichi
 * declarations, han/fu/points, dates, yaku names), the views' new columns, and the migration from a real
 * version-3 database (test/store/audit-v3.sql is schemas/audit.sql as version 3 had it).
 */
import { LEGALITY_KNOBS, SCORING_KNOBS } from '../../src/rules/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore, SCHEMA_VERSION } from '../../src/store/index.js';
import { gameTotalsSql } from '../../src/store/migrations.js';
import { AUDIT_TOTAL_COLUMNS, GAME_TOTAL_COLUMNS, playedOn, WIN_SCORE_COLUMNS } from '../../src/store/rows.js';
import { auditOf, databaseAsOf, readGames, tempDb } from './support.js';

const CHANKAN = '2010081709gm-00a9-0000-fe3371ad.xml'; // seat 2 robs seat 1's kakan of 3p in hand 5
const RIICHI_ANKAN = '2011020414gm-00a9-0000-ef18f336.xml'; // seat 0's riichi discard on turn 3, ankan on turn 11 (hand 4)
const THREE_PLAYER = '2009060321gm-00b9-0000-75b25bcf.xml'; // a sanbaiman with two kita
const KANDORA_HIT = '2009082815gm-00e1-0000-b7e41fe8'; // hand 1: a win with one dora from the first indicator, one from a kandora

function corpusDb(files: string[]): string {
  const file = tempDb();
  const store = openStore(file);
  store.writeBatch(readGames(files).map((g) => auditOf(g)));
  store.close();
  return file;
}

function rows<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

describe('schema 4 facts and views on corpus games', () => {
  const file = corpusDb([CHANKAN, RIICHI_ANKAN, THREE_PLAYER, `${KANDORA_HIT}.mjlog`]);

  it('names the winner of a chankan as seen from the kan player, with a viewer link from the winner', () => {
    const [w] = rows<Record<string, unknown>>(file, `SELECT * FROM chankan_wins WHERE log_id = '2010081709gm-00a9-0000-fe3371ad'`);
    expect(w).toMatchObject({ winner: 2, kan_seat: 1, hand: 5, winner_relative: 'shimocha', viewer_url: 'https://tenhou.net/0/?log=2010081709gm-00a9-0000-fe3371ad&tw=2&ts=4' });
  });

  it('counts the turns from the riichi discard to a riichi ankan', () => {
    const [k] = rows<Record<string, unknown>>(file, `SELECT * FROM riichi_kans WHERE log_id = '2011020414gm-00a9-0000-ef18f336'`);
    expect(k).toMatchObject({ hand: 4, seat: 0, kind: 'ankan', turn: 11, riichi_turn: 3, turns_since_riichi: 8 });
    expect(k.viewer_url).toBe('https://tenhou.net/0/?log=2011020414gm-00a9-0000-ef18f336&tw=0&ts=3');
    const [d] = rows<Record<string, unknown>>(file, `SELECT d.* FROM riichi_declarations d JOIN games g USING (game_id) WHERE g.log_id = '2011020414gm-00a9-0000-ef18f336' AND hand = 4 AND seat = 0`);
    expect(d).toMatchObject({ turn: 3, accepted: 1 });
    expect(d.tile).toEqual(expect.any(Number));
    // One row per declaration the rounds count.
    const [n] = rows<{ declared: number; counted: number }>(file, 'SELECT (SELECT count(*) FROM riichi_declarations) AS declared, (SELECT sum(riichi) FROM hands) AS counted');
    expect(n.declared).toBe(n.counted);
  });

  it('stores a 3-player win with its value, yaku names and dora by source (dora_han_logged includes the kita)', () => {
    const [w] = rows<Record<string, unknown>>(file, `SELECT * FROM win_list WHERE log_id = '2009060321gm-00b9-0000-75b25bcf' AND kita_dora > 0 ORDER BY hand LIMIT 1`);
    expect(w).toMatchObject({ player_count: 3, played_on: '2009-06-03', han: 11, fu: 50, points: 36000, limit_name: 'sanbaiman', dora: 2, red_dora: 1, ura_dora: 0, kita_dora: 2 });
    expect(JSON.parse(w.yaku_names as string)).toEqual(['sanankou', 'chun', 'honitsu', 'dora', 'aka-dora']);
    const [raw] = rows<Record<string, number>>(file, `SELECT dora_han_logged, dora, kita FROM wins w JOIN games g USING (game_id) WHERE g.log_id = '2009060321gm-00b9-0000-75b25bcf' AND w.hand = ${w.hand as number} AND w.event_index = ${w.event_index as number}`);
    expect(raw.dora_han_logged).toBe(raw.dora + raw.kita);
  });

  it('writes each game\'s totals as the counts of its kans and hands rows (what the v4 migration computes), and each kan verdict with its kan\'s kind and moment', () => {
    const cols = GAME_TOTAL_COLUMNS.join(', ');
    const written = rows<Record<string, number>>(file, `SELECT game_id, ${cols} FROM games ORDER BY game_id`);
    const copy = tempDb();
    const db = new Database(file, { readonly: true });
    db.exec(`VACUUM INTO '${copy}'`);
    db.close();
    const recount = new Database(copy);
    recount.exec(gameTotalsSql());
    const counted = recount.prepare(`SELECT game_id, ${cols} FROM games ORDER BY game_id`).all();
    recount.close();
    expect(written).toEqual(counted);
    const [t] = rows<Record<string, number>>(file, `SELECT sum(completed_kans) AS kans, sum(robbed_kans) AS robbed, sum(kitas) AS kita, sum(kans_in_riichi) AS riichi_kans FROM games`);
    expect(t.kans).toBeGreaterThan(0);
    expect(t.robbed).toBeGreaterThan(0);
    expect(t.kita).toBeGreaterThan(0);
    expect(t.riichi_kans).toBeGreaterThan(0);
    const [m] = rows<{ n: number; off: number }>(file, `SELECT count(*) AS n, sum(v.kan_kind IS NOT k.kind OR v.kan_reveal_logged IS NOT k.reveal_logged) AS off
      FROM kan_verdicts v JOIN kans k ON k.game_id = v.game_id AND k.hand = v.hand AND k.event_index = v.event_index`);
    expect(m.n).toBeGreaterThan(0);
    expect(m.off).toBe(0);
  });

  it('splits each win\'s dora under the rule into the first indicator\'s and the kandora\'s', () => {
    const [s] = rows<{ wins: number; split: number; kandora: number }>(file, 'SELECT count(*) AS wins, sum(dora = first_indicator_dora + kandora) AS split, sum(json_array_length(indicators) > 1) AS kandora FROM win_dora');
    expect(s.split).toBe(s.wins);
    expect(s.kandora).toBeGreaterThan(0);
    const [w] = rows<Record<string, number>>(file, `SELECT wd.* FROM win_dora wd JOIN games g USING (game_id) WHERE g.log_id = '${KANDORA_HIT}' AND wd.hand = 1`);
    expect(w).toMatchObject({ dora: 2, first_indicator_dora: 1, kandora: 1 });
  });

  it('lists findings and kans with names and links', () => {
    const findings = rows<Record<string, unknown>>(file, `SELECT * FROM finding_list WHERE kind = 'chankan-win'`);
    expect(findings[0]).toMatchObject({ profile: 'tenhou', hand: 5, seat: 2, kyoku_name: expect.any(String), viewer_url: expect.stringMatching(/&tw=2&ts=4$/) });
    const kans = rows<Record<string, unknown>>(file, 'SELECT player_name, viewer_url FROM kan_list');
    expect(kans.every((k) => typeof k.player_name === 'string' && /^https:\/\/tenhou\.net\/0\/\?log=/.test(k.viewer_url as string))).toBe(true);
  });

  it('names every mjlog yaku id', () => {
    const names = rows<{ yaku_id: number; name: string }>(file, 'SELECT yaku_id, name, name_ja, yakuman FROM yaku ORDER BY yaku_id');
    expect(names).toHaveLength(55);
    expect(names.find((y) => y.yaku_id === 4)).toEqual({ yaku_id: 4, name: 'rinshan-kaihou', name_ja: '嶺上開花', yakuman: 0 });
    expect(names.find((y) => y.yaku_id === 51)).toMatchObject({ name: 'suukantsu', yakuman: 1 });
    expect(new Set(names.map((y) => y.name)).size).toBe(55);
  });

  it('dates a game from its log id, else a file name starting with a date, else not at all', () => {
    expect(playedOn('2016052515gm-00a9-0000-c4d72066', 'x.xml')).toEqual({ played_on: '2016-05-25', played_at_hour: 15 });
    expect(playedOn(null, '/logs/20190210-game.json')).toEqual({ played_on: '2019-02-10', played_at_hour: null });
    expect(playedOn(null, '/logs/20190231-game.json')).toEqual({ played_on: null, played_at_hour: null });
    expect(playedOn(null, '/logs/mjx-upd-aft-kan4.xml')).toEqual({ played_on: null, played_at_hour: null });
  });
});

describe('migrating a version-3 database', () => {
  const v3 = readFileSync(join(import.meta.dirname, 'audit-v3.sql'), 'utf8');

  function shape(file: string): Record<string, string[]> {
    const db = new Database(file, { readonly: true });
    try {
      const names = db.prepare(`SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
      const out: Record<string, string[]> = {};
      for (const n of names) out[n] = (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(n) as string[]);
      out['(indexes)'] = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
      return out;
    } finally {
      db.close();
    }
  }

  it('gives the shape a new database has, keeps the rows, dates games by log id, and rewrites their facts on the next audit', () => {
    const file = tempDb();
    const db = new Database(file);
    db.exec(v3);
    db.prepare(`INSERT INTO games (content_hash, log_id, file, format, platform, facts_digest) VALUES ('h', '2010081709gm-00a9-0000-fe3371ad', 'f.xml', 'xml', 'tenhou', 'facts-3')`).run();
    db.close();
    const store = openStore(file);
    store.close();
    const fresh = tempDb();
    openStore(fresh).close();
    expect(shape(file)).toEqual(shape(fresh));
    expect(rows(file, 'SELECT played_on, played_at_hour, facts_digest FROM games')).toEqual([{ played_on: '2010-08-17', played_at_hour: 9, facts_digest: 'facts-3' }]);
    // Version 6 names the formats as src/formats does: xml is mjlog.
    expect(rows(file, 'SELECT format FROM games')).toEqual([{ format: 'mjlog' }]);
    // The games' totals are counted from the rows stored (none here).
    expect(rows(file, 'SELECT completed_kans, kitas, riichis, kita_rinshan_wins FROM games')).toEqual([{ completed_kans: 0, kitas: 0, riichis: 0, kita_rinshan_wins: 0 }]);
    expect(rows<{ v: number }>(file, 'SELECT user_version AS v FROM pragma_user_version')[0].v).toBe(SCHEMA_VERSION);
    // A game stored by an older kanshi is not "audited already": its facts come again, with the new columns.
    const again = openStore(file);
    const [g] = readGames([CHANKAN]);
    expect(again.isAudited(g.hash, auditOf(g).ruleSet.key)).toBe(false);
    again.writeBatch([auditOf(g)]);
    const [[wins, valued]] = [...again.query(`SELECT count(*) AS wins, sum(han IS NOT NULL) AS valued FROM wins`).rows] as number[][];
    again.close();
    expect(valued).toBe(wins);
  });
});

describe('migrating a version-5 database to 6 (issue 25)', () => {
  it('renames the formats xml and json to mjlog and tenhou6, and the inconsistency round-without-ending to hand-without-ending', () => {
    const file = tempDb();
    const store = openStore(file);
    const [g] = readGames([CHANKAN]);
    store.writeBatch([auditOf(g)]);
    store.close();
    // The same rows in version 5's shape, its formats and inconsistency named as then.
    const v5 = databaseAsOf(file, 5);
    const db = new Database(v5);
    db.exec(`
      UPDATE games SET format = 'xml';
      INSERT INTO games (content_hash, file, format) VALUES ('b', 'b.json', 'json'), ('c', 'c.jsonl', 'mjai');
      UPDATE findings SET kind = 'replay-inconsistency', details = '{"what":"round-without-ending"}' WHERE ordinal = 0;
      `);
    db.close();
    openStore(v5).close();
    expect(rows(v5, `SELECT format FROM games ORDER BY content_hash IN ('b', 'c'), content_hash`)).toEqual([{ format: 'mjlog' }, { format: 'tenhou6' }, { format: 'mjai' }]);
    expect(rows(v5, 'SELECT details FROM findings WHERE ordinal = 0')).toEqual([{ details: '{"what":"hand-without-ending"}' }]);
  });
});

describe('a log that declares riichi twice (found by the fuzz test)', () => {
  it('stores the first declaration of the seat in the hand; the database once refused the game (UNIQUE riichi_declarations)', async () => {
    const { auditGame, contentHash, ruleSetFor } = await import('../../src/audit/index.js');
    const { parseLog } = await import('../../src/ingest/index.js');
    const { corpusFile } = await import('../support/corpus.js');
    const text = readFileSync(corpusFile(RIICHI_ANKAN), 'utf8');
    const reach = /<REACH who="(\d)" step="1"\/>/.exec(text)!;
    const twice = text.replace(reach[0], reach[0] + reach[0]);
    const bytes = Buffer.from(twice);
    const game = parseLog(bytes, { file: 'twice.xml' });
    const audit = auditGame('twice.xml', contentHash(bytes), game, ruleSetFor({}));
    expect(audit.findings.some((f) => f.kind === 'replay-inconsistency')).toBe(true);
    const file = tempDb();
    const store = openStore(file);
    store.writeBatch([audit]);
    store.close();
    const declared = rows<{ seat: number; n: number }>(file, `SELECT seat, count(*) AS n FROM riichi_declarations GROUP BY hand, seat HAVING n > 1`);
    expect(declared).toEqual([]);
    expect(rows<{ n: number }>(file, `SELECT count(*) AS n FROM riichi_declarations WHERE seat = ${reach[1]}`)[0].n).toBeGreaterThan(0);
  });
});

describe('a win whose log names no yaku nor fu (found in review)', () => {
  it('stores han, fu and limit as not known, not as 0 han, 0 fu, no limit (mjai)', async () => {
    const { auditGame, contentHash, ruleSetFor } = await import('../../src/audit/index.js');
    const { parseLog } = await import('../../src/ingest/index.js');
    const { CORPUS_DIR } = await import('../support/corpus.js');
    const path = join(CORPUS_DIR, 'platforms', 'logs', 'killer_mortal_gui__demo_data_2bccb50.mjai.jsonl');
    const bytes = readFileSync(path);
    const game = parseLog(bytes, { file: path });
    const file = tempDb();
    const store = openStore(file);
    store.writeBatch([auditGame(path, contentHash(bytes), game, ruleSetFor({}))]);
    store.close();
    const wins = rows<{ han: number | null; fu: number | null; points: number; limit_name: string | null }>(file, 'SELECT han, fu, points, limit_name FROM wins');
    expect(wins.length).toBeGreaterThan(0);
    for (const w of wins) {
      expect(w.han).toBeNull();
      expect(w.fu).toBeNull();
      expect(w.points).toBeGreaterThan(0);
    }
    expect(wins.filter((w) => w.limit_name === 'none')).toEqual([]);
  });
});
