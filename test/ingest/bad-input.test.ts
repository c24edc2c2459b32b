import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { IngestError, parseLog } from '../../src/ingest/index.js';
import { corpusFile } from '../support/corpus.js';

const GOOD_XML = readFileSync(corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), 'utf8');
const GOOD_JSON = JSON.parse(readFileSync(corpusFile('2019021004gm-00a9-0000-e2f6516d.json'), 'utf8'));

function failure(input: string | Uint8Array, file = 'bad.mjlog'): IngestError {
  const bytes = typeof input === 'string' ? Buffer.from(input) : input;
  try {
    parseLog(bytes, { file });
  } catch (err) {
    expect(err).toBeInstanceOf(IngestError);
    const e = err as IngestError;
    expect(e.file).toBe(file);
    expect(e.message.startsWith(file + ': ')).toBe(true);
    return e;
  }
  throw new Error('expected an ingest error');
}

/** Replaces the n-th match of a pattern in the good log. */
function edit(pattern: RegExp, replacement: string): string {
  let done = false;
  return GOOD_XML.replace(pattern, (m) => {
    if (done) return m;
    done = true;
    return replacement;
  });
}

describe('bad input gets an error naming the file, the position and what was expected', () => {
  it('an empty file', () => {
    expect(failure('').message).toMatch(/empty, expected an mjlog/);
  });

  it('an empty file, a JPEG: the formats read named, every one; bytes that are no text shown in hex (issue 42)', () => {
    expect(failure('').reason).toBe('the file is empty, expected an mjlog (XML, or gzip), tenhou.net/6 JSON or mjai (JSON lines) log');
    expect(failure(' \n').reason).toBe('the file holds only whitespace, expected an mjlog (XML, or gzip), tenhou.net/6 JSON or mjai (JSON lines) log');
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
    const e = failure(jpeg, 'photo.jpg');
    expect(`${e.position}: ${e.reason}`).toBe(
      'byte 0: is not text: it starts with the bytes ff d8 ff e0 00 10 4a 46 49 46 00 01 (an image or another binary file?), expected "<" (mjlog XML), "{" or "[" (tenhou.net/6 JSON or mjai JSON lines)',
    );
  });

  it('an INIT whose round is out of range (issue 42: seed="53,…" was read as South 2)', () => {
    const e = failure(edit(/<INIT seed="\d+,/, '<INIT seed="53,'));
    expect(`${e.position}: ${e.reason}`).toMatch(/^tag \d+ <INIT>: attribute seed has round 53, expected 0\.\.15 \(East 1 to North 4, as 4 x wind \+ dealer\)$/);
    expect(() => parseLog(Buffer.from(edit(/<INIT seed="\d+,/, '<INIT seed="15,')))).not.toThrow(/round/);
  });

  it('an attribute or element named __proto__, constructor or prototype: refused in kanshi\'s words, with its line and column (issue 42)', () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      const attr = failure(edit(/<GO /, `<GO ${name}="1" `));
      expect(`${attr.position}: ${attr.reason}`).toMatch(
        new RegExp(`^line \\d+ column \\d+: the attribute name ${name} of the tag <GO> is no mjlog's: it names a property every JavaScript object has, which kanshi does not read$`),
      );
    }
    const element = failure(edit(/<GO /, '<__proto__/><GO '));
    expect(element.reason).toBe("the element name <__proto__> is no mjlog's: it names a property every JavaScript object has, which kanshi does not read");
    expect(element.position).toMatch(/^line \d+ column \d+$/);
  });

  it('whitespace only, or neither XML nor JSON', () => {
    expect(failure('  \n').message).toMatch(/only whitespace/);
    const e = failure('hello world');
    expect(e.position).toBe('byte 0');
    expect(e.reason).toMatch(/starts with "hello world", expected "<" \(mjlog XML\), "\{" or "\[" \(tenhou.net\/6 JSON or mjai JSON lines\)/);
  });

  it('truncated XML, with its line and column', () => {
    const e = failure(GOOD_XML.slice(0, GOOD_XML.length / 2));
    expect(e.position).toMatch(/^line \d+ column \d+$/);
    expect(e.reason).toMatch(/not well-formed XML/);
    // cut inside a tag
    expect(failure('<mjloggm ver="2.3"><GO type="169"/><T1').reason).toMatch(/not well-formed XML/);
  });

  it('XML that is not well-formed: what is wrong in plain words, where it goes wrong (issue 24)', () => {
    const at = (text: string) => {
      const e = failure(text);
      return `${e.position}: ${e.reason}`;
    };
    // An element left open is reported where the document ends, naming it and where it opened.
    expect(at('<mjloggm ver="2.3"><SHUFFLE seed="x"/><GO type="169" lobby="0"/>\n<UN n0="a"/>\n<bad>')).toBe(
      'line 3 column 6: not well-formed XML: the document ends before <bad> (opened at line 3 column 1) and <mjloggm> (opened at line 1 column 1) are closed: the file may be cut short',
    );
    expect(at('<mjloggm ver="2.3">\n<GO type="169"/>\n</mjlogg>')).toBe(
      'line 3 column 1: not well-formed XML: the closing tag </mjlogg> does not match <mjloggm>, opened at line 1 column 1',
    );
    expect(at('<mjloggm ver="2.3">\n<GO type="169" lobby=0/>\n</mjloggm>')).toBe(
      'line 2 column 22: not well-formed XML: the value of the attribute lobby of the tag <GO> is not in quotes',
    );
    expect(at('<mjloggm ver="2.3">\n<GO type="169" type="1"/>\n</mjloggm>')).toBe('line 2 column 16: not well-formed XML: the attribute type appears twice in the tag <GO>');
    expect(at('<mjloggm ver="2.3">\n<GO type="1&9"/>\n</mjloggm>')).toBe(
      "line 2 column 12: not well-formed XML: an '&' that starts no entity (write &amp; for the character itself)",
    );
    expect(at('<mjloggm ver="2.3">\n<GO type="169"/>\n</mjloggm>\n<GO type="1"/>')).toBe(
      'line 4 column 1: not well-formed XML: a second root element <GO> after </mjloggm> ended the document',
    );
    // A real log cut short, inside a tag and inside a quoted value: the position is the document's end.
    const cut = GOOD_XML.indexOf('<N ') + 5;
    const lines = GOOD_XML.slice(0, cut).split('\n');
    expect(failure(GOOD_XML.slice(0, cut)).position).toBe(`line ${lines.length} column ${lines.at(-1)!.length + 1}`);
    expect(failure(GOOD_XML.slice(0, cut)).reason).toMatch(/^not well-formed XML: the document ends inside the tag <N> opened at line \d+ column \d+: the file may be cut short$/);
    expect(failure(GOOD_XML.slice(0, GOOD_XML.indexOf('seed="') + 12)).reason).toMatch(
      /^not well-formed XML: the document ends inside the value of the attribute seed of the tag <SHUFFLE>, opened at line 1 column \d+: a closing quote is missing$/,
    );
    // No parser's internals in any message.
    for (let n = 10; n < 3000; n += 97) expect(failure(GOOD_XML.slice(0, n)).reason).not.toMatch(/\[|Invalid '|found\.$/);
  });

  it('broken gzip', () => {
    const gz = gzipSync(Buffer.from(GOOD_XML));
    const e = failure(gz.subarray(0, gz.length - 100));
    expect(e.position).toBe('gzip stream');
    expect(e.reason).toMatch(/broken gzip stream/);
  });

  it('a gzip file is read by its magic bytes, whatever its name', () => {
    const game = parseLog(gzipSync(Buffer.from(GOOD_XML)), { file: 'game.json' });
    expect(game.gzip).toBe(true);
    expect(game.format).toBe('mjlog');
  });

  it('another XML document', () => {
    expect(failure('<html><body>404</body></html>').reason).toMatch(/root element is <html>, expected <mjloggm>/);
  });

  it('unknown tags', () => {
    const e = failure(edit(/<DORA /, '<FURITEN '));
    expect(e.position).toMatch(/^tag \d+ <FURITEN>$/);
    expect(e.reason).toMatch(/unknown tag, expected one of/);
    expect(failure(edit(/<T(\d+)\/>/, '<t12/>')).reason).toMatch(/live client protocol/);
  });

  it('attributes out of range', () => {
    expect(failure(edit(/<N who="\d"/, '<N who="7"')).reason).toMatch(/who="7" is out of range, expected an integer 0\.\.3/);
    const tile = failure(edit(/<T\d+\/>/, '<T136/>'));
    expect(tile.reason).toMatch(/tile id 136 is out of range/);
    expect(tile.position).toMatch(/^tag \d+ <T136>$/);
    expect(failure(edit(/hai0="\d+,/, 'hai0="999,')).reason).toMatch(/hai0 value 0 "999" is out of range, expected an integer 0\.\.135/);
    expect(failure(edit(/ m="\d+"/, ' m="70000"')).reason).toMatch(/out of range/);
    expect(failure(edit(/<INIT seed="[^"]*"/, '<INIT seed="0,0,0"')).reason).toMatch(/seed has 3 values, expected 6/);
    expect(failure(edit(/<REACH who="(\d)" step="1"/, '<REACH who="$1" step="3"'))).toBeDefined();
  });

  it('a meld code that names no meld', () => {
    const e = failure(edit(/ m="\d+"/, ` m="${(40 * 3) << 9 | 0x8 | 1}"`));
    expect(e.reason).toMatch(/not a tile kind/);
  });

  it('tenhou.net/6: an empty hand result is the log stopping inside its last hand, and refused anywhere else', () => {
    const stops = structuredClone(GOOD_JSON);
    const last = stops.log.length - 1;
    stops.log[last][16] = [];
    const game = parseLog(Buffer.from(JSON.stringify(stops)), { file: 'x.json' });
    expect(game.hands).toHaveLength(stops.log.length);
    expect(game.hands[last].events.some((e) => e.type === 'win' || e.type === 'ryuukyoku')).toBe(false);
    const early = structuredClone(GOOD_JSON);
    early.log[1][16] = [];
    expect(failure(JSON.stringify(early), 'x.json')).toMatchObject({
      position: 'log[1][16]',
      reason: 'hand result is empty: only the last hand of a log may stop without a win or a drawn hand',
    });
  });

  it('JSON of the wrong shape, with the JSON path', () => {
    expect(failure('[1,2,3]', 'x.json')).toMatchObject({ position: '[0].', reason: 'expected a tenhou.net/6 object with a "log" array, found 1' });
    expect(failure('{"name": []}', 'x.json').reason).toMatch(/expected a "log" array of hands, found nothing/);
    const shortRound = structuredClone(GOOD_JSON);
    shortRound.log[2] = shortRound.log[2].slice(0, 10);
    const e1 = failure(JSON.stringify(shortRound), 'x.json');
    expect(e1.position).toBe('log[2]');
    expect(e1.reason).toMatch(/has 10 entries, expected 17/);
    const badTile = structuredClone(GOOD_JSON);
    badTile.log[1][5][3] = 99;
    const e2 = failure(JSON.stringify(badTile), 'x.json');
    expect(e2.position).toBe('log[1][5][3]');
    expect(e2.reason).toMatch(/not a tile code/);
    const badCall = structuredClone(GOOD_JSON);
    badCall.log[0][8][0] = 'x123456';
    expect(failure(JSON.stringify(badCall), 'x.json').position).toBe('log[0][8][0]');
    const unordered = structuredClone(GOOD_JSON);
    unordered.log[0][5].push(11);
    expect(failure(JSON.stringify(unordered), 'x.json').reason).toMatch(/cannot rebuild the order of play/);
    expect(failure('{"log": [', 'x.json').reason).toMatch(/not valid JSON/);
  });
});

describe('numbers the database could not store are refused where they are (found by the fuzz test)', () => {
  it('a tenhou.net/6 final score with a fraction, or past 2^53', () => {
    const halves = structuredClone(GOOD_JSON);
    halves.sc[2] = 5200.5;
    const e = failure(JSON.stringify(halves), 'x.json');
    expect(e.position).toBe('sc[2]');
    expect(e.reason).toMatch(/final score 5200\.5 is not a whole number of points/);
    const huge = structuredClone(GOOD_JSON);
    huge.sc[0] = 1e20;
    expect(failure(JSON.stringify(huge), 'x.json').position).toBe('sc[0]');
    const delta = structuredClone(GOOD_JSON);
    delta.log[0][16][1][0] = 1e20;
    expect(failure(JSON.stringify(delta), 'x.json').position).toBe('log[0][16][1][0]');
  });

  it('mjlog scores and points beyond a billion', () => {
    expect(failure(edit(/owari="\d+,/, 'owari="1e300,')).reason).toMatch(/owari/);
    expect(failure(edit(/ sc="\d+,/, ' sc="1e300,')).reason).toMatch(/sc/);
  });
});
