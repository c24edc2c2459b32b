/**
 * tenhou.net/6 JSON of a game from one of Tenhou's lobbies that leagues and clubs run (issues 27 and 31,
 * docs/formats.md §5.7): `lobby` set, `rule` an array of the lobby's fields (its GO type at [2]) rather than
 * `{disp, aka}`, a `csrule` array holding the lobby's own rule. The fixture (fixtures/tenhou6-lobby.json) was
 * written by hand in the shape of a real lobby log that InjusticeJudge keeps (example_arml_game.json, type
 * `000b`): no red fives, yet the fives 16, 52 and 88 written as 51, 52 and 53, and its win scored without
 * 赤ドラ, as that log's wins are (a haneman would be a mangan there with them counted).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditGame, auditReplay } from '../../src/audit/index.js';
import type { GameLog } from '../../src/events/index.js';
import { MJAI, MJLOG, TENHOU6 } from '../../src/formats/index.js';
import { IngestError, parseLog } from '../../src/ingest/index.js';
import { replayGame } from '../../src/replay/index.js';
import { defaultRules, judgeRules, ruleSet } from '../../src/rules/index.js';
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
  it("reads the rule from the lobby's GO type (rule[2]): 000b has no red fives, and its 51-53 are plain fives", () => {
    const game = read(doc());
    expect(game.logId).toBe('2024050112gm-000b-12345-0a1b2c3d');
    expect(game.lobby).toBe(12345);
    expect(game.platform).toBe('tenhou');
    expect(game.hands).toHaveLength(2);
    const { lobbyRule, ...rule } = game.rule;
    // 0x000b: between humans, no red fives, hanchan, open tanyao, ippan.
    expect(rule).toEqual({
      typeCode: 0x000b,
      playerCount: 4,
      redFives: false,
      redFiveSuits: 0,
      openTanyao: true,
      length: 'hanchan',
      lobbyLevel: 'ippan',
      speed: 'normal',
      vsHumans: true,
      chips: 'none',
      label: '四般南喰',
    });
    expect(lobbyRule).toEqual({ rule: doc().rule, csrule: doc().csrule });
    // The dealt 51 is a plain 5m: some copy of kind 4, not a red five.
    const start = game.hands[0].events[0];
    expect(start.type === 'roundStart' && start.hands[0].some((t) => kindOf(t) === 4)).toBe(true);
    expect(tiles(game).join(' ')).not.toMatch(/\dr\b/);
  });

  it('replays and audits without an ingest error or a finding: the win scores no 赤ドラ', () => {
    const game = read(doc());
    const rules = defaultRules();
    const replay = replayGame(game, rules);
    const { findings } = auditReplay(replay, rules);
    expect(findings).toEqual([]);
    const win = game.hands[0].events.find((e) => e.type === 'win');
    expect(win).toMatchObject({ seat: 1, from: 0, points: 2000 });
    expect(replay.hands[0].wins[0].score).toMatchObject({ valid: true, han: 2, points: 2000 });
  });

  it('counts the red fives of a lobby whose GO type has them (rule[2] 0009)', () => {
    const d = doc();
    (d.rule as string[])[2] = '0009';
    d.ref = '2024050112gm-0009-12345-0a1b2c3d';
    const game = read(d);
    expect(game.rule).toMatchObject({ typeCode: 9, redFives: true, redFiveSuits: 7 });
    const rules = defaultRules();
    const replay = replayGame(game, rules);
    // Now the dealt red 5p counts: the log's 2 han are one short.
    expect(replay.hands[0].wins[0].score).toMatchObject({ han: 3, points: 3900 });
    expect(replay.scoreMismatches.map((m) => m.component)).toContain('han');
  });

  it('keeps rule and csrule as written; kiriage (csrule[0] bit 0x2) and head bump (0x2000) judge the game, a flag wins over them', () => {
    const d = doc();
    (d.csrule as string[])[0] = '00002002';
    const game = read(d);
    expect(game.rule.lobbyRule).toEqual({ rule: d.rule, csrule: d.csrule });
    // 4 han 30 fu: a mangan in this game, which declares kiriage; not in one whose csrule does not, nor with the flag none.
    const tenhou = ruleSet({ profile: 'tenhou' });
    expect(judgeRules(tenhou, game.rule).rules).toMatchObject({ kiriageMangan: 'always', multipleRon: 'atamahane' });
    expect(judgeRules(tenhou, game.rule).from).toMatchObject({ kiriageMangan: 'declared', multipleRon: 'declared', kandoraTiming: 'declared' });
    expect(judgeRules(tenhou, read(doc()).rule).rules.kiriageMangan).toBe('none');
    const flagged = ruleSet({ profile: 'tenhou', overrides: { kiriageMangan: 'none' } });
    expect(judgeRules(flagged, game.rule).rules.kiriageMangan).toBe('none');
    expect(judgeRules(flagged, game.rule).from.kiriageMangan).toBe('flag');
    // Every flag set has a knob here: nothing left not applied.
    const audit = auditGame('lobby.json', 'x', game, tenhou);
    expect(audit.findings.map((f) => [f.kind, f.severity])).toEqual([]);
  });

  it('without a GO type anywhere (no ref, no rule[2]): the red fives per suit as the tiles show them', () => {
    const d = doc();
    delete d.ref;
    (d.rule as string[])[2] = '';
    // Only a red 5p dealt: the other suits show none, so they have none as far as the log tells.
    const replace = (v: unknown): unknown => (Array.isArray(v) ? v.map(replace) : v === 51 ? 15 : v === 53 ? 35 : v);
    d.log = replace(d.log) as unknown[][];
    const game = read(d);
    expect(game.logId).toBeNull();
    expect(game.rule).toMatchObject({ typeCode: null, label: '', playerCount: 4, redFives: true, redFiveSuits: 2 });
    expect(game.rule.redFivesFrom).toBe('tiles');
    expect(game.platform).toBe('tenhou');
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

  it('round-trips through the writers, the lobby fields kept (tenhou6 and mjlog write them back)', () => {
    const game = read(doc());
    for (const format of [TENHOU6, MJLOG, MJAI]) {
      const back = parseLog(Buffer.from(format.write(game)), { file: `round-trip${format.extension}` });
      expect([format.name, back.rule.redFives, back.rule.redFiveSuits]).toEqual([format.name, false, 0]);
      expect(tiles(back)).toEqual(tiles(game));
      if (format !== MJAI) expect(back.rule.lobbyRule).toEqual(game.rule.lobbyRule);
    }
    const written = JSON.parse(TENHOU6.write(game)) as Record<string, unknown>;
    expect(written).toMatchObject({ csrule: doc().csrule, lobby: 12345, rule: doc().rule });
  });
});
