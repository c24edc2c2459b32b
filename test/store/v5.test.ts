/**
 * Schema version 5, one vocabulary (docs/vocabulary.md): `hands` keyed by a 1-based `hand`, `kyoku_name`,
 * `player_count`, `hand_count` and snake_case knob columns; and the migration of a real version-4 database
 * (test/store/audit-v4.sql is schemas/audit.sql as version 4 had it), compared row by row with a fresh audit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LEGALITY_KNOBS, SCORING_KNOBS } from '../../src/rules/index.js';
import { CATALOG, openStore, SCHEMA_VERSION } from '../../src/store/index.js';
import { AUDIT_TOTAL_COLUMNS, WIN_SCORE_COLUMNS } from '../../src/store/rows.js';
import { auditOf, readGames, tempDb } from './support.js';

const GAMES = ['2010081709gm-00a9-0000-fe3371ad.xml', '2011020414gm-00a9-0000-ef18f336.xml', '2009060321gm-00b9-0000-75b25bcf.xml'];

const V4_NAMES: Record<string, string> = {
  player_count: 'players', hand_count: 'round_count', kandora_timing: 'kandoraTiming', riichi_kan: 'riichiKan', okuri_kan: 'okuriKan',
  kokushi_ankan_chankan: 'kokushiAnkanChankan', fifth_kan: 'fifthKan', daiminkan_pao: 'daiminkanPao',
};

function tables(db: Database.Database): string[] {
  return db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
}

/**
 * What version 6 added, which a version-4 database cannot have held: the re-scored wins, the scoring knobs'
 * columns; version 7's audits totals over the re-scored wins (and version 11's sums of them in audit_groups);
 * version 9's legality knobs' columns. (Version 10's reveal verdicts are not written to the version-4
 * database either, but its migration computes them: they are compared.)
 */
const ADDED_IN_6: Record<string, ReadonlySet<string>> = {
  win_dora: new Set(WIN_SCORE_COLUMNS),
  rule_sets: new Set([...SCORING_KNOBS, ...LEGALITY_KNOBS].map((k) => k.name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()))),
  audits: new Set(AUDIT_TOTAL_COLUMNS),
  audit_groups: new Set(AUDIT_TOTAL_COLUMNS),
};
/** Version 12's columns (the rules each game declares, the findings' judged values): written by an audit, not by a migration. */
const since = (table: string, column: string): number => CATALOG.tables.find((t) => t.name === table)?.columns.find((c) => c.name === column)?.since ?? 0;
const addedIn6 = (table: string, column: string): boolean => (ADDED_IN_6[table]?.has(column) ?? false) || since(table, column) >= 12;

/** Every row of every table, in key order, without what version 6 added: what two databases with the same content share. */
function content(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    for (const t of tables(db)) {
      const columns = (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(t) as string[]).filter((c) => !addedIn6(t, c));
      const order = Array.from({ length: Math.min(columns.length, 4) }, (_, i) => i + 1).join(', ');
      out[t] = db.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${t}" ORDER BY ${order}`).raw().all();
    }
    return out;
  } finally {
    db.close();
  }
}

describe('schema 5 names', () => {
  it('keys hands 1-based everywhere, as the commands do; the viewer link counts from 0', () => {
    const file = tempDb();
    const store = openStore(file);
    store.writeBatch(readGames([GAMES[0]]).map((g) => auditOf(g)));
    store.close();
    const db = new Database(file, { readonly: true });
    const first = db.prepare('SELECT min(hand) AS lo, max(hand) AS hi, count(*) AS n FROM hands').get() as Record<string, number>;
    expect(first.lo).toBe(1);
    expect(first.hi).toBe(first.n);
    expect(db.prepare('SELECT hand_count FROM games').pluck().get()).toBe(first.n);
    // seat 2 robs seat 1's kakan in the fifth hand (ts=4 in the viewer)
    const w = db.prepare('SELECT hand, kyoku_name, viewer_url FROM chankan_wins').get() as Record<string, unknown>;
    expect(w).toMatchObject({ hand: 5, kyoku_name: 'East 3', viewer_url: expect.stringMatching(/&tw=2&ts=4$/) });
    const f = db.prepare(`SELECT hand, viewer_url FROM finding_list WHERE kind = 'chankan-win'`).get() as Record<string, unknown>;
    expect(f).toMatchObject({ hand: 5, viewer_url: expect.stringMatching(/&ts=4$/) });
    const knobs = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('rule_sets') as string[];
    expect(knobs.every((c) => c === c.toLowerCase())).toBe(true);
    db.close();
  });
});

describe('migrating a version-4 database', () => {
  it('gives, row for row, what a fresh audit gives (but what version 6 added)', () => {
    const fresh = tempDb();
    const store = openStore(fresh);
    store.writeBatch(readGames(GAMES).map((g) => auditOf(g)));
    store.close();

    // The same rows as version 4 had them: hands were rounds, keyed by a 0-based round.
    const old = tempDb();
    const v4 = new Database(old);
    v4.exec(readFileSync(join(import.meta.dirname, 'audit-v4.sql'), 'utf8'));
    v4.pragma('foreign_keys = OFF');
    const src = new Database(fresh, { readonly: true });
    for (const t of tables(src)) {
      // Closed lists, what version 8 added (kanshi infer's tables, empty here) and version 11 (audit_groups, which the migration fills).
      if (['finding_kinds', 'riichi_kan_reasons', 'yaku', 'tiles', 'inferences', 'inferred_knobs', 'audit_groups', 'game_rules'].includes(t)) continue;
      // Generated columns (kyoku_name) are not written, nor what version 6 added, nor version 10's reveal verdicts.
      const columns = (src.prepare('SELECT name, hidden FROM pragma_table_xinfo(?)').all(t) as { name: string; hidden: number }[])
        .filter((c) => c.hidden === 0 && !addedIn6(t, c.name) && !(t === 'kan_verdicts' && c.name === 'reveal_verdict'))
        .map((c) => c.name);
      const select = `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${t}"`;
      const target = t === 'hands' ? 'rounds' : t;
      const names = columns.map((c) => (c === 'hand' ? 'round' : (V4_NAMES[c] ?? c)));
      const insert = v4.prepare(`INSERT INTO "${target}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`);
      for (const row of src.prepare(select).raw().all() as unknown[][]) {
        insert.run(row.map((v, i) => (columns[i] === 'hand' && typeof v === 'number' ? v - 1 : v)));
      }
    }
    src.close();
    expect(v4.pragma('user_version', { simple: true })).toBe(4);
    v4.close();

    openStore(old).close();
    const migrated = new Database(old, { readonly: true });
    expect(migrated.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(migrated.pragma('foreign_key_check')).toEqual([]);
    const views = migrated.prepare(`SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name`).pluck().all() as string[];
    for (const v of views) migrated.prepare(`SELECT * FROM "${v}" LIMIT 1`).all();
    migrated.close();
    const freshDb = new Database(fresh, { readonly: true });
    const freshViews = freshDb.prepare(`SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name`).pluck().all();
    freshDb.close();
    expect(views).toEqual(freshViews);
    expect(content(old)).toEqual(content(fresh));
  });
});
