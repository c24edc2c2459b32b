/**
 * Inflating what a server or an archive file hands over, never past a cap: zlib stops producing output
 * at `maxBytes`, so a gzip bomb costs at most that much memory and is refused with a clear reason.
 */
import { gunzipSync } from 'node:zlib';

/** A gzip stream that is broken, or would inflate to more than the cap (`tooLarge`). */
export class InflateError extends Error {
  constructor(
    message: string,
    readonly tooLarge: boolean,
  ) {
    super(message);
    this.name = 'InflateError';
  }
}

/**
 * The inflated bytes (every member of a multi-member stream), at most `maxBytes` of them. The message of
 * an InflateError completes a sentence about the input: "the body {message}".
 */
export function gunzipAtMost(bytes: Uint8Array, maxBytes: number): Buffer {
  try {
    return gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new InflateError(`decompresses to more than ${formatBytes(maxBytes)} bytes`, true);
    }
    throw new InflateError(`is not a whole gzip stream (${(err as Error).message})`, false);
  }
}

/** `16,777,216` */
export function formatBytes(n: number): string {
  return n.toLocaleString('en-US');
}
