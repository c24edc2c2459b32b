import { basename } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../../src/ingest/index.js';
import type { GameLog } from '../../src/events/index.js';
import { replayGame, type ReplayResult } from '../../src/replay/index.js';
import { corpusFiles, manifest } from '../support/corpus.js';
import { corpusLogCounts, sumOf } from '../support/log-counts.js';
import { defaultRules } from '../../src/rules/index.js';

const games = new Map<string, GameLog>();
const tenhou = new Map<string, ReplayResult>();

beforeAll(() => {
  for (const file of corpusFiles()) games.set(basename(file), readLogFile(file));
  for (const [file, game] of games) tenhou.set(file, replayGame(game, { ...defaultRules(), kandoraTiming: 'tenhou' }));
});

describe('replaying the whole corpus under the tenhou timing', () => {
  it('every file MANIFEST marks wall_check=ok verifies with 0 wall mismatches, 4-player and 3-player', () => {
    const rows = manifest().filter((r) => /wall_check=ok/.test(r.notes));
    expect(rows.length).toBe(1611);
    const bad: string[] = [];
    let threePlayer = 0;
    for (const row of rows) {
      const r = tenhou.get(row.file)!;
      if (!r.seeded || r.wallMismatches.length > 0 || r.checkedTileCount === 0) bad.push(`${row.file}: seeded ${r.seeded}, ${r.wallMismatches.length} mismatches`);
      if (r.playerCount === 3) threePlayer++;
    }
    expect(bad).toEqual([]);
    expect(threePlayer).toBeGreaterThan(250);
  });

  it('the 2009 seeds (hex SHUFFLE and per-round shuffle) rebuild walls too, and match', () => {
    const rows = manifest().filter((r) => /wall_check=n\/a\(seed (mt19937ar-sha512-n288|old per-INIT)/.test(r.notes));
    expect(rows.length).toBe(25);
    for (const row of rows) {
      const r = tenhou.get(row.file)!;
      expect(r.seeded, row.file).toBe(true);
      expect(r.wallMismatches, row.file).toEqual([]);
    }
  });

  it('files without a usable seed replay with the wall checks skipped and say why', () => {
    const unseeded = [...tenhou].filter(([, r]) => !r.seeded);
    // MANIFEST: the tenhou.net/6 JSON files and the XML files with seed=none.
    expect(unseeded.map(([file]) => file).sort()).toEqual(manifest().filter((r) => r.format === 'json' || /seed=none/.test(r.notes)).map((r) => r.file).sort());
    for (const [file, r] of unseeded) {
      expect(r.seedNote, file).toMatch(/no wall seed/);
      expect(r.checkedTileCount).toBe(0);
      expect(r.hands.length).toBe(games.get(file)!.hands.length);
    }
  });

  it('0 timing mismatches on every XML file, and on the JSON files too', () => {
    const bad = [...tenhou].filter(([, r]) => r.timingMismatches.length > 0).map(([f, r]) => `${f}: ${JSON.stringify(r.timingMismatches[0])}`);
    expect(bad).toEqual([]);
  });

  it('0 inconsistencies (excerpts end early without error), but the editor-typed win on no winning hand', () => {
    const bad = [...tenhou].flatMap(([f, r]) => r.inconsistencies.map((x) => `${f.replace(/.*\//, '')} hand ${x.hand} event ${x.eventIndex}: ${x.kind}`));
    // mjai-reviewer's confusing_nakis_2, typed in Tenhou's editor, names a winner whose 7m does not complete 7899p and three melds.
    expect(bad).toEqual(['Equim-chan__mjai-reviewer__convlog_tests_testdata_confusing_nakis_2.json hand 1 event 35: win-not-complete']);
  });

  it("each win's dora from the logged indicators equals the log's dora han", () => {
    let wins = 0;
    for (const r of tenhou.values()) {
      for (const round of r.hands) {
        for (const w of round.wins) {
          if (w.yakuman.length > 0 || w.yaku.length === 0) continue;
          wins++;
          expect(w.logged.dora! + w.kitaCount).toBe(w.doraHanLogged);
        }
      }
    }
    expect(wins).toBeGreaterThan(13000);
  });

  it('rinshan wins and chankan wins replayed equal MANIFEST.tsv', () => {
    for (const row of manifest()) {
      const r = tenhou.get(row.file)!;
      const wins = r.hands.flatMap((x) => x.wins);
      expect(wins.filter((w) => w.rinshan).length, row.file).toBe(row.rinshanWins);
      expect(wins.filter((w) => w.chankan).length, row.file).toBe(row.chankanWins);
    }
  });
});

describe('replaying the corpus under another kandora timing', () => {
  it('immediate: the known cases move, and the totals are what the note reports', () => {
    let mismatches = 0;
    let counts = 0;
    let movedWins = 0;
    for (const game of games.values()) {
      const r = replayGame(game, { ...defaultRules(), kandoraTiming: 'immediate' });
      mismatches += r.timingMismatches.length;
      counts += r.kandoraCountMismatches.length;
      // tenhou.net/6 JSON does not time its reveals: only their number can differ from a timing
      if (game.format === 'tenhou6') expect(r.timingMismatches).toEqual([]);
      for (const round of r.hands) for (const w of round.wins) if (w.rule.indicators.length !== w.logged.indicators.length) movedWins++;
      expect(r.wallMismatches).toEqual([]);
    }
    // Counted from the logs' text by docs/kan-rules.md §2's rules (test/support/log-counts.ts).
    const logs = corpusLogCounts();
    // every kan of an mjlog that was revealed after its replacement draw (or never) moves to its declaration (663)
    expect(mismatches).toBe(sumOf(logs, (r) => r.immediate.lateReveals));
    // the JSON rounds where immediate shows one more kandora (4): three rinshan wins after a kakan, and a kakan
    // whose player's next kakan was robbed (double_kakan_then_chankan)
    expect(counts).toBe(sumOf(logs, (r) => r.immediate.roundsShort));
    // the wins that see one more kandora (27)
    expect(movedWins).toBe(sumOf(logs, (r) => r.immediate.winsShort));
  });
});
