/**
 * The one way every command that reads logs takes its arguments: paths (files and folders) as they are,
 * and Tenhou log ids and viewer URLs (as kanshi fetch takes them) looked up in the logs folder first,
 * downloaded only when the user says so (`--fetch`).
 */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { FETCH_DEFAULTS, LogRefError, fetchLogs, findLogIn, parseLogRef, type FetchOutcome, type LogRef } from '../fetch/index.js';
import { systemErrorText } from '../ingest/index.js';
import { checkBaseUrl, CliError, EXIT, limitsFromOptions, say } from './common.js';

/** Where log ids are looked up and `--fetch` downloads them (the folder `kanshi fetch` saves into too). */
export const DEFAULT_FETCH_DIR = 'logs';

/** `--fetch`, `--fetch-dir`, `--base-url`, as commander parses them (with the limits, which reading a download obeys). */
export interface LogSourceOptions {
  fetch?: boolean;
  fetchDir: string;
  baseUrl: string;
  [option: string]: unknown;
}

/** An id or URL given that is not read: not in the folder without `--fetch`, or not downloaded. */
export interface UnresolvedInput {
  /** The log id. */
  input: string;
  reason: string;
}

export interface ResolvedInputs {
  /** The paths given, and the files of the ids found or downloaded, in the order given (an id once). */
  paths: string[];
  /** The ids that have no file: each is a failed input, reported like a path that does not exist. */
  unresolved: UnresolvedInput[];
}

/** The help text each command that reads logs shows for the options of addLogSourceOptions. */
export const LOG_SOURCE_HELP = `Log ids and viewer URLs: an argument that is not a file or folder but a Tenhou log id or viewer URL
(2016052515gm-00a9-0000-c4d72066, https://tenhou.net/0/?log=ID&tw=1, as kanshi fetch takes them) is
read from --fetch-dir (${DEFAULT_FETCH_DIR} by default: ID.mjlog, ID.xml or ID.json, gzip or not). One that is not
there is an error unless --fetch is given: then it is downloaded into --fetch-dir first,
as kanshi fetch does (one request at a time, a second apart; only a valid log is saved), and read from
there.`;

/** `--fetch`, `--fetch-dir DIR` and `--base-url URL`: where log ids given as arguments are read from, or downloaded. */
export function addLogSourceOptions(command: Command): Command {
  return command
    .option('--fetch', `download log ids and viewer URLs not found in --fetch-dir (as kanshi fetch does) before reading them`)
    .option('--fetch-dir <dir>', 'where log ids and viewer URLs are looked up, and downloaded to with --fetch', DEFAULT_FETCH_DIR)
    .option('--base-url <url>', 'where Tenhou is, for --fetch (a mirror, or a test server)', baseUrlValue, FETCH_DEFAULTS.baseUrl);
}

function baseUrlValue(value: string): string {
  checkBaseUrl(value);
  return value;
}

/**
 * The arguments of a command that reads logs, as files: an argument that exists is a path; one that does not
 * but reads as a log id or viewer URL is looked up in `--fetch-dir`, and with `--fetch` downloaded there when
 * it is not (one `kanshi: ID: downloaded to FILE` line each on stderr); anything else stays a path, for the
 * walk to report as missing. Ids without a file come back as `unresolved`, with the reason.
 */
export async function resolveLogInputs(args: readonly string[], opts: LogSourceOptions): Promise<ResolvedInputs> {
  const slots: ({ path: string } | { id: string })[] = [];
  const ids: string[] = [];
  for (const arg of args) {
    const id = existsSync(arg) ? null : logIdOf(arg);
    if (id === null) slots.push({ path: arg });
    else if (!ids.includes(id)) {
      ids.push(id);
      slots.push({ id });
    }
  }
  const files = new Map<string, string>();
  const absent: string[] = [];
  for (const id of ids) {
    const file = await findLogIn(opts.fetchDir, id);
    if (file === null) absent.push(id);
    else files.set(id, file);
  }
  const unresolved: UnresolvedInput[] = [];
  if (absent.length > 0 && opts.fetch) {
    for (const o of await download(absent, opts)) {
      if (o.file !== null && (o.status === 'saved' || o.status === 'skipped')) files.set(o.id, o.file);
      else unresolved.push({ input: o.id, reason: `not downloaded (${o.status.replace('-', ' ')}): ${o.reason ?? 'no reason given'}` });
    }
  } else {
    for (const id of absent) unresolved.push({ input: id, reason: notInFolder(id, opts.fetchDir) });
  }
  const paths = slots.flatMap((s) => ('path' in s ? [s.path] : files.has(s.id) ? [files.get(s.id)!] : []));
  return { paths, unresolved };
}

/** The one log of a command that reads one (`events`, `replay`): its file, or a one-line error (exit 1). */
export async function resolveOneLog(arg: string, opts: LogSourceOptions): Promise<string> {
  const { paths, unresolved } = await resolveLogInputs([arg], opts);
  if (unresolved.length > 0) throw new CliError(`${unresolved[0].input}: ${unresolved[0].reason}`, EXIT.failed);
  return paths[0];
}

/**
 * The hand a command showing one log shows: `--hand` when given; else, for a viewer URL with `ts` (a
 * finding's link, say), the hand the viewer opens; else every hand (undefined). `flag` names where the
 * number came from, for an error about it.
 */
export function handToShow(arg: string, hand: number | undefined): { hand: number | undefined; flag: string } {
  if (hand !== undefined || existsSync(arg)) return { hand, flag: `--hand ${hand}` };
  const viewerHand = logRefOf(arg)?.hand ?? null;
  return viewerHand === null ? { hand: undefined, flag: '' } : { hand: viewerHand, flag: `the viewer URL's ts=${viewerHand - 1} (hand ${viewerHand})` };
}

/** The log id an argument names, or null when it is no id or URL. */
function logIdOf(arg: string): string | null {
  return logRefOf(arg)?.id ?? null;
}

/** The log id or viewer URL an argument is, or null when it is neither. */
function logRefOf(arg: string): LogRef | null {
  try {
    return parseLogRef(arg);
  } catch (err) {
    if (err instanceof LogRefError) return null;
    throw err;
  }
}

function notInFolder(id: string, dir: string): string {
  const fetchCommand = `kanshi fetch ${id}${dir === DEFAULT_FETCH_DIR ? '' : ` --out ${dir}`}`;
  return `not in ${dir.replace(/\/+$/, '')}/; add --fetch to download it, or run ${fetchCommand} first`;
}

/** Downloads the logs into --fetch-dir, as kanshi fetch does; one line on stderr for each saved. */
async function download(ids: string[], opts: LogSourceOptions): Promise<FetchOutcome[]> {
  checkBaseUrl(opts.baseUrl);
  const summary = await fetchLogs(ids, {
    outDir: opts.fetchDir,
    baseUrl: opts.baseUrl,
    limits: limitsFromOptions(opts),
    onProgress: (event) => {
      if (event.type === 'done' && event.outcome.status === 'saved') say(`kanshi: ${event.outcome.id}: downloaded to ${event.outcome.file}`);
    },
  }).catch((err: unknown) => {
    // Per-id failures are outcomes; what is thrown is about the folder (cannot create or write it).
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'EEXIST' || code === 'ENOTDIR' ? 'it is not a folder' : systemErrorText(err);
    throw new CliError(`cannot download into --fetch-dir ${opts.fetchDir}: ${why}`);
  });
  return summary.outcomes;
}
