/**
 * Schema version 11: audit_groups, the audits grouped by status and their games' platform, format, players,
 * lobby, year and facts version, with their totals summed; triggers keep it, and the statistics views read it.
 * - Over the corpus and the platform logs audited under two profiles (and a file that could not be read),
 *   each changed view gives the rows the same statistic counted here from the kans, hands, wins, aborts,
 *   verdicts and findings rows gives. (score_conformance and kan_scoring: test/store/v7.test.ts counts them
 *   from the wins' JSON, on the same views.)
 * - audit_groups equals `audits JOIN games` grouped, as this test groups them, after every kind of write:
 *   audits under two rule sets, the same audits again, a file that could not be read, a game's facts
 *   rewritten, audits changed and deleted by hand, a merge.
 * - A version-8 database of the same rows (test/store/audit-v8.sql is schemas/audit.sql as version 8 had it,
 *   `git show 46ad79e:schemas/audit.sql`), migrated, has the same groups and view rows, and the same table
 *   and triggers as a fresh one.
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEGALITY_KNOBS } from '../../src/rules/index.js';
import { mergeDatabases, openStore, SCHEMA_VERSION } from '../../src/store/index.js';
import { VERDICT_TABLE_NAMES } from '../../src/store/catalog.js';
import { AUDIT_TOTAL_COLUMNS, GAME_TOTAL_COLUMNS } from '../../src/store/rows.js';
import { auditOf, corpusAndPlatformsDb, readGames, rows, sampleFiles, tempDb, unreadableAudit, view, type Row, databaseAsOf } from './support.js';

const by = (n: number) => `ORDER BY ${Array.from({ length: n }, (_, i) => i + 1).join(', ')}`;
const OK = `ok AS (SELECT rule_set_id, game_id FROM audits WHERE status = 'ok')`;
/** `SELECT …` of one count over the rule set's ok games, joined by `o` to a table of facts. */
const perRuleSet = (from: string, what: string) => `(SELECT ${what} FROM ok o JOIN ${from} ON x.game_id = o.game_id WHERE o.rule_set_id = ok.rule_set_id`;

const KAN_STATS_FROM_ROWS = `
WITH k AS (
  SELECT game_id, sum(robbed = 0) AS kans, sum(robbed = 0 AND kind = 'ankan') AS ankan, sum(robbed = 0 AND kind = 'daiminkan') AS daiminkan,
         sum(robbed = 0 AND kind = 'kakan') AS kakan, sum(robbed) AS robbed
  FROM kans GROUP BY game_id
), x AS (
  SELECT a.rule_set_id, g.player_count, g.lobby_level, count(*) AS games, total(k.kans) AS kans, total(k.ankan) AS ankan,
         total(k.daiminkan) AS daiminkan, total(k.kakan) AS kakan, total(k.robbed) AS robbed
  FROM audits a JOIN games g ON g.game_id = a.game_id LEFT JOIN k ON k.game_id = a.game_id
  WHERE a.status = 'ok' GROUP BY 1, 2, 3
)
SELECT x.rule_set_id, r.rules_key, r.profile, x.player_count, x.lobby_level, x.games, x.kans, x.ankan, x.daiminkan, x.kakan, x.robbed,
       round(x.kans / x.games, 3) AS kans_per_game, round(x.ankan / x.games, 3) AS ankan_per_game,
       round(x.daiminkan / x.games, 3) AS daiminkan_per_game, round(x.kakan / x.games, 3) AS kakan_per_game
FROM x JOIN rule_sets r USING (rule_set_id) ${by(15)}`;

/** Kita: the rinshan wins in hands with a kita and no kan whose replacement won (as the games' totals define it). */
const RINSHAN_STATS_FROM_ROWS = `
WITH ${OK},
kan AS (
  SELECT ok.rule_set_id, k.kind, count(*) AS kans, total(k.replacement_tile IS NOT NULL) AS replacement_draws, total(k.rinshan_win) AS rinshan_wins
  FROM ok JOIN kans k ON k.game_id = ok.game_id WHERE k.robbed = 0 GROUP BY 1, 2
),
kita AS (
  SELECT ok.rule_set_id, 'kita' AS kind, total(h.kita) AS kans, total(h.kita_replacements) AS replacement_draws,
         ${perRuleSet('wins x', 'count(*)')} AND x.rinshan = 1
           AND EXISTS (SELECT 1 FROM hands h2 WHERE h2.game_id = x.game_id AND h2.hand = x.hand AND h2.kita > 0)
           AND NOT EXISTS (SELECT 1 FROM kans k WHERE k.game_id = x.game_id AND k.hand = x.hand AND k.rinshan_win = 1)) AS rinshan_wins
  FROM ok JOIN hands h ON h.game_id = ok.game_id GROUP BY 1
),
u AS (SELECT * FROM kan UNION ALL SELECT * FROM kita)
SELECT u.rule_set_id, r.rules_key, r.profile, u.kind, u.kans, u.replacement_draws, u.rinshan_wins,
       round(100.0 * u.rinshan_wins / nullif(u.replacement_draws, 0), 2) AS rinshan_win_pct
FROM u JOIN rule_sets r USING (rule_set_id) WHERE u.kans > 0 ${by(8)}`;

const RIICHI_KAN_FREQUENCY_FROM_ROWS = `
WITH ${OK},
g AS (
  SELECT ok.rule_set_id, count(*) AS games, ${perRuleSet('hands x', 'total(x.riichi)')}) AS riichi,
         ${perRuleSet('kans x', 'count(*)')} AND x.in_riichi = 1) AS riichi_kans
  FROM ok GROUP BY 1
),
v AS (SELECT rule_set_id, total(legal = 1) AS legal, total(legal = 0) AS illegal, total(legal IS NULL) AS not_judged FROM riichi_kan_verdicts GROUP BY 1)
SELECT g.rule_set_id, r.rules_key, r.profile, g.games, g.riichi AS riichi_declarations, g.riichi_kans,
       round(100.0 * g.riichi_kans / g.games, 2) AS per_100_games, round(100.0 * g.riichi_kans / nullif(g.riichi, 0), 2) AS per_100_riichi,
       coalesce(v.legal, 0) AS legal, coalesce(v.illegal, 0) AS illegal, coalesce(v.not_judged, 0) AS not_judged
FROM g JOIN rule_sets r USING (rule_set_id) LEFT JOIN v USING (rule_set_id) ${by(11)}`;

const CHANKAN_SUUKAIKAN_FROM_ROWS = `
WITH ${OK},
c AS (
  SELECT ok.rule_set_id, count(*) AS games, ${perRuleSet('hands x', 'count(*)')}) AS hands,
         ${perRuleSet('wins x', 'total(x.chankan)')}) AS chankan_wins, ${perRuleSet('wins x', 'total(x.chankan_on_ankan)')}) AS chankan_on_ankan,
         ${perRuleSet('hands x', 'count(*)')} AND x.kans >= 4) AS four_kan_hands,
         ${perRuleSet('hands x', 'total(x.kan_players = 1)')} AND x.kans >= 4) AS four_kans_one_player,
         ${perRuleSet('aborts x', 'count(*)')} AND x.reason = 'suukaikan') AS suukaikan_aborts
  FROM ok GROUP BY 1
)
SELECT c.rule_set_id, r.rules_key, r.profile, r.suukaikan, r.fifth_kan, r.kokushi_ankan_chankan, c.games, c.hands, c.chankan_wins,
       c.chankan_on_ankan, round(1000.0 * (c.chankan_wins + c.chankan_on_ankan) / c.games, 2) AS chankan_per_1000_games,
       c.four_kan_hands, c.four_kans_one_player, c.suukaikan_aborts, round(1000.0 * c.suukaikan_aborts / c.games, 2) AS suukaikan_per_1000_games
FROM c JOIN rule_sets r USING (rule_set_id) ${by(15)}`;

/** rule_set_summary's counts: the audits, and the findings rows by severity. */
const RULE_SET_COUNTS_FROM_ROWS = `
SELECT r.rule_set_id, count(a.game_id) AS games, total(a.status = 'ok') AS games_read, total(a.status <> 'ok') AS games_failed,
       ${['error', 'warning', 'info'].map((s) => `(SELECT count(*) FROM findings f WHERE f.rule_set_id = r.rule_set_id AND f.severity = '${s}') AS ${s}s`).join(', ')}
FROM rule_sets r LEFT JOIN audits a ON a.rule_set_id = r.rule_set_id GROUP BY r.rule_set_id ORDER BY 1`;
const RULE_SET_COUNTS = 'SELECT rule_set_id, games, games_read, games_failed, errors, warnings, infos FROM rule_set_summary ORDER BY 1';

/** The groups as this test makes them: every audit joined to its game, grouped, its totals summed. */
const YEAR = "coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END)";
const SUMS = [
  'count(*) AS games', 'total(a.wins > 0) AS games_with_wins', 'total(g.hand_count) AS hand_count',
  ...GAME_TOTAL_COLUMNS.map((c) => `total(g.${c}) AS ${c}`),
  ...['errors', 'warnings', 'infos', ...AUDIT_TOTAL_COLUMNS].map((c) => `total(a.${c}) AS ${c}`),
];
const GROUPS_FROM_AUDITS = `
SELECT a.rule_set_id, a.status, g.platform, g.format, g.player_count, g.lobby_level, ${YEAR} AS year, g.facts_digest, ${SUMS.join(', ')}
FROM audits a JOIN games g ON g.game_id = a.game_id
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ${by(8)}`;
const GROUPS = `
SELECT rule_set_id, status, platform, format, player_count, lobby_level, year, facts_digest, ${SUMS.map((s) => s.split(' AS ')[1]).join(', ')}
FROM audit_groups ${by(8)}`;

function expectGroupsOf(file: string): void {
  const groups = rows(file, GROUPS);
  expect(groups).toEqual(rows(file, GROUPS_FROM_AUDITS));
  expect(groups.every((g) => (g.games as number) > 0)).toBe(true);
}

const LEGALITY_COLUMNS = new Set(LEGALITY_KNOBS.map((k) => k.name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())));

const CHANGED_VIEWS = ['kan_stats', 'rinshan_stats', 'riichi_kan_frequency', 'chankan_suukaikan_stats', 'rule_set_summary', 'score_conformance', 'kan_scoring'];


const GROUP_SCHEMA = `SELECT type, name, sql FROM sqlite_schema WHERE name = 'audit_groups' OR (type = 'trigger' AND name GLOB 'audit_groups_*') ORDER BY name`;

describe('schema 11: audit_groups behind the statistics views', () => {
  let fresh: string;

  beforeAll(async () => {
    fresh = await corpusAndPlatformsDb();
    const store = openStore(fresh);
    store.writeBatch([unreadableAudit('not-a-log.xml', 'f'.repeat(64))]);
    store.close();
  }, 120_000);

  it('each view equals the same counted from the kans, hands, wins, aborts, verdicts and findings rows', () => {
    const kanStats = view(fresh, 'kan_stats');
    expect(new Set(kanStats.map((r) => r.player_count))).toEqual(new Set([3, 4]));
    expect(kanStats).toEqual(rows(fresh, KAN_STATS_FROM_ROWS));
    const rinshan = view(fresh, 'rinshan_stats');
    expect(rinshan.map((r) => r.kind)).toContain('kita');
    expect(rinshan).toEqual(rows(fresh, RINSHAN_STATS_FROM_ROWS));
    expect(view(fresh, 'riichi_kan_frequency')).toEqual(rows(fresh, RIICHI_KAN_FREQUENCY_FROM_ROWS));
    const chankan = view(fresh, 'chankan_suukaikan_stats');
    expect(chankan.every((r) => (r.chankan_wins as number) > 0 && (r.suukaikan_aborts as number) > 0)).toBe(true);
    expect(chankan).toEqual(rows(fresh, CHANKAN_SUUKAIKAN_FROM_ROWS));
    const counts = rows(fresh, RULE_SET_COUNTS);
    expect(counts.some((r) => (r.games_failed as number) > 0)).toBe(true);
    expect(counts).toEqual(rows(fresh, RULE_SET_COUNTS_FROM_ROWS));
    expectGroupsOf(fresh);
  });

  it('audit_groups equals the audits joined to their games, grouped, after every kind of write', () => {
    const games = readGames(sampleFiles().slice(0, 40));
    const file = tempDb();
    const store = openStore(file);
    store.writeBatch([...games.map((g) => auditOf(g, 'tenhou')), unreadableAudit('not-a-log.xml', 'e'.repeat(64))]);
    expectGroupsOf(file);
    store.writeBatch(games.slice(0, 20).map((g) => auditOf(g, 'mleague')));
    expectGroupsOf(file);
    // the same audits again: each audit deleted and written anew
    store.writeBatch(games.slice(10, 30).map((g) => auditOf(g, 'tenhou')));
    expectGroupsOf(file);
    const raw = new Database(file);
    const ids = raw.prepare('SELECT game_id FROM games WHERE format IS NOT NULL ORDER BY game_id LIMIT 5').pluck().all() as number[];
    // a game's row changed: its audits move to their new groups
    raw.prepare(`UPDATE games SET facts_digest = 'facts-0', lobby_level = 'ippan' WHERE game_id IN (${ids.join(', ')})`).run();
    expectGroupsOf(file);
    // older facts: written again, the game's verdicts under every rule set go, and this rule set's come back
    store.writeBatch(readGames(sampleFiles().slice(0, 5)).map((g) => auditOf(g, 'tenhou')));
    expectGroupsOf(file);
    // audits changed and deleted by hand
    raw.prepare(`UPDATE audits SET status = 'audit-error', errors = errors + 1, wins = 0 WHERE game_id = ?`).run(ids[1]);
    expectGroupsOf(file);
    raw.transaction(() => {
      for (const t of [...VERDICT_TABLE_NAMES].reverse()) raw.prepare(`DELETE FROM ${t} WHERE game_id >= ?`).run(ids[4]);
    })();
    expectGroupsOf(file);
    raw.close();
    store.close();
    // a merge: the target's groups are its audits', whichever input they came from
    const other = tempDb();
    const second = openStore(other);
    second.writeBatch(readGames(sampleFiles().slice(30, 60)).map((g) => auditOf(g, 'mleague')));
    second.close();
    const into = tempDb();
    mergeDatabases(into, [file, other]);
    expectGroupsOf(into);
    expect(rows(into, GROUPS).reduce((n, g) => n + (g.games as number), 0)).toBe(rows(into, 'SELECT count(*) AS n FROM audits')[0].n);
  });

  it('a version-8 database of the same rows, migrated, has the same groups, view rows, table and triggers', () => {
    const old = databaseAsOf(fresh, 8);
    openStore(old).close();
    expect(rows(old, 'SELECT user_version AS v FROM pragma_user_version')[0].v).toBe(SCHEMA_VERSION);
    expect(rows(old, GROUP_SCHEMA)).toEqual(rows(fresh, GROUP_SCHEMA));
    expect(rows(old, GROUP_SCHEMA).filter((r) => r.type === 'trigger')).toHaveLength(4);
    expect(rows(old, GROUPS)).toEqual(rows(fresh, GROUPS));
    // Version 9's legality knobs are null for a rule set audited before them (docs/database.md): left out here.
    const withoutLegality = (r: Row[]) => r.map((row) => Object.fromEntries(Object.entries(row).filter(([c]) => !LEGALITY_COLUMNS.has(c))));
    for (const name of CHANGED_VIEWS) expect(withoutLegality(view(old, name)), name).toEqual(withoutLegality(view(fresh, name)));
  });
});
