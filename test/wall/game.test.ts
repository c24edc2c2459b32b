import { describe, expect, it } from 'vitest';
import {
  BASE64_SCHEME,
  GameWalls,
  Mt19937,
  ROUND_OUTPUTS,
  WallError,
  doraIndicator,
  gameWalls,
  haipai,
  hashRoundOutputs,
  initShuffleWall,
  liveDraw,
  parseSeed,
  replacementDraw,
  shuffleWall,
  uraIndicator,
} from '../../src/wall/index.js';

const key = Buffer.alloc(2496);
for (let i = 0; i < 624; i++) key.writeUInt32LE((i * 2246822519 + 7) >>> 0, 4 * i);
const SEED = `${BASE64_SCHEME},${key.toString('base64')}`;

describe('gameWalls', () => {
  it('round i takes outputs 288·i .. 288·i + 287 of the one stream', () => {
    const parsed = parseSeed(SEED);
    if (!parsed.buildable) throw new Error();
    const mt = Mt19937.fromKey(parsed.key);
    const outputs = new Uint32Array(ROUND_OUTPUTS);
    const walls = gameWalls(SEED, 4);
    for (let i = 0; i < 3; i++) {
      const rnd = hashRoundOutputs(mt.fill(outputs));
      expect([...walls.round(i).tiles]).toEqual([...shuffleWall(rnd, 4)]);
    }
  });

  it('builds lazily, in order, and caches', () => {
    const a = gameWalls(SEED, 4);
    const b = new GameWalls(parseSeed(SEED), 4);
    expect(a.built).toBe(0);
    const r5 = a.round(5);
    expect(a.built).toBe(6);
    expect(a.round(5)).toBe(r5);
    const fromIterator = [...take(b, 6)];
    expect([...fromIterator[5].tiles]).toEqual([...r5.tiles]);
    expect(() => a.round(-1)).toThrow(WallError);
  });

  it('3-player walls hold 1m and 9m-7z only, each once', () => {
    const w = gameWalls(SEED, 3).round(0);
    expect(w.tiles).toHaveLength(108);
    const sorted = [...w.tiles].sort((x, y) => x - y);
    expect(sorted).toEqual([0, 1, 2, 3, ...Array.from({ length: 104 }, (_, i) => 32 + i)]);
    expect(w.layout.players).toBe(3);
  });

  it('tile accessors read through the layout', () => {
    const w = gameWalls(SEED, 4).round(1);
    expect(haipai(w, 0)[0]).toBe(w.tiles[135]);
    expect(liveDraw(w, 0)).toBe(w.tiles[83]);
    expect(replacementDraw(w, 0)).toBe(w.tiles[1]);
    expect(doraIndicator(w, 0)).toBe(w.tiles[5]);
    expect(uraIndicator(w, 1)).toBe(w.tiles[6]);
    for (const d of w.dice) expect(d >= 1 && d <= 6).toBe(true);
  });

  it('refuses logs without a seed, with the reason, and per-INIT seeds', () => {
    expect(() => gameWalls(parseSeed(undefined), 4)).toThrow(/no wall can be built: the log carries no wall seed/);
    expect(() => gameWalls('mt19937ar,0A0B0C0D', 4)).toThrow(/initShuffleWall/);
    expect(() => initShuffleWall(SEED, 4)).toThrow(/gameWalls/);
    expect(() => gameWalls(SEED, 2 as 3)).toThrow(/players must be 3 or 4/);
  });

  it('per-INIT seeds: each round its own generator, raw outputs, legacy layout', () => {
    const w = initShuffleWall('mt19937ar,C41242CB,F46A04D2,BFBCD73B,ED5E02E7,8F7D9B2C,6AD44D07,126EC045,3BD782A4', 4);
    const raw = Mt19937.fromKey([0xc41242cb, 0xf46a04d2, 0xbfbcd73b, 0xed5e02e7, 0x8f7d9b2c, 0x6ad44d07, 0x126ec045, 0x3bd782a4]).fill(new Uint32Array(288));
    expect([...w.tiles]).toEqual([...shuffleWall(raw, 4)]);
    expect(w.layout.era).toBe('legacy');
    expect(w.dice).toEqual([(raw[135] % 6) + 1, (raw[136] % 6) + 1]);
  });
});

function* take<T>(it: Iterable<T>, n: number): Generator<T> {
  if (n <= 0) return;
  for (const x of it) {
    yield x;
    if (--n <= 0) return;
  }
}
