import { describe, expect, it } from 'vitest';
import { HandError, hasTriplet, isComplete, readingToString, readings, toCounts } from '../../src/hand/index.js';
import { parseKinds } from '../../src/tiles/index.js';

const counts = (hand: string) => toCounts(parseKinds(hand));
const readingsOf = (hand: string) => readings(counts(hand)).map(readingToString);

describe('readings', () => {
  it('lists every distinct decomposition once', () => {
    expect(readingsOf('111222333m11z456p')).toEqual(['111m 222m 333m 456p 11z', '123m 123m 123m 456p 11z']);
    expect(readingsOf('11122233344455m')).toEqual([
      '111m 22m 234m 345m 345m',
      '111m 222m 333m 444m 55m',
      '111m 234m 234m 234m 55m',
      '123m 123m 123m 444m 55m',
    ]);
    expect(readingsOf('11123455678999m')).toEqual(['111m 234m 55m 678m 999m']);
  });

  it('adds seven pairs beside the standard readings', () => {
    const r = readings(counts('22334455667788p'));
    expect(r.map((x) => x.form)).toEqual(['standard', 'standard', 'standard', 'seven-pairs']);
    expect(readingToString(r[3])).toBe('22p 33p 44p 55p 66p 77p 88p');
  });

  it('reads thirteen orphans', () => {
    const r = readings(counts('19m19p19s1234567z1m'));
    expect(r).toHaveLength(1);
    expect(r[0].form).toBe('thirteen-orphans');
    expect(readingToString(r[0])).toBe('11m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z');
  });

  it('reads hands with melds (11, 8, 5, 2 tiles), never as seven pairs', () => {
    expect(readingsOf('11123444p222z')).toEqual(['11p 123p 444p 222z', '111p 234p 44p 222z']);
    expect(readingsOf('11223344m')).toEqual(['11m 234m 234m', '123m 123m 44m']);
    expect(readingsOf('55z')).toEqual(['55z']);
  });

  it('returns nothing for an incomplete hand', () => {
    expect(readingsOf('123m456p789s12345z')).toEqual([]);
    expect(isComplete(counts('123m456p789s12345z'))).toBe(false);
  });

  it('tells whether a reading keeps a kind as a triplet', () => {
    const [a, b] = readings(counts('33345666p111456s'));
    expect(readingToString(a)).toBe('33p 345p 666p 111s 456s');
    expect(hasTriplet(a, 11)).toBe(false);
    expect(hasTriplet(b, 11)).toBe(true);
  });

  it('rejects a hand of the wrong size', () => {
    expect(() => readings(counts('123m456p789s123z'))).toThrow(HandError);
    expect(() => isComplete(counts('123m'))).toThrow(/complete hand has 14/);
  });
});

describe('isComplete', () => {
  it('accepts every form', () => {
    expect(isComplete(counts('123m456p789s11122z'))).toBe(true);
    expect(isComplete(counts('1133557799m1122p'))).toBe(true);
    expect(isComplete(counts('19m19p19s1234567z9s'))).toBe(true);
    expect(isComplete(counts('1111m2233445566p'))).toBe(false); // four of a kind is not two pairs
  });
});
