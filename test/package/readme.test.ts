/**
 * The README, pasted as a user pastes it (issue 42): every example runs on a fresh clone with ../shared
 * beside it, and prints what the README shows; the numbers its prose states about the corpus are the
 * corpus's.
 *
 * The examples are read from the README itself, never copied here, so an example added, changed or left
 * stale is tested as it stands:
 * - a fenced block whose lines start with `$ ` is a transcript: each `$ ` line is a command (a quoted string
 *   may go on over the next lines), and the lines up to the next `$ ` line are what the terminal shows
 *   (stdout and stderr as they come). A line `…` stands for any lines, a `…` within a line for any text;
 *   timestamps and durations may differ. A command with nothing under it must print nothing;
 * - a ```sh block without `$ ` lists commands whose output the README does not show: they are run, and
 *   must succeed;
 * - a command's comment `exit status N` is the status it must end with (0 otherwise);
 * - any other block is output without a command, refused, but for the "As a library" section's TypeScript
 *   and its output, which test/package/pack.test.ts compiles and runs against the packed package.
 * Commands are run in the README's order in one folder (a clone: dist/, node_modules/, package.json, a
 * copy of logs/; ../shared/corpus is the corpus), so a query runs on the database the README's audits
 * wrote, and one that needs a flag it does not show (`--db corpus.sqlite`) reads another database and
 * fails. The commands not run are in NOT_RUN, each with why, and each must still be in the README.
 *
 * The prose's corpus numbers are in CLAIMS: each sentence as a pattern that must match the README once,
 * its numbers against the MANIFEST, counts of the logs' own text (test/support/log-counts.ts), or what the
 * README's commands wrote in their databases.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';
import { CORPUS_DIR, CORPUS_LOGS, manifest, manifestTotal, platformManifest, requireCorpus } from '../support/corpus.js';
import { corpusLogCounts, sumOf } from '../support/log-counts.js';

const README = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
/** The README's text with every run of white space one space, as the claims read it (a sentence may wrap anywhere). */
const PROSE = README.replace(/\s+/g, ' ');
const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
const START_SCRIPT = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;

/** One command of the README, with what it shows (null: a ```sh block, which shows no output). */
interface Example {
  section: string;
  line: number;
  command: string;
  shown: string[] | null;
  status: number;
}

/** Where a comment starts in a shell line (-1: none), and whether a quote is left open at its end. */
function scanShell(text: string): { comment: number; open: boolean } {
  let quote: '' | "'" | '"' = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = '';
    } else if (quote === '"') {
      if (c === '\\') i++;
      else if (c === '"') quote = '';
    } else if (c === '\\') i++;
    else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) return { comment: i, open: false };
  }
  return { comment: -1, open: quote !== '' };
}

/** The command starting at lines[i] (without its `$ `), taking the next lines while a quote is open or a line ends in `\`. */
function commandAt(lines: string[], i: number, prompt: boolean): { command: string; next: number } {
  let command = prompt ? lines[i].slice(2) : lines[i];
  let next = i + 1;
  while (next < lines.length && (scanShell(command).open || command.endsWith('\\'))) command += `\n${lines[next++]}`;
  return { command, next };
}

function statusOf(command: string): number {
  const lines = command.split('\n');
  const last = lines[lines.length - 1];
  const { comment } = scanShell(last);
  const m = comment < 0 ? null : /\bexit status (\d+)/.exec(last.slice(comment));
  return m ? Number(m[1]) : 0;
}

interface Parsed {
  examples: Example[];
  /** Blocks that are neither a transcript nor a ```sh list: output with no command. */
  others: { section: string; line: number; lang: string }[];
}

function parseReadme(text: string): Parsed {
  const lines = text.split('\n');
  const examples: Example[] = [];
  const others: Parsed['others'] = [];
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#{1,4} (.*)/.exec(lines[i]);
    if (heading) section = heading[1];
    const fence = /^```(\w*)\s*$/.exec(lines[i]);
    if (!fence) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end].startsWith('```')) end++;
    const block = lines.slice(start, end);
    i = end;
    if (block.some((l) => l.startsWith('$ '))) {
      if (!block[0].startsWith('$ ')) throw new Error(`README.md line ${start + 1}: a transcript must start with a $ line`);
      for (let j = 0; j < block.length; ) {
        const { command, next } = commandAt(block, j, true);
        let k = next;
        while (k < block.length && !block[k].startsWith('$ ')) k++;
        examples.push({ section, line: start + j + 1, command, shown: block.slice(next, k), status: statusOf(command) });
        j = k;
      }
    } else if (fence[1] === 'sh') {
      for (let j = 0; j < block.length; ) {
        if (block[j].trim() === '' || block[j].trimStart().startsWith('#')) {
          j++;
          continue;
        }
        const { command, next } = commandAt(block, j, false);
        examples.push({ section, line: start + j + 1, command, shown: null, status: statusOf(command) });
        j = next;
      }
    } else others.push({ section, line: start, lang: fence[1] });
  }
  return { examples, others };
}

/**
 * The README's commands that are not run, and why. The second command of "Two commands" is `npm test`,
 * this suite; the first is run as npm runs it, below (REWRITTEN).
 */
const NOT_RUN: { pattern: RegExp; why: string }[] = [
  { pattern: /^npm test\b/, why: 'npm test is the suite this test is part of' },
  { pattern: /\s--fetch\b/, why: 'downloads from tenhou.net (test/cli/fetch.test.ts runs --fetch against a local server)' },
  { pattern: /^\$?\s*npx kanshi fetch\b/, why: 'downloads from tenhou.net (test/cli/fetch.test.ts runs fetch against a local server)' },
  {
    pattern: /^npx kanshi replay 2020052221gm-00a9-0000-6f0524c7 +# from logs\/ now/,
    why: 'reads the log the --fetch example before it downloads',
  },
  { pattern: /\bLOGS\b/, why: 'LOGS stands for the reader\'s own folder of logs' },
  { pattern: /^npm install\b/, why: 'installs from a git host or a tarball: test/package/pack.test.ts installs the packed package' },
];

/** Commands run otherwise than written, and why. */
const REWRITTEN: { pattern: RegExp; run: string; why: string }[] = [
  {
    pattern: /^npm ci && npm start\b/,
    run: START_SCRIPT,
    why: "npm ci installs and builds (done before the tests run); npm start runs the start script in the package's folder, as here",
  },
];

const PARSED = parseReadme(README);

/**
 * jq runs some examples: without it they are skipped, as test/report skips without Chromium, unless
 * KANSHI_REQUIRE_JQ is set (as CI should set it, with jq installed), which makes a missing jq a failure.
 */
const JQ_MISSING = spawnSync('jq', ['--version']).status !== 0 && !process.env.KANSHI_REQUIRE_JQ;
const usesJq = (command: string): boolean => /(^|\|\s*)jq\b/.test(command);

/** Lines as compared: no trailing blanks, timestamps and durations made alike. */
function normalize(lines: string[]): string[] {
  const out = lines.map((l) =>
    l
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
      .replace(/\bin \d+(\.\d+)? s\b/g, 'in <n> s')
      .trimEnd(),
  );
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** Whether the actual lines match the lines shown, `…` alone on a line standing for any lines and within a line for any text. */
function matches(shown: string[], actual: string[]): boolean {
  const patterns = shown.map((l) =>
    l === '…' ? null : new RegExp(`^${l.split('…').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`),
  );
  // can[i][j]: shown[i..] matches actual[j..]
  const can: boolean[][] = Array.from({ length: shown.length + 1 }, () => new Array<boolean>(actual.length + 1).fill(false));
  can[shown.length][actual.length] = true;
  for (let i = shown.length - 1; i >= 0; i--) {
    for (let j = actual.length; j >= 0; j--) {
      const p = patterns[i];
      can[i][j] = p === null ? can[i + 1][j] || (j < actual.length && can[i][j + 1]) : j < actual.length && p.test(actual[j]) && can[i + 1][j + 1];
    }
  }
  return can[0][0];
}

let clone = '';

/** Runs one README command in the clone, as bash runs it, `npx kanshi` being the built CLI. */
function run(command: string): { status: number; output: string } {
  const prelude = `npx() { if [ "$1" = kanshi ]; then shift; node '${MAIN}' "$@"; else command npx "$@"; fi; }\n`;
  const r = spawnSync('bash', ['-c', `${prelude}( ${command}\n) 2>&1`], { cwd: clone, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status ?? -1, output: r.stdout };
}

describe("the README's examples, on a fresh clone", () => {
  beforeAll(() => {
    requireCorpus();
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" first (npm test does it)`);
    // <root>/kanshi is the clone, <root>/shared/corpus the corpus: ../shared/corpus from the clone, as the README has it.
    const root = mkdtempSync(join(tmpdir(), 'kanshi-readme-'));
    clone = join(root, 'kanshi');
    mkdirSync(clone);
    mkdirSync(join(root, 'shared'));
    symlinkSync(CORPUS_DIR, join(root, 'shared', 'corpus'));
    for (const name of ['dist', 'node_modules', 'package.json', 'schemas', 'docs']) symlinkSync(join(PROJECT_ROOT, name), join(clone, name));
    // A copy: the examples write into logs/ (a fetch would), and audit no link to a folder inside it.
    cpSync(join(PROJECT_ROOT, 'logs'), join(clone, 'logs'), { recursive: true });
  });

  it('has every block as a transcript or a command list, but the library example that pack.test.ts runs', () => {
    expect(PARSED.examples.length).toBeGreaterThan(30);
    expect(PARSED.others.filter((b) => b.section !== 'As a library')).toEqual([]);
  });

  it('names in NOT_RUN and REWRITTEN only commands the README has', () => {
    for (const { pattern } of [...NOT_RUN, ...REWRITTEN]) {
      expect(PARSED.examples.some((e) => pattern.test(e.command)), String(pattern)).toBe(true);
    }
  });

  for (const example of PARSED.examples) {
    const skip =
      NOT_RUN.find((n) => n.pattern.test(example.command)) ??
      (JQ_MISSING && usesJq(example.command) ? { why: 'jq is not installed (KANSHI_REQUIRE_JQ=1 makes that a failure)' } : undefined);
    const title = `${example.section}, line ${example.line}: ${example.command.split('\n')[0].replace(/\s+#.*/, '')}`;
    if (skip) {
      it.skip(`${title} (not run: ${skip.why})`, () => {});
      continue;
    }
    it(title, () => {
      const rewrite = REWRITTEN.find((r) => r.pattern.test(example.command));
      const { status, output } = run(rewrite ? rewrite.run : example.command);
      expect(status, output.slice(-4000)).toBe(example.status);
      if (example.shown === null) return;
      const shown = normalize(example.shown);
      const actual = normalize(output.split('\n'));
      if (!shown.some((l) => l.includes('…'))) expect(actual.join('\n')).toBe(shown.join('\n'));
      else if (!matches(shown, actual)) expect.fail(`prints otherwise than README.md line ${example.line} shows:\n--- shown\n${shown.join('\n')}\n--- printed\n${actual.join('\n')}`);
    });
  }
});

/** Number words the prose uses. */
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4 };

/** A sentence of the README with corpus numbers: its pattern's groups, in order, must be `values()`. */
interface Claim {
  pattern: RegExp;
  values: () => number[];
  /** How many times the README says it (1 unless given). */
  times?: number;
}

/** What the README's commands wrote in a database of the clone. */
function rows<T>(db: string, sql: string): T[] {
  const d = new Database(join(clone, db), { readonly: true, fileMustExist: true });
  try {
    return d.prepare(sql).all() as T[];
  } finally {
    d.close();
  }
}
const one = (db: string, sql: string): number => Object.values(rows<Record<string, number>>(db, sql)[0])[0];
/** Findings of a kind under a rule set (`profile` as rule_sets names it). */
const findings = (db: string, profile: string, kind: string, what = 'count(*)'): number =>
  one(db, `SELECT ${what} FROM findings f JOIN rule_sets r USING (rule_set_id) WHERE r.profile = '${profile}' AND f.kind = '${kind}'`);

const games = (): number => manifest().length;
const wins = (): number => sumOf(corpusLogCounts(), (c) => c.wins);
const fourPlayerMjlog = () => corpusLogCounts().filter((c) => c.players === 4 && c.format === 'mjlog');

/** The knobs by group, as `kanshi rules --json` lists them. */
function knobGroups(): Record<string, number> {
  const r = spawnSync(process.execPath, [MAIN, 'rules', '--json'], { encoding: 'utf8' });
  const groups: Record<string, number> = {};
  for (const k of (JSON.parse(r.stdout) as { knobs: { group: string }[] }).knobs) groups[k.group] = (groups[k.group] ?? 0) + 1;
  return groups;
}

/** How deep a JSON value nests (a scalar 0, `[]` 1). */
function depth(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(v as object).map(depth));
}

const CLAIMS: Claim[] = [
  // What kanshi reads
  { pattern: /gives the same hands and kans for all ([\d,]+) files/g, values: () => [games()] },
  {
    pattern: /Of the platform corpus's ([\d,]+) files, all are read but the old 2012 mjai dialect and ([\d,]+) akochan self-play logs/g,
    values: () => [platformManifest().length, one('platforms.sqlite', "SELECT count(*) FROM finding_list WHERE kind = 'ingest-error' AND message LIKE '%no dora_marker%'")],
  },
  {
    pattern: /the ([\d,]+) read replay with no inconsistency but (one) editor-typed win/g,
    values: () => [one('platforms.sqlite', 'SELECT count(*) FROM games WHERE error IS NULL'), findings('platforms.sqlite', 'platform', 'replay-inconsistency')],
  },
  { pattern: /and (one) akochan game shows the bot writing a daiminkan's `dora`/g, values: () => [findings('platforms.sqlite', 'platform', 'kandora-timing-mismatch')] },
  { pattern: /\b(\d+) files refused\b/g, times: 2, values: () => [findings('platforms.sqlite', 'platform', 'ingest-error')] },
  // Auditing
  {
    pattern:
      /its ([\d,]+) Tenhou and unknown games judged by `tenhou`, its ([\d,]+) Mahjong Soul game by `majsoul`\): ([\d,]+) games, ([\d,]+) `chankan-win`, ([\d,]+) `suukaikan-abort`, ([\d,]+) riichi ankans all legal, every one of the ([\d,]+) wins re-scored as its log scored it but in (two) mjai-reviewer test fixtures/g,
    values: () => {
      expect(findings('corpus.sqlite', 'platform', 'riichi-kan-illegal')).toBe(0);
      return [
        one('corpus.sqlite', "SELECT count(*) FROM games WHERE platform IN ('tenhou', 'unknown')"),
        one('corpus.sqlite', "SELECT count(*) FROM games WHERE platform = 'majsoul'"),
        games(),
        manifestTotal('chankanWins'),
        manifestTotal('kan4Aborts'),
        manifestTotal('riichiAnkan'),
        wins(),
        one('corpus.sqlite', "SELECT count(DISTINCT game_id) FROM findings f JOIN rule_sets r USING (rule_set_id) WHERE r.profile = 'platform' AND f.kind IN ('score-mismatch', 'replay-inconsistency')"),
      ];
    },
  },
  {
    pattern: /([\d,]+) `lobby-rule-not-applied` \(info: the (two) lobby games/g,
    values: () => [findings('corpus.sqlite', 'platform', 'lobby-rule-not-applied'), findings('corpus.sqlite', 'platform', 'lobby-rule-not-applied', 'count(DISTINCT game_id)')],
  },
  { pattern: /agrees on all ([\d,]+)\)/g, values: () => [manifestTotal('riichiAnkan')] },
  {
    pattern: /Under `mleague` \(immediate kandora\): ([\d,]+) `kandora-timing-mismatch` warnings on the mjlog files and ([\d,]+) `kandora-count-mismatch`/g,
    values: () => [findings('corpus.sqlite', 'mleague', 'kandora-timing-mismatch'), findings('corpus.sqlite', 'mleague', 'kandora-count-mismatch')],
  },
  {
    pattern: /under `mleague` ([\d,]+) wins and drawn hands are scored otherwise \(([\d,]+) `score-mismatch`/g,
    values: () => [
      findings('corpus.sqlite', 'mleague', 'score-mismatch', "count(DISTINCT f.game_id || '/' || f.hand || '/' || f.event_index)"),
      findings('corpus.sqlite', 'mleague', 'score-mismatch'),
    ],
  },
  {
    pattern: /([\d,]+) `multiple-ron-mismatch` \(`multipleRon: atamahane`[^)]*\), ([\d,]+) `abortive-draw-unexpected` \([^)]*\) and ([\d,]+) `suukaikan-unexpected`/g,
    values: () => ['multiple-ron-mismatch', 'abortive-draw-unexpected', 'suukaikan-unexpected'].map((k) => findings('corpus.sqlite', 'mleague', k)),
  },
  // Scoring
  { pattern: /\(([\d,]+) wins, 3-player games included\)/g, values: () => [wins()] },
  {
    pattern: /leaves the four kandora of the first example out: (\d+) han (\d+) fu, ([\d,]+)\)/g,
    values: () => {
      const args = ['score', '234p678s345m5z', '--ankan', '1m', '--win', '5z', '--tsumo', '--rinshan', '--riichi', '--dora', '4s,9m', '--ura', '3z,1z'];
      // The first example, as the README shows it: the claim is about that command with --kandora false.
      expect(README).toContain(`$ npx kanshi ${args.join(' ')}\n`);
      const s = JSON.parse(spawnSync(process.execPath, [MAIN, ...args, '--kandora', 'false', '--json'], { encoding: 'utf8' }).stdout) as { han: number; fu: number; points: number };
      return [s.han, s.fu, s.points];
    },
  },
  { pattern: /then the (\d+) scoring knobs/g, values: () => [knobGroups().scoring] },
  { pattern: /and the (\d+) legality knobs/g, values: () => [knobGroups().legality] },
  { pattern: /The (\d+) scoring knobs/g, values: () => [knobGroups().scoring] },
  { pattern: /its (\d+) knobs folded/g, values: () => [sumOf(Object.values(knobGroups()), (n) => n)] },
  // The wall
  { pattern: /shared corpus, the ([\d,]+) games with a usable seed/g, values: () => [one('corpus.sqlite', 'SELECT sum(seeded) FROM games')] },
  // Limits and safety: the corpus's own files, read here
  {
    pattern: /The largest real log of the corpus is (\d+) KB with ([\d,]+) tags in (\d+) rounds, and the most deeply nested one (\d+) deep/g,
    values: () => {
      const files = readdirSync(CORPUS_LOGS).filter((f) => !f.endsWith('.gz'));
      const largest = files.reduce((a, b) => (statSync(join(CORPUS_LOGS, b)).size > statSync(join(CORPUS_LOGS, a)).size ? b : a));
      const text = readFileSync(join(CORPUS_LOGS, largest), 'utf8');
      expect(largest).toMatch(/\.xml$/);
      // An mjlog nests two deep (mjloggm, its tags); a tenhou.net/6 document as deep as its JSON.
      const deepest = Math.max(2, ...files.filter((f) => f.endsWith('.json')).map((f) => depth(JSON.parse(readFileSync(join(CORPUS_LOGS, f), 'utf8')))));
      return [Math.round(statSync(join(CORPUS_LOGS, largest)).size / 1000), (text.match(/<[A-Za-z]/g) ?? []).length, (text.match(/<INIT\b/g) ?? []).length, deepest];
    },
  },
  // Benchmark: the corpus it ran on, and the copies it made of it
  { pattern: /the corpus once \(([\d,]+) games\)/g, values: () => [games()] },
  { pattern: /([\d,]+) distinct games \(10 copies of the corpus/g, values: () => [10 * games()] },
  { pattern: /peak RSS 280 MB for ([\d,]+) games and 351 MB for ([\d,]+) distinct games/g, values: () => [games(), 10 * games()] },
  { pattern: /([\d,]+) distinct games and for the corpus 30 times over, ([\d,]+) games/g, values: () => [20 * games(), 30 * games()] },
  { pattern: /`kanshi stats` on ([\d,]+) games takes/g, values: () => [20 * games()] },
  { pattern: /A single pass over ([\d,]+) games/g, values: () => [games()] },
  { pattern: /the ([\d,]+) four-player mjlog files/g, values: () => [fourPlayerMjlog().length] },
  {
    // convlog refuses the one whose players are three though its GO type says four (docs/PERFORMANCE.md §4).
    pattern: /agrees with [\d,]+ of the ([\d,]+) wins of the corpus's four-player mjlog files it reads/g,
    values: () => [sumOf(fourPlayerMjlog().filter((c) => c.file !== 'dnovikoff__tenhou__log_test_data_sanma.xml'), (c) => c.wins)],
  },
];

describe("the README's numbers about the corpus (after its commands ran)", () => {
  for (const claim of CLAIMS) {
    it(String(claim.pattern).slice(1, 90), () => {
      const found = [...PROSE.matchAll(claim.pattern)];
      expect(found.length, `README.md says ${String(claim.pattern)} ${found.length} times: change the claim with the README`).toBe(claim.times ?? 1);
      const expected = claim.values();
      for (const m of found) {
        const said = m.slice(1).map((g) => WORDS[g] ?? Number(g.replace(/,/g, '')));
        expect(said, m[0]).toEqual(expected);
      }
    });
  }
});
