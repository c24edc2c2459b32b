import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import cliProgress from 'cli-progress';
import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  ArchiveError,
  FETCH_DEFAULTS,
  LogRefError,
  MAX_ARCHIVE_PAGE_BYTES,
  MAX_REDIRECTS,
  extractArchiveLogIds,
  tooLargeForAPage,
  fetchLogs,
  parseLogList,
  parseLogRef,
  type FetchEvent,
  type FetchOutcome,
  type FetchSummary,
  type FetchFormat,
} from '../fetch/index.js';
import { DEFAULT_LIMITS, LIMIT_FLAGS, systemErrorText } from '../ingest/index.js';
import { addLimitOptions, CliError, EXIT, checkBaseUrl, limitsFromOptions, parseIntOption, say, outJson } from './common.js';
import { plural } from './format.js';
import { shown } from './safe-text.js';
import { stopOnSignals } from './signals.js';
import { addCommandHelp, signalExits } from './help.js';

interface FetchCliOptions {
  list?: string[];
  archive?: string[];
  out: string;
  format: FetchFormat;
  delayMs: number;
  retries: number;
  concurrency: number;
  baseUrl: string;
  timeoutMs: number;
  fsync?: boolean;
  json?: boolean;
  /** --max-log-bytes and the other limits (addLimitOptions). */
  [limit: string]: unknown;
}

/** The ids to fetch, in the order given, each once; `given` keeps an obfuscated id as the user wrote it. */
interface Requested {
  ids: string[];
  given: Map<string, string>;
}

const MAX_PROBLEMS_SHOWN = 20;

/** `--format`: mjlog or tenhou6, and the older names xml and json for them. */
function fetchFormat(value: string): FetchFormat {
  if (value === 'mjlog' || value === 'xml') return 'mjlog';
  if (value === 'tenhou6' || value === 'json') return 'tenhou6';
  throw new InvalidArgumentError('Allowed choices are mjlog, tenhou6 (or xml, json).');
}

export function registerFetchCommand(program: Command): void {
  const command = program.command('fetch');
  command
    .description('download Tenhou logs into a folder, politely and resumably; only valid logs are saved')
    .argument('[log...]', 'log ids (also old …-x ids) or viewer URLs such as https://tenhou.net/0/?log=ID&tw=1')
    .option('--list <file>', 'a file of log ids or URLs, one a line, # comments allowed ("-" reads stdin); repeatable', collect)
    .option('--archive <file>', 'a Tenhou archive page (scc*.html, plain or gzip): fetch every log=ID it links; repeatable', collect)
    .option('-o, --out <dir>', 'folder to save the logs in', 'logs')
    .addOption(
      new Option('--format <format>', 'mjlog: /0/log/?ID saved as gzip ID.mjlog; tenhou6: /5/mjlog2json.cgi?ID saved as ID.json (xml and json, the older names, are still taken)')
        .choices(['mjlog', 'tenhou6', 'xml', 'json'])
        .default(FETCH_DEFAULTS.format)
        .argParser(fetchFormat),
    )
    .option('--delay-ms <n>', 'pause after each request before the next one on the same connection', parseIntOption('--delay-ms', 0, 600_000), FETCH_DEFAULTS.delayMs)
    .option('--retries <n>', 'further attempts after a timeout, a connection error or a 5xx answer', parseIntOption('--retries', 0, 20), FETCH_DEFAULTS.retries)
    .option('--concurrency <n>', 'connections at once; Tenhou asks bulk downloaders to use one', parseIntOption('--concurrency', 1, 16), FETCH_DEFAULTS.concurrency)
    .option('--base-url <url>', 'where Tenhou is (a mirror, or a local server)', FETCH_DEFAULTS.baseUrl)
    .option('--timeout-ms <n>', 'the most one attempt may take, from connecting to the last byte of the body', parseIntOption('--timeout-ms', 1, 3_600_000), FETCH_DEFAULTS.timeoutMs)
    .option('--fsync', 'flush each file to disk before renaming it into place')
    .option('--json', "print a JSON summary with every id's outcome on stdout");
  addCommandHelp(command, {
    text: `
Each answer is read with kanshi's own log reader before it is saved. Not saved: an empty body, an
HTML error page, a truncated log, a body over ${LIMIT_FLAGS.maxLogBytes} (${DEFAULT_LIMITS.maxLogBytes / 1024 ** 2}M) as it arrives or once its gzip
is inflated, a log over the other limits, and a log that shows it is another game's: an mjlog whose
GO type or lobby differs from the id's, or a tenhou.net/6 JSON whose ref is another id. That is all
that can be tied to the id: an mjlog does not name it, so another game of the same type and lobby
served under the id would be saved (and so would a JSON without a ref).

Files are written only in --out, under a temporary name (.kanshi-tmp-…, which kanshi info ignores),
and renamed once complete; ids already in the folder are skipped without a request, so running the
same command again resumes an interrupted download, and temporary files left by a killed run are
removed. The folder is made when the first log is saved: a run that saves none (offline) leaves none.

What you can give, as arguments or one a line in a --list file:
  2016052515gm-00a9-0000-c4d72066                  a log id (the lobby may have 5 digits)
  2012090306gm-0089-0000-x666f4d41e26b             an old obfuscated id, decoded to the real one
  https://tenhou.net/0/?log=ID&tw=1&ts=3           a viewer URL (/0/, /3/, /5/ or /6/)
  https://tenhou.net/0/log/?ID                     a raw-log URL

Politeness: one connection and a pause of --delay-ms after each request by default. A retry waits
--delay-ms (at least 100 ms), doubling each time, or longer if the server sends Retry-After (at most
60 s).

Limits: each attempt must end within --timeout-ms, from connecting to the body's last byte (a body
that trickles in times out, and is retried like any timeout). Redirects are followed within the
--base-url's host only, at most ${MAX_REDIRECTS}; a redirect to another host is not followed, and the id fails.
An --archive page may hold ${MAX_ARCHIVE_PAGE_BYTES / 1024 ** 2} MiB, on disk or decompressed.

Outcome of each id (one progress line each on stderr, then a summary):
  saved      written to the folder
  skipped    already in the folder (ID.mjlog or ID.xml; ID.json for --format tenhou6)
  not found  HTTP 404: no such log, or the game is still being played
  invalid    the answer was not that log, or too large (nothing is saved)
  failed     no answer after the retries, another HTTP error, or a redirect to another host`,
    exit: [
      [EXIT.ok, 'every id was saved or skipped'],
      [EXIT.failed, 'an id was not found, invalid or failed (run the command again to retry those: the saved ones are skipped), or --out cannot be made or written'],
      [EXIT.usage, 'a usage error, such as a bad id or list line, reported before anything is downloaded'],
      ...signalExits('the downloads in progress were finished (notStarted with --json lists the others)'),
    ],
    examples: `
  kanshi fetch 2016052515gm-00a9-0000-c4d72066
  kanshi fetch --list ids.txt --out logs
  kanshi fetch --archive scc20240101.html.gz --out logs/2024 --json > fetch-report.json
  kanshi fetch 'https://tenhou.net/0/?log=2016052515gm-00a9-0000-c4d72066&tw=1' --format tenhou6`,
  });
  command.action(async (refs: string[], opts: FetchCliOptions) => {
    checkBaseUrl(opts.baseUrl);
    const requested = collectIds(refs, opts.list ?? [], opts.archive ?? []);
    if (requested.ids.length === 0) {
      throw new CliError('nothing to fetch: give log ids or URLs, --list FILE or --archive FILE (see kanshi fetch --help)');
    }
    if (opts.concurrency > 1 && /(^|\.)tenhou\.net$/.test(new URL(opts.baseUrl).hostname)) {
      say(`kanshi: note: --concurrency ${opts.concurrency}; Tenhou asks bulk downloaders to use one connection`);
    }
    const progress = new ProgressReport(requested, opts.out, Boolean(process.stderr.isTTY));
    // Ctrl-C or SIGTERM: the downloads in progress finish (each saved whole or not at all), no other id
    // is started, and the summary counts those not started (130, 143).
    const stop = stopOnSignals('the downloads in progress');
    let summary: FetchSummary;
    try {
      summary = await fetchLogs(requested.ids, {
        outDir: opts.out,
        format: opts.format,
        baseUrl: opts.baseUrl,
        delayMs: opts.delayMs,
        retries: opts.retries,
        concurrency: opts.concurrency,
        timeoutMs: opts.timeoutMs,
        limits: limitsFromOptions(opts),
        fsync: Boolean(opts.fsync),
        onProgress: (event) => progress.onEvent(event),
        signal: stop.signal,
      }).catch((err: unknown) => {
        // Each id's failure is an outcome: what is thrown is about --out, which is made only when a log is
        // saved, and refused before anything is downloaded (a file in its place, a read-only folder above it).
        // The machine's refusal, not a wrong command line: status 1.
        throw new CliError(`--out ${opts.out}: cannot create the folder: ${systemErrorText(err)}`, EXIT.failed);
      });
    } finally {
      stop.dispose();
      progress.stop();
    }
    say(summaryLine(summary, opts.out));
    if (opts.json) outJson(jsonSummary(summary, requested, opts));
    if (summary.saved + summary.skipped < summary.total) process.exitCode = 1;
    if (stop.exitCode() !== null) process.exitCode = stop.exitCode()!;
  });
  // The limits of every command that reads logs: each download is read with the same reader.
  addLimitOptions(command);
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Reads every source; all bad entries are reported together, before any download. */
function collectIds(refs: string[], lists: string[], archives: string[]): Requested {
  const ids: string[] = [];
  const seen = new Set<string>();
  const given = new Map<string, string>();
  const problems: string[] = [];
  const add = (id: string, obfuscated: string | null) => {
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
    if (obfuscated) given.set(id, obfuscated);
  };
  for (const text of refs) {
    try {
      const ref = parseLogRef(text);
      add(ref.id, ref.obfuscated);
    } catch (err) {
      if (!(err instanceof LogRefError)) throw err;
      problems.push(err.message);
    }
  }
  for (const file of lists) {
    const { entries, problems: bad } = parseLogList(readInput(file, '--list'));
    for (const entry of entries) add(entry.ref.id, entry.ref.obfuscated);
    for (const p of bad) problems.push(`${file === '-' ? 'stdin' : file}:${p.line}: ${p.message}`);
  }
  for (const file of archives) {
    try {
      const found = extractArchiveLogIds(readArchivePage(file));
      if (found.length === 0) problems.push(`${file}: no log=ID links found (is it an scc*.html archive page?)`);
      for (const id of found) add(id, null);
    } catch (err) {
      if (!(err instanceof ArchiveError)) throw err;
      problems.push(`${file}: ${err.message}`);
    }
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_PROBLEMS_SHOWN);
    if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more`);
    throw new CliError(`nothing was downloaded; fix these first:\n  ${shown.join('\n  ')}`);
  }
  return { ids, given };
}

function readInput(file: string, option: string): string {
  if (file === '-') return readFileSync(0, 'utf8');
  return readFileOrFail(file, option).toString('utf8');
}

/** An archive page, its size checked before it is read (a page is a few MB; the cap is extractArchiveLogIds'). */
function readArchivePage(file: string): Buffer {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (err) {
    throw new CliError(`--archive ${file}: ${systemErrorText(err)}`);
  }
  if (size > MAX_ARCHIVE_PAGE_BYTES) {
    throw new ArchiveError(tooLargeForAPage(`has ${size.toLocaleString('en-US')} bytes, more than ${MAX_ARCHIVE_PAGE_BYTES.toLocaleString('en-US')}`));
  }
  return readFileOrFail(file, '--archive');
}

function readFileOrFail(file: string, option: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new CliError(`${option} ${file}: ${systemErrorText(err)}`);
  }
}

const STATUS_WORDS: Record<FetchOutcome['status'], string> = {
  saved: 'saved',
  skipped: 'skipped',
  'not-found': 'not found',
  invalid: 'invalid',
  failed: 'failed',
};

/** One line per id when stderr is not a terminal; a live counter (and problems above it) when it is. */
class ProgressReport {
  private readonly bars: cliProgress.MultiBar | null;
  private readonly bar: cliProgress.SingleBar | null;
  private readonly counts = { saved: 0, skipped: 0, notFound: 0, invalid: 0, failed: 0 };

  constructor(
    private readonly requested: Requested,
    private readonly outDir: string,
    live: boolean,
  ) {
    if (live) {
      this.bars = new cliProgress.MultiBar(
        {
          stream: process.stderr,
          format: 'fetch {bar} {value}/{total}  saved {saved}  skipped {skipped}  not found {notFound}  invalid {invalid}  failed {failed}  {current}',
          hideCursor: true,
          clearOnComplete: true,
        },
        cliProgress.Presets.shades_classic,
      );
      this.bar = this.bars.create(requested.ids.length, 0, { ...this.counts, current: '' });
    } else {
      this.bars = null;
      this.bar = null;
    }
  }

  onEvent(event: FetchEvent): void {
    switch (event.type) {
      case 'start':
        this.bar?.update({ current: event.id });
        return;
      case 'retry':
        this.line(`  ${event.id}  retry after attempt ${event.attempt} in ${seconds(event.waitMs)}: ${event.reason}`);
        return;
      case 'cleaned':
        this.line(`removed a temporary file left by an interrupted run: ${event.path}`);
        return;
      case 'done': {
        const o = event.outcome;
        this.count(o.status);
        this.bar?.update(event.done, { ...this.counts });
        // On a terminal only problems get a line of their own; the counter shows the rest.
        if (this.bar && (o.status === 'saved' || o.status === 'skipped')) return;
        this.line(`[${event.done}/${event.total}] ${o.id}  ${STATUS_WORDS[o.status]}  ${this.detail(o)}`);
        return;
      }
    }
  }

  stop(): void {
    // cli-progress writes logged lines at its next redraw; draw once more so none is lost.
    this.bars?.update();
    this.bars?.stop();
  }

  private count(status: FetchOutcome['status']): void {
    if (status === 'not-found') this.counts.notFound++;
    else this.counts[status]++;
  }

  private detail(o: FetchOutcome): string {
    const given = this.requested.given.get(o.id);
    const from = given ? `  (given as ${given})` : '';
    switch (o.status) {
      case 'saved':
        return `${o.file} (${kilobytes(o.bytes ?? 0)} received${o.attempts > 1 ? `, ${o.attempts} attempts` : ''})${from}`;
      case 'skipped':
        return `already in ${o.file ?? join(this.outDir, o.id)}${from}`;
      default:
        return `${o.reason ?? ''}${from}`;
    }
  }

  private line(text: string): void {
    if (this.bars) this.bars.log(shown(text) + '\n');
    else say(text);
  }
}

function summaryLine(s: FetchSummary, outDir: string): string {
  return (
    `kanshi: fetch of ${plural(s.total, 'log')} into ${outDir}: ${s.saved} saved, ${s.skipped} skipped (already there), ` +
    `${s.notFound} not found, ${s.invalid} invalid, ${s.failed} failed` +
    (s.notStarted > 0 ? `, ${s.notStarted} not started (stopped by a signal: run the command again to fetch them)` : '')
  );
}

function jsonSummary(s: FetchSummary, requested: Requested, opts: FetchCliOptions) {
  return {
    out: opts.out,
    format: opts.format,
    baseUrl: opts.baseUrl,
    total: s.total,
    saved: s.saved,
    skipped: s.skipped,
    notFound: s.notFound,
    invalid: s.invalid,
    failed: s.failed,
    notStarted: s.notStarted,
    outcomes: s.outcomes.map((o) => {
      const given = requested.given.get(o.id);
      return given ? { ...o, given } : o;
    }),
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}
