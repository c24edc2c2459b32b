/**
 * The catalog (catalog.ts) as SQL, as of any schema version: each table's CREATE TABLE with the names its
 * columns had then, its indexes, audit_groups with its triggers and the query that fills it, and the SQL a
 * migration step runs for the entries of its version (`addedSql`). What a version had is read from the
 * entries' `since` and `was` alone, so the SQL of a past version never changes when the catalog grows.
 */
import {
  AUDIT_GROUPS_DOC, AUDIT_GROUPS_SINCE, auditGroupColumns, type AnyColumn, type AnyTable, type Catalog, type FormerName, type GroupColumn,
} from './catalog.js';

/** The name an entry had at a version (its present name when it was not renamed since). */
function nameAt(name: string, was: readonly FormerName[] | undefined, version: number): string {
  let at = name;
  let until = Infinity;
  for (const w of was ?? []) if (version < w.until && w.until < until) [at, until] = [w.name, w.until];
  return at;
}

/** A table's columns and clauses as they were at a version. */
export interface TableAt {
  readonly table: AnyTable;
  readonly name: string;
  readonly columns: readonly { column: AnyColumn; name: string; type: string; added: string }[];
  readonly constraints: readonly string[];
  readonly indexes: readonly { name: string; sql: string }[];
}

/** Every identifier the version named otherwise, present name → then name (tables and this table's columns). */
function renames(catalog: Catalog, t: AnyTable, version: number): Map<string, string> {
  const map = new Map<string, string>();
  for (const x of catalog.tables) {
    const then = nameAt(x.name, x.was, version);
    if (then !== x.name) map.set(x.name, then);
  }
  for (const c of t.columns) {
    const then = nameAt(c.name, c.was, version);
    if (then !== c.name) map.set(c.name, then);
  }
  return map;
}

function rename(sql: string, map: ReadonlyMap<string, string>): string {
  if (map.size === 0) return sql;
  return sql.replace(/\b[A-Za-z_][A-Za-z0-9_]*\b/g, (w) => map.get(w) ?? w);
}

export function tableAt(catalog: Catalog, t: AnyTable, version: number): TableAt | null {
  if (t.since > version) return null;
  const map = renames(catalog, t, version);
  const name = nameAt(t.name, t.was, version);
  return {
    table: t,
    name,
    columns: t.columns
      .filter((c) => c.since <= version)
      .map((c) => ({ column: c, name: nameAt(c.name, c.was, version), type: rename(c.type, map), added: rename(c.added ?? c.type, map) })),
    constraints: t.constraints.map((c) => rename(c, map)),
    indexes: (t.indexes ?? []).filter((i) => i.since <= version).map((i) => ({ name: i.name, sql: `CREATE INDEX ${i.name} ON ${name} ${rename(i.on, map)};` })),
  };
}

/** `-- …` lines of about 110 characters. */
function commentLines(text: string, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > 110) {
      lines.push(`${indent}-- ${line}`);
      line = '';
    }
    line += line ? ` ${word}` : word;
  }
  if (line) lines.push(`${indent}-- ${line}`);
  return lines;
}

/** CREATE TABLE of a table as of a version, each column with its doc (and the version that added it, when later than the table). */
export function createTableSql(at: TableAt): string {
  const width = Math.max(...at.columns.map((c) => c.name.length));
  const items: { text: string; doc: string | null }[] = [];
  for (const c of at.columns) {
    const since = c.column.since > at.table.since ? `version ${c.column.since}: ` : '';
    items.push({ text: `  ${c.name.padEnd(width)} ${c.type}`, doc: since + c.column.doc });
  }
  for (const k of at.constraints) items.push({ text: `  ${k}`, doc: null });
  // The docs in a column, as far as the longest one-line definition (up to 70 characters) reaches.
  const pad = Math.min(70, Math.max(...items.filter((x) => !x.text.includes('\n')).map((x) => x.text.length + 1)));
  const lines: string[] = [];
  items.forEach((item, i) => {
    const text = item.text + (i < items.length - 1 ? ',' : '');
    lines.push(item.doc ? `${text.includes('\n') ? text : text.padEnd(pad)}  -- ${item.doc}` : text);
  });
  const options = at.table.withoutRowid ? 'STRICT, WITHOUT ROWID' : 'STRICT';
  return [...commentLines(at.table.doc), `CREATE TABLE ${at.name} (`, ...lines, `) ${options};`].join('\n');
}

/** A table as of a version: its CREATE TABLE, its indexes and its fill. */
function tableSql(at: TableAt): string {
  return [createTableSql(at), ...at.indexes.map((i) => i.sql), ...(at.table.fill ? [at.table.fill] : [])].join('\n');
}

// ---- audit_groups --------------------------------------------------------------------------------------

/** audit_groups' columns as of a version (none before 11). */
export function groupColumnsAt(catalog: Catalog, version: number): GroupColumn[] {
  if (version < AUDIT_GROUPS_SINCE) return [];
  return auditGroupColumns(catalog.tables).filter((c) => c.since <= version);
}

function groupTableSql(columns: readonly GroupColumn[]): string {
  const width = Math.max(...columns.map((c) => c.name.length));
  const lines = [
    `  rule_set_id${' '.repeat(Math.max(1, width - 10))} INTEGER NOT NULL,  -- the rule set`,
    `  group_key${' '.repeat(Math.max(1, width - 8))} TEXT    NOT NULL,  -- json_array of the key's columns (NULLs included): one row per value`,
    ...columns.map((c) => `  ${c.name.padEnd(width)} ${c.type},  -- ${c.doc}`),
    '  PRIMARY KEY (rule_set_id, group_key)',
  ];
  return [...commentLines(AUDIT_GROUPS_DOC), 'CREATE TABLE audit_groups (', ...lines, ') STRICT, WITHOUT ROWID;'].join('\n');
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

/**
 * Adds (sign 1) or takes out (sign -1) the audits `from` gives to their groups: `a` the audit, `g` its game,
 * as the statement names them.
 */
function move(columns: readonly GroupColumn[], sign: 1 | -1, a: string, g: string, from: string): string {
  const key = columns.filter((c) => c.role === 'key');
  const sums = columns.filter((c) => c.role === 'sum');
  const names = ['rule_set_id', 'group_key', ...key.map((c) => c.name), ...sums.map((c) => c.name)];
  const values = [
    `${a}.rule_set_id`,
    `json_array(${key.map((c) => c.expr(a, g)).join(', ')})`,
    ...key.map((c) => c.expr(a, g)),
    ...sums.map((c) => `${sign === 1 ? '' : '-'}${c.expr(a, g)}`),
  ];
  return `  INSERT INTO audit_groups (${wrap(names, '    ')})
  SELECT ${wrap(values, '    ')}
  FROM ${from}
  ON CONFLICT (rule_set_id, group_key) DO UPDATE SET
    ${wrap(sums.map((c) => `${c.name} = ${c.name} + excluded.${c.name}`), '    ')};`;
}

/** Removes the group of audit `a` (its game found by `from`) when no game is left in it. */
function dropIfEmpty(columns: readonly GroupColumn[], a: string, from: string): string {
  const key = columns.filter((c) => c.role === 'key');
  return `  DELETE FROM audit_groups WHERE rule_set_id = ${a}.rule_set_id AND games = 0
    AND group_key = (SELECT json_array(${key.map((c) => c.expr(a, 'g')).join(', ')}) FROM ${from});`;
}

export const AUDIT_GROUP_TRIGGERS = ['audit_groups_audit_added', 'audit_groups_audit_removed', 'audit_groups_audit_changed', 'audit_groups_game_changed'] as const;

/** The four triggers that keep audit_groups equal to the audits joined to their games, grouped. */
function groupTriggersSql(columns: readonly GroupColumn[]): string {
  const of = (a: string) => `games g WHERE g.game_id = ${a}.game_id`;
  const auditsOf = (g: string) => `audits a WHERE a.game_id = ${g}.game_id`;
  // The game columns the groups read: a change to any other (games.file, games.error) moves nothing.
  const reads = [...new Set(columns.flatMap((c) => c.reads))];
  const [added, removed, changed, gameChanged] = AUDIT_GROUP_TRIGGERS;
  return [
    `CREATE TRIGGER ${added} AFTER INSERT ON audits BEGIN\n${move(columns, 1, 'NEW', 'g', of('NEW'))}\nEND;`,
    `CREATE TRIGGER ${removed} AFTER DELETE ON audits BEGIN\n${move(columns, -1, 'OLD', 'g', of('OLD'))}\n${dropIfEmpty(columns, 'OLD', of('OLD'))}\nEND;`,
    `CREATE TRIGGER ${changed} AFTER UPDATE ON audits BEGIN\n${move(columns, -1, 'OLD', 'g', of('OLD'))}\n${dropIfEmpty(columns, 'OLD', of('OLD'))}\n` +
      `${move(columns, 1, 'NEW', 'g', of('NEW'))}\nEND;`,
    `CREATE TRIGGER ${gameChanged} AFTER UPDATE OF ${reads.join(', ')} ON games BEGIN\n` +
      `${move(columns, -1, 'a', 'OLD', auditsOf('OLD'))}\n${move(columns, 1, 'a', 'NEW', auditsOf('NEW'))}\n` +
      // only the rule sets that audited the game: none when the writer rewrites a game's facts (its audits go first)
      `  DELETE FROM audit_groups WHERE games = 0 AND rule_set_id IN (SELECT rule_set_id FROM audits WHERE game_id = NEW.game_id);\nEND;`,
  ].join('\n');
}

/** audit_groups and its triggers as of a version ('' before version 11). */
export function auditGroupsSql(catalog: Catalog, version: number): string {
  const columns = groupColumnsAt(catalog, version);
  return columns.length === 0 ? '' : `${groupTableSql(columns)}\n${groupTriggersSql(columns)}`;
}

/** The groups computed from every audit and its game, as the triggers keep them (a migration fills the table so). */
export function fillAuditGroupsSql(catalog: Catalog, version: number): string {
  const columns = groupColumnsAt(catalog, version);
  const key = columns.filter((c) => c.role === 'key');
  const sums = columns.filter((c) => c.role === 'sum');
  const keyValues = key.map((c) => c.expr('a', 'g'));
  return `INSERT INTO audit_groups (rule_set_id, group_key, ${key.map((c) => c.name).join(', ')}, ${sums.map((c) => c.name).join(', ')})
SELECT a.rule_set_id, json_array(${keyValues.join(', ')}), ${keyValues.join(', ')},
       ${sums.map((c) => `sum(${c.expr('a', 'g')})`).join(', ')}
FROM audits a JOIN games g ON g.game_id = a.game_id
GROUP BY a.rule_set_id, ${keyValues.map((_, i) => i + 3).join(', ')};`;
}

// ---- whole schemas and steps ---------------------------------------------------------------------------

/** Every table of the catalog as of a version, in its order, audit_groups after audits; indexes and fills with them. */
export function tablesSql(catalog: Catalog, version: number): string {
  const parts: string[] = [];
  for (const t of catalog.tables) {
    const at = tableAt(catalog, t, version);
    if (!at) continue;
    parts.push(tableSql(at));
    if (t.name === 'audits') {
      const groups = auditGroupsSql(catalog, version);
      if (groups) parts.push(groups);
    }
  }
  return parts.join('\n\n');
}

/**
 * The SQL that takes the tables of version `to - 1` to version `to`, for what the catalog's entries of
 * version `to` add: a table made (with its indexes), a column added to a table made before, an index; and
 * audit_groups with its triggers made again when what it adds up grows. Renames and the rows' values are
 * not a catalog's to say: a step's own SQL does them (migrations.ts).
 */
export function addedSql(catalog: Catalog, to: number): string {
  const parts: string[] = [];
  for (const t of catalog.tables) {
    const now = tableAt(catalog, t, to);
    if (!now) continue;
    if (t.since === to) {
      parts.push(tableSql(now));
      continue;
    }
    for (const c of now.columns) {
      if (c.column.since !== to) continue;
      parts.push(`ALTER TABLE ${now.name} ADD COLUMN ${c.name} ${c.added};`);
    }
    for (const i of t.indexes ?? []) if (i.since === to) parts.push(now.indexes.find((x) => x.name === i.name)!.sql);
  }
  const before = groupColumnsAt(catalog, to - 1);
  const after = groupColumnsAt(catalog, to);
  if (after.length > 0 && before.length === 0) {
    parts.push(auditGroupsSql(catalog, to));
  } else if (after.length > before.length) {
    // New sums: the columns at the end of the table, and the triggers that keep them.
    for (const c of after.filter((x) => x.since === to)) parts.push(`ALTER TABLE audit_groups ADD COLUMN ${c.name} ${c.type};`);
    for (const name of AUDIT_GROUP_TRIGGERS) parts.push(`DROP TRIGGER IF EXISTS ${name};`);
    parts.push(groupTriggersSql(after));
  }
  return parts.join('\n');
}

/**
 * The whole schema a database of `version` had, without its views: the catalog's tables then, their indexes
 * and audit_groups' triggers, and the marks (application_id, user_version). Tests make older databases with it
 * to migrate (views are made again by every migration).
 */
export function schemaAsOf(catalog: Catalog, version: number, applicationId: number): string {
  return `${tablesSql(catalog, version)}\nPRAGMA application_id = ${applicationId};\nPRAGMA user_version = ${version};\n`;
}
