/**
 * tenhou.net/6 JSON of a game from one of Tenhou's lobbies that leagues and clubs run (issue 27,
 * docs/formats.md §5.7): `lobby` set, `rule` an array of the lobby's fields rather than `{disp, aka}`, a
 * `csrule` array holding the lobby's rule. The fixture (fixtures/tenhou6-lobby.json) was written by hand
 * from that description: two hands, red fives dealt in all three suits, and a log id whose GO type
 * (0x000b) says "no red fives", as the log that was refused at its first red five did. Its `rule` and
 * `csrule` copy the shape of a lobby's RULE and CSRULE settings; kanshi reads no position of them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditReplay } from '../../src/audit/index.js';
import type { GameLog } from '../../src/events/index.js';
import { MJAI, MJLOG, TENHOU6 } from '../../src/formats/index.js';
import { IngestError, parseLog } from '../../src/ingest/index.js';
import { replayGame } from '../../src/replay/index.js';
import { defaultRules } from '../../src/rules/index.js';
import { isRedFive, kindOf } from '../../src/tiles/index.js';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'tenhou6-lobby.json');
const text = readFileSync(FIXTURE, 'utf8');
type Doc = Record<string, unknown> & { log: unknown[][] };
const doc = (): Doc => JSON.parse(text) as Doc;

function read(d: unknown, file = 'lobby.json'): GameLog {
  return parseLog(Buffer.from(JSON.stringify(d)), { file });
}

/** Every tile of the game (dealt, the first indicator, drawn, discarded) by kind and red-ness; a dealt hand in any order. */
function tiles(game: GameLog): string[] {
  const red = game.rule.redFives ? game.rule.redFiveSuits : 0;
  const t = (id: number) => `${kindOf(id)}${isRedFive(id, red) ? 'r' : ''}`;
  return game.hands.flatMap((h) =>
    h.events.flatMap((e) => {
      if (e.type === 'roundStart') return [...e.hands.map((hand) => hand.map(t).sort().join(',')), t(e.doraIndicator)];
      if (e.type === 'draw' || e.type === 'discard') return [`${e.type} ${e.seat} ${t(e.tile)}`];
      return [];
    }),
  );
}

describe('a Tenhou lobby log (tenhou.net/6 JSON, rule array and csrule)', () => {
  it('reads: the log id gives the rule, the tiles dealt give the red fives, and the game says so', () => {
    const game = read(doc());
    expect(game.logId).toBe('2024050112gm-000b-12345-0a1b2c3d');
    expect(game.lobby).toBe(12345);
    expect(game.platform).toBe('tenhou');
    expect(game.hands).toHaveLength(2);
    // 0x000b: between humans, hanchan, open tanyao, ippan; its red bit (0x0002) set as the tiles say.
    expect(game.rule).toEqual({
      typeCode: 0x0009,
      playerCount: 4,
      redFives: true,
      redFiveSuits: 7,
      openTanyao: true,
      length: 'hanchan',
      lobbyLevel: 'ippan',
      speed: 'normal',
      vsHumans: true,
      label: '四般南喰赤',
      redFivesFrom: 'tiles',
    });
    const start = game.hands[0].events[0];
    expect(start.type === 'roundStart' && start.hands[0]).toContain(16);
  });

  it('replays and audits without an ingest error or a finding: the win is scored with its red five', () => {
    const game = read(doc());
    const rules = defaultRules();
    const replay = replayGame(game, rules);
    const { findings } = auditReplay(replay, rules);
    expect(findings).toEqual([]);
    const win = game.hands[0].events.find((e) => e.type === 'win');
    expect(win).toMatchObject({ seat: 1, from: 0, points: 3900, yaku: expect.arrayContaining([{ id: 54, han: 1 }]) });
  });

  it('without a log id: a rule from nothing the log says but the players, red fives per suit as the tiles show them', () => {
    const d = doc();
    delete d.ref;
    // Only a red 5p dealt: the other suits show none, so they have none as far as the log tells.
    const replace = (v: unknown): unknown => (Array.isArray(v) ? v.map(replace) : v === 51 ? 15 : v === 53 ? 35 : v);
    d.log = replace(d.log) as unknown[][];
    const game = read(d);
    expect(game.logId).toBeNull();
    expect(game.rule).toMatchObject({ typeCode: null, label: '', playerCount: 4, redFives: true, redFiveSuits: 2 });
    expect(game.rule.redFivesFrom).toBe('tiles');
    expect(game.platform).toBe('tenhou');
  });

  it('takes a csrule beside a rule object as a lobby log too, and no red five shown as none', () => {
    const d = doc();
    d.rule = { disp: '般南喰' };
    const plain: Record<number, number> = { 51: 15, 52: 25, 53: 35 };
    const replace = (v: unknown): unknown => (Array.isArray(v) ? v.map(replace) : typeof v === 'number' ? (plain[v] ?? v) : v);
    d.log = replace(d.log) as unknown[][];
    const game = read(d);
    expect(game.rule).toMatchObject({ redFives: false, redFiveSuits: 0, label: '四般南喰' });
    expect(game.rule.redFivesFrom).toBe('tiles');
  });

  it('leaves a rule object without csrule as it was: the log id decides, and a red five it forbids is refused', () => {
    const d = doc();
    delete d.csrule;
    d.rule = { disp: '般南喰', aka: 0 };
    expect(() => read(d)).toThrow(IngestError);
    expect(() => read(d)).toThrow(/log\[0\]: red five 51 in a game without a red five in that suit/);
  });

  it('still refuses a malformed hand of a lobby log at its position', () => {
    const d = doc();
    d.log[1][5] = ['x44'];
    expect(() => read(d)).toThrow(/log\[1\]\[5\]\[0\]: take "x44" has "x"/);
  });

  it('round-trips through the writers: tenhou6 (an empty csrule keeps the red fives the tiles gave), mjlog, mjai', () => {
    const game = read(doc());
    for (const format of [TENHOU6, MJLOG, MJAI]) {
      const back = parseLog(Buffer.from(format.write(game)), { file: `round-trip${format.extension}` });
      expect([format.name, back.rule.redFives, back.rule.redFiveSuits]).toEqual([format.name, true, 7]);
      expect(tiles(back)).toEqual(tiles(game));
    }
    const written = JSON.parse(TENHOU6.write(game)) as Record<string, unknown>;
    expect(written).toMatchObject({ csrule: [], lobby: 12345, rule: { disp: '般南喰赤', aka: 1 } });
    expect(read(written, 'x.json').rule.redFivesFrom).toBe('tiles');
  });
});
