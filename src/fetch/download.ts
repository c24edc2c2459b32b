/**
 * Downloading logs with undici, politely: one connection at a time unless told otherwise, a pause
 * between requests on each connection slot, bounded retries with backoff, and a file written only
 * once its body is a valid log of the id asked for. Every id ends in exactly one outcome.
 */
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import type { Agent, Dispatcher } from 'undici';

/** undici is loaded when a download starts: every other command starts faster without it (~80 ms). */
const loadUndici = () => import('undici');
import { isGzip } from '../ingest/index.js';
import { RETRYABLE_STATUSES, describeFailure, isRetryableError, parseRetryAfter, retryWaitMs, type HttpFailure } from './policy.js';
import { findSavedLog, removeStaleTempFiles, savedFileName, writeFileAtomically, type LogFormat } from './store.js';
import { checkLogBody } from './validate.js';

const gzipAsync = promisify(gzip);

export interface FetchOptions {
  /** Folder the logs are saved in (created if missing). */
  outDir: string;
  /** `xml` (the mjlog endpoint, saved as gzip `.mjlog`) or `json` (mjlog2json, saved as `.json`). */
  format?: LogFormat;
  /** Where Tenhou is: `https://tenhou.net`, a mirror, or a test server. */
  baseUrl?: string;
  /** Pause between the end of one request and the start of the next on the same connection slot. */
  delayMs?: number;
  /** Connection slots; Tenhou asks for one download session at a time. */
  concurrency?: number;
  /** Further attempts after a timeout, a connection error or a 5xx/429 answer. */
  retries?: number;
  /** Wait before the first retry, doubled for each further one; defaults to delayMs (at least 100 ms). */
  retryBackoffMs?: number;
  /** Limit for connecting, for the response headers, and for each pause inside the body. */
  timeoutMs?: number;
  /** Flush each file to disk before renaming it into place. */
  fsync?: boolean;
  userAgent?: string;
  onProgress?: (event: FetchEvent) => void;
}

export const FETCH_DEFAULTS = {
  format: 'xml' as LogFormat,
  baseUrl: 'https://tenhou.net',
  delayMs: 1000,
  concurrency: 1,
  retries: 3,
  timeoutMs: 30_000,
} as const;

export const DEFAULT_USER_AGENT = 'kanshi/0.1.0 (Tenhou log auditor)';

/** A real log is well under a megabyte; anything far larger is not one. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * saved: written to the folder. skipped: already there, no request made. not-found: HTTP 404
 * (Tenhou's answer for unknown ids and games still in progress). invalid: an answer that is not the
 * log (empty, HTML, truncated, another game). failed: no usable answer after the retries, or another
 * HTTP error.
 */
export type FetchStatus = 'saved' | 'skipped' | 'not-found' | 'invalid' | 'failed';

export interface FetchOutcome {
  id: string;
  status: FetchStatus;
  /** The saved file, or the one already present when skipped. */
  file: string | null;
  /** HTTP requests made for this id (0 when skipped). */
  attempts: number;
  /** The last HTTP status received, if any. */
  httpStatus: number | null;
  /** Why the log was not saved. */
  reason: string | null;
  /** Size of the body received, when one was. */
  bytes: number | null;
}

export type FetchEvent =
  | { type: 'start'; id: string; index: number; total: number }
  | { type: 'retry'; id: string; attempt: number; waitMs: number; reason: string }
  | { type: 'done'; outcome: FetchOutcome; done: number; total: number }
  | { type: 'cleaned'; path: string };

export interface FetchSummary {
  total: number;
  saved: number;
  skipped: number;
  notFound: number;
  invalid: number;
  failed: number;
  /** One outcome per id, in the order given. */
  outcomes: FetchOutcome[];
}

/** The URL a log is downloaded from. */
export function logUrl(id: string, format: LogFormat, baseUrl: string = FETCH_DEFAULTS.baseUrl): string {
  const base = baseUrl.replace(/\/+$/, '');
  return format === 'xml' ? `${base}/0/log/?${id}` : `${base}/5/mjlog2json.cgi?${id}`;
}

interface Settings {
  outDir: string;
  format: LogFormat;
  baseUrl: string;
  delayMs: number;
  concurrency: number;
  retries: number;
  retryBackoffMs: number;
  timeoutMs: number;
  fsync: boolean;
  userAgent: string;
  emit: (event: FetchEvent) => void;
}

function settingsFrom(options: FetchOptions): Settings {
  const delayMs = options.delayMs ?? FETCH_DEFAULTS.delayMs;
  const s: Settings = {
    outDir: options.outDir,
    format: options.format ?? FETCH_DEFAULTS.format,
    baseUrl: options.baseUrl ?? FETCH_DEFAULTS.baseUrl,
    delayMs,
    concurrency: options.concurrency ?? FETCH_DEFAULTS.concurrency,
    retries: options.retries ?? FETCH_DEFAULTS.retries,
    retryBackoffMs: options.retryBackoffMs ?? Math.max(delayMs, 100),
    timeoutMs: options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs,
    fsync: options.fsync ?? false,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    emit: options.onProgress ?? (() => undefined),
  };
  const whole = (name: string, n: number, min: number) => {
    if (!Number.isInteger(n) || n < min) throw new RangeError(`${name} must be an integer of at least ${min}, got ${n}`);
  };
  whole('delayMs', s.delayMs, 0);
  whole('concurrency', s.concurrency, 1);
  whole('retries', s.retries, 0);
  whole('retryBackoffMs', s.retryBackoffMs, 0);
  whole('timeoutMs', s.timeoutMs, 1);
  if (s.format !== 'xml' && s.format !== 'json') throw new RangeError(`format must be xml or json, got ${String(s.format)}`);
  let url: URL;
  try {
    url = new URL(s.baseUrl);
  } catch {
    throw new RangeError(`baseUrl is not a URL: ${s.baseUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError(`baseUrl must be http or https: ${s.baseUrl}`);
  return s;
}

/**
 * Downloads every id (duplicates are fetched once) into `outDir` and returns one outcome per id.
 * Temporary files left there by a killed run are removed first.
 */
export async function fetchLogs(ids: readonly string[], options: FetchOptions): Promise<FetchSummary> {
  const settings = settingsFrom(options);
  const unique = [...new Set(ids)];
  await mkdir(settings.outDir, { recursive: true });
  for (const path of await removeStaleTempFiles(settings.outDir)) settings.emit({ type: 'cleaned', path });

  const { Agent, interceptors } = await loadUndici();
  const agent = new Agent({
    connections: settings.concurrency,
    pipelining: 1,
    connect: { timeout: settings.timeoutMs },
    headersTimeout: settings.timeoutMs,
    bodyTimeout: settings.timeoutMs,
    maxResponseSize: MAX_BODY_BYTES,
  });
  const outcomes: FetchOutcome[] = new Array(unique.length);
  let next = 0;
  let done = 0;
  // Each slot takes the next id when it is free and pauses delayMs after each request it made.
  const slot = async () => {
    let lastRequestEnd: number | null = null;
    for (let index = next++; index < unique.length; index = next++) {
      const id = unique[index];
      settings.emit({ type: 'start', id, index, total: unique.length });
      const present = await findSavedLog(settings.outDir, id, settings.format);
      let outcome: FetchOutcome;
      if (present) {
        outcome = { id, status: 'skipped', file: present, attempts: 0, httpStatus: null, reason: null, bytes: null };
      } else {
        if (lastRequestEnd !== null) await sleep(lastRequestEnd + settings.delayMs - Date.now());
        // A bug must not cost the other ids their outcome: it is reported as this id's failure.
        outcome = await downloadLog(agent, interceptors, id, settings).catch((err: unknown) => ({
          id, status: 'failed' as const, file: null, attempts: 0, httpStatus: null, bytes: null,
          reason: `internal error: ${err instanceof Error ? err.message : String(err)}`,
        }));
        lastRequestEnd = Date.now();
      }
      outcomes[index] = outcome;
      settings.emit({ type: 'done', outcome, done: ++done, total: unique.length });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, unique.length) }, slot));
  } finally {
    await agent.close();
  }
  const count = (status: FetchStatus) => outcomes.filter((o) => o.status === status).length;
  return {
    total: outcomes.length,
    saved: count('saved'),
    skipped: count('skipped'),
    notFound: count('not-found'),
    invalid: count('invalid'),
    failed: count('failed'),
    outcomes,
  };
}

/** What the requests for one id have done so far, seen below undici's retry handler. */
interface AttemptState {
  attempts: number;
  /** The current attempt got a 2xx and is reading its body. */
  inBody: boolean;
  lastStatus: number | null;
}

/**
 * An interceptor placed under the retry and redirect handlers, so it sees every request that goes to
 * the network: it counts them for the retry bound and notes when a body has started.
 */
function attemptTracker(state: AttemptState): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    state.attempts += 1;
    state.inBody = false;
    return dispatch(opts, {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        state.lastStatus = statusCode;
        state.inBody = statusCode >= 200 && statusCode < 300;
        return handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    });
  };
}

async function downloadLog(
  agent: Agent,
  interceptors: typeof import('undici').interceptors,
  id: string,
  s: Settings,
): Promise<FetchOutcome> {
  const state: AttemptState = { attempts: 0, inBody: false, lastStatus: null };
  const url = new URL(logUrl(id, s.format, s.baseUrl));
  const result = (status: FetchStatus, reason: string | null, extra: Partial<FetchOutcome> = {}): FetchOutcome => ({
    id, status, file: null, attempts: state.attempts, httpStatus: state.lastStatus, reason, bytes: null, ...extra,
  });
  const mayRetry = () => state.attempts <= s.retries;
  const waitBeforeRetry = (reason: string, retryAfterMs: number | null) => {
    const waitMs = retryWaitMs(state.attempts, s.retryBackoffMs, retryAfterMs);
    s.emit({ type: 'retry', id, attempt: state.attempts, waitMs, reason });
    return waitMs;
  };

  // undici's retry handler repeats the request after timeouts, connection errors and 5xx/429,
  // honouring Retry-After. A failure inside a body is not left to it: it would resume with a Range
  // request, which Tenhou's log endpoints are not known to support, so the request is restarted here.
  const dispatcher = agent.compose(
    attemptTracker(state),
    interceptors.redirect({ maxRedirections: 3 }),
    interceptors.retry({
      statusCodes: [...RETRYABLE_STATUSES],
      retry: (err, _context, callback) => {
        const failure = err as HttpFailure;
        if (state.inBody || !isRetryableError(failure) || !mayRetry()) return callback(err);
        setTimeout(() => callback(null), waitBeforeRetry(describeFailure(failure, s.timeoutMs), parseRetryAfter(failure.headers?.['retry-after'])));
      },
    }),
  );
  const headers: Record<string, string> = { 'user-agent': s.userAgent };
  // mjlog2json answers only with a Referer (docs/formats.md §9).
  if (s.format === 'json') headers.referer = `${s.baseUrl.replace(/\/+$/, '')}/`;

  for (;;) {
    let body: Uint8Array;
    let statusCode: number;
    try {
      const response = await dispatcher.request({ origin: url.origin, path: url.pathname + url.search, method: 'GET', headers });
      statusCode = response.statusCode;
      body = new Uint8Array(await response.body.arrayBuffer());
    } catch (err) {
      const failure = err as HttpFailure;
      const reason = describeFailure(failure, s.timeoutMs);
      if (state.inBody && isRetryableError(failure) && mayRetry()) {
        await sleep(waitBeforeRetry(`${reason} while reading the body`, null));
        continue;
      }
      const statusPart = failure.code === 'UND_ERR_REQ_RETRY' && typeof failure.statusCode === 'number' ? failure.statusCode : state.lastStatus;
      const where = state.inBody ? ' while reading the body' : '';
      return result('failed', `${reason}${where}${state.attempts > 1 ? ` after ${state.attempts} attempts` : ''}`, { httpStatus: statusPart });
    }
    if (statusCode === 404) return result('not-found', 'HTTP 404 (no such log, or the game is still being played)');
    if (statusCode < 200 || statusCode > 299) return result('failed', `HTTP ${statusCode}`, { bytes: body.length });
    return saveIfValid(id, body, s, (status, reason, extra) => result(status, reason, { bytes: body.length, ...extra }));
  }
}

async function saveIfValid(
  id: string,
  received: Uint8Array,
  s: Settings,
  result: (status: FetchStatus, reason: string | null, extra?: Partial<FetchOutcome>) => FetchOutcome,
): Promise<FetchOutcome> {
  const check = checkLogBody(id, s.format, received);
  if (!check.ok) return result('invalid', check.reason);
  // XML is stored gzip-compressed as Tenhou's own clients do; JSON as plain text.
  let bytes: Uint8Array;
  if (s.format === 'xml') bytes = isGzip(received) ? received : await gzipAsync(received);
  else bytes = isGzip(received) ? gunzipSync(received) : received;
  try {
    const file = await writeFileAtomically(s.outDir, savedFileName(id, s.format), bytes, { fsync: s.fsync });
    return result('saved', null, { file });
  } catch (err) {
    return result('failed', `cannot write the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
