import { describe, expect, it } from 'vitest';
import {
  HandError,
  judgeRiichiAnkan,
  readingToString,
  type RiichiAnkanQuestion,
  type RiichiKan,
} from '../../src/hand/index.js';
import { kindToString, parseKinds } from '../../src/tiles/index.js';

const tile = (t: string) => parseKinds(t)[0];
const names = (kinds: readonly number[] | null) => (kinds ? kinds.map(kindToString).join(' ') : null);

function judge(hand: string, draw: string, kan: string, rule: RiichiKan, extra: Partial<RiichiAnkanQuestion> = {}) {
  return judgeRiichiAnkan({ concealed: parseKinds(hand), draw: tile(draw), kan: tile(kan), rule, okuriKan: false, ...extra });
}

/** docs/kan-rules.md §3, rows 1-12: hand, waits, draw → kan, verdict under `waits` and under `strict`. */
const VECTORS: {
  row: number;
  hand: string;
  waits: string;
  kans: [string, string][];
  waitsRule: boolean;
  strict: boolean;
  /** Ankans made before riichi. */
  ankans?: string[];
}[] = [
  { row: 1, hand: '3444m778899s333z', waits: '2m 3m 5m', kans: [['4m', '4m']], waitsRule: false, strict: false },
  { row: 2, hand: '3444m778899s333z', waits: '2m 3m 5m', kans: [['3z', '3z']], waitsRule: true, strict: true },
  { row: 3, hand: '111m222333p5678s', waits: '5s 8s', kans: [['1m', '1m'], ['2p', '2p'], ['3p', '3p']], waitsRule: true, strict: true },
  { row: 4, hand: '3335666p111456s', waits: '4p 5p 7p', kans: [['6p', '6p']], waitsRule: false, strict: false },
  { row: 5, hand: '3335666p111456s', waits: '4p 5p 7p', kans: [['3p', '3p']], waitsRule: true, strict: false },
  { row: 6, hand: '222333444p23m11z', waits: '1m 4m', kans: [['2p', '2p'], ['3p', '3p'], ['4p', '4p']], waitsRule: true, strict: false },
  { row: 7, hand: '22p56p567s888s111z', waits: '4p 7p', kans: [['8s', '8s'], ['1z', '1z']], waitsRule: true, strict: true },
  { row: 8, hand: '22p56p789p678888s', waits: '4p 7p', kans: [['5s', '8s']], waitsRule: false, strict: false },
  { row: 9, hand: '1113444p222z', waits: '2p 3p 5p', kans: [['1p', '1p']], waitsRule: true, strict: false, ankans: ['7z'] },
  { row: 10, hand: '2345556677888p', waits: '2p 5p 6p 7p 8p', kans: [['8p', '8p']], waitsRule: true, strict: false },
  { row: 11, hand: '13m444p789s11z', waits: '2m', kans: [['4p', '4p']], waitsRule: true, strict: true, ankans: ['2m'] },
  { row: 12, hand: '1222377888899m', waits: '2m', kans: [['2m', '2m']], waitsRule: true, strict: true },
];

describe('docs/kan-rules.md §3 test vectors', () => {
  for (const v of VECTORS) {
    for (const [draw, kan] of v.kans) {
      it(`row ${v.row}: ${v.hand}, draw ${draw}, kan ${kan}`, () => {
        const extra = v.ankans ? { ankans: v.ankans.map(tile) } : {};
        const none = judge(v.hand, draw, kan, 'none', extra);
        expect(none.legal).toBe(false);
        expect(none.reason).toBe('riichi-kan-none');
        const waits = judge(v.hand, draw, kan, 'waits', extra);
        expect(names(waits.waitsBefore)).toBe(v.waits);
        expect(waits.legal).toBe(v.waitsRule);
        expect(judge(v.hand, draw, kan, 'strict', extra).legal).toBe(v.strict);
      });
    }
  }

  it('row 1: the waits shrink to 3m', () => {
    const v = judge('3444m778899s333z', '4m', '4m', 'waits');
    expect(v.reason).toBe('waits-change');
    expect(names(v.waitsAfter)).toBe('3m');
    expect(v.explanation).toBe('the kan changes the waits from 2m 3m 5m to 3m');
  });

  it('row 4: the 7p wait disappears', () => {
    expect(names(judge('3335666p111456s', '6p', '6p', 'waits').waitsAfter)).toBe('4p 5p');
  });

  it('row 5: strict names the lost reading 33p 345p 666p with 4p', () => {
    const v = judge('3335666p111456s', '3p', '3p', 'strict');
    expect(v.reason).toBe('reading-lost');
    expect(kindToString(v.lostReading!.wait)).toBe('4p');
    expect(readingToString(v.lostReading!.reading)).toBe('33p 345p 666p 111s 456s');
  });

  it('row 6: strict loses the 234p×3 reading', () => {
    const v = judge('222333444p23m11z', '3p', '3p', 'strict');
    expect(readingToString(v.lostReading!.reading)).toBe('123m 234p 234p 234p 11z');
  });

  it('row 8: an okuri-kan, legal only with okuriKan', () => {
    const v = judge('22p56p789p678888s', '5s', '8s', 'waits');
    expect(v.reason).toBe('okuri-kan');
    expect(v.okuri).toBe(true);
    const allowed = judge('22p56p789p678888s', '5s', '8s', 'waits', { okuriKan: true });
    expect(allowed.legal).toBe(true);
    expect(names(allowed.waitsAfter)).toBe('4p 7p');
    expect(judge('22p56p789p678888s', '5s', '8s', 'none', { okuriKan: true }).legal).toBe(false);
    // Under strict the one reading of each winning hand keeps 888s, before and after.
    expect(judge('22p56p789p678888s', '5s', '8s', 'strict', { okuriKan: true }).legal).toBe(true);
  });

  it('row 12: after the kan the one wait has no copy left, and is still the wait', () => {
    const v = judge('1222377888899m', '2m', '2m', 'strict');
    expect(names(v.waitsAfter)).toBe('2m');
    expect(v.reason).toBe('allowed');
  });

  it('row 9: ten concealed tiles after an ankan made before riichi', () => {
    const v = judge('1113444p222z', '1p', '1p', 'strict', { ankans: [tile('5z')] });
    expect(v.reason).toBe('reading-lost');
    expect(readingToString(v.lostReading!.reading)).toBe('11p 123p 444p 222z');
  });
});

describe('other verdicts', () => {
  it('a kan of a tile not held four times is illegal, with how many are held', () => {
    const v = judge('3335666p111456s', '2p', '2p', 'waits');
    expect(v.reason).toBe('kan-tile-not-four');
    expect(v.waitsAfter).toBeNull();
    expect(v.explanation).toBe('an ankan of 2p needs all four copies; the player holds 1 (0 in hand + the drawn tile)');
    const held = judge('3335666p111456s', '2p', '3p', 'waits', { okuriKan: true });
    expect(held.explanation).toMatch(/holds 3 \(3 in hand\)/);
  });

  it('an okuri-kan that changes the waits stays illegal with okuriKan', () => {
    // 1111m23m 456p 789s 5z waits on 5z (111m 123m). Drawing 4m and kanning 1m keeps 234m and the
    // 5z wait; drawing 9s and kanning 1m leaves 23m 9s 5z, not tenpai.
    const keeps = judge('1111m23m456p789s5z', '4m', '1m', 'strict', { okuriKan: true });
    expect(names(keeps.waitsAfter)).toBe('5z');
    expect(keeps.legal).toBe(true);
    const v = judge('1111m23m456p789s5z', '9s', '1m', 'waits', { okuriKan: true });
    expect(v.okuri).toBe(true);
    expect(v.reason).toBe('waits-change');
    expect(names(v.waitsAfter)).toBe('');
  });

  it('a riichi hand that is not tenpai cannot kan', () => {
    const v = judge('33356666p11145s', '3p', '3p', 'waits');
    expect(v.reason).toBe('not-tenpai');
  });

  it('keeps the kanned kind as a wait afterwards when the hand still waits on it (Tenhou: melds exhaust nothing)', () => {
    // 2345556677888p waits on 2p 5p 6p 7p 8p; after the kan of 8p, 2345556677p still waits on 8p (567p 678p),
    // though all four 8p are then in the kan. majiang-core and mjx allow this kan too; Mortal refuses it.
    const v = judge('2345556677888p', '8p', '8p', 'waits');
    expect(names(v.waitsBefore)).toBe('2p 5p 6p 7p 8p');
    expect(names(v.waitsAfter)).toBe('2p 5p 6p 7p 8p');
    expect(v).toMatchObject({ legal: true, reason: 'allowed' });
    // strict: with 5p, the reading 234p 555p 567p 678p 88p has no 8p triplet.
    const strict = judge('2345556677888p', '8p', '8p', 'strict');
    expect(strict.reason).toBe('reading-lost');
    expect(readingToString(strict.lostReading!.reading)).toBe('234p 555p 567p 678p 88p');
  });

  it('a kan of a waited kind that the hand after the kan no longer waits on changes the waits', () => {
    // 23334m 567p 123s 55z waits on 3m (333m + 24m, 234m + 33m 55z) and 5z; after the kan of 3m, 24m
    // 567p 123s 55z waits on 3m only: the 5z wait is lost.
    const v = judge('23334m567p123s55z', '3m', '3m', 'waits');
    expect(names(v.waitsBefore)).toBe('3m 5z');
    expect(names(v.waitsAfter)).toBe('3m');
    expect(v.reason).toBe('waits-change');
  });

  it('uses ankans made before riichi to check the hand, but their kinds stay waits (Tenhou)', () => {
    const v = judge('1113444p222z', '1p', '1p', 'waits', { ankans: [tile('5p')] });
    expect(names(v.waitsBefore)).toBe('2p 3p 5p');
    expect(names(v.waitsAfter)).toBe('2p 3p 5p');
    expect(v.legal).toBe(true);
    // 13m 444p 789s 11z after an ankan of 2m: waits on 2m, of which the player holds all four in the kan.
    const karaten = judge('13m444p789s11z', '4p', '4p', 'strict', { ankans: [tile('2m')] });
    expect(names(karaten.waitsBefore)).toBe('2m');
    expect(karaten).toMatchObject({ legal: true, reason: 'allowed' });
  });

  it('works with the 3-player tile set', () => {
    const v = judge('111999m1p567s777z', '7z', '7z', 'strict', { threePlayer: true });
    expect(names(v.waitsBefore)).toBe('1p');
    expect(v.legal).toBe(true);
    expect(() => judge('111999m1p567s777z', '5m', '5m', 'strict', { threePlayer: true })).toThrow(/3-player/);
  });
});

describe('impossible questions throw HandError', () => {
  it('wrong size, fifth copy, ankans that do not fit, unknown rule', () => {
    expect(() => judge('3335666p11145s', '3p', '3p', 'waits')).toThrow(HandError);
    expect(() => judge('3335666p11145s', '3p', '3p', 'waits')).toThrow(/got 12/);
    expect(() => judge('3333566p111456s', '3p', '3p', 'waits')).toThrow(/five copies of 3p/);
    expect(() => judge('1113444p222z', '1p', '1p', 'waits', { ankans: [] })).toThrow(/0 ankans leave 13/);
    expect(() => judge('1113444p222z', '1p', '1p', 'waits', { ankans: [tile('4p')] })).toThrow(/five copies of 4p/);
    expect(() => judge('1113444p222z', '1p', '1p', 'loose' as RiichiKan)).toThrow(/riichiKan must be one of none, waits, strict/);
  });
});
