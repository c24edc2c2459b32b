import { Option, type Command } from 'commander';
import { PLATFORMS, plural, type GameLog, type Platform } from '../events/index.js';
import { writeOut } from './output.js';
import { shown } from './safe-text.js';
import { asIngestError, DEFAULT_LIMITS, LIMIT_FLAGS, MAX_HANDS_LIMIT, parseLog, readLogFile, readLogStream, streamDescriptor, systemErrorText, type IngestLimits } from '../ingest/index.js';

/**
 * Exit statuses, the same for every command (`kanshi --help` and README list them): the job ran and
 * everything succeeded; it ran but something failed (an unreadable input, a failed download, a SQL error,
 * a database refused); the command line was wrong (nothing was done); `audit --fail-on` met its threshold
 * (everything was read, findings that severe exist); `query` ran past its --timeout; interrupted (SIGINT,
 * Ctrl-C); terminated (SIGTERM). The last two are 128 + the signal's number, as a shell reports a program
 * the signal killed.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, threshold: 3, timeout: 124, interrupted: 130, terminated: 143 } as const;

/** An error the CLI reports as one line on stderr (`kanshi: <what>: <why>`), with an exit status (usage by default). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * A database error's message with its system errors in words: `cannot open x: ENOENT` and `EISDIR: illegal
 * operation on a directory, read` (src/store passes Node's on) become `… no such file or folder` and `is a
 * folder, not a file`.
 */
export function storeMessage(err: Error): string {
  return err.message
    .replace(/\b(E[A-Z]{2,}): ([^,]+)(, [a-z]+(?: '[^']*')?)?/g, (whole, code: string) => systemErrorText(Object.assign(new Error(whole), { code })))
    .replace(/: (E[A-Z]{2,})$/, (_, code: string) => `: ${systemErrorText(Object.assign(new Error(code), { code }))}`);
}

/** Parses an integer option, with a clear message when it is not one. */
export function parseIntOption(name: string, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      // No bound a person would type: say what is meant instead of 9007199254740991.
      const range =
        max < Number.MAX_SAFE_INTEGER ? `an integer between ${min} and ${max}` : min === 1 ? 'a whole number from 1 up' : min === 0 ? 'a whole number from 0 up' : `an integer of at least ${min}`;
      throw new CliError(`${name} must be ${range}, got "${value}"`);
    }
    return n;
  };
}

/**
 * Writes a line of text to stdout, checked (src/cli/output.ts: a failed write ends the command with status
 * 1 and one line), its control characters shown escaped (src/cli/safe-text.ts).
 */
export function out(line: string): void {
  writeOut(shown(line) + '\n');
}

/** Writes a value as one line of JSON to stdout (or indented), exact: JSON escapes what it must itself. */
export function outJson(value: unknown, indent?: number): void {
  writeOut(JSON.stringify(value, null, indent) + '\n');
}

/** Writes a line to stderr, its control characters shown escaped: `kanshi: file: why`, the summaries. */
export function say(line: string): void {
  process.stderr.write(shown(line) + '\n');
}

/** How a command reads its logs: `--platform` and the limits. */
export interface ReadOptions {
  platform?: Platform;
  limits?: Partial<IngestLimits>;
}

/** The read options of a command's parsed options (`--platform`, `--max-…`). */
export function readOptionsFrom(opts: Record<string, unknown>): ReadOptions {
  const platform = opts.platform as Platform | undefined;
  const limits = limitsFromOptions(opts);
  return { ...(platform ? { platform } : {}), ...(Object.keys(limits).length ? { limits } : {}) };
}

/**
 * What went wrong with one file, as one line without a stack: `position: reason` for a log kanshi cannot
 * read (an ingest error, or a limit of V8's that the log's size reached), else kanshi's own failure.
 */
export function fileFailure(err: unknown): { message: string; bug: boolean } {
  const ingest = asIngestError(err);
  if (ingest) return { message: ingest.position ? `${ingest.position}: ${ingest.reason}` : ingest.reason, bug: false };
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { message: `kanshi failed on this file (a bug; please report it with the file): ${message}`, bug: true };
}

/**
 * Reads one log: a file by its path, or a stream (`-`, `/dev/stdin`, `/dev/fd/N`) through the event loop,
 * which `signal` stops (ReadAborted); throws what readLogFile and readLogStream throw.
 */
export async function readLogInput(path: string, options: ReadOptions = {}, signal?: AbortSignal): Promise<GameLog> {
  if (streamDescriptor(path) === null) return readLogFile(path, options);
  return parseLog(await readLogStream(path, options.limits, signal), { ...options, file: path });
}

/** Reads one log for a command that needs it, or fails with one line naming the file and the position (exit 1). */
export async function readGameOrFail(file: string, options: ReadOptions = {}): Promise<GameLog> {
  try {
    return await readLogInput(file, options);
  } catch (err) {
    throw new CliError(`${file}: ${fileFailure(err).message}`, EXIT.failed);
  }
}

/** Runs the work of a command on one file that has been read, failing with one line for anything it throws (exit 1). */
export function onFileOrFail<T>(file: string, work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`${file}: ${fileFailure(err).message}`, EXIT.failed);
  }
}

/** `--hand N` (or the hand a viewer URL opens, named by `flag`) must be a hand the game has (1-based). */
export function checkHand(hand: number | undefined, game: GameLog, flag: string): void {
  if (hand !== undefined && hand > game.hands.length) {
    throw new CliError(`${flag}: the game has ${plural(game.hands.length, 'hand')}`);
  }
}

/** `--base-url` (kanshi fetch, and the commands that read logs, for --fetch) must be an http or https URL. */
export function checkBaseUrl(text: string): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(`--base-url must be a URL such as https://tenhou.net, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`--base-url must be an http or https URL, got "${text}"`);
}

/** `--platform P`: where the games were played, when the logs do not say (or say wrongly). */
export function platformOption(): Option {
  return new Option('--platform <platform>', `where the games were played, overriding what the logs say: ${PLATFORMS.join(' | ')}`).choices(PLATFORMS);
}

/** `16777216`, `64k`, `16M`, `1G` (binary multiples) as a number of bytes. */
export function parseByteSize(name: string, min: number, max: number) {
  return (value: string): number => {
    const m = /^(\d+)([kKmMgG]i?[bB]?)?$/.exec(value.trim());
    const unit = m?.[2]?.[0]?.toLowerCase();
    const n = m ? Number(m[1]) * (unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      throw new CliError(`${name} must be a number of bytes (16777216, 64k, 16M, 1G) between ${min} and ${max}, got "${value}"`);
    }
    return n;
  };
}

/** The most a log may be raised to: V8 cannot hold a longer string. */
const MAX_LOG_BYTES = 1024 ** 3;

/**
 * `--max-log-bytes`, `--max-events`, `--max-depth`, `--max-hands`: what one log may cost to read
 * (src/ingest/limits.ts), for every command that reads logs; a log over a limit is refused with an error
 * naming the flag that raises it.
 */
export function addLimitOptions(command: Command): Command {
  const d = DEFAULT_LIMITS;
  return command
    .addOption(
      new Option(`${LIMIT_FLAGS.maxLogBytes} <bytes>`, `refuse a log larger than this, on disk or decompressed (default ${d.maxLogBytes / 1024 ** 2}M; k, M, G suffixes)`).argParser(
        parseByteSize(LIMIT_FLAGS.maxLogBytes, 1, MAX_LOG_BYTES),
      ),
    )
    .addOption(
      new Option(`${LIMIT_FLAGS.maxEvents} <n>`, `refuse a log of more tags (mjlog), takes and discards (tenhou.net/6) or events (mjai) than this (default ${d.maxEvents})`).argParser(
        parseIntOption(LIMIT_FLAGS.maxEvents, 1, 100_000_000),
      ),
    )
    .addOption(
      new Option(`${LIMIT_FLAGS.maxDepth} <n>`, `refuse JSON arrays and objects, or XML elements, nested deeper than this (default ${d.maxDepth})`).argParser(
        parseIntOption(LIMIT_FLAGS.maxDepth, 1, 100_000),
      ),
    )
    .addOption(
      new Option(`${LIMIT_FLAGS.maxHands} <n>`, `refuse a game of more hands than this (default ${d.maxHands}, at most ${MAX_HANDS_LIMIT})`).argParser(
        parseIntOption(LIMIT_FLAGS.maxHands, 1, MAX_HANDS_LIMIT),
      ),
    );
}

/** The limits given on the command line (the others stay the defaults). */
export function limitsFromOptions(opts: Record<string, unknown>): Partial<IngestLimits> {
  const limits: Partial<IngestLimits> = {};
  if (typeof opts.maxLogBytes === 'number') limits.maxLogBytes = opts.maxLogBytes;
  if (typeof opts.maxEvents === 'number') limits.maxEvents = opts.maxEvents;
  if (typeof opts.maxDepth === 'number') limits.maxDepth = opts.maxDepth;
  if (typeof opts.maxHands === 'number') limits.maxHands = opts.maxHands;
  return limits;
}

/** `--max-worker-memory MB` (kanshi audit): the heap each worker thread may use; a log that needs more is recorded as an ingest error. */
export function workerMemoryOption(defaultMb: number): Option {
  return new Option('--max-worker-memory <MB>', `the heap each worker thread may use, in MB (default ${defaultMb}); a log that needs more is recorded as an ingest-error (given, the batch runs on workers however small)`).argParser(
    parseIntOption('--max-worker-memory', 32, 65_536),
  );
}
