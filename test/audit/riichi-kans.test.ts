/**
 * src/audit/riichi-kans.ts: kans by a player in riichi under riichiKan / okuriKan (docs/kan-rules.md §3), on
 * hand-made kan records.
 */
import { describe, expect, it } from 'vitest';
import { checkRiichiKans, judgeRiichiKan } from '../../src/audit/riichi-kans.js';
import type { RiichiKan } from '../../src/rules/index.js';
import type { TileId } from '../../src/tiles/index.js';
import { kan, replay, riichiAnkan, round, rules, win } from './support.js';

/** docs/kan-rules.md §3, rows 1-9: the hand at riichi, its waits, draw → kan, and the verdicts (reason when illegal). */
const VECTORS: {
  row: number;
  hand: string;
  waits: string[];
  draw: string;
  kan: string;
  waitsRule: true | string;
  strict: true | string;
  /** Row 9: an ankan made before riichi. */
  earlierAnkan?: string;
}[] = [
  { row: 1, hand: '3444m778899s333z', waits: ['2m', '3m', '5m'], draw: '4m', kan: '4m', waitsRule: 'waits-change', strict: 'waits-change' },
  { row: 2, hand: '3444m778899s333z', waits: ['2m', '3m', '5m'], draw: '3z', kan: '3z', waitsRule: true, strict: true },
  { row: 3, hand: '111m222333p5678s', waits: ['5s', '8s'], draw: '1m', kan: '1m', waitsRule: true, strict: true },
  { row: 3, hand: '111m222333p5678s', waits: ['5s', '8s'], draw: '2p', kan: '2p', waitsRule: true, strict: true },
  { row: 3, hand: '111m222333p5678s', waits: ['5s', '8s'], draw: '3p', kan: '3p', waitsRule: true, strict: true },
  { row: 4, hand: '3335666p111456s', waits: ['4p', '5p', '7p'], draw: '6p', kan: '6p', waitsRule: 'waits-change', strict: 'waits-change' },
  { row: 5, hand: '3335666p111456s', waits: ['4p', '5p', '7p'], draw: '3p', kan: '3p', waitsRule: true, strict: 'reading-lost' },
  { row: 6, hand: '222333444p23m11z', waits: ['1m', '4m'], draw: '2p', kan: '2p', waitsRule: true, strict: 'reading-lost' },
  { row: 6, hand: '222333444p23m11z', waits: ['1m', '4m'], draw: '3p', kan: '3p', waitsRule: true, strict: 'reading-lost' },
  { row: 6, hand: '222333444p23m11z', waits: ['1m', '4m'], draw: '4p', kan: '4p', waitsRule: true, strict: 'reading-lost' },
  { row: 7, hand: '22p56p567s888s111z', waits: ['4p', '7p'], draw: '8s', kan: '8s', waitsRule: true, strict: true },
  { row: 7, hand: '22p56p567s888s111z', waits: ['4p', '7p'], draw: '1z', kan: '1z', waitsRule: true, strict: true },
  { row: 8, hand: '22p56p789p678888s', waits: ['4p', '7p'], draw: '5s', kan: '8s', waitsRule: 'okuri-kan', strict: 'okuri-kan' },
  { row: 9, hand: '1113444p222z', waits: ['2p', '3p', '5p'], draw: '1p', kan: '1p', waitsRule: true, strict: 'reading-lost', earlierAnkan: '5z' },
];

function earlierOf(v: (typeof VECTORS)[number]) {
  return v.earlierAnkan ? [kan({ kind: 'ankan', tile: v.earlierAnkan, eventIndex: 3 })] : [];
}

describe('judgeRiichiKan: the docs/kan-rules.md §3 vectors', () => {
  for (const v of VECTORS) {
    const k = riichiAnkan({ hand: v.hand, draw: v.draw, kan: v.kan, eventIndex: 30 });
    for (const rule of ['waits', 'strict'] as const) {
      const expected = rule === 'waits' ? v.waitsRule : v.strict;
      it(`row ${v.row}: ${v.hand}, draw ${v.draw} → kan ${v.kan} is ${expected === true ? 'legal' : expected} under ${rule}`, () => {
        const verdict = judgeRiichiKan(k, earlierOf(v), rules({ riichiKan: rule, okuriKan: false }), 4);
        expect(verdict.legal).toBe(expected === true);
        expect(verdict.reason).toBe(expected === true ? 'allowed' : expected);
        expect(verdict.waitsBefore).toEqual(v.waits);
        expect(verdict).toMatchObject({ hand: 1, eventIndex: 30 });
      });
    }
    it(`row ${v.row}: ${v.hand}, draw ${v.draw} → kan ${v.kan} is illegal under none, without judging the waits`, () => {
      const verdict = judgeRiichiKan(k, earlierOf(v), rules({ riichiKan: 'none' }), 4);
      expect(verdict).toMatchObject({ legal: false, reason: 'riichi-kan-none', waitsBefore: null, waitsAfter: null });
      expect(verdict.explanation).toBe('riichiKan is none: no kan at all after riichi');
    });
  }

  it('row 1: the waits shrink from 2m 3m 5m to 3m', () => {
    const v = judgeRiichiKan(riichiAnkan({ hand: '3444m778899s333z', draw: '4m', kan: '4m' }), [], rules({ riichiKan: 'waits' }), 4);
    expect(v.waitsAfter).toEqual(['3m']);
    expect(v.explanation).toBe('the kan changes the waits from 2m 3m 5m to 3m');
  });

  it('row 8: the okuri-kan of 8s after drawing 5s is legal with okuriKan, under waits and strict', () => {
    const k = riichiAnkan({ hand: '22p56p789p678888s', draw: '5s', kan: '8s' });
    for (const rule of ['waits', 'strict'] as const) {
      const v = judgeRiichiKan(k, [], rules({ riichiKan: rule, okuriKan: true }), 4);
      expect(v).toMatchObject({ legal: true, reason: 'allowed', waitsBefore: ['4p', '7p'], waitsAfter: ['4p', '7p'] });
    }
  });

  it('row 9: without the ankan made before riichi the 10-tile hand cannot be judged', () => {
    const v = judgeRiichiKan(riichiAnkan({ hand: '1113444p222z', draw: '1p', kan: '1p' }), [], rules({ riichiKan: 'waits' }), 4);
    expect(v).toMatchObject({ legal: null, reason: 'not-judged', waitsBefore: null, waitsAfter: null });
  });
});

describe('judgeRiichiKan: kans that are not judged on the hand', () => {
  it('a daiminkan or kakan after riichi is not an ankan', () => {
    for (const kind of ['daiminkan', 'kakan'] as const) {
      const v = judgeRiichiKan(kan({ kind, tile: '2m', inRiichi: true }), [], rules({ riichiKan: 'waits' }), 4);
      expect(v).toMatchObject({ legal: false, reason: 'not-an-ankan', waitsBefore: null, waitsAfter: null });
      expect(v.explanation).toBe(`a ${kind} after riichi: only an ankan is allowed`);
    }
  });

  it('under none even a daiminkan is judged by the rule first', () => {
    const v = judgeRiichiKan(kan({ kind: 'daiminkan', inRiichi: true }), [], rules({ riichiKan: 'none' }), 4);
    expect(v.reason).toBe('riichi-kan-none');
  });

  it('an ankan with no tile drawn this turn, or no hand before the draw, is no-draw', () => {
    const k = riichiAnkan({ hand: '3444m778899s333z', draw: '3z', kan: '3z' });
    for (const gap of [{ drawnTile: null }, { concealedBeforeDraw: null }]) {
      const v = judgeRiichiKan({ ...k, ...gap }, [], rules({ riichiKan: 'waits' }), 4);
      expect(v).toMatchObject({ legal: false, reason: 'no-draw', waitsBefore: null, waitsAfter: null });
      expect(v.explanation).toBe('an ankan after riichi without a tile drawn this turn');
    }
  });

  it('a kan of a kind not held four times: illegal, no waits after', () => {
    const v = judgeRiichiKan(riichiAnkan({ hand: '3335666p111456s', draw: '2p', kan: '2p' }), [], rules({ riichiKan: 'waits' }), 4);
    expect(v).toMatchObject({ legal: false, reason: 'kan-tile-not-four', waitsBefore: ['4p', '5p', '7p'], waitsAfter: null });
  });

  it('a hand that cannot be (12 tiles at riichi) is not judged: legal null, with why', () => {
    const v = judgeRiichiKan(riichiAnkan({ hand: '444m778899s333z', draw: '4m', kan: '4m' }), [], rules({ riichiKan: 'waits' }), 4);
    expect(v).toMatchObject({ legal: null, reason: 'not-judged', waitsBefore: null, waitsAfter: null });
    expect(v.explanation).toMatch(/^the hand cannot be judged: a riichi hand has 13 concealed tiles.*got 12$/);
  });

  it('judges with the 3-player tile set when the game has 3 players', () => {
    const k = riichiAnkan({ hand: '111999m1p567s777z', draw: '7z', kan: '7z' });
    expect(judgeRiichiKan(k, [], rules({ riichiKan: 'strict' }), 3)).toMatchObject({ legal: true, waitsBefore: ['1p'] });
    // 5m does not exist with three players: the hand contradicts the game.
    const five = riichiAnkan({ hand: '3444m778899s333z', draw: '3z', kan: '3z' });
    expect(judgeRiichiKan(five, [], rules({ riichiKan: 'waits' }), 4).legal).toBe(true);
    const v = judgeRiichiKan(five, [], rules({ riichiKan: 'waits' }), 3);
    expect(v).toMatchObject({ legal: null, reason: 'not-judged' });
    expect(v.explanation).toMatch(/3-player/);
  });

  it('does not swallow an error that is not about the hand', () => {
    const k = riichiAnkan({ hand: '3444m778899s333z', draw: '3z', kan: '3z' });
    const broken = Object.assign([] as TileId[], {
      map: () => {
        throw new TypeError('a bug elsewhere');
      },
    });
    expect(() => judgeRiichiKan({ ...k, concealedBeforeDraw: broken }, [], rules({ riichiKan: 'waits' }), 4)).toThrow(TypeError);
  });
});

describe('checkRiichiKans', () => {
  it('judges only kans made in riichi and reports the illegal ones as the user sees them', () => {
    const illegal = riichiAnkan({ hand: '3444m778899s333z', draw: '4m', kan: '4m', seat: 2, eventIndex: 41 });
    const legal = riichiAnkan({ hand: '3444m778899s333z', draw: '3z', kan: '3z', seat: 3, eventIndex: 57 });
    const notInRiichi = kan({ kind: 'ankan', tile: '4m', seat: 0, eventIndex: 12, inRiichi: false });
    const r = replay({ hands: [round({ hand: 1 }), round({ hand: 2, kans: [notInRiichi, illegal, legal] })] });
    const { verdicts, findings } = checkRiichiKans(r, rules({ riichiKan: 'waits', okuriKan: false }));

    expect(verdicts.map((v) => [v.hand, v.eventIndex, v.legal])).toEqual([
      [2, 41, false],
      [2, 57, true],
    ]);
    expect(findings).toHaveLength(1);
    const [f] = findings;
    expect(f).toMatchObject({
      kind: 'riichi-kan-illegal',
      severity: 'error',
      hand: 2,
      eventIndex: 41,
      seat: 2,
      rule: 'riichiKan',
      details: {
        kan: 'ankan',
        tile: '4m',
        reason: 'waits-change',
        riichiKan: 'waits',
        okuriKan: false,
        waitsBefore: ['2m', '3m', '5m'],
        waitsAfter: ['3m'],
      },
    });
    expect(f.message).toBe("seat 2's ankan of 4m after riichi: the kan changes the waits from 2m 3m 5m to 3m; the hand was never revealed: no chombo");
  });

  it('says whether the hand was revealed, by a win or a tenpai hand shown at an exhaustive draw, and so chombo (issue 27)', () => {
    const k = riichiAnkan({ hand: '3444m778899s333z', draw: '4m', kan: '4m', seat: 2, eventIndex: 41 });
    const judged = (o: Parameters<typeof round>[0]) => checkRiichiKans(replay({ hands: [round({ kans: [k], ...o })] }), rules({ riichiKan: 'waits' })).findings[0];
    const won = judged({ wins: [win({ seat: 2, eventIndex: 60 })] });
    expect(won.details).toMatchObject({ revealed: 'win' });
    expect(won.message).toMatch(/; the hand was revealed \(seat 2 won\): chombo$/);
    const shown = judged({ ending: { kind: 'ryuukyoku', reason: 'exhaustive', eventIndex: 90, tenpaiShown: [0, 2] } });
    expect(shown.details).toMatchObject({ revealed: 'tenpai' });
    expect(shown.message).toMatch(/; the hand was revealed \(shown tenpai at the exhaustive draw\): chombo$/);
    const other = judged({ wins: [win({ seat: 1, eventIndex: 60 })], ending: { kind: 'ryuukyoku', reason: 'exhaustive', eventIndex: 90, tenpaiShown: [1] } });
    expect(other.details).toMatchObject({ revealed: null });
  });

  it('finds nothing when every riichi kan keeps to the rule', () => {
    const kans = [
      riichiAnkan({ hand: '3444m778899s333z', draw: '3z', kan: '3z', seat: 0, eventIndex: 20 }),
      riichiAnkan({ hand: '22p56p567s888s111z', draw: '8s', kan: '8s', seat: 1, eventIndex: 30 }),
    ];
    const { verdicts, findings } = checkRiichiKans(replay({ hands: [round({ kans })] }), rules({ riichiKan: 'strict' }));
    expect(verdicts.map((v) => v.reason)).toEqual(['allowed', 'allowed']);
    expect(findings).toEqual([]);
  });

  it('under none flags every riichi kan, legal under waits or not', () => {
    const k = riichiAnkan({ hand: '3444m778899s333z', draw: '3z', kan: '3z', seat: 0, eventIndex: 20 });
    const { findings } = checkRiichiKans(replay({ hands: [round({ kans: [k] })] }), rules({ riichiKan: 'none' }));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ details: { reason: 'riichi-kan-none', riichiKan: 'none', tile: '3z', waitsBefore: null, waitsAfter: null } });
    expect(findings[0].message).toBe("seat 0's ankan of 3z after riichi: riichiKan is none: no kan at all after riichi; the hand was never revealed: no chombo");
  });

  it.each<[RiichiKan, string]>([
    ['waits', 'allowed'],
    ['strict', 'reading-lost'],
  ])('row 5 under %s: %s', (rule, reason) => {
    const k = riichiAnkan({ hand: '3335666p111456s', draw: '3p', kan: '3p', seat: 3, eventIndex: 33 });
    const { verdicts, findings } = checkRiichiKans(replay({ hands: [round({ kans: [k] })] }), rules({ riichiKan: rule }));
    expect(verdicts[0].reason).toBe(reason);
    if (reason === 'allowed') {
      expect(findings).toEqual([]);
    } else {
      expect(findings[0]).toMatchObject({ seat: 3, details: { reason, riichiKan: 'strict', tile: '3p', waitsBefore: ['4p', '5p', '7p'], waitsAfter: ['4p', '5p', '7p'] } });
      expect(findings[0].message).toMatch(/^seat 3's ankan of 3p after riichi: with 4p the reading 33p 345p 666p 111s 456s has no 3p triplet/);
    }
  });

  it('row 8: an okuri-kan is flagged unless okuriKan, and the finding says which knob values applied', () => {
    const k = riichiAnkan({ hand: '22p56p789p678888s', draw: '5s', kan: '8s', seat: 1, eventIndex: 25 });
    const r = replay({ hands: [round({ kans: [k] })] });
    const off = checkRiichiKans(r, rules({ riichiKan: 'waits', okuriKan: false }));
    expect(off.findings[0]).toMatchObject({ details: { reason: 'okuri-kan', tile: '8s', okuriKan: false } });
    expect(off.findings[0].message).toMatch(/^seat 1's ankan of 8s after riichi: okuri-kan: 8s was held before the draw of 5s/);
    expect(checkRiichiKans(r, rules({ riichiKan: 'waits', okuriKan: true })).findings).toEqual([]);
  });

  it('with okuriKan an okuri-kan that changes the waits is still flagged, and the finding says okuriKan true', () => {
    // 1111m23m456p789s5z waits on 5z; drawing 9s and kanning 1m leaves 23m 9s 5z, not tenpai.
    const k = riichiAnkan({ hand: '1111m23m456p789s5z', draw: '9s', kan: '1m', seat: 0, eventIndex: 19 });
    const { findings } = checkRiichiKans(replay({ hands: [round({ kans: [k] })] }), rules({ riichiKan: 'waits', okuriKan: true }));
    expect(findings[0]).toMatchObject({ details: { reason: 'waits-change', tile: '1m', okuriKan: true, waitsBefore: ['5z'], waitsAfter: [] } });
  });

  it('a daiminkan after riichi: not-an-ankan', () => {
    const k = kan({ kind: 'daiminkan', tile: '7p', seat: 2, from: 1, eventIndex: 44, inRiichi: true });
    const { verdicts, findings } = checkRiichiKans(replay({ hands: [round({ kans: [k] })] }), rules({ riichiKan: 'strict' }));
    expect(verdicts[0]).toMatchObject({ legal: false, reason: 'not-an-ankan' });
    expect(findings[0]).toMatchObject({ kind: 'riichi-kan-illegal', eventIndex: 44, seat: 2, details: { kan: 'daiminkan', tile: '7p', reason: 'not-an-ankan', riichiKan: 'strict' } });
    expect(findings[0].message).toBe("seat 2's daiminkan of 7p after riichi: a daiminkan after riichi: only an ankan is allowed; the hand was never revealed: no chombo");
  });

  it('an ankan without a draw: no-draw', () => {
    const k = kan({ kind: 'ankan', tile: '6s', seat: 0, eventIndex: 15, inRiichi: true, drawnTile: null, concealedBeforeDraw: null });
    const { findings } = checkRiichiKans(replay({ hands: [round({ kans: [k] })] }), rules({ riichiKan: 'waits' }));
    expect(findings[0]).toMatchObject({ details: { kan: 'ankan', tile: '6s', reason: 'no-draw' } });
  });

  it('a hand that cannot be judged gets a verdict of legal null and no finding', () => {
    const k = riichiAnkan({ hand: '444m778899s333z', draw: '4m', kan: '4m', seat: 0, eventIndex: 15 });
    const { verdicts, findings } = checkRiichiKans(replay({ hands: [round({ kans: [k] })] }), rules({ riichiKan: 'waits' }));
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0]).toMatchObject({ legal: null, reason: 'not-judged' });
    expect(findings).toEqual([]);
  });

  it('judges with the ankans the same player made earlier in the round, and only those', () => {
    // Row 9: seat 1 made an ankan of 5z before riichi. Seat 2's earlier ankan and seat 1's later one are
    // not part of the hand judged (with them the ankan count would not fit the 10 tiles).
    const before = kan({ kind: 'ankan', tile: '5z', seat: 1, eventIndex: 5 });
    const otherSeat = kan({ kind: 'ankan', tile: '9m', seat: 2, eventIndex: 8 });
    const k = riichiAnkan({ hand: '1113444p222z', draw: '1p', kan: '1p', seat: 1, eventIndex: 30 });
    const later = kan({ kind: 'ankan', tile: '6z', seat: 1, eventIndex: 50 });
    const r = replay({ hands: [round({ kans: [before, otherSeat, k, later] })] });
    expect(checkRiichiKans(r, rules({ riichiKan: 'waits' })).verdicts).toEqual([expect.objectContaining({ eventIndex: 30, legal: true, waitsBefore: ['2p', '3p', '5p'] })]);
    const strict = checkRiichiKans(r, rules({ riichiKan: 'strict' }));
    expect(strict.findings[0]).toMatchObject({ eventIndex: 30, seat: 1, details: { reason: 'reading-lost', tile: '1p' } });
  });

  it("a second riichi kan is judged with the first one among the player's ankans", () => {
    // Row 3: 111m222333p5678s kans 1m, then (10 tiles left) 2p.
    const first = riichiAnkan({ hand: '111m222333p5678s', draw: '1m', kan: '1m', seat: 0, eventIndex: 20 });
    const second = riichiAnkan({ hand: '222333p5678s', draw: '2p', kan: '2p', seat: 0, eventIndex: 28 });
    const { verdicts, findings } = checkRiichiKans(replay({ hands: [round({ kans: [first, second] })] }), rules({ riichiKan: 'strict' }));
    expect(verdicts.map((v) => [v.eventIndex, v.legal, v.waitsBefore])).toEqual([
      [20, true, ['5s', '8s']],
      [28, true, ['5s', '8s']],
    ]);
    expect(findings).toEqual([]);
  });

  it("judges with the game's number of players", () => {
    const k = riichiAnkan({ hand: '3444m778899s333z', draw: '3z', kan: '3z' });
    const three = checkRiichiKans(replay({ playerCount: 3, hands: [round({ kans: [k] })] }), rules({ riichiKan: 'waits' }));
    expect(three.verdicts[0]).toMatchObject({ legal: null, reason: 'not-judged' });
    const four = checkRiichiKans(replay({ playerCount: 4, hands: [round({ kans: [k] })] }), rules({ riichiKan: 'waits' }));
    expect(four.verdicts[0]).toMatchObject({ legal: true });
  });
});
