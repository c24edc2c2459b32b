/**
 * Schema version 7: each audit's totals over its wins (audits.wins … kan_han_wins_points), which the views
 * score_conformance and kan_scoring sum instead of reading every win. Over the corpus and the platform logs,
 * audited under two profiles:
 * - the views give the rows a straightforward computation from the stored win_dora JSON gives (SQLite's
 *   json functions over each win, written here, not the schema's);
 * - a version-6 database holding the same rows (test/store/audit-v6.sql is schemas/audit.sql as version 6
 *   had it, `git show 9e15fa5:schemas/audit.sql`), migrated, gives the same totals and view rows as the
 *   fresh version-7 one.
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { finding } from '../../src/audit/index.js';
import { resolveRules } from '../../src/rules/index.js';
import { openStore, SCHEMA_VERSION } from '../../src/store/index.js';
import { AUDIT_TOTAL_COLUMNS } from '../../src/store/rows.js';
import { auditOf, corpusAndPlatformsDb, readGames, rows, view, databaseAsOf } from './support.js';

/** The han of the first yaku `id` in a win's re-scored yaku JSON. */
const yakuHan = (id: number) =>
  `(SELECT json_extract(j.value, '$.han') FROM json_each(wd.yaku) j WHERE json_extract(j.value, '$.id') = ${id} ORDER BY j.key LIMIT 1)`;

/** kan_scoring computed from the wins' JSON, each source apart: what the view must give. */
const KAN_SCORING_FROM_JSON = `
WITH w AS (
  SELECT wd.rule_set_id, wd.han, wd.points,
         ${yakuHan(4)} AS rinshan, ${yakuHan(3)} AS chankan, ${yakuHan(27)} AS sankantsu,
         CASE WHEN EXISTS (SELECT 1 FROM json_each(wd.yakuman) j WHERE j.value = 51) THEN 1 END AS suukantsu,
         CASE WHEN wd.kandora > 0 AND json_array_length(wd.yakuman) = 0 THEN wd.kandora END AS kandora,
         CASE WHEN wd.kan_fu > 0 THEN wd.kan_fu END AS kan_fu,
         CASE WHEN wd.kan_han > 0 THEN wd.kan_han END AS kan_han
  FROM win_dora wd WHERE wd.valid = 1
),
valid AS (SELECT rule_set_id, count(*) AS n FROM w GROUP BY rule_set_id),
s AS (
  ${[
    ['rinshan kaihou', 'han', 'rinshan'], ['chankan', 'han', 'chankan'], ['sankantsu', 'han', 'sankantsu'], ['suukantsu', 'yakuman', 'suukantsu'],
    ['kandora', 'han', 'kandora'], ['kan fu', 'fu', 'kan_fu'], ['any han from kans', 'han', 'kan_han'],
  ].map(([source, unit, c]) => `SELECT rule_set_id, '${source}' AS source, '${unit}' AS unit, ${c} AS v, han, points FROM w WHERE ${c} IS NOT NULL`).join('\n  UNION ALL ')}
)
SELECT s.rule_set_id, r.rules_key, r.profile, s.source, s.unit, count(*) AS wins,
       round(1000.0 * count(*) / valid.n, 2) AS per_1000_wins, round(avg(s.v), 2) AS avg_brought,
       round(avg(s.han), 2) AS avg_han, CAST(round(avg(s.points)) AS INTEGER) AS avg_points
FROM s JOIN valid USING (rule_set_id) JOIN rule_sets r USING (rule_set_id)
GROUP BY s.rule_set_id, s.source
ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`;

/** score_conformance computed from the wins and findings: each component's count null when no win lists components. */
const SCORE_CONFORMANCE_FROM_ROWS = `
WITH t AS (
  SELECT w.rule_set_id, coalesce(g.platform, 'unknown') AS platform, count(DISTINCT w.game_id) AS games, count(*) AS wins,
         sum(w.valid IS NULL) AS not_rescored, sum(w.mismatches = 0) AS agreeing, sum(w.mismatches > 0) AS differing,
         ${['yaku', 'han', 'fu', 'points', 'limit', 'payment']
           .map((c) => `sum(CASE WHEN w.components IS NOT NULL THEN EXISTS (SELECT 1 FROM json_each('["' || replace(w.components, ',', '","') || '"]') WHERE value = '${c}') END) AS ${c}_differs`)
           .join(',\n         ')}
  FROM win_dora w JOIN games g ON g.game_id = w.game_id
  GROUP BY w.rule_set_id, coalesce(g.platform, 'unknown')
),
d AS (
  SELECT f.rule_set_id, coalesce(g.platform, 'unknown') AS platform, count(*) AS draws_differing
  FROM (SELECT DISTINCT rule_set_id, game_id, hand FROM findings f
        WHERE kind = 'score-mismatch' AND hand IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM win_dora w WHERE w.rule_set_id = f.rule_set_id AND w.game_id = f.game_id AND w.hand = f.hand AND w.event_index = f.event_index)) f
  JOIN games g ON g.game_id = f.game_id
  GROUP BY 1, 2
)
SELECT t.rule_set_id, r.rules_key, r.profile, t.platform, t.games, t.wins, t.not_rescored, t.agreeing, t.differing,
       round(100.0 * t.agreeing / nullif(t.wins - t.not_rescored, 0), 2) AS agreeing_pct,
       t.yaku_differs, t.han_differs, t.fu_differs, t.points_differs, t.limit_differs, t.payment_differs,
       coalesce(d.draws_differing, 0) AS draws_differing
FROM t JOIN rule_sets r USING (rule_set_id) LEFT JOIN d USING (rule_set_id, platform)
ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17`;

const CLOSED_LISTS = ['finding_kinds', 'riichi_kan_reasons', 'yaku', 'tiles'];


describe('schema 7: the audits totals behind score_conformance and kan_scoring', () => {
  let fresh: string;

  beforeAll(async () => {
    fresh = await corpusAndPlatformsDb();
    // No corpus game has a drawn hand whose payments differ: one made up, with a second finding at the same
    // hand (one hand), one at a win and one at no hand (neither a drawn hand).
    const [g] = readGames(['2010081709gm-00a9-0000-fe3371ad.xml']);
    const audit = auditOf(g, 'tenhou');
    const drawn = audit.replay!.hands.find((h) => h.ending.kind === 'ryuukyoku')!;
    const won = audit.replay!.hands.find((h) => h.wins.length > 0)!.wins[0];
    const mismatch = (hand: number | null, eventIndex: number | null) =>
      finding('score-mismatch', { hand, eventIndex }, 'made up by the test', { component: 'payment', logged: 1000, computed: 1500 });
    audit.findings.push(
      mismatch(drawn.hand, drawn.ending.eventIndex), mismatch(drawn.hand, null), mismatch(won.hand, won.eventIndex), mismatch(null, null),
    );
    // And a rule set of its own for one game whose wins all agree with the log: its components' counts are
    // null, as sums over its wins were.
    const agreeing = auditOf(g, { ...resolveRules({ profile: 'tenhou' }), riichiKan: 'strict' });
    const store = openStore(fresh);
    store.writeBatch([audit, agreeing]);
    store.close();
  }, 120_000);

  it('the views equal the same computed from each win’s JSON and the findings', () => {
    const kanScoring = view(fresh, 'kan_scoring');
    expect(new Set(kanScoring.map((r) => r.profile))).toEqual(new Set(['tenhou', 'mleague', null]));
    expect(kanScoring.filter((r) => r.profile === 'tenhou').map((r) => r.source).sort()).toEqual(
      ['any han from kans', 'chankan', 'kan fu', 'kandora', 'rinshan kaihou', 'sankantsu', 'suukantsu'],
    );
    expect(kanScoring).toEqual(rows(fresh, KAN_SCORING_FROM_JSON));
    const conformance = view(fresh, 'score_conformance');
    expect(conformance.length).toBeGreaterThanOrEqual(4);
    expect(conformance.some((r) => (r.draws_differing as number) === 1)).toBe(true);
    // a platform where no win differs: its components' counts are null, as sums over the wins were
    expect(conformance.some((r) => r.differing === 0 && r.yaku_differs === null)).toBe(true);
    expect(conformance).toEqual(rows(fresh, SCORE_CONFORMANCE_FROM_ROWS));
  });

  it('a version-6 database of the same rows, migrated, has the same totals and view rows', () => {
    const old = databaseAsOf(fresh, 6);
    openStore(old).close();
    expect(rows(old, 'SELECT user_version AS v FROM pragma_user_version')[0].v).toBe(SCHEMA_VERSION);
    const totals = `SELECT rule_set_id, game_id, ${AUDIT_TOTAL_COLUMNS.join(', ')} FROM audits ORDER BY rule_set_id, game_id`;
    const migrated = rows(old, totals);
    expect(migrated.some((r) => (r.rinshan_wins as number) > 0)).toBe(true);
    expect(migrated.filter((r) => (r.draws_differing as number) > 0)).toHaveLength(1);
    expect(migrated).toEqual(rows(fresh, totals));
    for (const name of ['kan_scoring', 'score_conformance']) expect(view(old, name)).toEqual(view(fresh, name));
  });
});
