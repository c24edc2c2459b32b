/**
 * `kanshi info` says where a game's red fives come from (issue 27): from the log's rule, or from the tiles
 * the log deals when its rule does not say (a Tenhou lobby's tenhou.net/6 JSON, fixtures/tenhou6-lobby.json).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFile, requireCorpus } from '../support/corpus.js';
import { kanshiInProcess } from '../support/in-process.js';

const LOBBY = join(import.meta.dirname, '..', 'formats', 'fixtures', 'tenhou6-lobby.json');

describe('kanshi info on a Tenhou lobby log', () => {
  it('reads it and says in JSON that its red fives were taken from the tiles', async () => {
    requireCorpus();
    const r = await kanshiInProcess('info', '--json', LOBBY, corpusFile('2019020120gm-0009-10011-215330df.xml'));
    expect(r.code, r.stderr).toBe(0);
    const [lobby, mjlog] = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lobby).toMatchObject({
      logId: '2024050112gm-000b-12345-0a1b2c3d',
      format: 'tenhou6',
      platform: 'tenhou',
      redFivesFrom: 'tiles',
      rule: { redFives: true, redFiveSuits: 7, label: '四般南喰赤' },
      handCount: 2,
    });
    // An mjlog lobby game: its GO type says.
    expect(mjlog).toMatchObject({ redFivesFrom: 'rule', rule: { typeCode: 9, redFives: true } });
  });

  it('says so in its text line, and nothing of the kind for a log whose rule says', async () => {
    requireCorpus();
    const r = await kanshiInProcess('info', LOBBY, corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'));
    expect(r.code, r.stderr).toBe(0);
    const [lobby, ranked] = r.stdout.trim().split('\n');
    expect(lobby).toMatch(/4p 四般南喰赤 \(tenhou\) {2}2 hands .* {2}red fives taken from the tiles \(0m 0p 0s\): the log's rule does not say$/);
    expect(ranked).not.toMatch(/red fives/);
  });
});
