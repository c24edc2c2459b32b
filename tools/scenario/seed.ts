/**
 * Deterministic SHUFFLE seeds for seeded scenarios: 624 little-endian u32 words from a small PRNG,
 * base64-encoded under Tenhou's scheme name, so `src/wall` rebuilds the same walls every run.
 */
import { BASE64_SCHEME, SEED_KEY_WORDS } from '../../src/wall/index.js';

/** xorshift32: enough to make a seed that is not all zeros; no quality is needed beyond that. */
function xorshift32(state: number): () => number {
  let x = state >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

/** `mt19937ar-sha512-n288-base64,<base64 of 624 words>`, the same text for the same number. */
export function makeSeed(n: number): string {
  const next = xorshift32(n);
  const bytes = Buffer.alloc(SEED_KEY_WORDS * 4);
  for (let i = 0; i < SEED_KEY_WORDS; i++) bytes.writeUInt32LE(next(), 4 * i);
  return `${BASE64_SCHEME},${bytes.toString('base64')}`;
}
