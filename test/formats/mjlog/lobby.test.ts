/**
 * mjlog XML of games from Tenhou's lobbies (`<GO type lobby>`, issue 27, docs/formats.md §5.7): the GO
 * type's bits give the rule as for every game, red fives included, and no red five refuses the log, since
 * tile ids are exact (16, 52, 88 are red fives only when the rule has them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditReplay } from '../../../src/audit/index.js';
import { MJLOG } from '../../../src/formats/index.js';
import { parseLog, readLogFile } from '../../../src/ingest/index.js';
import { replayGame } from '../../../src/replay/index.js';
import { defaultRules } from '../../../src/rules/index.js';
import { corpusFile, requireCorpus } from '../../support/corpus.js';

describe('mjlog lobby games', () => {
  it('reads the corpus lobby game: the GO type decides the red fives, and its wins count them as it says', () => {
    requireCorpus();
    const game = readLogFile(corpusFile('2019020120gm-0009-10011-215330df.xml'));
    expect(game.lobby).toBe(10011);
    expect(game.rule).toMatchObject({ typeCode: 9, redFives: true, redFiveSuits: 7, label: '四般南喰赤' });
    expect(game.rule.redFivesFrom).toBeUndefined();
    const wins = game.hands.flatMap((h) => h.events.filter((e) => e.type === 'win'));
    expect(wins.some((w) => w.type === 'win' && w.yaku.some((y) => y.id === 54 && y.han > 0))).toBe(true);
    const rules = defaultRules();
    expect(auditReplay(replayGame(game, rules), rules).findings).toEqual([]);
  });

  it('never refuses a lobby game whose GO type says no red fives though its wins count them: a finding, not an ingest error', () => {
    const lobbyJson = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'tenhou6-lobby.json'));
    // The fixture is a no-red lobby game (type 000b) whose win counts no 赤ドラ: written as mjlog, its GO
    // type is 11 and the win is given a 赤ドラ han it cannot have.
    const written = MJLOG.write(parseLog(lobbyJson, { file: 'lobby.json' }));
    expect(written).toContain('<GO type="11" lobby="12345" rule="');
    const xml = written.replace(/yaku="([^"]*)"/, (_, y: string) => `yaku="${y},54,1"`);
    const game = parseLog(Buffer.from(xml), { file: 'lobby.xml' });
    expect(game.lobby).toBe(12345);
    expect(game.rule).toMatchObject({ typeCode: 11, redFives: false, redFiveSuits: 0 });
    expect(game.rule.redFivesFrom).toBeUndefined();
    // Ids 16, 52 and 88 are dealt: plain fives under this rule.
    const start = game.hands[0].events[0];
    expect(start.type === 'roundStart' && start.hands.flat()).toEqual(expect.arrayContaining([16, 52, 88]));
    const rules = defaultRules();
    const findings = auditReplay(replayGame(game, rules), rules).findings;
    expect(findings.map((f) => f.kind)).not.toContain('ingest-error');
    expect(findings.map((f) => f.kind)).toContain('score-mismatch');
  });
});
