/**
 * `kanshi query [--db FILE] SQL [--format table|csv|json] [--timeout S]`: one read-only statement on the
 * audit database, its rows streamed out as they come. Also the table printer `kanshi stats` uses.
 */
import { Option, type Command } from 'commander';
import { QueryTimeoutError, StoreError, openStore, streamQuery, type QueryStream, type Store } from '../store/index.js';
import { DEFAULT_DB } from './audit.js';
import { systemErrorText } from '../ingest/index.js';
import { PROFILE_NAMES, isProfileName } from '../rules/index.js';
import { CliError, EXIT, storeMessage } from './common.js';
import { plural } from './format.js';

export type QueryFormat = 'table' | 'csv' | 'json';

/** `--db`, `--profile NAME` and `--rules-key KEY`: which database, and which of its rule sets, `stats` and `report` read. */
export function addRuleSetChoiceOptions(command: Command): Command {
  return command
    .option('--db <file>', 'the audit database (written by kanshi audit)', DEFAULT_DB)
    .option('--profile <name>', 'report on the latest audit under this profile or rule-set name, e.g. tenhou+kandoraTiming=immediate (default: the latest audit of all)')
    .addOption(new Option('--rules-key <key>', 'report on the audit under exactly these rules (a rules_key of the rule_sets table)').conflicts('profile'));
}

/** A `--profile` that names no profile is a usage error before the database is opened. A rule set's name starts with its profile (tenhou+kandoraTiming=immediate). */
export function checkProfileChoice(profile: string | undefined): void {
  if (profile !== undefined && !isProfileName(profile.split('+')[0])) {
    throw new CliError(`unknown profile "${profile}" (profiles: ${PROFILE_NAMES.join(', ')}, or a rule set's name such as tenhou+kandoraTiming=immediate)`);
  }
}

/** Opens the database for reading, with the CLI's messages for a missing or foreign file. */
export function openForReading(file: string): Store {
  try {
    return openStore(file, { readonly: true });
  } catch (err) {
    if (err instanceof StoreError) throw storeFailure(err);
    // A system error src/store lets through (a folder given as --db): the file's fault, not kanshi's.
    if (typeof (err as NodeJS.ErrnoException).code === 'string') throw new CliError(`cannot open ${file}: ${systemErrorText(err)}`, EXIT.failed);
    throw err;
  }
}

/**
 * A database refused or a statement that failed, as the CLI reports it: exit 1 (the command line was
 * right; the database or the SQL was not), and a system error in words (`no such file or folder`, not `ENOENT`).
 */
export function storeFailure(err: StoreError): CliError {
  return new CliError(storeMessage(err), EXIT.failed);
}

// ---- cells -------------------------------------------------------------------------------------------

/** A value as text: null empty, blobs as hex, numbers as JavaScript writes them. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Uint8Array) return `x'${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}'`;
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

/**
 * The schema's columns that hold JSON text (schemas/audit.sql): with --format json their values come out
 * nested, as arrays and objects, not as strings to parse again. A value that does not parse stays a string.
 */
export const JSON_COLUMNS: ReadonlySet<string> = new Set(['tiles', 'yaku', 'yakuman', 'indicators', 'ura_indicators', 'details', 'yaku_names']);

function nestedJson(column: string, value: unknown): unknown {
  if (typeof value !== 'string' || !JSON_COLUMNS.has(column) || !(value.startsWith('[') || value.startsWith('{'))) return jsonValue(value);
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function jsonValue(value: unknown): unknown {
  // Blobs come from the worker thread as Uint8Array (a Buffer loses its class crossing threads).
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  return value ?? null;
}

// ---- output ------------------------------------------------------------------------------------------

/** Collects output and writes it in large pieces, waiting when stdout cannot take more (a slow pipe). */
class Output {
  private chunk = '';
  private blocked: Promise<void> | null = null;
  line(text: string): void {
    this.chunk += text + '\n';
    if (this.chunk.length > 1 << 16) this.flush();
  }
  flush(): void {
    if (!this.chunk) return;
    const ok = process.stdout.write(this.chunk);
    this.chunk = '';
    if (!ok && !this.blocked) this.blocked = new Promise((resolve) => process.stdout.once('drain', () => ((this.blocked = null), resolve())));
  }
  /** Resolves once stdout has taken what was written (at once, unless it is a slow pipe). */
  async drained(): Promise<void> {
    this.flush();
    if (this.blocked) await this.blocked;
  }
  /** stdout cannot take more for now: `drained` will wait. */
  get isBlocked(): boolean {
    return this.blocked !== null;
  }
}

/** Rows a table waits for to size its columns; later rows are printed as they come, in those widths. */
export const TABLE_SAMPLE_ROWS = 1000;

/**
 * Prints rows as they come, in one of the formats: CSV and JSON row by row; a table sizes its columns
 * from its first TABLE_SAMPLE_ROWS rows, then prints each further row at once (a wider cell pushes the
 * rest of its line right). No format holds more than that sample.
 */
export class RowPrinter {
  private count = 0;
  private sample: unknown[][] | null = [];
  private widths: number[] = [];
  private numeric: boolean[] = [];
  private previousJson: string | null = null;
  private readonly keys: string[];

  constructor(
    private readonly columns: readonly string[],
    private readonly format: QueryFormat,
    private readonly out: Output = new Output(),
  ) {
    this.keys = uniqueKeys(columns);
    if (format === 'csv') out.line(columns.map(csvField).join(','));
    else if (format === 'json') out.line('[');
  }

  add(rows: readonly unknown[][]): void {
    for (const r of rows) {
      this.count++;
      if (this.format === 'csv') this.out.line(r.map(csvField).join(','));
      else if (this.format === 'json') {
        if (this.previousJson !== null) this.out.line(this.previousJson + ',');
        const object: Record<string, unknown> = {};
        this.keys.forEach((k, i) => (object[k] = nestedJson(this.columns[i], r[i])));
        this.previousJson = JSON.stringify(object);
      } else if (this.sample) {
        this.sample.push(r);
        if (this.sample.length >= TABLE_SAMPLE_ROWS) this.startTable();
      } else {
        this.out.line(this.tableLine(r.map(tableCell)));
      }
    }
  }

  /** Ends the output; the number of rows. */
  end(): number {
    if (this.format === 'json') {
      if (this.previousJson !== null) this.out.line(this.previousJson);
      this.out.line(']');
    } else if (this.format === 'table') {
      if (this.sample) this.startTable();
      this.out.line(`(${plural(this.count, 'row')})`);
    }
    this.out.flush();
    return this.count;
  }

  drained(): Promise<void> {
    return this.out.drained();
  }

  /** stdout is full (a slow reader): waiting for it is not the query's time. */
  get blocked(): boolean {
    return this.out.isBlocked;
  }

  /** Writes the rows so far, without what ends the output (a table's row count, JSON's closing bracket). */
  partial(): void {
    if (this.format === 'table' && this.sample) this.startTable();
    if (this.format === 'json' && this.previousJson !== null) this.out.line(this.previousJson + ',');
    this.previousJson = null;
    this.out.flush();
  }

  private startTable(): void {
    const rows = this.sample ?? [];
    this.sample = null;
    const lines = renderTable(this.columns, rows);
    const text = rows.map((r) => r.map(tableCell));
    this.numeric = this.columns.map((_, i) => rows.length > 0 && rows.every((r) => isNumericCell(r[i])));
    this.widths = this.columns.map((h, i) => Math.max(displayWidth(h), ...text.map((r) => displayWidth(r[i]))));
    for (const l of lines) this.out.line(l);
  }

  private tableLine(cells: readonly string[]): string {
    return cells
      .map((s, i) => {
        const gap = ' '.repeat(Math.max(0, (this.widths[i] ?? 0) - displayWidth(s)));
        return this.numeric[i] ? gap + s : s + gap;
      })
      .join('  ')
      .trimEnd();
  }
}

function tableCell(value: unknown): string {
  return cellText(value).replace(/\r?\n/g, '\\n');
}

function isNumericCell(value: unknown): boolean {
  return value === null || value === undefined || typeof value === 'number' || value === '';
}

/** Prints rows already at hand (tests, and callers with a handful of rows). */
export function printRows(columns: readonly string[], rows: Iterable<unknown[]>, format: QueryFormat): number {
  const printer = new RowPrinter(columns, format);
  for (const r of rows) printer.add([r]);
  return printer.end();
}

// ---- the command -------------------------------------------------------------------------------------

/** Exit status of a query stopped by --timeout (as timeout(1) has it). */
export const TIMEOUT_EXIT = EXIT.timeout;
export const DEFAULT_QUERY_TIMEOUT_S = 60;

function parseSeconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 86_400 * 7) {
    throw new CliError(`--timeout must be a number of seconds between 0 (no limit) and 604800, got "${value}"`);
  }
  return n;
}

export function registerQueryCommand(program: Command): void {
  program
    .command('query')
    .description('run one read-only SQL statement on the audit database and print its rows')
    .argument('<sql>', 'one SQL statement that returns rows: SELECT, WITH … SELECT, PRAGMA or EXPLAIN')
    .option('--db <file>', 'the audit database (written by kanshi audit)', DEFAULT_DB)
    .addOption(new Option('--format <format>', 'table (aligned, for reading), csv (RFC 4180) or json (an array of objects; JSON columns such as tiles, yaku and details nested)').choices(['table', 'csv', 'json']).default('table'))
    .option('--timeout <seconds>', 'stop the statement after this long (0: no limit); time waiting for a slow reader of the output does not count', parseSeconds, DEFAULT_QUERY_TIMEOUT_S)
    .addHelpText(
      'after',
      `
The database is opened read-only: a statement that would change it is refused. Rows are printed as
SQLite produces them, in every format (a table sizes its columns from its first ${TABLE_SAMPLE_ROWS} rows), so a
query of any length runs in little memory; Ctrl-C stops it at once.

Exit status: 0; 1 for a refused or wrong statement (a SQL error), or a missing or foreign database; 2 for
bad options; ${TIMEOUT_EXIT} when the statement ran past --timeout (default ${DEFAULT_QUERY_TIMEOUT_S} s: the rows printed until then
are not all of them); 130 when interrupted.

Tables (schemas/audit.sql):
  facts     games, players, hands, kans, reveals, wins, aborts      (keyed by game_id; games.content_hash)
  verdicts  audits, kan_verdicts, riichi_kan_verdicts, win_dora, findings   (keyed by rule_set_id, game_id)
  also      rule_sets (one per set of knob values), finding_kinds, tiles (id → name such as 5m, 7z)
  views     rule_set_summary, kan_list, kan_stats, rinshan_stats, riichi_kan_stats, riichi_kans,
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
    .action(async (sql: string, opts: { db: string; format: QueryFormat; timeout: number }) => {
      let stream: QueryStream | null = null;
      const interrupt = () => {
        stream?.close();
        process.stderr.write('\nkanshi: query interrupted\n');
        process.exit(EXIT.interrupted);
      };
      process.on('SIGINT', interrupt);
      try {
        stream = await streamQuery(opts.db, sql, { timeoutMs: Math.round(opts.timeout * 1000) || null });
        const printer = new RowPrinter(stream.columns, opts.format);
        try {
          for await (const batch of stream) {
            printer.add(batch);
            if (printer.blocked) {
              stream.readerBlocked();
              await printer.drained();
              stream.readerReady();
            }
          }
        } catch (err) {
          // The rows received stay, also when the time ran out (they are not all, and the message says so).
          printer.partial();
          throw err;
        }
        printer.end();
      } catch (err) {
        if (err instanceof QueryTimeoutError) {
          throw new CliError(`${err.message}; the rows printed are not all of them (raise --timeout, or 0 for no limit)`, TIMEOUT_EXIT);
        }
        if (err instanceof StoreError) throw storeFailure(err);
        throw err;
      } finally {
        process.off('SIGINT', interrupt);
        stream?.close();
      }
    });
}
