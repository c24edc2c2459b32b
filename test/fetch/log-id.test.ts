import { describe, expect, it } from 'vitest';
import {
  LogRefError,
  OBFUSCATION_TABLE,
  decodeObfuscatedLogId,
  isLogId,
  obfuscationTableIndex,
  parseLogRef,
} from '../../src/fetch/index.js';
import { corpusFiles } from '../support/corpus.js';
import { logIdFromName } from '../../src/ingest/index.js';

/** Builds an obfuscated id from a real one, the inverse of the decoding, with `a` as the free word. */
function obfuscate(id: string, a: number): string {
  const i = obfuscationTableIndex(id);
  const hash = id.slice(-8);
  const h1 = parseInt(hash.slice(0, 4), 16);
  const h2 = parseInt(hash.slice(4), 16);
  const b = (a ^ h1 ^ OBFUSCATION_TABLE[i]) & 0xffff;
  const c = (b ^ h2 ^ OBFUSCATION_TABLE[i] ^ OBFUSCATION_TABLE[i + 1]) & 0xffff;
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return `${id.slice(0, -8)}x${hex(a)}${hex(b)}${hex(c)}`;
}

describe('log ids', () => {
  it('accepts real ids, with 4- or 5-digit lobbies', () => {
    expect(isLogId('2016052515gm-00a9-0000-c4d72066')).toBe(true);
    expect(isLogId('2016031822gm-0009-10011-896da481')).toBe(true);
    expect(isLogId('2016052515gm-00a9-0000-c4d7206')).toBe(false);
    expect(isLogId('2016052515gm-00a9-000-c4d72066')).toBe(false);
    expect(isLogId('2016052515gm-00a9-0000-x4d72066')).toBe(false);
  });

  it('has the 34-entry table', () => {
    expect(OBFUSCATION_TABLE).toHaveLength(34);
    expect(OBFUSCATION_TABLE.slice(0, 3)).toEqual([22136, 52719, 55146]);
    expect(OBFUSCATION_TABLE.at(-1)).toBe(2081);
  });
});

describe('obfuscated x ids', () => {
  it('decodes the published pair from TenhouViewer', () => {
    // teplofizik's TenhouViewer, Tenhou/TenhouHash.cs (mirrored in nwalker/tenhouviewer):
    // "2012090306gm-0089-0000-x666f4d41e26b - coded", "2012090306gm-0089-0000-dc81a77a - decoded".
    expect(decodeObfuscatedLogId('2012090306gm-0089-0000-x666f4d41e26b')).toBe('2012090306gm-0089-0000-dc81a77a');
    expect(obfuscationTableIndex('2012090306gm-0089-0000-x666f4d41e26b')).toBe(3090306 % 27);
  });

  it('uses table entry 0 before 2010-04-11 11:00 and the date from that hour on (as Tenhou\'s client)', () => {
    expect(obfuscationTableIndex('2010041110gm-00a9-0000-x000000000000')).toBe(0);
    expect(obfuscationTableIndex('2009120100gm-00a9-0000-x000000000000')).toBe(0);
    // The boundary hour itself: Tenhou's client compares with <=, so it already uses the date
    // (NegativeMjark/tenhou-log and mahjong-portal would use entry 0 here).
    expect(obfuscationTableIndex('2010041111gm-00a9-0000-x000000000000')).toBe(3041111 % 32);
    expect(obfuscationTableIndex('2010041112gm-00a9-0000-x000000000000')).toBe(3041112 % 31);
  });

  it('round-trips every real id of the corpus through the obfuscation', () => {
    const ids = [...new Set(corpusFiles().map((f) => logIdFromName(f)).filter((id): id is string => id !== null))];
    expect(ids.length).toBeGreaterThan(1000);
    let a = 0x1234;
    for (const id of ids) {
      a = (a * 75 + 74) % 65537 & 0xffff;
      expect(decodeObfuscatedLogId(obfuscate(id, a))).toBe(id);
    }
  });

  it('decodes x ids inside references and keeps what was given', () => {
    expect(parseLogRef('2012090306gm-0089-0000-x666f4d41e26b')).toEqual({
      id: '2012090306gm-0089-0000-dc81a77a', seat: null, hand: null, obfuscated: '2012090306gm-0089-0000-x666f4d41e26b',
    });
    expect(parseLogRef('http://tenhou.net/0/?log=2012090306gm-0089-0000-x666f4d41e26b&tw=2')).toMatchObject({
      id: '2012090306gm-0089-0000-dc81a77a', seat: 2,
    });
  });
});

describe('parseLogRef', () => {
  const ID = '2016052515gm-00a9-0000-c4d72066';

  it('reads bare ids, with viewer parameters as in saved file names', () => {
    expect(parseLogRef(`  ${ID}  `)).toEqual({ id: ID, seat: null, hand: null, obfuscated: null });
    expect(parseLogRef(`${ID}&tw=2`)).toEqual({ id: ID, seat: 2, hand: null, obfuscated: null });
    expect(parseLogRef(ID.toUpperCase().replace('GM', 'gm'))).toMatchObject({ id: ID });
  });

  it('reads viewer URLs of /0/, /3/, /5/ and /6/ with tw and ts', () => {
    expect(parseLogRef(`https://tenhou.net/0/?log=${ID}&tw=1&ts=4`)).toEqual({ id: ID, seat: 1, hand: 5, obfuscated: null });
    expect(parseLogRef(`http://tenhou.net/3/?log=${ID}&tw=3`)).toMatchObject({ id: ID, seat: 3, hand: null });
    expect(parseLogRef(`https://tenhou.net/5/?log=${ID}`)).toMatchObject({ id: ID, seat: null });
    expect(parseLogRef(`https://tenhou.net/6/?log=${ID}&tw=0&ts=0`)).toMatchObject({ id: ID, seat: 0, hand: 1 });
    expect(parseLogRef(`tenhou.net/0/?log=2016031822gm-0009-10011-896da481`)).toMatchObject({ id: '2016031822gm-0009-10011-896da481' });
    expect(parseLogRef(`https://tenhou.net/3/#log=${ID}&tw=1`)).toMatchObject({ id: ID, seat: 1 });
  });

  it('reads raw-log URLs', () => {
    expect(parseLogRef(`https://tenhou.net/0/log/?${ID}`)).toMatchObject({ id: ID });
    expect(parseLogRef(`https://tenhou.net/5/mjlog2json.cgi?${ID}`)).toMatchObject({ id: ID });
    expect(parseLogRef(`http://e.mjv.jp/0/log/archived.cgi?${ID}&tw=2`)).toMatchObject({ id: ID, seat: 2 });
  });

  it('rejects what names no log, saying what was expected', () => {
    const fail = (text: string) => {
      try {
        parseLogRef(text);
      } catch (err) {
        expect(err).toBeInstanceOf(LogRefError);
        return (err as Error).message;
      }
      throw new Error(`accepted ${text}`);
    };
    expect(fail('hello')).toMatch(/"hello" is not a Tenhou log id \(expected YYYYMMDDHHgm-TTTT-LLLL-HHHHHHHH/);
    expect(fail('')).toMatch(/empty/);
    expect(fail('https://tenhou.net/0/')).toMatch(/names no log/);
    expect(fail('https://tenhou.net/6/#json=%7B%22title%22')).toMatch(/holds a whole tenhou.net\/6 log/);
    expect(fail(`https://tenhou.net/0/?log=${ID}&tw=7`)).toMatch(/tw=7 is not a seat 0..3/);
    expect(fail(`https://tenhou.net/0/?log=${ID.slice(0, -1)}`)).toMatch(/is not a Tenhou log id/);
  });
});
