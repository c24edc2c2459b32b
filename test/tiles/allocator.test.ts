import { describe, expect, it } from 'vitest';
import { TileAllocator } from '../../src/tiles/index.js';

const M5 = 4;
const P5 = 13;
const EAST = 27;

describe('TileAllocator', () => {
  it('gives a red five copy 0 of its five (16, 52, 88) and plain fives the copies after it', () => {
    const ids = new TileAllocator(7);
    expect(ids.take(M5, false)).toBe(17);
    expect(ids.take(M5, true)).toBe(16);
    expect([ids.take(M5, false), ids.take(M5, false)]).toEqual([18, 19]);
    expect(ids.take(P5, true)).toBe(52);
  });

  it('answers -1 for a fifth copy, a second red five, or a red five in a suit without one', () => {
    const ids = new TileAllocator(1);
    for (let i = 0; i < 4; i++) ids.take(EAST, false);
    expect(ids.take(EAST, false)).toBe(-1);
    expect(ids.take(M5, true)).toBe(16);
    expect(ids.take(M5, true)).toBe(-1);
    expect(ids.take(P5, true)).toBe(-1);
  });

  it('gives all four fives as plain tiles in a suit without a red five, the red one never among the plain copies', () => {
    const none = new TileAllocator(0);
    expect([0, 1, 2, 3].map(() => none.take(M5, false))).toEqual([16, 17, 18, 19]);
    const red = new TileAllocator(7);
    expect([0, 1, 2].map(() => red.take(M5, false))).toEqual([17, 18, 19]);
    expect(red.take(M5, false)).toBe(-1);
    expect(red.freePlain(M5)).toEqual([]);
    expect(red.isUsed(16)).toBe(false);
  });

  it('passes over the ids marked as given', () => {
    const ids = new TileAllocator(7);
    ids.mark(108);
    ids.mark(110);
    expect(ids.freePlain(EAST)).toEqual([109, 111]);
    expect(ids.take(EAST, false)).toBe(109);
  });
});
