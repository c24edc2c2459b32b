/**
 * Where the live wall ends: a round played to exhaustion (RYUUKYOKU without type, or nagashi mangan `nm`)
 * has drawn every live tile, so its draw tags pin the end down. The rule, proven here on every such round
 * of the corpus: live draws = 70 − r (4-player), 55 − r (3-player), r = replacement draws, i.e. kans plus,
 * in 3-player, kita. Each kita moves the haitei just as a kan does, and the last live tile sits at 14 + r.
 */
import { describe, expect, it } from 'vitest';
import { corpusFile } from '../support/corpus.js';
import { decodeMeld } from '../../src/tiles/index.js';
import { gameWalls, lastLiveIndex, liveDrawCount, liveDrawIndex, parseSeed, type Players } from '../../src/wall/index.js';
import { manifestRows, playersOf, readLogText, scanTags, type Tag } from './mjlog-check.js';

interface ExhaustiveRound {
  file: string;
  round: number;
  players: Players;
  draws: number;
  kans: number;
  kita: number;
  /** Tile id of the round's last draw that was not a replacement draw (the haitei). */
  haitei: number;
  seed?: string;
}

/** Rounds that ran to the end of the live wall, counted from the tags alone. */
function exhaustiveRounds(file: string, tags: Tag[]): ExhaustiveRound[] {
  const players = playersOf(tags);
  const seed = tags.find((t) => t.name === 'SHUFFLE')?.attrs.seed;
  const found: ExhaustiveRound[] = [];
  let round = -1;
  let draws = 0, kans = 0, kita = 0, haitei = -1;
  let replacementPending = false;
  for (const tag of tags) {
    if (tag.name === 'INIT') {
      round++;
      draws = kans = kita = 0;
      haitei = -1;
      replacementPending = false;
    } else if (tag.name.length === 1 && 'TUVW'.includes(tag.name) && tag.tile >= 0) {
      draws++;
      if (!replacementPending) haitei = tag.tile;
      replacementPending = false;
    } else if (tag.name === 'N') {
      const type = decodeMeld(Number(tag.attrs.m)).type;
      if (type === 'kita') kita++;
      else if (type === 'ankan' || type === 'daiminkan' || type === 'kakan') kans++;
      replacementPending = type !== 'chi' && type !== 'pon';
    } else if (tag.name === 'RYUUKYOKU' && (tag.attrs.type === undefined || tag.attrs.type === 'nm')) {
      found.push({ file, round, players, draws, kans, kita, haitei, seed });
    }
  }
  return found;
}

const rounds: ExhaustiveRound[] = manifestRows()
  .filter((r) => r.format !== 'json')
  .flatMap((r) => exhaustiveRounds(r.file, scanTags(readLogText(corpusFile(r.file)))));

describe('end of the live wall', () => {
  for (const players of [3, 4] as const) {
    it(`${players}-player: every exhaustive draw drew exactly liveDrawCount(${players}, kans + kita) live tiles`, () => {
      const mine = rounds.filter((r) => r.players === players);
      const bad = mine.filter((r) => r.draws - r.kans - r.kita !== liveDrawCount(players, r.kans + r.kita));
      expect(bad).toEqual([]);
      // The evidence spans many replacement counts, and kita alone as well as kita with kans.
      const combos = new Set(mine.map((r) => `${r.kans}+${r.kita}`));
      if (players === 3) {
        expect(mine.length).toBeGreaterThan(250);
        for (const c of ['0+0', '0+4', '1+4', '2+3', '3+3']) expect(combos).toContain(c);
        expect(Math.max(...mine.map((r) => r.kans + r.kita))).toBe(6);
      } else {
        expect(mine.length).toBeGreaterThan(1900);
        for (const c of ['0+0', '1+0', '2+0', '3+0']) expect(combos).toContain(c);
      }
      console.log(`${players}p exhaustive rounds: ${mine.length}; kans+kita combinations: ${[...combos].sort().join(' ')}`);
    });
  }

  it('the haitei of every seeded exhaustive round sits at lastLiveIndex(kans + kita) = 14 + r', () => {
    let checked = 0;
    for (const r of rounds) {
      const seed = parseSeed(r.seed);
      if (!seed.buildable || seed.stream !== 'game') continue;
      const wall = gameWalls(seed, r.players).round(r.round);
      const replacements = r.kans + r.kita;
      expect(lastLiveIndex(wall.layout, replacements)).toBe(14 + replacements);
      expect(liveDrawIndex(wall.layout, liveDrawCount(wall.layout, replacements) - 1)).toBe(14 + replacements);
      expect(wall.tiles[14 + replacements], `${r.file} round ${r.round}`).toBe(r.haitei);
      checked++;
    }
    expect(checked).toBeGreaterThan(2200);
    console.log(`haitei position checked on ${checked} seeded exhaustive rounds`);
  });
});
