/**
 * The wall generator in WebAssembly (wall.wat): the same MT19937 stream, SHA-512 and shuffle as the
 * JavaScript reference (mt19937.ts, shuffle.ts). A game needs about three thousand outputs and ninety
 * digests of 128 bytes: here a round's outputs, nine digests and shuffle are one call, with no digest
 * string to decode and the padding block's schedule computed once (docs/PERFORMANCE.md). One instance per
 * thread; each stream keeps its own generator state and swaps it in when it is not the one loaded.
 */
import { wallLayout, type HandWall, type WallEra } from './layout.js';
import { wallSize, type Players } from './players.js';
import { diceOf } from './shuffle.js';
import { WALL_WASM_BASE64 } from './wall-wasm.js';

// The tsconfig has no DOM lib; these are the two WebAssembly constructors used here (Node has them).
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
};

interface WallExports {
  memory: { buffer: ArrayBuffer };
  initByArray(length: number): void;
  nextRound(players: number, hashed: number): void;
  prepare(): void;
  sha512(src: number, dst: number): void;
}

const MT = 0;
const MTI = 2496;
const OUT = 2560;
const RND = 3840;
const WALL = 4480;
const KEY = 4672;
const K = 8448;
const IV = 9088;
const STATE_WORDS = 625; // mt[624] and mti

/** First `count` primes. */
function primes(count: number): bigint[] {
  const out: bigint[] = [];
  for (let n = 2; out.length < count; n++) if (out.every((p) => BigInt(n) % p !== 0n)) out.push(BigInt(n));
  return out;
}

/** floor(value^(1/k)) for a BigInt, by Newton's method. */
function iroot(value: bigint, k: bigint): bigint {
  let x = 1n << (BigInt(value.toString(2).length) / k + 1n);
  for (;;) {
    const y = ((k - 1n) * x + value / x ** (k - 1n)) / k;
    if (y >= x) return x;
    x = y;
  }
}

const MASK64 = (1n << 64n) - 1n;

/** SHA-512's constants from their definition: fractional parts of cube roots (K) and square roots (IV) of primes. */
function sha512Constants(): { k: bigint[]; iv: bigint[] } {
  const p = primes(80);
  return {
    k: p.map((q) => iroot(q << 192n, 3n) & MASK64),
    iv: p.slice(0, 8).map((q) => iroot(q << 128n, 2n) & MASK64),
  };
}

let loaded: { exports: WallExports; words: Uint32Array; bytes: Uint8Array; owner: object | null } | null = null;

function instance() {
  if (loaded) return loaded;
  const module = new WebAssembly.Module(Buffer.from(WALL_WASM_BASE64, 'base64'));
  const exports = new WebAssembly.Instance(module).exports as unknown as WallExports;
  const view = new DataView(exports.memory.buffer);
  const { k, iv } = sha512Constants();
  k.forEach((v, i) => view.setBigUint64(K + 8 * i, v, true));
  iv.forEach((v, i) => view.setBigUint64(IV + 8 * i, v, true));
  exports.prepare();
  loaded = { exports, words: new Uint32Array(exports.memory.buffer), bytes: new Uint8Array(exports.memory.buffer), owner: null };
  return loaded;
}

/** A generator stream (one game's, or one old INIT's) that builds walls in WebAssembly. */
export class WasmWallStream {
  private readonly state = new Uint32Array(STATE_WORDS);

  constructor(
    key: Uint32Array,
    private readonly players: Players,
    private readonly hashed: boolean,
    private readonly era: WallEra,
  ) {
    const w = instance();
    w.words.set(key, KEY / 4);
    w.exports.initByArray(key.length);
    this.save(w);
  }

  private save(w: ReturnType<typeof instance>): void {
    this.state.set(w.words.subarray(MT / 4, MT / 4 + 624));
    this.state[624] = w.words[MTI / 4];
    w.owner = this;
  }

  /** The next round's wall from this stream. */
  next(): HandWall {
    const w = instance();
    if (w.owner !== this) {
      w.words.set(this.state.subarray(0, 624), MT / 4);
      w.words[MTI / 4] = this.state[624];
    }
    w.exports.nextRound(this.players, this.hashed ? 1 : 0);
    this.save(w);
    const n = wallSize(this.players);
    const source = w.words.subarray((this.hashed ? RND : OUT) / 4, (this.hashed ? RND : OUT) / 4 + 288);
    return {
      players: this.players,
      tiles: w.bytes.slice(WALL, WALL + n),
      dice: diceOf(source, this.hashed ? 135 : n - 1),
      layout: wallLayout(this.players, this.era),
    };
  }
}

/** SHA-512 of exactly 128 bytes, for tests. */
export function wasmSha512(message: Uint8Array): Uint8Array {
  const w = instance();
  w.bytes.set(message, OUT);
  w.exports.sha512(OUT, RND);
  w.owner = null;
  return w.bytes.slice(RND, RND + 64);
}
