/**
 * The catalog's tables as row builders: for each table, a function from a source (and its context) to the
 * values of the columns it writes, in table order, after the keys the writer fills. Compiled once per table
 * when the module loads, so that each column's value is taken at a call site of its own (one getter, one
 * shape: V8 inlines it), where a loop over the columns would share one site among every column of every table.
 */
import { YAKU_TABLE } from '../events/index.js';
import {
  ABORTS, AUDITS, CATALOG, FINDING_KINDS_TABLE, FINDINGS, GAMES, HANDS, KAN_VERDICTS, KANS, PLAYERS, REVEALS, RIICHI_DECLARATIONS,
  RIICHI_KAN_REASONS_TABLE, RIICHI_KAN_VERDICTS, RULE_SETS, WIN_DORA, WINS, YAKU_LIST, keyColumns, writerColumns, writtenColumns, type AnyTable,
  type TableSpec, type YakuListRow,
} from './catalog.js';
import { auditGroupColumns } from './catalog.js';
import type { SqlValue } from './values.js';

export type { SqlValue };
export { idList, knobColumn, playedOn, storedPath, yakuJson } from './values.js';

/** One table's row: the values of its written columns, in table order. */
export type RowBuilder<S, C> = (source: S, context: C) => SqlValue[];

export function rowBuilder<S, C>(t: TableSpec<S, C>): RowBuilder<S, C> {
  const getters = writtenColumns(t).map((c) => c.value as (s: S, c: C) => SqlValue);
  const names = getters.map((_, i) => `g${i}`);
  // Each getter in a variable of its own, called at a site of its own.
  const body = `const [${names.join(', ')}] = getters;\nreturn function (s, c) { return [${names.map((g) => `${g}(s, c)`).join(', ')}]; };`;
  return new Function('getters', body)(getters) as RowBuilder<S, C>;
}

/** The columns an INSERT of a table names: the keys the writer fills, the built columns, then those the writer sets. */
export function insertColumns(t: AnyTable): { keys: string[]; columns: string[]; set: string[] } {
  return { keys: keyColumns(t).map((c) => c.name), columns: writtenColumns(t).map((c) => c.name), set: writerColumns(t).map((c) => c.name) };
}

/** The position of a written column in a table's rows. */
export function columnIndex(t: AnyTable, name: string): number {
  const i = writtenColumns(t).findIndex((c) => c.name === name);
  if (i < 0) throw new Error(`${t.name}.${name} is not a written column`);
  return i;
}

export const ruleSetValues = rowBuilder(RULE_SETS);
export const gameValues = rowBuilder(GAMES);
export const playerValues = rowBuilder(PLAYERS);
export const handValues = rowBuilder(HANDS);
export const kanValues = rowBuilder(KANS);
export const revealValues = rowBuilder(REVEALS);
export const winValues = rowBuilder(WINS);
export const riichiDeclarationValues = rowBuilder(RIICHI_DECLARATIONS);
export const abortValues = rowBuilder(ABORTS);
export const auditValues = rowBuilder(AUDITS);
export const kanVerdictValues = rowBuilder(KAN_VERDICTS);
export const riichiKanValues = rowBuilder(RIICHI_KAN_VERDICTS);
export const winDoraValues = rowBuilder(WIN_DORA);
export const findingValues = rowBuilder(FINDINGS);
export const findingKindValues = rowBuilder(FINDING_KINDS_TABLE);
export const riichiKanReasonValues = rowBuilder(RIICHI_KAN_REASONS_TABLE);
export const yakuListValues = rowBuilder(YAKU_LIST);

/** The games columns that are totals (what audit_groups adds up of a game), in table order. */
export const GAME_TOTAL_COLUMNS: readonly string[] = GAMES.columns.filter((c) => c.total).map((c) => c.name);
/** The audits columns that are totals of the audit's wins (version 7), in table order. */
export const AUDIT_TOTAL_COLUMNS: readonly string[] = AUDITS.columns.filter((c) => c.total && c.since === 7).map((c) => c.name);
/** win_dora's columns of the win re-scored (version 6; the view win_scores shows them). */
export const WIN_SCORE_COLUMNS: readonly string[] = WIN_DORA.columns.filter((c) => c.since === 6).map((c) => c.name);
/** audit_groups' columns (its key, then its sums). */
export const AUDIT_GROUP_COLUMNS: readonly string[] = auditGroupColumns(CATALOG.tables).map((c) => c.name);

/** The closed list of yaku: every mjlog id 0..54 with its romaji name in kebab case, the Japanese one and whether it is a yakuman. */
export function yakuList(): YakuListRow[] {
  // The table's key in kebab case: rinshanKaihou → rinshan-kaihou, kokushi13 → kokushi-13.
  const kebab = (camel: string) => camel.replace(/[A-Z0-9]+/g, (m) => '-' + m.toLowerCase());
  return YAKU_TABLE.map((y) => ({ id: y.id, name: kebab(y.key), nameJa: y.tenhou, yakuman: y.yakuman }));
}
