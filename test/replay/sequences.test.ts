/**
 * Each kan sequence of docs/formats.md §3, replayed from the real log that shows it.
 */
import { describe, expect, it } from 'vitest';
import { readLogFile } from '../../src/ingest/index.js';
import type { GameLog } from '../../src/events/index.js';
import { replayGame, type KanRecord, type ReplayResult } from '../../src/replay/index.js';
import type { KandoraTiming } from '../../src/rules/index.js';
import { defaultRules } from '../../src/rules/index.js';
import { corpusFile } from '../support/corpus.js';

const cache = new Map<string, GameLog>();
function replay(file: string, kandoraTiming: KandoraTiming = 'tenhou'): ReplayResult {
  if (!cache.has(file)) cache.set(file, readLogFile(corpusFile(file)));
  return replayGame(cache.get(file)!, { ...defaultRules(), kandoraTiming });
}

function kans(r: ReplayResult): KanRecord[] {
  return r.hands.flatMap((round) => round.kans);
}

function clean(r: ReplayResult): void {
  expect(r.wallMismatches).toEqual([]);
  expect(r.inconsistencies).toEqual([]);
  expect(r.timingMismatches).toEqual([]);
}

describe('kan sequences of real Tenhou logs, replayed under the tenhou timing', () => {
  it('ankan: N → DORA → replacement draw → discard (2010122717gm-00a9-0000-8e787e61)', () => {
    const r = replay('2010122717gm-00a9-0000-8e787e61.xml');
    clean(r);
    const ankans = kans(r).filter((k) => k.kind === 'ankan');
    expect(ankans.length).toBeGreaterThan(0);
    for (const k of ankans) {
      expect(k.revealLogged).toBe('declaration');
      expect(k.revealRule).toBe('declaration');
      expect(k.replacement?.wall.expected).toBe(k.replacement?.tile);
      expect(k.indicatorWall.expected).toBe(k.indicator);
    }
  });

  it('ankan + rinshan tsumo: the indicator revealed at declaration counts (2020080212gm-00a9-0000-82c7d512)', () => {
    const r = replay('2020080212gm-00a9-0000-82c7d512.xml');
    clean(r);
    const k = kans(r).find((x) => x.kind === 'ankan' && x.rinshanWin)!;
    expect(k.revealLogged).toBe('declaration');
    const win = r.hands[k.hand - 1].wins[0];
    expect(win.rinshan).toBe(true);
    expect(win.logged.indicators).toContain(k.indicator);
    expect(win.rule).toEqual(win.logged);
  });

  it('daiminkan: N → replacement draw → DORA → discard (2011020416gm-00a9-0000-025480d4)', () => {
    const r = replay('2011020416gm-00a9-0000-025480d4.xml');
    clean(r);
    const k = kans(r).find((x) => x.kind === 'daiminkan')!;
    expect(k.revealLogged).toBe('after-replacement');
    expect(k.revealRule).toBe('after-replacement');
    expect(k.replacement!.eventIndex).toBeLessThan(k.revealEventIndex!);
  });

  it('daiminkan, ron on the next discard: the new indicator already counts (2011020415gm-00a9-0000-e037b629)', () => {
    const r = replay('2011020415gm-00a9-0000-e037b629.xml');
    clean(r);
    const k = kans(r).find((x) => x.kind === 'daiminkan')!;
    const win = r.hands[k.hand - 1].wins[0];
    expect(win.tsumo).toBe(false);
    expect(win.logged.indicators).toEqual([123, 87]);
    expect(win.rule.indicators).toEqual([123, 87]);
    // under after-discard timing the ron comes before the reveal
    const later = replay('2011020415gm-00a9-0000-e037b629.xml', 'after-discard');
    expect(later.hands[k.hand - 1].wins[0].rule.indicators).toEqual([123]);
    expect(kans(later).find((x) => x.kind === 'daiminkan')!.revealRule).toBe('never');
  });

  it('kakan: draw → N → replacement → DORA → discard (2010112714gm-00a9-0000-d497e395)', () => {
    const r = replay('2010112714gm-00a9-0000-d497e395.xml');
    clean(r);
    const k = kans(r).find((x) => x.kind === 'kakan')!;
    expect(k.revealLogged).toBe('after-replacement');
  });

  it('kakan robbed (chankan): no replacement, no kandora (2010081709gm-00a9-0000-fe3371ad)', () => {
    const r = replay('2010081709gm-00a9-0000-fe3371ad.xml');
    clean(r);
    const k = kans(r).find((x) => x.robbed)!;
    expect(k.kind).toBe('kakan');
    expect(k.replacement).toBeNull();
    expect(k.revealLogged).toBe('never');
    expect(k.kandoraNumber).toBeNull();
    const win = r.hands[k.hand - 1].wins[0];
    expect(win.chankan).toBe(true);
    expect(win.winningTile).toBe(k.tile);
  });

  it('chankan double ron: both wins rob the same kakan (2010091009gm-00a9-0000-83af2648)', () => {
    const r = replay('2010091009gm-00a9-0000-83af2648.xml');
    clean(r);
    const k = kans(r).find((x) => x.robbed)!;
    const wins = r.hands[k.hand - 1].wins;
    expect(wins).toHaveLength(2);
    expect(wins.every((w) => w.chankan && w.from === k.seat)).toBe(true);
  });

  it('kakan + rinshan tsumo: no DORA, and immediate timing would have given one (2020052221gm-00a9-0000-6f0524c7)', () => {
    const r = replay('2020052221gm-00a9-0000-6f0524c7.xml');
    clean(r);
    const k = kans(r).find((x) => x.kind === 'kakan')!;
    expect(k.rinshanWin).toBe(true);
    expect(k.revealLogged).toBe('never');
    const win = r.hands[k.hand - 1].wins[0];
    expect(win.logged.indicators).toHaveLength(1);
    const immediate = replay('2020052221gm-00a9-0000-6f0524c7.xml', 'immediate');
    const k2 = kans(immediate).find((x) => x.kind === 'kakan')!;
    expect(k2.revealRule).toBe('declaration');
    expect(immediate.timingMismatches).toHaveLength(1);
    const gained = immediate.hands[k2.hand - 1].wins[0].rule;
    expect(gained.indicators).toHaveLength(2);
    expect(gained.indicators[1]).toBe(k2.indicatorWall.expected);
    expect(k2.indicatorWall.index).toBe(7);
  });

  it('kakan → kakan on one turn, then the four-kan abort (2016052515gm-00a9-0000-c4d72066)', () => {
    const r = replay('2016052515gm-00a9-0000-c4d72066.xml');
    clean(r);
    const round = r.hands.find((x) => x.kans.filter((k) => k.kind === 'kakan').length >= 2)!;
    const [first, second] = round.kans.filter((k) => k.kind === 'kakan');
    expect(first.revealLogged).toBe('next-kan');
    expect(second.afterReplacement).toBe(true);
    expect(second.revealLogged).toBe('after-replacement');
    const abort = r.hands.find((x) => x.ending.reason === 'suukaikan')!;
    expect(abort.ending.kanCount).toBe(4);
    expect(abort.ending.kanPlayerCount).toBe(3);
    expect(abort.kans.at(-1)).toMatchObject({ kind: 'ankan', inRiichi: true });
  });

  it('kakan → replacement → second kakan robbed: neither indicator is shown (2021070106gm-00a9-0000-5d3037a2)', () => {
    const r = replay('2021070106gm-00a9-0000-5d3037a2.xml');
    clean(r);
    const round = r.hands.find((x) => x.kans.some((k) => k.robbed))!;
    const [first, robbed] = round.kans;
    expect(robbed.robbed).toBe(true);
    expect(first.revealLogged).toBe('never');
    expect(first.revealRule).toBe('never');
    expect(round.wins[0].logged.indicators).toHaveLength(1);
  });

  it('the same from tenhou.net/6 JSON, whose reveals the replay places (double_kakan_then_chankan)', () => {
    const r = replay('Equim-chan__mjai-reviewer__convlog_tests_testdata_double_kakan_then_chankan.json');
    expect(r.inconsistencies).toEqual([]);
    expect(r.seeded).toBe(false);
    expect(r.seedNote).toMatch(/no wall seed/);
    const [first, robbed] = r.hands[0].kans;
    expect(robbed.robbed).toBe(true);
    // The round header shows no kandora; Tenhou's timing reveals none: the next kan was robbed.
    expect(first.revealLogged).toBe('never');
    expect(first.revealRule).toBe('never');
    expect(r.kandoraCountMismatches).toEqual([]);
    // Immediate timing would have shown the first kakan's indicator: the log shows one fewer.
    const immediate = replay('Equim-chan__mjai-reviewer__convlog_tests_testdata_double_kakan_then_chankan.json', 'immediate');
    expect(immediate.kandoraCountMismatches).toMatchObject([{ hand: 1, logged: 0, rule: 1 }]);
    expect(immediate.timingMismatches).toEqual([]);
  });

  it("3-player: a kita after a kakan's replacement draw brings the pending indicator (2020010113gm-00b9-0000-d272b7a0)", () => {
    const r = replay('2020010113gm-00b9-0000-d272b7a0.xml');
    clean(r);
    const k = r.hands[3].kans.find((x) => x.kind === 'kakan')!;
    expect(k.revealLogged).toBe('next-kan');
    const win = r.hands[3].wins[0];
    expect(win.rinshan).toBe(true);
    expect(win.logged.indicators).toHaveLength(2);
  });

  it("3-player: a ron on a kita'd North is no chankan (2020010101gm-00b9-0000-99e4d1b9)", () => {
    const r = replay('2020010101gm-00b9-0000-99e4d1b9.xml');
    clean(r);
    const win = r.hands[10].wins[0];
    expect(win.onKita).toBe(true);
    expect(win.chankan).toBe(false);
    expect(win.winningTile >> 2).toBe(30);
  });

  it("Tenhou's chip games reveal a kakan's indicator at once (dnovikoff chip.xml, GO type 553)", () => {
    const r = replay('dnovikoff__tenhou__log_test_data_chip.xml');
    clean(r);
    expect(r.effectiveKandoraTiming).toBe('immediate');
    expect(kans(r).find((k) => k.kind === 'kakan')!.revealLogged).toBe('declaration');
  });
});
