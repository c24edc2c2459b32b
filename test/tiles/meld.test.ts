import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeMeld, encodeMeld, kindOf } from '../../src/tiles/index.js';
import { corpusFiles } from '../support/corpus.js';

describe('meld codes', () => {
  it('decodes the examples of the format doc', () => {
    // ankan of 2m (id 4 in the code) after drawing id 7 (2010122717gm-00a9-0000-8e787e61)
    expect(decodeMeld(1024)).toMatchObject({ type: 'ankan', fromOffset: 0, tiles: [4, 5, 6, 7] });
    // daiminkan: called tile id 59 (15106 >> 8), from toimen
    expect(decodeMeld(15106)).toMatchObject({ type: 'daiminkan', called: 59, fromOffset: 2, tiles: [56, 57, 58, 59] });
    // kakan m = pon m XOR 0x18
    const kakan = decodeMeld(28722);
    const pon = decodeMeld(28722 ^ 0x18);
    expect(kakan.type).toBe('kakan');
    expect(pon.type).toBe('pon');
    expect(kakan.called).toBe(pon.called);
    expect(kakan.tiles).toEqual([...pon.tiles, kakan.added].sort((a, b) => a! - b!));
    // kita: m = (id << 8) + 0x20
    expect(decodeMeld(31264)).toMatchObject({ type: 'kita', called: 122 });
  });

  it('decodes a chi into three consecutive kinds with the called tile from kamicha', () => {
    for (let code = 0; code < 0x10000; code++) {
      if (!(code & 4) || (code & 3) !== 3 || code >> 10 >= 63 || code & 0x200) continue;
      const chi = decodeMeld(code);
      const kinds = chi.tiles.map(kindOf);
      expect(kinds[1]).toBe(kinds[0] + 1);
      expect(kinds[2]).toBe(kinds[0] + 2);
      expect(Math.floor(kinds[0] / 9)).toBe(Math.floor(kinds[2] / 9));
      expect(kinds[2]).toBeLessThan(27);
      expect(encodeMeld(chi)).toBe(code);
    }
  });

  it('rejects codes that name no meld', () => {
    expect(() => decodeMeld(70000)).toThrow(/out of range/);
    expect(() => decodeMeld((34 * 3) << 9 | 0x8 | 1)).toThrow(/not a tile kind/);
    expect(() => decodeMeld(0x10)).toThrow(/kakan/);
  });

  it('round-trips every meld code of the corpus', () => {
    const codes = new Set<number>();
    for (const file of corpusFiles()) {
      if (file.endsWith('.json')) continue;
      let buf = readFileSync(file);
      if (buf[0] === 0x1f && buf[1] === 0x8b) buf = gunzipSync(buf);
      for (const m of buf.toString('utf8').matchAll(/<N who="\d" m="(\d+)"/g)) codes.add(Number(m[1]));
    }
    expect(codes.size).toBeGreaterThan(5000);
    for (const code of codes) expect(encodeMeld(decodeMeld(code)), `code ${code}`).toBe(code);
  });
});
