/**
 * Schema 9: `audit_groups`, a rule set's audits grouped by what the statistics group them by (status,
 * platform, format, players, lobby, year, facts version), each group with its games and the sums of their
 * totals (games' kan totals, audits' win totals, findings by severity). The statistics views and the report
 * read these few hundred rows instead of a million audits joined to their games.
 *
 * Triggers keep it equal to `audits JOIN games` grouped so, whatever writes: an audit inserted adds its game
 * to its group, one deleted takes it out, an update does both, and a change to a game's row moves its audits
 * likewise. A group left with no game is removed. (Foreign keys leave no other case: an audit needs its
 * game, and a game with audits cannot be deleted.) This module writes that SQL once, for the
 * migration to version 11; schemas/audit.sql holds the same text (test/store/v11.test.ts checks the two agree).
 */
import { AUDIT_TOTAL_COLUMNS, GAME_TOTAL_COLUMNS } from './rows.js';

/** An expression over the audit (`a`) and its game (`g`), given the names they go by in a statement. */
type Expr = (a: string, g: string) => string;

/** What a group is: each column with its value for one audit and its game. */
const KEY: readonly [string, Expr][] = [
  ['status', (a) => `${a}.status`],
  ['platform', (_, g) => `${g}.platform`],
  ['format', (_, g) => `${g}.format`],
  ['player_count', (_, g) => `${g}.player_count`],
  ['lobby_level', (_, g) => `${g}.lobby_level`],
  // the game's year: its date, else the first four digits of a Tenhou log id (2016052515gm-…)
  ['year', (_, g) => `coalesce(substr(${g}.played_on, 1, 4), CASE WHEN ${g}.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(${g}.log_id, 1, 4) END)`],
  ['facts_digest', (_, g) => `${g}.facts_digest`],
];

/** What a group adds up: each column with one audit's part of it. A game's totals are null when it gave no game: 0 then. */
const SUMS: readonly [string, Expr][] = [
  ['games', () => '1'],
  ['games_with_wins', (a) => `(${a}.wins > 0)`],
  ['hand_count', (_, g) => `coalesce(${g}.hand_count, 0)`],
  ...GAME_TOTAL_COLUMNS.map((c): [string, Expr] => [c, (_, g) => `coalesce(${g}.${c}, 0)`]),
  ...['errors', 'warnings', 'infos', ...AUDIT_TOTAL_COLUMNS].map((c): [string, Expr] => [c, (a) => `${a}.${c}`]),
];

export const AUDIT_GROUP_KEY_COLUMNS: readonly string[] = KEY.map(([c]) => c);
export const AUDIT_GROUP_SUM_COLUMNS: readonly string[] = SUMS.map(([c]) => c);

function table(): string {
  return `CREATE TABLE audit_groups (
  rule_set_id      INTEGER NOT NULL,
  group_key        TEXT    NOT NULL,   -- json_array of the seven columns below (NULLs included): one row per value
  status           TEXT    NOT NULL,   -- audits.status
  platform         TEXT,               -- the games' platform, format, player_count, lobby_level
  format           TEXT,
  player_count     INTEGER,
  lobby_level      TEXT,
  year             TEXT,               -- YYYY: games.played_on's, else a Tenhou log id's first four digits; else null
  facts_digest     TEXT,               -- games.facts_digest
  games            INTEGER NOT NULL,   -- audits in the group (one per game)
  games_with_wins  INTEGER NOT NULL,   -- … with audits.wins > 0
  hand_count       INTEGER NOT NULL,   -- sum of games.hand_count (null counted 0)
  -- sums of the games' totals (games.completed_kans … kans_in_riichi; null counted 0)
${GAME_TOTAL_COLUMNS.map((c) => `  ${c.padEnd(22)} INTEGER NOT NULL,`).join('\n')}
  -- sums of the audits' findings by severity and of their totals (audits.wins … kan_han_wins_points)
${['errors', 'warnings', 'infos', ...AUDIT_TOTAL_COLUMNS].map((c) => `  ${c.padEnd(22)} INTEGER NOT NULL,`).join('\n')}
  PRIMARY KEY (rule_set_id, group_key)
) STRICT, WITHOUT ROWID;`;
}

/**
 * Adds (sign 1) or takes out (sign -1) the audits `from` gives to their groups: `a` the audit, `g` its game,
 * as the statement names them.
 */
function move(sign: 1 | -1, a: string, g: string, from: string): string {
  const times = sign === 1 ? '' : '-';
  const columns = ['rule_set_id', 'group_key', ...AUDIT_GROUP_KEY_COLUMNS, ...AUDIT_GROUP_SUM_COLUMNS];
  const values = [
    `${a}.rule_set_id`,
    `json_array(${KEY.map(([, e]) => e(a, g)).join(', ')})`,
    ...KEY.map(([, e]) => e(a, g)),
    ...SUMS.map(([, e]) => `${times}${e(a, g)}`),
  ];
  return `  INSERT INTO audit_groups (${wrap(columns, '    ')})
  SELECT ${wrap(values, '    ')}
  FROM ${from}
  ON CONFLICT (rule_set_id, group_key) DO UPDATE SET
    ${wrap(AUDIT_GROUP_SUM_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`), '    ')};`;
}

/** Items joined by commas, in lines of about 130 characters (the next ones indented). */
function wrap(items: readonly string[], indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (line && line.length + item.length > 130) {
      lines.push(line + ',');
      line = '';
    }
    line += line ? `, ${item}` : item;
  }
  lines.push(line);
  return lines.join('\n' + indent);
}

/** Removes the group of audit `a` (its game found by `from`) when no game is left in it. */
function dropIfEmpty(a: string, from: string): string {
  return `  DELETE FROM audit_groups WHERE rule_set_id = ${a}.rule_set_id AND games = 0
    AND group_key = (SELECT json_array(${KEY.map(([, e]) => e(a, 'g')).join(', ')}) FROM ${from});`;
}

/** The game columns the groups read: a change to any other (games.file, games.error) moves nothing. */
const GAME_COLUMNS_READ = ['platform', 'format', 'player_count', 'lobby_level', 'played_on', 'log_id', 'facts_digest', 'hand_count', ...GAME_TOTAL_COLUMNS];

function triggers(): string {
  const of = (a: string) => `games g WHERE g.game_id = ${a}.game_id`;
  const auditsOf = (g: string) => `audits a WHERE a.game_id = ${g}.game_id`;
  return [
    `CREATE TRIGGER audit_groups_audit_added AFTER INSERT ON audits BEGIN\n${move(1, 'NEW', 'g', of('NEW'))}\nEND;`,
    `CREATE TRIGGER audit_groups_audit_removed AFTER DELETE ON audits BEGIN\n${move(-1, 'OLD', 'g', of('OLD'))}\n${dropIfEmpty('OLD', of('OLD'))}\nEND;`,
    `CREATE TRIGGER audit_groups_audit_changed AFTER UPDATE ON audits BEGIN\n${move(-1, 'OLD', 'g', of('OLD'))}\n${dropIfEmpty('OLD', of('OLD'))}\n` +
      `${move(1, 'NEW', 'g', of('NEW'))}\nEND;`,
    `CREATE TRIGGER audit_groups_game_changed AFTER UPDATE OF ${GAME_COLUMNS_READ.join(', ')} ON games BEGIN\n` +
      `${move(-1, 'a', 'OLD', auditsOf('OLD'))}\n${move(1, 'a', 'NEW', auditsOf('NEW'))}\n` +
      // only the rule sets that audited the game: none when the writer rewrites a game's facts (its audits go first)
      `  DELETE FROM audit_groups WHERE games = 0 AND rule_set_id IN (SELECT rule_set_id FROM audits WHERE game_id = NEW.game_id);\nEND;`,
  ].join('\n');
}

/** The table and its triggers, as schemas/audit.sql has them. */
export function auditGroupsDdl(): string {
  return `${table()}\n${triggers()}`;
}

/** The groups computed from every audit and its game, as the triggers keep them (the migration fills the table so). */
export function fillAuditGroupsSql(): string {
  const key = KEY.map(([, e]) => e('a', 'g'));
  return `INSERT INTO audit_groups (rule_set_id, group_key, ${AUDIT_GROUP_KEY_COLUMNS.join(', ')}, ${AUDIT_GROUP_SUM_COLUMNS.join(', ')})
SELECT a.rule_set_id, json_array(${key.join(', ')}), ${key.join(', ')},
       ${SUMS.map(([, e]) => `sum(${e('a', 'g')})`).join(', ')}
FROM audits a JOIN games g ON g.game_id = a.game_id
GROUP BY a.rule_set_id, ${key.map((_, i) => i + 3).join(', ')};`;
}
