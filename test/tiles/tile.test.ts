import { describe, expect, it } from 'vitest';
import { checkRedFives, kindsToString, parseKinds, parseTiles, redFivesWritten, sortIds, tileLabel, tilesLabel, tileToString, tilesToString } from '../../src/tiles/index.js';

describe('tile notation', () => {
  it('writes ids as notation, red fives as 0', () => {
    expect(tileToString(0)).toBe('1m');
    expect(tileToString(16)).toBe('0m');
    expect(tileToString(16, false)).toBe('5m');
    expect(tileToString(53)).toBe('5p');
    expect(tileToString(88)).toBe('0s');
    expect(tileToString(108)).toBe('1z');
    expect(tileToString(135)).toBe('7z');
  });

  it('reads notation back into kinds', () => {
    expect(parseKinds('3335666p111456s')).toEqual([11, 11, 11, 13, 14, 14, 14, 18, 18, 18, 21, 22, 23]);
    expect(parseTiles('0m')).toEqual([{ kind: 4, red: true }]);
    expect(parseKinds('3444m 778899s 333z')).toHaveLength(13);
    expect(kindsToString(parseKinds('3335666p111456s'))).toBe('3335666p111456s');
    expect(tilesToString([16, 17, 20, 108, 109])).toBe('056m11z');
  });

  it('says what is wrong with bad notation', () => {
    expect(() => parseKinds('123')).toThrow(/no suit letter/);
    expect(() => parseKinds('8z')).toThrow(/8z is not a tile/);
    expect(() => parseKinds('12x')).toThrow(/unexpected "x"/);
    expect(() => parseKinds('m')).toThrow(/no digits/);
  });
});

describe('red fives in notation', () => {
  it('counts the tiles written as red fives, by suit', () => {
    expect(redFivesWritten(parseTiles('0m055p123s'))).toEqual({ m: 1, p: 1, s: 0 });
    expect(redFivesWritten(parseTiles('0000m123p456s789s'))).toEqual({ m: 4, p: 0, s: 0 });
  });

  it('refuses more red fives of a suit than a set has (one), naming the tile (issue 14)', () => {
    // 0000m was read as four fives, all of them red: a set has one red five a suit (ids 16, 52, 88)
    expect(() => checkRedFives(parseTiles('0000m123p456s789s'), 'HAND')).toThrow('HAND has 4 red 5m (0m), but a set has one');
    expect(() => checkRedFives(parseTiles('123m0p0p'), 'HAND')).toThrow('HAND has 2 red 5p (0p), but a set has one');
    expect(() => checkRedFives(parseTiles('0m0p0s555m'), 'HAND')).not.toThrow();
  });
});

describe('sortIds', () => {
  it('sorts tile ids ascending in place, as a numeric sort would', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 136;
    for (let n = 0; n <= 18; n++) {
      const ids = Array.from({ length: n }, next);
      const expected = [...ids].sort((a, b) => a - b);
      const sorted = sortIds(ids);
      expect(sorted).toBe(ids);
      expect(sorted).toEqual(expected);
    }
    expect(sortIds([100, 9, 10, 1])).toEqual([1, 9, 10, 100]); // numeric, not by text
  });
});

describe('tiles in messages (issue 16)', () => {
  it('notation for people, the id that tells the copies apart; a number that is no tile stays a number', () => {
    expect(tileLabel(35)).toBe('9m (id 35)');
    expect(tileLabel(16)).toBe('0m (id 16)');
    expect(tileLabel(16, false)).toBe('5m (id 16)');
    expect(tileLabel(133)).toBe('7z (id 133)');
    expect(tileLabel(140)).toBe('id 140');
    expect(tilesLabel([40, 41])).toBe('2p 2p (ids 40, 41)');
    expect(tilesLabel([101])).toBe('8s (id 101)');
    expect(tilesLabel([])).toBe('ids none');
  });
});
