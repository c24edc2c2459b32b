/**
 * `kanshi query [--db FILE] SQL [--format table|csv|json] [--timeout S]`: one read-only statement on the
 * audit database, its rows printed as they come by a process of its own (query-child.ts), which this
 * command stops at --timeout or on Ctrl-C.
 */
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Option, type Command } from 'commander';
import { READ_PRAGMAS, StoreError, openStore, type Store } from '../store/index.js';
import { DEFAULT_DB } from './audit.js';
import { systemErrorText } from '../ingest/index.js';
import { BY_PLATFORM, PROFILE_NAMES, isByPlatform, isProfileName } from '../rules/index.js';
import { CliError, EXIT, storeMessage, say } from './common.js';
import { plural } from './format.js';
import type { QueryCommand, QueryReply, QueryRequest } from './query-child.js';
import { TABLE_CELL_MAX, TABLE_SAMPLE_ROWS, type QueryFormat } from './query-format.js';
import { SIGNAL_EXIT, type StopSignal } from './signals.js';
import { addCommandHelp, signalExitsAtOnce, USAGE_EXIT } from './help.js';

/** `--db`, `--profile NAME` and `--rules-key KEY`: which database, and which of its rule sets, `stats` and `report` read. */
export function addRuleSetChoiceOptions(command: Command): Command {
  return command
    .option('--db <file>', 'the audit database (written by kanshi audit)', DEFAULT_DB)
    .option('--profile <name>', 'report on the latest audit under this profile or rule-set name, e.g. tenhou+kandoraTiming=immediate (default: the latest audit of all)')
    .addOption(new Option('--rules-key <key>', 'report on the audit under exactly these rules (a rules_key of the rule_sets table)').conflicts('profile'));
}

/** A `--profile` that names no profile is a usage error before the database is opened. A rule set's name starts with its profile (tenhou+kandoraTiming=immediate). */
export function checkProfileChoice(profile: string | undefined): void {
  if (profile !== undefined && !isProfileName(profile.split('+')[0]) && !isByPlatform(profile)) {
    throw new CliError(
      `unknown profile "${profile}" (profiles: ${PROFILE_NAMES.join(', ')}; ${BY_PLATFORM}, the rule set of an audit that named none; or a rule set's name such as tenhou+kandoraTiming=immediate)`,
    );
  }
}

/** Opens the database for reading, with the CLI's messages for a missing or foreign file. */
export function openForReading(file: string): Store {
  try {
    return openStore(file, { readonly: true, letWritersIn: true });
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
  const command = program
    .command('query')
    .description('run one read-only SQL statement on the audit database and print its rows')
    .argument('<sql>', 'one SQL statement that returns rows: SELECT, WITH … SELECT, PRAGMA or EXPLAIN')
    .option('--db <file>', 'the audit database (written by kanshi audit)', DEFAULT_DB)
    .addOption(new Option('--format <format>', 'table (aligned, for reading), csv (RFC 4180) or json (an array of objects; JSON columns such as tiles, yaku and details nested)').choices(['table', 'csv', 'json']).default('table'))
    .option('--timeout <seconds>', 'stop the statement after this long (0: no limit); time waiting for a slow reader of the output does not count', parseSeconds, DEFAULT_QUERY_TIMEOUT_S);
  addCommandHelp(command, {
    text: `
The database is opened read-only: a statement that would change it is refused. Where kanshi can write
the database's folder, it reads in WAL mode, so that an audit can write meanwhile (the file goes back to
rollback-journal mode when the last reader or writer closes it). Rows are printed as SQLite produces
them, in every format (a table sizes its columns from its first ${TABLE_SAMPLE_ROWS} rows), so a query of any length
runs in little memory; Ctrl-C stops it at once. A table shows at most ${TABLE_CELL_MAX} columns of a value, its middle
left out at … (its last line says how many values were cut), and control characters as \\u001b and the
like (docs/vocabulary.md); csv and json print every value whole and exact.

PRAGMA reads only, and only these, without a value: ${READ_PRAGMAS.plain.join(', ')}; and, of a table
or index (a number for the checks), ${READ_PRAGMAS.withArgument.map((n) => `${n}(…)`).join(', ')}.

Tables (schemas/audit.sql):
  facts     games, players, hands, kans, reveals, wins, aborts      (keyed by game_id; games.content_hash)
  verdicts  audits, kan_verdicts, riichi_kan_verdicts, win_dora, findings   (keyed by rule_set_id, game_id)
  also      rule_sets (one per set of knob values), finding_kinds, tiles (id → name such as 5m, 7z)
  views     rule_set_summary, kan_list, kan_stats, rinshan_stats, riichi_kan_stats, riichi_kans,
            riichi_kan_frequency, chankan_wins, four_kan_hands, chankan_suukaikan_stats,
            kandora_timing, kandora_conformance, finding_counts
Tiles are ids 0..135 (join tiles to name them); booleans are 0/1; lists of tiles are JSON arrays.`,
    exit: [
      [EXIT.ok, 'every row was printed'],
      [EXIT.failed, 'a refused or wrong statement (a SQL error), a missing or foreign database, or stdout cannot be written'],
      USAGE_EXIT,
      [TIMEOUT_EXIT, `the statement ran past --timeout (default ${DEFAULT_QUERY_TIMEOUT_S} s): the rows printed until then are not all of them`],
      ...signalExitsAtOnce('the rows printed are whole, and not all of them'),
    ],
    examples: `
  kanshi query "SELECT rules_key, profile, games, errors FROM rule_set_summary"
  kanshi query "SELECT kind, count(*) FROM kans WHERE robbed = 0 GROUP BY kind"
  kanshi query --format csv "SELECT * FROM kan_list WHERE rinshan_win = 1" > rinshan.csv
  kanshi query --format json "SELECT log_id, hand, winner, tile FROM chankan_wins"
  kanshi query "PRAGMA table_info(games)"
  kanshi query "SELECT f.kind, g.log_id, f.message FROM findings f JOIN games g USING (game_id)
                JOIN rule_sets r USING (rule_set_id)
                WHERE r.profile = 'pro-strict' AND f.severity = 'error'"`,
  })
    .action(async (sql: string, opts: { db: string; format: QueryFormat; timeout: number }) => {
      const ending = await runQuery({ file: opts.db, sql, format: opts.format, pieceMs: 100 }, Math.round(opts.timeout * 1000) || null);
      const rows = `${plural(ending.rows, 'row')} printed`;
      switch (ending.type) {
        case 'done':
        case 'reader-gone':
          return;
        case 'interrupted':
          say(`\nkanshi: query ${ending.signal === 'SIGTERM' ? 'terminated' : 'interrupted'} (${rows}: they are not all of them)`);
          process.exitCode = SIGNAL_EXIT[ending.signal];
          return;
        case 'timeout':
          throw new CliError(
            `the query ran for ${seconds(ending.timeoutMs)} (the time limit) and was stopped; the rows printed are not all of them (${rows}; raise --timeout, or 0 for no limit)`,
            TIMEOUT_EXIT,
          );
        case 'error':
          throw storeFailure(new StoreError(ending.rows > 0 ? `${ending.message} (after ${rows}: they are not all of them)` : ending.message));
        case 'died':
          throw new CliError(`the query stopped: ${ending.why}${ending.rows > 0 ? ` (after ${rows}: they are not all of them)` : ''}`, EXIT.failed);
      }
    });
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The child program in cli/ (this code runs from there or from dist/src/chunks, scripts/bundle.mjs); from
 * the TypeScript sources (tests in this process), the built one.
 */
function childProgram(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return fileURLToPath(new URL('../cli/query-child.js', import.meta.url));
  return join(dirname(here), '..', '..', 'dist', 'src', 'cli', 'query-child.js');
}

/** The last text a failing child wrote on stderr, for the message. */
const STDERR_KEPT = 2048;

/** How long a child asked to stop (at --timeout) has to answer before it is killed. */
const STOP_GRACE_MS = 500;

/** JavaScript heap of the query's process, in MB: rows pass through it a piece at a time. */
const CHILD_HEAP_MB = 256;

/** How a query ended; `rows`: the data rows printed, all of them only for `done`. */
export type QueryEnding =
  | { type: 'done' | 'reader-gone'; rows: number }
  | { type: 'error'; message: string; rows: number }
  | { type: 'timeout'; timeoutMs: number; rows: number }
  | { type: 'interrupted'; signal: StopSignal; rows: number }
  | { type: 'died'; why: string; rows: number };

/**
 * Runs the statement in a child process that prints its rows on this process's stdout, and keeps its
 * clock: the time limit counts from the start, less the time the child said stdout was full (a slow
 * reader). Resolves once the child has ended, so nothing it printed is cut short by this process's exit.
 */
export function runQuery(request: QueryRequest, timeoutMs: number | null): Promise<QueryEnding> {
  const child = fork(childProgram(), [], {
    serialization: 'advanced',
    execArgv: [`--max-old-space-size=${CHILD_HEAP_MB}`],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-STDERR_KEPT)));
  let rows = 0;
  let ending: QueryEnding | null = null;
  let killTimer: NodeJS.Timeout | null = null;
  const end = (e: QueryEnding) => {
    if (ending) return;
    ending = e;
    clock.stop();
    if (e.type === 'interrupted') child.kill('SIGKILL');
    else if (e.type === 'timeout') {
      // Stopped at a row boundary, the output ends with whole rows; a child inside one long SQLite step cannot answer.
      const stop: QueryCommand = { type: 'stop' };
      if (child.connected) child.send(stop);
      killTimer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    }
  };
  // The clock runs from the child's `started`: a loaded machine's process start-up is not the statement's time.
  const clock = stopwatch(timeoutMs, () => end({ type: 'timeout', timeoutMs: timeoutMs!, rows }));
  // Ctrl-C reaches the child too, which ignores it: this process stops it, at once; SIGTERM the same way.
  const interrupt = () => end({ type: 'interrupted', signal: 'SIGINT', rows });
  const terminate = () => end({ type: 'interrupted', signal: 'SIGTERM', rows });
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', terminate);
  child.on('message', (reply: QueryReply) => {
    if ('rows' in reply) rows = reply.rows;
    switch (reply.type) {
      case 'blocked':
        return clock.pause();
      case 'started':
      case 'ready':
        return clock.resume();
      case 'printed':
      case 'stopped':
        return;
      case 'error':
        return end({ type: 'error', message: reply.message, rows });
      default:
        return end({ type: reply.type, rows });
    }
  });
  return new Promise((resolve) => {
    const finish = (why: string) => {
      process.off('SIGINT', interrupt);
      process.off('SIGTERM', terminate);
      if (killTimer) clearTimeout(killTimer);
      end({ type: 'died', why, rows });
      // The last count heard: after a kill, text the child wrote before it may still have been counted.
      resolve({ ...ending!, rows });
    };
    child.on('error', (err) => finish(`cannot run the query: ${err.message}`));
    // 'close', not 'exit': the child's last messages are read before 'close'.
    child.on('close', (code, signal) => {
      if (signal !== null) putBackAtRest(request.file);
      const last = stderr.trim().split('\n').filter(Boolean).pop();
      finish(
        /heap out of memory|Allocation failed/.test(stderr)
          ? `it needed more than ${CHILD_HEAP_MB} MB of memory to print its rows (a row holding a very large value?)`
          : `its process ended (${signal ?? `exit status ${code}`})${last ? `: ${last}` : ''}`,
      );
    });
    const run: QueryCommand = { type: 'run', request };
    child.send(run);
  });
}

/**
 * A child killed inside its statement (Ctrl-C, SIGTERM, a timeout it could not answer) never closed its
 * connection: a database it found at rest stays in WAL mode, its -wal and -shm beside it, until a kanshi
 * closes it last. A reader opened and closed here, as this command opens one, does that now (store.ts
 * `putAtRest`); when another connection holds the database, or it cannot be opened, it stays as it is.
 */
function putBackAtRest(file: string): void {
  try {
    openForReading(file).close();
  } catch {
    // the next kanshi to close it last puts it at rest
  }
}

/** A countdown that can be paused, started paused (resume() starts it); calls `expired` once its time is used. No limit when `ms` is null or 0. */
function stopwatch(ms: number | null, expired: () => void) {
  let used = 0;
  // Paused until resume(): the countdown starts when the work does.
  let since: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  const limited = ms !== null && ms > 0;
  const arm = () => {
    if (!limited || since === null) return;
    timer = setTimeout(() => {
      timer = null;
      if (since === null) return;
      if (used + (Date.now() - since) >= ms!) {
        since = null;
        expired();
      } else arm();
    }, Math.max(1, ms! - used - (Date.now() - since)));
  };
  arm();
  return {
    pause() {
      if (since === null) return;
      used += Date.now() - since;
      since = null;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    resume() {
      if (since !== null || !limited || used >= ms!) return;
      since = Date.now();
      arm();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      since = null;
      used = Infinity;
    },
  };
}
