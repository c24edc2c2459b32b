/**
 * One round's wall from an MT19937 stream (docs/formats.md §4): 288 outputs, hashed in 9 chunks of
 * 32 words with SHA-512 into 144 words `rnd`, which drive a Fisher-Yates style shuffle and the dice.
 */
import { hash } from 'node:crypto';
import { wallLayout, type HandWall, type WallEra } from './layout.js';
import type { Mt19937 } from './mt19937.js';
import { wallSize, type Players } from './players.js';
import { WallError } from './errors.js';

/** Generator outputs one round consumes. */
export const ROUND_OUTPUTS = 288;
/** Words per SHA-512 chunk (128 bytes). */
const CHUNK_WORDS = 32;
/** Hash words per round (9 digests of 16 words). */
export const ROUND_RND = 144;

/** Tiles before the shuffle: 0..135, or for 3-player without 2m-8m (ids 4..31), removed before shuffling. */
const SORTED: Record<Players, Uint8Array> = {
  4: Uint8Array.from({ length: 136 }, (_, i) => i),
  3: Uint8Array.from([0, 1, 2, 3, ...Array.from({ length: 104 }, (_, i) => 32 + i)]),
};

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** Chunks are hashed as little-endian bytes; on a big-endian host the words are swapped into this first. */
const beScratch = new DataView(new ArrayBuffer(CHUNK_WORDS * 4));

function chunkBytes(outputs: Uint32Array, chunk: number): Uint8Array {
  const from = outputs.byteOffset + chunk * CHUNK_WORDS * 4;
  if (LITTLE_ENDIAN) return new Uint8Array(outputs.buffer, from, CHUNK_WORDS * 4);
  for (let i = 0; i < CHUNK_WORDS; i++) beScratch.setUint32(4 * i, outputs[chunk * CHUNK_WORDS + i], true);
  return new Uint8Array(beScratch.buffer);
}

/** SHA-512 of each 128-byte chunk of the 288 outputs → 144 little-endian words, written into `rnd`. */
export function hashRoundOutputs(outputs: Uint32Array, rnd: Uint32Array = new Uint32Array(ROUND_RND)): Uint32Array {
  if (outputs.length < ROUND_OUTPUTS) throw new WallError(`need ${ROUND_OUTPUTS} generator outputs, got ${outputs.length}`, 'bad-argument');
  for (let c = 0; c < ROUND_OUTPUTS / CHUNK_WORDS; c++) {
    // The one-shot hash with a 'binary' (latin1) string, one char per byte: the cheapest way back from
    // Node's crypto for a 64-byte digest (docs/PERFORMANCE.md).
    const d = hash('sha512', chunkBytes(outputs, c), 'binary');
    for (let i = 0, o = 0; i < 16; i++, o += 4) {
      rnd[c * 16 + i] = d.charCodeAt(o) | (d.charCodeAt(o + 1) << 8) | (d.charCodeAt(o + 2) << 16) | (d.charCodeAt(o + 3) << 24);
    }
  }
  return rnd;
}

/** Shuffles the sorted tiles with `rnd`: swap wall[i] with wall[i + rnd[i] % (n − i)] for i = 0..n−2. */
export function shuffleWall(rnd: Uint32Array, players: Players, out: Uint8Array = new Uint8Array(wallSize(players))): Uint8Array {
  const n = wallSize(players);
  if (rnd.length < n - 1 || out.length !== n) {
    throw new WallError(`shuffling ${n} tiles needs ${n - 1} random words and a ${n}-tile output`, 'bad-argument');
  }
  out.set(SORTED[players]);
  for (let i = 0; i < n - 1; i++) {
    const j = i + (rnd[i] % (n - i));
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}

/**
 * The two dice (1..6) from rnd[at] and rnd[at + 1]. Hashed schemes: at = 135 in 4- and 3-player alike;
 * the raw per-INIT scheme: at = the wall size − 1 (135, or 107 in 3-player, seen on the corpus's one such round).
 */
export function diceOf(rnd: Uint32Array, at = 135): [number, number] {
  return [(rnd[at] % 6) + 1, (rnd[at + 1] % 6) + 1];
}

// Scratch for the hot path: one round at a time on one thread, so sharing them is safe.
const outputsScratch = new Uint32Array(ROUND_OUTPUTS);
const rndScratch = new Uint32Array(ROUND_RND);

/** How a scheme turns outputs into a wall. */
export interface WallRecipe {
  /** SHA-512 the 288 outputs first (all SHUFFLE schemes) or shuffle with them raw (per-INIT scheme). */
  hashed: boolean;
  era: WallEra;
}

/** Draws the next round's 288 outputs from `mt` and builds that round's wall. */
export function nextHandWall(mt: Mt19937, players: Players, recipe: WallRecipe): HandWall {
  mt.fill(outputsScratch, ROUND_OUTPUTS);
  const rnd = recipe.hashed ? hashRoundOutputs(outputsScratch, rndScratch) : outputsScratch;
  return {
    players,
    tiles: shuffleWall(rnd, players),
    dice: diceOf(rnd, recipe.hashed ? 135 : wallSize(players) - 1),
    layout: wallLayout(players, recipe.era),
  };
}
