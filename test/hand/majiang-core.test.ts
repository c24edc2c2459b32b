/**
 * Differential test: our waits against an independent implementation, @kobalab/majiang-core
 * (`Util.tingpai`, which finds the kinds that lower the shanten number of a tenpai hand).
 *
 * Alignment, and why:
 * - tingpai of a hand that is not tenpai lists the tiles that improve it, so it is only compared when
 *   majiang-core's `xiangting` is 0; otherwise both sides must say "no waits".
 * - Both skip kinds the concealed hand holds four of, and both look at concealed tiles only: copies
 *   in the melds exhaust no kind (Tenhou's rule, docs/kan-rules.md §3), so `waits(counts)` is the
 *   matching call for hands with melds too.
 * - A hand whose only waits are kinds it holds four of has xiangting 0 and an empty tingpai: both
 *   sides then agree on "no waits", which is what Tenhou calls noten.
 */
import { describe, expect, it } from 'vitest';
import { isComplete, readings, shapeWaits, waits } from '../../src/hand/index.js';
import { randomTenpaiHand, seededRandom, type SampleHand, type SampleOptions } from '../../tools/hands/sample.js';
import { kindsToString } from '../../src/tiles/index.js';
import { Majiang, fromMajiangTile, toMajiang } from './majiang.js';

function majiangWaits(hand: SampleHand): number[] {
  const shoupai = Majiang.Shoupai.fromString(toMajiang(hand));
  if (Majiang.Util.xiangting(shoupai) !== 0) return [];
  return (Majiang.Util.tingpai(shoupai) ?? []).map(fromMajiangTile).sort((a, b) => a - b);
}

/** Our waits must also be exactly the kinds that make the hand complete (minus the four-held ones). */
function bruteWaits(counts: number[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < 34; k++) {
    if (counts[k] >= 4) continue;
    counts[k]++;
    if (isComplete(counts)) out.push(k);
    counts[k]--;
  }
  return out;
}

interface Batch {
  name: string;
  size: number;
  options: SampleOptions;
  /** Applied to each tenpai hand, to reach hands near a form that need not be tenpai. */
  disturb?: (hand: SampleHand, random: () => number) => void;
}

/** Swap one concealed tile for a random kind: hands near tenpai, tenpai or not. */
function swapOne(hand: SampleHand, random: () => number): void {
  const held = hand.counts.flatMap((n, k) => Array<number>(n).fill(k));
  const out = held[Math.floor(random() * held.length)];
  let into = Math.floor(random() * 34);
  while (into === out || hand.counts[into] >= 4) into = (into + 1) % 34;
  hand.counts[out]--;
  hand.counts[into]++;
}

const BATCHES: Batch[] = [
  { name: '13 tiles, any suits', size: 36_000, options: {} },
  { name: '13 tiles, one suit (chinitsu-like, many waits)', size: 16_000, options: { suits: 1 } },
  { name: '13 tiles, two suits', size: 8_000, options: { suits: 2 } },
  { name: '10 tiles (1 meld)', size: 6_000, options: { melds: 1 } },
  { name: '7 tiles (2 melds)', size: 6_000, options: { melds: 2, suits: 2 } },
  { name: '4 tiles (3 melds)', size: 5_000, options: { melds: 3, suits: 1 } },
  { name: '1 tile (4 melds)', size: 3_000, options: { melds: 4 } },
  { name: 'seven pairs', size: 6_000, options: { form: 'seven-pairs' } },
  { name: 'seven pairs in one suit (also standard readings)', size: 5_000, options: { form: 'seven-pairs', suits: 1 } },
  { name: 'thirteen orphans', size: 3_000, options: { form: 'thirteen-orphans' } },
  { name: '3-player tile set', size: 6_000, options: { threePlayer: true } },
  { name: '3-player tile set, with melds', size: 2_000, options: { threePlayer: true, melds: 1 } },
  // Not counted as tenpai hands: disturbed hands, to compare "no waits" too.
  { name: 'near standard, one tile swapped', size: 4_000, options: { suits: 2 }, disturb: swapOne },
  { name: 'near seven pairs, one tile swapped', size: 3_000, options: { form: 'seven-pairs' }, disturb: swapOne },
  { name: 'near thirteen orphans, one tile swapped', size: 3_000, options: { form: 'thirteen-orphans' }, disturb: swapOne },
];

describe('waits agree with @kobalab/majiang-core', () => {
  it('on over 100,000 seeded random tenpai hands, with and without melds, and on disturbed ones', () => {
    const random = seededRandom(0x6b616e);
    let tenpaiCompared = 0;
    let heldFourShapes = 0; // hands whose shape also waits on a kind they hold four of
    const disagreements: string[] = [];
    const perBatch: string[] = [];
    for (const batch of BATCHES) {
      let tenpai = 0;
      for (let i = 0; i < batch.size; i++) {
        const hand = randomTenpaiHand(random, batch.options);
        batch.disturb?.(hand, random);
        const ours = waits(hand.counts);
        const theirs = majiangWaits(hand);
        if (ours.length > 0) tenpai++;
        if (shapeWaits(hand.counts).length > ours.length) heldFourShapes++;
        if (ours.join() !== theirs.join() || ours.join() !== bruteWaits(hand.counts).join()) {
          disagreements.push(`${toMajiang(hand)}: ours ${ours.join()} majiang ${theirs.join()}`);
        }
      }
      if (!batch.disturb) {
        // Every hand of a tenpai batch is tenpai by construction (the removed kind is a wait).
        expect(tenpai, batch.name).toBe(batch.size);
        tenpaiCompared += batch.size;
      }
      perBatch.push(`${batch.name}: ${batch.size} hands, ${tenpai} tenpai`);
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(tenpaiCompared).toBeGreaterThanOrEqual(100_000);
    expect(heldFourShapes).toBeGreaterThan(0);
    console.log(
      `majiang-core differential: ${tenpaiCompared} tenpai hands agree; ` +
        `${heldFourShapes} hands also had a shape wait on a kind held four times (excluded by both)\n  ${perBatch.join('\n  ')}`,
    );
  });

  it('every wait of a random hand gives at least one reading', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 3_000; i++) {
      const hand = randomTenpaiHand(random, { melds: i % 5, suits: 1 });
      for (const w of waits(hand.counts)) {
        hand.counts[w]++;
        expect(readings(hand.counts).length, kindsToString(hand.counts.flatMap((n, k) => Array<number>(n).fill(k)))).toBeGreaterThan(0);
        hand.counts[w]--;
      }
    }
  });
});
