/**
 * When to try a request again, how long to wait first, and how to say why a request failed.
 * Pure functions of what download.ts met.
 */

/** HTTP statuses worth another try: server errors and "too many requests". */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * Network errors worth another try (Node's and undici's codes). The deadline of a whole attempt is
 * kanshi's own (download.ts) and retried there; undici's connect timeout is the one it raises itself.
 */
const RETRYABLE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** What a failed request throws (a Node system error or an undici error). */
export interface HttpFailure {
  code?: string;
  message?: string;
}

export function isRetryableError(err: HttpFailure): boolean {
  return typeof err.code === 'string' && RETRYABLE_CODES.has(err.code);
}

/** Longest wait before a retry, whatever the backoff or the server's Retry-After says. */
export const MAX_RETRY_WAIT_MS = 60_000;

/**
 * The wait before retry number `retry` (1 for the first): `baseMs`, doubling each time, at least
 * what the server asked for in Retry-After, at most MAX_RETRY_WAIT_MS.
 */
export function retryWaitMs(retry: number, baseMs: number, retryAfterMs: number | null = null): number {
  const backoff = baseMs * 2 ** Math.max(0, retry - 1);
  return Math.min(MAX_RETRY_WAIT_MS, Math.max(backoff, retryAfterMs ?? 0));
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** One line saying what went wrong, for progress lines and the summary. */
export function describeFailure(err: HttpFailure, timeoutMs: number): string {
  switch (err.code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `could not connect within ${timeoutMs} ms`;
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
    case 'EPIPE':
      return `connection closed by the server (${err.code})`;
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found (${err.code})`;
    default:
      return (err.code ? `${err.code}: ` : '') + (err.message ?? String(err));
  }
}
