import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { IngestError, readLogFile } from '../../src/ingest/index.js';
import { replayGame, summarizeReplay } from '../../src/replay/index.js';
import { defaultRules } from '../../src/rules/index.js';
import type { GameEvent, GameLog } from '../../src/events/index.js';
import { corpusFiles, manifest } from '../support/corpus.js';

const games = new Map<string, GameLog>();
const failures: string[] = [];

beforeAll(() => {
  for (const file of corpusFiles()) {
    try {
      games.set(basename(file), readLogFile(file));
    } catch (err) {
      failures.push(err instanceof IngestError ? err.message : `${file}: ${(err as Error).stack}`);
    }
  }
});

describe('the whole corpus', () => {
  it('ingests every file (lists each failure with its reason)', () => {
    expect(failures).toEqual([]);
    expect(games.size).toBe(manifest().length);
  });

  it('counts kans by kind, riichi ankans, rinshan and chankan wins and four-kan aborts as MANIFEST.tsv does', () => {
    const rows = manifest();
    expect(rows).toHaveLength(games.size);
    const mismatches: string[] = [];
    for (const row of rows) {
      const game = games.get(row.file);
      if (!game) {
        mismatches.push(`${row.file}: not ingested`);
        continue;
      }
      const s = summarizeReplay(replayGame(game, defaultRules()));
      // Tenhou lets a player in riichi make only ankans: its riichi kans are the manifest's riichi ankans.
      const mine = [s.kanCounts.ankan, s.kanCounts.daiminkan, s.kanCounts.kakan, s.riichiKanCount, s.rinshanWinCount, s.chankanWinCount, s.suukaikanAbortCount];
      const theirs = [row.ankan, row.daiminkan, row.kakan, row.riichiAnkan, row.rinshanWins, row.chankanWins, row.kan4Aborts];
      if (mine.join() !== theirs.join()) mismatches.push(`${row.file}: kanshi ${mine} manifest ${theirs}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('knows 3-player games from 4-player games as MANIFEST.tsv does', () => {
    // confusing_nakis_2 is a hand-written fixture of mjai-reviewer: all four seats are dealt 13 tiles
    // and play, yet MANIFEST counts 3 players (its names are all empty). kanshi reads 4.
    const exceptions = new Set(['Equim-chan__mjai-reviewer__convlog_tests_testdata_confusing_nakis_2.json']);
    const mismatches = manifest()
      .filter((row) => !exceptions.has(row.file) && games.get(row.file)?.rule.playerCount !== row.players)
      .map((row) => `${row.file}: kanshi ${games.get(row.file)?.rule.playerCount} manifest ${row.players}`);
    expect(mismatches).toEqual([]);
    const fixture = games.get([...exceptions][0])!;
    expect(fixture.hands[0].events[0]).toMatchObject({ type: 'roundStart' });
    expect((fixture.hands[0].events[0] as { hands: number[][] }).hands[3]).toHaveLength(13);
  });

  it('gives events that validate against schemas/events.schema.json', () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'events.schema.json'), 'utf8'));
    const ajv = new Ajv2020.default({ allErrors: false, discriminator: true, strict: false });
    const validate = ajv.compile(schema);
    const invalid: string[] = [];
    for (const [file, game] of games) {
      // round-trip through JSON: what `kanshi events` prints is what must validate
      if (!validate(JSON.parse(JSON.stringify(game)))) invalid.push(`${file}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(invalid).toEqual([]);
  });

  it('marks tsumogiri only when the discard is the tile just drawn', () => {
    // One expect for the whole corpus: an expect per discard (a million of them) took seconds.
    const wrong: string[] = [];
    for (const [file, game] of games) {
      if (game.format !== 'mjlog') continue;
      game.hands.forEach((round, r) => {
        let previous: GameEvent | null = null;
        round.events.forEach((e, i) => {
          if (e.type === 'discard') {
            const justDrawn: boolean = previous?.type === 'draw' && previous.seat === e.seat && previous.tile === e.tile;
            if (e.tsumogiri !== justDrawn) wrong.push(`${file} round ${r} event ${i}`);
          }
          if (e.type === 'draw' || e.type === 'discard' || e.type === 'call') previous = e;
        });
      });
    }
    expect(wrong).toEqual([]);
  });
});
