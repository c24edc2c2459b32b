import { describe, expect, it } from 'vitest';
import {
  WallError,
  haipaiIndices,
  indicatorIndex,
  lastLiveIndex,
  liveDrawCount,
  liveDrawIndex,
  liveDrawsLeft,
  replacementIndex,
  seatOffsetFromDealer,
  uraIndex,
  wallLayout,
  type Players,
} from '../../src/wall/index.js';

const range = (from: number, downTo: number) => Array.from({ length: from - downTo + 1 }, (_, i) => from - i);

describe('4-player layout (docs/formats.md §4)', () => {
  it('deals 4-4-4-1 from 135 downward, dealer first', () => {
    expect(haipaiIndices(4, 0)).toEqual([...range(135, 132), ...range(119, 116), ...range(103, 100), 87]);
    expect(haipaiIndices(4, 1)).toEqual([...range(131, 128), ...range(115, 112), ...range(99, 96), 86]);
    expect(haipaiIndices(4, 2)).toEqual([...range(127, 124), ...range(111, 108), ...range(95, 92), 85]);
    expect(haipaiIndices(4, 3)).toEqual([...range(123, 120), ...range(107, 104), ...range(91, 88), 84]);
    const all = [0, 1, 2, 3].flatMap((s) => haipaiIndices(4, s)).sort((a, b) => b - a);
    expect(all).toEqual(range(135, 84));
  });

  it('live draws from 83 down, dead wall roles, live wall end', () => {
    expect([0, 1, 69].map((j) => liveDrawIndex(4, j))).toEqual([83, 82, 14]);
    expect([0, 1, 2, 3].map((r) => replacementIndex(4, r))).toEqual([1, 0, 3, 2]);
    expect([0, 1, 2, 3, 4].map((k) => indicatorIndex(4, k))).toEqual([5, 7, 9, 11, 13]);
    expect([0, 1, 2, 3, 4].map((k) => uraIndex(4, k))).toEqual([4, 6, 8, 10, 12]);
    expect([0, 1, 2, 3, 4].map((r) => liveDrawCount(4, r))).toEqual([70, 69, 68, 67, 66]);
    expect([0, 1, 4].map((r) => lastLiveIndex(4, r))).toEqual([14, 15, 18]);
    expect(liveDrawsLeft(4, 69, 1)).toBe(0);
  });
});

describe('3-player layout', () => {
  it('deals 4-4-4-1 from 107 downward over three seats', () => {
    expect(haipaiIndices(3, 0)).toEqual([...range(107, 104), ...range(95, 92), ...range(83, 80), 71]);
    expect(haipaiIndices(3, 2)).toEqual([...range(99, 96), ...range(87, 84), ...range(75, 72), 69]);
    const all = [0, 1, 2].flatMap((s) => haipaiIndices(3, s)).sort((a, b) => b - a);
    expect(all).toEqual(range(107, 69));
  });

  it('live draws from 68 down; kan and kita replacements share one sequence; 55 − r live draws', () => {
    expect([0, 54].map((j) => liveDrawIndex(3, j))).toEqual([68, 14]);
    expect(Array.from({ length: 8 }, (_, r) => replacementIndex(3, r))).toEqual([1, 0, 3, 2, 5, 4, 7, 6]);
    expect([0, 1, 2, 3, 4].map((k) => indicatorIndex(3, k))).toEqual([9, 11, 13, 15, 17]);
    expect([0, 1, 2, 3, 4].map((k) => uraIndex(3, k))).toEqual([8, 10, 12, 14, 16]);
    expect([0, 4, 8].map((r) => liveDrawCount(3, r))).toEqual([55, 51, 47]);
    expect([0, 4, 8].map((r) => lastLiveIndex(3, r))).toEqual([14, 18, 22]);
  });

  it('the kandora indicators are in the dead wall whenever they exist (k kans ⇒ at least k replacements)', () => {
    for (let k = 1; k <= 4; k++) expect(indicatorIndex(3, k)).toBeLessThan(lastLiveIndex(3, k));
  });
});

describe('legacy (2008-2009 seeds) layout', () => {
  it('turns each dead-wall pair the other way up; the rest is unchanged', () => {
    for (const players of [4, 3] as Players[]) {
      const cur = wallLayout(players);
      const old = wallLayout(players, 'legacy');
      expect(old.haipai).toEqual(cur.haipai);
      expect(old.firstLiveIndex).toBe(cur.firstLiveIndex);
      expect(old.totalDraws).toBe(cur.totalDraws);
      expect(old.replacement).toEqual(cur.replacement.map((i) => i ^ 1));
      expect(old.indicator).toEqual(cur.indicator.map((i) => i - 1));
      expect(old.ura).toEqual(cur.ura.map((i) => i + 1));
    }
    expect(wallLayout(4, 'legacy').indicator).toEqual([4, 6, 8, 10, 12]);
    expect(replacementIndex(wallLayout(4, 'legacy'), 1)).toBe(1);
    expect(indicatorIndex(wallLayout(3, 'legacy'), 0)).toBe(8);
  });
});

describe('arguments', () => {
  it('layouts are frozen, shared data', () => {
    expect(wallLayout(4)).toBe(wallLayout(4, 'current'));
    expect(Object.isFrozen(wallLayout(3).replacement)).toBe(true);
    expect(haipaiIndices(4, 0)).toBe(haipaiIndices(4, 0));
  });

  it('seat offsets from the dealer', () => {
    expect(seatOffsetFromDealer(4, 0, 1)).toBe(3);
    expect(seatOffsetFromDealer(3, 0, 2)).toBe(1);
    expect(() => seatOffsetFromDealer(3, 3, 0)).toThrow(WallError);
  });

  it('out-of-range counters throw WallError', () => {
    expect(() => liveDrawIndex(4, 70)).toThrow(/live draw number must be an integer 0..69/);
    expect(() => replacementIndex(4, 4)).toThrow(WallError);
    expect(() => replacementIndex(3, 8)).toThrow(WallError);
    expect(() => indicatorIndex(4, 5)).toThrow(WallError);
    expect(() => uraIndex(4, -1)).toThrow(WallError);
    expect(() => haipaiIndices(3, 3)).toThrow(WallError);
    expect(() => liveDrawCount(4, 5)).toThrow(WallError);
    expect(() => wallLayout(5 as Players)).toThrow(/players must be 3 or 4/);
    expect(() => liveDrawIndex(4, 1.5)).toThrow(WallError);
  });
});
