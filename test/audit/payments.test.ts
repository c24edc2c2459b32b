/**
 * Who pays for a rinshan tsumo on a daiminkan's replacement tile: every other player (daiminkanPao none,
 * Tenhou, as three corpus logs show) or the player whose discard was called for the kan, alone.
 */
import { describe, expect, it } from 'vitest';
import { checkDaiminkanPayments } from '../../src/audit/payments.js';
import { kan, round, rules, win } from './support.js';

/** Seat 2 calls seat 1's discard for a daiminkan and wins on the replacement tile, paid as `deltas` say. */
function rinshanAfterDaiminkan(deltas: number[], kind: 'daiminkan' | 'kakan' = 'daiminkan') {
  return round({
    kans: [kan({ kind, seat: 2, from: 1, eventIndex: 30, rinshanWin: true })],
    wins: [win({ seat: 2, from: 2, tsumo: true, rinshan: true, eventIndex: 32, scoreDeltas: deltas })],
  });
}

describe('daiminkanPao', () => {
  it('none: all three others pay, as on Tenhou; nothing to say', () => {
    expect(checkDaiminkanPayments([rinshanAfterDaiminkan([-4000, -4000, 12000, -4000])], rules())).toEqual([]);
  });

  it('none, but only the discarder pays: daiminkan-pao-mismatch (warning) at the win', () => {
    const [f, ...rest] = checkDaiminkanPayments([rinshanAfterDaiminkan([0, -12000, 12000, 0])], rules());
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      kind: 'daiminkan-pao-mismatch',
      severity: 'warning',
      rule: 'daiminkanPao',
      hand: 1,
      eventIndex: 32,
      seat: 2,
      details: { daiminkanPao: 'none', discarder: 1, payers: [1] },
    });
    expect(f.message).toBe(
      "seat 2's rinshan tsumo after a daiminkan of seat 1's discard: only seat 1, the discarder of the kan's tile, pays, but every other player should pay (daiminkanPao none)",
    );
  });

  it('discarder-pays: the discarder alone is right; all three paying is a mismatch', () => {
    const liable = rules({ daiminkanPao: 'discarder-pays' });
    expect(checkDaiminkanPayments([rinshanAfterDaiminkan([0, -12000, 12000, 0])], liable)).toEqual([]);
    const [f] = checkDaiminkanPayments([rinshanAfterDaiminkan([-4000, -4000, 12000, -4000])], liable);
    expect(f.details).toEqual({ daiminkanPao: 'discarder-pays', discarder: 1, payers: [0, 1, 3] });
    expect(f.message).toMatch(/seats 0, 1, 3 pay, but seat 1 alone should pay/);
  });

  it('only a daiminkan counts: a rinshan tsumo after a kakan is paid as any tsumo whatever the knob', () => {
    const liable = rules({ daiminkanPao: 'discarder-pays' });
    expect(checkDaiminkanPayments([rinshanAfterDaiminkan([-4000, -4000, 12000, -4000], 'kakan')], liable)).toEqual([]);
  });

  describe('a later kan of the same turn (the Rinshan kaihou page: liable "until end of turn")', () => {
    /** Seat 2 calls seat 1's discard for a daiminkan, makes an ankan on its replacement tile and wins on the ankan's. */
    const chained = (deltas: number[]) =>
      round({
        kans: [kan({ kind: 'daiminkan', seat: 2, from: 1, eventIndex: 30 }), kan({ kind: 'ankan', seat: 2, tile: '1p', eventIndex: 32, afterReplacement: true, rinshanWin: true })],
        wins: [win({ seat: 2, from: 2, tsumo: true, rinshan: true, eventIndex: 34, scoreDeltas: deltas })],
      });
    const allPay = [-1300, -700, 2700, -700];
    const discarderPays = [0, -2700, 2700, 0];

    it('discarder-pays-chained: the discarder alone is right, all paying is a mismatch', () => {
      const liable = rules({ daiminkanPao: 'discarder-pays-chained' });
      expect(checkDaiminkanPayments([chained(discarderPays)], liable)).toEqual([]);
      const [f] = checkDaiminkanPayments([chained(allPay)], liable);
      expect(f.details).toEqual({ daiminkanPao: 'discarder-pays-chained', discarder: 1, payers: [0, 1, 3] });
      expect(f.message).toMatch(/and a ankan in the same turn: seats 0, 1, 3 pay, but seat 1 alone should pay/);
    });

    it('discarder-pays and none: the liability ends with the daiminkan\'s own tile, so the discarder alone paying is a mismatch', () => {
      for (const value of ['discarder-pays', 'none'] as const) {
        expect(checkDaiminkanPayments([chained(allPay)], rules({ daiminkanPao: value })), value).toEqual([]);
        const [f, ...rest] = checkDaiminkanPayments([chained(discarderPays)], rules({ daiminkanPao: value }));
        expect(rest).toEqual([]);
        expect(f).toMatchObject({ kind: 'daiminkan-pao-mismatch', hand: 1, eventIndex: 34, seat: 2, details: { daiminkanPao: value, discarder: 1, payers: [1] } });
      }
      const [f] = checkDaiminkanPayments([chained(discarderPays)], rules({ daiminkanPao: 'discarder-pays' }));
      expect(f.message).toMatch(/every other player should pay \(daiminkanPao discarder-pays: the liability ends with the daiminkan's own replacement tile\)/);
    });
  });
});

