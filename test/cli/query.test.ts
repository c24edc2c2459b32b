import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { kanshi } from '../support/cli.js';
import { auditOf, readGames, rowCounts, sampleFiles, tempDb, unreadableAudit } from '../store/support.js';

let db: string;

beforeAll(() => {
  db = tempDb();
  const store = openStore(db);
  const games = readGames(sampleFiles());
  store.writeBatch(games.map((g) => auditOf(g, 'tenhou')));
  store.writeBatch(games.map((g) => auditOf(g, 'pro-strict')));
  store.writeBatch([unreadableAudit('/logs/broken, "quoted".mjlog', 'a'.repeat(64))]);
  store.close();
});

const query = (...args: string[]) => kanshi(['query', '--db', db, ...args]);

/** A process as /proc shows it: its parent, its state and its start (in clock ticks since boot), or null once it is gone. */
function procStat(pid: number): { ppid: number; state: string; start: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // After the command name in parentheses (which may hold spaces): state, ppid, … starttime (field 22).
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), state: f[0], start: f[19] };
}

/**
 * The query process this test's kanshi forked (its child running query-child.js), found by parent pid in
 * /proc, so a query another test runs at the same time is never taken for it. Waits for it to start.
 */
async function queryChildOf(parent: number): Promise<{ pid: number; start: string }> {
  for (let tries = 0; tries < 500; tries++) {
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid) || procStat(pid)?.ppid !== parent) continue;
      let cmdline = '';
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (cmdline.includes('query-child.js')) return { pid, start: procStat(pid)!.start };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`kanshi (pid ${parent}) started no query-child.js`);
}

/** Whether that process has ended: no such pid, a zombie, or the pid reused by a process started later. */
function ended(p: { pid: number; start: string }): boolean {
  const now = procStat(p.pid);
  return now === null || now.state === 'Z' || now.start !== p.start;
}

/**
 * Once kanshi has exited: whether its query process was left running. One left behind is killed here (it
 * would hold kanshi's stdout open, and the test would wait for it), so the test fails instead of hanging.
 */
async function leftBehind(kanshi: ChildProcess, queryChild: { pid: number; start: string }): Promise<boolean> {
  if (kanshi.exitCode === null && kanshi.signalCode === null) await new Promise((resolve) => kanshi.once('exit', resolve));
  if (ended(queryChild)) return false;
  process.kill(queryChild.pid, 'SIGKILL');
  return true;
}

describe('kanshi query', () => {
  it('prints an aligned table by default: a header, a rule, numbers on the right, a row count', () => {
    const r = query(`SELECT kind, count(*) AS kans FROM kans WHERE robbed = 0 GROUP BY kind ORDER BY kind`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^kind\s+kans$/);
    expect(lines[1]).toMatch(/^-+ {2}-+$/);
    expect(lines.slice(2, 5).map((l) => l.split(/\s+/)[0])).toEqual(['ankan', 'daiminkan', 'kakan']);
    // Right-aligned numbers end in the same column as the header.
    const end = lines[0].length;
    for (const l of lines.slice(2, 5)) expect(l.length).toBe(end);
    expect(lines[5]).toBe('(3 rows)');
  });

  it('aligns wide (Japanese) text by its width on a terminal', () => {
    const r = query(`SELECT rule_label, count(*) AS games FROM games WHERE rule_label IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 3`);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').slice(2, 5);
    const width = (s: string) => [...s].reduce((w, ch) => w + (/[\u3000-\u9fff]/.test(ch) ? 2 : 1), 0);
    expect(new Set(lines.map(width)).size).toBe(1);
  });

  it('cuts a value wider than 80 columns in a table, says so, and points to csv and json for it whole (a rules key made 1,000-character rows)', () => {
    const r = query(`SELECT rules_key, profile FROM rule_sets ORDER BY profile`);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(lines[2]).toMatch(/^kandoraTiming=tenhou;riichiKan=strict;\S*…\S*;riichiUnderThousand=true {2}pro-strict$/);
    expect(lines[2].indexOf('  pro-strict')).toBe(80);
    expect(lines.at(-1)).toBe('(2 rows; 2 values cut to 80 columns at …: --format csv or json prints them whole)');
    const csv = query('--format', 'csv', `SELECT rules_key FROM rule_sets`);
    expect(csv.stdout.split('\n')[1].length).toBeGreaterThan(500);
  });

  it('prints CSV with RFC 4180 quoting: commas, quotes and line breaks inside fields, NULL as empty', () => {
    const r = query('--format', 'csv', `SELECT 'a,b' AS comma, 'say "hi"' AS quote, 'two' || char(10) || 'lines' AS lines, NULL AS missing, 3 AS n, 0.5 AS half`);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('comma,quote,lines,missing,n,half\n"a,b","say ""hi""","two\nlines",,3,0.5\n');
    const file = query('--format', 'csv', `SELECT file, error FROM games WHERE error IS NOT NULL`);
    expect(file.stdout).toBe('file,error\n"/logs/broken, ""quoted"".mjlog",line 1 column 40: not well-formed XML\n');
  });

  it('prints JSON as an array of objects, keeping repeated column names apart', () => {
    const r = query('--format', 'json', `SELECT profile, riichi_kan, okuri_kan FROM rule_sets ORDER BY profile`);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { profile: 'pro-strict', riichi_kan: 'strict', okuri_kan: 0 },
      { profile: 'tenhou', riichi_kan: 'waits', okuri_kan: 0 },
    ]);
    const twice = JSON.parse(query('--format', 'json', `SELECT 1 AS x, 2 AS x, NULL AS y`).stdout);
    expect(twice).toEqual([{ x: 1, x_2: 2, y: null }]);
    expect(JSON.parse(query('--format', 'json', `SELECT * FROM games WHERE 0`).stdout)).toEqual([]);
    // A whole view, joined as a user would.
    const verdicts = JSON.parse(query('--format', 'json', `SELECT profile, verdict, sum(riichi_kans) AS n FROM riichi_kan_stats GROUP BY 1, 2 ORDER BY 1, 2`).stdout);
    expect(verdicts.map((v: { profile: string; verdict: string }) => `${v.profile} ${v.verdict}`)).toEqual(['pro-strict illegal', 'pro-strict legal', 'tenhou legal']);
  });

  it('refuses any statement that would change the database, and changes nothing', () => {
    const before = rowCounts(db);
    for (const sql of ['DELETE FROM games', `INSERT INTO rule_sets (rules_key) VALUES ('x')`, 'DROP TABLE kans', 'UPDATE games SET file = 1', 'PRAGMA user_version = 7', 'CREATE TABLE t (x)', 'VACUUM']) {
      const r = query(sql);
      expect(r.code, sql).toBe(1);
      expect(r.stderr, sql).toMatch(/^kanshi: (kanshi query only reads: this statement would change the database|this statement returns no rows|kanshi query reads only these PRAGMAs)/);
    }
    expect(rowCounts(db)).toEqual(before);
  });

  it('says what is wrong with bad SQL, several statements, or no statement: exit 1, a SQL error is no usage error', () => {
    let r = query('SELECT * FROM no_such_table');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('kanshi: SQL error: no such table: no_such_table\n');
    r = query('SELEC 1');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kanshi: SQL error: near "SELEC": syntax error/);
    r = query('SELECT 1; SELECT 2');
    expect(r.stderr).toBe('kanshi: give one SQL statement at a time (this text holds several)\n');
    r = query('   ');
    expect(r.stderr).toBe('kanshi: the SQL statement is empty\n');
    r = kanshi(['query', '--db', db, '--format', 'xml', 'SELECT 1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/argument 'xml' is invalid. Allowed choices are table, csv, json/);
  });

  it('says so when the database is missing (and does not create it) or is not one kanshi wrote', () => {
    const missing = tempDb('missing.sqlite');
    let r = kanshi(['query', '--db', missing, 'SELECT 1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`kanshi: no database at ${missing} (run kanshi audit first, or give --db FILE)\n`);
    expect(existsSync(missing)).toBe(false);
    const text = tempDb('notes.txt');
    writeFileSync(text, 'not a database at all, just words '.repeat(30));
    r = kanshi(['query', '--db', text, 'SELECT 1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kanshi: cannot open .*notes\.txt: file is not a database/);
  });

  it('defaults to kanshi.sqlite in the current folder, and its help shows examples', () => {
    const r = kanshi(['query', 'SELECT 1'], { cwd: tempDb().replace(/\/audit\.sqlite$/, '') });
    expect(r.stderr).toMatch(/no database at kanshi\.sqlite/);
    const help = kanshi(['query', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--format <format>/);
    expect(help.stdout).toMatch(/Examples:\n {2}kanshi query "SELECT/);
  });
});

describe('kanshi query on a statement without end (issue 14)', () => {
  const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c';

  it('streams rows as they come and stops at --timeout: exit 124, the rows so far kept, a message saying they are not all', () => {
    for (const format of ['csv', 'json', 'table']) {
      const started = Date.now();
      const r = query(endless, '--format', format, '--timeout', '1');
      expect(Date.now() - started).toBeLessThan(8000);
      expect(r.code).toBe(124);
      expect(r.stderr).toMatch(/^kanshi: the query ran for 1 s \(the time limit\) and was stopped; the rows printed are not all of them/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      // Rows were printed while it ran (held back, none would be): thousands in one second.
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines.length).toBeGreaterThan(1000);
      if (format === 'csv') expect(lines.slice(1, 4)).toEqual(['1', '2', '3']);
      if (format === 'json') expect(lines.slice(0, 3)).toEqual(['[', '{"x":1},', '{"x":2},']);
    }
  });

  it("counts the statement's time from when its process has started, not its start-up (a loaded machine)", () => {
    // 50 ms is less than a query process takes to start: counted from the fork, no row would be printed.
    const r = query(endless, '--format', 'csv', '--timeout', '0.05');
    expect(r.code).toBe(124);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('x');
    expect(lines.length).toBeGreaterThan(10);
  });

  it('does not count the time a slow reader keeps it waiting (a pager), only its own', async () => {
    const { spawn } = await import('node:child_process');
    const { join } = await import('node:path');
    const { PROJECT_ROOT } = await import('../support/cli.js');
    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist/src/cli/main.js'), 'query', '--db', db, endless, '--timeout', '1', '--format', 'csv'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = Date.now();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Nobody reads stdout for 2.5 s, past the 1 s allowed: the pipe fills at once and the query waits, its clock stopped.
    child.stdout.pause();
    const queryChild = await queryChildOf(child.pid!);
    await new Promise((r) => setTimeout(r, 2500));
    let rows = 0;
    child.stdout.on('data', (d: Buffer) => (rows += d.toString().split('\n').length - 1));
    child.stdout.resume();
    const closed = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    // kanshi stops its query process and waits for it to end before it exits: none is left behind.
    expect(await leftBehind(child, queryChild), `query process ${queryChild.pid} left running`).toBe(false);
    const code = await closed;
    expect(code).toBe(124);
    expect(Date.now() - started).toBeGreaterThan(2500);
    expect(stderr).toMatch(/ran for 1 s/);
    expect(rows).toBeGreaterThan(1000);
  });

  it('refuses a --timeout that is not a number of seconds', () => {
    const r = query('SELECT 1', '--timeout', 'soon');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--timeout must be a number of seconds/);
  });

  it('stops at once on Ctrl-C (exit 130), and leaves no process behind and the database at rest', async () => {
    const { spawn } = await import('node:child_process');
    const { join } = await import('node:path');
    const { PROJECT_ROOT } = await import('../support/cli.js');
    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist/src/cli/main.js'), 'query', '--db', db, endless, '--timeout', '0', '--format', 'csv'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Rows flowing: the statement is running, in this kanshi's own query process.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.resume();
    const queryChild = await queryChildOf(child.pid!);
    const sent = Date.now();
    const closed = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    child.kill('SIGINT');
    // kanshi kills its query process and waits for it to end before it exits: it is gone (this test's, by pid).
    expect(await leftBehind(child, queryChild), `query process ${queryChild.pid} left running`).toBe(false);
    const code = await closed;
    expect(Date.now() - sent).toBeLessThan(2000);
    expect(code).toBe(130);
    expect(stderr).toMatch(/kanshi: query interrupted/);
    // The killed query never closed the database: kanshi puts it back at rest (it was left in WAL mode,
    // its -wal and -shm beside it). Header bytes 18-19: 1 = rollback journal.
    expect(existsSync(`${db}-wal`) || existsSync(`${db}-shm`)).toBe(false);
    expect([...readFileSync(db).subarray(18, 20)]).toEqual([1, 1]);
  });

  it('ends quietly when its reader stops reading (a pipe into head)', async () => {
    const { spawnSync } = await import('node:child_process');
    const { join } = await import('node:path');
    const { PROJECT_ROOT } = await import('../support/cli.js');
    const main = join(PROJECT_ROOT, 'dist/src/cli/main.js');
    const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${main}" query --db "${db}" "${endless}" --timeout 0 --format csv | head -3`], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(r.stdout).toBe('x\n1\n2\n');
    expect(r.stderr).toBe('');
  });
});
