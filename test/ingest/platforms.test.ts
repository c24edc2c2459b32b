/**
 * Logs from other platforms and tools (../shared/corpus/platforms): tenhou.net/6 JSON as Mahjong Soul
 * converters, editors and Tenhou write it, whole or a round a document (arrays and JSON lines), with the
 * platform told from what the log says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameLog } from '../../src/events/index.js';
import { IngestError, parseLog, readLogFile } from '../../src/ingest/index.js';
import { replayGame } from '../../src/replay/index.js';
import { CORPUS_DIR, PLATFORMS_DIR, platformManifest } from '../support/corpus.js';
import { defaultRules } from '../../src/rules/index.js';

const dir = PLATFORMS_DIR;
const rows = platformManifest();

const tenhou6 = rows.filter((r) => r.format === 'tenhou6-json' || r.format === 'mjscore-lines');

/** Kans by call letter as the MANIFEST's independent script counted them: `[kan detail: {"a": 1, "m": 2}]`. */
function kanDetail(notes: string): Record<string, number> {
  const m = /\[kan detail: (\{[^\]]*\})\]/.exec(notes.replace(/""/g, '"'));
  return m ? (JSON.parse(m[1]) as Record<string, number>) : {};
}

const read = (file: string): GameLog => readLogFile(join(dir, 'logs', file));

describe('tenhou.net/6 JSON from every producer in the platform corpus', () => {
  it('finds the files', () => {
    expect(tenhou6.length).toBeGreaterThanOrEqual(45);
  });

  it.each(tenhou6)('$file: read whole, with the MANIFEST rounds and kans, replayed with no inconsistency', (row) => {
    const game = read(row.file);
    expect(game.hands.length).toBe(row.rounds);
    const kans = { a: 0, k: 0, m: 0 };
    for (const round of game.hands) {
      for (const e of round.events) {
        if (e.type !== 'call') continue;
        if (e.meld === 'ankan') kans.a++;
        if (e.meld === 'kakan') kans.k++;
        if (e.meld === 'daiminkan') kans.m++;
      }
    }
    const expected = { a: 0, k: 0, m: 0, ...kanDetail(row.notes) };
    expect(kans).toEqual(expected);
    expect(kans.a + kans.k + kans.m).toBe(row.hasKans);
    const r = replayGame(game, { ...defaultRules(), kandoraTiming: 'tenhou' });
    // confusing_nakis_2 (typed in Tenhou's editor) names a winner whose tiles are no winning hand.
    expect(r.inconsistencies.map((x) => x.kind)).toEqual(row.file.includes('confusing_nakis_2') ? ['win-not-complete'] : []);
    expect(r.kandoraCountMismatches).toEqual([]);
  });

  // A hand-made fixture of mjai-reviewer with no rule label, title or names: nothing in it says Tenhou
  // (the MANIFEST names the folder it was published in).
  const SAYS_NOTHING = new Set(['mjai-reviewer__testdata__confusing_nakis_2.json']);

  it.each(tenhou6)('$file: the platform the log says ($platform in the MANIFEST)', (row) => {
    // The MANIFEST's "bot" is a tool's game: the log says nothing of a platform either.
    const expected = row.platform === 'bot' || SAYS_NOTHING.has(row.file) ? 'unknown' : row.platform;
    expect(read(row.file).platform).toBe(expected);
  });
});

describe('red fives as converters write them', () => {
  it('aka51/52/53 win over an aka 0 beside them (mjai-reviewer split logs)', () => {
    const game = read('killer_mortal_gui__e2e_report.split_logs.json');
    expect(game.rule).toMatchObject({ redFives: true, redFiveSuits: 7 });
  });

  it('per-suit keys alone (MajsoulPaipuConvert, without aka) give every suit its red five', () => {
    expect(read('MajsoulPaipuConvert__sample_tenhou.json').rule).toMatchObject({ redFives: true, redFiveSuits: 7 });
  });

  /** A 3-player round of tenhou.net/6 JSON with a red 5p dealt, under the given rule keys. */
  function threePlayer(rule: Record<string, unknown>): Uint8Array {
    const hand = (t: number[]) => t;
    const k = [
      [0, 0, 0],
      [35000, 35000, 35000, 0],
      [41],
      [],
      hand([52, 22, 23, 24, 26, 27, 28, 29, 31, 32, 33, 34, 35]),
      [45],
      [45],
      hand([11, 19, 21, 21, 22, 23, 24, 25, 26, 27, 28, 29, 36]),
      [45],
      [45],
      hand([11, 19, 31, 31, 32, 32, 33, 34, 35, 36, 37, 38, 39]),
      [45],
      [45],
      [],
      [],
      [],
      ['流局', [0, 0, 0, 0]],
    ];
    return Buffer.from(JSON.stringify({ title: ['', ''], name: ['A', 'B', 'C', ''], rule: { disp: '三鳳南喰赤', ...rule }, log: [k] }));
  }

  it('3-player: aka51 0 (there is no 5m) with aka52 and aka53 1 is a red-five game', () => {
    const game = parseLog(threePlayer({ aka51: 0, aka52: 1, aka53: 1 }), { file: 'sanma.json' });
    expect(game.rule).toMatchObject({ playerCount: 3, redFives: true, redFiveSuits: 6 });
    // 52 is the red 5p: copy 0 of 5p.
    expect((game.hands[0].events[0] as { hands: number[][] }).hands[0]).toContain(52);
  });

  it('a red five in a suit the rule gives none is refused, naming it', () => {
    let error: unknown;
    try {
      parseLog(threePlayer({ aka51: 1, aka52: 0, aka53: 1 }), { file: 'sanma.json' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).reason).toBe('red five 52 in a game without a red five in that suit');
  });
});

describe('a game split over several documents', () => {
  it('JSON lines of rounds (mjx mjscore) and arrays of rounds (split logs) are joined into one game', () => {
    const rounds = (file: string) => rows.find((r) => r.file === file)!.rounds;
    const lines = read('mjx_mjscore__2016052515gm-00a9-0000-c4d72066.json');
    expect(lines.hands.length).toBe(rounds('mjx_mjscore__2016052515gm-00a9-0000-c4d72066.json'));
    const array = read('killer_mortal_gui__demo_data_2bccb50.split_logs.json');
    expect(array.hands.length).toBe(rounds('killer_mortal_gui__demo_data_2bccb50.split_logs.json'));
    expect(array.platform).toBe('majsoul');
  });

  it('refuses documents of different games, naming where', () => {
    const text = readFileSync(join(dir, 'logs', 'mjx_mjscore__2010110100gm-00a9-0000-de3472e8.json'), 'utf8').trim().split('\n');
    const other = JSON.parse(text[1]) as { name: string[] };
    other.name = ['W', 'X', 'Y', 'Z'];
    text[1] = JSON.stringify(other);
    let error: unknown;
    try {
      parseLog(Buffer.from(text.join('\n')), { file: 'mixed.json' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).position).toBe('line 2: name');
    expect((error as IngestError).reason).toMatch(/^the file holds hands of different games/);
  });

  it('a line that is not JSON is refused at its line', () => {
    let error: unknown;
    try {
      parseLog(Buffer.from('{"log": []}\n{"log": [}\n'), { file: 'bad.json' });
    } catch (err) {
      error = err;
    }
    expect((error as IngestError).position).toBe('line 2');
  });
});

describe('the platform', () => {
  it('mjlog XML is Tenhou; --platform overrides what a log says', () => {
    expect(readLogFile(join(CORPUS_DIR, 'logs', '2010091009gm-00a9-0000-83af2648.xml')).platform).toBe('tenhou');
    expect(read('MajsoulPaipuConvert__sample_tenhou.json').platform).toBe('majsoul');
    expect(readLogFile(join(dir, 'logs', 'MajsoulPaipuConvert__sample_tenhou.json'), { platform: 'unknown' }).platform).toBe('unknown');
  });
});
