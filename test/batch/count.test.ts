/**
 * A batch's totals whatever order its workers report in: a game audited by one worker and passed over by
 * another (its commit came before the other's check, its report after) is one game audited and one
 * duplicate file, never a game passed over (review of issue 17: the pass-over arriving first lost the game).
 */
import { describe, expect, it } from 'vitest';
import { emptySummary } from '../../src/audit/index.js';
import { BatchCount } from '../../src/batch/count.js';

const audited = (hash: string) => {
  const tally = emptySummary();
  tally.gameCount = 1;
  return { hashes: [hash], tallies: [tally], passedOver: [], otherShards: 0 };
};
const passed = (hash: string) => ({ hashes: [], tallies: [], passedOver: [hash], otherShards: 0 });

describe('the batch count', () => {
  it('counts a game once, audited, whichever report comes first', () => {
    for (const order of [
      [audited('a'), passed('a')],
      [passed('a'), audited('a')],
      [audited('a'), audited('a')],
    ]) {
      const count = new BatchCount();
      for (const r of order) count.accept(r);
      expect({ games: count.summary.gameCount, duplicates: count.duplicates, passedOver: count.passedOver(), done: count.done }).toEqual({
        games: 1,
        duplicates: 1,
        passedOver: [],
        done: 2,
      });
    }
  });

  it('keeps a game passed over by two files as one game passed over and a duplicate', () => {
    const count = new BatchCount();
    count.accept(passed('b'));
    count.accept(passed('b'));
    count.accept(audited('c'));
    expect({ games: count.summary.gameCount, duplicates: count.duplicates, passedOver: count.passedOver() }).toEqual({ games: 1, duplicates: 1, passedOver: ['b'] });
  });
});
