/**
 * Published wall test data (../shared/corpus/wall-vectors): Tenhou's validation game, step by step,
 * and a second seed's first wall and dice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, requireCorpus } from '../support/corpus.js';
import {
  Mt19937,
  ROUND_OUTPUTS,
  diceOf,
  gameWalls,
  hashRoundOutputs,
  haipai,
  parseSeed,
  shuffleWall,
} from '../../src/wall/index.js';
import { checkLog, readLogText, scanTags } from './mjlog-check.js';

const VALIDATION = 'tenhou-blog-validation-2016022509gm-0009-0000-b327da61/2016022509gm-0009-0000-b327da61';
const MJX = 'mjx-tenhou-wall-reproducer-2017020100gm-00e1-0000-17d39cdb/2017020100gm-00e1-0000-17d39cdb.kyoku0.json';

function vectorPath(rel: string): string {
  requireCorpus();
  return join(CORPUS_DIR, 'wall-vectors', rel);
}

/** Numbers of a Rust-style array file (`[0x19265394u32,0xD5A7…]`, `[22u8,91,…]`). */
function numbers(ext: string): number[] {
  const text = readFileSync(vectorPath(`${VALIDATION}.${ext}`), 'utf8').replace(/u(8|32)\b/g, '');
  return (text.match(/0x[0-9A-Fa-f]+|\d+/g) ?? []).map(Number);
}

function validationSeed(): string {
  return 'mt19937ar-sha512-n288-base64,' + JSON.parse(readFileSync(vectorPath(`${VALIDATION}.seed_str`), 'utf8'));
}

describe("Tenhou's published validation game 2016022509gm-0009-0000-b327da61", () => {
  it('the seed text decodes to the published 624 key words', () => {
    const seed = parseSeed(validationSeed());
    const words = numbers('seed_u32');
    expect(words).toHaveLength(624);
    expect(seed.buildable && [...seed.key]).toEqual(words);
  });

  it('init_by_array gives the published 288 outputs, SHA-512 the 144 words, the shuffle the wall', () => {
    const seed = parseSeed(validationSeed());
    if (!seed.buildable) throw new Error(seed.reason);
    const outputs = Mt19937.fromKey(seed.key).fill(new Uint32Array(ROUND_OUTPUTS));
    const expectedOutputs = numbers('src_u32');
    expect(expectedOutputs).toHaveLength(288);
    expect([...outputs]).toEqual(expectedOutputs);

    const rnd = hashRoundOutputs(outputs);
    const expectedRnd = numbers('rnd_u32');
    expect(expectedRnd).toHaveLength(144);
    expect([...rnd]).toEqual(expectedRnd);

    const wall = numbers('wall136');
    expect(wall).toHaveLength(136);
    expect([...shuffleWall(rnd, 4)]).toEqual(wall);
    expect([...gameWalls(validationSeed(), 4).round(0).tiles]).toEqual(wall);
  });

  it('its log agrees with the wall: haipai, dice, dora and every draw', () => {
    const tags = scanTags(readLogText(vectorPath(`${VALIDATION}.xml`)));
    const walls = gameWalls(tags.find((t) => t.name === 'SHUFFLE')!.attrs.seed, 4);
    const { stats, errors } = checkLog(tags, 4, (i) => walls.round(i));
    expect(errors).toEqual([]);
    expect(stats.rounds).toBe(1);
    expect(stats.liveDraws).toBeGreaterThan(50);
    const init = tags.find((t) => t.name === 'INIT')!.attrs.seed.split(',').map(Number);
    expect(walls.round(0).dice).toEqual([init[3] + 1, init[4] + 1]);
    expect(diceOf(Uint32Array.from(numbers('rnd_u32')))).toEqual([init[3] + 1, init[4] + 1]);
  });

  it("its tenhou.net/6 JSON haipai is the wall's deal (dealer seat 0)", () => {
    const json = JSON.parse(readFileSync(vectorPath(`${VALIDATION}.json`), 'utf8'));
    const kyoku = json.log[0];
    const wall = gameWalls(validationSeed(), 4).round(0);
    // JSON tile codes: 11-19 m, 21-29 p, 31-39 s, 41-47 z, 51-53 red fives.
    const code = (id: number) => {
      const kind = id >> 2;
      if (id === 16 || id === 52 || id === 88) return 51 + (id - 16) / 36;
      return kind < 27 ? (Math.floor(kind / 9) + 1) * 10 + (kind % 9) + 1 : 41 + kind - 27;
    };
    for (let seat = 0; seat < 4; seat++) {
      const dealt = haipai(wall, seat).map(code).sort((a, b) => a - b);
      expect(dealt).toEqual([...kyoku[4 + 3 * seat]].sort((a: number, b: number) => a - b));
    }
    expect(code(wall.tiles[5])).toBe(kyoku[2][0]);
  });
});

describe('mjx-project/tenhou-wall-reproducer: 2017020100gm-00e1-0000-17d39cdb', () => {
  it('first wall (yama) and dice', () => {
    const v = JSON.parse(readFileSync(vectorPath(MJX), 'utf8'));
    const wall = gameWalls(`mt19937ar-sha512-n288-base64,${v.seed_base64}`, 4).round(v.deal_index);
    expect(v.yama).toHaveLength(136);
    expect([...wall.tiles]).toEqual(v.yama);
    expect(wall.dice).toEqual(v.dice_1based);
  });
});
