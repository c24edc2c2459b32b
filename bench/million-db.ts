/**
 * A database of a million games, for measuring `kanshi stats` and `kanshi report` at the scale users
 * reach: the corpus is audited once by the built CLI, then its games are copied in SQL under new game ids
 * and content hashes until the database holds the number asked for. Every copy is a distinct game to the
 * database (its own `game_id` and `content_hash`) with the facts and verdicts of a real one, so the views
 * do the work they would do on a million real games.
 *
 *   npm run build && node dist/bench/million-db.js [--games N] [--db FILE] [--profile P]... [--keep]
 *   node dist/bench/million-db.js --time-only --db FILE     (time an existing database, e.g. one migrated)
 *
 * Then it times `kanshi stats`, `kanshi stats --json` and `kanshi report` (when the build has it) on the
 * result and prints each time and the sizes, then each view `kanshi stats` reads, alone (read in this
 * process, the file warm: elapsed and CPU). The database is removed at the end unless --keep is given.
 * From schema 9 the copies' audits enter audit_groups through its triggers, as any write does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { corpusLogsDir } from './corpus.js';

interface Options {
  games: number;
  db: string;
  profiles: string[];
  keep: boolean;
  /** Time the commands on the database --db names as it is: no audit, no copy, and it is kept. */
  timeOnly: boolean;
}

function options(argv: string[]): Options {
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const profiles: string[] = [];
  argv.forEach((a, i) => a === '--profile' && argv[i + 1] && profiles.push(argv[i + 1]));
  const games = Number(value('--games') ?? 1_000_000);
  if (!Number.isSafeInteger(games) || games < 1) throw new Error(`--games must be a positive integer, got ${value('--games')}`);
  return { games, db: value('--db') ?? join(tmpdir(), 'kanshi-million.sqlite'), profiles: profiles.length ? profiles : ['tenhou'], keep: argv.includes('--keep') || argv.includes('--time-only'), timeOnly: argv.includes('--time-only') };
}

/** The views `kanshi stats` reads (src/store/stats.ts), in its order. */
const STATS_VIEWS = [
  'rule_set_summary', 'kan_stats', 'rinshan_stats', 'riichi_kan_frequency', 'riichi_kan_stats', 'chankan_suukaikan_stats',
  'kandora_conformance', 'score_conformance', 'kan_scoring', 'finding_counts',
];

const MAIN = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

function kanshi(args: string[]): { status: number | null; seconds: number; stdout: string; stderr: string } {
  const t = performance.now();
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  return { status: r.status, seconds: (performance.now() - t) / 1000, stdout: r.stdout, stderr: r.stderr };
}

function mb(file: string): string {
  return existsSync(file) ? `${(statSync(file).size / 2 ** 20).toFixed(0)} MB` : '-';
}

/** The tables holding per-game rows (a game_id column), games first. */
function gameTables(db: Database.Database): { table: string; columns: string[] }[] {
  const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().all() as string[];
  const out: { table: string; columns: string[] }[] = [];
  for (const table of tables) {
    const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
    if (columns.includes('game_id')) out.push({ table, columns });
  }
  return out.sort((a, b) => (a.table === 'games' ? -1 : b.table === 'games' ? 1 : 0));
}

function copyGames(file: string, target: number): { games: number; seconds: number } {
  const t = performance.now();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -1048576');
  const original = db.prepare('SELECT count(*) FROM games').pluck().get() as number;
  const maxId = db.prepare('SELECT max(game_id) FROM games').pluck().get() as number;
  const copies = Math.ceil(target / original) - 1;
  const statements = gameTables(db).map(({ table, columns }) => {
    const select = columns.map((c) => (c === 'game_id' ? 'game_id + @offset' : table === 'games' && c === 'content_hash' ? "content_hash || '#' || @copy" : c));
    // The last copy may be partial, to land on the number asked for.
    return db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${select.join(', ')} FROM ${table} WHERE game_id <= @last`);
  });
  let games = original;
  const batch = db.transaction((from: number, to: number) => {
    for (let copy = from; copy < to; copy++) {
      const take = Math.min(original, target - games);
      if (take <= 0) return;
      // Game ids are 1..maxId in a fresh audit; the `take` first games of a copy are those up to `last`.
      const last = take === original ? maxId : (db.prepare('SELECT game_id FROM games WHERE game_id <= ? ORDER BY game_id LIMIT 1 OFFSET ?').pluck().get(maxId, take - 1) as number);
      for (const s of statements) s.run({ offset: copy * maxId, copy, last });
      games += take;
    }
  });
  for (let copy = 1; copy <= copies; copy += 25) {
    batch(copy, Math.min(copies + 1, copy + 25));
    process.stderr.write(`\r  copied: ${games.toLocaleString('en-US')} games`);
  }
  process.stderr.write('\n');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
  return { games, seconds: (performance.now() - t) / 1000 };
}

function build(o: Options): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(o.db + suffix, { force: true });
  process.stdout.write(`million-db: ${o.games.toLocaleString('en-US')} games into ${o.db}, profiles ${o.profiles.join(', ')}\n`);
  for (const profile of o.profiles) {
    const r = kanshi(['audit', corpusLogsDir(), '--db', o.db, '--profile', profile, '--force', '--no-progress', '--json']);
    if (r.status !== 0) throw new Error(`kanshi audit failed (${r.status}): ${r.stderr}`);
    process.stdout.write(`  audited the corpus under ${profile} in ${r.seconds.toFixed(1)} s\n`);
  }
  const copied = copyGames(o.db, o.games);
  process.stdout.write(`  copied to ${copied.games.toLocaleString('en-US')} games in ${copied.seconds.toFixed(0)} s; database ${mb(o.db)}\n`);
}

function main(): void {
  const o = options(process.argv.slice(2));
  if (o.timeOnly) {
    if (!existsSync(o.db)) throw new Error(`--time-only: ${o.db} does not exist`);
    process.stdout.write(`million-db: timing ${o.db} (${mb(o.db)}) as it is\n`);
  } else {
    build(o);
  }

  const runs: [string, string[]][] = [
    ['kanshi stats', ['stats', '--db', o.db]],
    ['kanshi stats --json', ['stats', '--db', o.db, '--json']],
  ];
  const help = kanshi(['--help']);
  const report = join(tmpdir(), 'kanshi-million-report.html');
  if (/\breport\b/.test(help.stdout)) runs.push(['kanshi report', ['report', '--db', o.db, '--out', report]]);
  for (const [label, args] of runs) {
    const r = kanshi(args);
    const size = label === 'kanshi report' ? `, ${mb(report)} page` : `, ${(Buffer.byteLength(r.stdout) / 1024).toFixed(0)} KB out`;
    process.stdout.write(`  ${label.padEnd(22)} ${r.seconds.toFixed(2).padStart(7)} s  exit ${r.status}${size}${r.status !== 0 ? `: ${r.stderr.trim().split('\n')[0]}` : ''}\n`);
  }
  // Each statistics view alone, as `kanshi stats` reads them (issue 35: the scoring views read every win
  // before schema 7, the others every audit and its game before schema 9).
  const db = new Database(o.db, { readonly: true });
  for (const name of STATS_VIEWS) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const n = db.prepare(`SELECT * FROM ${name}`).all().length;
    const used = process.cpuUsage(cpu);
    process.stdout.write(
      `  ${`SELECT * FROM ${name}`.padEnd(42)} ${((performance.now() - t) / 1000).toFixed(2).padStart(7)} s  CPU ${((used.user + used.system) / 1e6).toFixed(2)} s  ${n} rows\n`,
    );
  }
  db.close();
  if (!o.keep) for (const suffix of ['', '-wal', '-shm']) rmSync(o.db + suffix, { force: true });
  rmSync(report, { force: true });
}

main();
