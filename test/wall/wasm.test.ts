import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script
import { compileWallWat } from '../../scripts/build-wall-wasm.mjs';
import { gameWalls, initShuffleWall, wasmSha512 } from '../../src/wall/index.js';
import { WALL_WASM_BASE64 } from '../../src/wall/wall-wasm.js';
import { corpusFiles } from '../support/corpus.js';
import { PROJECT_ROOT } from '../support/cli.js';

describe('the WebAssembly wall generator', () => {
  it('is the compiled wall.wat (run npm run build:wasm after editing it)', async () => {
    expect(await compileWallWat(PROJECT_ROOT)).toBe(WALL_WASM_BASE64);
  });

  it("hashes 128-byte messages exactly as Node's SHA-512", () => {
    let state = 12345;
    for (let n = 0; n < 2000; n++) {
      const message = new Uint8Array(128);
      for (let i = 0; i < 128; i++) message[i] = state = (Math.imul(state, 1103515245) + 12345) >>> 0 >> 24;
      expect(Buffer.from(wasmSha512(message)).toString('hex')).toBe(createHash('sha512').update(message).digest('hex'));
    }
  });

  it('builds the same walls and dice as the JavaScript reference for every seed of the corpus', () => {
    let rounds = 0;
    for (const path of corpusFiles()) {
      if (path.endsWith('.json')) continue;
      const text = readFileSync(path);
      if (text[0] === 0x1f) continue; // the gzip files' seeds are covered by the wall corpus test
      const xml = text.toString('latin1');
      const players = Number(/GO type="(\d+)"/.exec(xml)?.[1] ?? 0) & 0x10 ? 3 : 4;
      const seed = /SHUFFLE seed="([^"]+)"/.exec(xml)?.[1];
      if (seed) {
        const fast = gameWalls(seed, players, 'wasm');
        const reference = gameWalls(seed, players, 'js');
        for (let r = 0; r < 12; r++, rounds++) {
          expect(Buffer.from(fast.round(r).tiles)).toEqual(Buffer.from(reference.round(r).tiles));
          expect(fast.round(r).dice).toEqual(reference.round(r).dice);
        }
      }
      for (const m of xml.matchAll(/shuffle="([^"]+)"/g)) {
        expect(Buffer.from(initShuffleWall(m[1], players, 'wasm').tiles)).toEqual(Buffer.from(initShuffleWall(m[1], players, 'js').tiles));
        rounds++;
      }
    }
    expect(rounds).toBeGreaterThan(18000);
  });
});
