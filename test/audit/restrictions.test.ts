/**
 * src/audit/restrictions.ts: no kan after the haitei, no daiminkan on the houtei, no kan right after chi
 * or pon, a replacement draw for every completed kan (docs/kan-rules.md §6), on hand-made kan records.
 */
import { describe, expect, it } from 'vitest';
import { checkRestrictions } from '../../src/audit/restrictions.js';
import type { KanType } from '../../src/tiles/index.js';
import { kan, round } from './support.js';

const KINDS: KanType[] = ['ankan', 'daiminkan', 'kakan'];

describe('checkRestrictions', () => {
  it('a kan of each kind made as the rules say: nothing', () => {
    const kans = KINDS.map((kind, i) => kan({ kind, tile: '2m', eventIndex: 10 * (i + 1), liveWallLeft: 1 }));
    expect(checkRestrictions([round({ kans })])).toEqual([]);
  });

  it.each(['ankan', 'kakan'] as const)('an %s after the last live tile was drawn: kan-after-haitei', (kind) => {
    const findings = checkRestrictions([round({ hand: 7, kans: [kan({ kind, tile: '2m', seat: 3, eventIndex: 88, liveWallLeft: 0 })] })]);
    expect(findings).toEqual([
      {
        kind: 'kan-after-haitei',
        severity: 'error',
        hand: 7,
        eventIndex: 88,
        seat: 3,
        message: `seat 3's ${kind} of 2m after the last live tile was drawn`,
        details: { kan: kind, tile: '2m' },
      },
    ]);
  });

  it('a daiminkan on the last discard: daiminkan-on-houtei (and not kan-after-haitei)', () => {
    const findings = checkRestrictions([round({ hand: 2, kans: [kan({ kind: 'daiminkan', tile: '7z', seat: 0, eventIndex: 95, liveWallLeft: 0 })] })]);
    expect(findings).toEqual([
      {
        kind: 'daiminkan-on-houtei',
        severity: 'error',
        hand: 2,
        eventIndex: 95,
        seat: 0,
        message: "seat 0's daiminkan of 7z on the last discard of the hand",
        details: { tile: '7z' },
      },
    ]);
  });

  it.each(['ankan', 'kakan'] as const)('an %s right after a chi or pon: kan-after-call', (kind) => {
    const findings = checkRestrictions([round({ kans: [kan({ kind, tile: '9p', seat: 2, eventIndex: 40, afterCall: true })] })]);
    expect(findings).toEqual([
      {
        kind: 'kan-after-call',
        severity: 'error',
        hand: 1,
        eventIndex: 40,
        seat: 2,
        message: `seat 2's ${kind} of 9p right after a chi or pon, before drawing`,
        details: { kan: kind, tile: '9p' },
      },
    ]);
  });

  it.each(KINDS)('a %s after which play went on without a replacement draw: replacement-draw-missing', (kind) => {
    const k = kan({ kind, tile: '1s', seat: 1, eventIndex: 50, afterDeclaration: 'went-on', replacement: null });
    const findings = checkRestrictions([round({ kans: [k] })]);
    expect(findings).toEqual([
      {
        kind: 'replacement-draw-missing',
        severity: 'error',
        hand: 1,
        eventIndex: 50,
        seat: 1,
        message: `seat 1's ${kind} of 1s has no replacement draw`,
        details: { kan: kind, tile: '1s' },
      },
    ]);
  });

  it('no replacement draw is missing when the kan was robbed, the hand ended at it, or the log stops there', () => {
    const kans = [
      kan({ kind: 'kakan', eventIndex: 10, robbed: true, afterDeclaration: 'robbed', replacement: null }),
      kan({ kind: 'ankan', eventIndex: 20, afterDeclaration: 'ended', replacement: null }),
      kan({ kind: 'daiminkan', eventIndex: 30, afterDeclaration: null, replacement: null }),
    ];
    expect(checkRestrictions([round({ kans })])).toEqual([]);
  });

  it('names the tile by kind (a red five is 5m) and reports every broken rule of a kan, in order', () => {
    const k = kan({ kind: 'kakan', tile: 16, seat: 2, eventIndex: 70, liveWallLeft: 0, afterCall: true, afterDeclaration: 'went-on', replacement: null });
    const findings = checkRestrictions([round({ kans: [k] })]);
    expect(findings.map((f) => f.kind)).toEqual(['kan-after-haitei', 'kan-after-call', 'replacement-draw-missing']);
    for (const f of findings) {
      expect(f.details).toMatchObject({ tile: '5m' });
      expect(f.message).toContain("seat 2's kakan of 5m ");
    }
  });

  it('checks every kan of every round', () => {
    const findings = checkRestrictions([
      round({ hand: 1, kans: [kan({ eventIndex: 5 }), kan({ kind: 'ankan', eventIndex: 9, afterCall: true })] }),
      round({ hand: 2 }),
      round({ hand: 3, kans: [kan({ kind: 'daiminkan', eventIndex: 3, liveWallLeft: 0 })] }),
    ]);
    expect(findings.map((f) => [f.hand, f.eventIndex, f.kind])).toEqual([
      [1, 9, 'kan-after-call'],
      [3, 3, 'daiminkan-on-houtei'],
    ]);
  });
});
