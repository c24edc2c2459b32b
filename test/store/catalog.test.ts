/**
 * The catalog of stored facts (src/store/catalog.ts) is the one owner of the schema:
 * - schemas/audit.sql's tables and docs/database.md's column tables are what `npm run schema` writes from it;
 * - the catalog as of versions 3, 4, 6 and 8 gives the tables of the frozen fixtures of those versions
 *   (test/store/audit-v*.sql, schemas/audit.sql as each version had it), so each entry's version and former
 *   names are history, not guesses;
 * - a catalog grown by a version 12 (a column of wins and a total of games) changes none of the earlier
 *   steps, and upgrades the frozen v3, v4, v6 and v8 fixtures to what a new version-12 database has, its
 *   audit_groups adding up the new total from then on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, writtenColumns, type AnyColumn, type AnyTable, type Catalog } from '../../src/store/catalog.js';
import { schemaAsOf, tablesSql } from '../../src/store/ddl.js';
import { migrationsOf } from '../../src/store/migrations.js';
import { schemaOf } from '../../src/store/schema.js';
import { APPLICATION_ID, MIGRATIONS, openStore, SCHEMA_VERSION, schemaPath } from '../../src/store/index.js';
import type { WinRecord } from '../../src/replay/index.js';
import { databaseDocFile, schemaFileText } from '../../tools/schema/text.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { auditOf, readGames, rows, sampleFiles, tempDb } from './support.js';

const fixture = (version: number) => readFileSync(join(import.meta.dirname, `audit-v${version}.sql`), 'utf8');

/** Each table's columns (name, type, not null, default, key position, hidden), indexes and triggers of a database. */
function shape(db: Database.Database): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const objects = db.prepare(`SELECT type, name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index', 'trigger') AND name NOT LIKE 'sqlite_%' ORDER BY type, name`).all() as {
    type: string;
    name: string;
    tbl_name: string;
  }[];
  for (const o of objects) {
    if (o.type !== 'table') out[`${o.type} ${o.name}`] = o.tbl_name;
    else out[o.name] = db.prepare('SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid').all(o.name);
  }
  return out;
}

function shapeOfSql(sql: string, without: (name: string) => boolean = () => false): Record<string, unknown> {
  const db = new Database(':memory:');
  db.exec(sql);
  const s = shape(db);
  db.close();
  for (const k of Object.keys(s)) if (without(k)) delete s[k];
  return s;
}

/** The statistics indexes are the views' business (schemas/audit.sql after "-- Views"), not the catalog's. */
const STATISTICS_INDEX = /^index (wins_chankan|rounds_four_kans|hands_four_kans|kan_verdicts_timing|win_dora_kandora|riichi_kan_verdicts_by_reason)$/;

describe('the catalog writes the schema and its documentation', () => {
  it('schemas/audit.sql is what `npm run schema` writes from the catalog', () => {
    const file = readFileSync(schemaPath(), 'utf8');
    expect(schemaFileText(file) === file, 'schemas/audit.sql is out of date with src/store/catalog.ts: run npm run schema').toBe(true);
  });

  it("docs/database.md's column tables are what `npm run schema` writes from the catalog", () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'database.md'), 'utf8');
    expect(databaseDocFile(doc) === doc, 'docs/database.md is out of date with src/store/catalog.ts: run npm run schema').toBe(true);
    // every column is documented
    for (const t of CATALOG.tables) for (const c of t.columns) expect(doc, `${t.name}.${c.name}`).toContain(`| \`${c.name}\` |`);
  });

  it('a new database has the tables of schemas/audit.sql, and every column a row builder writes exists', () => {
    const file = tempDb();
    openStore(file).close();
    const db = new Database(file, { readonly: true });
    const made = shape(db);
    db.close();
    expect(made).toEqual(shapeOfSql(readFileSync(schemaPath(), 'utf8')));
    for (const t of CATALOG.tables) for (const c of writtenColumns(t)) expect(made[t.name], `${t.name}.${c.name}`).toContainEqual(expect.objectContaining({ name: c.name }));
  });

  it.each([3, 4, 6, 8])('the catalog as of version %i gives the tables of the frozen fixture of that version', (version) => {
    const statistics = (k: string) => STATISTICS_INDEX.test(k);
    expect(shapeOfSql(tablesSql(CATALOG, version))).toEqual(shapeOfSql(fixture(version), statistics));
  });

  it('a column added after its table was made can be added by ALTER TABLE (no key, a default where NOT NULL)', () => {
    for (const t of CATALOG.tables) {
      for (const c of t.columns.filter((x) => x.since > t.since)) {
        const type = c.added ?? c.type;
        expect(type, `${t.name}.${c.name}`).not.toMatch(/PRIMARY KEY|UNIQUE|GENERATED/);
        if (/NOT NULL/.test(type)) expect(type, `${t.name}.${c.name}`).toMatch(/DEFAULT/);
      }
    }
  });
});

// ---- version 12, played ----------------------------------------------------------------------------------

/** The catalog grown by a version: a column of wins (its winning tile's kind) and a total of games (its tsumo wins). */
function grown(): Catalog {
  const add = (t: AnyTable, c: AnyColumn): AnyTable => Object.freeze({ ...t, columns: Object.freeze([...t.columns, c]) });
  const winColumn: AnyColumn = Object.freeze({ name: 'winning_kind', type: 'INTEGER', since: 12, doc: 'the winning tile’s kind', value: (w: WinRecord) => w.winningTile >> 2 });
  const gameTotal: AnyColumn = Object.freeze({ name: 'tsumo_wins', type: 'INTEGER', since: 12, doc: 'wins by tsumo', value: () => 0, total: true });
  return Object.freeze({
    version: 12,
    tables: CATALOG.tables.map((t) =>
      t.name === 'wins' ? add(t, winColumn) : t.name === 'games' ? add(t, gameTotal) : t,
    ),
  });
}

/** The audit_groups rows computed from the audits and their games, the new total summed too. */
const GROUPED = `
SELECT a.rule_set_id, a.status, g.platform, g.format, g.player_count, g.lobby_level, count(*) AS games, total(coalesce(g.tsumo_wins, 0)) AS tsumo_wins,
       total(coalesce(g.completed_kans, 0)) AS completed_kans, total(a.wins) AS wins
FROM audits a JOIN games g USING (game_id) GROUP BY a.rule_set_id, a.status, g.platform, g.format, g.player_count, g.lobby_level, g.played_on, g.log_id, g.facts_digest`;
const GROUPS = `
SELECT rule_set_id, status, platform, format, player_count, lobby_level, sum(games) AS games, sum(tsumo_wins) AS tsumo_wins,
       sum(completed_kans) AS completed_kans, sum(wins) AS wins
FROM audit_groups GROUP BY rule_set_id, status, platform, format, player_count, lobby_level ORDER BY 1, 2, 3, 4, 5, 6`;
const regrouped = (file: string) =>
  rows(file, `SELECT rule_set_id, status, platform, format, player_count, lobby_level, sum(games) AS games, sum(tsumo_wins) AS tsumo_wins,
    sum(completed_kans) AS completed_kans, sum(wins) AS wins FROM (${GROUPED}) GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`);

describe('schema version 12, played on a copy of the catalog', () => {
  const catalog = grown();
  const schema = schemaOf(catalog);
  let fresh: string;

  beforeAll(() => {
    fresh = tempDb('fresh.sqlite');
    const store = openStore(fresh);
    store.writeBatch(readGames(sampleFiles().slice(0, 12)).map((g) => auditOf(g, 'tenhou')));
    store.close();
  });

  it('changes none of the steps to versions 2..11', () => {
    const steps = migrationsOf(catalog);
    expect(steps.slice(0, SCHEMA_VERSION - 1)).toEqual(MIGRATIONS);
    expect(steps.at(-1)!.to).toBe(12);
    expect(steps.at(-1)!.sql).toMatch(/ALTER TABLE wins ADD COLUMN winning_kind INTEGER;/);
    expect(steps.at(-1)!.sql).toMatch(/ALTER TABLE games ADD COLUMN tsumo_wins INTEGER;/);
    expect(steps.at(-1)!.sql).toMatch(/ALTER TABLE audit_groups ADD COLUMN tsumo_wins INTEGER NOT NULL DEFAULT 0;/);
  });

  it.each([3, 4, 6, 8])('upgrades the frozen version-%i fixture, with rows, to what a new version-12 database has', (version) => {
    const file = tempDb(`v${version}.sqlite`);
    const db = new Database(file);
    db.exec(fixture(version));
    if (version >= 5) {
      // The rows of a current database, every column the fixture has (audit_groups comes with version 11).
      db.pragma('foreign_keys = OFF');
      db.exec(`ATTACH DATABASE '${fresh.replaceAll("'", "''")}' AS src`);
      for (const t of db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'tiles'`).pluck().all() as string[]) {
        const columns = (db.prepare('SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0').pluck().all(t) as string[]).map((c) => `"${c}"`).join(', ');
        db.exec(`INSERT INTO main."${t}" (${columns}) SELECT ${columns} FROM src."${t}"`);
      }
      db.exec('DETACH DATABASE src');
    } else {
      db.exec(`INSERT INTO games (content_hash, log_id, file, format, platform, facts_digest) VALUES ('h', '2010081709gm-00a9-0000-fe3371ad', 'f.xml', 'xml', 'tenhou', 'facts-3')`);
    }
    db.close();
    openStore(file, { schema }).close();

    const made = tempDb('v12.sqlite');
    openStore(made, { schema }).close();
    const shapeOf = (f: string) => {
      const d = new Database(f, { readonly: true });
      const s = shape(d);
      d.close();
      // a column added by a step comes at the end of its table, where a new database may have it elsewhere, and
      // without the key clause a step cannot give (the fixtures' own history): compared by name, type and nullability
      for (const k of Object.keys(s)) {
        if (Array.isArray(s[k])) s[k] = (s[k] as { name: string; type: string; notnull: number }[]).map((c) => `${c.name} ${c.type} ${c.notnull}`).sort();
      }
      return s;
    };
    expect(shapeOf(file)).toEqual(shapeOf(made));
    expect(rows(file, 'SELECT user_version AS v FROM pragma_user_version')).toEqual([{ v: 12 }]);
    if (version >= 5) {
      expect(rows(file, GROUPS)).toEqual(regrouped(file));
      expect(rows(file, 'SELECT count(*) AS n FROM audit_groups')[0].n).toBeGreaterThan(0);
      // The triggers made again with the new sum: a game's total changed moves its audits' groups.
      const raw = new Database(file);
      raw.exec(`UPDATE games SET tsumo_wins = 3 WHERE game_id = (SELECT min(game_id) FROM audits)`);
      raw.close();
      expect(rows(file, 'SELECT sum(tsumo_wins) AS n FROM audit_groups')).toEqual([{ n: 3 }]);
      expect(rows(file, GROUPS)).toEqual(regrouped(file));
    }
  });

  it('makes its schema as of any version from the entries alone: version 11 of the grown catalog is version 11', () => {
    expect(shapeOfSql(schemaAsOf(catalog, 11, APPLICATION_ID))).toEqual(shapeOfSql(schemaAsOf(CATALOG, 11, APPLICATION_ID)));
    expect(schemaAsOf(catalog, 11, APPLICATION_ID)).toBe(schemaAsOf(CATALOG, 11, APPLICATION_ID));
  });
});
