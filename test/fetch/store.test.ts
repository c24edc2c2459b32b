import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkLogBody,
  findLogIn,
  findSavedLog,
  parseRetryAfter,
  retryWaitMs,
  savedFileName,
  MAX_RETRY_WAIT_MS,
} from '../../src/fetch/index.js';
import { corpusFile } from '../support/corpus.js';

const ID = '2016052515gm-00a9-0000-c4d72066';

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'kanshi-store-'));
}

describe('the output folder', () => {
  it('names saved logs by id and format', () => {
    expect(savedFileName(ID, 'mjlog')).toBe(`${ID}.mjlog`);
    expect(savedFileName(ID, 'tenhou6')).toBe(`${ID}.json`);
  });

  it('finds a log saved as .mjlog or .xml for XML, .json for JSON', async () => {
    const dir = folder();
    expect(await findSavedLog(dir, ID, 'mjlog')).toBeNull();
    writeFileSync(join(dir, `${ID}.xml`), 'x');
    expect(await findSavedLog(dir, ID, 'mjlog')).toBe(join(dir, `${ID}.xml`));
    expect(await findSavedLog(dir, ID, 'tenhou6')).toBeNull();
  });
});

describe('a log id in a folder of logs (issue 16)', () => {
  it('is found under any name a log of it may have, and not as a folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-find-log-'));
    expect(await findLogIn(dir, ID)).toBeNull();
    writeFileSync(join(dir, `${ID}.json`), '{}');
    expect(await findLogIn(dir, ID)).toBe(join(dir, `${ID}.json`));
    writeFileSync(join(dir, `${ID}.mjlog`), 'x');
    expect(await findLogIn(dir, ID)).toBe(join(dir, `${ID}.mjlog`));
    const other = mkdtempSync(join(tmpdir(), 'kanshi-find-log-'));
    writeFileSync(join(other, `${ID}.xml.gz`), 'x');
    expect(await findLogIn(other, ID)).toBe(join(other, `${ID}.xml.gz`));
    expect(await findLogIn(join(other, 'none'), ID)).toBeNull();
  });
});

describe('retry policy', () => {
  it('doubles the wait from the base, honours Retry-After, and caps both', () => {
    expect([1, 2, 3, 4].map((n) => retryWaitMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryWaitMs(1, 1000, 5000)).toBe(5000);
    expect(retryWaitMs(3, 1000, 100)).toBe(4000);
    expect(retryWaitMs(20, 1000)).toBe(MAX_RETRY_WAIT_MS);
    expect(retryWaitMs(1, 10, 3_600_000)).toBe(MAX_RETRY_WAIT_MS);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('checkLogBody', () => {
  const xml = readFileSync(corpusFile(`${ID}.xml`));

  it('accepts the log of the id', () => {
    expect(checkLogBody(ID, 'mjlog', xml).ok).toBe(true);
    expect(checkLogBody('2012110112gm-0009-7447-14ec5c8d', 'tenhou6', readFileSync(corpusFile('2012110112gm-0009-7447-14ec5c8d.json'))).ok).toBe(true);
  });

  it('refuses what is not the log asked for, saying why', () => {
    const reason = (id: string, format: 'mjlog' | 'tenhou6', body: Uint8Array) => {
      const check = checkLogBody(id, format, body);
      return check.ok ? 'ok' : check.reason;
    };
    expect(reason(ID, 'mjlog', Buffer.alloc(0))).toBe('empty body');
    expect(reason(ID, 'mjlog', xml.subarray(0, 5000))).toMatch(/^not a log: line 1 column \d+: not well-formed XML/);
    expect(reason(ID, 'mjlog', Buffer.from('<!DOCTYPE html><html><body>error</body></html>'))).toMatch(/root element is <html>/);
    expect(reason(ID, 'mjlog', readFileSync(corpusFile('2012110112gm-0009-7447-14ec5c8d.json')))).toMatch(/expected mjlog XML, got tenhou.net\/6 JSON/);
    expect(reason(ID.replace('00a9', '0009'), 'mjlog', xml)).toBe("another game's log: GO type 0x00a9, the id says 0x0009");
    expect(reason('2012110112gm-0009-7447-00000000', 'tenhou6', readFileSync(corpusFile('2012110112gm-0009-7447-14ec5c8d.json')))).toBe(
      "another game's log: its ref is 2012110112gm-0009-7447-14ec5c8d",
    );
    // The GO tag's lobby against the id's: a champion-lobby game (10011) under a lobby-0 id.
    const champion = readFileSync(corpusFile('2019020120gm-0009-10011-215330df.xml'));
    expect(reason('2019020120gm-0009-0000-215330df', 'mjlog', champion)).toBe("another game's log: lobby 10011, the id says 0");
    expect(checkLogBody('2019020120gm-0009-10011-215330df', 'mjlog', champion).ok).toBe(true);
  });

  it("checks only what the log can tie to the id: an mjlog's type and lobby, a JSON's ref", () => {
    // The hash and the date are not in an mjlog: another game of the same type and lobby passes.
    expect(checkLogBody('2001010100gm-00a9-0000-00000000', 'mjlog', xml).ok).toBe(true);
    // An mjlog whose GO tag has no lobby is checked by its type alone.
    const noLobby = Buffer.from(xml.toString('utf8').replace(/<GO type="169" lobby="0"\/>/, '<GO type="169"/>'));
    expect(noLobby.equals(xml)).toBe(false);
    expect(checkLogBody(ID.replace('-0000-', '-1234-'), 'mjlog', noLobby).ok).toBe(true);
    expect(checkLogBody(ID.replace('-0000-', '-1234-'), 'mjlog', xml)).toEqual({ ok: false, reason: "another game's log: lobby 0, the id says 1234" });
  });

  it('applies the ingest limits it is given', () => {
    expect(checkLogBody(ID, 'mjlog', xml, { maxEvents: 10 })).toMatchObject({ ok: false, reason: expect.stringMatching(/^not a log: .*more than 10 tags.*--max-events raises it/) });
  });
});
