import { existsSync, rmSync } from 'node:fs';
import { Option, type Command } from 'commander';
import cliProgress from 'cli-progress';
import { emptySummary, judgedSeverities, summaryLines, type BatchNotes } from '../audit/index.js';
import { plural, viewerUrl, type Platform } from '../events/index.js';
import { BatchFailure, countInputs, emptyWalkReport, inputProblem, DEFAULT_WORKER_MEMORY_MB, defaultWorkers, IN_THREAD_BELOW, noLogsMessage, notReadMessages, notLogCount, notLogsText, parseShard, runBatch, shardText, type BatchResult, type Shard } from '../batch/index.js';
import { openStore, type PreparedFinding } from '../store/index.js';
import { PLATFORM_TABLE, type RuleSet } from '../rules/index.js';
import { addLimitOptions, CliError, EXIT, limitsFromOptions, storeMessage, out, parseIntOption, platformOption, workerMemoryOption, say, outJson } from './common.js';
import { addLogSourceOptions, LOG_SOURCE_HELP, resolveLogInputs, type LogSourceOptions } from './log-inputs.js';
import { EtaEstimator, formatEta } from './progress.js';
import { stopOnSignals } from './signals.js';
import { addCommandHelp, signalExits, USAGE_EXIT } from './help.js';
import { expectedFault } from './output.js';
import { addRuleOptions } from './rule-options.js';
import { logRuleSetFromOptions } from './rule-sets.js';
import { clip } from './format.js';

export const DEFAULT_DB = 'kanshi.sqlite';

interface AuditOptions extends LogSourceOptions {
  db: string;
  workers?: number;
  json?: boolean;
  failOn?: 'error' | 'warning';
  force?: boolean;
  allowUnreadable?: boolean;
  progress: boolean;
  platform?: Platform;
  shard?: Shard;
  [knob: string]: unknown;
}

export function registerAuditCommand(program: Command): void {
  const command = program
    .command('audit')
    .description('replay logs under a rule profile, flag every kan irregularity, and write everything into SQLite')
    .argument('<path...>', 'log files or folders (read recursively; a file named twice, or inside a folder also named, is read once), or Tenhou log ids and viewer URLs (read from --fetch-dir)')
    .option('--db <file>', 'SQLite database to write (created if missing)', DEFAULT_DB)
    .option('--workers <n>', `worker threads, each auditing files and writing them into the database (default: this thread alone for fewer than ${IN_THREAD_BELOW.toLocaleString('en')} files, else one per core, ${defaultWorkers()} here; 0 = this thread only)`, parseIntOption('--workers', 0, 256))
    .option('--json', 'print the summary as one JSON object on stdout')
    .addOption(
      new Option('--fail-on <severity>', `exit ${EXIT.threshold} if any finding is at least this severe, among the games audited now and those passed over as audited already`).choices([
        'error',
        'warning',
      ]),
    )
    .option('--force', 'audit every file again, even those whose audit under these rules the database holds')
    .option('--allow-unreadable', 'an input that cannot be read (stored as an ingest-error finding) does not fail the audit: status 0 (or 3)')
    .option('--no-progress', 'no progress bar (it is shown only on a terminal anyway)')
    .addOption(platformOption())
    .addOption(workerMemoryOption(DEFAULT_WORKER_MEMORY_MB))
    .option(
      '--shard <K/N>',
      'audit only shard K of N of the inputs (by content hash: any machine can take any shard of the same inputs; kanshi merge joins the databases)',
      shardOption,
    );
  addRuleOptions(command);
  addLogSourceOptions(command);
  addLimitOptions(command);
  addCommandHelp(command, {
    text: `
Each game is replayed with the wall rebuilt from its seed and checked: riichi kans (riichiKan, okuriKan),
four-kan aborts and a fifth kan (suukaikan, fifthKan), chankan wins and impossible chankans
(kokushiAnkanChankan), who pays a rinshan tsumo after a daiminkan (daiminkanPao), kans after the last
live tile, a daiminkan on the last discard, a kan right after chi or pon, missing replacement draws,
kandora reveal timing, wall mismatches, and files that cannot be read. Without --profile each game is
audited under its platform's profile (${PLATFORM_TABLE.map((p) => `${p.platform}: ${p.defaultProfile}`).join(', ')}), with
any knob flags on top; --platform says where the games were played when the logs do not. Games,
players, hands, kans, reveals, wins, aborts and findings go into the database; auditing the same file
again under the same rules changes nothing, and audits under other rules are kept apart.
Files whose audit under the same rules the database holds are passed over (--force audits them again),
so an interrupted audit (Ctrl-C, or killed), which leaves a database that opens, is completed by
running it again, and a growing folder is audited only for its new files. The findings stored for the
games passed over still count toward --fail-on: a second run over the same files fails as the first did.
Games are counted as the database keys them, by content: a file with the same bytes as another input is
reported as a duplicate, not as a second game. Inside folders only files ending in .mjlog, .xml, .json,
.jsonl, .ndjson or .gz (or named like a Tenhou log id) are read; the others (hidden ones aside) are
counted as skipped, by extension; a file named on the command line is read whatever its name. --json
gives these as passedOverCount (games passed over), passedOverSeverityCounts, judgedSeverityCounts
(what --fail-on judges), duplicateFileCount, notLogFileCount, notLogFileCountsByExtension and
noLogFilesIn.

A file that cannot be read (empty, truncated, not a log; or a named pipe, socket or device inside a
folder) is stored as an ingest-error finding with why, counted in failedFileCount, and fails the audit:
one line on stderr gives the count and the query that lists them. -, /dev/stdin and /dev/fd/N are read
as streams (kanshi audit <(zcat log.gz)); a named pipe, socket or device named otherwise is refused.

With --shard K/N only the files whose content hash (SHA-256, its first 8 hex digits as a number, modulo
N) is K - 1 are audited; the others are read for their hash only and counted as left to other shards
(otherShardFileCount with --json). Run the N shards anywhere, each into its own database, then join them
with kanshi merge A.sqlite B.sqlite … --into ALL.sqlite (docs/architecture.md, "Past one machine").

${LOG_SOURCE_HELP} The logs found or downloaded are audited with the rest.

The inputs are checked before the database is opened: when none of them can be read (or no id is in
--fetch-dir), nothing is audited and no database is created.`,
    exit: [
      [EXIT.ok, 'every input was read and audited (and, with --fail-on, no finding is that severe)'],
      [
        EXIT.failed,
        'an input could not be read or audited (one line counts them; --allow-unreadable lets them pass), a path does not exist or holds no log file ("no log files found in PATH"), a log id is not in --fetch-dir or could not be downloaded; or the database refused the writes (its disk full, locked past the timeout, read-only): what was committed before is kept, one line names the database, and the summary still comes (error with --json)',
      ],
      USAGE_EXIT,
      [EXIT.threshold, 'with --fail-on, when every input was read: a finding of a game audited now or passed over is that severe (an input not read is 1, which comes first)'],
      ...signalExits('the files in progress were finished and committed (interrupted and signal with --json; run the command again to complete the audit)'),
    ],
    examples: `
  kanshi audit logs
  kanshi audit ~/tenhou/2023 --db phoenix.sqlite --profile pro-strict --json
  kanshi audit logs --riichi-kan strict --fail-on error
  kanshi audit logs --shard 2/8 --db shard-2.sqlite
  kanshi audit 2020052221gm-00a9-0000-6f0524c7 2016052515gm-00a9-0000-c4d72066 --fetch
  kanshi stats --db phoenix.sqlite`,
  });
  command.action(async (args: string[], opts: AuditOptions) => {
    const ruleSet = logRuleSetFromOptions(opts);
    const { paths, unresolved } = await resolveLogInputs(args, opts);
    for (const u of unresolved) say(`kanshi: ${u.input}: ${u.reason}`);
    // The inputs before the database: an audit of nothing creates nothing (a glob of many files stops at the first).
    if (!paths.some((path) => inputProblem(path) === null)) {
      for (const path of paths) say(`kanshi: ${path}: ${inputProblem(path) ?? 'cannot be read'}`);
      say(`kanshi: nothing to audit: no input given can be read (${opts.db} was not opened)`);
      process.exitCode = EXIT.failed;
      return;
    }
    // A database this run creates and then reads no log into is removed again (an empty folder, say).
    const creates = !existsSync(opts.db);
    let nothingRead = false;
    let store;
    const started = Date.now();
    try {
      store = openStore(opts.db);
    } catch (err) {
      // src/store names the file already (`cannot open x.sqlite: database is locked`): say it once.
      const why = storeMessage(err as Error).replace(`cannot open ${opts.db}: `, '');
      const error = `cannot open the database ${opts.db}: ${why}`;
      // --json promises the summary, with its error: nothing audited.
      if (opts.json) {
        const none: BatchResult = { workers: 0, files: 0, missing: 0, interrupted: false, skipped: 0, passedOver: [], duplicates: 0, summary: emptySummary(), walk: emptyWalkReport(), otherShards: 0 };
        const zero = { error: 0, warning: 0, info: 0 };
        outJson(jsonSummary(opts, ruleSet, { result: none, stored: zero, judged: zero, examples: [], db: null, started, signal: null, error }));
      }
      throw new CliError(error, EXIT.failed);
    }
    let failedPaths = unresolved.length;
    // Ctrl-C or SIGTERM: the files in progress are finished and committed, no other is started (130, 143).
    const stop = stopOnSignals('the files in progress');
    const showBar = opts.progress && process.stderr.isTTY === true;
    let bar: cliProgress.SingleBar | null = null;
    let eta: EtaEstimator | null = null;
    // This run's findings for the summary: all of them for --json, else only enough per kind for the
    // lines printed (a million-game run must not hold every finding to print three of each kind).
    const found: PreparedFinding[] = [];
    const keepPerKind = opts.json ? Infinity : EXAMPLES_PER_KIND;
    const perKind = new Map<string, PreparedFinding[]>();
    const keep = (f: PreparedFinding) => {
      if (keepPerKind === Infinity) return void found.push(f);
      const kept = perKind.get(f.kind) ?? [];
      perKind.set(f.kind, kept);
      kept.push(f);
      if (kept.length > 8 * keepPerKind) kept.splice(0, kept.length, ...firstFindings(kept, keepPerKind));
    };
    try {
      if (showBar) {
        const total = await countInputs(paths);
        bar = new cliProgress.SingleBar(
          { format: 'auditing [{bar}] {value}/{total} files  {rate} games/s  eta {remaining}', stream: process.stderr, hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
        // not cli-progress's own {eta}: see src/cli/progress.ts
        eta = new EtaEstimator(total);
        bar.start(total, 0, { rate: '0', remaining: formatEta(null) });
      }
      let result: BatchResult;
      // The database refusing the writes (full, locked past its timeout, an I/O error) stops the batch: what
      // was committed before stays, and the summary still comes, naming the database and why.
      let failure: string | null = null;
      try {
        result = await runBatch({
          paths,
          ruleSet,
          platform: opts.platform,
          workers: opts.workers,
          signal: stop.signal,
          db: opts.db,
          // A database with no audit under these rules has nothing to pass over: no lookup per file.
          resume: !opts.force && store.hasAuditsUnder(ruleSet.key),
          limits: limitsFromOptions(opts),
          ...(typeof opts.maxWorkerMemory === 'number' ? { workerMemoryMb: opts.maxWorkerMemory } : {}),
          shard: opts.shard ?? null,
          // This run's findings, as the workers wrote them (the batch's games only, no query after).
          onFindings: (findings) => {
            for (const f of findings) keep(f);
          },
          onMissing: (path, reason) => {
            failedPaths++;
            bar?.stop();
            say(`kanshi: ${path}: ${reason}`);
          },
          onProgress: (done) => {
            if (!bar || !eta) return;
            const now = Date.now();
            bar.update(done, { rate: (done / Math.max(0.001, (now - started) / 1000)).toFixed(0), remaining: formatEta(eta.update(done, now)) });
          },
        });
      } catch (err) {
        if (!(err instanceof BatchFailure)) throw err;
        result = err.partial;
        failure = batchFailureText(opts.db, err.failure);
      }
      bar?.stop();
      if (failure) say(`kanshi: ${failure}`);
      const summary = result.summary;
      // Files read but not audited (ingest-error, audit-error): stored, each with why; said once below.
      const unreadStored = summary.failedFileCount;
      summary.failedFileCount += failedPaths;
      // The games passed over were judged when they were audited: their stored findings are part of this
      // run's verdict, or a second run over flagged files would pass where the first failed.
      const stored = storedOrNone(() => store.storedSeverities(result.passedOver, ruleSet.key), failure);
      const notes: BatchNotes = { passedOver: result.skipped, passedOverSeverities: stored.severities, duplicateFiles: result.duplicates };
      const judged = judgedSeverities(summary, notes);
      // A CI gate must not go green on nothing: say which paths held no log file.
      for (const path of result.walk.empty) say(`kanshi: ${noLogsMessage(path)}`);
      // Links to folders, named pipes and the like inside a folder are passed over: say so.
      for (const line of notReadMessages(result.walk)) say(`kanshi: ${line}`);
      const seconds = (Date.now() - started) / 1000;
      nothingRead = creates && result.walk.files === 0 && !result.interrupted;
      if (opts.json) {
        const signal = stop.stopping ? (stop.exitCode() === EXIT.terminated ? 'SIGTERM' : 'SIGINT') : null;
        outJson(jsonSummary(opts, ruleSet, { result, stored: stored.severities, judged, examples: findingExamples(found, Infinity), db: nothingRead ? null : opts.db, started, signal, error: failure }));
      } else {
        const head =
          (nothingRead
            ? `nothing audited: no log file was read, so ${opts.db} was not created`
            : `audited under ${rulesName(ruleSet)} into ${opts.db} in ${seconds.toFixed(1)} s`) +
          (failure ? ' (stopped: the database refused the writes; what was committed before is kept)' : result.interrupted ? ' (interrupted: run again to complete)' : '');
        say(head);
        const lines = summaryLines(summary, notes);
        const skippedFiles = notLogsText(result.walk.notLogs);
        if (skippedFiles) lines.splice(1, 0, skippedFiles);
        if (opts.shard) lines.splice(1, 0, shardLine(opts.shard, result.otherShards));
        lines.push(...exampleLines(findingExamples([...perKind.values()].flat(), EXAMPLES_PER_KIND)));
        for (const line of lines) out(line);
      }
      // A file that could not be read fails the audit (as it fails info and verify), however many others were.
      if (unreadStored > 0) say(`kanshi: ${unreadLine(unreadStored, opts.db)}`);
      if (result.interrupted) process.exitCode = stop.exitCode() ?? EXIT.interrupted;
      else if (failure) process.exitCode = EXIT.failed;
      else if (result.missing > 0 || unresolved.length > 0 || result.walk.files === 0 || (unreadStored > 0 && !opts.allowUnreadable)) process.exitCode = EXIT.failed;
      else if (opts.failOn === 'error' && judged.error > 0) process.exitCode = EXIT.threshold;
      else if (opts.failOn === 'warning' && judged.error + judged.warning > 0) process.exitCode = EXIT.threshold;
    } finally {
      bar?.stop();
      stop.dispose();
      store.close();
      if (nothingRead) removeUnusedDatabase(opts.db);
    }
  });
}

/** What the --json summary is made of beyond the batch's result. */
interface JsonParts {
  result: BatchResult;
  /** The stored severities of the games passed over, and those --fail-on judges. */
  stored: Record<'error' | 'warning' | 'info', number>;
  judged: Record<'error' | 'warning' | 'info', number>;
  examples: FindingExample[];
  /** The database written, null when none was (nothing read, or it could not be opened). */
  db: string | null;
  started: number;
  signal: 'SIGINT' | 'SIGTERM' | null;
  error: string | null;
}

/** The --json summary: one object, the same keys whether the audit ran, stopped, or could not open its database. */
function jsonSummary(opts: AuditOptions, ruleSet: RuleSet, p: JsonParts): Record<string, unknown> {
  // A profile names the rules only when they are exactly its own (no knob flag changed them).
  const { rules, profile } = ruleSet;
  const byPlatform = ruleSet.byPlatform ? platformProfiles() : null;
  const { result } = p;
  // CPU time of the whole process (every thread: workers, compilers, collectors), start-up included.
  const cpu = process.cpuUsage();
  return {
    ...result.summary,
    passedOverCount: result.skipped,
    passedOverSeverityCounts: p.stored,
    judgedSeverityCounts: p.judged,
    duplicateFileCount: result.duplicates,
    notLogFileCount: notLogCount(result.walk.notLogs),
    notLogFileCountsByExtension: result.walk.notLogs,
    noLogFilesIn: result.walk.empty,
    ...(opts.shard ? { shard: shardText(opts.shard), otherShardFileCount: result.otherShards } : {}),
    profile,
    rules,
    ...(byPlatform ? { platformProfiles: byPlatform } : {}),
    examples: p.examples,
    db: p.db,
    workerCount: result.workers,
    seconds: Number(((Date.now() - p.started) / 1000).toFixed(3)),
    cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(3)),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    interrupted: result.interrupted,
    ...(p.signal ? { signal: p.signal } : {}),
    ...(p.error ? { error: p.error } : {}),
  };
}

/**
 * The one line of a batch stopped by a failure: the database named with what SQLite or the system said
 * (`cannot write the database x.sqlite: database or disk is full`); anything else is kanshi's own failure.
 */
const SQLITE_FAULTS = /^(database or disk is full|database is locked|database table is locked|disk I\/O error|attempt to write a readonly database|unable to open database file|database disk image is malformed|file is not a database)/;

function batchFailureText(db: string, err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  // A worker's error arrives without its code (src/batch/worker.ts passes it on, structured cloning drops it): SQLite's words say it.
  const sqlite = (typeof code === 'string' && code.startsWith('SQLITE_')) || SQLITE_FAULTS.test((err as Error | null)?.message ?? '');
  if (sqlite || expectedFault(err) !== null) {
    return `cannot write the database ${db}: ${storeMessage(err as Error)}`;
  }
  return `the audit stopped on kanshi's own failure (a bug; please report it): ${err instanceof Error ? err.stack ?? err.message : String(err)}`;
}

/** The stored severities of the games passed over; none when the database failed (it may refuse the read as well). */
function storedOrNone<T extends { severities: Record<'error' | 'warning' | 'info', number> }>(read: () => T, failure: unknown): Pick<T, 'severities'> {
  try {
    return read();
  } catch (err) {
    if (failure) return { severities: { error: 0, warning: 0, info: 0 } as T['severities'] };
    throw err;
  }
}

/**
 * `2 inputs could not be read or audited: their findings say why (kanshi query …)`, the one line for the
 * files stored as ingest-error or audit-error findings.
 */
function unreadLine(count: number, db: string): string {
  const dbFlag = db === DEFAULT_DB ? '' : ` --db ${/^[\w./-]+$/.test(db) ? db : `'${db.replace(/'/g, `'\\''`)}'`}`;
  const sql = `SELECT file, message FROM finding_list WHERE kind IN ('ingest-error', 'audit-error')`;
  return `${plural(count, 'input')} could not be read or audited: their findings say why (kanshi query${dbFlag} "${sql}")`;
}

function shardOption(value: string): Shard {
  const shard = parseShard(value);
  if ('error' in shard) throw new CliError(shard.error);
  return shard;
}

/** `shard 1/4: 312 files left to other shards (not audited, not counted)`. */
function shardLine(shard: Shard, others: number): string {
  return `shard ${shardText(shard)}: ${plural(others, 'file')} left to other shards (not audited, not counted)`;
}

/** Findings of each kind listed at the end of the text summary (all of them with --json). */
const EXAMPLES_PER_KIND = 3;

export interface FindingExample {
  kind: string;
  file: string;
  logId: string | null;
  /** Position of the hand in the game, 1-based; null for the whole game. */
  hand: number | null;
  seat: number | null;
  message: string;
  viewerUrl: string | null;
}

/**
 * The first findings of each kind (by file, then their order in the game's audit; the batch writes in
 * no fixed order), with the viewer link of the hand from the seat concerned.
 */
export function findingExamples(found: readonly PreparedFinding[], perKind: number): FindingExample[] {
  const sorted = [...found].sort(byKindFileOrdinal);
  const examples: FindingExample[] = [];
  let kind = '';
  let n = 0;
  for (const f of sorted) {
    if (f.kind !== kind) [kind, n] = [f.kind, 0];
    if (n++ >= perKind) continue;
    examples.push({ kind: f.kind, file: f.file, logId: f.logId, hand: f.hand, seat: f.seat, message: f.message, viewerUrl: viewerUrl(f.logId, f.seat, f.hand) });
  }
  return examples;
}

/** A finding's message in the summary's examples is cut here (the lobby-rule finding's ran to 646 characters). */
const EXAMPLE_MESSAGE_CHARS = 240;

function exampleLines(examples: readonly FindingExample[]): string[] {
  if (examples.length === 0) return [];
  const lines = ['', `first findings of each kind (up to ${EXAMPLES_PER_KIND}; all with --json, or kanshi query "SELECT * FROM finding_list"):`];
  let kind = '';
  for (const e of examples) {
    if (e.kind !== kind) lines.push(`  ${(kind = e.kind)}`);
    const where = e.hand === null ? '' : ` hand ${e.hand}${e.seat === null ? '' : `, seat ${e.seat}`}`;
    lines.push(`    ${e.file}${where}: ${clip(e.message, EXAMPLE_MESSAGE_CHARS, '--json has the whole message')}`);
    if (e.viewerUrl) lines.push(`      ${e.viewerUrl}`);
  }
  return lines;
}

/** The profile whose values the rule set `platform` takes for each platform's games. */
function platformProfiles(): Record<Platform, string> {
  return Object.fromEntries(PLATFORM_TABLE.map((p) => [p.platform, p.defaultProfile])) as Record<Platform, string>;
}

/** "profile tenhou", "custom rules", or the rule set `platform` with each platform's profile. */
function rulesName(set: RuleSet): string {
  if (!set.byPlatform) return set.profile ? `profile ${set.profile}` : 'custom rules';
  const each = PLATFORM_TABLE.map((x) => `${x.title.replace(/ \(.*/, '')} logs ${x.defaultProfile}`).join(', ');
  return `rule set ${set.profile} (${each})`;
}

function byKindFileOrdinal(a: PreparedFinding, b: PreparedFinding): number {
  return a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.file < b.file ? -1 : a.file > b.file ? 1 : a.ordinal - b.ordinal;
}

/** The first `n` findings (by file, then order in the audit) of one kind's list. */
function firstFindings(kept: readonly PreparedFinding[], n: number): PreparedFinding[] {
  return [...kept].sort(byKindFileOrdinal).slice(0, n);
}

/**
 * Removes the database file an audit created and read nothing into, unless another connection has it open
 * (its WAL files are still there: a second audit creating the same file at the same moment).
 */
function removeUnusedDatabase(file: string): void {
  if (existsSync(`${file}-wal`) || existsSync(`${file}-shm`)) return;
  rmSync(file, { force: true });
  rmSync(`${file}-journal`, { force: true });
}
