/**
 * The platform a log says it comes from: shown by `info`, stored by `audit`, whose profile judges a game
 * under the rule set `platform` (the default), and `--platform` to say it when the log does not.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusFile } from '../support/corpus.js';
import { kanshi } from '../support/cli.js';
import { kanshiInProcess } from '../support/in-process.js';
import { tempDb } from '../store/support.js';

const MAJSOUL = join(CORPUS_DIR, 'platforms', 'logs', 'MajsoulPaipuConvert__sample_tenhou.json');
const TENHOU = corpusFile('2010091009gm-00a9-0000-83af2648.xml');

describe('the platform', () => {
  it('info shows it, and --platform overrides it', async () => {
    const r = await kanshiInProcess('info', '--json', MAJSOUL, TENHOU);
    expect(r.stdout.trim().split('\n').map((l) => JSON.parse(l).platform)).toEqual(['majsoul', 'tenhou']);
    const o = await kanshiInProcess('info', MAJSOUL, '--platform', 'unknown');
    expect(o.stdout).toMatch(/4p 玉の間南喰 \(unknown\)/);
    const bad = await kanshiInProcess('info', MAJSOUL, '--platform', 'mahjongsoul');
    expect(bad.code).toBe(2);
  });

  it('audit with no --profile audits a mixed folder under one rule set, each game by its platform\'s rules', async () => {
    const db = tempDb();
    const r = await kanshiInProcess('audit', MAJSOUL, TENHOU, '--db', db, '--workers', '0', '--json');
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.profile).toBe('platform');
    expect(summary.platformProfiles).toEqual({ tenhou: 'tenhou', majsoul: 'majsoul', unknown: 'tenhou' });
    const q = kanshi([
      'query', '--db', db, '--format', 'json',
      'SELECT g.platform, r.profile FROM audits a JOIN games g USING (game_id) JOIN rule_sets r USING (rule_set_id) ORDER BY g.platform',
    ]);
    expect(JSON.parse(q.stdout)).toEqual([
      { platform: 'majsoul', profile: 'platform' },
      { platform: 'tenhou', profile: 'platform' },
    ]);
    // Mahjong Soul counts double yakuman, lets kokushi rob an ankan and makes the feeder of a compound
    // yakuman pay its part (docs/scoring.md §2, the platforms' table): the Tenhou game keeps the rule set's own Tenhou values.
    const rules = kanshi([
      'query', '--db', db, '--format', 'json',
      'SELECT g.platform, gr.knob, gr.value, gr.source FROM game_rules gr JOIN games g USING (game_id) ORDER BY gr.knob',
    ]);
    expect(JSON.parse(rules.stdout)).toEqual([
      { platform: 'majsoul', knob: 'doubleYakuman', value: 1, source: 'platform' },
      { platform: 'majsoul', knob: 'kokushiAnkanChankan', value: 1, source: 'platform' },
      { platform: 'majsoul', knob: 'paoCompound', value: 'liable-yakuman', source: 'platform' },
    ]);
  });

  it('a named profile applies to every game; --platform says where they were played', async () => {
    const db = tempDb();
    const r = await kanshiInProcess('audit', MAJSOUL, TENHOU, '--db', db, '--workers', '0', '--json', '--profile', 'tenhou');
    expect(JSON.parse(r.stdout)).not.toHaveProperty('platformProfiles');
    const q = kanshi(['query', '--db', db, '--format', 'json', 'SELECT DISTINCT r.profile FROM audits JOIN rule_sets r USING (rule_set_id)']);
    expect(JSON.parse(q.stdout)).toEqual([{ profile: 'tenhou' }]);
    const m = tempDb();
    await kanshiInProcess('audit', TENHOU, '--db', m, '--workers', '0', '--platform', 'majsoul');
    const p = kanshi(['query', '--db', m, '--format', 'json', 'SELECT g.platform, r.profile FROM audits JOIN games g USING (game_id) JOIN rule_sets r USING (rule_set_id)']);
    expect(p.stderr).toBe('');
    expect(JSON.parse(p.stdout)).toEqual([{ platform: 'majsoul', profile: 'platform' }]);
    const k = kanshi(['query', '--db', m, '--format', 'json', "SELECT count(*) AS n FROM game_rules WHERE source = 'platform'"]);
    expect(JSON.parse(k.stdout)).toEqual([{ n: 3 }]);
  });

  it('a resumed audit passes over games audited under their platform\'s rule set', async () => {
    const db = tempDb();
    await kanshiInProcess('audit', MAJSOUL, TENHOU, '--db', db, '--workers', '0');
    const again = await kanshiInProcess('audit', MAJSOUL, TENHOU, '--db', db, '--workers', '0', '--json');
    expect(JSON.parse(again.stdout).passedOverCount).toBe(2);
  });
});
