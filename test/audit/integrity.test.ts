/**
 * src/audit/integrity.ts: what the replay found wrong with the log itself (kandora timing and count,
 * the wall, inconsistencies), as findings.
 */
import { describe, expect, it } from 'vitest';
import { checkIntegrity } from '../../src/audit/integrity.js';
import { REVEAL_MOMENT_WORDS, type RevealMoment } from '../../src/replay/index.js';
import { replay } from './support.js';

describe('checkIntegrity', () => {
  it('a log with nothing wrong: nothing', () => {
    expect(checkIntegrity(replay())).toEqual([]);
  });

  it('a kandora revealed at another moment: kandora-timing-mismatch under the effective timing', () => {
    // Chip games turn tenhou into immediate: the finding names the timing applied.
    const r = replay({
      kandoraTiming: 'tenhou',
      effectiveKandoraTiming: 'immediate',
      timingMismatches: [{ hand: 3, kanEventIndex: 37, seat: 1, kind: 'daiminkan', logged: 'after-discard', rule: 'declaration' }],
    });
    expect(checkIntegrity(r)).toEqual([
      {
        kind: 'kandora-timing-mismatch',
        severity: 'warning',
        hand: 3,
        eventIndex: 37,
        seat: 1,
        rule: 'kandoraTiming',
        message: "seat 1's daiminkan: the log reveals its kandora after the discard, the immediate timing at the declaration",
        details: { kan: 'daiminkan', logged: 'after-discard', rule: 'declaration', kandoraTiming: 'immediate' },
      },
    ]);
  });

  it.each<[RevealMoment, string]>([
    ['declaration', 'at the declaration'],
    ['after-replacement', 'after the replacement draw'],
    ['next-kan', "at the player's next kan"],
    ['after-discard', 'after the discard'],
    ['never', 'never'],
  ])('words the moment %s as "%s"', (moment, words) => {
    const r = replay({ timingMismatches: [{ hand: 1, kanEventIndex: 5, seat: 0, kind: 'ankan', logged: moment, rule: 'never' }] });
    expect(checkIntegrity(r)[0].message).toBe(`seat 0's ankan: the log reveals its kandora ${words}, the tenhou timing never`);
    // The same words as kanshi replay and the game pages use.
    expect(REVEAL_MOMENT_WORDS[moment]).toBe(words);
  });

  it('another number of untimed kandora: kandora-count-mismatch, in the singular and the plural', () => {
    const r = replay({
      kandoraTiming: 'tenhou',
      effectiveKandoraTiming: 'immediate',
      kandoraCountMismatches: [
        { hand: 2, eventIndex: 80, logged: 1, rule: 2 },
        { hand: 4, eventIndex: 66, logged: 2, rule: 1 },
      ],
    });
    const findings = checkIntegrity(r);
    expect(findings[0]).toEqual({
      kind: 'kandora-count-mismatch',
      severity: 'warning',
      hand: 2,
      eventIndex: 80,
      rule: 'kandoraTiming',
      message: 'the log shows 1 kandora indicator; under the immediate timing the kans of the hand reveal 2',
      details: { logged: 1, rule: 2, kandoraTiming: 'immediate' },
    });
    expect(findings[1].message).toBe('the log shows 2 kandora indicators; under the immediate timing the kans of the hand reveal 1');
    expect(Object.keys(findings[1])).not.toContain('seat');
  });

  it('a tile that differs from the wall: wall-mismatch with the replay message', () => {
    const r = replay({
      seeded: true,
      wallMismatches: [{ kind: 'replacement-draw', hand: 5, eventIndex: 23, wallIndex: 131, expected: 90, logged: 91, message: 'replacement draw 1: the log has tile 91, the wall has 90 at index 131' }],
    });
    expect(checkIntegrity(r)).toEqual([
      {
        kind: 'wall-mismatch',
        severity: 'error',
        hand: 5,
        eventIndex: 23,
        message: 'replacement draw 1: the log has tile 91, the wall has 90 at index 131',
        details: { what: 'replacement-draw', wallIndex: 131, expected: 90, logged: 91 },
      },
    ]);
  });

  it('a log that contradicts itself: replay-inconsistency, with the seat when there is one', () => {
    const r = replay({
      inconsistencies: [
        { kind: 'discard-not-in-hand', hand: 1, eventIndex: 14, seat: 3, message: 'seat 3 discards tile 40, which it does not hold' },
        { kind: 'too-many-copies', hand: 1, eventIndex: 15, message: 'tile 40 appears a second time in the round' },
      ],
    });
    const findings = checkIntegrity(r);
    expect(findings[0]).toEqual({
      kind: 'replay-inconsistency',
      severity: 'error',
      hand: 1,
      eventIndex: 14,
      seat: 3,
      message: 'seat 3 discards tile 40, which it does not hold',
      details: { what: 'discard-not-in-hand' },
    });
    expect(findings[1]).toMatchObject({ kind: 'replay-inconsistency', eventIndex: 15, details: { what: 'too-many-copies' } });
    expect(Object.keys(findings[1])).not.toContain('seat');
  });

  it('lists timing, count, wall, then inconsistencies', () => {
    const r = replay({
      inconsistencies: [{ kind: 'hand-size', hand: 1, eventIndex: 1, message: 'x' }],
      wallMismatches: [{ kind: 'dice', hand: 1, eventIndex: 0, wallIndex: null, expected: 7, logged: 8, message: 'dice' }],
      kandoraCountMismatches: [{ hand: 1, eventIndex: 2, logged: 0, rule: 1 }],
      timingMismatches: [{ hand: 1, kanEventIndex: 3, seat: 0, kind: 'kakan', logged: 'declaration', rule: 'after-discard' }],
    });
    expect(checkIntegrity(r).map((f) => f.kind)).toEqual(['kandora-timing-mismatch', 'kandora-count-mismatch', 'wall-mismatch', 'replay-inconsistency']);
  });
});
