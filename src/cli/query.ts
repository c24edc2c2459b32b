/**
 * `kanshi query [--db FILE] SQL [--format table|csv|json]`: one read-only statement on the audit database.
 * Also the table printer `kanshi stats` uses.
 */
import { Option, type Command } from 'commander';
import { StoreError, openStore, type Store } from '../store/index.js';
import { DEFAULT_DB } from './audit.js';
import { CliError } from './common.js';

export type QueryFormat = 'table' | 'csv' | 'json';

/** Opens the database for reading, with the CLI's messages for a missing or foreign file. */
export function openForReading(file: string): Store {
  try {
    return openStore(file, { readonly: true });
  } catch (err) {
    if (err instanceof StoreError) throw new CliError(err.message);
    throw err;
  }
}

// ---- cells -------------------------------------------------------------------------------------------

/** A value as text: null empty, blobs as hex, numbers as JavaScript writes them. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Buffer.isBuffer(value)) return `x'${value.toString('hex')}'`;
  return String(value);
}

/** Columns on a terminal: East Asian wide characters (player names, 四鳳南喰赤) take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const wide =
      (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x20000 && c <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

/**
 * Aligned text table: a header, a rule, then the rows; numbers right-aligned. Line breaks inside a cell
 * are shown as `\n` so a row stays on one line.
 */
export function renderTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): string[] {
  const text = rows.map((r) => r.map((v) => cellText(v).replace(/\r?\n/g, '\\n')));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => r[i] === null || r[i] === undefined || typeof r[i] === 'number' || r[i] === ''));
  const widths = headers.map((h, i) => Math.max(displayWidth(h), ...text.map((r) => displayWidth(r[i]))));
  const pad = (s: string, i: number) => {
    const gap = ' '.repeat(widths[i] - displayWidth(s));
    return numeric[i] ? gap + s : s + gap;
  };
  const line = (cells: readonly string[]) => cells.map(pad).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...text.map(line)];
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: unknown): string {
  const s = cellText(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Column names as JSON keys: a repeated name (`a.x, b.x`) gets `_2`, `_3`… so no value is lost. */
export function uniqueKeys(columns: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return columns.map((c) => {
    const n = (seen.get(c) ?? 0) + 1;
    seen.set(c, n);
    return n === 1 ? c : `${c}_${n}`;
  });
}

function jsonValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value.toString('hex');
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  return value ?? null;
}

// ---- output ------------------------------------------------------------------------------------------

/** Collects output and writes it in large pieces (a query may return a million rows). */
class Output {
  private chunk = '';
  line(text: string): void {
    this.chunk += text + '\n';
    if (this.chunk.length > 1 << 16) this.flush();
  }
  flush(): void {
    if (this.chunk) process.stdout.write(this.chunk);
    this.chunk = '';
  }
}

export function printRows(columns: readonly string[], rows: Iterable<unknown[]>, format: QueryFormat): number {
  const out = new Output();
  let count = 0;
  if (format === 'table') {
    const all = [...rows];
    count = all.length;
    for (const l of renderTable(columns, all)) out.line(l);
    out.line(`(${count} row${count === 1 ? '' : 's'})`);
  } else if (format === 'csv') {
    out.line(columns.map(csvField).join(','));
    for (const r of rows) {
      out.line(r.map(csvField).join(','));
      count++;
    }
  } else {
    const keys = uniqueKeys(columns);
    out.line('[');
    let previous: string | null = null;
    for (const r of rows) {
      if (previous !== null) out.line(previous + ',');
      const object: Record<string, unknown> = {};
      keys.forEach((k, i) => (object[k] = jsonValue(r[i])));
      previous = JSON.stringify(object);
      count++;
    }
    if (previous !== null) out.line(previous);
    out.line(']');
  }
  out.flush();
  return count;
}

// ---- the command -------------------------------------------------------------------------------------

export function registerQueryCommand(program: Command): void {
  program
    .command('query')
    .description('run one read-only SQL statement on the audit database and print its rows')
    .argument('<sql>', 'one SQL statement that returns rows: SELECT, WITH … SELECT, PRAGMA or EXPLAIN')
    .option('--db <file>', 'the audit database (written by kanshi audit)', DEFAULT_DB)
    .addOption(new Option('--format <format>', 'table (aligned, for reading), csv (RFC 4180) or json (an array of objects)').choices(['table', 'csv', 'json']).default('table'))
    .addHelpText(
      'after',
      `
The database is opened read-only: a statement that would change it is refused. Tables (schemas/audit.sql):
  facts     games, players, rounds, kans, reveals, wins, aborts     (keyed by game_id; games.content_hash)
  verdicts  audits, kan_verdicts, riichi_kan_verdicts, win_dora, findings   (keyed by rule_set_id, game_id)
  also      rule_sets (one per set of knob values), finding_kinds, tiles (id → name such as 5m, 7z)
  views     rule_set_summary, kan_list, kan_stats, rinshan_stats, riichi_kans, riichi_kan_stats,
            riichi_kan_frequency, chankan_wins, four_kan_hands, chankan_suukaikan_stats,
            kandora_timing, kandora_conformance, finding_counts
Tiles are ids 0..135 (join tiles to name them); booleans are 0/1; lists of tiles are JSON arrays.

Examples:
  kanshi query "SELECT rules_key, profile, games, errors FROM rule_set_summary"
  kanshi query "SELECT kind, count(*) FROM kans WHERE robbed = 0 GROUP BY kind"
  kanshi query --format csv "SELECT * FROM kan_list WHERE rinshan_win = 1" > rinshan.csv
  kanshi query --format json "SELECT log_id, hand, winner, tile FROM chankan_wins"
  kanshi query "SELECT f.kind, g.log_id, f.message FROM findings f JOIN games g USING (game_id)
                JOIN rule_sets r USING (rule_set_id) WHERE r.profile = 'pro-strict' AND f.severity = 'error'"`,
    )
    .action((sql: string, opts: { db: string; format: QueryFormat }) => {
      const store = openForReading(opts.db);
      try {
        const result = store.query(sql);
        printRows(result.columns, result.rows, opts.format);
      } catch (err) {
        if (err instanceof StoreError) throw new CliError(err.message);
        throw err;
      } finally {
        store.close();
      }
    });
}
