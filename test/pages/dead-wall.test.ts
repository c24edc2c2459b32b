/**
 * The dead-wall model of `kanshi replay --html` on real corpus hands: where each role sits (4- and
 * 3-player), which tiles were drawn and turned, where the log and the rule differ, and what a log without
 * a seed leaves unknown. Pure functions, no browser (test/pages/game-page.test.ts opens the pages).
 */
import { describe, expect, it } from 'vitest';
import type { GameLog } from '../../src/events/index.js';
import { readLogFile } from '../../src/ingest/index.js';
import { replayGame, type HandReplay } from '../../src/replay/index.js';
import { buildGamePage, deadWallOf, tileRow, tileSymbols, type DeadWallModel } from '../../src/pages/index.js';
import { defaultRules, ruleSet } from '../../src/rules/index.js';
import { parseTiles, tileToString } from '../../src/tiles/index.js';
import { gameWalls, parseSeed, wallLayout } from '../../src/wall/index.js';
import { corpusFile } from '../support/corpus.js';

const RINSHAN_AFTER_KAKAN = corpusFile('2020052221gm-00a9-0000-6f0524c7.xml');
const THREE_PLAYER = corpusFile('2020010111gm-00b9-0000-7a4c92ad.xml');
const THREE_KAKANS_JSON = corpusFile('2008121721gm-00c1-0000-fcadb0d7.json');

function modelOf(file: string, hand: number, timing: 'tenhou' | 'immediate'): { model: DeadWallModel; replay: HandReplay; game: GameLog } {
  const game = readLogFile(file);
  const replay = replayGame(game, { ...defaultRules(), kandoraTiming: timing }).hands.find((r) => r.hand === hand)!;
  const start = game.hands[hand - 1].events[0];
  if (start.type !== 'roundStart') throw new Error('no round start');
  const seed = parseSeed(game.seed);
  const wall = seed.buildable && seed.stream !== 'round' ? gameWalls(seed, game.rule.playerCount).round(hand - 1) : null;
  const layout = wall?.layout ?? wallLayout(game.rule.playerCount);
  return { model: deadWallOf({ replay, start, wall, layout, redFives: game.rule.redFives }), replay, game };
}

const slot = (m: DeadWallModel, label: string) => m.slots.find((s) => s.label === label)!;
const name = (t: number | null) => (t === null ? null : tileToString(t));

describe('the dead wall of a hand', () => {
  it('4-player: a kakan whose replacement tile wins; the rule turns its indicator over, the log never does', () => {
    const { model } = modelOf(RINSHAN_AFTER_KAKAN, 12, 'immediate');
    expect(model).toMatchObject({ players: 4, seeded: true, moved: 1, stacks: 8 });
    expect(model.slots).toHaveLength(16);
    // The replacement tile (index 1, the far end's upper tile) was drawn: 2z, as `kanshi replay` prints.
    expect(slot(model, 'R1')).toMatchObject({ index: 1, stack: 0, upper: true, seen: true, marks: ['used'] });
    expect(name(slot(model, 'R1').tile)).toBe('2z');
    expect(slot(model, 'R2')).toMatchObject({ index: 0, upper: false, seen: false, marks: [] });
    expect(slot(model, 'D')).toMatchObject({ index: 5, seen: true, marks: ['turned'] });
    // K1: 4s at index 7, never shown (rinshan kaihou), turned by the immediate timing: differs.
    expect(slot(model, 'K1')).toMatchObject({ index: 7, seen: false, marks: ['rule', 'differs'] });
    expect(name(slot(model, 'K1').tile)).toBe('4s');
    expect(slot(model, 'K1').note).toMatch(/logged never, rule at the declaration \(differs\)/);
    // Index 14 (the haitei at the deal) moved in; 15 is still live.
    expect(model.slots.filter((s) => s.role.kind === 'moved').map((s) => [s.index, s.live])).toEqual([[14, false], [15, true]]);
  });

  it('the same hand under the tenhou timing: nothing differs', () => {
    const { model } = modelOf(RINSHAN_AFTER_KAKAN, 12, 'tenhou');
    expect(model.slots.filter((s) => s.marks.includes('differs'))).toEqual([]);
    expect(slot(model, 'K1').marks).toEqual([]);
  });

  it('3-player: eight replacement tiles below the indicators, kita drawing them with the kans', () => {
    const { model, replay } = modelOf(THREE_PLAYER, 2, 'tenhou');
    expect(replay.kita).toHaveLength(2);
    expect(model).toMatchObject({ players: 3, seeded: true, moved: 3 });
    const at = (label: string) => slot(model, label).index;
    expect(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8'].map(at)).toEqual([1, 0, 3, 2, 5, 4, 7, 6]);
    expect(['D', 'K1', 'K2', 'K3', 'K4'].map(at)).toEqual([9, 11, 13, 15, 17]);
    expect(['U', 'U1', 'U2', 'U3', 'U4'].map(at)).toEqual([8, 10, 12, 14, 16]);
    // Two kita and a kakan drew R1..R3 (wall indices 1, 0, 3).
    expect(model.slots.filter((s) => s.marks.includes('used')).map((s) => s.label)).toEqual(['R2', 'R1', 'R3']);
    expect(slot(model, 'K1').marks).toEqual(['turned']);
    // K4 sits where the live wall still was at the hand's end (only three tiles moved in).
    expect(slot(model, 'K4').live).toBe(true);
  });

  it('without a seed: only what the log shows; the rest unknown', () => {
    const { model } = modelOf(THREE_KAKANS_JSON, 6, 'immediate');
    expect(model.seeded).toBe(false);
    expect(['R1', 'R2', 'R3'].map((l) => name(slot(model, l).tile))).toEqual(['5z', '7z', '6z']);
    expect(slot(model, 'R4').tile).toBeNull();
    expect(['D', 'K1', 'K2'].every((l) => slot(model, l).seen)).toBe(true);
    // The third kakan's indicator: the log lists none (its replacement tile won), the immediate timing turns it.
    expect(slot(model, 'K3')).toMatchObject({ tile: null, seen: false, marks: ['rule', 'differs'] });
    expect(model.slots.filter((s) => s.tile === null).length).toBeGreaterThan(8);
  });
});

describe('tiles as SVG', () => {
  it('one symbol per face, red fives apart; 3-player pages leave out 2m..8m', () => {
    const four = tileSymbols();
    expect(four.match(/<symbol /g)).toHaveLength(34 + 3 + 2);
    for (const id of ['t1m', 't9s', 't7z', 't0m', 't0p', 't0s', 'tback', 'tunknown']) expect(four).toContain(`<symbol id="${id}"`);
    const three = tileSymbols({ threePlayer: true });
    expect(three).not.toContain('id="t2m"');
    expect(three).not.toContain('id="t0m"');
    expect(three.match(/<symbol /g)).toHaveLength(34 - 7 + 2 + 2);
  });

  it('a row of tiles names them in notation, red fives as 0', () => {
    const tiles = parseTiles('0p5p').map((t) => (t.red ? 52 : 53));
    const row = tileRow(tiles, true, { label: 'pair' });
    expect(row).toContain('<title>pair: 0p 5p</title>');
    expect(row).toContain('href="#t0p"');
    expect(row).toContain('href="#t5p"');
  });
});

describe('the page of a game', () => {
  it('draws one dead wall per hand with a kan or kita, or every hand, or one', () => {
    const game = readLogFile(RINSHAN_AFTER_KAKAN);
    const tenhou = ruleSet({ profile: 'tenhou' });
    const page = buildGamePage(RINSHAN_AFTER_KAKAN, game, tenhou, { now: new Date(0) });
    expect(page.hands).toEqual([6, 12]);
    expect(page.html.match(/data-dead-wall=/g)).toHaveLength(2);
    const all = buildGamePage(RINSHAN_AFTER_KAKAN, game, tenhou, { allHands: true });
    expect(all.hands).toHaveLength(game.hands.length);
    expect(all.html.match(/data-dead-wall=/g)).toHaveLength(game.hands.length);
    const one = buildGamePage(RINSHAN_AFTER_KAKAN, game, tenhou, { hand: 3 });
    expect(one.hands).toEqual([3]);
  });
});
