import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchLogs, type FetchEvent, type FetchOptions } from '../../src/fetch/index.js';
import { parseLog, readLogFile } from '../../src/ingest/index.js';
import { looksLikeLogFile } from '../../src/batch/index.js';
import { corpusFile } from '../support/corpus.js';
import { FakeTenhou } from './tenhou-server.js';

/** Real logs from the corpus, served under their ids. */
const A = '2016052515gm-00a9-0000-c4d72066';
const B = '2010091009gm-00a9-0000-83af2648';
const C = '2020052221gm-00a9-0000-6f0524c7';
const D = '2019020120gm-0009-10011-215330df';
const E = '2018010702gm-00a9-0000-5dd4f9b4';
const F = '2020080212gm-00a9-0000-82c7d512';
const J = '2012110112gm-0009-7447-14ec5c8d';
const GZ = '2008092000gm-0009-0000-10db094d';
const UNKNOWN = '2021010100gm-00a9-0000-deadbeef';

const FILES: Record<string, string> = {
  [A]: corpusFile(`${A}.xml`),
  [B]: corpusFile(`${B}.xml`),
  [C]: corpusFile(`${C}.xml`),
  [D]: corpusFile(`${D}.xml`),
  [E]: corpusFile(`${E}.xml`),
  [F]: corpusFile(`${F}.xml`),
  [J]: corpusFile(`${J}.json`),
  [GZ]: corpusFile(`${GZ}.mjlog`),
};

let server: FakeTenhou;
let out: string;

beforeEach(async () => {
  server = await FakeTenhou.start(FILES);
  out = mkdtempSync(join(tmpdir(), 'kanshi-fetch-'));
});

afterEach(async () => {
  await server.close();
  rmSync(out, { recursive: true, force: true });
});

/** Short pauses and timeouts keep the suite fast; each test states what it depends on. */
function options(extra: Partial<FetchOptions> = {}): FetchOptions {
  return { outDir: out, baseUrl: server.baseUrl, delayMs: 0, retries: 2, retryBackoffMs: 10, timeoutMs: 300, ...extra };
}

/**
 * The folder may only ever hold complete, valid logs: every file parses with kanshi's ingest, and no
 * temporary file is left. Returns the file names.
 */
function assertOnlyValidLogs(): string[] {
  const names = readdirSync(out).sort();
  for (const name of names) {
    expect(name.startsWith('.'), `temporary file left: ${name}`).toBe(false);
    expect(looksLikeLogFile(name)).toBe(true);
    expect(() => readLogFile(join(out, name))).not.toThrow();
  }
  return names;
}

describe('fetchLogs: downloading', () => {
  it('saves an XML log as gzip .mjlog that reads back as the same game, with one polite request', async () => {
    const summary = await fetchLogs([A], options());
    expect(summary).toMatchObject({ total: 1, saved: 1, skipped: 0, notFound: 0, invalid: 0, failed: 0 });
    expect(summary.outcomes[0]).toMatchObject({ id: A, status: 'saved', file: join(out, `${A}.mjlog`), attempts: 1, httpStatus: 200, reason: null });
    const saved = readFileSync(join(out, `${A}.mjlog`));
    expect([saved[0], saved[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(saved).equals(readFileSync(FILES[A]))).toBe(true);
    expect(readLogFile(join(out, `${A}.mjlog`)).rounds.length).toBe(parseLog(readFileSync(FILES[A])).rounds.length);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].url).toBe(`/0/log/?${A}`);
    expect(server.requests[0].headers['user-agent']).toMatch(/^kanshi\//);
    expect(assertOnlyValidLogs()).toEqual([`${A}.mjlog`]);
  });

  it('keeps a body that is already gzip as it is instead of compressing it twice', async () => {
    const summary = await fetchLogs([GZ], options());
    expect(summary.saved).toBe(1);
    expect(readFileSync(join(out, `${GZ}.mjlog`)).equals(readFileSync(FILES[GZ]))).toBe(true);
  });

  it('fetches JSON from mjlog2json with a Referer and saves it as plain ID.json', async () => {
    const summary = await fetchLogs([J], options({ format: 'json' }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'saved', file: join(out, `${J}.json`) });
    expect(server.requests[0].url).toBe(`/5/mjlog2json.cgi?${J}`);
    expect(server.requests[0].headers.referer).toBe(`${server.baseUrl}/`);
    expect(readFileSync(join(out, `${J}.json`)).equals(readFileSync(FILES[J]))).toBe(true);
    assertOnlyValidLogs();
  });

  it('skips ids already in the folder without a request, so a second run resumes', async () => {
    await fetchLogs([A, B], options());
    expect(server.requests).toHaveLength(2);
    const again = await fetchLogs([A, B, C], options());
    expect(again.outcomes.map((o) => o.status)).toEqual(['skipped', 'skipped', 'saved']);
    expect(again.outcomes[0]).toMatchObject({ file: join(out, `${A}.mjlog`), attempts: 0 });
    expect(server.requests.map((r) => r.id)).toEqual([A, B, C]);
  });

  it('fetches a duplicated id once', async () => {
    const summary = await fetchLogs([A, A, B], options());
    expect(summary.total).toBe(2);
    expect(server.requests).toHaveLength(2);
  });

  it('follows a redirect', async () => {
    server.script(A, [{ kind: 'status', status: 302, headers: { location: `/0/log/?${A}&moved=1` } }, { kind: 'log' }]);
    const summary = await fetchLogs([A], options());
    expect(summary.outcomes[0]).toMatchObject({ status: 'saved' });
    expect(server.requestsFor(A).map((r) => r.url)).toEqual([`/0/log/?${A}`, `/0/log/?${A}&moved=1`]);
  });
});

describe('fetchLogs: faults end in exactly one outcome and never leave a bad file', () => {
  it('retries 500s with backoff and stops at the bound (retries + 1 requests)', async () => {
    server.script(A, [{ kind: 'status', status: 500 }]);
    const events: FetchEvent[] = [];
    const summary = await fetchLogs([A], options({ retries: 2, onProgress: (e) => events.push(e) }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'failed', attempts: 3, httpStatus: 500, reason: 'HTTP 500 after 3 attempts' });
    expect(server.requestsFor(A)).toHaveLength(3);
    // Backoff doubles: 10 ms, then 20 ms.
    expect(events.filter((e) => e.type === 'retry').map((e) => (e.type === 'retry' ? e.waitMs : 0))).toEqual([10, 20]);
    const starts = server.requestsFor(A).map((r) => r.startedAt);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(18);
    expect(assertOnlyValidLogs()).toEqual([]);
  });

  it('with --retries 0 makes exactly one request', async () => {
    server.script(A, [{ kind: 'status', status: 503 }]);
    const summary = await fetchLogs([A], options({ retries: 0 }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'failed', attempts: 1, reason: 'HTTP 503' });
    expect(server.requestsFor(A)).toHaveLength(1);
  });

  it('saves the log when a retry succeeds after 5xx answers', async () => {
    server.script(A, [{ kind: 'status', status: 502 }, { kind: 'status', status: 500 }, { kind: 'log' }]);
    const summary = await fetchLogs([A], options({ retries: 2 }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'saved', attempts: 3 });
    expect(server.requestsFor(A)).toHaveLength(3);
    assertOnlyValidLogs();
  });

  it("honours the server's Retry-After", async () => {
    server.script(A, [{ kind: 'status', status: 503, headers: { 'retry-after': '1' } }, { kind: 'log' }]);
    const summary = await fetchLogs([A], options({ retries: 1 }));
    expect(summary.outcomes[0].status).toBe('saved');
    const [first, second] = server.requestsFor(A);
    expect(second.startedAt - first.endedAt!).toBeGreaterThanOrEqual(990);
  });

  // undici checks its header and body timeouts about once a second, so each timeout here costs up to ~1.5 s.
  it('times out a server that never answers, retries to the bound and fails', async () => {
    server.script(A, [{ kind: 'hang' }]);
    const summary = await fetchLogs([A], options({ retries: 1, timeoutMs: 200 }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'failed', attempts: 2, reason: 'no response within 200 ms after 2 attempts' });
    expect(server.requestsFor(A)).toHaveLength(2);
    expect(assertOnlyValidLogs()).toEqual([]);
  });

  it('treats an answer slower than the timeout as a timeout, and a slow one within it as fine', async () => {
    server.script(A, [{ kind: 'late', afterMs: 2500, then: { kind: 'log' } }, { kind: 'log' }]);
    server.script(B, [{ kind: 'late', afterMs: 100, then: { kind: 'log' } }]);
    const summary = await fetchLogs([A, B], options({ timeoutMs: 250 }));
    expect(summary.outcomes.map((o) => [o.status, o.attempts])).toEqual([['saved', 2], ['saved', 1]]);
    expect(server.requestsFor(A)).toHaveLength(2);
    expect(server.requestsFor(B)).toHaveLength(1);
  });

  it('restarts a download whose body stalls, without leaving the partial body anywhere', async () => {
    server.script(A, [{ kind: 'stall-body' }, { kind: 'log' }]);
    const summary = await fetchLogs([A], options({ timeoutMs: 200 }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'saved', attempts: 2 });
    expect(server.requestsFor(A)).toHaveLength(2);
    assertOnlyValidLogs();
  });

  it('restarts from scratch (no Range request) after a connection dropped mid-body', async () => {
    server.script(A, [{ kind: 'drop-mid-body' }, { kind: 'log' }]);
    const summary = await fetchLogs([A], options());
    expect(summary.outcomes[0]).toMatchObject({ status: 'saved', attempts: 2 });
    const requests = server.requestsFor(A);
    expect(requests).toHaveLength(2);
    expect(requests[1].headers.range).toBeUndefined();
    expect(gunzipSync(readFileSync(join(out, `${A}.mjlog`))).equals(readFileSync(FILES[A]))).toBe(true);
  });

  it('fails after the bound when every attempt drops mid-body', async () => {
    server.script(A, [{ kind: 'drop-mid-body' }]);
    const summary = await fetchLogs([A], options({ retries: 1 }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(summary.outcomes[0].reason).toMatch(/connection closed by the server .* while reading the body after 2 attempts/);
    expect(server.requestsFor(A)).toHaveLength(2);
    expect(assertOnlyValidLogs()).toEqual([]);
  });

  it('reports a truncated body as invalid, without retrying or saving it', async () => {
    const xml = readFileSync(FILES[A]);
    server.script(A, [{ kind: 'body', body: xml.subarray(0, Math.floor(xml.length * 0.7)) }]);
    const summary = await fetchLogs([A], options());
    expect(summary.outcomes[0]).toMatchObject({ status: 'invalid', attempts: 1, httpStatus: 200 });
    expect(summary.outcomes[0].reason).toMatch(/^not a log: line \d+ column \d+: not well-formed XML/);
    expect(server.requestsFor(A)).toHaveLength(1);
    expect(assertOnlyValidLogs()).toEqual([]);
  });

  it('reports an HTML error page served with 200 as invalid', async () => {
    server.script(A, [{ kind: 'body', contentType: 'text/html', body: '<html><head><title>Error</title></head><body>busy</body></html>' }]);
    const summary = await fetchLogs([A], options());
    expect(summary.outcomes[0]).toMatchObject({ status: 'invalid', reason: 'not a log: root: root element is <html>, expected <mjloggm> (an mjlog game log)' });
    expect(assertOnlyValidLogs()).toEqual([]);
  });

  it('reports an empty 200 as invalid', async () => {
    server.script(J, [{ kind: 'body', body: '' }]);
    const summary = await fetchLogs([J], options({ format: 'json' }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'invalid', reason: 'empty body', bytes: 0 });
    expect(assertOnlyValidLogs()).toEqual([]);
  });

  it("reports another game's log served under the id as invalid", async () => {
    server.script(A, [{ kind: 'other-log', id: D }]);
    const summary = await fetchLogs([A], options());
    expect(summary.outcomes[0]).toMatchObject({ status: 'invalid', reason: "another game's log: GO type 0x0009, the id says 0x00a9" });
  });

  it('reports 404 as not found after one request', async () => {
    const summary = await fetchLogs([UNKNOWN], options());
    expect(summary.outcomes[0]).toMatchObject({ status: 'not-found', attempts: 1, httpStatus: 404 });
    expect(server.requestsFor(UNKNOWN)).toHaveLength(1);
    expect(summary.notFound).toBe(1);
  });

  it('does not retry other 4xx answers', async () => {
    server.script(A, [{ kind: 'status', status: 403 }]);
    const summary = await fetchLogs([A], options());
    expect(summary.outcomes[0]).toMatchObject({ status: 'failed', attempts: 1, httpStatus: 403, reason: 'HTTP 403' });
  });

  it('fails every id with a clear reason when nothing listens', async () => {
    const base = server.baseUrl;
    await server.close();
    const summary = await fetchLogs([A, B], { ...options({ retries: 1 }), baseUrl: base });
    expect(summary.outcomes.map((o) => [o.status, o.attempts, o.reason])).toEqual([
      ['failed', 2, 'connection refused after 2 attempts'],
      ['failed', 2, 'connection refused after 2 attempts'],
    ]);
    server = await FakeTenhou.start({});
  });

  it('gives every id of a mixed batch exactly one outcome, in the order given', async () => {
    server.script(B, [{ kind: 'status', status: 500 }]);
    server.script(C, [{ kind: 'body', body: '<html><body>maintenance</body></html>' }]);
    server.script(D, [{ kind: 'drop-mid-body' }, { kind: 'log' }]);
    server.script(E, [{ kind: 'hang' }]);
    server.script(F, [{ kind: 'body', body: '' }]);
    writeFileSync(join(out, `${A}.mjlog`), readFileSync(FILES[A]));
    const ids = [A, B, C, D, E, F, UNKNOWN];
    const done: string[] = [];
    const summary = await fetchLogs(ids, options({ retries: 1, timeoutMs: 150, onProgress: (e) => e.type === 'done' && done.push(e.outcome.id) }));
    expect(summary.outcomes.map((o) => [o.id, o.status])).toEqual([
      [A, 'skipped'], [B, 'failed'], [C, 'invalid'], [D, 'saved'], [E, 'failed'], [F, 'invalid'], [UNKNOWN, 'not-found'],
    ]);
    expect(done.sort()).toEqual([...ids].sort());
    expect(summary).toMatchObject({ total: 7, saved: 1, skipped: 1, notFound: 1, invalid: 2, failed: 2 });
    expect(assertOnlyValidLogs()).toEqual([`${A}.mjlog`, `${D}.mjlog`]);
  });
});

describe('fetchLogs: politeness', () => {
  it('uses one connection at a time by default and pauses delayMs between requests', async () => {
    const ids = [A, B, C, D];
    await fetchLogs(ids, { outDir: out, baseUrl: server.baseUrl, delayMs: 150, timeoutMs: 2000 });
    expect(server.maxConcurrentRequests).toBe(1);
    expect(server.maxOpenSockets).toBe(1);
    const requests = server.requests;
    expect(requests.map((r) => r.id)).toEqual(ids);
    for (let i = 1; i < requests.length; i++) {
      // Measured at the server: from the end of one response to the start of the next request.
      expect(requests[i].startedAt - requests[i - 1].endedAt!).toBeGreaterThanOrEqual(148);
    }
  });

  it('waits at least delayMs before a retry too, by default', async () => {
    server.script(A, [{ kind: 'status', status: 503 }, { kind: 'log' }]);
    const summary = await fetchLogs([A], { outDir: out, baseUrl: server.baseUrl, delayMs: 150, retries: 1 });
    expect(summary.outcomes[0]).toMatchObject({ status: 'saved', attempts: 2 });
    const [first, second] = server.requestsFor(A);
    expect(second.startedAt - first.endedAt!).toBeGreaterThanOrEqual(148);
  });

  it('does not pause for ids it skips', async () => {
    writeFileSync(join(out, `${A}.mjlog`), readFileSync(FILES[A]));
    writeFileSync(join(out, `${B}.xml`), readFileSync(FILES[B]));
    const started = performance.now();
    const summary = await fetchLogs([A, B, C], { outDir: out, baseUrl: server.baseUrl, delayMs: 1000 });
    expect(summary.outcomes.map((o) => o.status)).toEqual(['skipped', 'skipped', 'saved']);
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('never runs more requests at once than the concurrency', async () => {
    const ids = [A, B, C, D, E, F];
    for (const id of ids) server.script(id, [{ kind: 'late', afterMs: 80, then: { kind: 'log' } }]);
    const summary = await fetchLogs(ids, options({ concurrency: 2, delayMs: 20 }));
    expect(summary.saved).toBe(6);
    expect(server.maxConcurrentRequests).toBe(2);
    expect(server.maxOpenSockets).toBeLessThanOrEqual(2);
    assertOnlyValidLogs();
  });
});

describe('fetchLogs: temporary files', () => {
  it('removes temporary files left by a killed run, but not those of a run still going', async () => {
    const dead = deadPid();
    const leftover = `.kanshi-tmp-${dead}-0a1b2c3d-${A}.mjlog.tmp`;
    const running = `.kanshi-tmp-${process.ppid}-0a1b2c3d-${B}.mjlog.tmp`;
    writeFileSync(join(out, leftover), 'partial');
    writeFileSync(join(out, running), 'partial');
    const events: FetchEvent[] = [];
    await fetchLogs([C], options({ onProgress: (e) => events.push(e) }));
    const names = readdirSync(out).sort();
    expect(names).toEqual([running, `${C}.mjlog`]);
    expect(events).toContainEqual({ type: 'cleaned', path: join(out, leftover) });
  });
});

/** The pid of a process that has exited. */
function deadPid(): number {
  for (let pid = 999_999; pid > 100_000; pid -= 7) {
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
  throw new Error('no free pid found');
}
