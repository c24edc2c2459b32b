/**
 * Schema version 10: each kan's reveal verdict (kan_verdicts.reveal_verdict), decided once by the replay
 * (src/replay/timing.ts revealVerdict) and counted by kandora_timing and kandora_conformance. On the example
 * logs and the corpus's tenhou.net/6 JSON logs, audited under two profiles (every verdict among them):
 * - the column is the replay's verdict on the kan's two moments, and the views count it;
 * - the same database brought back to version 9's shape (no column, the timing index without it), then
 *   migrated, equals the fresh one: shape, every row of every table and view;
 * - the migration's SQL, the one other place the verdict is stated, gives revealVerdict's answer for every
 *   pair of moments.
 */
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { revealVerdict, type RevealMoment } from '../../src/replay/index.js';
import { MIGRATIONS, openStore, SCHEMA_VERSION } from '../../src/store/index.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { CORPUS_LOGS, requireCorpus } from '../support/corpus.js';
import { kanshiInProcess } from '../support/in-process.js';
import { rows, tempDb, databaseAsOf } from './support.js';

const MOMENTS: RevealMoment[] = ['declaration', 'after-replacement', 'next-kan', 'after-discard', 'never', 'unknown', 'unrecorded'];

/** The step that brings the verdicts (found by what it does, whatever its number). */
const STEP = MIGRATIONS.find((m) => m.sql.includes('ADD COLUMN reveal_verdict'))!;

/** Tables and views with their columns, and each index's definition. */
function shape(file: string): Record<string, unknown> {
  const db = new Database(file, { readonly: true });
  try {
    const out: Record<string, unknown> = {};
    for (const n of db.prepare(`SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[]) {
      out[n] = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(n);
    }
    out['(indexes)'] = db.prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all();
    return out;
  } finally {
    db.close();
  }
}

/** Every row of every table and view, ordered by all its columns. */
function content(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    for (const n of db.prepare(`SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[]) {
      const width = (db.prepare('SELECT count(*) FROM pragma_table_info(?)').pluck().get(n) as number);
      out[n] = db.prepare(`SELECT * FROM "${n}" ORDER BY ${Array.from({ length: width }, (_, i) => i + 1).join(', ')}`).raw().all();
    }
    return out;
  } finally {
    db.close();
  }
}


describe('schema 10: each kan\'s reveal verdict, stored once', () => {
  let fresh: string;

  beforeAll(async () => {
    requireCorpus();
    fresh = tempDb();
    const json = readdirSync(CORPUS_LOGS).filter((f) => f.endsWith('.json')).map((f) => join(CORPUS_LOGS, f));
    for (const profile of ['tenhou', 'mleague']) {
      const r = await kanshiInProcess('audit', join(PROJECT_ROOT, 'logs', 'examples'), ...json, '--db', fresh, '--profile', profile, '--workers', '0', '--no-progress', '--json');
      expect(r.code, r.stderr).not.toBe(2);
    }
  }, 120_000);

  it('stores the replay\'s verdict on each kan, every verdict among them, and the views count the column', () => {
    const kans = rows(fresh, 'SELECT kan_reveal_logged AS logged, reveal_rule AS rule, reveal_verdict AS verdict FROM kan_verdicts');
    expect(kans.length).toBeGreaterThan(100);
    for (const k of kans) expect(k.verdict).toBe(revealVerdict(k.logged as RevealMoment, k.rule as RevealMoment));
    expect(new Set(kans.map((k) => k.verdict))).toEqual(new Set(['conforms', 'differs', 'undecided', 'unrecorded']));
    // an untimed log showing an indicator the rule never turns over (logs/examples/majsoul-kakan-rinshan.json)
    expect(kans.some((k) => k.logged === 'unrecorded' && k.rule === 'never' && k.verdict === 'differs')).toBe(true);
    const counted = rows(fresh, `SELECT rule_set_id, kan_kind AS kind, count(*) AS kans,
        sum(reveal_verdict = 'conforms') AS conforming, sum(reveal_verdict = 'differs') AS differing,
        sum(reveal_verdict = 'undecided') AS undecided, sum(reveal_verdict = 'unrecorded') AS unrecorded
      FROM kan_verdicts GROUP BY rule_set_id, kan_kind ORDER BY 1, 2`);
    expect(rows(fresh, 'SELECT rule_set_id, kind, kans, conforming, differing, undecided, unrecorded FROM kandora_conformance ORDER BY 1, 2')).toEqual(counted);
    const timing = rows(fresh, 'SELECT reveal_logged AS logged, reveal_rule AS rule, verdict, conforms FROM kandora_timing');
    for (const t of timing) {
      expect(t.verdict).toBe(revealVerdict(t.logged as RevealMoment, t.rule as RevealMoment));
      expect(t.conforms).toBe(t.verdict === 'conforms' ? 1 : 0);
    }
  });

  it('a version-8 database of the same rows, migrated, equals the fresh one', () => {
    const old = databaseAsOf(fresh, 9);
    expect(shape(old)).not.toEqual(shape(fresh));
    openStore(old).close();
    expect(rows(old, 'SELECT user_version AS v FROM pragma_user_version')[0].v).toBe(SCHEMA_VERSION);
    expect(shape(old)).toEqual(shape(fresh));
    expect(content(old)).toEqual(content(fresh));
  });

  it('the migration states the verdict as revealVerdict does, for every pair of moments', () => {
    const old = databaseAsOf(fresh, 9);
    const db = new Database(old);
    const [key] = db.prepare('SELECT rule_set_id, game_id FROM audits LIMIT 1').all() as { rule_set_id: number; game_id: number }[];
    db.exec('DELETE FROM kan_verdicts');
    const insert = db.prepare(`INSERT INTO kan_verdicts (rule_set_id, game_id, hand, event_index, reveal_rule, kan_kind, kan_reveal_logged) VALUES (?, ?, ?, ?, ?, 'kakan', ?)`);
    let n = 0;
    for (const logged of MOMENTS) for (const rule of MOMENTS) insert.run(key.rule_set_id, key.game_id, 1, n++, rule, logged);
    db.close();
    openStore(old).close();
    const migrated = rows(old, 'SELECT kan_reveal_logged AS logged, reveal_rule AS rule, reveal_verdict AS verdict FROM kan_verdicts ORDER BY event_index');
    expect(migrated).toHaveLength(MOMENTS.length ** 2);
    for (const k of migrated) expect(k.verdict, `${String(k.logged)} against ${String(k.rule)}`).toBe(revealVerdict(k.logged as RevealMoment, k.rule as RevealMoment));
  });
});
