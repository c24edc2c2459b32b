/**
 * How fast are waits? `npm run build && node dist/bench/hand.js [seconds]`
 *
 * Builds seeded random tenpai hands first (not timed), then times only `waits` over them, on one core.
 * The riichi-ankan verdict is timed too, since the auditor runs it on every riichi ankan.
 */
import { judgeRiichiAnkan, waits } from '../src/hand/index.js';
import { randomTenpaiHand, seededRandom, type SampleOptions } from '../tools/hands/sample.js';

const SEED = 20240601;
const HANDS = 20_000;
const seconds = Number(process.argv[2] ?? 2);

function sampleHands(options: SampleOptions, seed: number): number[][] {
  const random = seededRandom(seed);
  return Array.from({ length: HANDS }, () => randomTenpaiHand(random, options).counts);
}

/** Calls `waits` over the hands, round after round, for about `seconds`; returns calls per second. */
function timeWaits(hands: number[][]): { perSecond: number; perHand: number } {
  let calls = 0;
  let waitsFound = 0; // used, so the work cannot be optimised away
  const deadline = performance.now() + seconds * 1000;
  const start = performance.now();
  while (performance.now() < deadline) {
    for (const h of hands) waitsFound += waits(h).length;
    calls += hands.length;
  }
  return { perSecond: calls / ((performance.now() - start) / 1000), perHand: waitsFound / calls };
}

function report(label: string, hands: number[][]): void {
  timeWaits(hands.slice(0, 2000)); // warm-up for the JIT
  const { perSecond, perHand } = timeWaits(hands);
  console.log(`${label.padEnd(44)} ${Math.round(perSecond).toLocaleString('en-US').padStart(12)} waits/s  (${perHand.toFixed(2)} waits per hand)`);
}

/** Riichi ankans of a random tenpai hand: any kind it holds three of, drawn as the fourth. */
function timeRiichiAnkans(hands: number[][]): void {
  const questions = hands.flatMap((counts) => {
    const concealed = counts.flatMap((n, k) => Array<number>(n).fill(k));
    return counts.flatMap((n, k) => (n === 3 ? [{ concealed, draw: k, kan: k, rule: 'strict' as const, okuriKan: false }] : []));
  });
  let legal = 0;
  const start = performance.now();
  for (const q of questions) if (judgeRiichiAnkan(q).legal) legal++;
  const perSecond = questions.length / ((performance.now() - start) / 1000);
  console.log(
    `${'riichi ankan verdicts (strict)'.padEnd(44)} ${Math.round(perSecond).toLocaleString('en-US').padStart(12)} verdicts/s (${questions.length} kans, ${legal} legal)`,
  );
}

console.log(`kanshi hand bench: ${HANDS} seeded tenpai hands per line, ~${seconds}s each, node ${process.version}`);
const main = sampleHands({}, SEED);
report('13-tile tenpai hands (all suits)', main);
report('13-tile tenpai hands (one suit each)', sampleHands({ suits: 1 }, SEED + 1));
report('10/7/4/1-tile tenpai hands (with melds)', [1, 2, 3, 4].flatMap((m) => sampleHands({ melds: m }, SEED + 1 + m).slice(0, HANDS / 4)));
report('13-tile seven-pairs tenpai hands', sampleHands({ form: 'seven-pairs' }, SEED + 10));
timeRiichiAnkans(main);
