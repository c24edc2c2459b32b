import { describe, expect, it } from 'vitest';
import { isComplete, waits } from '../../src/hand/index.js';
import { randomCompleteHand, randomTenpaiHand, seededRandom } from '../../tools/hands/sample.js';
import { isThreePlayerKind } from '../../src/tiles/index.js';

const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

describe('seeded random hands', () => {
  it('are reproducible from the seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    for (let i = 0; i < 50; i++) expect(randomTenpaiHand(a, { melds: i % 5 })).toEqual(randomTenpaiHand(b, { melds: i % 5 }));
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });

  it('are complete, or tenpai, with the right number of concealed tiles', () => {
    const random = seededRandom(3);
    for (const form of ['standard', 'seven-pairs', 'thirteen-orphans'] as const) {
      for (let i = 0; i < 200; i++) {
        const melds = form === 'standard' ? i % 5 : 0;
        const complete = randomCompleteHand(random, { form, melds });
        expect(sum(complete.counts)).toBe(14 - 3 * melds);
        expect(complete.melds).toHaveLength(melds);
        expect(isComplete(complete.counts)).toBe(true);
        const tenpai = randomTenpaiHand(random, { form, melds, suits: 1 });
        expect(waits(tenpai.counts).length).toBeGreaterThan(0);
      }
    }
  });

  it('never use more than four copies, melds included, nor 2m..8m for 3 players', () => {
    const random = seededRandom(4);
    for (let i = 0; i < 500; i++) {
      const hand = randomCompleteHand(random, { melds: i % 5, threePlayer: true });
      const all = hand.counts.slice();
      for (const m of hand.melds) {
        if (m.shape === 'run') for (let j = 0; j < 3; j++) all[m.first + j]++;
        else all[m.first] += m.shape === 'kan' ? 4 : 3;
      }
      all.forEach((n, k) => {
        expect(n).toBeLessThanOrEqual(4);
        if (!isThreePlayerKind(k)) expect(n).toBe(0);
      });
    }
  });
});
