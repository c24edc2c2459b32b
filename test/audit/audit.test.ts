/**
 * src/audit/audit.ts: one game's findings from every check, in the order a user reads them, and the
 * audits of files that could not be read or that kanshi failed on.
 */
import { describe, expect, it } from 'vitest';
import { auditReplay, brokenAudit, contentHash, failedAudit, gameMeta } from '../../src/audit/audit.js';
import type { GameLog } from '../../src/events/index.js';
import { IngestError } from '../../src/ingest/index.js';
import { defaultRules, ruleSetOf } from '../../src/rules/index.js';
import { gameMeta as metaFixture, kan, replay, riichiAnkan, round, rules, ryuukyoku, win } from './support.js';

describe('auditReplay', () => {
  it('a replay with nothing to say: no findings, no verdicts', () => {
    const r = replay({ hands: [round({ kans: [kan()], wins: [win()] })] });
    expect(auditReplay(r, rules())).toEqual({ findings: [], riichiKans: [] });
  });

  it('gathers every check and sorts by round, then event, keeping the check order at one event', () => {
    const r = replay({
      hands: [
        round({ hand: 1, wins: [win({ chankan: true, eventIndex: 31 })] }),
        round({
          hand: 2,
          kans: [
            kan({ eventIndex: 5, seat: 0 }),
            riichiAnkan({ hand: '3444m778899s333z', draw: '4m', kan: '4m', seat: 2, eventIndex: 20, liveWallLeft: 0 }),
            kan({ eventIndex: 30, seat: 3 }),
          ],
          ending: ryuukyoku('suukaikan', 50),
        }),
        // An abort without an event index (the replay always has one) sorts first in its round.
        round({ hand: 3, ending: ryuukyoku('suukaikan', null) }),
      ],
      timingMismatches: [{ hand: 1, kanEventIndex: 12, seat: 1, kind: 'daiminkan', logged: 'declaration', rule: 'after-discard' }],
      kandoraCountMismatches: [{ hand: 3, eventIndex: 0, logged: 1, rule: 0 }],
      wallMismatches: [{ kind: 'dice', hand: 1, eventIndex: 0, wallIndex: null, expected: 7, logged: 8, message: 'the dice differ' }],
      inconsistencies: [
        { kind: 'win-hand-mismatch', hand: 1, eventIndex: 31, seat: 2, message: 'the hand differs' },
        { kind: 'hand-size', hand: 2, eventIndex: 20, seat: 2, message: 'seat 2 holds 13 tiles' },
      ],
    });
    const { findings, riichiKans } = auditReplay(r, rules({ riichiKan: 'waits', suukaikan: 'abort' }));
    expect(findings.map((f) => [f.hand, f.eventIndex, f.kind])).toEqual([
      [1, 0, 'wall-mismatch'],
      [1, 12, 'kandora-timing-mismatch'],
      [1, 31, 'chankan-win'],
      [1, 31, 'replay-inconsistency'],
      [2, 20, 'riichi-kan-illegal'],
      [2, 20, 'kan-after-haitei'],
      [2, 20, 'replay-inconsistency'],
      [2, 50, 'suukaikan-unexpected'],
      [3, null, 'suukaikan-unexpected'],
      [3, 0, 'kandora-count-mismatch'],
    ]);
    expect(riichiKans).toEqual([expect.objectContaining({ hand: 2, eventIndex: 20, legal: false, reason: 'waits-change' })]);
  });

  it('passes the rules to the checks', () => {
    const k = riichiAnkan({ hand: '3335666p111456s', draw: '3p', kan: '3p', eventIndex: 20 });
    const r = replay({ hands: [round({ kans: [k] })] });
    expect(auditReplay(r, rules({ riichiKan: 'waits' })).findings).toEqual([]);
    expect(auditReplay(r, rules({ riichiKan: 'strict' })).findings.map((f) => f.kind)).toEqual(['riichi-kan-illegal']);
    expect(auditReplay(r, rules({ riichiKan: 'strict' })).riichiKans[0].reason).toBe('reading-lost');
  });
});

describe('audits of files without a game', () => {
  const rs = ruleSetOf(defaultRules());

  it('failedAudit: one ingest-error finding with the position', () => {
    const a = failedAudit('logs/bad.mjlog', 'ab'.repeat(32), new IngestError('expected a number in "ten"', 'tag 12 <AGARI>'), rs);
    expect(a).toEqual({
      file: 'logs/bad.mjlog',
      contentHash: 'ab'.repeat(32),
      ruleSet: rs,
      game: null,
      replay: null,
      riichiKans: [],
      findings: [
        {
          kind: 'ingest-error',
          severity: 'error',
          hand: null,
          eventIndex: null,
          message: 'tag 12 <AGARI>: expected a number in "ten"',
          details: { position: 'tag 12 <AGARI>', reason: 'expected a number in "ten"' },
        },
      ],
    });
  });

  it('failedAudit without a position: the reason alone', () => {
    const [f] = failedAudit('x.json', 'h', new IngestError('not a log'), rs).findings;
    expect(f).toMatchObject({ kind: 'ingest-error', message: 'not a log', details: { position: null, reason: 'not a log' } });
  });

  it('brokenAudit: one audit-error finding with the stack', () => {
    const err = new Error('cannot read properties of undefined');
    const a = brokenAudit('logs/odd.mjlog', 'cd'.repeat(32), err, rs);
    expect(a).toMatchObject({ file: 'logs/odd.mjlog', contentHash: 'cd'.repeat(32), ruleSet: rs, game: null, replay: null, riichiKans: [] });
    expect(a.findings).toEqual([
      {
        kind: 'audit-error',
        severity: 'error',
        hand: null,
        eventIndex: null,
        message: 'kanshi failed on this file: cannot read properties of undefined',
        details: { stack: err.stack },
      },
    ]);
  });

  it('brokenAudit with something thrown that is not an Error, or an Error without a stack', () => {
    const [thrown] = brokenAudit('f', 'h', 'a string', rs).findings;
    expect(thrown.message).toBe('kanshi failed on this file: a string');
    expect(thrown.details).toEqual({ stack: expect.stringContaining('a string') });
    const bare = new Error('no stack');
    bare.stack = undefined;
    expect(brokenAudit('f', 'h', bare, rs).findings[0].details).toEqual({ stack: 'no stack' });
  });
});

describe('contentHash and gameMeta', () => {
  it('contentHash is the SHA-256 of the bytes, in hex', () => {
    expect(contentHash(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gameMeta keeps the game without its hands, with their count, and a title only when there is one', () => {
    const { handCount: _, ...fields } = metaFixture();
    const game: GameLog = { ...fields, hands: [{ events: [] }, { events: [] }] };
    expect(gameMeta(game)).toEqual({ ...fields, handCount: 2 });
    // no title: undefined, and nothing in the JSON (the field is written all the same: one hidden class)
    expect(gameMeta(game).title).toBeUndefined();
    expect(Object.keys(JSON.parse(JSON.stringify(gameMeta(game))))).not.toContain('title');
    expect(gameMeta({ ...game, title: ['a', 'b'] }).title).toEqual(['a', 'b']);
  });
});
