/**
 * Differential test of riichi-ankan verdicts: kanshi's `judgeRiichiAnkan` under `riichiKan: waits`
 * (okuriKan false) against @kobalab/majiang-core's own decision, `Game.get_gang_mianzi(rule, shoupai,
 * null, paishu, n_gang)` with its default rule, `リーチ後暗槓許可レベル: 2` ("no ankan that changes the
 * waits", which is Tenhou's rule).
 *
 * What majiang-core does at level 2 (lib/game.js, lib/shoupai.js, lib/xiangting.js of 1.4.1), and why the
 * two must agree on every hand asked here:
 * - A riichi hand is offered only the kan of the drawn kind, when it then holds four (`Shoupai.
 *   get_gang_mianzi`): never an okuri-kan. kanshi with okuriKan false: `okuri-kan`.
 * - It refuses the kan when the hand after it is not tenpai (`xiangting > 0`), or has fewer waits than
 *   the riichi hand (`tingpai` before, with the drawn tile discarded, and after). With a kan of the drawn
 *   tile the waits after are always a subset of the waits before (a winning hand after the kan plus the
 *   kanned triplet is a winning hand before), so "fewer waits" is kanshi's "the waits change".
 * - `tingpai` skips only the kinds the CONCEALED hand holds four of: copies in the player's melds (its
 *   earlier ankans, this kan) exhaust no kind, as on Tenhou and now in kanshi (docs/kan-rules.md §3).
 *   Before that model kanshi took them as exhausted; `oldModel` below is that model, to count the
 *   questions on which it disagreed.
 * - It also refuses every kan at haitei (`paishu` 0) and a fifth kan (`n_gang` 4): not asked here
 *   (paishu 40; `n_gang` the ankans already made, at most 3).
 * The riichi hands are seeded random tenpai hands (the tile taken from a complete hand is always a
 * wait), so both sides see a tenpai riichi hand; with ankans made before riichi where majiang-core
 * allows them (only ankans keep a hand closed), including ankans of a kind the hand waits on.
 */
import { describe, expect, it } from 'vitest';
import { judgeRiichiAnkan, waits } from '../../src/hand/index.js';
import { randomTenpaiHand, seededRandom, type SampleHand, type SampleOptions } from '../../tools/hands/sample.js';
import { kindToString } from '../../src/tiles/index.js';
import { Majiang, ankanToMajiang, countsToMajiang, kindToMajiang } from './majiang.js';

const RULE = Majiang.rule({ 'リーチ後暗槓許可レベル': 2 });
const PAISHU = 40;

/** A riichi hand (concealed counters, ankans made before riichi) and the tile it draws. */
interface Question {
  counts: number[];
  ankans: number[];
  draw: number;
  threePlayer: boolean;
}

/** The kans majiang-core offers the riichi hand after the draw. */
function majiangOffers(q: Question): string[] {
  const text = [countsToMajiang(q.counts) + '*', ...q.ankans.map(ankanToMajiang)].join(',');
  const shoupai = Majiang.Shoupai.fromString(text).zimo(kindToMajiang(q.draw));
  return Majiang.Game.get_gang_mianzi(RULE, shoupai, null, PAISHU, q.ankans.length) ?? [];
}

function kinds(counts: readonly number[]): number[] {
  return counts.flatMap((n, k) => Array<number>(n).fill(k));
}

function judge(q: Question, kan: number) {
  return judgeRiichiAnkan({
    concealed: kinds(q.counts),
    draw: q.draw,
    kan,
    rule: 'waits',
    okuriKan: false,
    ankans: q.ankans,
    threePlayer: q.threePlayer,
  });
}

/** The model kanshi had before: the player's ankans, and the kanned kind after the kan, are never waits. */
function oldModel(waitsBefore: number[], waitsAfter: number[], ankans: number[], kan: number): boolean {
  const before = waitsBefore.filter((w) => !ankans.includes(w));
  const after = waitsAfter.filter((w) => !ankans.includes(w) && w !== kan);
  return before.length > 0 && before.join() === after.join();
}

interface Batch {
  name: string;
  /** Riichi hands asked: each holds a triplet and draws its fourth copy. */
  hands: number;
  options: SampleOptions;
  /** Changes each sampled hand, or drops it (null). */
  shape?: (hand: SampleHand, random: () => number) => SampleHand | null;
}

/** Moves one ankan to a kind the hand waits on and holds none of: all four copies of a wait in the player's kan. */
function ankanOfAWait(hand: SampleHand, random: () => number): SampleHand | null {
  const ankanKinds = hand.melds.map((m) => m.first);
  const free = waits(hand.counts).filter((w) => hand.counts[w] === 0 && !ankanKinds.includes(w));
  if (free.length === 0) return null;
  const melds = hand.melds.slice();
  melds[Math.floor(random() * melds.length)] = { shape: 'kan', first: free[Math.floor(random() * free.length)] };
  return { counts: hand.counts, melds };
}

const ANKANS = { meldShapes: ['kan'] } as const;

const BATCHES: Batch[] = [
  { name: '13 tiles, any suits', hands: 36_000, options: {} },
  { name: '13 tiles, one suit (many waits, many kans of a waited kind)', hands: 12_000, options: { suits: 1 } },
  { name: '13 tiles, two suits', hands: 10_000, options: { suits: 2 } },
  { name: '10 tiles after 1 ankan', hands: 10_000, options: { ...ANKANS, melds: 1, suits: 2 } },
  { name: '7 tiles after 2 ankans', hands: 6_000, options: { ...ANKANS, melds: 2, suits: 1 } },
  { name: '4 tiles after 3 ankans', hands: 3_000, options: { ...ANKANS, melds: 3, suits: 1 } },
  { name: '1 ankan of a waited kind (no copy of it left)', hands: 8_000, options: { ...ANKANS, melds: 1, suits: 1 }, shape: ankanOfAWait },
  { name: '2 ankans, one of a waited kind', hands: 4_000, options: { ...ANKANS, melds: 2, suits: 1 }, shape: ankanOfAWait },
  { name: '3-player tile set', hands: 8_000, options: { threePlayer: true, suits: 2 } },
  { name: '3-player tile set, 1 ankan', hands: 5_000, options: { ...ANKANS, threePlayer: true, melds: 1, suits: 2 } },
];

describe('riichi ankan verdicts agree with @kobalab/majiang-core (level 2: Tenhou)', () => {
  it('on 102,000 seeded random riichi hands that draw a fourth copy, with and without earlier ankans', () => {
    const random = seededRandom(0x72696b);
    const disagreements: string[] = [];
    const tally = {
      questions: 0,
      allowed: 0,
      refused: 0,
      withAnkans: 0,
      kanOfAWait: 0,
      kanOfAWaitAllowed: 0,
      waitWithNoCopyLeft: 0,
      oldModelWrong: 0,
      okuri: 0,
    };
    const perBatch: string[] = [];
    for (const batch of BATCHES) {
      const threePlayer = batch.options.threePlayer === true;
      let sampled = 0;
      for (let asked = 0; asked < batch.hands; sampled++) {
        const drawn = randomTenpaiHand(random, batch.options);
        const hand = batch.shape ? batch.shape(drawn, random) : drawn;
        if (!hand) continue;
        const ankans = hand.melds.map((m) => m.first);
        const triplets = [...hand.counts.keys()].filter((k) => hand.counts[k] === 3);
        if (triplets.length === 0) continue;
        // The riichi hand draws the fourth copy of one of its triplets, and kans it.
        const k = triplets[Math.floor(random() * triplets.length)];
        const q: Question = { counts: hand.counts, ankans, draw: k, threePlayer };
        const offers = majiangOffers(q);
        const v = judge(q, k);
        const theirs = offers.length > 0;
        if (offers.length > 1 || (theirs && offers[0] !== ankanToMajiang(k)) || v.legal !== theirs) {
          disagreements.push(`${countsToMajiang(q.counts)}* ankans ${ankans.map(kindToString).join(' ') || '-'} draw ${kindToString(k)}: ours ${v.reason} majiang ${JSON.stringify(offers)}`);
        }
        asked++;
        tally.questions++;
        if (v.legal) tally.allowed++;
        else tally.refused++;
        if (ankans.length > 0) tally.withAnkans++;
        if (v.waitsBefore.includes(k)) {
          tally.kanOfAWait++;
          if (v.legal) tally.kanOfAWaitAllowed++;
        }
        if (v.waitsBefore.some((w) => ankans.includes(w))) tally.waitWithNoCopyLeft++;
        if (oldModel(v.waitsBefore, v.waitsAfter ?? [], ankans, k) !== theirs) tally.oldModelWrong++;
        // A kind held four times before the draw (one hand in six): an okuri-kan, never offered by majiang-core.
        const four = asked % 6 === 0 ? hand.counts.indexOf(4) : -1;
        if (four >= 0) {
          let draw = Math.floor(random() * 34);
          while (hand.counts[draw] >= 3 || ankans.includes(draw) || (threePlayer && draw >= 1 && draw <= 7)) draw = (draw + 1) % 34;
          const okuri: Question = { counts: hand.counts, ankans, draw, threePlayer };
          const okuriOffers = majiangOffers(okuri);
          const okuriVerdict = judge(okuri, four);
          if (okuriOffers.length > 0 || okuriVerdict.reason !== 'okuri-kan') {
            disagreements.push(`${countsToMajiang(okuri.counts)}* draw ${kindToString(draw)} kan ${kindToString(four)}: ours ${okuriVerdict.reason} majiang ${JSON.stringify(okuriOffers)}`);
          }
          tally.okuri++;
        }
      }
      perBatch.push(`${batch.name}: ${batch.hands} riichi hands asked (${sampled} sampled)`);
    }
    console.log(
      `majiang-core riichi-ankan differential: ${tally.questions} riichi hands kanning a drawn fourth copy agree ` +
        `(${tally.allowed} allowed, ${tally.refused} refused; ${tally.withAnkans} with ankans made before riichi; ` +
        `${tally.kanOfAWait} of a waited kind, ${tally.kanOfAWaitAllowed} of them allowed; ` +
        `${tally.waitWithNoCopyLeft} with a wait whose four copies are in an earlier ankan); ` +
        `${tally.okuri} okuri-kans refused by both. The old model (melded copies exhaust a kind) ` +
        `disagreed on ${tally.oldModelWrong}.\n  ${perBatch.join('\n  ')}`,
    );
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(tally.questions).toBeGreaterThanOrEqual(100_000);
    // The batches reach every case the rule has.
    for (const key of ['allowed', 'refused', 'withAnkans', 'kanOfAWait', 'kanOfAWaitAllowed', 'waitWithNoCopyLeft', 'okuri'] as const) {
      expect(tally[key], key).toBeGreaterThan(0);
    }
    expect(tally.kanOfAWaitAllowed).toBeLessThan(tally.kanOfAWait);
    expect(tally.oldModelWrong).toBeGreaterThan(0);
  });
});
