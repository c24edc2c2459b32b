import { describe, expect, it } from 'vitest';
import { EtaEstimator, formatEta } from '../../src/cli/progress.js';

/** Feeds an estimator `done` at `t` ms for each step, and returns what it says after each. */
function run(total: number, steps: [t: number, done: number][]): (number | null)[] {
  const eta = new EtaEstimator(total, 0);
  return steps.map(([t, done]) => eta.update(done, t));
}

describe('the progress bar ETA', () => {
  it('says nothing in the first seconds, unless a good share is done', () => {
    expect(run(1000, [[200, 1], [1000, 10], [2000, 20], [2900, 30]])).toEqual([null, null, null, null]);
    // at 3 s: about 10 a second, 970 left
    const at3s = run(1000, [[200, 1], [1000, 10], [2000, 20], [3000, 30]]).at(-1)!;
    expect(at3s).toBeGreaterThan(90_000);
    expect(at3s).toBeLessThan(100_000);
    // 10% after 1.5 s: enough to go on (5 in the second measured: 18 s for the 90 left)
    expect(run(100, [[500, 5], [1500, 10]])).toEqual([null, 18_000]);
    // but not before a second of progress is measured, however much is done
    expect(run(100, [[100, 30], [500, 50]])).toEqual([null, null]);
  });

  it('a five-second job that starts slowly (workers starting) is never given minutes', () => {
    // nothing for 1.2 s, then 40 files a second: done at 5 s
    const steps: [number, number][] = [];
    for (let t = 1200; t <= 5000; t += 100) steps.push([t, Math.min(152, Math.round(((t - 1200) / 1000) * 40))]);
    const etas = run(152, steps).filter((e): e is number => e !== null);
    expect(etas.length).toBeGreaterThan(0);
    for (const e of etas) expect(e).toBeLessThan(6000);
    expect(etas.at(-1)).toBe(0);
  });

  it('at a steady rate, says the time left', () => {
    // 10 a second, 1000 in all
    const steps: [number, number][] = [];
    for (let t = 1000; t <= 30_000; t += 1000) steps.push([t, t / 100]);
    const etas = run(1000, steps);
    expect(etas.at(-1)).toBeCloseTo(70_000, -3);
  });

  it('follows a change of rate smoothly, not at once', () => {
    // 10 a second for 20 s, then 20 a second
    const steps: [number, number][] = [];
    for (let t = 1000; t <= 20_000; t += 1000) steps.push([t, t / 100]);
    for (let t = 21_000; t <= 30_000; t += 1000) steps.push([t, 200 + (t - 20_000) / 50]);
    const etas = run(2000, steps) as number[];
    const after = etas.slice(20);
    // the first second at the new rate moves the estimate part of the way...
    const left = 2000 - 220;
    expect(after[0]).toBeLessThan(left * 100);
    expect(after[0]).toBeGreaterThan(left * 50);
    // ...and ten seconds later it is close to the new rate
    expect(after.at(-1)).toBeCloseTo(((2000 - 400) / 20) * 1000, -4);
  });

  it('is written 4s, 2m05s, 1h02m, or … when there is none', () => {
    expect(formatEta(null)).toBe('…');
    expect(formatEta(4_400)).toBe('4s');
    expect(formatEta(125_000)).toBe('2m05s');
    expect(formatEta(3_720_000)).toBe('1h02m');
    expect(formatEta(0)).toBe('0s');
  });
});
