import { Option } from 'commander';
import { PLATFORMS, type GameLog, type Platform } from '../events/index.js';
import { IngestError, readLogFile } from '../ingest/index.js';

/** An error the CLI reports as one line on stderr, with an exit status. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Parses an integer option, with a clear message when it is not one. */
export function parseIntOption(name: string, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new CliError(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
    }
    return n;
  };
}

/** Writes a line to stdout. */
export function out(line: string): void {
  process.stdout.write(line + '\n');
}

/** Reads one log for a command that needs it, or fails with the ingest error (exit 1). */
export function readGameOrFail(file: string, platform?: Platform): GameLog {
  try {
    return readLogFile(file, platform ? { platform } : {});
  } catch (err) {
    if (err instanceof IngestError) throw new CliError(err.message, 1);
    throw err;
  }
}

/** Checks `--round N` against the game. */
export function checkRound(round: number | undefined, game: GameLog): void {
  if (round !== undefined && round > game.rounds.length) throw new CliError(`--round ${round}: the game has ${game.rounds.length} rounds`);
}

/** `--base-url` (kanshi fetch, and kanshi audit given ids) must be an http or https URL. */
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
