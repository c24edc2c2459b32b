/**
 * The fuzz test: seeded mutants of the shared corpus (byte flips, truncations, tag deletions and copies,
 * attribute, meld-code and tile-id edits, JSON type, length, call-string and tile-code edits) and the
 * resource attacks of issue 14 made at run time, each read as every command reads it.
 *
 *   npm run fuzz -- --count 20000 --seed 1        (builds first)
 *   node dist/bench/fuzz.js [--count N] [--seed S] [--workers W] [--timeout SECONDS] [--no-cli]
 *                           [--cli-chunk N] [--only INDEX] [--keep DIR] [--json]
 *
 * Each input is read, replayed and audited in a worker thread with a heap limit and a time limit
 * (auditFile, as `kanshi audit` does; then the info summary, the event stream and the mjai export of a
 * game that reads). Then the inputs are written to folders, a chunk at a time, and the built CLI reads
 * them: `kanshi info --json`, `kanshi verify --json` and `kanshi audit --json`, which must give exactly one
 * line per file, no stack trace, and agree with the worker on which files are refused.
 *
 * It asserts (the exit status is 1 otherwise): no crash, no hang, no input unaccounted for, no
 * `audit-error`, every refusal located, every mutant known to be inconsistent (a tile id out of range or
 * used twice, five copies of a tile) refused or flagged, and the peak memory under 1 GB. It prints the
 * counts by mutation class and outcome.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, threadId } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { contentHash, ruleSetFor } from '../src/audit/index.js';
import type { RuleSet } from '../src/rules/index.js';
import { auditFile, WORKER_EXEC_ARGV } from '../src/batch/index.js';
import { FORMATS, placeKandora, replayGame, summarizeReplay } from '../src/index.js';
import { readLogFile } from '../src/ingest/index.js';
import { defaultRules } from '../src/rules/index.js';
import { prepareAudit } from '../src/store/index.js';
import { loadCorpus, makeAttacks, makeMutant, MUTATION_CLASSES, type AttackFile, type CorpusLog, type Expectation, type MutationClass } from './fuzz-inputs.js';

export type Outcome = 'read' | 'flagged' | 'refused' | 'audit-error' | 'crash' | 'oom' | 'hang';
export const OUTCOMES: readonly Outcome[] = ['read', 'flagged', 'refused', 'audit-error', 'crash', 'oom', 'hang'];

export interface FuzzTask {
  seed: number;
  index: number;
  corpusDir: string;
  attacks: AttackFile[];
  tmpDir: string;
}

export interface FuzzResult {
  index: number;
  cls: MutationClass;
  source: string;
  expect: Expectation;
  outcome: Outcome;
  /** The error or the findings, in one line. */
  detail: string;
  /** A refusal names where in the file (or the input was not refused). */
  located: boolean;
  ms: number;
}

// ---------- the worker: one input ----------

let corpus: CorpusLog[] | null = null;
let ruleSet: RuleSet | null = null;

/** Kinds of finding that say the log contradicts itself or its wall. */
const FLAGS = new Set(['replay-inconsistency', 'wall-mismatch', 'kandora-count-mismatch', 'kandora-timing-mismatch']);

export default function fuzzOne(task: FuzzTask): FuzzResult {
  corpus ??= loadCorpus(task.corpusDir);
  ruleSet ??= ruleSetFor({});
  const m = makeMutant(corpus, task.seed, task.index, task.attacks);
  let path = m.path;
  if (path === undefined) {
    path = join(task.tmpDir, `input-${threadId}${m.ext}`);
    writeFileSync(path, m.bytes!);
  }
  const base = { index: m.index, cls: m.cls, source: m.source, expect: m.expect };
  const started = performance.now();
  let outcome: Outcome;
  let detail: string;
  let located = true;
  try {
    // The audit, as a batch runs it (it never throws: a refusal is an ingest-error finding).
    const audit = auditFile(path, ruleSet);
    prepareAudit(audit);
    const kinds = audit.findings.map((f) => f.kind);
    if (kinds.includes('audit-error')) {
      outcome = 'audit-error';
      const f = audit.findings.find((x) => x.kind === 'audit-error')!;
      detail = `${f.message} ${JSON.stringify(f.details).slice(0, 600)}`;
    } else if (audit.game === null) {
      outcome = 'refused';
      const f = audit.findings.find((x) => x.kind === 'ingest-error');
      const position = (f?.details as { position?: string | null } | undefined)?.position ?? null;
      located = position !== null && position !== '';
      detail = f?.message ?? 'no finding';
    } else {
      // What info, events and export do with a game that reads: its summary, its events, every format written.
      const game = readLogFile(path);
      const replay = replayGame(game, defaultRules());
      summarizeReplay(replay);
      for (const round of game.hands) for (const e of round.events) JSON.stringify(e);
      const timed = placeKandora(game, replay);
      for (const format of FORMATS) format.write(timed);
      const flags = [...new Set(kinds.filter((k) => FLAGS.has(k)))];
      outcome = kinds.some((k) => FLAGS.has(k)) ? 'flagged' : 'read';
      detail = flags.join(',');
    }
  } catch (err) {
    outcome = 'crash';
    detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
  }
  return { ...base, outcome, detail, located, ms: performance.now() - started };
}

// ---------- the runner ----------

interface Options {
  count: number;
  seed: number;
  workers: number;
  timeoutMs: number;
  cli: boolean;
  cliChunk: number;
  only: number | null;
  keep: string | null;
  json: boolean;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const num = (name: string, fallback: number): number => {
    const v = value(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got "${v}"`);
    return n;
  };
  return {
    count: num('--count', 1000),
    seed: num('--seed', 1),
    workers: Math.max(1, num('--workers', availableParallelism())),
    timeoutMs: num('--timeout', 30) * 1000,
    cli: !argv.includes('--no-cli'),
    cliChunk: Math.max(1, num('--cli-chunk', 1000)),
    only: value('--only') === undefined ? null : num('--only', 0),
    keep: value('--keep') ?? null,
    json: argv.includes('--json'),
  };
}

function corpusDir(): string {
  return resolve(process.env.KANSHI_CORPUS ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus'));
}

/** The built CLI, beside this file in dist. */
const MAIN = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

interface CliCheck {
  command: string;
  files: number;
  /** Files with no line, or more than one. */
  unaccounted: number;
  /** Files the CLI read but the worker refused, or the other way round. */
  disagreements: number;
  stackTraces: number;
  badExit: number;
  auditErrors: number;
  peakRssMB: number | null;
  examples: string[];
}

function emptyCheck(command: string): CliCheck {
  return { command, files: 0, unaccounted: 0, disagreements: 0, stackTraces: 0, badExit: 0, auditErrors: 0, peakRssMB: null, examples: [] };
}

/** A stack trace line as Node prints them: `    at fn (file:1:2)`. */
const STACK = /^\s+at .+:\d+:\d+\)?$/m;

function runCli(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr + (r.signal ? `\nkilled by ${r.signal}` : '') };
}

/** Reads one folder of inputs with info, verify and audit, checking each against the workers' outcomes. */
function checkChunk(dir: string, expected: Map<string, FuzzResult>, tmp: string, checks: Record<string, CliCheck>, workers: number): void {
  for (const command of ['info', 'verify']) {
    const c = checks[command];
    const r = runCli([command, '--json', dir]);
    c.files += expected.size;
    if (r.code !== 0 && r.code !== 1) {
      c.badExit++;
      c.examples.push(`${command} exit ${r.code}: ${r.stderr.slice(0, 300)}`);
    }
    if (STACK.test(r.stderr) || STACK.test(r.stdout)) {
      c.stackTraces++;
      c.examples.push(`${command}: stack trace: ${r.stderr.slice(0, 300)}`);
    }
    const lines = new Map<string, { error?: string }[]>();
    for (const text of r.stdout.split('\n')) {
      if (!text.trim()) continue;
      let line: { file?: string; error?: string };
      try {
        line = JSON.parse(text) as typeof line;
      } catch {
        c.examples.push(`${command}: not a JSON line: ${text.slice(0, 200)}`);
        continue;
      }
      const key = basename(line.file ?? '');
      lines.set(key, [...(lines.get(key) ?? []), line]);
    }
    for (const [name, result] of expected) {
      const got = lines.get(name) ?? [];
      if (got.length !== 1) {
        c.unaccounted++;
        if (c.examples.length < 10) c.examples.push(`${command}: ${got.length} lines for ${name}`);
        continue;
      }
      const refused = got[0].error !== undefined;
      if (refused !== (result.outcome === 'refused')) {
        c.disagreements++;
        if (c.examples.length < 10) c.examples.push(`${command}: ${name}: ${refused ? `refused (${got[0].error})` : 'read'}, worker ${result.outcome} (${result.detail.slice(0, 200)})`);
      }
    }
  }
  const c = checks.audit;
  const db = join(tmp, `audit-${Date.now()}.sqlite`);
  const r = runCli(['audit', dir, '--db', db, '--json', '--no-progress', '--workers', String(workers)]);
  c.files += expected.size;
  rmSync(db, { force: true });
  rmSync(db + '-wal', { force: true });
  rmSync(db + '-shm', { force: true });
  // 1 when a file could not be read (issue 42), else 0.
  if (r.code !== 0 && r.code !== 1) {
    c.badExit++;
    c.examples.push(`audit exit ${r.code}: ${r.stderr.slice(0, 300)}`);
  }
  if (STACK.test(r.stderr)) {
    c.stackTraces++;
    c.examples.push(`audit: stack trace: ${r.stderr.slice(0, 300)}`);
  }
  try {
    const summary = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as {
      gameCount?: number;
      failedFileCount?: number;
      findingCounts?: Record<string, number>;
      peakRssMB?: number;
      examples?: { kind: string; file: string; message: string }[];
    };
    if ((r.code === 1) !== (summary.failedFileCount ?? 0) > 0) {
      c.badExit++;
      c.examples.push(`audit exit ${r.code} with ${summary.failedFileCount ?? 0} files that could not be read: ${r.stderr.slice(0, 300)}`);
    }
    c.auditErrors += summary.findingCounts?.['audit-error'] ?? 0;
    // Which file, and what kanshi said: an audit-error is a bug to fix.
    for (const e of summary.examples ?? []) if (e.kind === 'audit-error') c.examples.push(`audit-error: ${basename(e.file)}: ${e.message.slice(0, 300)}`);
    c.peakRssMB = Math.max(c.peakRssMB ?? 0, summary.peakRssMB ?? 0);
    // Files, or distinct contents (byte-identical files are one game to the database).
    const refused = [...expected].filter(([, x]) => x.outcome === 'refused');
    const distinct = new Set(refused.map(([name]) => contentHash(readFileSync(join(dir, name))))).size;
    if (summary.failedFileCount !== refused.length && summary.failedFileCount !== distinct) {
      c.disagreements++;
      c.examples.push(`audit: ${summary.failedFileCount} files could not be read, the workers refused ${refused.length}`);
    }
  } catch {
    c.examples.push(`audit: no JSON summary: ${r.stdout.slice(0, 200)}`);
  }
}

export interface FuzzReport {
  seed: number;
  count: number;
  seconds: number;
  byClass: Record<string, Record<Outcome, number>>;
  outcomes: Record<Outcome, number>;
  unaccounted: number;
  unlocated: number;
  expectationMisses: number;
  attacks: { name: string; outcome: Outcome; detail: string }[];
  maxInputMs: number;
  p99InputMs: number;
  peakRssMB: number;
  cli: CliCheck[] | null;
  failures: string[];
  ok: boolean;
}

function meets(expect: Expectation, outcome: Outcome): boolean {
  if (expect === 'refused') return outcome === 'refused';
  if (expect === 'refused-or-flagged') return outcome === 'refused' || outcome === 'flagged';
  if (expect === 'read') return outcome === 'read' || outcome === 'flagged';
  return outcome === 'read' || outcome === 'flagged' || outcome === 'refused';
}

export async function runFuzz(options: Options): Promise<FuzzReport> {
  const started = performance.now();
  const dir = corpusDir();
  const tmp = mkdtempSync(join(tmpdir(), 'kanshi-fuzz-'));
  try {
    const logs = loadCorpus(dir);
    const mjlogText = (logs.find((l) => l.name === '2020052221gm-00a9-0000-6f0524c7.xml') ?? logs.find((l) => l.kind === 'mjlog')!).text;
    const tenhou6Text = (logs.find((l) => l.name === '2019021004gm-00a9-0000-e2f6516d.json') ?? logs.find((l) => l.kind === 'tenhou6')!).text;
    const attacks = await makeAttacks(join(tmp, 'attacks'), mjlogText, tenhou6Text);
    const inputsDir = join(tmp, 'inputs');
    mkdirSync(inputsDir);
    const indices = options.only !== null ? [options.only] : Array.from({ length: options.count }, (_, i) => i);
    const pool = new Piscina<FuzzTask, FuzzResult>({
      filename: import.meta.url,
      minThreads: options.workers,
      maxThreads: options.workers,
      concurrentTasksPerWorker: 1,
      // Bounded memory per input: a worker that needs more than this stops (an `oom` outcome).
      resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
      execArgv: [...WORKER_EXEC_ARGV],
    });
    pool.on('error', () => {});
    const results = new Map<number, FuzzResult>();
    let next = 0;
    const runOne = async (index: number): Promise<void> => {
      const task: FuzzTask = { seed: options.seed, index, corpusDir: dir, attacks, tmpDir: inputsDir };
      try {
        results.set(index, await pool.run(task, { signal: AbortSignal.timeout(options.timeoutMs) }));
      } catch (err) {
        const e = err as Error & { code?: string };
        const m = makeMutant(logs, options.seed, index, attacks);
        const outcome: Outcome = e.name === 'AbortError' || e.name === 'TimeoutError' ? 'hang' : e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'oom' : 'crash';
        results.set(index, { index, cls: m.cls, source: m.source, expect: m.expect, outcome, detail: `${e.name}: ${e.message}`, located: true, ms: options.timeoutMs });
      }
    };
    await Promise.all(
      Array.from({ length: options.workers }, async () => {
        while (next < indices.length) await runOne(indices[next++]);
      }),
    );
    await pool.destroy();

    // The CLI over the same inputs, a folder at a time.
    let cli: CliCheck[] | null = null;
    if (options.cli) {
      const checks: Record<string, CliCheck> = { info: emptyCheck('info'), verify: emptyCheck('verify'), audit: emptyCheck('audit') };
      for (let from = 0; from < indices.length; from += options.cliChunk) {
        const chunk = join(tmp, `cli-${from}`);
        mkdirSync(chunk);
        const expected = new Map<string, FuzzResult>();
        for (const index of indices.slice(from, from + options.cliChunk)) {
          const m = makeMutant(logs, options.seed, index, attacks);
          const name = `${String(index).padStart(6, '0')}-${m.cls}${m.ext}`;
          if (m.path !== undefined) symlinkSync(m.path, join(chunk, name));
          else writeFileSync(join(chunk, name), m.bytes!);
          expected.set(name, results.get(index)!);
        }
        checkChunk(chunk, expected, tmp, checks, Math.min(2, options.workers));
        rmSync(chunk, { recursive: true, force: true });
      }
      cli = Object.values(checks);
    }

    // The report.
    const byClass: Record<string, Record<Outcome, number>> = {};
    const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
    const failures: string[] = [];
    let unlocated = 0;
    let misses = 0;
    const times: number[] = [];
    for (const index of indices) {
      const r = results.get(index);
      if (!r) continue;
      byClass[r.cls] ??= Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
      byClass[r.cls][r.outcome]++;
      outcomes[r.outcome]++;
      times.push(r.ms);
      const bad: string[] = [];
      if (['audit-error', 'crash', 'oom', 'hang'].includes(r.outcome)) bad.push(r.outcome);
      if (!r.located) {
        unlocated++;
        bad.push('unlocated');
      }
      if (!meets(r.expect, r.outcome)) {
        misses++;
        bad.push(`expected ${r.expect}`);
      }
      if (bad.length > 0) {
        failures.push(`#${r.index} ${r.cls} of ${r.source}: ${bad.join(', ')}: ${r.outcome}: ${r.detail.split('\n').slice(0, 6).join(' | ').slice(0, 500)}`);
        if (options.keep) keepInput(options.keep, logs, options.seed, r, attacks);
      }
    }
    const unaccounted = indices.length - results.size;
    if (unaccounted > 0) failures.push(`${unaccounted} inputs gave no result`);
    for (const c of cli ?? []) {
      if (c.unaccounted + c.disagreements + c.stackTraces + c.badExit + c.auditErrors > 0) {
        failures.push(`kanshi ${c.command}: ${c.unaccounted} unaccounted, ${c.disagreements} disagreements, ${c.stackTraces} stack traces, ${c.badExit} bad exits, ${c.auditErrors} audit-errors; ${c.examples.slice(0, 5).join(' / ')}`);
      }
    }
    times.sort((a, b) => a - b);
    const peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
    if (peakRssMB >= 1024) failures.push(`peak memory ${peakRssMB} MB, over 1 GB`);
    for (const c of cli ?? []) if ((c.peakRssMB ?? 0) >= 1024) failures.push(`kanshi ${c.command}: peak memory ${c.peakRssMB} MB, over 1 GB`);
    const attackResults = indices
      .map((i) => results.get(i))
      .filter((r): r is FuzzResult => r?.cls === 'attack')
      .filter((r, i, all) => all.findIndex((x) => x.source === r.source) === i)
      .map((r) => ({ name: r.source, outcome: r.outcome, detail: r.detail.split('\n')[0].slice(0, 200) }));
    return {
      seed: options.seed,
      count: indices.length,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      byClass,
      outcomes,
      unaccounted,
      unlocated,
      expectationMisses: misses,
      attacks: attackResults,
      maxInputMs: Math.round(times.at(-1) ?? 0),
      p99InputMs: Math.round(times[Math.floor(times.length * 0.99)] ?? 0),
      peakRssMB,
      cli,
      failures,
      ok: failures.length === 0,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Writes a failing input and what it is into `dir`, to run again by hand. */
function keepInput(dir: string, logs: CorpusLog[], seed: number, r: FuzzResult, attacks: AttackFile[]): void {
  mkdirSync(dir, { recursive: true });
  const m = makeMutant(logs, seed, r.index, attacks);
  const name = `${String(r.index).padStart(6, '0')}-${m.cls}`;
  if (m.bytes) writeFileSync(join(dir, name + m.ext), m.bytes);
  writeFileSync(join(dir, name + '.txt'), `seed ${seed} index ${r.index}\nclass ${m.cls} of ${m.source}: ${m.note}\nexpected ${m.expect}, got ${r.outcome}\n${r.detail}\n`);
}

function printReport(r: FuzzReport): void {
  const w = (s: string) => process.stdout.write(s + '\n');
  w(`fuzz: ${r.count} inputs, seed ${r.seed}, ${r.seconds} s`);
  w('');
  const head = ['class'.padEnd(16), ...OUTCOMES.map((o) => o.padStart(11)), 'total'.padStart(7)].join(' ');
  w(head);
  w('-'.repeat(head.length));
  for (const cls of MUTATION_CLASSES) {
    const row = r.byClass[cls];
    if (!row) continue;
    const total = OUTCOMES.reduce((a, o) => a + row[o], 0);
    w([cls.padEnd(16), ...OUTCOMES.map((o) => String(row[o]).padStart(11)), String(total).padStart(7)].join(' '));
  }
  w([('all').padEnd(16), ...OUTCOMES.map((o) => String(r.outcomes[o]).padStart(11)), String(r.count).padStart(7)].join(' '));
  w('');
  if (r.attacks.length) {
    w('attacks:');
    for (const a of r.attacks) w(`  ${a.name.padEnd(26)} ${a.outcome.padEnd(8)} ${a.detail}`);
    w('');
  }
  w(`unaccounted inputs: ${r.unaccounted}; unlocated refusals: ${r.unlocated}; known-inconsistent mutants not refused or flagged: ${r.expectationMisses}`);
  w(`time per input: max ${r.maxInputMs} ms, 99th percentile ${r.p99InputMs} ms; peak memory of the fuzz process ${r.peakRssMB} MB`);
  for (const c of r.cli ?? []) {
    w(
      `kanshi ${c.command.padEnd(6)} ${c.files} files: ${c.unaccounted} unaccounted, ${c.disagreements} disagreements, ${c.stackTraces} stack traces, ` +
        `${c.badExit} bad exits${c.command === 'audit' ? `, ${c.auditErrors} audit-errors, peak memory ${c.peakRssMB} MB` : ''}`,
    );
  }
  w('');
  if (r.ok) w('ok: no crash, no hang, every input accounted for, no audit-error');
  else {
    w(`FAILED: ${r.failures.length} problems`);
    for (const f of r.failures.slice(0, 50)) w(`  ${f}`);
  }
}

const runAsMain = isMainThread && process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (runAsMain) {
  const options = parseArgs(process.argv.slice(2));
  const report = await runFuzz(options);
  if (options.json) process.stdout.write(JSON.stringify(report) + '\n');
  else printReport(report);
  process.exitCode = report.ok ? 0 : 1;
}
