/**
 * A kanshi database by content, for comparing databases written by different runs (shards merged against
 * one audit): every table's rows with game_id replaced by the game's content hash and rule_set_id by the
 * rules key, the times of day left out (audited_at, first_run_at, last_run_at), sorted.
 */
import Database from 'better-sqlite3';

const TIMES = new Set(['audited_at', 'first_run_at', 'last_run_at']);

export function contentRows(file: string, options: { ignoreFiles?: boolean } = {}): Record<string, string[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
    const out: Record<string, string[]> = {};
    for (const t of tables) {
      const cols = db.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).pluck().all(t) as string[];
      const select: string[] = [];
      for (const c of cols) {
        if (TIMES.has(c) || (options.ignoreFiles && c === 'file')) continue;
        if (c === 'game_id' && t !== 'games') select.push(`(SELECT g.content_hash FROM games g WHERE g.game_id = x.game_id) AS game`);
        else if (c === 'rule_set_id' && t !== 'rule_sets') select.push(`(SELECT r.rules_key FROM rule_sets r WHERE r.rule_set_id = x.rule_set_id) AS rule_set`);
        else if (c !== 'game_id' && c !== 'rule_set_id') select.push(`x.${c}`);
      }
      const rows = db.prepare(`SELECT ${select.join(', ')} FROM ${t} x`).raw().all() as unknown[][];
      out[t] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return out;
  } finally {
    db.close();
  }
}

/** Every row of every table as stored, ids and times included (for "nothing changed"). */
export function exactRows(file: string): Record<string, string[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
    const out: Record<string, string[]> = {};
    for (const t of tables) out[t] = (db.prepare(`SELECT * FROM ${t}`).raw().all() as unknown[][]).map((r) => JSON.stringify(r)).sort();
    return out;
  } finally {
    db.close();
  }
}
