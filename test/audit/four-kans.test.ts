/**
 * src/audit/four-kans.ts: four kans and a fifth (docs/kan-rules.md §4) on hand-made rounds: the abort the
 * `suukaikan` rule expects against what followed the fourth kan, and what `fifthKan` says of a fifth.
 */
import { describe, expect, it } from 'vitest';
import { checkFourKans } from '../../src/audit/four-kans.js';
import type { KanRecord } from '../../src/replay/index.js';
import { kan, round, rules, ryuukyoku, won, type KanOverrides } from './support.js';

/** Kans at events 10, 20, 30…, by the seats given; `last` overrides the last one's facts. */
function kansBy(seats: number[], last: KanOverrides = {}): KanRecord[] {
  return seats.map((seat, i) => {
    const eventIndex = 10 * (i + 1);
    const k = kan({ seat, eventIndex, number: i + 1, kind: i === 3 ? 'ankan' : 'daiminkan', tile: ['1z', '2z', '3z', '4z', '5z', '6z'][i] });
    return i === seats.length - 1 ? kan({ ...k, ...last }) : k;
  });
}

const ABORT = rules({ suukaikan: 'abort', fifthKan: 'forbidden' });

describe('four kans by two or more players under suukaikan abort', () => {
  it("an abort right after the fourth kan's discard: suukaikan-abort (info)", () => {
    const r = round({ hand: 4, kans: kansBy([1, 2, 2, 0], { afterDiscard: 'ended' }), ending: ryuukyoku('suukaikan', 43) });
    const findings = checkFourKans([r], ABORT);
    expect(findings).toEqual([
      {
        kind: 'suukaikan-abort',
        severity: 'info',
        hand: 4,
        eventIndex: 43,
        seat: 0,
        rule: 'suukaikan',
        message: "four kans by two or more players: the hand is aborted after the fourth kan's discard",
        details: { kans: 4, players: 3, fourthKan: 'ankan' },
      },
    ]);
  });

  it("an abort before the fourth kan's discard: suukaikan-wrong-moment (early)", () => {
    const kans = kansBy([1, 2, 2, 0], { discardEventIndex: null, afterDiscard: null, afterDeclaration: 'ended', replacement: null });
    const [f] = checkFourKans([round({ kans, ending: ryuukyoku('suukaikan', 41) })], ABORT);
    expect(f).toMatchObject({
      kind: 'suukaikan-wrong-moment',
      severity: 'error',
      hand: 1,
      eventIndex: 41,
      seat: 0,
      rule: 'suukaikan',
      details: { kans: 4, players: 3, fourthKan: 'ankan', discardEventIndex: null, abortEventIndex: 41 },
    });
    expect(f.message).toBe("a four-kan abort before the fourth kan's replacement draw and discard");
  });

  it("an abort later than right after the fourth kan's discard: suukaikan-wrong-moment (late)", () => {
    const kans = kansBy([1, 2, 2, 0], { discardEventIndex: 42, afterDiscard: 'went-on' });
    const [f] = checkFourKans([round({ kans, ending: ryuukyoku('suukaikan', 47) })], ABORT);
    expect(f).toMatchObject({ kind: 'suukaikan-wrong-moment', eventIndex: 47, details: { discardEventIndex: 42, abortEventIndex: 47 } });
    expect(f.message).toBe("a four-kan abort later than right after the fourth kan's discard");
  });

  it("the fourth kan's discard passed and the hand went on: suukaikan-missing at that discard", () => {
    const kans = kansBy([1, 2, 2, 0], { discardEventIndex: 42, afterDiscard: 'went-on' });
    const findings = checkFourKans([round({ hand: 6, kans })], ABORT);
    expect(findings).toEqual([
      {
        kind: 'suukaikan-missing',
        severity: 'error',
        hand: 6,
        eventIndex: 42,
        seat: 0,
        rule: 'suukaikan',
        message: "four kans by two or more players and the fourth kan's discard passed, but the hand went on",
        details: { kans: 4, players: 3, fourthKan: 'ankan' },
      },
    ]);
  });

  it("the fourth kan's discard passed and the hand ended another way (exhaustive draw): suukaikan-missing", () => {
    const four = kansBy([1, 2, 1, 2], { discardEventIndex: 42, afterDiscard: 'ended' });
    const findings = checkFourKans([round({ kans: four, ending: ryuukyoku('exhaustive', 43) })], ABORT);
    expect(findings.map((f) => [f.kind, f.eventIndex, f.details])).toEqual([['suukaikan-missing', 42, { kans: 4, players: 2, fourthKan: 'ankan' }]]);
    expect(findings[0].message).toBe("four kans by two or more players and the fourth kan's discard passed, but the hand ended with another drawn hand (exhaustive)");
  });

  // A ron on the fourth kan's discard pre-empts the abort (docs/kan-rules.md §4), and three players ronning it
  // is such a ron (Tenhou logs it as RYUUKYOKU ron3, a sanchahou abort).
  it("a triple ron (sanchahou) on the fourth kan's discard pre-empts the abort", () => {
    const kans = kansBy([1, 2, 2, 0], { discardEventIndex: 42, afterDiscard: 'ended' });
    expect(checkFourKans([round({ kans, ending: ryuukyoku('sanchahou', 43) })], ABORT)).toEqual([]);
  });

  it("a ron on the fourth kan's discard pre-empts the abort", () => {
    const kans = kansBy([1, 2, 2, 0], { discardEventIndex: 42, afterDiscard: 'ron' });
    expect(checkFourKans([round({ kans, ending: won(43) })], ABORT)).toEqual([]);
  });

  it('a rinshan win on the fourth kan pre-empts the abort', () => {
    const kans = kansBy([1, 2, 2, 0], { rinshanWin: true, discardEventIndex: null, afterDiscard: null });
    expect(checkFourKans([round({ kans, ending: won(42) })], ABORT)).toEqual([]);
  });

  it('an excerpt that stops before the moment is decided says nothing', () => {
    const beforeDiscard = kansBy([1, 2, 2, 0], { discardEventIndex: null, afterDiscard: null });
    const afterDiscard = kansBy([1, 2, 2, 0], { discardEventIndex: 42, afterDiscard: 'log-stops' });
    expect(checkFourKans([round({ kans: beforeDiscard }), round({ hand: 2, kans: afterDiscard })], ABORT)).toEqual([]);
  });

  it('counts the players of the first four kans', () => {
    const [f] = checkFourKans([round({ kans: kansBy([3, 3, 1, 3], { afterDiscard: 'ended' }), ending: ryuukyoku('suukaikan', 43) })], ABORT);
    expect(f.details).toEqual({ kans: 4, players: 2, fourthKan: 'ankan' });
  });
});

describe('no abort expected', () => {
  it('fewer than four kans: nothing, whatever followed', () => {
    expect(checkFourKans([round({ kans: kansBy([1, 2, 0], { afterDiscard: 'went-on' }) })], ABORT)).toEqual([]);
  });

  it('all four kans by one player: nothing when play goes on (suukantsu is possible)', () => {
    expect(checkFourKans([round({ kans: kansBy([2, 2, 2, 2], { afterDiscard: 'went-on' }) })], ABORT)).toEqual([]);
  });

  it('suukaikan none: four kans by several players go on', () => {
    expect(checkFourKans([round({ kans: kansBy([1, 2, 2, 0], { afterDiscard: 'went-on' }) })], rules({ suukaikan: 'none' }))).toEqual([]);
  });

  it('a robbed kakan is no kan: three kans and a robbed one are not four', () => {
    const kans = kansBy([1, 2, 0, 3], { kind: 'kakan', robbed: true, afterDeclaration: 'robbed', replacement: null, discardEventIndex: null, afterDiscard: null });
    expect(checkFourKans([round({ kans, ending: won(41) })], ABORT)).toEqual([]);
  });

  it('a robbed kakan is no kan: the fourth kan is the next completed one', () => {
    const kans = [
      ...kansBy([1, 2]),
      kan({ seat: 3, eventIndex: 25, kind: 'kakan', tile: '7z', robbed: true, afterDeclaration: 'robbed', replacement: null, discardEventIndex: null, afterDiscard: null }),
      kan({ seat: 0, eventIndex: 30, kind: 'daiminkan', tile: '1p' }),
      kan({ seat: 2, eventIndex: 40, kind: 'ankan', tile: '2p', discardEventIndex: 42, afterDiscard: 'went-on' }),
    ];
    const findings = checkFourKans([round({ kans })], ABORT);
    expect(findings.map((f) => [f.kind, f.eventIndex, f.seat, f.details])).toEqual([['suukaikan-missing', 42, 2, { kans: 4, players: 3, fourthKan: 'ankan' }]]);
  });
});

describe('an abort the rule does not call for: suukaikan-unexpected', () => {
  it('only three kans', () => {
    const findings = checkFourKans([round({ hand: 3, kans: kansBy([1, 2, 0]), ending: ryuukyoku('suukaikan', 33) })], ABORT);
    expect(findings).toEqual([
      {
        kind: 'suukaikan-unexpected',
        severity: 'error',
        hand: 3,
        eventIndex: 33,
        rule: 'suukaikan',
        message: 'a four-kan abort, but only 3 kans were made',
        details: { kans: 3, suukaikan: 'abort' },
      },
    ]);
  });

  it('three kans and a robbed kakan', () => {
    const kans = kansBy([1, 2, 0, 3], { kind: 'kakan', robbed: true, afterDeclaration: 'robbed', replacement: null, discardEventIndex: null, afterDiscard: null });
    const [f] = checkFourKans([round({ kans, ending: ryuukyoku('suukaikan', 41) })], ABORT);
    expect(f).toMatchObject({ kind: 'suukaikan-unexpected', details: { kans: 3 } });
    expect(f.message).toBe('a four-kan abort, but only 3 kans were made');
  });

  it('one kan, or none: the message counts them in words that agree', () => {
    const one = checkFourKans([round({ kans: kansBy([1]), ending: ryuukyoku('suukaikan', 20) })], ABORT);
    expect(one.map((f) => f.message)).toEqual(['a four-kan abort, but only 1 kan was made']);
    const none = checkFourKans([round({ kans: [], ending: ryuukyoku('suukaikan', 9) })], ABORT);
    expect(none.map((f) => f.message)).toEqual(['a four-kan abort, but no kan was made']);
  });

  it('all four by one player', () => {
    const [f] = checkFourKans([round({ kans: kansBy([2, 2, 2, 2], { afterDiscard: 'ended' }), ending: ryuukyoku('suukaikan', 43) })], ABORT);
    expect(f).toMatchObject({ kind: 'suukaikan-unexpected', eventIndex: 43, details: { kans: 4, suukaikan: 'abort' } });
    expect(f.message).toBe("a four-kan abort, but all four kans are one player's (they may go on for suukantsu)");
  });

  it('suukaikan none', () => {
    const [f] = checkFourKans([round({ kans: kansBy([1, 2, 2, 0], { afterDiscard: 'ended' }), ending: ryuukyoku('suukaikan', 43) })], rules({ suukaikan: 'none' }));
    expect(f).toMatchObject({ kind: 'suukaikan-unexpected', severity: 'error', rule: 'suukaikan', details: { kans: 4, suukaikan: 'none' } });
    expect(f.message).toBe('a four-kan abort, but the rule (suukaikan none) has no four-kan abort');
  });

  it('another abortive draw is no four-kan abort', () => {
    expect(checkFourKans([round({ kans: kansBy([1, 2]), ending: ryuukyoku('suucha-riichi', 33) })], ABORT)).toEqual([]);
  });
});

describe('a fifth kan', () => {
  /** Four kans by seat 2 (no abort due), then a fifth by seat 0 at event 50. */
  const fiveKans = (fifth: KanOverrides = {}) => kansBy([2, 2, 2, 2, 0], { kind: 'kakan', ...fifth });

  it('fifthKan forbidden: fifth-kan at the fifth kan', () => {
    const findings = checkFourKans([round({ hand: 2, kans: fiveKans() })], ABORT);
    expect(findings).toEqual([
      {
        kind: 'fifth-kan',
        severity: 'error',
        hand: 2,
        eventIndex: 50,
        seat: 0,
        rule: 'fifthKan',
        message: "a fifth kan (seat 0's kakan): the rule forbids it",
        details: { kan: 'kakan', fifthKan: 'forbidden', suukaikan: 'abort', robbed: false },
      },
    ]);
  });

  it('fifthKan aborts and the hand ended at the fifth kan: fifth-kan-abort, and no four-kan finding', () => {
    const kans = fiveKans({ afterDeclaration: 'ended', replacement: null, discardEventIndex: null, afterDiscard: null });
    const findings = checkFourKans([round({ kans, ending: ryuukyoku('suukaikan', 51) })], rules({ suukaikan: 'abort', fifthKan: 'aborts' }));
    expect(findings).toEqual([
      {
        kind: 'fifth-kan-abort',
        severity: 'info',
        hand: 1,
        eventIndex: 50,
        seat: 0,
        rule: 'fifthKan',
        message: 'the hand ended at the fifth kan',
        details: { kan: 'kakan' },
      },
    ]);
  });

  it('fifthKan aborts but the hand went on: fifth-kan', () => {
    const [f] = checkFourKans([round({ kans: fiveKans() })], rules({ suukaikan: 'abort', fifthKan: 'aborts' }));
    expect(f).toMatchObject({ kind: 'fifth-kan', eventIndex: 50, seat: 0, details: { kan: 'kakan', fifthKan: 'aborts', suukaikan: 'abort' } });
    expect(f.message).toBe('a fifth kan should end the hand at once (fifthKan aborts), but the hand went on');
  });

  it('fifthKan aborts, the hand drew later, not at the fifth kan: fifth-kan', () => {
    const [f] = checkFourKans([round({ kans: fiveKans(), ending: ryuukyoku('exhaustive', 90) })], rules({ suukaikan: 'abort', fifthKan: 'aborts' }));
    expect(f).toMatchObject({ kind: 'fifth-kan', details: { fifthKan: 'aborts' } });
  });

  it('suukaikan none: a fifth kan is forbidden, whatever fifthKan says, and play going on is no four-kan finding', () => {
    const kans = kansBy([1, 2, 2, 0, 3], { kind: 'daiminkan' });
    const findings = checkFourKans([round({ kans })], rules({ suukaikan: 'none', fifthKan: 'aborts' }));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: 'fifth-kan', seat: 3, details: { kan: 'daiminkan', fifthKan: 'aborts', suukaikan: 'none' } });
    expect(findings[0].message).toBe("a fifth kan (seat 3's daiminkan): the rule forbids it");
  });

  it('suukaikan none and the hand ended at the fifth kan: still fifth-kan (there is no fifth kan to abort on)', () => {
    const kans = kansBy([2, 2, 2, 2, 0], { afterDeclaration: 'ended', replacement: null, discardEventIndex: null, afterDiscard: null });
    const findings = checkFourKans([round({ kans, ending: ryuukyoku('suukaikan', 51) })], rules({ suukaikan: 'none', fifthKan: 'aborts' }));
    expect(findings.map((f) => f.kind)).toEqual(['fifth-kan']);
  });

  it('a robbed kakan after four kans was still declared: a fifth kan under forbidden; under aborts the chankan check judges it (issue 27)', () => {
    const kans = fiveKans({ robbed: true, afterDeclaration: 'robbed', replacement: null, discardEventIndex: null, afterDiscard: null });
    const forbidden = checkFourKans([round({ kans, ending: won(51) })], ABORT);
    expect(forbidden.map((f) => [f.kind, f.eventIndex, f.message, f.details])).toEqual([
      ['fifth-kan', 50, "a fifth kan (seat 0's kakan, robbed by chankan): the rule forbids it", { kan: 'kakan', fifthKan: 'forbidden', suukaikan: 'abort', robbed: true }],
    ]);
    expect(checkFourKans([round({ kans, ending: won(51) })], rules({ suukaikan: 'abort', fifthKan: 'aborts' }))).toEqual([]);
  });

  it('a missed abort and a fifth kan are both reported', () => {
    const kans = kansBy([1, 2, 2, 0, 3]);
    const findings = checkFourKans([round({ kans })], ABORT);
    expect(findings.map((f) => [f.kind, f.eventIndex])).toEqual([
      ['suukaikan-missing', 42],
      ['fifth-kan', 50],
    ]);
    // The players are those of the first four kans: the fifth kan's seat 3 is not one.
    expect(findings[0].details).toEqual({ kans: 4, players: 3, fourthKan: 'ankan' });
  });
});

it('checks every round', () => {
  const findings = checkFourKans(
    [
      round({ hand: 1, kans: kansBy([1, 2, 2, 0], { afterDiscard: 'ended' }), ending: ryuukyoku('suukaikan', 43) }),
      round({ hand: 2 }),
      round({ hand: 3, kans: kansBy([1, 2, 0]), ending: ryuukyoku('suukaikan', 33) }),
    ],
    ABORT,
  );
  expect(findings.map((f) => [f.hand, f.kind])).toEqual([
    [1, 'suukaikan-abort'],
    [3, 'suukaikan-unexpected'],
  ]);
});
