import { describe, expect, it } from 'vitest';
import { decodeGameType, encodeGameType, gameRuleOf } from '../../src/formats/index.js';

describe('the GO type', () => {
  it("reads Tenhou's types as its labels say them", () => {
    // 0x00a9: the houou hanchan of the log ids 2019…gm-00a9-…; 0x00b9 its 3-player room; 0x0041 a fast ippan tonpuu.
    expect(decodeGameType(0x00a9)).toMatchObject({ playerCount: 4, lobbyLevel: 'houou', length: 'hanchan', openTanyao: true, redFives: true, speed: 'normal', label: '四鳳南喰赤' });
    expect(decodeGameType(0x00b9)).toMatchObject({ playerCount: 3, label: '三鳳南喰赤' });
    expect(decodeGameType(0x0041)).toMatchObject({ playerCount: 4, lobbyLevel: 'ippan', length: 'tonpuu', speed: 'fast', label: '四般東喰赤速' });
    // Without red fives and open tanyao (bits 0x02 and 0x04).
    expect(decodeGameType(0x000f)).toMatchObject({ redFives: false, redFiveSuits: 0, openTanyao: false, label: '四般南' });
    // The chip games: dnovikoff/tenhou's chip.xml (553) and ratio1.xml (1569, five chips).
    expect([decodeGameType(553).chips, decodeGameType(1569).chips, decodeGameType(0x00a9).chips]).toEqual(['chips', 'five-chips', 'none']);
  });

  it('writes back the type it reads, chips aside', () => {
    for (const type of [0x00a9, 0x00b9, 0x0041, 0x000f, 0x1009]) expect(encodeGameType(decodeGameType(type))).toBe(type);
  });

  it("gives a log without a GO type a ranked game's rule, with what the log says", () => {
    expect(gameRuleOf({ playerCount: 4, redFives: true })).toMatchObject({ typeCode: 0x09, length: 'hanchan', openTanyao: true, vsHumans: true, label: '四般南喰赤' });
    expect(gameRuleOf({ playerCount: 3, redFives: false, length: 'tonpuu' })).toMatchObject({ playerCount: 3, redFives: false, length: 'tonpuu', label: '三般東喰' });
  });
});
