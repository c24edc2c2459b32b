/**
 * `kanshi info` on a Tenhou lobby's log (issues 27 and 31): the rule from the lobby's GO type, and what its
 * own rule (csrule) says that kanshi reads (kiriage) or does not apply (fixtures/tenhou6-lobby.json; the
 * corpus's mjlog lobby game Cherrling__mjlog2mjai__fabc0.xml, `<GO rule csrule>`).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFile, requireCorpus } from '../support/corpus.js';
import { kanshiInProcess } from '../support/in-process.js';

const LOBBY = join(import.meta.dirname, '..', 'formats', 'fixtures', 'tenhou6-lobby.json');

describe('kanshi info on a Tenhou lobby log', () => {
  it('reads it and says in JSON what its lobby rule is', async () => {
    requireCorpus();
    const r = await kanshiInProcess('info', '--json', LOBBY, corpusFile('2019020120gm-0009-10011-215330df.xml'), corpusFile('Cherrling__mjlog2mjai__fabc0.xml'));
    expect(r.code, r.stderr).toBe(0);
    const [lobby, mjlog, csrule] = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lobby).toMatchObject({
      logId: '2024050112gm-000b-12345-0a1b2c3d',
      format: 'tenhou6',
      platform: 'tenhou',
      redFivesFrom: 'rule',
      rule: { redFives: false, redFiveSuits: 0, label: '四般南喰', lobbyRule: { kiriageMangan: false, notApplied: [] } },
      handCount: 2,
    });
    // An mjlog lobby game without csrule: its GO type says.
    expect(mjlog).toMatchObject({ redFivesFrom: 'rule', rule: { typeCode: 9, redFives: true } });
    expect(mjlog.rule.lobbyRule).toBeUndefined();
    // One with csrule 0FE0BF0B: kiriage (bit 0x2) read, and the rest named.
    expect(csrule.rule.lobbyRule).toMatchObject({ kiriageMangan: true, csrule: expect.arrayContaining(['0FE0BF0B', '0000001F']) });
    expect(csrule.rule.lobbyRule.notApplied).toEqual(expect.arrayContaining(['no four-kan abort', 'kandora turned over at once', 'renhou']));
  });

  it('says so in its text line, and nothing of the kind for a log whose rule says', async () => {
    requireCorpus();
    const r = await kanshiInProcess('info', LOBBY, corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), corpusFile('Cherrling__mjlog2mjai__fabc0.xml'));
    expect(r.code, r.stderr).toBe(0);
    const [lobby, ranked, csrule] = r.stdout.trim().split('\n');
    expect(lobby).toMatch(/4p 四般南喰 \(tenhou\) {2}2 hands .* {2}lobby rule: kiriage mangan no$/);
    expect(ranked).not.toMatch(/lobby|red fives/);
    // The first few of what is not applied, and how many more (the whole list made a 787-character line).
    expect(csrule).toMatch(/lobby rule: kiriage mangan yes; lobby rule not applied: no nagashi mangan, kandora turned over at once, [^,]+, [^,]+ and \d+ more \(--json lists them\)$/);
  });
});
