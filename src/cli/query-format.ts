/**
 * How `kanshi query` and `kanshi stats` print rows: an aligned table, CSV (RFC 4180) or a JSON array. The
 * printer hands out text in large pieces, each ending at a line break, with the number of rows it holds
 * so far, so that whoever writes the pieces can say exactly how many rows reached the reader.
 */
import { plural } from './format.js';
import { shownInline } from './safe-text.js';

export type QueryFormat = 'table' | 'csv' | 'json';

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
 * Aligned text table: a header, a rule, then the rows; numbers right-aligned. Control characters inside a
 * cell or a header, line breaks included, are shown escaped (`\n`, `\u001b`: src/cli/safe-text.ts), so a
 * row stays on one line and a log's text cannot rewrite the terminal.
 */
export function renderTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): string[] {
  const layout = tableLayout(headers, rows);
  return [layout.line(headers.map(shownInline)), layout.widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => layout.line(r.map(tableCell)))];
}

/** Column widths and alignment from a sample of rows; `line` pads cells to them (a wider cell pushes the rest right). */
function tableLayout(headers: readonly string[], rows: readonly (readonly unknown[])[]) {
  const text = rows.map((r) => r.map(tableCell));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => isNumericCell(r[i])));
  const widths = headers.map((h, i) => Math.max(displayWidth(shownInline(h)), ...text.map((r) => displayWidth(r[i]))));
  const line = (cells: readonly string[]) =>
    cells
      .map((s, i) => {
        const gap = ' '.repeat(Math.max(0, (widths[i] ?? 0) - displayWidth(s)));
        return numeric[i] ? gap + s : s + gap;
      })
      .join('  ')
      .trimEnd();
  return { widths, line };
}

/**
 * The widest a table's cell is printed, in columns: a rules key (some 700 characters) or a finding's
 * details made rows of over 1,000 characters. A longer value loses its middle to `…`, and the table's last
 * line says so; CSV and JSON print every value whole.
 */
export const TABLE_CELL_MAX = 80;

function tableCell(value: unknown): string {
  const text = shownInline(cellText(value));
  return text.length <= TABLE_CELL_MAX / 2 ? text : cutToWidth(text, TABLE_CELL_MAX);
}

/**
 * `text` cut to at most `max` display columns by leaving out its middle for `…`: the start and the end of
 * a long value stay (a path keeps its file name).
 */
function cutToWidth(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  const chars = [...text];
  const head = takeWidth(chars, Math.ceil((max - 1) * 0.6));
  const tail = [...takeWidth([...chars].reverse(), max - 1 - displayWidth(head))].reverse().join('');
  return `${head}…${tail}`;
}

/** The first characters of `chars` that fit in `width` columns. */
function takeWidth(chars: readonly string[], width: number): string {
  let out = '';
  let used = 0;
  for (const ch of chars) {
    const w = displayWidth(ch);
    if (used + w > width) break;
    out += ch;
    used += w;
  }
  return out;
}

function wasCut(value: unknown, cell: string): boolean {
  return cell.includes('…') && shownInline(cellText(value)) !== cell;
}

function isNumericCell(value: unknown): boolean {
  return value === null || value === undefined || typeof value === 'number' || value === '';
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
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  return value ?? null;
}

/** Rows a table waits for to size its columns; later rows are printed as they come, in those widths. */
export const TABLE_SAMPLE_ROWS = 1000;

/** Text is handed out in pieces of about this many characters. */
const PIECE_CHARS = 1 << 16;

/**
 * Receives the printer's text: whole lines, and `rows`, the number of data rows in all the text handed
 * out so far (this piece included).
 */
export type TextSink = (text: string, rows: number) => void;

/**
 * Turns rows into text as they come, in one of the formats: CSV and JSON row by row; a table sizes its
 * columns from its first TABLE_SAMPLE_ROWS rows, then prints each further row at once. No format holds
 * more than that sample.
 */
export class RowPrinter {
  /** Data rows added. */
  private count = 0;
  /** Data rows in the text handed to the sink. */
  private handedOut = 0;
  /** Text not yet handed out, and the rows it completes. */
  private chunk = '';
  private chunkRows = 0;
  /** A table's first rows, until its columns are sized; null once they are. */
  private sample: unknown[][] | null = [];
  private layout: ReturnType<typeof tableLayout> | null = null;
  /** A table's values cut to TABLE_CELL_MAX columns. */
  private cutCells = 0;
  /** JSON: the last row, written once it is known whether a comma follows it. */
  private previousJson: string | null = null;
  private readonly keys: string[];

  constructor(
    private readonly columns: readonly string[],
    private readonly format: QueryFormat,
    private readonly sink: TextSink,
  ) {
    this.keys = uniqueKeys(columns);
    if (format === 'csv') this.line(columns.map(csvField).join(','), 0);
    else if (format === 'json') this.line('[', 0);
  }

  add(rows: readonly unknown[][]): void {
    for (const r of rows) {
      this.count++;
      if (this.format === 'csv') this.line(r.map(csvField).join(','), 1);
      else if (this.format === 'json') {
        if (this.previousJson !== null) this.line(this.previousJson + ',', 1);
        const object: Record<string, unknown> = {};
        this.keys.forEach((k, i) => (object[k] = nestedJson(this.columns[i], r[i])));
        this.previousJson = JSON.stringify(object);
      } else if (this.sample) {
        this.sample.push(r);
        if (this.sample.length >= TABLE_SAMPLE_ROWS) this.startTable();
      } else {
        this.line(this.layout!.line(this.cells(r)), 1);
      }
    }
  }

  /** Ends the output (a table's row count, JSON's closing bracket) and hands out the rest; the number of rows. */
  end(): number {
    if (this.format === 'json') {
      if (this.previousJson !== null) this.line(this.previousJson, 1);
      this.line(']', 0);
    } else if (this.format === 'table') {
      if (this.sample) this.startTable();
      const cut = this.cutCells > 0 ? `; ${plural(this.cutCells, 'value')} cut to ${TABLE_CELL_MAX} columns at …: --format csv or json prints them whole` : '';
      this.line(`(${plural(this.count, 'row')}${cut})`, 0);
    }
    this.flush();
    return this.count;
  }

  /** Hands out the rows so far, without what ends the output: the statement failed part way. */
  partial(): number {
    if (this.format === 'table' && this.sample) this.startTable();
    if (this.format === 'json' && this.previousJson !== null) this.line(this.previousJson + ',', 1);
    this.previousJson = null;
    this.flush();
    return this.handedOut;
  }

  /** Hands out the text gathered so far. */
  flush(): void {
    if (!this.chunk) return;
    const text = this.chunk;
    this.handedOut += this.chunkRows;
    this.chunk = '';
    this.chunkRows = 0;
    this.sink(text, this.handedOut);
  }

  private line(text: string, rows: number): void {
    this.chunk += text + '\n';
    this.chunkRows += rows;
    if (this.chunk.length > PIECE_CHARS) this.flush();
  }

  private startTable(): void {
    const rows = this.sample ?? [];
    this.sample = null;
    this.layout = tableLayout(this.columns, rows);
    this.line(this.layout.line(this.columns.map(shownInline)), 0);
    this.line(this.layout.widths.map((w) => '-'.repeat(w)).join('  '), 0);
    for (const r of rows) this.line(this.layout.line(this.cells(r)), 1);
  }

  /** A row's cells as the table prints them, counting those cut. */
  private cells(row: readonly unknown[]): string[] {
    return row.map((value) => {
      const cell = tableCell(value);
      if (wasCut(value, cell)) this.cutCells++;
      return cell;
    });
  }
}
