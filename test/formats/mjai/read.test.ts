/**
 * mjai JSON lines (../shared/corpus/platforms): every mjai file is read, or refused for a reason the log
 * shows, with the MANIFEST's kans, and replays with no inconsistency. The `dora` events are timed reveals:
 * kanshi keeps them where the producer wrote them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent, GameLog } from '../../../src/events/index.js';
import { IngestError, parseLog, readLogFile } from '../../../src/ingest/index.js';
import { replayGame } from '../../../src/replay/index.js';
import { isRedFive, kindOf } from '../../../src/tiles/index.js';
import { PLATFORMS_DIR, platformManifest } from '../../support/corpus.js';
import { defaultRules } from '../../../src/rules/index.js';

const dir = PLATFORMS_DIR;
const rows = platformManifest();
const mjaiRows = rows.filter((r) => r.format === 'mjai-jsonl');

const path = (file: string) => join(dir, 'logs', file);
const read = (file: string): GameLog => readLogFile(path(file));
const lines = (file: string): Record<string, unknown>[] =>
  readFileSync(path(file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Kans by kind as the MANIFEST's independent script counted the mjai events: `[kan detail: dm2/kk0/an1; …]`. */
function kanDetail(notes: string): { daiminkan: number; kakan: number; ankan: number } {
  const m = /kan detail: dm(\d+)\/kk(\d+)\/an(\d+)/.exec(notes);
  if (!m) throw new Error(`no kan detail in ${notes}`);
  return { daiminkan: Number(m[1]), kakan: Number(m[2]), ankan: Number(m[3]) };
}

/**
 * The files kanshi refuses, and why. The MANIFEST names the first (gimite's 2012 dialect); for the others
 * it disagrees with kanshi: it counts their kans as riichi kans, but the logs are not riichi mahjong (see the
 * test below the reading).
 */
const OLD_DIALECT = /^start_kyoku without tehais, bakaze, kyoku, honba or scores: the old \(2012\) mjai dialect of gimite\/mjai/;
const NO_DORA_MARKER = /^start_kyoku has no dora_marker: every round of riichi mahjong turns a dora indicator over/;
const REFUSED: Record<string, RegExp> = {
  'gimite-mjai__test_test.mjlog.golden.extracted.jsonl': OLD_DIALECT,
  ...Object.fromEntries(
    ['075f287347', '1732a50cb0', '31cbf67897', '4caf5a6f9c', '4dddb0c79e', '85e419765b', '8a4e451d9f', 'aa95f44a05', 'b68abffc43', 'd0a31f9b6c', 'd50476c04d', 'dad217aaf3', 'e1be10c2ef', 'ea8a84b6d7', 'f35bf8fdcb'].map(
      (v) => [`akochan__akochan__match_result_haifu_log_1000_0__${v}.jsonl`, NO_DORA_MARKER],
    ),
  ),
};

/**
 * Kandora moments that differ from Tenhou's timing, as the producer wrote them: akochan turns a daiminkan's
 * indicator over after the kan player's discard, where Tenhou (and mjai-reviewer) does it before.
 */
const TIMING_MISMATCHES: Record<string, string[]> = {
  'akochan__akochan__match_result_haifu_log_1000_0__a489dc39c1.jsonl': ['daiminkan after-discard after-replacement'],
};

describe('the mjai files of the platform corpus', () => {
  it('finds them', () => {
    expect(mjaiRows.length).toBe(23);
    expect(mjaiRows.filter((r) => !(r.file in REFUSED)).length).toBe(7);
  });

  it.each(mjaiRows.filter((r) => !(r.file in REFUSED)))('$file: read, with the MANIFEST rounds and kans, replayed with no inconsistency', (row) => {
    const game = read(row.file);
    expect(game).toMatchObject({ format: 'mjai', platform: 'unknown', logId: null, seed: null });
    expect(game.hands.length).toBe(row.rounds);
    const kans = { daiminkan: 0, kakan: 0, ankan: 0 };
    for (const round of game.hands) for (const e of round.events) if (e.type === 'call' && e.meld in kans) kans[e.meld as keyof typeof kans]++;
    expect(kans).toEqual(kanDetail(row.notes));
    expect(kans.daiminkan + kans.kakan + kans.ankan).toBe(row.hasKans);
    const r = replayGame(game, { ...defaultRules(), kandoraTiming: 'tenhou' });
    expect(r.inconsistencies).toEqual([]);
    expect(r.kandoraCountMismatches).toEqual([]);
    expect(r.timingMismatches.map((m) => `${m.kind} ${m.logged} ${m.rule}`)).toEqual(TIMING_MISMATCHES[row.file] ?? []);
  });

  it.each(mjaiRows.filter((r) => r.file in REFUSED))('$file: refused, on line 2, for what the log is', (row) => {
    let error: unknown;
    try {
      read(row.file);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).position).toBe('line 2');
    expect((error as IngestError).reason).toMatch(REFUSED[row.file]);
  });

  it("the MANIFEST's own note names gimite's old dialect", () => {
    expect(mjaiRows.find((r) => r.file.startsWith('gimite'))!.notes).toMatch(/OLD \(2012\) mjai dialect/);
  });

  it('the akochan files without a dora marker are Chinese official (MCR) games, not riichi: kanshi and the MANIFEST disagree', () => {
    const files = Object.keys(REFUSED).filter((f) => f.startsWith('akochan'));
    let wholeWall = 0;
    let fanNames = '';
    for (const file of files) {
      const events = lines(file);
      const kyoku = events.filter((e) => e.type === 'start_kyoku');
      // No round turns an indicator over, and none has a dora event.
      expect(kyoku.every((e) => !('dora_marker' in e))).toBe(true);
      expect(events.some((e) => e.type === 'dora' || e.type === 'reach')).toBe(false);
      // Wins are counted in fan (most with MCR's fan names in `info`), not han and yaku.
      const wins = events.filter((e) => e.type === 'hora');
      expect(wins.every((e) => typeof e.fan === 'number' && !('deltas' in e))).toBe(true);
      fanNames += JSON.stringify(wins.map((e) => e.info ?? null));
      // A drawn round draws the whole wall (136 - 52 = 84 tiles): there is no dead wall. Riichi draws 70.
      let draws = 0;
      for (const e of events) {
        if (e.type === 'start_kyoku') draws = 0;
        if (e.type === 'tsumo') draws++;
        if (e.type === 'ryukyoku' && draws === 84) wholeWall++;
      }
    }
    expect(files.length).toBe(15);
    expect(wholeWall).toBe(5);
    for (const name of ['all_chows', 'mixed_double_chow', 'melded_kong', 'prevalent_wind', 'half_flush']) expect(fanNames).toContain(name);
    // The four akochan files kanshi reads are riichi games: dora markers, reach, han and fu.
    const riichi = mjaiRows.filter((r) => r.file.startsWith('akochan') && !(r.file in REFUSED)).map((r) => lines(r.file));
    expect(riichi.length).toBe(4);
    for (const events of riichi) expect(events.filter((e) => e.type === 'start_kyoku').every((e) => 'dora_marker' in e)).toBe(true);
  });

  it('--platform is kept (mjai names no platform)', () => {
    const file = 'killer_mortal_gui__e2e_report.mjai.jsonl';
    expect(readLogFile(path(file), { platform: 'majsoul' }).platform).toBe('majsoul');
  });
});

describe('what the reader makes of mjai', () => {
  const e2e = read('killer_mortal_gui__e2e_report.mjai.jsonl');
  const tile = (game: GameLog, id: number) => `${kindOf(id)}${isRedFive(id, game.rule.redFiveSuits) ? 'r' : ''}`;

  it('start_game: names, red fives, hanchan', () => {
    expect(e2e.players.map((p) => p.name)).toEqual(['Aさん', 'Bさん', 'Cさん', 'Dさん']);
    expect(e2e.rule).toMatchObject({ playerCount: 4, redFives: true, redFiveSuits: 7, length: 'hanchan', typeCode: null });
    // kyoku_first 4 is a tonpuu (akochan's self-play).
    expect(read('akochan__akochan__haifu_log_sample__c047ab43db.jsonl').rule.length).toBe('tonpuu');
  });

  it('start_kyoku: round, honba, sticks, dealer, scores, the dora indicator and the hands', () => {
    const start = e2e.hands[0].events[0];
    expect(start).toMatchObject({ type: 'roundStart', kyoku: 0, honba: 0, riichiStickCount: 0, dealer: 0, scores: [25000, 25000, 25000, 25000], dice: [0, 0] });
    if (start.type !== 'roundStart') throw new Error('no round start');
    expect(tile(e2e, start.doraIndicator)).toBe(String(9 + 9 + 4)); // 5s
    expect(start.hands.every((h) => h.length === 13)).toBe(true);
    expect(start.untimedKandora).toBeUndefined();
    // Red fives are copy 0: 5mr is id 16, in seat 3's hand.
    expect(start.hands[3]).toContain(16);
  });

  it('a dora event is a kandora event where it stands: the ankan reveals at the declaration, the daiminkan after the replacement draw', () => {
    const r = replayGame(e2e, { ...defaultRules(), kandoraTiming: 'tenhou' });
    const kans = r.hands.flatMap((x) => x.kans.map((k) => `${k.kind} ${k.revealLogged}`));
    expect(kans).toEqual(['ankan declaration', 'daiminkan after-replacement', 'daiminkan after-replacement']);
    const round = e2e.hands[0].events;
    const ankan = round.findIndex((e) => e.type === 'call' && e.meld === 'ankan');
    expect(round[ankan + 1].type).toBe('kandora');
    expect(round[ankan + 2]).toMatchObject({ type: 'draw', seat: 3 });
  });

  /** Each player's draws, discards and calls by kind, and the results: what two readings of one game share. */
  function play(game: GameLog): string[] {
    const line = (e: GameEvent): string | null => {
      const t = (id: number) => tile(game, id);
      switch (e.type) {
        case 'draw':
        case 'discard':
          return `${e.type} ${e.seat} ${t(e.tile)}${e.type === 'discard' && e.tsumogiri ? ' tsumogiri' : ''}`;
        case 'call':
          return `${e.meld} ${e.seat} ${e.from} ${e.tiles.map(t).sort()}`;
        case 'riichi':
          return `riichi ${e.seat} ${e.step} ${e.scores}`;
        case 'win':
          return `win ${e.seat} ${e.from} ${e.hand.map(t).sort()} ${t(e.winningTile)} ${e.uraIndicators.map(t)} ${e.scoreDeltas} ${e.riichiStickCount}`;
        case 'ryuukyoku':
          return `ryuukyoku ${e.reason} ${e.scoreDeltas}`;
        default:
          return null;
      }
    };
    return game.hands.flatMap((r) => r.events.map(line).filter((l): l is string => l !== null));
  }

  it.each(['killer_mortal_gui__e2e_report', 'killer_mortal_gui__demo_data_2bccb50'])(
    '%s: the mjai-reviewer conversion reads as the tenhou.net/6 log it was made from, its dora where Tenhou reveals them',
    (name) => {
      const fromMjai = read(`${name}.mjai.jsonl`);
      const fromJson = read(`${name}.split_logs.json`);
      expect(play(fromMjai)).toEqual(play(fromJson));
      const moments = (game: GameLog, which: 'revealLogged' | 'revealRule') =>
        replayGame(game, { ...defaultRules(), kandoraTiming: 'tenhou' }).hands.flatMap((r) => r.kans.map((k) => `${r.hand} ${k.kind} ${k[which]}`));
      expect(moments(fromMjai, 'revealLogged')).toEqual(moments(fromJson, 'revealRule'));
    },
  );

  it('hora and ryukyoku without deltas (akochan) take them from the scores that follow', () => {
    const game = read('akochan__akochan__haifu_log_sample__c047ab43db.jsonl');
    const starts = game.hands.map((r) => r.events[0]).filter((e) => e.type === 'roundStart');
    for (let i = 0; i + 1 < game.hands.length; i++) {
      const ending = game.hands[i].events.filter((e) => e.type === 'win' || e.type === 'ryuukyoku');
      expect(ending.length).toBe(1);
      const deposits = game.hands[i].events.filter((e) => e.type === 'riichi' && e.step === 'accepted').map((e) => (e as { seat: number }).seat);
      const before = [...starts[i].scores];
      for (const s of deposits) before[s] -= 1000;
      const deltas = (ending[0] as { scoreDeltas: number[] }).scoreDeltas;
      expect(before.map((v, s) => v + deltas[s])).toEqual(starts[i + 1].scores);
    }
  });

  it('a log that stops inside a hand keeps the hand read so far (akochan 96c1, no end_game)', () => {
    const game = read('akochan__akochan__haifu_log_sample__96c122589c.jsonl');
    const last = game.hands.at(-1)!.events;
    expect(last.some((e) => e.type === 'win' || e.type === 'ryuukyoku')).toBe(false);
    expect(replayGame(game, { ...defaultRules(), kandoraTiming: 'tenhou' }).inconsistencies).toEqual([]);
  });
});

describe('a drawn hand without a reason (Mortal and mjai-reviewer write none) is told by the table', () => {
  /** A mjai-reviewer test log as mjai, the ryukyoku's reason dropped as mjai-reviewer drops it. */
  async function withoutReason(file: string): Promise<GameLog> {
    const { toMjaiEvents } = await import('../../../src/formats/index.js');
    const events = toMjaiEvents(read(file)).map(({ reason: _reason, ...e }) => e);
    return parseLog(Buffer.from(events.map((e) => JSON.stringify(e)).join('\n')), { file: 'x.mjai.jsonl' });
  }
  const reasons = (game: GameLog) => game.hands.flatMap((r) => r.events.flatMap((e) => (e.type === 'ryuukyoku' ? [e.reason] : [])));

  it.each([
    ['mjai-reviewer__testdata__kyushukyuhai.json', 'kyuushu-kyuuhai'],
    ['mjai-reviewer__testdata__four_reach.json', 'suucha-riichi'],
    ['mjai-reviewer__testdata__ryukyoku.json', 'exhaustive'],
  ])('%s: %s', async (file, reason) => {
    expect(reasons(read(file))).toEqual([reason]);
    expect(reasons(await withoutReason(file))).toEqual([reason]);
  });
});

describe('bad mjai gets an error naming the line', () => {
  const START_GAME = { type: 'start_game', names: ['a', 'b', 'c', 'd'], kyoku_first: 0, aka_flag: true };
  const HANDS = [
    ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m', '1p', '2p', '3p', '4p'],
    ['1s', '2s', '3s', '4s', '5s', '6s', '7s', '8s', '9s', '5p', '6p', '7p', '8p'],
    ['E', 'E', 'E', 'S', 'S', 'S', 'W', 'W', 'W', 'N', 'N', 'N', 'P'],
    ['1m', '2m', '3m', '4m', '5mr', '6m', '7m', '8m', '9m', '1p', '2p', '3p', '4p'],
  ];
  const START_KYOKU = { type: 'start_kyoku', bakaze: 'E', dora_marker: 'C', kyoku: 1, honba: 0, kyotaku: 0, oya: 0, scores: [25000, 25000, 25000, 25000], tehais: HANDS };

  function failure(events: object[]): IngestError {
    try {
      parseLog(Buffer.from(events.map((e) => JSON.stringify(e)).join('\n') + '\n'), { file: 'bad.jsonl' });
    } catch (err) {
      expect(err).toBeInstanceOf(IngestError);
      expect((err as IngestError).message.startsWith('bad.jsonl: ')).toBe(true);
      return err as IngestError;
    }
    throw new Error('expected an ingest error');
  }

  it('an unknown event type', () => {
    const e = failure([START_GAME, START_KYOKU, { type: 'discard', actor: 0, pai: '1m' }]);
    expect(e.position).toBe('line 3');
    expect(e.reason).toMatch(/unknown mjai event type "discard", expected one of start_game start_kyoku tsumo dahai/);
  });

  it('a hidden tile (one player\'s view)', () => {
    const e = failure([START_GAME, START_KYOKU, { type: 'tsumo', actor: 0, pai: '?' }]);
    expect(e.position).toBe('line 3');
    expect(e.reason).toMatch(/pai is "\?": the log hides tiles/);
  });

  it('a discard of a tile not held, a tsumogiri of a tile not drawn', () => {
    const draw = { type: 'tsumo', actor: 0, pai: 'F' };
    expect(failure([START_GAME, START_KYOKU, draw, { type: 'dahai', actor: 0, pai: 'C', tsumogiri: false }]).reason).toMatch(/seat 0 plays C, which it does not hold/);
    expect(failure([START_GAME, START_KYOKU, draw, { type: 'dahai', actor: 0, pai: '1m', tsumogiri: true }]).reason).toMatch(
      /dahai 1m with tsumogiri: true, but seat 0 has F just drawn/,
    );
  });

  it('a call on a tile that is not on offer', () => {
    const e = failure([
      START_GAME,
      START_KYOKU,
      { type: 'tsumo', actor: 0, pai: 'F' },
      { type: 'dahai', actor: 0, pai: 'F', tsumogiri: true },
      { type: 'pon', actor: 2, target: 0, pai: 'E', consumed: ['E', 'E'] },
    ]);
    expect(e.position).toBe('line 5');
    expect(e.reason).toBe("pon of E from seat 0, but the tile on offer is seat 0's F");
  });

  it('a bad field, an event outside a hand, a red five in a game without', () => {
    expect(failure([START_GAME, { ...START_KYOKU, bakaze: 'X' }]).reason).toMatch(/bakaze is "X", expected E, S, W or N/);
    expect(failure([START_GAME, { ...START_KYOKU, oya: 2 }]).reason).toMatch(/kyoku 1 has oya 2, expected seat 0/);
    expect(failure([START_GAME, { type: 'tsumo', actor: 0, pai: '1m' }]).reason).toMatch(/tsumo outside a hand/);
    const e = failure([{ ...START_GAME, aka_flag: false }, START_KYOKU]);
    expect(e.position).toBe('line 2');
    expect(e.reason).toMatch(/5mr is a red five in a game whose start_game says aka_flag: false/);
  });

  it('a ryukyoku with live tiles left and nothing that ends a hand', () => {
    const turn = (actor: number, pai: string) => [{ type: 'tsumo', actor, pai }, { type: 'dahai', actor, pai, tsumogiri: true }];
    const e = failure([START_GAME, START_KYOKU, ...turn(0, 'F'), ...turn(1, 'F'), ...turn(2, 'C'), ...turn(3, 'C'), { type: 'tsumo', actor: 0, pai: 'P' }, { type: 'ryukyoku' }]);
    expect(e.position).toBe('line 12');
    expect(e.reason).toMatch(/ryukyoku with \d+ live tiles left and no reason/);
  });

  it('a fifth copy of a tile', () => {
    const e = failure([START_GAME, START_KYOKU, { type: 'tsumo', actor: 0, pai: 'E' }, { type: 'dahai', actor: 0, pai: 'E', tsumogiri: true }, { type: 'tsumo', actor: 1, pai: 'E' }]);
    expect(e.position).toBe('line 5');
    expect(e.reason).toBe('more than 4 copies of E in one hand');
  });

  it('a file with no round', () => {
    expect(failure([START_GAME, { type: 'end_game' }]).reason).toMatch(/no start_kyoku/);
  });
});
