/**
 * MT19937 (Matsumoto & Nishimura's mt19937ar), the generator behind Tenhou's wall seeds.
 * Only what the wall needs: `init_genrand`, `init_by_array` and 32-bit outputs.
 * State is one Uint32Array; products use Math.imul so every step stays in 32 bits.
 */

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

export class Mt19937 {
  private readonly mt = new Uint32Array(N);
  /** Next state word to temper; N means the state must be regenerated first. */
  private mti = N + 1;

  /** A generator seeded with `init_by_array(key)`. */
  static fromKey(key: ArrayLike<number>): Mt19937 {
    const g = new Mt19937();
    g.initByArray(key);
    return g;
  }

  /** mt19937ar `init_genrand(s)`. */
  initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.mti = N;
  }

  /** mt19937ar `init_by_array(key, key.length)`. */
  initByArray(key: ArrayLike<number>): void {
    const len = key.length;
    if (len === 0) throw new RangeError('init_by_array needs at least one key word');
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, len); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + (key[j] >>> 0) + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= len) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000; // MSB is 1, assuring a non-zero initial array
    this.mti = N;
  }

  /** Regenerates all N state words at once (the "twist"). */
  private twist(): void {
    const mt = this.mt;
    let kk = 0;
    let y: number;
    for (; kk < N - M; kk++) {
      y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    for (; kk < N - 1; kk++) {
      y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
    mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    this.mti = 0;
  }

  /** mt19937ar `genrand_int32()`: the next output, 0..2^32-1. */
  nextU32(): number {
    if (this.mti >= N) {
      if (this.mti === N + 1) this.initGenrand(5489); // never seeded: mt19937ar's default
      this.twist();
    }
    let y = this.mt[this.mti++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** Writes the next `count` outputs into `out` from `offset` (no allocation). */
  fill(out: Uint32Array, count = out.length, offset = 0): Uint32Array {
    // nextU32 inlined: a wall takes 288 outputs per round, a game about three thousand.
    const mt = this.mt;
    for (let i = 0; i < count; i++) {
      if (this.mti >= N) {
        if (this.mti === N + 1) this.initGenrand(5489);
        this.twist();
      }
      let y = mt[this.mti++];
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      y ^= y >>> 18;
      out[offset + i] = y >>> 0;
    }
    return out;
  }
}
