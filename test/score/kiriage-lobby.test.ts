/**
 * A kiriage-rounded hand is a mangan in every comparison with a log (issue 41). A Tenhou lobby whose
 * csrule sets kiriage (bit 0x2) pays a 4-han 30-fu ron 8,000 and its tenhou.net/6 points string says
 * 満貫; Tenhou's mjlog chip games write the same hand's limit as 0 (ten="30,8000,0"). Both must agree.
 *
 * The lobby game is built from a real corpus game (test/support/kiriage-lobby.ts): its last hand, a
 * non-dealer 4-han 30-fu ron, paid 8,000 as 満貫 in a lobby whose csrule sets kiriage.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditGame, ruleSetFor } from '../../src/audit/index.js';
import type { GameLog } from '../../src/events/index.js';
import { parseLog, readLogFile } from '../../src/ingest/index.js';
import { replayGame } from '../../src/replay/index.js';
import { defaultRules, judgeRules, ruleSet, type RuleSet, type Rules } from '../../src/rules/index.js';
import { corpusFile } from '../support/corpus.js';
import { kanshiInProcess } from '../support/in-process.js';
import { KIRIAGE_RON, PLAIN_RON, kiriageLobbyGame } from '../support/kiriage-lobby.js';

const read = (): GameLog => parseLog(Buffer.from(kiriageLobbyGame()), { file: 'lobby-kiriage.json' });

/** The game's last win as re-scored under the rules: its score and its mismatches with the log. */
function lastWin(game: GameLog, rules: RuleSet | Rules) {
  const w = replayGame(game, rules).hands.at(-1)!.wins.at(-1)!;
  return { score: w.score!, mismatches: w.scoreMismatches ?? [] };
}

describe('a kiriage-rounded hand against the log', () => {
  it("agrees with a lobby log's 満貫: points, limit and payments, under the profile and under --kiriage-mangan always", () => {
    const game = read();
    expect(judgeRules(defaultRules(), game.rule).rules.kiriageMangan).toBe('always');
    const logged = game.hands.at(-1)!.events.find((e) => e.type === 'win')!;
    expect(logged).toMatchObject({ points: KIRIAGE_RON, limit: 1 });
    for (const rules of [defaultRules(), ruleSet({ profile: 'tenhou', overrides: { kiriageMangan: 'always' } })]) {
      const kiriageMangan = 'key' in rules ? String(rules.profile) : 'tenhou';
      const win = lastWin(game, rules);
      expect(win.score, kiriageMangan).toMatchObject({ valid: true, han: 4, fu: 30, points: KIRIAGE_RON, basicPoints: 2000 });
      expect(win.mismatches, kiriageMangan).toEqual([]);
    }
  });

  it('still differs where kiriage is off: the points and payments, and the limit the log names', () => {
    // A flag wins over the game's declared kiriage (plain rules would not: the game's csrule decides then).
    const win = lastWin(read(), ruleSet({ profile: 'tenhou', overrides: { kiriageMangan: 'none' } }));
    expect(win.score.points).toBe(PLAIN_RON);
    expect(win.mismatches.map((m) => m.component).sort()).toEqual(['limit', 'payment', 'payment', 'points']);
  });

  it('the audit finds nothing in the lobby game, under the profile and under --kiriage-mangan always', () => {
    const game = read();
    for (const options of [{}, { overrides: { kiriageMangan: 'always' } }]) {
      const ruleSet = ruleSetFor(options);
      const audit = auditGame('lobby-kiriage.json', 'h', game, ruleSet);
      expect(audit.findings.filter((f) => f.severity !== 'info').map((f) => `${f.kind}: ${f.message}`)).toEqual([]);
    }
  });

  it("agrees with Tenhou's mjlog chip games, which write the same hand's limit as 0", () => {
    for (const [file, points] of [
      ['dnovikoff__tenhou__log_test_data_chip.xml', 12000],
      ['dnovikoff__tenhou__log_test_data_ratio1.xml', 8000],
    ] as const) {
      const game = readLogFile(corpusFile(file));
      const replay = replayGame(game, defaultRules());
      const wins = replay.hands.flatMap((h) => h.wins).filter((w) => w.score?.basicPoints === 2000 && w.score.limit === 0);
      expect(wins.length, file).toBeGreaterThan(0);
      for (const w of wins) {
        expect([w.score!.points, w.limit], file).toEqual([points, 0]);
        expect(w.scoreMismatches, file).toEqual([]);
      }
    }
  });

  it('kanshi verify passes the lobby game clean, and --kiriage-mangan none finds its one win', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-kiriage-'));
    const file = join(dir, 'lobby-kiriage.json');
    writeFileSync(file, kiriageLobbyGame());
    const ok = await kanshiInProcess('verify', '--json', file);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ scoreMismatchCount: 0, inconsistencyCount: 0, timingMismatchCount: 0 });
    const off = await kanshiInProcess('verify', '--json', '--kiriage-mangan', 'none', file);
    expect(off.code).toBe(1);
    expect(JSON.parse(off.stdout).details.join('\n')).toMatch(/hand 11 event \d+: score points: points: the log says 8000, the hand is worth 7700/);
  });
});
