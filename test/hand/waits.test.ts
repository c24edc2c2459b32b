import { describe, expect, it } from 'vitest';
import {
  HandError,
  isKokushiTenpai,
  isTenpai,
  kokushiWaits,
  sevenPairsWaits,
  shapeWaits,
  toCounts,
  waits,
} from '../../src/hand/index.js';
import { kindToString, parseKinds } from '../../src/tiles/index.js';

const counts = (hand: string) => toCounts(parseKinds(hand));
const names = (kinds: number[]) => kinds.map(kindToString).join(' ');
const waitsOf = (hand: string) => names(waits(counts(hand)));

describe('waits', () => {
  it('finds the waits of the classic shapes', () => {
    expect(waitsOf('3444m778899s333z')).toBe('2m 3m 5m');
    expect(waitsOf('3335666p111456s')).toBe('4p 5p 7p');
    expect(waitsOf('222333444p23m11z')).toBe('1m 4m');
    expect(waitsOf('111m222333p5678s')).toBe('5s 8s');
    expect(waitsOf('1112345678999m')).toBe('1m 2m 3m 4m 5m 6m 7m 8m 9m'); // nine gates
    expect(waitsOf('2223444m111p789s')).toBe('1m 2m 3m 4m 5m');
    expect(waitsOf('123m456p789s1234z')).toBe('');
  });

  it('returns kinds in ascending order, across suits', () => {
    expect(waits(counts('55z55p123m456p789s'))).toEqual([13, 31]);
  });

  it('reads seven pairs, also where standard readings overlap', () => {
    expect(waitsOf('1133557799m11p2p')).toBe('2p');
    expect(waitsOf('1122334455667m')).toBe('1m 4m 7m');
    expect(names(sevenPairsWaits(counts('1122334455667m')))).toBe('7m');
    // Four of a kind is not two pairs.
    expect(waitsOf('1111m223344p55s6z')).toBe('');
  });

  it('reads thirteen orphans: the 13-sided wait and the single wait', () => {
    expect(waitsOf('19m19p19s1234567z')).toBe('1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z');
    expect(waitsOf('19m19p19s123456z1m')).toBe('7z');
    expect(names(kokushiWaits(counts('19m19p19s123456z1m')))).toBe('7z');
    expect(isKokushiTenpai(counts('19m19p19s123456z1m'))).toBe(true);
    expect(isKokushiTenpai(counts('19m19p19s123456z2m'))).toBe(false);
    expect(kokushiWaits(counts('19m19p19s1z'))).toEqual([]); // melds: no thirteen orphans
  });

  it('handles hands with melds: 10, 7, 4 and 1 concealed tiles', () => {
    expect(waitsOf('1113444p222z')).toBe('2p 3p 5p');
    expect(waitsOf('2345678p')).toBe('2p 5p 8p');
    expect(waitsOf('1122m')).toBe('1m 2m');
    expect(waitsOf('5z')).toBe('5z');
  });

  it('handles the 3-player tile set (no 2m..8m)', () => {
    expect(names(waits(toCounts(parseKinds('1199m123p456s777z'), { threePlayer: true })))).toBe('1m 9m');
    expect(() => toCounts(parseKinds('2m'), { threePlayer: true })).toThrow(/3-player/);
  });
});

describe('a kind the hand holds all four of', () => {
  it('is not a wait (no fifth copy), as on Tenhou and in majiang-core', () => {
    expect(waitsOf('1111m234p567s789s')).toBe('');
    expect(isTenpai(counts('1111m234p567s789s'))).toBe(false);
    expect(names(shapeWaits(counts('1111m234p567s789s')))).toBe('1m');
  });

  it('removes only that kind from a wider wait', () => {
    expect(waitsOf('1111222233334m')).toBe('4m 5m');
    expect(names(shapeWaits(counts('1111222233334m')))).toBe('1m 2m 3m 4m 5m');
  });

  it('is counted on concealed tiles only: copies in the melds exhaust nothing (Tenhou)', () => {
    // A pon of 5z waiting on the last 5z single, an ankan of 2m waiting on 2m: still tenpai on Tenhou.
    expect(waitsOf('5z')).toBe('5z');
    expect(waitsOf('13m456p789s11z')).toBe('2m');
    expect(isTenpai(counts('13m456p789s11z'))).toBe(true);
    expect(waitsOf('2345678p')).toBe('2p 5p 8p');
  });
});

describe('bad hands', () => {
  it('rejects a hand of the wrong size', () => {
    expect(() => waits(counts('123m456p789s11223z'))).toThrow(HandError);
    expect(() => waits(counts('123m456p789s11223z'))).toThrow(/13 concealed tiles.*got 14/);
    expect(() => waits(counts('12m'))).toThrow(/got 2/);
  });

  it('rejects five copies and counters that are not a hand', () => {
    expect(() => counts('11111m23456789p')).toThrow(/five copies of 1m/);
    expect(() => waits(new Array(33).fill(0))).toThrow(/34 counters/);
    const five = new Array(34).fill(0);
    five[0] = 5;
    five[27] = 8;
    expect(() => waits(five)).toThrow(/more than four copies/);
    const negative = new Array(34).fill(0);
    negative[3] = -1;
    expect(() => waits(negative)).toThrow(/not a count/);
  });

  it('rejects things that are not kinds', () => {
    expect(() => toCounts([34])).toThrow(/not a tile kind/);
    expect(() => toCounts([1.5])).toThrow(/not a tile kind/);
  });
});
