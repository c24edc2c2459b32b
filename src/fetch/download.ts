/**
 * Downloading logs with undici, politely: one connection at a time unless told otherwise, a pause
 * between requests on each connection slot, bounded retries with backoff, and a file written only
 * once its body is a valid log of the id asked for. Every id ends in exactly one outcome. What a
 * server may cost is bounded: each attempt has one deadline, bodies and their gzip the ingest's log
 * size limit, and redirects stay on the base URL's host.
 */
import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Agent } from 'undici';

/** undici is loaded when a download starts: every other command starts faster without it. */
const loadUndici = () => import('undici');
import { removeStaleTempFiles, writeFileAtomic } from '../files/index.js';
import { LIMIT_FLAGS, isGzip, resolveLimits, systemErrorText, type IngestLimits } from '../ingest/index.js';
import { InflateError, formatBytes, gunzipAtMost } from './gzip.js';
import { isLogId } from './log-id.js';
import { describeFailure, isRetryableError, isRetryableStatus, parseRetryAfter, retryWaitMs, type HttpFailure } from './policy.js';
import { findSavedLog, savedFileName, type FetchFormat } from './store.js';
import { checkLogBody } from './validate.js';

const gzipAsync = promisify(gzip);

export interface FetchOptions {
  /** Folder the logs are saved in (created if missing). */
  outDir: string;
  /** `xml` (the mjlog endpoint, saved as gzip `.mjlog`) or `json` (mjlog2json, saved as `.json`). */
  format?: FetchFormat;
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
  /** The most one attempt may take, from connecting to the body's last byte, its redirects included. */
  timeoutMs?: number;
  /**
   * What a log may cost to read (src/ingest/limits.ts), each one not given its default: `maxLogBytes`
   * also bounds each body as it arrives, and its gzip as it is inflated.
   */
  limits?: Partial<IngestLimits>;
  /** Flush each file to disk before renaming it into place. */
  fsync?: boolean;
  userAgent?: string;
  onProgress?: (event: FetchEvent) => void;
  /** Once aborted (SIGINT, SIGTERM), no other id is started; the downloads in progress finish, and those not started are counted apart. */
  signal?: AbortSignal;
}

export const FETCH_DEFAULTS = {
  format: 'mjlog' as FetchFormat,
  baseUrl: 'https://tenhou.net',
  delayMs: 1000,
  concurrency: 1,
  retries: 3,
  timeoutMs: 30_000,
} as const;

export const DEFAULT_USER_AGENT = 'kanshi/0.1.0 (Tenhou log auditor)';

/** Same-host redirects followed within one attempt (Tenhou is not known to redirect log requests at all). */
export const MAX_REDIRECTS = 5;

/**
 * saved: written to the folder. skipped: already there, no request made. not-found: HTTP 404
 * (Tenhou's answer for unknown ids and games still in progress). invalid: an answer that is not the
 * log (empty, HTML, truncated, over the size limit before or after gzip, a log that shows it is another
 * game's). failed: no usable answer after the retries (timeouts, connection errors, 5xx), another HTTP
 * error, or a redirect to another host.
 */
export type FetchStatus = 'saved' | 'skipped' | 'not-found' | 'invalid' | 'failed';

export interface FetchOutcome {
  id: string;
  status: FetchStatus;
  /** The saved file, or the one already present when skipped. */
  file: string | null;
  /** Attempts made for this id (0 when skipped); the redirects an attempt follows are part of it. */
  attempts: number;
  /** The last HTTP status received, if any. */
  httpStatus: number | null;
  /** Why the log was not saved. */
  reason: string | null;
  /** Size of the 2xx body received, as it came (before any gzip is undone), when one was. */
  bytes: number | null;
}

export type FetchEvent =
  | { type: 'start'; id: string; index: number; total: number }
  | { type: 'retry'; id: string; attempt: number; waitMs: number; reason: string }
  | { type: 'done'; outcome: FetchOutcome; done: number; total: number }
  | { type: 'cleaned'; path: string }
  /** The signal asked to stop while this id waited for its turn: it is not started. */
  | { type: 'stopped'; id: string; index: number; total: number };

export interface FetchSummary {
  total: number;
  saved: number;
  skipped: number;
  notFound: number;
  invalid: number;
  failed: number;
  /** Ids not started because the signal asked to stop (none otherwise): they have no outcome. */
  notStarted: number;
  /** One outcome per id started, in the order given. */
  outcomes: FetchOutcome[];
}

/** The URL a log is downloaded from. */
export function logUrl(id: string, format: FetchFormat, baseUrl: string = FETCH_DEFAULTS.baseUrl): string {
  const base = baseUrl.replace(/\/+$/, '');
  return format === 'mjlog' ? `${base}/0/log/?${id}` : `${base}/5/mjlog2json.cgi?${id}`;
}

interface Settings {
  outDir: string;
  format: FetchFormat;
  baseUrl: string;
  base: URL;
  delayMs: number;
  concurrency: number;
  retries: number;
  retryBackoffMs: number;
  timeoutMs: number;
  limits: IngestLimits;
  fsync: boolean;
  requestHeaders: Record<string, string>;
  emit: (event: FetchEvent) => void;
  /** Once aborted, no other attempt (a retry included) is started. */
  signal?: AbortSignal;
}

function settingsFrom(options: FetchOptions): Settings {
  const delayMs = options.delayMs ?? FETCH_DEFAULTS.delayMs;
  const format = options.format ?? FETCH_DEFAULTS.format;
  const baseUrl = options.baseUrl ?? FETCH_DEFAULTS.baseUrl;
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new RangeError(`baseUrl is not a URL: ${baseUrl}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new RangeError(`baseUrl must be http or https: ${baseUrl}`);
  const requestHeaders: Record<string, string> = { 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT };
  // mjlog2json answers only with a Referer (docs/formats.md §9).
  if (format === 'tenhou6') requestHeaders.referer = `${baseUrl.replace(/\/+$/, '')}/`;
  const s: Settings = {
    outDir: options.outDir,
    format,
    baseUrl,
    base,
    delayMs,
    concurrency: options.concurrency ?? FETCH_DEFAULTS.concurrency,
    retries: options.retries ?? FETCH_DEFAULTS.retries,
    retryBackoffMs: options.retryBackoffMs ?? Math.max(delayMs, 100),
    timeoutMs: options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs,
    limits: resolveLimits(options.limits),
    fsync: options.fsync ?? false,
    requestHeaders,
    emit: options.onProgress ?? (() => undefined),
    signal: options.signal,
  };
  const whole = (name: string, n: number, min: number) => {
    if (!Number.isInteger(n) || n < min) throw new RangeError(`${name} must be an integer of at least ${min}, got ${n}`);
  };
  whole('delayMs', s.delayMs, 0);
  whole('concurrency', s.concurrency, 1);
  whole('retries', s.retries, 0);
  whole('retryBackoffMs', s.retryBackoffMs, 0);
  whole('timeoutMs', s.timeoutMs, 1);
  whole('limits.maxLogBytes', s.limits.maxLogBytes, 1);
  if (s.format !== 'mjlog' && s.format !== 'tenhou6') throw new RangeError(`format must be mjlog or tenhou6, got ${String(s.format)}`);
  return s;
}

/**
 * Downloads every id (duplicates are fetched once) into `outDir` and returns one outcome per id.
 * Temporary files left there by a killed run are removed first.
 */
export async function fetchLogs(ids: readonly string[], options: FetchOptions): Promise<FetchSummary> {
  const settings = settingsFrom(options);
  const unique = [...new Set(ids)];
  // The id becomes a file name in outDir: only a real id may, so nothing is written outside the folder.
  const notAnId = unique.find((id) => !isLogId(id));
  if (notAnId !== undefined) throw new RangeError(`not a log id: ${JSON.stringify(notAnId)} (parseLogRef reads ids, URLs and old x ids)`);
  // Made when the first log is saved: a run that saves nothing (offline, every id unknown) leaves no folder.
  await checkFolder(settings.outDir);
  for (const path of await removeStaleTempFiles(settings.outDir)) settings.emit({ type: 'cleaned', path });

  const { Agent } = await loadUndici();
  const agent = new Agent({
    connections: settings.concurrency,
    pipelining: 1,
    connect: { timeout: settings.timeoutMs },
    // Each attempt's deadline (attemptLog) bounds the headers and the whole body; these per-pause
    // timers could only fire later, with another message.
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  const outcomes: FetchOutcome[] = new Array(unique.length);
  let next = 0;
  let done = 0;
  // Each slot takes the next id when it is free and pauses delayMs after each request it made.
  const slot = async () => {
    let lastRequestEnd: number | null = null;
    for (let index = next++; index < unique.length; index = next++) {
      if (options.signal?.aborted) return;
      const id = unique[index];
      settings.emit({ type: 'start', id, index, total: unique.length });
      const present = await findSavedLog(settings.outDir, id, settings.format);
      let outcome: FetchOutcome;
      if (present) {
        outcome = { id, status: 'skipped', file: present, attempts: 0, httpStatus: null, reason: null, bytes: null };
      } else {
        if (lastRequestEnd !== null) await sleep(lastRequestEnd + settings.delayMs - Date.now(), options.signal);
        // Stopped during the pause: this id is not started either.
        if (options.signal?.aborted) {
          settings.emit({ type: 'stopped', id, index, total: unique.length });
          return;
        }
        // A bug must not cost the other ids their outcome: it is reported as this id's failure.
        outcome = await downloadLog(agent, id, settings).catch((err: unknown) => ({
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
  // An id not started (the signal) has no outcome: the array keeps a hole there, which filter passes over.
  const started = outcomes.filter((o) => o !== undefined);
  const count = (status: FetchStatus) => started.filter((o) => o.status === status).length;
  return {
    total: outcomes.length,
    saved: count('saved'),
    skipped: count('skipped'),
    notFound: count('not-found'),
    invalid: count('invalid'),
    failed: count('failed'),
    notStarted: outcomes.length - started.length,
    outcomes: started,
  };
}

/** Statuses whose Location is followed (when it stays on the base host). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** What one attempt ended in. */
type Answer =
  /** A 2xx whose whole body arrived within the deadline and the size limit. */
  | { kind: 'body'; status: number; body: Buffer; contentEncoding: string | null }
  /** Another status (not a redirect); its body is not kept. */
  | { kind: 'status'; status: number; retryAfterMs: number | null }
  /** No usable answer: `retryable` ones (timeouts, connection errors) are tried again. */
  | { kind: 'fault'; status: number | null; retryable: boolean; outcome: 'failed' | 'invalid'; reason: string };

/**
 * Requests one log until it ends in an outcome: 2xx bodies are validated and saved, 404 is not found,
 * timeouts, connection errors, 429 and 5xx are tried again (at most `retries` times, waiting with
 * backoff or as Retry-After says), and everything else fails at once. A retry starts from scratch: a
 * Range request to resume a body is not known to work on Tenhou's log endpoints.
 */
async function downloadLog(agent: Agent, id: string, s: Settings): Promise<FetchOutcome> {
  let lastStatus: number | null = null;
  for (let attempts = 1; ; attempts++) {
    const answer = await attemptLog(agent, id, s);
    lastStatus = answer.status ?? lastStatus;
    const result = (status: FetchStatus, reason: string | null, extra: Partial<FetchOutcome> = {}): FetchOutcome => ({
      id, status, file: null, attempts, httpStatus: lastStatus, reason, bytes: null, ...extra,
    });
    const afterAttempts = attempts > 1 ? ` after ${attempts} attempts` : '';
    const waitToRetry = async (reason: string, retryAfterMs: number | null) => {
      const waitMs = retryWaitMs(attempts, s.retryBackoffMs, retryAfterMs);
      s.emit({ type: 'retry', id, attempt: attempts, waitMs, reason });
      await sleep(waitMs, s.signal);
      // A retry is a new attempt: after a signal, none is started.
      return !s.signal?.aborted;
    };
    const notRetried = (reason: string) => result('failed', `${reason}; not retried: stopped by a signal`);
    switch (answer.kind) {
      case 'body': {
        const bytes = answer.body.length;
        const unwrapped = unwrapBody(answer.body, answer.contentEncoding, s.limits.maxLogBytes);
        if (!unwrapped.ok) return result('invalid', unwrapped.reason, { bytes });
        return saveIfValid(id, unwrapped, s, (status, reason, extra) => result(status, reason, { bytes, ...extra }));
      }
      case 'status':
        if (answer.status === 404) return result('not-found', 'HTTP 404 (no such log, or the game is still being played)');
        if (isRetryableStatus(answer.status) && attempts <= s.retries) {
          if (await waitToRetry(`HTTP ${answer.status}`, answer.retryAfterMs)) continue;
          return notRetried(`HTTP ${answer.status}`);
        }
        return result('failed', `HTTP ${answer.status}${isRetryableStatus(answer.status) ? afterAttempts : ''}`);
      case 'fault':
        if (answer.retryable && attempts <= s.retries) {
          if (await waitToRetry(answer.reason, null)) continue;
          return notRetried(answer.reason);
        }
        return result(answer.outcome, `${answer.reason}${answer.retryable ? afterAttempts : ''}`);
    }
  }
}

/**
 * One attempt: the request, the same-host redirects it meets, and the whole body, all within one
 * deadline. undici's own header and body timers only bound each pause, which a body trickling in a
 * byte at a time never exceeds; the AbortSignal spans everything, and aborting it closes the connection.
 */
async function attemptLog(agent: Agent, id: string, s: Settings): Promise<Answer> {
  const deadline = AbortSignal.timeout(s.timeoutMs);
  const max = s.limits.maxLogBytes;
  let url = new URL(logUrl(id, s.format, s.baseUrl));
  let status: number | null = null;
  /** Bytes of a 2xx body read so far; null until one starts. */
  let received: number | null = null;
  const fault = (outcome: 'failed' | 'invalid', reason: string, retryable = false): Answer => ({ kind: 'fault', status, retryable, outcome, reason });
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await agent.request({ origin: url.origin, path: url.pathname + url.search, method: 'GET', headers: s.requestHeaders, signal: deadline });
      status = response.statusCode;
      if (REDIRECT_STATUSES.has(status)) {
        await response.body.dump();
        const location = headerValue(response.headers.location);
        if (location === null) return fault('failed', `HTTP ${status} without a Location`);
        let target: URL;
        try {
          target = new URL(location, url);
        } catch {
          return fault('failed', `HTTP ${status} to an unreadable Location "${shorten(location)}"`);
        }
        // A log comes from the base URL's host: a redirect elsewhere could hand over anything under the id.
        if (!withinBaseHost(target, s.base)) {
          return fault('failed', `redirected to another host (${target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : shorten(location)}); only redirects within ${s.base.origin} are followed`);
        }
        if (redirects === MAX_REDIRECTS) return fault('failed', `more than ${MAX_REDIRECTS} redirects`);
        url = target;
        continue;
      }
      if (status < 200 || status > 299) {
        await response.body.dump();
        return { kind: 'status', status, retryAfterMs: parseRetryAfter(response.headers['retry-after']) };
      }
      received = 0;
      // Refused while it streams in, so a huge or endless body never sits in memory.
      const announced = Number(headerValue(response.headers['content-length']) ?? NaN);
      if (announced > max) {
        discard(response.body);
        return fault('invalid', overLogLimit(`the body announces ${formatBytes(announced)} bytes, more than ${formatBytes(max)}`));
      }
      const chunks: Buffer[] = [];
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        received += chunk.length;
        if (received > max) {
          discard(response.body);
          return fault('invalid', overLogLimit(`the body is larger than ${formatBytes(max)} bytes`));
        }
        chunks.push(chunk);
      }
      return { kind: 'body', status, body: Buffer.concat(chunks, received), contentEncoding: headerValue(response.headers['content-encoding']) };
    }
  } catch (err) {
    if (deadline.aborted) {
      const reason =
        received === null
          ? `no response within ${s.timeoutMs} ms`
          : `no complete answer within ${s.timeoutMs} ms (${formatBytes(received)} bytes of the body had arrived)`;
      return fault('failed', reason, true);
    }
    const failure = err as HttpFailure;
    return fault('failed', `${describeFailure(failure, s.timeoutMs)}${received === null ? '' : ' while reading the body'}`, isRetryableError(failure));
  }
}

/**
 * A redirect may go anywhere on the base URL's origin, and from http to https on the same host (both
 * on their default ports); nowhere else.
 */
function withinBaseHost(target: URL, base: URL): boolean {
  if (target.origin === base.origin) return true;
  return base.protocol === 'http:' && base.port === '' && target.protocol === 'https:' && target.port === '' && target.hostname === base.hostname;
}

/** Stops reading a body: undici closes its connection, and the abort error it raises is expected. */
function discard(body: Readable): void {
  body.on('error', () => undefined).destroy();
}

function headerValue(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? null : first;
}

/** "… , the limit for a log (--max-log-bytes raises it)": the ingest's limit, named as its refusals name it. */
function overLogLimit(what: string): string {
  return `${what}, the limit for a log (${LIMIT_FLAGS.maxLogBytes} raises it)`;
}

/** The log as served (`served`, maybe a gzip file) and its text (`plain`), or why the body is refused. */
type Unwrapped = { ok: true; served: Uint8Array; plain: Uint8Array } | { ok: false; reason: string };

/**
 * Undoes a gzip Content-Encoding (kanshi asks for none, but a server may send its gzip files so), then
 * a gzip file itself (an mjlog as Tenhou stores it): each inflated to at most the log limit, so a gzip
 * bomb stops there.
 */
function unwrapBody(body: Uint8Array, contentEncoding: string | null, maxBytes: number): Unwrapped {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '' && e !== 'identity');
  try {
    let served: Uint8Array = body;
    // Encodings are listed in the order they were applied: undo the last first.
    for (const encoding of encodings.reverse()) {
      if (encoding !== 'gzip' && encoding !== 'x-gzip') {
        return { ok: false, reason: `the body is encoded as "${shorten(encoding)}", which kanshi does not decode (it asks for no encoding)` };
      }
      served = gunzipAtMost(served, maxBytes);
    }
    const plain = isGzip(served) ? gunzipAtMost(served, maxBytes) : served;
    return { ok: true, served, plain };
  } catch (err) {
    if (!(err instanceof InflateError)) throw err;
    return { ok: false, reason: err.tooLarge ? overLogLimit(`the body ${err.message}`) : `the body ${err.message}` };
  }
}

async function saveIfValid(
  id: string,
  log: { served: Uint8Array; plain: Uint8Array },
  s: Settings,
  result: (status: FetchStatus, reason: string | null, extra?: Partial<FetchOutcome>) => FetchOutcome,
): Promise<FetchOutcome> {
  const check = checkLogBody(id, s.format, log.plain, s.limits);
  if (!check.ok) return result('invalid', check.reason);
  // XML is stored gzip-compressed as Tenhou's own clients do (a gzip file served as one is kept as it
  // came); JSON as plain text.
  const bytes = s.format === 'mjlog' ? (isGzip(log.served) ? log.served : await gzipAsync(log.plain)) : log.plain;
  try {
    const file = join(s.outDir, savedFileName(id, s.format));
    await mkdir(s.outDir, { recursive: true });
    await writeFileAtomic(file, bytes, { fsync: s.fsync });
    return result('saved', null, { file });
  } catch (err) {
    return result('failed', `cannot write the file: ${systemErrorText(err)}`);
  }
}

/**
 * Throws as making `dir` would, before anything is downloaded, without making it: a file where the folder
 * or one above it should be (EEXIST, ENOTDIR), or the nearest folder above it that cannot be written.
 */
async function checkFolder(dir: string): Promise<void> {
  for (let at = resolve(dir); ; at = dirname(at)) {
    let info;
    try {
      info = await stat(at);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && dirname(at) !== at) continue;
      throw err;
    }
    const code = at === resolve(dir) ? 'EEXIST' : 'ENOTDIR';
    if (!info.isDirectory()) throw Object.assign(new Error(`${code}: not a folder, mkdir '${dir}'`), { code, syscall: 'mkdir', path: dir });
    // A folder that is there is written when a log is saved (its error is that log's); one above it, here.
    if (code === 'ENOTDIR') await access(at, constants.W_OK);
    return;
  }
}

function shorten(text: string): string {
  return text.length > 100 ? text.slice(0, 97) + '...' : text;
}

/** Waits `ms`, or less when the signal is aborted meanwhile. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
