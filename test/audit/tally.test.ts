/**
 * src/audit/tally.ts: the totals `kanshi audit` prints, from hand-made audits.
 */
import { describe, expect, it } from 'vitest';
import { finding } from '../../src/audit/findings.js';
import { emptySummary, judgedSeverities, mergeSummary, summaryLines, tallyAudit, type AuditSummary, type BatchNotes } from '../../src/audit/tally.js';
import { gameAudit, kan, replay, round, verdict, win } from './support.js';

const at = { hand: 1, eventIndex: 10 };

function sampleAudit() {
  return gameAudit({
    replay: replay({
      hands: [
        round({
          hand: 1,
          kans: [kan({ kind: 'ankan' }), kan({ kind: 'ankan' }), kan({ kind: 'daiminkan' }), kan({ kind: 'kakan', robbed: true })],
          wins: [win({ chankan: true }), win({ chankan: true, seat: 3 })],
        }),
        round({ hand: 2, kans: [kan({ kind: 'kakan' })], wins: [win({ rinshan: true, tsumo: true }), win({ chankanOnAnkan: true })] }),
      ],
    }),
    riichiKans: [verdict({ legal: true }), verdict({ legal: false, reason: 'waits-change' }), verdict({ legal: null, reason: 'not-judged' })],
    findings: [
      finding('chankan-win', at, 'm', { tile: '4m', kan: 'kakan' }),
      finding('chankan-win', at, 'm', { tile: '4m', kan: 'kakan' }),
      finding('riichi-kan-illegal', at, 'm', { revealed: null, kan: 'ankan', tile: '4m', reason: 'waits-change', riichiKan: 'waits', okuriKan: false, waitsBefore: null, waitsAfter: null }),
      finding('kandora-timing-mismatch', at, 'm', { kan: 'ankan', logged: 'declaration', rule: 'after-discard', kandoraTiming: 'tenhou' }),
    ],
  });
}

describe('tallyAudit', () => {
  it('starts from zero', () => {
    expect(emptySummary()).toEqual({
      gameCount: 0,
      failedFileCount: 0,
      kanCounts: { ankan: 0, daiminkan: 0, kakan: 0 },
      robbedKanCount: 0,
      riichiKanCount: 0,
      illegalRiichiKanCount: 0,
      chankanWinCount: 0,
      rinshanWinCount: 0,
      findingCounts: {},
      severityCounts: { error: 0, warning: 0, info: 0 },
    });
  });

  it('counts games, kans declared by kind (robbed ones too, and apart), riichi kans, chankan and rinshan wins, findings', () => {
    const s = emptySummary();
    tallyAudit(s, sampleAudit());
    expect(s).toEqual({
      gameCount: 1,
      failedFileCount: 0,
      kanCounts: { ankan: 2, daiminkan: 1, kakan: 2 },
      robbedKanCount: 1,
      riichiKanCount: 3,
      illegalRiichiKanCount: 1,
      chankanWinCount: 3,
      rinshanWinCount: 1,
      findingCounts: { 'chankan-win': 2, 'riichi-kan-illegal': 1, 'kandora-timing-mismatch': 1 },
      severityCounts: { error: 1, warning: 1, info: 2 },
    });
  });

  it('a file that could not be read counts as a failed file with its finding', () => {
    const s = emptySummary();
    tallyAudit(s, gameAudit({ game: null, replay: null, findings: [finding('ingest-error', { hand: null, eventIndex: null }, 'bad', { position: null, reason: 'bad' })] }));
    expect(s).toMatchObject({ gameCount: 0, failedFileCount: 1, kanCounts: { ankan: 0, daiminkan: 0, kakan: 0 }, findingCounts: { 'ingest-error': 1 }, severityCounts: { error: 1, warning: 0, info: 0 } });
  });

  it('adds up over games', () => {
    const s = emptySummary();
    tallyAudit(s, sampleAudit());
    tallyAudit(s, sampleAudit());
    expect(s).toMatchObject({ gameCount: 2, kanCounts: { ankan: 4, daiminkan: 2, kakan: 4 }, robbedKanCount: 2, riichiKanCount: 6, illegalRiichiKanCount: 2, chankanWinCount: 6, rinshanWinCount: 2 });
    expect(s.findingCounts['chankan-win']).toBe(4);
  });
});

describe('summaryLines', () => {
  it('prints the totals and one line per finding kind, sorted, with its severity', () => {
    const s = emptySummary();
    tallyAudit(s, sampleAudit());
    expect(summaryLines(s)).toEqual([
      'games audited: 1',
      'kans: 5 (ankan 2, daiminkan 1, kakan 2); 1 of them robbed (chankan)',
      'riichi kans: 3 (1 illegal under the rules)',
      'rinshan wins: 1; chankan wins: 3',
      'findings: 1 error, 1 warning, 2 info',
      '  chankan-win                      2  (info)',
      '  kandora-timing-mismatch          1  (warning)',
      '  riichi-kan-illegal               1  (error)',
    ]);
  });

  it('names the files that could not be read only when there are some', () => {
    const s = emptySummary();
    expect(summaryLines(s)[0]).toBe('games audited: 0');
    s.failedFileCount = 2;
    expect(summaryLines(s)[0]).toBe('games audited: 0, files that could not be read: 2');
  });
});

describe('a batch\'s notes (issue 14)', () => {
  const notes: BatchNotes = { passedOver: 3, passedOverSeverities: { error: 2, warning: 0, info: 5 }, duplicateFiles: 1 };

  it('say how many files were duplicates and how many games were passed over, whose stored findings count toward --fail-on', () => {
    const s = emptySummary();
    tallyAudit(s, sampleAudit());
    expect(summaryLines(s, notes).slice(0, 4)).toEqual([
      'games audited: 1',
      '1 duplicate file (same content as another input: one game to the database, counted once)',
      'passed over: 3 games audited already under these rules (--force audits them again); their stored findings (2 errors, 0 warnings, 5 info) count toward --fail-on',
      'kans: 5 (ankan 2, daiminkan 1, kakan 2); 1 of them robbed (chankan)',
    ]);
    // none of either: no line
    expect(summaryLines(s, { passedOver: 0, passedOverSeverities: { error: 0, warning: 0, info: 0 }, duplicateFiles: 0 })).toEqual(summaryLines(s));
  });

  it('--fail-on judges the findings of the games audited now and those stored for the games passed over', () => {
    const s = emptySummary();
    tallyAudit(s, sampleAudit());
    expect(judgedSeverities(s, notes)).toEqual({ error: 3, warning: 1, info: 7 });
    expect(judgedSeverities(emptySummary(), notes)).toEqual({ error: 2, warning: 0, info: 5 });
    expect(judgedSeverities(s)).toEqual(s.severityCounts);
  });
});

describe('mergeSummary', () => {
  it('adds every total of one summary into another', () => {
    const a = emptySummary();
    tallyAudit(a, sampleAudit());
    const b: AuditSummary = emptySummary();
    tallyAudit(b, sampleAudit());
    tallyAudit(b, gameAudit({ game: null, replay: null, findings: [finding('audit-error', { hand: null, eventIndex: null }, 'x', { stack: 's' })] }));
    mergeSummary(a, b);
    expect(a).toEqual({
      gameCount: 2,
      failedFileCount: 1,
      kanCounts: { ankan: 4, daiminkan: 2, kakan: 4 },
      robbedKanCount: 2,
      riichiKanCount: 6,
      illegalRiichiKanCount: 2,
      chankanWinCount: 6,
      rinshanWinCount: 2,
      findingCounts: { 'chankan-win': 4, 'riichi-kan-illegal': 2, 'kandora-timing-mismatch': 2, 'audit-error': 1 },
      severityCounts: { error: 3, warning: 2, info: 4 },
    });
    // The summary merged from is left as it was.
    expect(b.gameCount).toBe(1);
  });

  it('merging into an empty summary gives the same totals', () => {
    const from = emptySummary();
    tallyAudit(from, sampleAudit());
    const into = emptySummary();
    mergeSummary(into, from);
    expect(into).toEqual(from);
  });
});
