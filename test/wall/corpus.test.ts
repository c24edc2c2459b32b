/**
 * The layout proven on the real corpus: every INIT's haipai, dora indicator and dice, and every live draw,
 * replacement draw, DORA tag, doraHai and doraHaiUra lands where src/wall says, for 4- and 3-player games
 * and for all three seed schemes (the 2008-2009 ones with the legacy dead wall). Exhaustive draws must
 * have drawn exactly liveDrawCount live tiles.
 */
import { describe, expect, it } from 'vitest';
import { corpusFile } from '../support/corpus.js';
import { gameWalls, initShuffleWall, parseSeed, type HandWall } from '../../src/wall/index.js';
import { addStats, checkLog, emptyStats, manifestRows, playersOf, readLogText, scanTags, type CheckStats } from './mjlog-check.js';

type Row = ReturnType<typeof manifestRows>[number];

interface Outcome {
  stats: CheckStats;
  files: number;
  byPlayers: Record<3 | 4, number>;
  errors: string[];
}

function checkFiles(rows: Row[], perInit: boolean, era: 'current' | 'legacy'): Outcome {
  const outcome: Outcome = { stats: emptyStats(), files: 0, byPlayers: { 3: 0, 4: 0 }, errors: [] };
  for (const row of rows) {
    const tags = scanTags(readLogText(corpusFile(row.file)));
    const players = playersOf(tags);
    if (players !== row.players) outcome.errors.push(`${row.file}: GO says ${players} players, MANIFEST ${row.players}`);
    let wallFor: (round: number, init: Record<string, string>) => HandWall;
    if (perInit) {
      wallFor = (_round, init) => initShuffleWall(init.shuffle, players);
    } else {
      const walls = gameWalls(tags.find((t) => t.name === 'SHUFFLE')!.attrs.seed, players);
      wallFor = (round) => walls.round(round);
    }
    const { stats, errors } = checkLog(tags, players, (round, init) => {
      const wall = wallFor(round, init);
      if (wall.layout.era !== era) throw new Error(`${row.file}: ${wall.layout.era} layout, expected ${era}`);
      return wall;
    });
    outcome.errors.push(...errors.map((e) => `${row.file}: ${e}`));
    addStats(outcome.stats, stats);
    outcome.files++;
    outcome.byPlayers[players]++;
  }
  return outcome;
}

/** Rounds the MANIFEST's independent wall check covered: N in `wall_check=ok(N/N kyoku)`. */
function manifestRounds(rows: Row[]): number {
  return rows.reduce((sum, r) => sum + Number(/wall_check=ok\((\d+)\/\d+ kyoku\)/.exec(r.notes)?.[1] ?? NaN), 0);
}

describe('wall layout on the real corpus', () => {
  it('mt19937ar-sha512-n288-base64: every file with wall_check=ok', () => {
    const rows = manifestRows().filter((r) => r.notes.includes('wall_check=ok'));
    expect(rows.length).toBeGreaterThan(1500);
    const o = checkFiles(rows, false, 'current');
    expect(o.errors.slice(0, 20)).toEqual([]);
    expect(o.stats.rounds).toBe(manifestRounds(rows));
    expect(o.byPlayers[3]).toBeGreaterThan(250);
    expect(o.stats.replacementDraws).toBeGreaterThan(8000);
    expect(o.stats.kita).toBeGreaterThan(6000);
    expect(o.stats.doraTags).toBeGreaterThan(1400);
    expect(o.stats.uraIndicators).toBeGreaterThan(5000);
    console.log(`base64: ${o.files} files (${o.byPlayers[4]} 4p, ${o.byPlayers[3]} 3p)`, JSON.stringify(o.stats));
  });

  it('mt19937ar-sha512-n288 (2009 hex SHUFFLE): init_by_array on the 32 words, same stream and hash', () => {
    const rows = manifestRows().filter((r) => /seed=mt19937ar-sha512-n288 /.test(r.notes));
    expect(rows.length).toBe(13);
    const o = checkFiles(rows, false, 'legacy');
    expect(o.errors.slice(0, 20)).toEqual([]);
    expect(o.stats.replacementDraws).toBeGreaterThan(0);
    console.log(`hex: ${o.files} files`, JSON.stringify(o.stats));
  });

  it('mt19937ar (old per-INIT shuffle attribute): a fresh key per round, raw outputs', () => {
    const rows = manifestRows().filter((r) => /seed=old/.test(r.notes));
    expect(rows.length).toBe(12);
    const o = checkFiles(rows, true, 'legacy');
    expect(o.errors.slice(0, 20)).toEqual([]);
    expect(o.byPlayers[3]).toBe(1);
    console.log(`per-INIT: ${o.files} files (${o.byPlayers[3]} 3p)`, JSON.stringify(o.stats));
  });

  it('logs without a seed are recognised as such', () => {
    const rows = manifestRows().filter((r) => r.format === 'json' || /seed=none/.test(r.notes));
    expect(rows.length).toBe(49);
    for (const row of rows) {
      const text = readLogText(corpusFile(row.file));
      const seed = /<SHUFFLE seed="([^"]*)"/.exec(text)?.[1];
      const parsed = parseSeed(seed);
      expect(parsed.scheme).toBe('none');
    }
  });
});
