import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, kanshi, type CliRun } from '../support/cli.js';
import { kanshiRun } from '../support/in-process.js';
import { corpusFile } from '../support/corpus.js';
import { FakeTenhou, gzipBomb } from '../fetch/tenhou-server.js';

const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');

const A = '2016052515gm-00a9-0000-c4d72066';
const B = '2010091009gm-00a9-0000-83af2648';
const C = '2020052221gm-00a9-0000-6f0524c7';
const J = '2012110112gm-0009-7447-14ec5c8d';
const UNKNOWN = '2021010100gm-00a9-0000-deadbeef';
/** Published pair (teplofizik's TenhouViewer): this x id is 2012090306gm-0089-0000-dc81a77a. */
const X_ID = '2012090306gm-0089-0000-x666f4d41e26b';
const X_REAL = '2012090306gm-0089-0000-dc81a77a';

let server: FakeTenhou;
let dir: string;

beforeEach(async () => {
  server = await FakeTenhou.start({
    [A]: corpusFile(`${A}.xml`),
    [B]: corpusFile(`${B}.xml`),
    [C]: corpusFile(`${C}.xml`),
    [J]: corpusFile(`${J}.json`),
    // Any log of GO type 0x0089 stands in for the x id's game, which the corpus does not hold.
    [X_REAL]: corpusFile('2017050615gm-0089-0000-7aa26b27.xml'),
  });
  dir = mkdtempSync(join(tmpdir(), 'kanshi-cli-fetch-'));
});

afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the built CLI without blocking this process (kanshi() uses spawnSync, which would stop the
 * in-process server from answering). `onStderr` may kill the child.
 */
function run(args: string[], options: { input?: string; onStderr?: (text: string, kill: () => void) => void } = {}): Promise<CliRun & { pid: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
      options.onStderr?.(stderr, () => child.kill('SIGKILL'));
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, pid: child.pid! }));
    child.stdin.end(options.input ?? '');
  });
}

const fast = () => ['--base-url', server.baseUrl, '--delay-ms', '0', '--retries', '0', '--timeout-ms', '2000'];

describe('kanshi fetch', () => {
  it('saves good logs, reports each id on stderr, and exits 1 when any is not found or invalid', async () => {
    server.script(C, [{ kind: 'body', contentType: 'text/html', body: '<html><body>Service busy</body></html>' }]);
    const r = await run(['fetch', A, `https://tenhou.net/0/?log=${UNKNOWN}&tw=1`, C, '--out', 'logs', '--json', ...fast()]);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^\\[1/3\\] ${A}  saved  logs/${A}\\.mjlog \\(\\d+\\.\\d kB received\\)$`));
    expect(lines[1]).toBe(`[2/3] ${UNKNOWN}  not found  HTTP 404 (no such log, or the game is still being played)`);
    expect(lines[2]).toBe(`[3/3] ${C}  invalid  not a log: root: root element is <html>, expected <mjloggm> (an mjlog game log)`);
    expect(lines[3]).toBe('kanshi: fetch of 3 logs into logs: 1 saved, 0 skipped (already there), 1 not found, 1 invalid, 0 failed');
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ total: 3, saved: 1, skipped: 0, notFound: 1, invalid: 1, failed: 0, format: 'mjlog' });
    expect(report.outcomes.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
      [A, 'saved'], [UNKNOWN, 'not-found'], [C, 'invalid'],
    ]);
    expect(readdirSync(join(dir, 'logs'))).toEqual([`${A}.mjlog`]);
  });

  it('reads ids from list files (also stdin) and archive pages, decodes x ids, and exits 0 when all are saved', async () => {
    writeFileSync(join(dir, 'ids.txt'), `# my games\n${A}\n\nhttps://tenhou.net/3/?log=${B}&tw=2  # the chankan one\n`);
    const archive = `00:00 | 19 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=${C}">牌譜</a> | x(+50.0)<br>\n`;
    writeFileSync(join(dir, 'scc20200522.html.gz'), gzipSync(Buffer.from(archive)));
    const r = await run(
      ['fetch', '--list', 'ids.txt', '--list', '-', '--archive', 'scc20200522.html.gz', '--out', 'logs', '--json', ...fast()],
      { input: `${X_ID}\n${A}\n` },
    );
    expect(r.stderr).toContain(`${X_REAL}  saved`);
    expect(r.stderr).toContain(`(given as ${X_ID})`);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.outcomes.map((o: { id: string }) => o.id)).toEqual([A, B, X_REAL, C]);
    expect(report.outcomes[2]).toMatchObject({ id: X_REAL, given: X_ID, status: 'saved' });
    expect(readdirSync(join(dir, 'logs')).sort()).toEqual([A, B, C, X_REAL].map((id) => `${id}.mjlog`).sort());
    expect(server.requests.map((r) => r.id)).toEqual([A, B, X_REAL, C]);
  });

  it('fetches JSON with --format tenhou6 (json, its older name, still taken)', async () => {
    const r = await run(['fetch', J, '--format', 'json', '--out', 'json-logs', ...fast()]);
    expect(r.code).toBe(0);
    expect(server.requests[0]).toMatchObject({ url: `/5/mjlog2json.cgi?${J}` });
    expect(readFileSync(join(dir, 'json-logs', `${J}.json`)).equals(readFileSync(corpusFile(`${J}.json`)))).toBe(true);
  });

  it('reports failures after the retries with exit 1, and the server saw exactly retries + 1 requests', async () => {
    server.script(A, [{ kind: 'status', status: 500 }]);
    const r = await run(['fetch', A, '--out', 'logs', ...fast(), '--retries', '2', '--delay-ms', '10']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`  ${A}  retry after attempt 1 in 0.1 s: HTTP 500`);
    expect(r.stderr).toContain(`[1/1] ${A}  failed  HTTP 500 after 3 attempts`);
    expect(server.requestsFor(A)).toHaveLength(3);
    // Nothing saved: the folder is not even made (issue 42).
    expect(existsSync(join(dir, 'logs'))).toBe(false);
  });

  it('resumes after being killed: nothing partial is visible, the next run skips what is saved and cleans up', async () => {
    server.script(B, [{ kind: 'hang' }]);
    const killed = await run(['fetch', A, B, '--out', 'logs', ...fast(), '--timeout-ms', '60000'], {
      onStderr: (text, kill) => {
        if (text.includes(`${A}  saved`)) setTimeout(kill, 100);
      },
    });
    expect(killed.code).toBe(-1);
    expect(readdirSync(join(dir, 'logs'))).toEqual([`${A}.mjlog`]);
    // What a kill in the middle of a write would leave: a partial temporary file of the dead process.
    const leftover = `.kanshi-tmp-${killed.pid}-0badf00d-${B}.mjlog.tmp`;
    writeFileSync(join(dir, 'logs', leftover), readFileSync(corpusFile(`${B}.xml`)).subarray(0, 1000));
    const info = kanshi(['info', '--json', join(dir, 'logs')]);
    expect(info.code).toBe(0);
    expect(info.stdout.trim().split('\n')).toHaveLength(1);

    server.script(B, [{ kind: 'log' }]);
    const resumed = await run(['fetch', A, B, '--out', 'logs', '--json', ...fast()]);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`removed a temporary file left by an interrupted run: ${join('logs', leftover)}`);
    expect(resumed.stderr).toContain(`[1/2] ${A}  skipped  already in logs/${A}.mjlog`);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ saved: 1, skipped: 1 });
    expect(readdirSync(join(dir, 'logs')).sort()).toEqual([`${A}.mjlog`, `${B}.mjlog`].sort());
    expect(server.requestsFor(A)).toHaveLength(1);
  });

  it('refuses bad input before downloading anything, naming each bad line (exit 2)', async () => {
    writeFileSync(join(dir, 'ids.txt'), `${A}\n# fine\nnot-an-id\n${B} ${C}\n`);
    const r = await run(['fetch', '--list', 'ids.txt', 'https://tenhou.net/0/', '--out', 'logs', ...fast()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing was downloaded; fix these first:');
    expect(r.stderr).toContain('"https://tenhou.net/0/" names no log');
    expect(r.stderr).toContain('ids.txt:3: "not-an-id" is not a Tenhou log id');
    expect(r.stderr).toContain('ids.txt:4: expected one log id or URL, found several words');
    expect(server.requests).toHaveLength(0);
    expect(existsSync(join(dir, 'logs'))).toBe(false);

    writeFileSync(join(dir, 'scc.html'), 'no links here');
    const noLinks = await run(['fetch', '--archive', 'scc.html', ...fast()]);
    expect(noLinks.code).toBe(2);
    expect(noLinks.stderr).toContain('scc.html: no log=ID links found');
  });

  it('gives up on a body that trickles in at --timeout-ms for the whole answer, retrying it like a timeout (exit 1)', async () => {
    server.script(A, [{ kind: 'trickle', everyMs: 20 }]);
    const started = performance.now();
    const r = await run(['fetch', A, '--out', 'logs', ...fast(), '--timeout-ms', '300', '--retries', '1', '--delay-ms', '10']);
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^  ${A}  retry after attempt 1 in 0\\.1 s: no complete answer within 300 ms \\([\\d,]+ bytes of the body had arrived\\)$`));
    expect(lines[1]).toMatch(new RegExp(`^\\[1/1\\] ${A}  failed  no complete answer within 300 ms \\([\\d,]+ bytes of the body had arrived\\) after 2 attempts$`));
    expect(lines[2]).toBe('kanshi: fetch of 1 log into logs: 0 saved, 0 skipped (already there), 0 not found, 0 invalid, 1 failed');
    // It gave up rather than waiting out the trickle: the messages above show the 300 ms deadline; this bound
    // is only that it did not hang (a process start on a loaded machine took past 3 s: seen at 3,063 ms).
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(server.requestsFor(A)).toHaveLength(2);
    // Nothing saved: the folder is not even made (issue 42).
    expect(existsSync(join(dir, 'logs'))).toBe(false);
  });

  it('does not follow a redirect to another host, and fails that id (exit 1)', async () => {
    const elsewhere = await FakeTenhou.start({ [A]: corpusFile(`${A}.xml`) });
    try {
      server.script(A, [{ kind: 'redirect', to: `${elsewhere.baseUrl}/0/log/?${A}` }]);
      server.script(B, [{ kind: 'redirect', to: `/0/log/?${B}&moved=1` }, { kind: 'log' }]);
      const r = await run(['fetch', A, B, '--out', 'logs', ...fast(), '--retries', '2']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`[1/2] ${A}  failed  redirected to another host (${elsewhere.baseUrl}); only redirects within ${server.baseUrl} are followed\n`);
      expect(r.stderr).toContain(`[2/2] ${B}  saved  logs/${B}.mjlog`);
      expect(elsewhere.requests).toHaveLength(0);
      expect(server.requestsFor(A)).toHaveLength(1);
      expect(readdirSync(join(dir, 'logs'))).toEqual([`${B}.mjlog`]);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses a body over --max-log-bytes as it arrives, and a gzip bomb at the default 16M (exit 1)', async () => {
    server.script(B, [{ kind: 'body', body: gzipBomb(64 * 1024 * 1024), headers: { 'content-encoding': 'gzip' } }]);
    const small = await run(['fetch', A, '--out', 'logs', ...fast(), '--max-log-bytes', '4k']);
    expect(small.code).toBe(1);
    expect(small.stderr).toMatch(new RegExp(`\\[1/1\\] ${A}  invalid  the body announces [\\d,]+ bytes, more than 4,096, the limit for a log \\(--max-log-bytes raises it\\)\n`));
    const bomb = await run(['fetch', B, '--out', 'logs', ...fast()]);
    expect(bomb.code).toBe(1);
    expect(bomb.stderr).toContain(`[1/1] ${B}  invalid  the body decompresses to more than 16,777,216 bytes, the limit for a log (--max-log-bytes raises it)\n`);
    // Nothing saved: the folder is not even made (issue 42).
    expect(existsSync(join(dir, 'logs'))).toBe(false);
  });

  it('refuses a gzip-bomb archive page with a message, not a crash, before downloading anything (exit 2)', async () => {
    // 600 MiB inflated: more than one string can hold, which used to end in a stack trace.
    writeFileSync(join(dir, 'scc20240101.html.gz'), gzipBomb(600 * 1024 * 1024));
    const r = await run(['fetch', '--archive', 'scc20240101.html.gz', '--out', 'logs', ...fast()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'kanshi: nothing was downloaded; fix these first:\n' +
        '  scc20240101.html.gz: the page decompresses to more than 67,108,864 bytes (an archive page is a few MB)\n',
    );
    expect(server.requests).toHaveLength(0);
    expect(existsSync(join(dir, 'logs'))).toBe(false);
  });

  it('has usage errors for options and empty input', async () => {
    const none = await kanshiRun(['fetch']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/nothing to fetch/);
    expect((await kanshiRun(['fetch', A, '--retries', 'x'])).stderr).toMatch(/--retries must be an integer between 0 and 20, got "x"/);
    expect((await kanshiRun(['fetch', A, '--base-url', 'ftp://example.org'])).code).toBe(2);
    expect((await kanshiRun(['fetch', A, '--format', 'yaml'])).code).toBe(2);
    expect((await kanshiRun(['fetch', '--list', 'missing.txt'])).stderr).toMatch(/^kanshi: --list missing.txt: no such file or folder$/m);
  });

  it('has help with examples and the exit statuses', async () => {
    const r = await kanshiRun(['fetch', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage: kanshi fetch \[options\] \[log\.\.\.\]/);
    for (const flag of ['--list', '--archive', '--out', '--format', '--delay-ms', '--retries', '--concurrency', '--base-url', '--timeout-ms', '--json']) {
      expect(r.stdout).toContain(flag);
    }
    expect(r.stdout).toMatch(/Exit status:\n {2}0 {4}every id was saved or skipped\n {2}1 {4}an id was not found, invalid or failed/);
    expect(r.stdout).toMatch(/Examples:\n {2}kanshi fetch 2016052515gm-00a9-0000-c4d72066/);
  });

  it('says in its help exactly what ties a log to its id, and what bounds a download', async () => {
    const help = (await kanshiRun(['fetch', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).not.toMatch(/another game's log is never saved/);
    expect(help).toContain("an mjlog whose GO type or lobby differs from the id's, or a tenhou.net/6 JSON whose ref is another id");
    expect(help).toContain('an mjlog does not name it, so another game of the same type and lobby served under the id would be saved');
    expect(help).toContain('--timeout-ms <n> the most one attempt may take, from connecting to the last byte of the body');
    expect(help).toContain('a body over --max-log-bytes (16M) as it arrives or once its gzip is inflated');
    expect(help).toContain("Redirects are followed within the --base-url's host only, at most 5; a redirect to another host is not followed");
    expect(help).toContain('An --archive page may hold 64 MiB, on disk or decompressed.');
    expect(help).toContain('Files are written only in --out');
  });
});

describe('kanshi audit given log ids', () => {
  it('with --fetch downloads them into --fetch-dir, audits them with the paths given, and exits 1 for one it could not get', async () => {
    const ok = await run(['audit', A, `https://tenhou.net/0/?log=${C}&tw=2`, '--fetch', '--fetch-dir', 'got', '--db', 'a.sqlite', '--json', '--workers', '0', '--base-url', server.baseUrl]);
    expect(ok.stderr).toContain(`kanshi: ${A}: downloaded to got/${A}.mjlog`);
    expect(ok.stderr).toContain(`kanshi: ${C}: downloaded to got/${C}.mjlog`);
    expect(ok.code).toBe(0);
    const summary = JSON.parse(ok.stdout);
    expect(summary.gameCount).toBe(2);
    expect(summary.failedFileCount).toBe(0);
    expect(readdirSync(join(dir, 'got')).sort()).toEqual([`${A}.mjlog`, `${C}.mjlog`]);

    // Again, with a path and an id that is not on the server: the downloaded log is not asked for again.
    writeFileSync(join(dir, 'extra.xml'), readFileSync(corpusFile(`${B}.xml`)));
    const requestsBefore = server.requests.length;
    const mixed = await run(['audit', 'extra.xml', A, UNKNOWN, '--fetch', '--fetch-dir', 'got', '--db', 'a.sqlite', '--json', '--workers', '0', '--force', '--base-url', server.baseUrl]);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).not.toContain(`kanshi: ${A}:`);
    expect(mixed.stderr).toContain(`kanshi: ${UNKNOWN}: not downloaded (not found): HTTP 404 (no such log, or the game is still being played)\n`);
    expect(server.requests.slice(requestsBefore).map((r) => r.id)).toEqual([UNKNOWN]);
    const again = JSON.parse(mixed.stdout);
    expect(again.gameCount).toBe(2);
    expect(again.failedFileCount).toBe(1);
    expect(existsSync(join(dir, 'got', `${UNKNOWN}.mjlog`))).toBe(false);
  });

  it('says what is wrong with --base-url or a --fetch-dir it cannot write, before auditing anything (exit 2)', async () => {
    const badUrl = await run(['audit', A, '--fetch', '--db', 'a.sqlite', '--base-url', 'ftp://example.org']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toMatch(/--base-url must be an http or https URL, got "ftp:\/\/example.org"/);
    writeFileSync(join(dir, 'a-file'), 'not a folder');
    const badDir = await run(['audit', A, '--fetch', '--db', 'a.sqlite', '--fetch-dir', 'a-file', '--base-url', server.baseUrl]);
    expect(badDir.code).toBe(2);
    expect(badDir.stderr).toMatch(/^kanshi: cannot download into --fetch-dir a-file: it is not a folder$/m);
    expect(existsSync(join(dir, 'a.sqlite'))).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it('does not follow a redirect to another host for an id it downloads', async () => {
    const elsewhere = await FakeTenhou.start({ [A]: corpusFile(`${A}.xml`) });
    try {
      server.script(A, [{ kind: 'redirect', to: `${elsewhere.baseUrl}/0/log/?${A}` }]);
      const r = await run(['audit', A, '--fetch', '--fetch-dir', 'got', '--db', 'a.sqlite', '--json', '--workers', '0', '--base-url', server.baseUrl]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `kanshi: ${A}: not downloaded (failed): redirected to another host (${elsewhere.baseUrl}); only redirects within ${server.baseUrl} are followed\n`,
      );
      expect(elsewhere.requests).toHaveLength(0);
      expect(existsSync(join(dir, 'got'))).toBe(false);
    } finally {
      await elsewhere.close();
    }
  });

  it('still reports an argument that is neither a path nor a log id as a missing path', async () => {
    const r = await run(['audit', 'no-such-folder', '--fetch', '--db', 'a.sqlite', '--workers', '0', '--base-url', server.baseUrl]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kanshi: no-such-folder: no such file or folder$/m);
    expect(server.requests).toHaveLength(0);
    expect(existsSync(join(dir, 'logs'))).toBe(false);
    expect(existsSync(join(dir, 'a.sqlite'))).toBe(false);
  });
});
