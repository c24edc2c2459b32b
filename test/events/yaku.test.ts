import { describe, expect, it } from 'vitest';
import { LIMITS, limitTerm, YAKU, YAKU_IDS_BY_MJAI_NAME, YAKU_IDS_BY_NAME, YAKU_TABLE, YAKUMAN, yakuHan, yakuTerm } from '../../src/events/index.js';

describe('the yaku table', () => {
  it("holds Tenhou's 55 mjlog ids in order, each at its own index", () => {
    expect(YAKU_TABLE).toHaveLength(55);
    YAKU_TABLE.forEach((y, i) => expect(y.id).toBe(i));
  });

  it("gives Tenhou's ids and names as mjlog and tenhou.net/6 write them (docs/formats.md §2.9)", () => {
    expect([YAKU.menzenTsumo, YAKU.rinshanKaihou, YAKU.sankantsu, YAKU.renhou, YAKUMAN.suukantsu, YAKU.akaDora]).toEqual([0, 4, 27, 36, 51, 54]);
    expect(YAKU_TABLE[YAKU.rinshanKaihou].tenhou).toBe('嶺上開花');
    expect(YAKU_TABLE[YAKUMAN.kokushi13].tenhou).toBe('国士無双１３面');
    expect(YAKU_IDS_BY_NAME.get('三槓子')).toBe(27);
  });

  it('reads the converters\' and Mahjong Soul\'s English names as the same ids, and the unnamed winds as markers', () => {
    expect(YAKU_IDS_BY_NAME.get('ダブル立直')).toBe(21);
    expect(YAKU_IDS_BY_NAME.get('国士無双十三面待ち')).toBe(48);
    expect(YAKU_IDS_BY_NAME.get('抜きドラ')).toBe(52);
    expect(YAKU_IDS_BY_NAME.get('After a Kan')).toBe(4);
    expect(YAKU_IDS_BY_NAME.get('Kita')).toBe(52);
    expect(YAKU_IDS_BY_NAME.get('役牌:自風牌')).toBe('seat-wind');
    expect(YAKU_IDS_BY_NAME.get('Prevalent Wind')).toBe('round-wind');
  });

  it('never gives one name to two yaku', () => {
    const names = YAKU_TABLE.flatMap((y) => [y.tenhou, ...y.converter, ...y.english]);
    expect(new Set(names).size).toBe(names.length);
    const mjai = YAKU_TABLE.flatMap((y) => (y.mjai === null ? [] : [y.mjai]));
    expect(new Set(mjai).size).toBe(mjai.length);
  });

  it("maps gimite's mjai names, renho among the yaku and not the yakuman", () => {
    expect(YAKU_IDS_BY_MJAI_NAME.get('rinshankaiho')).toBe(4);
    expect(YAKU_IDS_BY_MJAI_NAME.get('sukantsu')).toBe(51);
    expect(YAKU_TABLE[YAKU_IDS_BY_MJAI_NAME.get('renho')!].yakuman).toBe(false);
  });

  it('gives the han of the rules: less open for the hands that lose one, none open for the closed-only yaku', () => {
    expect([yakuHan(YAKU.chinitsu, true), yakuHan(YAKU.chinitsu, false)]).toEqual([6, 5]);
    expect([yakuHan(YAKU.honitsu, true), yakuHan(YAKU.honitsu, false)]).toEqual([3, 2]);
    expect([yakuHan(YAKU.junchan, true), yakuHan(YAKU.junchan, false)]).toEqual([3, 2]);
    expect([yakuHan(YAKU.ittsu, true), yakuHan(YAKU.ittsu, false)]).toEqual([2, 1]);
    expect([yakuHan(YAKU.toitoi, true), yakuHan(YAKU.toitoi, false)]).toEqual([2, 2]);
    expect([yakuHan(YAKU.pinfu, false), yakuHan(YAKU.riichi, false), yakuHan(YAKU.ryanpeikou, true)]).toEqual([0, 0, 3]);
  });

  it('marks the four yaku a kan makes, and the 15 yakuman', () => {
    expect(YAKU_TABLE.filter((y) => y.kan).map((y) => y.term)).toEqual(['chankan', 'rinshan kaihou', 'sankantsu', 'suukantsu']);
    expect(YAKU_TABLE.filter((y) => y.yakuman)).toHaveLength(15);
    expect(Object.values(YAKUMAN)).toHaveLength(15);
  });

  it('names an id it does not have', () => {
    expect(yakuTerm(YAKU.rinshanKaihou)).toBe('rinshan kaihou');
    expect(yakuTerm(77)).toBe('yaku 77');
  });
});

describe('the limits', () => {
  it('names each limit code in every spelling', () => {
    expect(LIMITS.map((l) => l.term)).toEqual(['none', 'mangan', 'haneman', 'baiman', 'sanbaiman', 'yakuman']);
    expect(LIMITS.map((l) => l.tenhou)).toEqual(['', '満貫', '跳満', '倍満', '三倍満', '役満']);
    expect(LIMITS[5].alsoRead).toContain('数え役満');
    expect(limitTerm(3)).toBe('baiman');
    expect(limitTerm(6)).toBeNull();
  });
});
