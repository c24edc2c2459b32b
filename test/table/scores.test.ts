/**
 * The scores of a hand (src/table scores.ts), with what a stick and a honba are worth given by the caller:
 * the values below are the rules as written (a riichi deposit of 1,000 points; 300 a honba on Tenhou, and
 * a 3-player Tenhou win's 200; Mahjong Soul's 3-player honba of 1,000 a honba would be given the same way).
 */
import { describe, expect, it } from 'vitest';
import { afterChanges, afterDeposit, pointsFromDeltas, scoresLeft } from '../../src/table/index.js';

describe("a hand's scores", () => {
  it('a riichi deposit takes the stick from the declarer alone, in a new list', () => {
    const before = [25000, 25000, 25000, 25000];
    expect(afterDeposit(before, 2, 1000)).toEqual([25000, 25000, 24000, 25000]);
    expect(before).toEqual([25000, 25000, 25000, 25000]);
  });

  it("an ending's changes are added seat by seat; a seat they leave out changes by 0", () => {
    expect(afterChanges([25000, 24000, 25000, 25000], [-3900, 4900, 0, 0])).toEqual([21100, 28900, 25000, 25000]);
    expect(afterChanges([35000, 35000, 35000, 0], [-2000, 4000, -2000])).toEqual([33000, 39000, 33000, 0]);
  });

  it('the scores a hand leaves: its start, less the sticks deposited, plus the changes (which give the winner the sticks back)', () => {
    // Seat 1 declares riichi and wins 3,900 from seat 0 with the one stick on the table: 3,900 + 1,000.
    expect(scoresLeft([25000, 25000, 25000, 25000], [0, 1, 0, 0], [-3900, 4900, 0, 0], 1000)).toEqual([21100, 28900, 25000, 25000]);
    // Two declarers, a drawn hand with both tenpai: the sticks stay on the table.
    expect(scoresLeft([25000, 25000, 25000, 25000], [1, 1, 0, 0], [1500, 1500, -1500, -1500], 1000)).toEqual([25500, 25500, 23500, 23500]);
  });

  it("a win's value from its change: the first winner's honba and sticks taken off, by the caller's values", () => {
    // A 7,700 ron with 2 honba and 1 stick: 7,700 + 600 + 1,000 on Tenhou's 4-player values.
    expect(pointsFromDeltas([-8300, 9300, 0, 0], 1, true, 2, 1, { riichiStick: 1000, honba: 300 })).toBe(7700);
    // 3-player Tenhou: 200 a honba.
    expect(pointsFromDeltas([-8100, 9100, 0, 0], 1, true, 2, 1, { riichiStick: 1000, honba: 200 })).toBe(7700);
    // A double ron's second winner took neither.
    expect(pointsFromDeltas([-1000, 0, 1000, 0], 2, false, 2, 1, { riichiStick: 1000, honba: 300 })).toBe(1000);
  });
});
