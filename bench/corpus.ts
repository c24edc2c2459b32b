/** Where benchmarks find the shared corpus: KANSHI_CORPUS, or ../shared/corpus beside the project. */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function corpusLogsDir(): string {
  const dir = resolve(process.env.KANSHI_CORPUS ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus'));
  const logs = join(dir, 'logs');
  if (!existsSync(logs)) {
    process.stderr.write(`bench: the corpus is missing at ${logs}; set KANSHI_CORPUS to the corpus folder\n`);
    process.exit(2);
  }
  return logs;
}

export function corpusLogFiles(): string[] {
  const logs = corpusLogsDir();
  return readdirSync(logs).sort().map((f) => join(logs, f));
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Runs `fn` several times and reports games per second (median, min, max). */
export function measure(label: string, games: number, runs: number, fn: () => void): { median: number; min: number; max: number } {
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    rates.push(games / ((performance.now() - t) / 1000));
  }
  const result = { median: median(rates), min: Math.min(...rates), max: Math.max(...rates) };
  process.stdout.write(
    `${label.padEnd(34)} ${result.median.toFixed(0).padStart(7)} games/s  (min ${result.min.toFixed(0)}, max ${result.max.toFixed(0)}, ${runs} runs, ${games} games)\n`,
  );
  return result;
}
