/**
 * The catalog as text for people: the tables' part of schemas/audit.sql (the DDL with each column's doc) and
 * the column tables of docs/database.md. `npm run schema` writes both; test/store/catalog.test.ts checks
 * that they are what the catalog says.
 */
import { auditGroupColumns, CATALOG, tablesSql, type Catalog } from '../../src/store/index.js';

/** The comment at the top of schemas/audit.sql. */
const SCHEMA_HEADER = `-- kanshi audit database: the DDL of the current schema version.
--
-- The tables below are written from the catalog of stored facts (src/store/catalog.ts) by \`npm run schema\`:
-- change them there, not here (test/store/catalog.test.ts checks this file against it). The views and the
-- statistics indexes after the "-- Views" line are written here by hand; src/store reads them at run time.
--
-- Two kinds of rows:
--   facts     what a log says and what the replay saw in it, whatever the rules: games, players, hands,
--             kans, reveals, wins, aborts. Keyed by the game (games.content_hash, the SHA-256 of the file),
--             so the same file audited twice, or under several rule sets, is one game.
--   verdicts  what a rule set makes of a game: audits, kan_verdicts, riichi_kan_verdicts, win_dora,
--             findings. Keyed by (rule_set_id, game_id), so audits under different rules stay apart.
-- Writing a game again replaces its rows (delete, then insert, in one transaction per batch): re-running an
-- audit leaves every row count unchanged.
--
-- Tiles are stored as Tenhou ids 0..135 (kind = id / 4; 16, 52 and 88 are the red fives); the \`tiles\`
-- table names them. Lists of tiles are JSON arrays of ids. Booleans are 0/1. Seats are 0..3; \`hand\` is the
-- position of the hand in the game, 1-based (as in every command and JSON output; docs/vocabulary.md), and
-- kyoku what the game calls it (0 = East 1); event indexes count the hand's events from its start (0).
-- Names are snake_case. A plural column is a count (kans, riichis); the things themselves are rows of a
-- table (kans) or, for tiles and yaku, JSON arrays in columns that say so (\`kanshi query --format json\`
-- nests them).
--
-- Viewer links (\`viewer_url\` in the views): https://tenhou.net/0/?log=LOG_ID&tw=SEAT&ts=HAND-1, where tw is the
-- seat the viewer sits at (the player concerned; 0 when none) and ts the hand counted from 0 (hand - 1;
-- left out for a whole game). NULL when the game has no Tenhou log id (games.log_id NULL, or a platform other
-- than tenhou: Mahjong Soul and mjai log ids mean nothing to Tenhou's viewer), and when the log id is not one
-- in shape (31 or 32 of 0-9, a-z and '-': a crafted ref could otherwise add its own parameters to the link).
-- src/events/viewer.ts writes the same links for the command line.
--
-- Changing the schema: add the entries to the catalog with the next version (src/store/catalog.ts), raise
-- CATALOG.version, and run \`npm run schema\`.`;

/** schemas/audit.sql as the catalog and the file's own views make it: the header, the tables, then `views` (from its "-- Views" line). */
export function schemaFileText(views: string, catalog: Catalog = CATALOG): string {
  const start = views.indexOf('-- Views ');
  if (start < 0) throw new Error('the views part has no "-- Views" line');
  const rest = views.slice(start).replace(/^PRAGMA user_version = \d+;$/m, `PRAGMA user_version = ${catalog.version};`);
  return `${SCHEMA_HEADER}\n\n${tablesSql(catalog, catalog.version)}\n\n${rest}`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** docs/database.md's column tables: each table's doc and one row per column (type, version, meaning). */
export function databaseDocText(catalog: Catalog = CATALOG): string {
  const parts: string[] = [];
  const table = (name: string, since: number, doc: string, rows: { name: string; type: string; since: number; doc: string }[]) => {
    parts.push(`### \`${name}\`${since > 1 ? ` (version ${since})` : ''}\n\n${doc}\n\n| column | type | version | meaning |\n|---|---|---|---|\n` +
      rows.map((c) => `| \`${c.name}\` | ${cell(c.type.split('\n')[0].replace(/ GENERATED.*/, ' (generated)'))} | ${c.since} | ${cell(c.doc)} |`).join('\n'));
  };
  for (const t of catalog.tables) {
    table(t.name, t.since, t.doc, t.columns.map((c) => ({ name: c.name, type: c.type, since: c.since, doc: c.doc })));
    if (t.name === 'audits') {
      const groups = auditGroupColumns(catalog.tables);
      const rows = [
        { name: 'rule_set_id', type: 'INTEGER NOT NULL', since: 11, doc: 'the rule set' },
        { name: 'group_key', type: 'TEXT NOT NULL', since: 11, doc: "json_array of the key's columns (NULLs included): one row per value" },
        ...groups.map((c) => ({ name: c.name, type: c.type, since: c.since, doc: `${c.role === 'key' ? 'key: ' : ''}${c.doc}` })),
      ];
      table('audit_groups', 11, 'The audits of each rule set grouped, with their totals summed, kept by four triggers on audits and games (below).', rows);
    }
  }
  return parts.join('\n\n');
}

export const DOC_BEGIN = '<!-- catalog: written by `npm run schema` from src/store/catalog.ts; edit the catalog, not this -->';
export const DOC_END = '<!-- /catalog -->';

/** docs/database.md with its part between the markers written anew. */
export function databaseDocFile(doc: string, catalog: Catalog = CATALOG): string {
  const a = doc.indexOf(DOC_BEGIN);
  const b = doc.indexOf(DOC_END);
  if (a < 0 || b < a) throw new Error(`docs/database.md has no ${DOC_BEGIN} … ${DOC_END} part`);
  return `${doc.slice(0, a + DOC_BEGIN.length)}\n\n${databaseDocText(catalog)}\n\n${doc.slice(b)}`;
}
