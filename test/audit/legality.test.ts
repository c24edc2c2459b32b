/**
 * The legality checks that a knob decides (docs/legality.md §2), on hand-made replay facts: what each
 * value of multipleRon, abortiveDraws, busting and riichiUnderThousand makes of the same hand. The checks
 * every rule set shares are exercised by the scenarios (tools/scenario/scenarios/legality.ts) and the
 * corpus.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkLegality, checkLegalityKnobs } from '../../src/audit/index.js';
import { readLogFile } from '../../src/ingest/index.js';
import { replayGame, type RiichiDeclaration } from '../../src/replay/index.js';
import { LEGALITY_KNOBS, resolveRules } from '../../src/rules/index.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { replay, round, rules, ryuukyoku, win, won } from './support.js';

const findings = (r: ReturnType<typeof replay>, overrides: Parameters<typeof rules>[0] = {}) => checkLegality(r, rules(overrides));
const kinds = (r: ReturnType<typeof replay>, overrides: Parameters<typeof rules>[0] = {}) => findings(r, overrides).map((f) => f.kind);

function riichi(seat: number, eventIndex: number, liveWallLeft: number, o: Partial<RiichiDeclaration> = {}): RiichiDeclaration {
  return { seat, eventIndex, turn: 3, tile: null, tsumogiri: false, accepted: true, scoreBefore: 25000, liveWallLeft, concealedAfterDiscard: null, ...o };
}

describe('multipleRon', () => {
  // Seat 0 discards; seats 1 and 2 (and 3) ron it.
  const rons = (seats: number[]) => round({ wins: seats.map((s) => win({ seat: s, from: 0, eventIndex: 30 + s })), ending: won(31) });

  it('triple-aborts pays a double ron and refuses three winners', () => {
    expect(kinds(replay({ hands: [rons([1, 2])] }))).toEqual([]);
    const three = checkLegality(replay({ hands: [rons([1, 2, 3])] }), rules());
    expect(three.map((f) => [f.kind, f.rule, f.details])).toEqual([['multiple-ron-mismatch', 'multipleRon', { winners: 3, multipleRon: 'triple-aborts', what: 'winners' }]]);
  });

  it('atamahane gives one winner: a double ron is refused', () => {
    expect(kinds(replay({ hands: [rons([1])] }), { multipleRon: 'atamahane' })).toEqual([]);
    expect(kinds(replay({ hands: [rons([1, 2])] }), { multipleRon: 'atamahane' })).toEqual(['multiple-ron-mismatch']);
  });

  it('all pays three winners, and has no triple-ron abort', () => {
    expect(kinds(replay({ hands: [rons([1, 2, 3])] }), { multipleRon: 'all' })).toEqual([]);
    const abort = replay({ hands: [round({ ending: ryuukyoku('sanchahou', 40) })] });
    expect(kinds(abort)).toEqual([]);
    expect(kinds(abort, { multipleRon: 'all' })).toEqual(['multiple-ron-mismatch']);
    expect(kinds(abort, { multipleRon: 'atamahane' })).toEqual(['multiple-ron-mismatch']);
  });
});

describe('kyuushuKyuuhai, suufonRenda, suuchaRiichi', () => {
  it('each false has no such abort, the other two untouched; true has it', () => {
    const knobs = { 'kyuushu-kyuuhai': 'kyuushuKyuuhai', 'suufon-renda': 'suufonRenda', 'suucha-riichi': 'suuchaRiichi' } as const;
    for (const reason of ['kyuushu-kyuuhai', 'suufon-renda', 'suucha-riichi'] as const) {
      // Facts that make each abort founded under true: a drawn hand with no shown hands is enough for false.
      const hand = replay({ hands: [round({ ending: ryuukyoku(reason, 12) })] });
      const off = (knob: string) => ({ [knob]: false }) as Parameters<typeof rules>[0];
      const flagged = findings(hand, off(knobs[reason])).filter((f) => f.kind === 'abortive-draw-unexpected');
      expect(flagged.map((f) => f.rule), reason).toEqual([knobs[reason]]);
      for (const other of Object.values(knobs).filter((k) => k !== knobs[reason])) {
        expect(findings(hand, off(other)).filter((f) => f.kind === 'abortive-draw-unexpected'), `${reason} under ${other} false`).toEqual([]);
      }
    }
    const noAborts = { kyuushuKyuuhai: false, suufonRenda: false, suuchaRiichi: false };
    expect(kinds(replay({ hands: [round({ ending: ryuukyoku('exhaustive', 200) })] }), noAborts)).toEqual([]);
  });

  it('all ends the hand at four winds: one more live draw after them is a hand that went on', () => {
    const east = [108, 109, 110, 111]; // the four 1z
    const stopped = replay({ hands: [round({ openingDiscards: east, liveDrawCount: 4, ending: ryuukyoku('suufon-renda', 9) })] });
    expect(kinds(stopped)).toEqual([]);
    const wentOn = replay({ hands: [round({ openingDiscards: east, liveDrawCount: 70, ending: ryuukyoku('exhaustive', 200) })] });
    expect(kinds(wentOn)).toEqual(['abortive-draw-missing']);
    expect(kinds(wentOn, { suufonRenda: false })).toEqual([]);
    // Two winds among the four, or a call before the fourth (fewer than four opening discards): no abort due.
    expect(kinds(replay({ hands: [round({ openingDiscards: [108, 109, 112, 110], liveDrawCount: 70 })] }))).toEqual([]);
    expect(kinds(replay({ hands: [round({ openingDiscards: [108, 109, 110], liveDrawCount: 70 })] }))).toEqual([]);
  });

  it('all ends the hand once the fourth riichi is accepted: a live draw after it is a hand that went on', () => {
    const four = [riichi(0, 10, 60), riichi(1, 14, 59), riichi(2, 18, 58), riichi(3, 22, 57)];
    expect(kinds(replay({ hands: [round({ riichiDeclarations: four, liveWallLeftAtEnd: 57, ending: ryuukyoku('suucha-riichi', 24) })] }))).toEqual([]);
    const wentOn = replay({ hands: [round({ riichiDeclarations: four, liveWallLeftAtEnd: 0, ending: ryuukyoku('exhaustive', 200) })] });
    expect(kinds(wentOn)).toEqual(['abortive-draw-missing']);
    expect(kinds(wentOn, { suuchaRiichi: false })).toEqual([]);
    // The fourth declaration's discard ronned: not accepted, no four riichi.
    const ronned = [...four.slice(0, 3), riichi(3, 22, 57, { accepted: false })];
    expect(kinds(replay({ hands: [round({ riichiDeclarations: ronned, liveWallLeftAtEnd: 57, ending: won(24) })] }))).toEqual([]);
  });
});

describe('busting', () => {
  // Nothing deposited: the hand leaves its start plus its changes.
  const book = (start: number[], deltas: number[] | null) => ({ start, honba: 0, riichiStickCount: 0, deposits: [0, 0, 0, 0], deltas, left: deltas && start.map((v, s) => v + deltas[s]), renchan: false, won: true });
  const game = replay({
    hands: [
      round({ hand: 1, scoreBook: book([25000, 25000, 25000, 25000], [-26000, 26000, 0, 0]) }),
      round({ hand: 2, scoreBook: book([-1000, 51000, 25000, 25000], null) }),
    ],
  });

  it('ends-game refuses a hand after a score below zero; plays-on goes on', () => {
    const found = checkLegality(game, rules());
    expect(found.map((f) => [f.kind, f.hand, f.seat, f.rule])).toEqual([['played-below-zero', 2, 0, 'busting']]);
    expect(kinds(game, { busting: 'plays-on' })).toEqual([]);
  });

  it('zero points play on', () => {
    const atZero = replay({ hands: [round({ hand: 1, scoreBook: book([25000, 25000, 25000, 25000], [-25000, 25000, 0, 0]) }), round({ hand: 2, scoreBook: book([0, 50000, 25000, 25000], null) })] });
    expect(kinds(atZero)).toEqual([]);
  });
});

describe('riichiUnderThousand', () => {
  it('refuses a riichi with 900 points unless the rules allow it', () => {
    const poor = replay({ hands: [round({ riichiDeclarations: [riichi(1, 10, 60, { scoreBefore: 900 })] })] });
    const found = checkLegality(poor, rules());
    expect(found.map((f) => [f.kind, f.rule, (f.details as { reason: string }).reason])).toEqual([['riichi-illegal', 'riichiUnderThousand', 'points']]);
    expect(kinds(poor, { riichiUnderThousand: true })).toEqual([]);
  });
});

describe('checkLegalityKnobs (what kanshi infer tries each knob with)', () => {
  it('gives exactly the findings a legality knob decides, as checkLegality gives them, on every example log', () => {
    const dir = join(PROJECT_ROOT, 'logs', 'examples');
    const knobs = new Set<string>(LEGALITY_KNOBS.map((k) => k.name));
    let decided = 0;
    for (const file of readdirSync(dir).filter((f) => /\.(mjlog|xml|json|jsonl)$/.test(f))) {
      let game;
      try {
        game = readLogFile(join(dir, file));
      } catch {
        continue; // the examples a reader refuses on purpose
      }
      for (const profile of ['tenhou', 'mleague', 'ema'] as const) {
        const r = resolveRules({ profile });
        const replayed = replayGame(game, r);
        const all = checkLegality(replayed, r).filter((f) => f.rule !== undefined && knobs.has(f.rule));
        expect(checkLegalityKnobs(replayed, r), `${file} ${profile}`).toEqual(all);
        decided += all.length;
      }
    }
    // The examples raise knob-decided findings (four winds, below zero, kuikae …), so the comparison is not empty.
    expect(decided).toBeGreaterThan(0);
  });
});
