/**
 * Play once (docs/architecture.md): a hand read from tenhou.net/6 JSON or mjai is played on a table once
 * per audit. The reader plays it to read it and hands the table on; the replay applies only what the
 * reader added after playing (a tenhou.net/6 hand's result) and goes on with it. The replay that goes on
 * must be the replay of a table played afresh, which a second replay of the same log is (the reader's
 * table is given once).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLogFile } from '../../src/ingest/index.js';
import { replayGame } from '../../src/replay/index.js';
import { resolveRules } from '../../src/rules/index.js';
import { Table } from '../../src/table/index.js';
import { corpusFiles, PLATFORMS_DIR, requireCorpus } from '../support/corpus.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every tenhou.net/6 and mjai log of the corpus and the platform logs that reads. */
function jsonLogs() {
  requireCorpus();
  const platformLogs = join(PLATFORMS_DIR, 'logs');
  const files = [...corpusFiles(), ...readdirSync(platformLogs).sort().map((f) => join(platformLogs, f))].filter((f) => /\.jsonl?$/.test(f));
  const games = [];
  for (const file of files) {
    try {
      games.push({ file, game: readLogFile(file) });
    } catch {
      // damaged on purpose (the platform corpus's refusals): nothing to replay
    }
  }
  return games;
}

describe('a hand read from tenhou.net/6 JSON or mjai is played once', () => {
  it("the replay applies only the events the reader did not: the tenhou.net/6 results, none of mjai's", () => {
    const rules = resolveRules({ profile: 'tenhou' });
    const apply = vi.spyOn(Table.prototype, 'apply');
    let tenhou6 = 0;
    let mjai = 0;
    for (const { file, game } of jsonLogs()) {
      apply.mockClear();
      replayGame(game, rules);
      // A tenhou.net/6 hand's result, which its reader writes after playing the hand: the events that end
      // it (the wins or the drawn hand, after the riichi its last discard made, if accepted).
      let results = 0;
      for (const hand of game.hands) {
        const events = hand.events;
        for (let i = events.length - 1; i > 0; i--) {
          const e = events[i];
          if (e.type !== 'win' && e.type !== 'ryuukyoku' && !(e.type === 'riichi' && e.step === 'accepted')) break;
          results++;
        }
      }
      if (game.format === 'tenhou6') {
        tenhou6++;
        expect(apply.mock.calls.length, file).toBe(results);
      } else {
        mjai++;
        expect(apply.mock.calls.length, file).toBe(0);
      }
    }
    expect(tenhou6).toBeGreaterThan(80);
    expect(mjai).toBeGreaterThan(5);
  });

  it("under tenhou and mleague, the replay that goes on with the reader's table is the replay of a table played afresh", () => {
    for (const profile of ['tenhou', 'mleague']) {
      const rules = resolveRules({ profile });
      for (const { file, game } of jsonLogs()) {
        const onReaders = JSON.stringify(replayGame(game, rules));
        // The reader's tables are given once: a second replay plays every hand on a new table.
        expect(JSON.stringify(replayGame(game, rules)), `${profile} ${file}`).toBe(onReaders);
      }
    }
  });
});
