/**
 * The steps from every older schema version to the catalog's. A step is what the catalog's entries of its
 * version add (ddl.ts `addedSql`: tables made, columns added at the end of their tables, audit_groups and its
 * triggers), with what the catalog cannot say written here once, as frozen text: renames, and the values of
 * rows already stored. A step never reads a live list (a column list that grows with later versions), so
 * its SQL is the same whatever versions come after it.
 *
 * A new version: its entries in catalog.ts, and here its step's own SQL only if the rows stored need
 * values the new columns cannot wait for. Where filling a column would restate the replay's logic in SQL,
 * raise FACTS_VERSION (writer.ts) instead, and the next audit of each game writes its rows again.
 */
import { YAKU, YAKUMAN } from '../events/index.js';
import { CATALOG, type Catalog } from './catalog.js';
import { addedSql, fillAuditGroupsSql } from './ddl.js';

/** One step from version `to - 1` to `to`; runs inside the transaction that also sets user_version. */
export interface Migration {
  to: number;
  description: string;
  sql: string;
}

/** A step's own SQL, around what its catalog entries add. */
interface StepText {
  description: string;
  /** Before the entries are added (renames, rows changed in place). */
  before?: string;
  /** After (rows given values from the rows stored). */
  after?: (catalog: Catalog) => string;
}

/** The tables keyed by a hand of a game (version 5 renamed their `round` to `hand`). */
const HAND_TABLES = ['hands', 'kans', 'reveals', 'wins', 'riichi_declarations', 'aborts', 'kan_verdicts', 'riichi_kan_verdicts', 'win_dora', 'findings'];

const STEPS: Readonly<Record<number, StepText>> = {
  2: { description: 'riichi_kan_reasons; kandora_conformance counts unrecorded reveal moments apart' },
  3: {
    description: 'games.platform; the daiminkanPao knob (existing rule sets had its value none)',
    after: () => `UPDATE rule_sets SET rules_key = rules_key || ';daiminkanPao=none';`,
  },
  4: {
    description:
      'played_on, win value and dora by source, riichi_declarations, yaku, win_dora by indicator, win_list, finding_list, viewer links; statistics views without per-game subqueries',
    // The values of the new columns for games already stored come when the games are audited again:
    // FACTS_VERSION (facts-6) makes a resumed audit redo them. Only played_on (from the log id) and the games'
    // totals and kan verdicts' kan columns (from the rows stored) are filled here, since the rest needs the log.
    after: () => `
UPDATE games SET played_on = substr(log_id, 1, 4) || '-' || substr(log_id, 5, 2) || '-' || substr(log_id, 7, 2),
                 played_at_hour = CAST(substr(log_id, 9, 2) AS INTEGER)
  WHERE log_id GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]gm-*'
    AND date(substr(log_id, 1, 4) || '-' || substr(log_id, 5, 2) || '-' || substr(log_id, 7, 2)) IS NOT NULL;
${gameTotalsSql('rounds', 'round')}
UPDATE kan_verdicts SET (kan_kind, kan_reveal_logged) = (
  SELECT k.kind, k.reveal_logged FROM kans k
  WHERE k.game_id = kan_verdicts.game_id AND k.round = kan_verdicts.round AND k.event_index = kan_verdicts.event_index);`,
  },
  5: {
    description:
      'one vocabulary: hands (was rounds) and hand, 1-based (was round, 0-based), kyoku_name, player_count, hand_count, snake_case knob columns',
    // Keys are shifted in two steps (to -hand - 1, then back to positive) so that no row meets another's
    // key on the way; the keys between the tables are checked at commit (defer_foreign_keys).
    before: `
PRAGMA defer_foreign_keys = ON;
DROP INDEX IF EXISTS wins_chankan;
DROP INDEX IF EXISTS rounds_four_kans;
DROP INDEX IF EXISTS kan_verdicts_timing;
DROP INDEX IF EXISTS win_dora_kandora;
ALTER TABLE rounds RENAME TO hands;
ALTER TABLE hands RENAME COLUMN hand TO kyoku_name;
${HAND_TABLES.map((t) => `ALTER TABLE ${t} RENAME COLUMN round TO hand;
UPDATE ${t} SET hand = -hand - 1 WHERE hand IS NOT NULL;
UPDATE ${t} SET hand = -hand WHERE hand IS NOT NULL;`).join('\n')}
ALTER TABLE games RENAME COLUMN players TO player_count;
ALTER TABLE games RENAME COLUMN round_count TO hand_count;
ALTER TABLE rule_sets RENAME COLUMN kandoraTiming TO kandora_timing;
ALTER TABLE rule_sets RENAME COLUMN riichiKan TO riichi_kan;
ALTER TABLE rule_sets RENAME COLUMN okuriKan TO okuri_kan;
ALTER TABLE rule_sets RENAME COLUMN kokushiAnkanChankan TO kokushi_ankan_chankan;
ALTER TABLE rule_sets RENAME COLUMN fifthKan TO fifth_kan;
ALTER TABLE rule_sets RENAME COLUMN daiminkanPao TO daiminkan_pao;`,
  },
  6: {
    description:
      'formats named as src/formats names them (mjlog, tenhou6, mjai); the inconsistency of a hand without an ending is hand-without-ending; ' +
      "the scoring knobs' columns in rule_sets; each win re-scored in win_dora's new columns (the view win_scores)",
    before: `
UPDATE games SET format = CASE format WHEN 'xml' THEN 'mjlog' WHEN 'json' THEN 'tenhou6' ELSE format END WHERE format IN ('xml', 'json');
UPDATE findings SET details = replace(details, '"what":"round-without-ending"', '"what":"hand-without-ending"')
  WHERE kind = 'replay-inconsistency' AND details LIKE '%"what":"round-without-ending"%';`,
  },
  7: {
    description: "the audits' totals over their wins (audits.wins … kan_han_wins_points): score_conformance and kan_scoring sum them",
    // Computed once from the win_dora rows and findings stored (values.ts addWinTotals counts the same from
    // the replay); the views read one audits row per game from then on.
    after: () => auditTotalsSql(),
  },
  8: { description: 'inferences and inferred_knobs: what kanshi infer --db found the logs say the rules are' },
  9: {
    // finding_kinds is filled from src/audit each time the file is opened for writing: the family with it.
    description: "the legality knobs' columns in rule_sets (multiple_ron … riichi_under_thousand), null for the rule sets audited before; finding_kinds.family",
  },
  10: {
    description: "kan_verdicts.reveal_verdict: the replay's verdict on each kan's logged reveal moment against the rule's, which kandora_timing and kandora_conformance count",
    // The one place SQL states the verdict (src/replay/timing.ts revealVerdict decides it for every row
    // written): for the rows stored, from their logged and rule moments. The index of the timing views
    // gains the column, so the old one goes and the views' section makes it again.
    after: () => `
UPDATE kan_verdicts SET reveal_verdict = CASE
    WHEN kan_reveal_logged IS NULL OR reveal_rule IS NULL THEN NULL
    WHEN kan_reveal_logged = 'unrecorded' THEN CASE WHEN reveal_rule = 'never' THEN 'differs' ELSE 'unrecorded' END
    WHEN kan_reveal_logged = 'unknown' OR reveal_rule = 'unknown' THEN 'undecided'
    WHEN kan_reveal_logged = reveal_rule THEN 'conforms'
    ELSE 'differs'
  END;
DROP INDEX IF EXISTS kan_verdicts_timing;`,
  },
  11: {
    description: 'audit_groups: the audits grouped by what the statistics group them by, with their totals, kept by triggers',
    // Filled once from every audit and its game (as of version 11: the sums of later totals come with them).
    after: (catalog) => fillAuditGroupsSql(catalog, 11),
  },
};

/** The steps from version 2 to the catalog's version: each its own SQL around what its entries add. */
export function migrationsOf(catalog: Catalog, own: Readonly<Record<number, StepText>> = STEPS): Migration[] {
  const steps: Migration[] = [];
  for (let to = 2; to <= catalog.version; to++) {
    const text = own[to];
    const added = addedSql(catalog, to);
    if (!text && !added) throw new Error(`schema version ${to} adds nothing to the catalog and has no SQL of its own`);
    const sql = [text?.before, added, text?.after?.(catalog)].filter((s) => s && s.trim()).join('\n');
    steps.push({ to, description: text?.description ?? `the catalog's entries of version ${to}`, sql });
  }
  return steps;
}

/** The steps from every older version to the current one. */
export const MIGRATIONS: readonly Migration[] = Object.freeze(migrationsOf(CATALOG));

/**
 * The audits' totals (audits.wins … kan_han_wins_points) computed from the win_dora and findings rows
 * stored, as version 7 had them: the step to version 7 fills them so; values.ts addWinTotals counts the same
 * from the replay. The kan sources read the re-scored yaku JSON as kan_scoring did before version 7: the
 * first `{"id":N,"han":` entry's han.
 */
export function auditTotalsSql(): string {
  const yakuHan = (id: number) => {
    const key = `'{"id":${id},"han":'`;
    return `CASE WHEN instr(w.yaku, ${key}) > 0 THEN CAST(substr(w.yaku, instr(w.yaku, ${key}) + ${key.length - 2}) AS INTEGER) END`;
  };
  const sources: [string, string][] = [
    ['rinshan', yakuHan(YAKU.rinshanKaihou)],
    ['chankan', yakuHan(YAKU.chankan)],
    ['sankantsu', yakuHan(YAKU.sankantsu)],
    ['suukantsu', `CASE WHEN instr(',' || substr(w.yakuman, 2, length(w.yakuman) - 2) || ',', ',${YAKUMAN.suukantsu},') > 0 THEN 1 END`],
    ['kandora', `CASE WHEN w.kandora > 0 AND w.yakuman = '[]' THEN w.kandora END`],
    ['kan_fu', `CASE WHEN w.kan_fu > 0 THEN w.kan_fu END`],
    ['kan_han', `CASE WHEN w.kan_han > 0 THEN w.kan_han END`],
  ];
  const has = (c: string) => `instr(',' || w.components || ',', ',${c},') > 0`;
  const wins = [
    ['wins', 'count(*)'],
    ['wins_not_rescored', 'total(w.valid IS NULL)'],
    ['wins_agreeing', 'total(w.mismatches = 0)'],
    ['wins_differing', 'total(w.mismatches > 0)'],
    ...['yaku', 'han', 'fu', 'points', 'limit', 'payment'].map((c) => [`wins_${c}_differ`, `total(${has(c)})`]),
    ['valid_wins', 'total(w.valid = 1)'],
  ];
  // Each source's value on a valid win, or null; the totals count and sum those not null.
  const valid = (e: string) => `CASE WHEN w.valid = 1 THEN ${e} END`;
  for (const [name, e] of sources) {
    wins.push([`${name}_wins`, `count(${valid(e)})`]);
    wins.push([`${name}_brought`, `total(${valid(e)})`]);
    wins.push([`${name}_wins_han`, `total(CASE WHEN ${valid(e)} IS NOT NULL THEN w.han END)`]);
    wins.push([`${name}_wins_points`, `total(CASE WHEN ${valid(e)} IS NOT NULL THEN w.points END)`]);
  }
  return `
UPDATE audits SET (${wins.map(([c]) => c).join(', ')}) = (
  SELECT ${wins.map(([, e]) => `CAST(${e} AS INTEGER)`).join(',\n         ')}
  FROM win_dora w WHERE w.rule_set_id = audits.rule_set_id AND w.game_id = audits.game_id)
WHERE EXISTS (SELECT 1 FROM win_dora w WHERE w.rule_set_id = audits.rule_set_id AND w.game_id = audits.game_id);
UPDATE audits SET draws_differing = (
  SELECT count(DISTINCT f.hand) FROM findings f
  WHERE f.rule_set_id = audits.rule_set_id AND f.game_id = audits.game_id AND f.kind = 'score-mismatch'
    AND NOT EXISTS (SELECT 1 FROM win_dora w WHERE w.rule_set_id = f.rule_set_id AND w.game_id = f.game_id AND w.hand = f.hand AND w.event_index = f.event_index))
WHERE EXISTS (SELECT 1 FROM findings f WHERE f.rule_set_id = audits.rule_set_id AND f.game_id = audits.game_id AND f.kind = 'score-mismatch');`;
}

/**
 * The games' totals (games.completed_kans … kans_in_riichi) computed from the kans, hands and wins rows
 * stored, as version 4 had them (its tables were `rounds` keyed by `round`): the step to version 4 fills
 * them so; values.ts gameTotals counts the same from the replay.
 */
export function gameTotalsSql(hands = 'hands', hand = 'hand'): string {
  return `
UPDATE games SET (completed_kans, ankans, daiminkans, kakans, robbed_kans, ankan_replacements, daiminkan_replacements, kakan_replacements,
                  ankan_rinshan_wins, daiminkan_rinshan_wins, kakan_rinshan_wins, kans_in_riichi) = (
  SELECT coalesce(sum(robbed = 0), 0), coalesce(sum(robbed = 0 AND kind = 'ankan'), 0), coalesce(sum(robbed = 0 AND kind = 'daiminkan'), 0),
         coalesce(sum(robbed = 0 AND kind = 'kakan'), 0), coalesce(sum(robbed), 0),
         coalesce(sum(robbed = 0 AND kind = 'ankan' AND replacement_tile IS NOT NULL), 0),
         coalesce(sum(robbed = 0 AND kind = 'daiminkan' AND replacement_tile IS NOT NULL), 0),
         coalesce(sum(robbed = 0 AND kind = 'kakan' AND replacement_tile IS NOT NULL), 0),
         coalesce(sum(robbed = 0 AND kind = 'ankan' AND rinshan_win = 1), 0),
         coalesce(sum(robbed = 0 AND kind = 'daiminkan' AND rinshan_win = 1), 0),
         coalesce(sum(robbed = 0 AND kind = 'kakan' AND rinshan_win = 1), 0),
         coalesce(sum(in_riichi = 1), 0)
  FROM kans k WHERE k.game_id = games.game_id)
WHERE format IS NOT NULL;
UPDATE games SET (kitas, kita_replacement_draws, riichis) = (
  SELECT coalesce(sum(kita), 0), coalesce(sum(kita_replacements), 0), coalesce(sum(riichi), 0) FROM ${hands} ro WHERE ro.game_id = games.game_id)
WHERE format IS NOT NULL;
UPDATE games SET kita_rinshan_wins = (
  SELECT count(*) FROM wins w JOIN ${hands} ro ON ro.game_id = w.game_id AND ro.${hand} = w.${hand}
  WHERE w.game_id = games.game_id AND w.rinshan = 1 AND ro.kita > 0
    AND NOT EXISTS (SELECT 1 FROM kans k WHERE k.game_id = w.game_id AND k.${hand} = w.${hand} AND k.rinshan_win = 1))
WHERE format IS NOT NULL;`;
}
