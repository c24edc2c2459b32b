import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchLogs, type FetchEvent, type FetchOptions } from '../../src/fetch/index.js';
import { parseLog, readLogFile } from '../../src/ingest/index.js';
import { looksLikeLogFile } from '../../src/batch/index.js';
import { corpusFile } from '../support/corpus.js';
import { FakeTenhou, gzipBomb } from './tenhou-server.js';

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
    expect(readLogFile(join(out, `${A}.mjlog`)).hands.length).toBe(parseLog(readFileSync(FILES[A])).hands.length);
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
    const summary = await fetchLogs([J], options({ format: 'tenhou6' }));
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

  // Each attempt's deadline is a precise timer (AbortSignal.timeout), so each timeout here costs its timeoutMs.
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
    const summary = await fetchLogs([J], options({ format: 'tenhou6' }));
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

describe('fetchLogs: one deadline per attempt, headers and body together', () => {
  it('gives up on a body that trickles in (no pause is long, the whole is), and retries it like a timeout', async () => {
    server.script(A, [{ kind: 'trickle', everyMs: 20 }]);
    const events: FetchEvent[] = [];
    const summary = await fetchLogs([A], options({ retries: 1, timeoutMs: 300, retryBackoffMs: 100, onProgress: (e) => events.push(e) }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'failed', attempts: 2, httpStatus: 200 });
    expect(summary.outcomes[0].reason).toMatch(/^no complete answer within 300 ms \([\d,]+ bytes of the body had arrived\) after 2 attempts$/);
    const retries = events.flatMap((e) => (e.type === 'retry' ? [e] : []));
    expect(retries).toHaveLength(1);
    expect(retries[0].reason).toMatch(/^no complete answer within 300 ms \([\d,]+ bytes of the body had arrived\)$/);
    // One retry, after the backoff asked for (100 ms).
    expect(retries[0].waitMs).toBe(100);
    const requests = server.requestsFor(A);
    expect(requests).toHaveLength(2);
    // kanshi closed each connection at its deadline, long before the body was complete: the server, one
    // byte every 20 ms on the same event loop as kanshi's 300 ms deadline, had sent some 15 of its
    // 20,000 (the whole would take 400 s). As the server saw them (from the request's arrival, after
    // kanshi's clock started, to the close it noticed: hence a slack of half), each attempt lasted its
    // deadline and the retry came after its backoff: neither was cut short.
    await vi.waitFor(() => expect(requests.every((r) => r.endedAt !== null)).toBe(true));
    for (const r of requests) {
      expect(r.sent).toBeLessThan(100);
      expect(r.endedAt! - r.startedAt).toBeGreaterThanOrEqual(150);
    }
    expect(requests[1].startedAt - requests[0].endedAt!).toBeGreaterThanOrEqual(50);
    expect(assertOnlyValidLogs()).toEqual([]);
  });

  it('saves the log when the attempt after a trickling body is answered in time', async () => {
    server.script(A, [{ kind: 'trickle', everyMs: 20 }, { kind: 'log' }]);
    const summary = await fetchLogs([A], options({ retries: 1, timeoutMs: 300 }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'saved', attempts: 2 });
    expect(assertOnlyValidLogs()).toEqual([`${A}.mjlog`]);
  });

  it('counts the wait for the headers and the pause inside the body against the same deadline', async () => {
    // A: 200 ms before the headers, then 200 ms inside the body: each within 300 ms, the whole not.
    server.script(A, [{ kind: 'late', afterMs: 200, then: { kind: 'halves', pauseMs: 200 } }]);
    // B: 50 + 50 ms, well within it.
    server.script(B, [{ kind: 'late', afterMs: 50, then: { kind: 'halves', pauseMs: 50 } }]);
    const summary = await fetchLogs([A, B], options({ retries: 0, timeoutMs: 300 }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(summary.outcomes[0].reason).toMatch(/^no complete answer within 300 ms \([\d,]+ bytes of the body had arrived\)$/);
    expect(summary.outcomes[1]).toMatchObject({ status: 'saved', attempts: 1 });
    expect(assertOnlyValidLogs()).toEqual([`${B}.mjlog`]);
  });
});

describe('fetchLogs: redirects stay on the base host', () => {
  it('follows up to 5 redirects within the base host, absolute or relative, as part of one attempt', async () => {
    server.script(A, (n) => (n <= 5 ? { kind: 'redirect', to: n % 2 ? `${server.baseUrl}/0/log/?${A}&hop=${n}` : `/0/log/?${A}&hop=${n}`, status: n === 1 ? 301 : 302 } : { kind: 'log' }));
    const summary = await fetchLogs([A], options());
    expect(summary.outcomes[0]).toMatchObject({ status: 'saved', attempts: 1, httpStatus: 200 });
    expect(server.requestsFor(A).map((r) => r.url)).toEqual([`/0/log/?${A}`, ...[1, 2, 3, 4, 5].map((n) => `/0/log/?${A}&hop=${n}`)]);
  });

  it('fails on a sixth redirect without following it or retrying', async () => {
    server.script(A, (n) => ({ kind: 'redirect', to: `/0/log/?${A}&hop=${n}` }));
    const summary = await fetchLogs([A], options({ retries: 2 }));
    expect(summary.outcomes[0]).toMatchObject({ status: 'failed', attempts: 1, httpStatus: 302, reason: 'more than 5 redirects' });
    expect(server.requestsFor(A)).toHaveLength(6);
    expect(assertOnlyValidLogs()).toEqual([]);
  });

  it('refuses a redirect to another host, without following it or retrying', async () => {
    const elsewhere = await FakeTenhou.start(FILES);
    try {
      const port = new URL(server.baseUrl).port;
      server.script(A, [{ kind: 'redirect', to: `${elsewhere.baseUrl}/0/log/?${A}` }]);
      server.script(B, [{ kind: 'redirect', to: `http://localhost:${port}/0/log/?${B}`, status: 307 }]);
      server.script(C, [{ kind: 'redirect', to: 'file:///etc/passwd' }]);
      const summary = await fetchLogs([A, B, C], options({ retries: 2 }));
      const only = `only redirects within ${server.baseUrl} are followed`;
      expect(summary.outcomes.map((o) => [o.status, o.attempts, o.httpStatus, o.reason])).toEqual([
        ['failed', 1, 302, `redirected to another host (${elsewhere.baseUrl}); ${only}`],
        ['failed', 1, 307, `redirected to another host (http://localhost:${port}); ${only}`],
        ['failed', 1, 302, `redirected to another host (file:///etc/passwd); ${only}`],
      ]);
      expect(elsewhere.requests).toHaveLength(0);
      expect(server.requests.map((r) => r.id)).toEqual([A, B, C]);
      expect(assertOnlyValidLogs()).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('fetchLogs: bodies bounded by the log size limit, before and after gzip', () => {
  const LIMIT = '16,777,216';

  it('refuses an endless body as it streams in, after reading no more than the limit', async () => {
    server.script(A, [{ kind: 'endless' }]);
    const summary = await fetchLogs([A], options({ timeoutMs: 10_000 }));
    expect(summary.outcomes[0]).toMatchObject({
      status: 'invalid', attempts: 1, httpStatus: 200,
      reason: `the body is larger than ${LIMIT} bytes, the limit for a log (--max-log-bytes raises it)`,
    });
    const [request] = server.requestsFor(A);
    // The connection was closed by kanshi; what the server got written is the limit plus socket buffers.
    await vi.waitFor(() => expect(request.endedAt).not.toBeNull());
    expect(request.sent).toBeLessThan(32 * 1024 * 1024);
    expect(assertOnlyValidLogs()).toEqual([]);
  });

  it('refuses a body announced larger than the limit without waiting for it', async () => {
    server.script(A, [{ kind: 'announce', length: 1e12 }]);
    const summary = await fetchLogs([A], options({ timeoutMs: 10_000 }));
    expect(summary.outcomes[0]).toMatchObject({
      status: 'invalid', attempts: 1,
      reason: `the body announces 1,000,000,000,000 bytes, more than ${LIMIT}, the limit for a log (--max-log-bytes raises it)`,
    });
    await vi.waitFor(() => expect(server.requestsFor(A)[0].endedAt).not.toBeNull());
  });

  it('refuses a gzip bomb, as a gzip body or under Content-Encoding: gzip, at the limit', async () => {
    const bomb = gzipBomb(16 * 1024 * 1024 + 1);
    server.script(A, [{ kind: 'body', body: bomb }]);
    server.script(B, [{ kind: 'body', body: bomb, headers: { 'content-encoding': 'gzip' } }]);
    // A gzip file inside Content-Encoding: gzip, each layer bounded.
    server.script(C, [{ kind: 'body', body: gzipSync(bomb), headers: { 'content-encoding': 'gzip' } }]);
    const summary = await fetchLogs([A, B, C], options());
    const reason = `the body decompresses to more than ${LIMIT} bytes, the limit for a log (--max-log-bytes raises it)`;
    expect(summary.outcomes.map((o) => [o.status, o.attempts, o.reason, o.bytes])).toEqual([
      ['invalid', 1, reason, bomb.length],
      ['invalid', 1, reason, bomb.length],
      ['invalid', 1, reason, gzipSync(bomb).length],
    ]);
    expect(assertOnlyValidLogs()).toEqual([]);
  });

  it('reads logs served with Content-Encoding: gzip, saving XML as gzip .mjlog and JSON as plain text', async () => {
    const xml = readFileSync(FILES[A]);
    server.script(A, [{ kind: 'body', body: gzipSync(xml), headers: { 'content-encoding': 'gzip' } }]);
    server.script(J, [{ kind: 'body', body: gzipSync(readFileSync(FILES[J])), headers: { 'content-encoding': 'x-gzip' } }]);
    expect((await fetchLogs([A], options())).outcomes[0]).toMatchObject({ status: 'saved' });
    expect((await fetchLogs([J], options({ format: 'tenhou6' }))).outcomes[0]).toMatchObject({ status: 'saved' });
    expect(gunzipSync(readFileSync(join(out, `${A}.mjlog`))).equals(xml)).toBe(true);
    expect(readFileSync(join(out, `${J}.json`)).equals(readFileSync(FILES[J]))).toBe(true);
  });

  it('refuses a Content-Encoding it does not decode, and a broken gzip body', async () => {
    server.script(A, [{ kind: 'body', body: readFileSync(FILES[A]), headers: { 'content-encoding': 'br' } }]);
    server.script(B, [{ kind: 'body', body: gzipSync(readFileSync(FILES[B])).subarray(0, 200) }]);
    const summary = await fetchLogs([A, B], options());
    expect(summary.outcomes.map((o) => [o.status, o.reason])).toEqual([
      ['invalid', 'the body is encoded as "br", which kanshi does not decode (it asks for no encoding)'],
      ['invalid', 'the body is not a whole gzip stream (unexpected end of file)'],
    ]);
  });

  it('bounds bodies by a smaller maxLogBytes, before and after gzip', async () => {
    // A: 19,976 bytes of XML; GZ: 3,797 bytes of gzip that inflate past 4 KiB.
    const summary = await fetchLogs([A, GZ], options({ limits: { maxLogBytes: 4096 } }));
    expect(summary.outcomes.map((o) => [o.status, o.reason])).toEqual([
      ['invalid', `the body announces ${readFileSync(FILES[A]).length.toLocaleString('en-US')} bytes, more than 4,096, the limit for a log (--max-log-bytes raises it)`],
      ['invalid', 'the body decompresses to more than 4,096 bytes, the limit for a log (--max-log-bytes raises it)'],
    ]);
  });
});

describe('fetchLogs: ids and files', () => {
  it('refuses anything but a log id before any request, so no file name can leave the folder', async () => {
    await expect(fetchLogs([A, '../../escaped'], options())).rejects.toThrow(/^not a log id: "..\/..\/escaped"/);
    await expect(fetchLogs([`${A}/x`], options())).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
    expect(readdirSync(out)).toEqual([]);
  });

  it("reports a log of another lobby served under the id as invalid (same GO type)", async () => {
    const sameTypeOtherLobby = D.replace('-10011-', '-0000-');
    server.script(sameTypeOtherLobby, [{ kind: 'other-log', id: D }]);
    const summary = await fetchLogs([sameTypeOtherLobby], options());
    expect(summary.outcomes[0]).toMatchObject({ status: 'invalid', reason: "another game's log: lobby 10011, the id says 0" });
    expect(assertOnlyValidLogs()).toEqual([]);
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
    // The pauses kanshi asks for, seen as the timers it sets: a pause of delayMs (an hour here, longer
    // than any timer of the HTTP client or server) is recorded and cut short, so a wrong one fails the
    // test at once instead of making it wait.
    const delayMs = 3_600_000;
    const paused: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const timers = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if ((ms ?? 0) <= delayMs / 2) return realSetTimeout(fn, ms);
      paused.push(ms!);
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout);
    try {
      const summary = await fetchLogs([A, B, C], { outDir: out, baseUrl: server.baseUrl, delayMs });
      expect(summary.outcomes.map((o) => o.status)).toEqual(['skipped', 'skipped', 'saved']);
    } finally {
      timers.mockRestore();
    }
    expect(paused).toEqual([]);
    expect(server.requestsFor(C)).toHaveLength(1);
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
