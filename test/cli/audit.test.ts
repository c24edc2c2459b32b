import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { auditedCorpus } from '../support/audited-corpus.js';
import { kanshi, PROJECT_ROOT } from '../support/cli.js';
import { CORPUS_LOGS, corpusFile, corpusTimesOver } from '../support/corpus.js';
import { kanshiInProcess, kanshiRun } from '../support/in-process.js';

function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), 'kanshi-audit-')), 'audit.sqlite');
}

const EXAMPLES = join(PROJECT_ROOT, 'logs', 'examples');

function rowCounts(db: string): Record<string, number> {
  const store = openStore(db, { readonly: true });
  try {
    return store.rowCounts();
  } finally {
    store.close();
  }
}

describe('kanshi audit', () => {
  it('prints the summary as JSON: gameCount, failedFileCount, kanCounts, riichiKanCount, findingCounts', () => {
    const db = tempDb();
    const r = kanshi(['audit', corpusFile('2016052515gm-00a9-0000-c4d72066.xml'), corpusFile('2010091009gm-00a9-0000-83af2648.xml'), '--db', db, '--json', '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ gameCount: 2, failedFileCount: 0, riichiKanCount: 1, findingCounts: { 'suukaikan-abort': 1, 'chankan-win': 2 }, profile: 'platform' });
    expect(s.kanCounts.ankan + s.kanCounts.daiminkan + s.kanCounts.kakan).toBeGreaterThan(4);
    // What it ran on and what it cost: the worker asked for, and the whole process's CPU (start-up included).
    expect(s.workerCount).toBe(1);
    expect(s.cpuSeconds).toBeGreaterThan(0);
    expect(s.cpuSeconds).toBeGreaterThanOrEqual(s.seconds / 4);
    // Two files and no --workers: this thread alone.
    const inThread = JSON.parse(kanshi(['audit', corpusFile('2016052515gm-00a9-0000-c4d72066.xml'), '--db', tempDb(), '--json']).stdout);
    expect(inThread).toMatchObject({ workerCount: 0, gameCount: 1 });
  });

  it('ends its summary with the first findings of each kind and their viewer links; --json lists them all as examples', async () => {
    const db = tempDb();
    const files = [corpusFile('2016052515gm-00a9-0000-c4d72066.xml'), corpusFile('2010091009gm-00a9-0000-83af2648.xml'), corpusFile('2010081709gm-00a9-0000-fe3371ad.xml')];
    const text = await kanshiRun(['audit', ...files, '--db', db, '--workers', '0']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/first findings of each kind \(up to 3/);
    expect(text.stdout).toContain('https://tenhou.net/0/?log=2016052515gm-00a9-0000-c4d72066&tw=0&ts=2');
    expect(text.stdout.match(/robs seat/g)).toHaveLength(3); // three chankan wins, three shown
    const json = JSON.parse((await kanshiRun(['audit', ...files, '--db', tempDb(), '--json', '--workers', '0'])).stdout);
    expect(json.findingCounts).toEqual({ 'suukaikan-abort': 1, 'chankan-win': 3 });
    expect(json.examples).toHaveLength(4);
    expect(json.examples[0]).toEqual({
      kind: 'chankan-win', file: files[2], logId: '2010081709gm-00a9-0000-fe3371ad', hand: 5, seat: 2,
      message: expect.stringMatching(/robs/), viewerUrl: 'https://tenhou.net/0/?log=2010081709gm-00a9-0000-fe3371ad&tw=2&ts=4',
    });
  });

  it("cuts a finding's long message in the summary's examples, pointing to --json for it whole; info lists a lobby's rules in part (lines of 646 and 787 characters)", async () => {
    const lobby = corpusFile('dnovikoff__tenhou__log_test_data_newattr2023.xml');
    const text = await kanshiRun(['audit', lobby, '--db', tempDb(), '--workers', '0']);
    expect(text.code, text.stderr).toBe(0);
    const line = text.stdout.split('\n').find((l) => l.includes('lobby rule sets what no knob applies'))!;
    expect(line).toMatch(/ … \(--json has the whole message\)$/);
    expect(line.length).toBeLessThan(400);
    const json = JSON.parse((await kanshiRun(['audit', lobby, '--db', tempDb(), '--json', '--workers', '0'])).stdout);
    const shown = line.slice(line.indexOf(": the game's lobby rule") + 2).replace(/ … \(--json has the whole message\)$/, '');
    expect(json.examples[0].message.startsWith(shown)).toBe(true);
    expect(json.examples[0].message.length).toBeGreaterThan(shown.length);
    expect(json.examples[0].message).toMatch(/bits no public source explains: csrule\[1\] 0x00000002$/);
    const info = await kanshiRun(['info', lobby]);
    expect(info.stdout).toMatch(/lobby rule not applied \(no knob\): [^,]+, [^,]+, [^,]+ and \d+ more \(--json lists them\) {2}unknown lobby bits: csrule\[1\] 0x00000002\n$/);
    expect(info.stdout.length).toBeLessThan(500);
  });

  it('re-running changes no row count; another profile adds only its verdicts', async () => {
    const db = tempDb();
    const logs = join(PROJECT_ROOT, 'logs', 'examples');
    // truncated.mjlog cannot be read, on purpose: every run exits 1 (issue 42), with the same rows.
    expect((await kanshiRun(['audit', logs, '--db', db, '--workers', '2'])).code).toBe(1);
    const first = rowCounts(db);
    const again = await kanshiRun(['audit', logs, '--db', db, '--workers', '0', '--json']);
    expect(again.code).toBe(1);
    // every readable file is passed over as done; the unreadable one is tried again
    expect(JSON.parse(again.stdout)).toMatchObject({ gameCount: 0, failedFileCount: 1, passedOverCount: first.audits - 1 });
    expect(rowCounts(db)).toEqual(first);
    expect((await kanshiRun(['audit', logs, '--db', db, '--force', '--workers', '2'])).code).toBe(1);
    expect(rowCounts(db)).toEqual(first);
    expect((await kanshiRun(['audit', logs, '--db', db, '--profile', 'pro-strict', '--allow-unreadable'])).code).toBe(0);
    const both = rowCounts(db);
    expect(both.games).toBe(first.games);
    expect(both.kans).toBe(first.kans);
    expect(both.rule_sets).toBe(first.rule_sets + 1);
    expect(both.findings).toBeGreaterThan(first.findings);
  });

  it('audits a file once when it is named twice or lies inside a folder also named', async () => {
    const examples = join(PROJECT_ROOT, 'logs', 'examples');
    const once = JSON.parse((await kanshiRun(['audit', examples, '--db', tempDb(), '--json', '--workers', '1'])).stdout);
    const chankan = join(examples, 'chankan.mjlog');
    const r = await kanshiRun(['audit', chankan, examples, chankan, join(examples, '.'), '--db', tempDb(), '--json', '--workers', '1', '--allow-unreadable']);
    expect(r.code, r.stderr).toBe(0);
    const overlapping = JSON.parse(r.stdout);
    expect(overlapping.gameCount).toBe(once.gameCount);
    expect(overlapping.failedFileCount).toBe(once.failedFileCount);
    expect(overlapping.findingCounts).toEqual(once.findingCounts);
  });

  it('audits a game given by id once when its file is also in a folder given', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kanshi-audit-fetched-'));
    const id = '2016052515gm-00a9-0000-c4d72066';
    copyFileSync(corpusFile(`${id}.xml`), join(folder, `${id}.mjlog`));
    copyFileSync(corpusFile('2010091009gm-00a9-0000-83af2648.xml'), join(folder, '2010091009gm-00a9-0000-83af2648.xml'));
    // already in --fetch-dir, so nothing is downloaded
    const r = await kanshiRun(['audit', folder, id, '--fetch-dir', folder, '--db', tempDb(), '--json', '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ gameCount: 2, failedFileCount: 0 });
  });

  it('an audit killed midway leaves a database that opens, and a re-run completes it', async () => {
    const db = tempDb();
    const main = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
    // the corpus five times over, so the kill always lands mid-audit however fast kanshi gets
    const child = spawn(process.execPath, [main, 'audit', corpusTimesOver(5), '--db', db, '--workers', '1', '--no-progress'], { stdio: 'ignore' });
    // Killed soon after its first commits (the log file holds frames), long before the corpus is done.
    for (let waited = 0; waited < 30_000 && !(existsSync(`${db}-wal`) && statSync(`${db}-wal`).size > 0); waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const partial = rowCounts(db);
    expect(child.exitCode).toBeNull();
    expect(partial.games).toBeLessThan(1685);
    const check = kanshi(['query', '--db', db, '--format', 'json', 'PRAGMA integrity_check']);
    expect(check.stdout).toMatch(/"ok"/);
    const rerun = await kanshiRun(['audit', CORPUS_LOGS, '--db', db, '--json']);
    expect(rerun.code, rerun.stderr).toBe(0);
    // An uninterrupted audit of the corpus (the run's shared one: the same command, with --json).
    expect(rowCounts(db)).toEqual(rowCounts((await auditedCorpus()).db));
  });

  it('records an unreadable file as an ingest-error finding and goes on (exit 1); --fail-on sets the exit status (3) once all is read', async () => {
    const db = tempDb();
    const broken = join(PROJECT_ROOT, 'logs', 'examples', 'truncated.mjlog');
    const ok = corpusFile('2020052221gm-00a9-0000-6f0524c7.xml');
    const r = await kanshiRun(['audit', broken, ok, '--db', db, '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ gameCount: 1, failedFileCount: 1, findingCounts: { 'ingest-error': 1 } });
    const q = kanshi(['query', '--db', db, '--format', 'json', "SELECT message FROM findings WHERE kind = 'ingest-error'"]);
    expect(JSON.parse(q.stdout)[0].message).toMatch(/line \d+ column \d+: not well-formed XML/);
    expect((await kanshiRun(['audit', broken, ok, '--db', db, '--fail-on', 'error'])).code).toBe(1);
    expect((await kanshiRun(['audit', broken, ok, '--db', db, '--fail-on', 'error', '--allow-unreadable'])).code).toBe(3);
    expect((await kanshiRun(['audit', ok, '--db', db, '--fail-on', 'warning'])).code).toBe(0);
    expect((await kanshiRun(['audit', ok, '--db', db, '--kandora-timing', 'immediate', '--fail-on', 'warning'])).code).toBe(3);
  });

  it('says what is wrong with bad options and missing paths', async () => {
    const db = tempDb();
    expect((await kanshiRun(['audit', 'logs', '--db', db, '--riichi-kan', 'maybe'])).stderr).toMatch(/invalid value "maybe" for --riichi-kan/);
    expect((await kanshiRun(['audit', 'logs', '--db', db, '--fail-on', 'info'])).code).toBe(2);
    const missing = await kanshiRun(['audit', 'no-such-folder', '--db', db]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^kanshi: no-such-folder: no such file or folder$/m);
    expect((await kanshiRun(['audit', '--help'])).stdout).toMatch(/--fail-on <severity>/);
  });

  it('checks its inputs before the database: an audit of nothing that exists creates no file (issue 16)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-audit-nothing-'));
    const db = join(dir, 'new.sqlite');
    const r = await kanshiRun(['audit', '/nonexistent', join(dir, 'gone'), '--db', db]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'kanshi: /nonexistent: no such file or folder\n' +
        `kanshi: ${join(dir, 'gone')}: no such file or folder\n` +
        `kanshi: nothing to audit: no input given can be read (${db} was not opened)\n`,
    );
    expect(existsSync(db)).toBe(false);
    // one input that exists is enough: the missing one is reported, the other audited
    const some = await kanshiRun(['audit', '/nonexistent', corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), '--db', db, '--workers', '0']);
    expect(some.code).toBe(1);
    expect(some.stderr).toMatch(/^kanshi: \/nonexistent: no such file or folder$/m);
    expect(existsSync(db)).toBe(true);
  });

  it('--fail-on judges the stored findings of the games passed over: a second run over flagged files fails as the first did (issue 14)', async () => {
    const db = tempDb();
    const flagged = join(EXAMPLES, 'wall-mismatch.mjlog'); // a readable game with an error finding
    const clean = corpusFile('2020052221gm-00a9-0000-6f0524c7.xml');
    const first = await kanshiInProcess('audit', flagged, clean, '--db', db, '--workers', '0', '--fail-on', 'error', '--json');
    expect(first.code, first.stderr).toBe(3);
    expect(JSON.parse(first.stdout)).toMatchObject({ gameCount: 2, passedOverCount: 0, severityCounts: { error: 1 } });
    process.exitCode = undefined;
    const again = await kanshiInProcess('audit', flagged, clean, '--db', db, '--workers', '0', '--fail-on', 'error', '--json');
    expect(again.code, again.stderr).toBe(3);
    expect(JSON.parse(again.stdout)).toMatchObject({
      gameCount: 0,
      passedOverCount: 2,
      severityCounts: { error: 0, warning: 0, info: 0 },
      passedOverSeverityCounts: { error: 1, warning: 0 },
      judgedSeverityCounts: { error: 1, warning: 0 },
    });
    process.exitCode = undefined;
    const text = await kanshiInProcess('audit', flagged, clean, '--db', db, '--workers', '0', '--fail-on', 'error');
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(/^passed over: 2 games audited already under these rules \(--force audits them again\); their stored findings \(1 error, 0 warnings, \d+ info\) count toward --fail-on$/m);
    // only the clean game passed over: nothing to fail on; without --fail-on, exit 0 as before
    process.exitCode = undefined;
    expect((await kanshiInProcess('audit', clean, '--db', db, '--workers', '0', '--fail-on', 'error')).code).toBe(0);
    expect((await kanshiInProcess('audit', flagged, '--db', db, '--workers', '0')).code).toBe(0);
    // under other rules the game is audited, not passed over, and judged by those rules' verdict
    process.exitCode = undefined;
    expect((await kanshiInProcess('audit', flagged, '--db', db, '--workers', '0', '--profile', 'pro-strict', '--fail-on', 'error')).code).toBe(3);
  });

  it('counts byte-identical files as one game, as the database does, and reports the others as duplicates (issue 14)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kanshi-audit-dupes-'));
    mkdirSync(join(folder, 'sub'));
    copyFileSync(join(EXAMPLES, 'chankan.mjlog'), join(folder, 'chankan.mjlog'));
    copyFileSync(join(EXAMPLES, 'chankan.mjlog'), join(folder, 'sub', 'same-bytes.mjlog'));
    copyFileSync(join(EXAMPLES, 'truncated.mjlog'), join(folder, 'truncated.mjlog'));
    copyFileSync(join(EXAMPLES, 'truncated.mjlog'), join(folder, 'sub', 'truncated-too.mjlog'));
    copyFileSync(join(EXAMPLES, 'suukaikan-abort.mjlog'), join(folder, 'sub', 'suukaikan-abort.mjlog'));
    const db = tempDb();
    // worker threads: each file's totals cross back and the game is counted once whichever finishes first
    const r = await kanshiRun(['audit', folder, '--db', db, '--json', '--workers', '2']);
    expect(r.code, r.stderr).toBe(1);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ gameCount: 2, failedFileCount: 1, duplicateFileCount: 2, findingCounts: { 'chankan-win': 1, 'ingest-error': 1, 'suukaikan-abort': 1 } });
    expect(rowCounts(db).games).toBe(3);
    // passed over, a duplicate is still a duplicate, not a second game passed over
    const again = await kanshiRun(['audit', folder, '--db', db, '--workers', '2']);
    expect(again.stdout).toMatch(/^games audited: 0, files that could not be read: 1\n2 duplicate files \(same content as another input: one game to the database, counted once\)\npassed over: 2 games /);
  });

  it('says when a path holds no log file (exit 1 when none does) and how many files it skipped as not logs (issue 14)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kanshi-audit-empty-'));
    const newDb = tempDb();
    const r = await kanshiInProcess('audit', empty, '--db', newDb, '--workers', '0', '--json');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(`kanshi: no log files found in ${empty}\n`);
    expect(JSON.parse(r.stdout)).toMatchObject({ gameCount: 0, noLogFilesIn: [empty], notLogFileCount: 0, db: null });
    // nothing read, so the database it would have created is not left behind; one that was there stays
    expect(readdirSync(dirname(newDb)).filter((f) => f.startsWith(basename(newDb)))).toEqual([]);
    process.exitCode = undefined;
    const text0 = await kanshiInProcess('audit', empty, '--db', newDb, '--workers', '0');
    expect(text0.stderr).toMatch(`nothing audited: no log file was read, so ${newDb} was not created\n`);
    expect(existsSync(newDb)).toBe(false);
    const kept = tempDb();
    openStore(kept).close();
    process.exitCode = undefined;
    await kanshiInProcess('audit', empty, '--db', kept, '--workers', '0');
    expect(existsSync(kept)).toBe(true);
    const mixed = mkdtempSync(join(tmpdir(), 'kanshi-audit-mixed-'));
    copyFileSync(join(EXAMPLES, 'chankan.mjlog'), join(mixed, 'chankan.mjlog'));
    for (const name of ['a.txt', 'b.txt', 'c.png']) writeFileSync(join(mixed, name), 'not a log');
    process.exitCode = undefined;
    const text = await kanshiInProcess('audit', mixed, empty, '--db', tempDb(), '--workers', '0');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toMatch(`kanshi: no log files found in ${empty}\n`);
    expect(text.stdout).toMatch(/^games audited: 1\nskipped 3 files that are not logs \(by extension: \.txt 2, \.png 1\)\n/);
    const json = await kanshiInProcess('audit', mixed, '--db', tempDb(), '--workers', '0', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ gameCount: 1, notLogFileCount: 3, notLogFileCountsByExtension: { '.txt': 2, '.png': 1 }, noLogFilesIn: [] });
  });
});
