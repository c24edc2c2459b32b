/**
 * decideKnob (src/infer/decide.ts): from a knob's deciding cases to its status, on cases written here
 * (the real logs are test/infer/infer.test.ts's). A case agrees under the values marked true.
 */
import { describe, expect, it } from 'vitest';
import { decideKnob, type Evidence } from '../../src/infer/decide.js';

const VALUES = [true, false];
let n = 0;
function cases(count: number, agrees: boolean[], file = 'a.json'): Evidence[] {
  return Array.from({ length: count }, () => ({
    at: { file, logId: null, hand: ++n, seat: 0, eventIndex: 10, what: 'win' },
    agrees,
    platform: 'tenhou' as const,
    differences: agrees[0] ? [] : ['han: the log scores 3, the hand gives 4'],
  }));
}

describe('decideKnob', () => {
  it('untouched without a deciding case; a tie where the best values are told apart by none', () => {
    expect(decideKnob(VALUES, [], true)).toMatchObject({ status: 'untouched', inferred: null, deciding: [] });
    // Three values (riichiKan's): the first two agree on every case, the third on none.
    const tie = decideKnob(['none', 'waits', 'strict'], cases(5, [true, true, false]), 'none');
    expect(tie).toMatchObject({ status: 'tie', inferred: null, tied: ['none', 'waits'], deciding: [] });
  });

  it('weak below 3 cases against the closest rival, inferred from 3; the rival is the value the fewest cases tell it from', () => {
    expect(decideKnob(VALUES, cases(2, [true, false]), true)).toMatchObject({ status: 'weak', inferred: true, rival: false });
    expect(decideKnob(VALUES, cases(3, [true, false]), true)).toMatchObject({ status: 'inferred', inferred: true, rival: false });
    // none beats strict on 6 cases but waits on 1: weak, resting on that one.
    const r = decideKnob(['none', 'waits', 'strict'], [...cases(5, [true, true, false]), ...cases(1, [true, false, false])], 'strict');
    expect(r).toMatchObject({ status: 'weak', inferred: 'none', rival: 'waits' });
    expect(r.deciding).toHaveLength(1);
  });

  it("a value other than the profile's wins on cases no profile case contradicts", () => {
    const r = decideKnob(VALUES, cases(4, [false, true]), true);
    expect(r).toMatchObject({ status: 'inferred', inferred: false, contrary: [] });
  });

  it("keeps the profile's value where the logs contradict each other, and the cases against it are the logs' errors", () => {
    // Three cases (two logs) agree only under false, one (a third log) only under true, the profile's.
    const against = [...cases(1, [false, true], 'old-1.jsonl'), ...cases(2, [false, true], 'old-2.jsonl')];
    const r = decideKnob(VALUES, [...against, ...cases(1, [true, false], 'new.jsonl')], true);
    expect(r).toMatchObject({ status: 'weak', inferred: true, rival: false });
    expect(r.deciding.map((c) => c.file)).toEqual(['new.jsonl']);
    expect(r.contrary.map((c) => [c.at.file, c.agreesWith, c.differences])).toEqual(
      against.map((e) => [e.at.file, [false], ['han: the log scores 3, the hand gives 4']]),
    );
    // The profile's value on the majority side: it stands, the lone case against it listed.
    const m = decideKnob(VALUES, [...cases(3, [true, false]), ...cases(1, [false, true], 'odd.jsonl')], true);
    expect(m).toMatchObject({ status: 'inferred', inferred: true });
    expect(m.contrary.map((c) => c.at.file)).toEqual(['odd.jsonl']);
  });
});
