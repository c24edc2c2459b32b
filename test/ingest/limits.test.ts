/**
 * Issue 14: hostile and broken input. Every attack is made at test time (never kept in the repository):
 * each gives one located IngestError, costs little time and memory, and the limits can be raised.
 */
import { mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { chainedCallsJson, makeAttacks, type AttackFile } from '../../bench/fuzz-inputs.js';
import { asIngestError, DEFAULT_LIMITS, IngestError, parseLog, readLogBytes, readLogFile, readLogStream } from '../../src/ingest/index.js';
import { checkJsonDepth, checkXmlShape, playHand, resolveLimits } from '../../src/formats/index.js';
import { corpusFile } from '../support/corpus.js';

const XML = readFileSync(corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), 'utf8');
const JSON6 = readFileSync(corpusFile('2019021004gm-00a9-0000-e2f6516d.json'), 'utf8');

let attacks: Map<string, AttackFile>;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-attacks-'));
  attacks = new Map((await makeAttacks(dir, XML, JSON6)).map((a) => [a.name, a]));
}, 60_000);

/** The ingest error of a file, checked to name the file and to be located. */
function refusal(path: string, limits = {}): IngestError {
  try {
    readLogFile(path, { limits });
  } catch (err) {
    expect(err).toBeInstanceOf(IngestError);
    const e = err as IngestError;
    expect(e.file).toBe(path);
    expect(e.message.startsWith(`${path}: ${e.position}: `)).toBe(true);
    return e;
  }
  throw new Error(`${path} was read`);
}

function attack(name: string): string {
  const a = attacks.get(name);
  if (!a) throw new Error(`no attack ${name}`);
  return a.path;
}

describe('the attacks of issue 14 are refused where they show, cheaply', () => {
  it('an XML DOCTYPE with an external entity: refused outright, never resolved', () => {
    const e = refusal(attack('doctype-external-entity'));
    expect(e.position).toBe('line 1 column 22');
    expect(e.reason).toMatch(/^an XML <!DOCTYPE> declaration: Tenhou never writes one/);
  });

  it('entities expanding past fast-xml-parser\'s limit: refused at the declaration', () => {
    expect(refusal(attack('entity-expansion')).reason).toMatch(/<!DOCTYPE> declaration/);
    // An ENTITY without a DOCTYPE, or a DOCTYPE naming mjloggm, too; a web page is another document.
    expect(() => parseLog(Buffer.from(`<mjloggm ver="2.3"><!ENTITY a "b">${XML.slice(XML.indexOf('>') + 1)}`))).toThrow(/<!ENTITY> declaration/);
    expect(() => parseLog(Buffer.from('<!DOCTYPE html><html><body>404</body></html>'))).toThrow(/root element is <html>, expected <mjloggm>/);
  });

  it('elements nested 150 deep: refused at the 33rd level (the root is the first), with line and column', () => {
    const e = refusal(attack('nested-elements-150'));
    expect(e.position).toBe(`line 1 column ${'<mjloggm ver="2.3">'.length + 31 * 3 + 1}`);
    expect(e.reason).toBe('elements nested more than 32 deep, the limit (--max-depth raises it)');
  });

  it('a 4-player log whose GO type says 3 players: refused at its first INIT', () => {
    const e = refusal(attack('go-type-3-players'));
    expect(e.position).toMatch(/^tag \d+ <INIT>$/);
    expect(e.reason).toMatch(/hai3 deals a hand to a fourth seat, but the GO type 185 says 3 players/);
    // and a dealer seat the game does not have
    const oya3 = XML.replace('<GO type="169"', '<GO type="185"').replace(/hai3="[^"]*"/g, 'hai3=""').replace(/(<INIT [^>]*)oya="\d"/, '$1oya="3"');
    expect(() => parseLog(Buffer.from(oya3))).toThrow(/attribute oya="3" is out of range, expected an integer 0\.\.2/);
  });

  it('a tenhou.net/6 game with 1,008 chained calls reads (the order search is an explicit stack), quickly', () => {
    const started = performance.now();
    const game = readLogFile(attack('json-chained-calls-1008'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(game.hands).toHaveLength(63);
    const calls = game.hands.flatMap((r) => r.events.filter((e) => e.type === 'call'));
    expect(calls).toHaveLength(1008);
  });

  it('JSON nested 100,000 deep, or 5,000 deep inside a game: refused by a scan before JSON.parse', () => {
    const e = refusal(attack('json-nested-100000'));
    expect(e.position).toBe('byte 32');
    expect(e.reason).toBe('arrays and objects nested more than 32 deep, the limit (--max-depth raises it)');
    expect(refusal(attack('json-nested-in-log')).reason).toMatch(/nested more than 32 deep/);
  });

  it('a gzip expanding to 1 GiB: inflating stops at the limit', () => {
    const started = performance.now();
    const e = refusal(attack('gzip-bomb-1GB'));
    expect(e.position).toBe('gzip stream');
    expect(e.reason).toBe('the log decompresses to more than 16,777,216 bytes, the limit (--max-log-bytes raises it)');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a gzip holding a 200 MB text node: stopped at the limit; raised, refused as text before any parser builds it', () => {
    expect(refusal(attack('gzip-text-node-200MB')).reason).toMatch(/decompresses to more than 16,777,216 bytes/);
    const e = refusal(attack('gzip-text-node-200MB'), { maxLogBytes: 512 * 1024 * 1024 });
    expect(e.position).toBe('tag 1');
    expect(e.reason).toMatch(/^unexpected text "a+", expected only empty elements$/);
  });

  it('21 million draws in a small gzip: stopped at the byte limit; raised, at the tag limit, counted in the tokenizer', () => {
    expect(refusal(attack('gzip-draws-21M')).reason).toMatch(/decompresses to more than/);
    const e = refusal(attack('gzip-draws-21M'), { maxLogBytes: 256 * 1024 * 1024 });
    expect(e.position).toMatch(/^tag 50000 <[TUVWDEFG]\d>$/);
    expect(e.reason).toBe('the log has more than 50,000 tags, the limit (--max-events raises it)');
  });

  it('more tags, lines or rounds than the limits, in plain files', () => {
    expect(refusal(attack('tags-60000'))).toMatchObject({ position: 'tag 50000 <D1>', reason: 'the log has more than 50,000 tags, the limit (--max-events raises it)' });
    expect(refusal(attack('mjai-60000-lines'))).toMatchObject({ position: 'line 50001', reason: 'the file holds more than 50,000 lines, the limit (--max-events raises it)' });
    expect(refusal(attack('rounds-101'))).toMatchObject({ reason: 'the game has more than 100 hands, the limit (--max-hands raises it)' });
    expect(refusal(attack('rounds-101')).position).toMatch(/^tag \d+ <INIT>$/);
    expect(refusal(attack('json-rounds-101'))).toMatchObject({ position: 'log[100]', reason: 'the game has more than 100 hands, the limit (--max-hands raises it)' });
  });
});

describe('limits', () => {
  it('the defaults leave the corpus far below them', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxLogBytes: 16 * 1024 * 1024, maxEvents: 50_000, maxDepth: 32, maxHands: 100 });
    // the largest corpus log is 81 KB, with 2,194 tags and 20 rounds (src/ingest/limits.ts)
    expect(() => readLogFile(corpusFile('2020010101gm-00a9-0000-9d62e05f.xml'), { limits: { maxLogBytes: 30_000, maxEvents: 3_000, maxDepth: 2, maxHands: 20 } })).not.toThrow();
  });

  it('each can be raised, and lowered', () => {
    expect(() => readLogFile(attack('tags-60000'), { limits: { maxEvents: 70_000 } })).not.toThrow(/more than/);
    expect(() => readLogFile(attack('json-rounds-101'), { limits: { maxHands: 101 } })).not.toThrow();
    expect(() => readLogFile(attack('rounds-101'), { limits: { maxHands: 101 } })).not.toThrow();
    const path = corpusFile('2020052221gm-00a9-0000-6f0524c7.xml');
    expect(() => readLogFile(path, { limits: { maxLogBytes: 1000 } })).toThrow(/the file has [\d,]+ bytes, more than 1,000, the limit \(--max-log-bytes raises it\)/);
    expect(() => readLogFile(path, { limits: { maxEvents: 100 } })).toThrow(/tag 100 <\w+>: the log has more than 100 tags/);
    expect(() => readLogFile(path, { limits: { maxHands: 3 } })).toThrow(/the game has more than 3 hands/);
    expect(() => readLogFile(corpusFile('2019021004gm-00a9-0000-e2f6516d.json'), { limits: { maxDepth: 4 } })).toThrow(/byte \d+: arrays and objects nested more than 4 deep/);
    expect(() => readLogFile(corpusFile('2019021004gm-00a9-0000-e2f6516d.json'), { limits: { maxEvents: 100 } })).toThrow(/log\[\d+\]\[\d+\]: the game has more than 100 takes and discards/);
    // walls are rebuilt for 256 rounds at most: the limit cannot go past them
    expect(resolveLimits({ maxHands: 100_000 }).maxHands).toBe(256);
  });

  it('a gzip is refused by its decompressed size, a plain file by its size before it is read', () => {
    const big = Buffer.from(XML.replace('<mjloggm ver="2.3">', `<mjloggm ver="2.3">${' '.repeat(200_000)}`));
    expect(() => parseLog(gzipSync(big), { limits: { maxLogBytes: 100_000 } })).toThrow(/gzip stream: the log decompresses to more than 100,000 bytes/);
    expect(() => parseLog(big, { limits: { maxLogBytes: 100_000 } })).toThrow(/byte 100000: the file has 216,\d+ bytes, more than 100,000/);
  });

  it('a stream with no size (/dev/fd/N on a device) is read no further than the limit; a device named as a file is not read', async () => {
    // The reader closes the descriptor once done with it.
    const fd = openSync('/dev/zero', 'r');
    await expect(readLogStream(`/dev/fd/${fd}`, { maxLogBytes: 100_000 })).rejects.toThrow(
      `/dev/fd/${fd}: byte 100000: the stream has more than 100,000 bytes, the limit (--max-log-bytes raises it)`,
    );
    expect(() => readLogBytes('/dev/zero', { maxLogBytes: 100_000 })).toThrow('/dev/zero: a device, not a file: not read');
    expect(() => readLogBytes(tmpdir())).toThrow(/: is a folder, not a file$/);
  });

  it('the order-of-play search has a budget per game', () => {
    const doc = JSON.parse(chainedCallsJson(3)) as { log: unknown[] };
    expect(parseLog(Buffer.from(JSON.stringify(doc))).hands).toHaveLength(3);
    const round = parseLog(Buffer.from(JSON.stringify(doc))).hands[0];
    const start = round.events[0] as Extract<(typeof round.events)[number], { type: 'roundStart' }>;
    const work = { left: 10 };
    expect(() => playHand({ path: 'log[0]', start, players: 4, redFives: 7, takes: [[], [], [], []], discards: [[], [], [], []], work })).not.toThrow();
    expect(() =>
      playHand({ path: 'log[0]', start, players: 4, redFives: 7, takes: [[{ kind: 'draw', tile: 11 }], [], [], []], discards: [[{ kind: 'discard', tile: 'tsumogiri', riichi: false }], [], [], []], work: { left: 1 } }),
    ).toThrow(/too many possibilities \(more than 1 steps tried\)/);
  });

  it('the scans are cheap and skip what is not structure', () => {
    const limits = resolveLimits({ maxDepth: 2 });
    expect(() => checkJsonDepth('[["[[[[", "]]]\\"[[["], {"a": "[[["}]', limits)).not.toThrow();
    expect(() => checkJsonDepth('[[[1]]]', limits)).toThrow(/byte 2/);
    expect(() => checkXmlShape('<?xml version="1.0"?><!-- <a><b><c> --><mjloggm><![CDATA[<x><y><z>]]><T1/></mjloggm>', limits)).not.toThrow();
    expect(() => checkXmlShape('<mjloggm>\n<a><b></b></a></mjloggm>', limits)).toThrow(/line 2 column 4: elements nested more than 2 deep/);
  });

  it('V8 limits reached by a log count as the log\'s, other failures as kanshi\'s', () => {
    expect(asIngestError(new RangeError('Invalid string length'))?.reason).toMatch(/the log is too large to read/);
    expect(asIngestError(new RangeError('Maximum call stack size exceeded'))?.reason).toMatch(/nested or chained too deeply/);
    expect(asIngestError(Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), { code: 'ERR_STRING_TOO_LONG' }))).not.toBeNull();
    expect(asIngestError(new TypeError('x is undefined'))).toBeNull();
  });

  it('a file written at test time, refused, names itself once', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'kanshi-limit-')), 'x.json');
    writeFileSync(path, '['.repeat(40) + ']'.repeat(40));
    expect(refusal(path).message).toBe(`${path}: byte 32: arrays and objects nested more than 32 deep, the limit (--max-depth raises it)`);
  });
});
