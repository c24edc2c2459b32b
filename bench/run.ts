/**
 * The benchmark: games per second on the shared corpus for each stage of the pipeline, on one worker
 * and on all cores, several runs each (median and spread), the full audit into SQLite with its peak
 * memory, and a published parse-only peer measured in the same run.
 *
 *   npm run bench                  (builds first)
 *   node dist/bench/run.js [--runs N] [--quick]
 */
// The same V8 settings as the kanshi command (the peer below runs under them too).
import '../src/cli/v8-tuning.js';
import { WORKER_EXEC_ARGV } from '../src/batch/index.js';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Piscina } from 'piscina';
import { corpusLogFiles, corpusLogsDir, median } from './corpus.js';
import type { Stage, StageTask } from './stage-worker.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runs = Number(args[args.indexOf('--runs') + 1]) || (quick ? 2 : 5);
const cores = availableParallelism();
const files = corpusLogFiles();

interface Rate {
  median: number;
  min: number;
  max: number;
}

function rate(values: number[]): Rate {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

function line(label: string, r: Rate, extra = ''): void {
  const spread = r.median > 0 ? ((r.max - r.min) / r.median) * 100 : 0;
  process.stdout.write(
    `${label.padEnd(44)} ${r.median.toFixed(0).padStart(7)} games/s   (min ${r.min.toFixed(0)}, max ${r.max.toFixed(0)}, spread ${spread.toFixed(0)}%)${extra}\n`,
  );
}

async function stageOnWorkers(stage: Stage, workers: number): Promise<Rate> {
  const pool = new Piscina<StageTask, number>({
    filename: fileURLToPath(new URL('./stage-worker.js', import.meta.url)),
    minThreads: workers,
    maxThreads: workers,
    execArgv: [...WORKER_EXEC_ARGV],
  });
  const chunks: string[][] = [];
  for (let i = 0; i < files.length; i += 16) chunks.push(files.slice(i, i + 16));
  // one warm-up pass, so every run measures compiled code
  await Promise.all(chunks.map((c) => pool.run({ stage, files: c })));
  const rates: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const done = (await Promise.all(chunks.map((c) => pool.run({ stage, files: c })))).reduce((a, b) => a + b, 0);
    rates.push(done / ((performance.now() - t) / 1000));
  }
  await pool.destroy();
  return rate(rates);
}

interface AuditRun {
  rate: number;
  peakRssMB: number;
  games: number;
  /** CPU time a game, all threads, start-up included (the summary's cpuSeconds), in ms. */
  cpuMsPerGame: number;
}

/**
 * `copies` copies of the corpus in a temporary folder, each log made distinct by k trailing spaces (gzip
 * files recompressed): different bytes, so each copy is new games to the database, and the same logs.
 */
function distinctCopies(copies: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-bench-copies-'));
  for (let k = 0; k < copies; k++) {
    const sub = join(dir, `copy${k}`);
    mkdirSync(sub);
    for (const file of files) {
      let bytes = readFileSync(file);
      const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
      if (gzip) bytes = gunzipSync(bytes);
      bytes = Buffer.concat([bytes, Buffer.alloc(k + 1, 0x20)]);
      writeFileSync(join(sub, basename(file)), gzip ? gzipSync(bytes) : bytes);
    }
  }
  return dir;
}

/**
 * The corpus `times` over in a temporary folder, as subfolders of links to the same files: the same
 * games again (a path given twice on the command line is walked once, so that would not do).
 */
function linkedCopies(times: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-bench-links-'));
  for (let k = 0; k < times; k++) {
    const sub = join(dir, `copy${k}`);
    mkdirSync(sub);
    for (const file of files) symlinkSync(file, join(sub, basename(file)));
  }
  return dir;
}

/** The real thing: `kanshi audit` into a fresh SQLite file, in its own process (`workers` null: the default). */
function auditRun(workers: number | null, inputs: string[] = [corpusLogsDir()]): AuditRun {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-bench-'));
  try {
    const main = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
    // --force: the repeated corpus is audited again each time, not passed over as done
    const workerArgs = workers === null ? [] : ['--workers', String(workers)];
    const r = spawnSync(process.execPath, [main, 'audit', ...inputs, '--db', join(dir, 'bench.sqlite'), ...workerArgs, '--json', '--no-progress', '--force'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (r.status !== 0) throw new Error(`kanshi audit failed (${r.status}): ${r.stderr}`);
    const summary = JSON.parse(r.stdout);
    // Files audited: the games, the unreadable, and the copies of a content met before (audited and
    // written all the same; the summary counts each game once).
    const games = summary.gameCount + summary.failedFileCount + (summary.duplicateFileCount ?? 0);
    return { rate: games / summary.seconds, peakRssMB: summary.peakRssMB, games, cpuMsPerGame: (summary.cpuSeconds * 1000) / games };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @kobalab/tenhou-log's XML converter (parse only), 4-player files, read and gunzip included. */
function peer(): Rate {
  const require = createRequire(import.meta.url);
  const convlog = require('@kobalab/tenhou-log') as (xml: string, id: string) => unknown;
  const fourPlayer = files.filter((f) => {
    if (f.endsWith('.json')) return false;
    let b = readFileSync(f);
    if (b[0] === 0x1f && b[1] === 0x8b) b = gunzipSync(b);
    const type = /<GO type="(\d+)"/.exec(b.toString('latin1'));
    return type !== null && (Number(type[1]) & 0x10) === 0;
  });
  const once = () => {
    let n = 0;
    for (const f of fourPlayer) {
      let b = readFileSync(f);
      if (b[0] === 0x1f && b[1] === 0x8b) b = gunzipSync(b);
      try {
        convlog(b.toString('utf8'), f);
        n++;
      } catch {
        // it refuses a few files; they count as not done
      }
    }
    return n;
  };
  once();
  const rates: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const n = once();
    rates.push(n / ((performance.now() - t) / 1000));
  }
  return rate(rates);
}

async function main(): Promise<void> {
  process.stdout.write(`kanshi bench: ${files.length} corpus games, ${cores} cores, ${runs} runs each, node ${process.version}\n\n`);
  const stages: [Stage, string][] = [
    ['read', 'read + gunzip (floor)'],
    ['ingest', 'ingest (bytes → events)'],
    ['replay', 'ingest + replay + verify'],
    ['audit', 'ingest + replay + audit (no SQLite)'],
  ];
  for (const [stage, label] of stages) {
    line(`${label}, 1 worker`, await stageOnWorkers(stage, 1));
    line(`${label}, ${cores} workers`, await stageOnWorkers(stage, cores));
  }
  const full: Record<string, Rate> = {};
  for (const workers of [null, 1, cores]) {
    const results = Array.from({ length: runs }, () => auditRun(workers));
    const key = String(workers);
    full[key] = rate(results.map((r) => r.rate));
    const cpu = median(results.map((r) => r.cpuMsPerGame));
    const label = workers === null ? 'default workers (this thread: under 3,000 files)' : `${workers} worker${workers > 1 ? 's' : ''}`;
    line(`full audit into SQLite, ${label}`, full[key], `, ${cpu.toFixed(2)} ms CPU a game, peak RSS ${Math.max(...results.map((r) => r.peakRssMB))} MB`);
  }
  const times = quick ? 3 : 10;
  const copies = distinctCopies(times);
  let distinct: AuditRun;
  let distinctInThread: AuditRun;
  try {
    distinct = auditRun(cores, [copies]);
    process.stdout.write(
      `full audit of ${distinct.games} distinct games (${times} copies of the corpus, each made new bytes), ${cores} workers (the default): ` +
        `${distinct.rate.toFixed(0)} games/s, ${distinct.cpuMsPerGame.toFixed(2)} ms CPU a game, peak RSS ${distinct.peakRssMB} MB\n`,
    );
    distinctInThread = auditRun(0, [copies]);
    process.stdout.write(
      `the same on this thread alone (--workers 0): ${distinctInThread.rate.toFixed(0)} games/s, ${distinctInThread.cpuMsPerGame.toFixed(2)} ms CPU a game, ` +
        `peak RSS ${distinctInThread.peakRssMB} MB\n`,
    );
  } finally {
    rmSync(copies, { recursive: true, force: true });
  }
  const links = linkedCopies(times);
  let again: AuditRun;
  try {
    again = auditRun(cores, [links]);
  } finally {
    rmSync(links, { recursive: true, force: true });
  }
  process.stdout.write(
    `full audit of the same corpus ${times} times over (${again.games} games; after the first pass the facts are stored already ` +
      `and only verdicts are rewritten, as when auditing under another profile), ${cores} workers: ${again.rate.toFixed(0)} games/s, ` +
      `${again.cpuMsPerGame.toFixed(2)} ms CPU a game, peak RSS ${again.peakRssMB} MB\n`,
  );
  const p = peer();
  line('peer: @kobalab/tenhou-log convlog (parse only, 4p)', p);
  process.stdout.write(
    `\nkanshi full audit on ${cores} workers / peer parse-only: ${(full[String(cores)].median / p.median).toFixed(2)}x for the corpus once ` +
      `(start-up and cold code included), ${(distinct.rate / p.median).toFixed(2)}x for the ${distinct.games} distinct games (a long batch)\n`,
  );
}

await main();
