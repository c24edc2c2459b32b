import { describe, expect, it } from 'vitest';
import {
  HandError,
  checkWaitingHandWithMelds,
  copiesLeft,
  isOpenMeld,
  meldCounts,
  meldKinds,
  meldToString,
  toCounts,
  waits,
  type HandMeld,
} from '../../src/hand/index.js';
import { kindToString, parseKinds } from '../../src/tiles/index.js';

const tile = (t: string) => parseKinds(t)[0];
const meld = (type: HandMeld['type'], first: string): HandMeld => ({ type, first: tile(first) });

describe('melds', () => {
  it('have three or four tiles; a chi is a run from its lowest kind', () => {
    expect(meldKinds(meld('chi', '3p')).map(kindToString)).toEqual(['3p', '4p', '5p']);
    expect(meldKinds(meld('pon', '7z'))).toHaveLength(3);
    for (const type of ['ankan', 'daiminkan', 'kakan'] as const) expect(meldKinds(meld(type, '2m'))).toHaveLength(4);
    expect(meldToString(meld('chi', '7s'))).toBe('chi 789s');
    expect(meldToString(meld('ankan', '2m'))).toBe('ankan 2222m');
  });

  it('reject a chi that is no run, and what is not a meld', () => {
    expect(() => meldKinds(meld('chi', '8m'))).toThrow(/none starts at 8m/);
    expect(() => meldKinds(meld('chi', '1z'))).toThrow(HandError);
    expect(() => meldKinds({ type: 'kita' as HandMeld['type'], first: 30 })).toThrow(/not a meld type/);
    expect(() => meldKinds({ type: 'pon', first: 34 })).toThrow(/not a tile kind/);
  });

  it('only an ankan keeps the hand closed', () => {
    expect(isOpenMeld(meld('ankan', '1m'))).toBe(false);
    for (const type of ['chi', 'pon', 'daiminkan', 'kakan'] as const) expect(isOpenMeld(meld(type, '1m'))).toBe(true);
  });
});

describe('a waiting hand with its melds', () => {
  it('has 13 - 3 x melds concealed tiles', () => {
    const counts = checkWaitingHandWithMelds(parseKinds('13m456p789s11z'), [meld('ankan', '2m')]);
    expect(waits(counts).map(kindToString)).toEqual(['2m']);
    expect(() => checkWaitingHandWithMelds(parseKinds('13m456p789s11z'), [])).toThrow(/0 melds leave 13 concealed tiles, but the hand has 10/);
    expect(() => checkWaitingHandWithMelds(parseKinds('1m'), Array<HandMeld>(5).fill(meld('pon', '1z')))).toThrow(/at most 4 melds/);
  });

  it('holds no fifth copy across the hand and the melds', () => {
    expect(() => checkWaitingHandWithMelds(parseKinds('12m456p789s11z'), [meld('chi', '1m')])).not.toThrow();
    expect(() => checkWaitingHandWithMelds(parseKinds('12m456p789s11z'), [meld('pon', '1m')])).not.toThrow();
    expect(() => checkWaitingHandWithMelds(parseKinds('11m456p789s11z'), [meld('pon', '1m')])).toThrow(/five copies of 1m/);
    expect(() => checkWaitingHandWithMelds(parseKinds('1m456p789s'), [meld('ankan', '1z'), meld('kakan', '1z')])).toThrow(/five copies of 1z/);
  });

  it('keeps to the 3-player tile set, with no chi', () => {
    expect(() => checkWaitingHandWithMelds(parseKinds('19m456p789s11z'), [meld('ankan', '5m')], { threePlayer: true })).toThrow(/5m does not exist/);
    expect(() => checkWaitingHandWithMelds(parseKinds('19m456p789s11z'), [meld('chi', '1p')], { threePlayer: true })).toThrow(/no chi in a 3-player game/);
    expect(() => checkWaitingHandWithMelds(parseKinds('19m456p789s11z'), [meld('pon', '1p')], { threePlayer: true })).not.toThrow();
  });

  it('counts the copies the player has not seen; a wait with none left is still a wait', () => {
    const melds = [meld('pon', '1m'), meld('pon', '1p'), meld('pon', '1s'), meld('pon', '9m')];
    const counts = checkWaitingHandWithMelds(parseKinds('1m'), melds);
    expect(meldCounts(melds)[tile('1m')]).toBe(3);
    expect(copiesLeft(counts, melds, tile('1m'))).toBe(0);
    expect(copiesLeft(counts, melds, tile('2m'))).toBe(4);
    expect(waits(counts).map(kindToString)).toEqual(['1m']);
    expect(copiesLeft(toCounts(parseKinds('13m456p789s11z')), [meld('ankan', '2m')], tile('2m'))).toBe(0);
  });
});
