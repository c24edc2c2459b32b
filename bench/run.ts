/**
 * The benchmark: games per second on the shared corpus for each stage of the pipeline, on one worker
 * and on all cores, several runs each (median and spread), the full audit into SQLite with its peak
 * memory, and two published peers measured in the same run: a parse-only one (@kobalab/tenhou-log) and
 * one that also replays every hand and re-scores every win (with @kobalab/majiang-core, bench/peer-score.ts).
 *
 * Its headline comes first: kanshi and both peers, each as one cold process over the corpus and the
 * long batch, taking turns (coldComparison). The rest are warm measures, stage by stage.
 *
 *   npm run bench                  (builds first)
 *   node dist/bench/run.js [--runs N] [--cold-rounds N] [--quick] [--headline]
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
import type { PeerColdResult } from './peer-cold.js';
import { fourPlayerLogs, scorePeerPass } from './peer-score.js';
import type { Stage, StageTask } from './stage-worker.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runs = Number(args[args.indexOf('--runs') + 1]) || (quick ? 2 : 5);
/** Rounds of the cold comparison, the headline. */
const coldRounds = Number(args[args.indexOf('--cold-rounds') + 1]) || (quick ? 1 : 3);
/** The headline alone (`--headline`): the cold comparison, no warm stages. */
const headlineOnly = args.includes('--headline');
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

/** What one `kanshi audit` process did: its --json summary's measures, and its wall from spawn to exit. */
interface AuditProcess {
  /**
   * Files audited: the games, the unreadable, and the copies of a content met before (audited and written
   * all the same; the summary counts each game once).
   */
  games: number;
  /** The summary's own seconds (from its start of work) and the process's wall (start-up included). */
  seconds: number;
  wallSeconds: number;
  cpuSeconds: number;
  peakRssMB: number;
}

/** Runs `kanshi audit` over the inputs into a fresh SQLite file, in its own process. */
function auditProcess(inputs: string[], extraArgs: string[]): AuditProcess {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-bench-'));
  try {
    const main = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
    const t = performance.now();
    const r = spawnSync(process.execPath, [main, 'audit', ...inputs, '--db', join(dir, 'bench.sqlite'), ...extraArgs, '--json', '--no-progress'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const wallSeconds = (performance.now() - t) / 1000;
    if (r.status !== 0) throw new Error(`kanshi audit failed (${r.status}): ${r.stderr}`);
    const summary = JSON.parse(r.stdout);
    const games = summary.gameCount + summary.failedFileCount + (summary.duplicateFileCount ?? 0);
    return { games, seconds: summary.seconds, wallSeconds, cpuSeconds: summary.cpuSeconds, peakRssMB: summary.peakRssMB };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The real thing: `kanshi audit` into a fresh SQLite file, in its own process (`workers` null: the default). */
function auditRun(workers: number | null, inputs: string[] = [corpusLogsDir()]): AuditRun {
  // --force: the repeated corpus is audited again each time, not passed over as done
  const a = auditProcess(inputs, [...(workers === null ? [] : ['--workers', String(workers)]), '--force']);
  return { rate: a.games / a.seconds, peakRssMB: a.peakRssMB, games: a.games, cpuMsPerGame: (a.cpuSeconds * 1000) / a.games };
}

/** One tool as one cold process over the inputs: the wall from its start to its exit, as a user waits. */
interface ColdRun {
  games: number;
  seconds: number;
  /** CPU a game, every thread of the process, start-up included, ms. */
  cpuMsPerGame: number;
  peakRssMB: number;
}

/** `kanshi audit` over the inputs into a new database, with its default workers. */
function coldKanshi(inputs: string[]): ColdRun {
  const a = auditProcess(inputs, []);
  return { games: a.games, seconds: a.wallSeconds, cpuMsPerGame: (a.cpuSeconds * 1000) / a.games, peakRssMB: a.peakRssMB };
}

/** A peer (bench/peer-cold.ts) over the inputs, on plain Node. */
function coldPeer(mode: 'parse' | 'score', inputs: string[]): ColdRun {
  const program = fileURLToPath(new URL('./peer-cold.js', import.meta.url));
  const t = performance.now();
  const r = spawnSync(process.execPath, [program, mode, ...inputs], { encoding: 'utf8' });
  const seconds = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`peer ${mode} failed (${r.status}): ${r.stderr}`);
  const p = JSON.parse(r.stdout) as PeerColdResult;
  return { games: p.games, seconds, cpuMsPerGame: (p.cpuSeconds * 1000) / p.games, peakRssMB: p.peakRssMB };
}

const gamesPerSecond = (c: ColdRun): number => c.games / c.seconds;

/**
 * The headline (issue 43): kanshi and the two peers, each as one cold process over the same folders,
 * the tools taking turns in every round. The ratios are of the rounds' medians.
 */
function coldComparison(inputs: string[], rounds: number, label: string): void {
  const runs: Record<'kanshi' | 'parse' | 'score', ColdRun[]> = { kanshi: [], parse: [], score: [] };
  for (let r = 0; r < rounds; r++) {
    runs.kanshi.push(coldKanshi(inputs));
    runs.parse.push(coldPeer('parse', inputs));
    runs.score.push(coldPeer('score', inputs));
  }
  const med = (tool: keyof typeof runs, f: (c: ColdRun) => number): number => median(runs[tool].map(f));
  process.stdout.write(`Cold, each tool one process over ${label}, ${rounds} rounds taking turns (games/s and CPU: each round, then the median)\n`);
  const rows: [keyof typeof runs, string][] = [
    ['kanshi', `kanshi audit, default workers (${runs.kanshi[0].games} games)`],
    ['parse', `peer: tenhou-log parse only (${runs.parse[0].games} 4p mjlog)`],
    ['score', `peer: parse + replay + majiang-core score (${runs.score[0].games})`],
  ];
  for (const [tool, name] of rows) {
    const rates = runs[tool].map((c) => gamesPerSecond(c).toFixed(0)).join(' / ');
    const cpus = runs[tool].map((c) => c.cpuMsPerGame.toFixed(2)).join(' / ');
    process.stdout.write(
      `  ${name.padEnd(52)} ${med(tool, gamesPerSecond).toFixed(0).padStart(5)} games/s (${rates})   ` +
        `${med(tool, (c) => c.cpuMsPerGame).toFixed(2)} ms CPU a game (${cpus})   peak RSS ${Math.max(...runs[tool].map((c) => c.peakRssMB))} MB\n`,
    );
  }
  const k = med('kanshi', gamesPerSecond);
  process.stdout.write(
    `  kanshi / parse-only peer: ${(k / med('parse', gamesPerSecond)).toFixed(2)}x games/s (issue 43 asks at least 1.0x), ` +
      `${(med('kanshi', (c) => c.cpuMsPerGame) / med('parse', (c) => c.cpuMsPerGame)).toFixed(2)}x CPU a game (at most 1.25x)\n` +
      `  kanshi / parse-and-score peer: ${(k / med('score', gamesPerSecond)).toFixed(2)}x games/s (at least 2.5x)\n\n`,
  );
}

interface PeerRun {
  /** games/s of the best pass, and the median of the passes. */
  best: number;
  median: number;
  /** CPU time (user + system, this process) a game, in the best pass, ms. */
  cpuMsPerGame: number;
  games: number;
}

/** Timed passes of each peer, after one to warm it. */
const PEER_PASSES = 3;

/**
 * A peer measured as issue 35 asks: in-process on this thread, warm (one pass first), best of 3 passes.
 * `pass` reads every file and returns the games it did.
 */
function peerRun(pass: () => number): PeerRun {
  pass();
  const rates: number[] = [];
  let best = { rate: 0, cpuMsPerGame: 0, games: 0 };
  for (let r = 0; r < PEER_PASSES; r++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const games = pass();
    const seconds = (performance.now() - t) / 1000;
    const used = process.cpuUsage(cpu);
    const rate = games / seconds;
    rates.push(rate);
    if (rate > best.rate) best = { rate, cpuMsPerGame: (used.user + used.system) / 1000 / games, games };
  }
  return { best: best.rate, median: median(rates), cpuMsPerGame: best.cpuMsPerGame, games: best.games };
}

/** @kobalab/tenhou-log's XML converter (parse only), 4-player files, read and gunzip included. */
function parsePeer(fourPlayer: readonly string[]): PeerRun {
  const require = createRequire(import.meta.url);
  const convlog = require('@kobalab/tenhou-log') as (xml: string, id: string) => unknown;
  return peerRun(() => {
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
  });
}

function peerLine(label: string, p: PeerRun, extra = ''): void {
  process.stdout.write(
    `${label.padEnd(44)} ${p.best.toFixed(0).padStart(7)} games/s   (best of ${PEER_PASSES}, median ${p.median.toFixed(0)}), ` +
      `${p.cpuMsPerGame.toFixed(2)} ms CPU a game${extra}\n`,
  );
}

async function main(): Promise<void> {
  process.stdout.write(`kanshi bench: ${files.length} corpus games, ${cores} cores, ${runs} runs each, node ${process.version}\n\n`);
  const times = quick ? 3 : 10;
  const copies = distinctCopies(times);
  try {
    coldComparison([corpusLogsDir(), copies], coldRounds, `the corpus and the long batch (${times} copies of it, each made new bytes)`);
    if (!headlineOnly) await measuredStages(copies, times);
  } finally {
    rmSync(copies, { recursive: true, force: true });
  }
}

async function measuredStages(copies: string, times: number): Promise<void> {
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
  const fullCpu: Record<string, number> = {};
  for (const workers of [null, 1, cores]) {
    const results = Array.from({ length: runs }, () => auditRun(workers));
    const key = String(workers);
    full[key] = rate(results.map((r) => r.rate));
    const cpu = median(results.map((r) => r.cpuMsPerGame));
    fullCpu[key] = cpu;
    const label = workers === null ? 'default workers (this thread: under 3,000 files)' : `${workers} worker${workers > 1 ? 's' : ''}`;
    line(`full audit into SQLite, ${label}`, full[key], `, ${cpu.toFixed(2)} ms CPU a game, peak RSS ${Math.max(...results.map((r) => r.peakRssMB))} MB`);
  }
  const distinct = auditRun(cores, [copies]);
  process.stdout.write(
    `full audit of ${distinct.games} distinct games (the long batch: ${times} copies of the corpus, each made new bytes), ${cores} workers (the default): ` +
      `${distinct.rate.toFixed(0)} games/s, ${distinct.cpuMsPerGame.toFixed(2)} ms CPU a game, peak RSS ${distinct.peakRssMB} MB\n`,
  );
  const distinctInThread = auditRun(0, [copies]);
  process.stdout.write(
    `the same on this thread alone (--workers 0): ${distinctInThread.rate.toFixed(0)} games/s, ${distinctInThread.cpuMsPerGame.toFixed(2)} ms CPU a game, ` +
      `peak RSS ${distinctInThread.peakRssMB} MB\n`,
  );
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
  const fourPlayer = fourPlayerLogs(files);
  const p = parsePeer(fourPlayer);
  peerLine(`peer: @kobalab/tenhou-log convlog (parse only, ${p.games} 4p mjlog)`, p);
  // The parse-and-score peer: its agreement with the logs first (a peer that scores wrongly would mean
  // nothing), then its speed.
  const check = scorePeerPass(fourPlayer);
  const s = peerRun(() => scorePeerPass(fourPlayer).games);
  peerLine(`peer: convlog + majiang-core replay and hule (${s.games} 4p mjlog)`, s, `; ${check.agree} of ${check.wins} wins agree with the log`);
  const k = full[String(cores)];
  const kCpu = fullCpu[String(cores)];
  process.stdout.write(
    `\nkanshi full audit on ${cores} workers, cold (${files.length} games once: ${k.median.toFixed(0)} games/s, ${kCpu.toFixed(2)} ms CPU a game; ` +
      `${distinct.games} distinct games: ${distinct.rate.toFixed(0)} games/s, ${distinct.cpuMsPerGame.toFixed(2)} ms CPU a game)\n` +
      `  / peer parse-and-score (${(1000 / s.best).toFixed(2)} ms a game, ${s.cpuMsPerGame.toFixed(2)} ms CPU): ${(k.median / s.best).toFixed(2)}x for the corpus once, ` +
      `${(distinct.rate / s.best).toFixed(2)}x for the long batch\n` +
      `  / peer parse-only (${(1000 / p.best).toFixed(2)} ms a game, ${p.cpuMsPerGame.toFixed(2)} ms CPU): ${(k.median / p.best).toFixed(2)}x for the corpus once, ` +
      `${(distinct.rate / p.best).toFixed(2)}x for the long batch\n` +
      `  kanshi's CPU a game / the parse-only peer's: ${(kCpu / p.cpuMsPerGame).toFixed(2)}x for the corpus once, ` +
      `${(distinct.cpuMsPerGame / p.cpuMsPerGame).toFixed(2)}x for the long batch\n`,
  );
}

await main();
