/**
 * The report compares rule sets only over games they share (issue 34): one run over the corpus audits its
 * one Mahjong Soul log under `majsoul` and the rest under `tenhou`; the two rule sets share no game, so the
 * report shows no "Rule sets side by side" over 0 shared games. Two profiles over the same games still do.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kanshiRun } from '../support/in-process.js';
import { corpusFile, requireCorpus } from '../support/corpus.js';

const TENHOU = '2020052221gm-00a9-0000-6f0524c7.xml';
const MAJSOUL = 'Equim-chan__mjai-reviewer__convlog_tests_testdata_confusing_nakis_7.json';

async function report(profiles: (string | null)[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-comparison-'));
  const db = join(dir, 'a.sqlite');
  for (const profile of profiles) {
    const r = await kanshiRun(['audit', corpusFile(TENHOU), corpusFile(MAJSOUL), '--db', db, '--workers', '0', ...(profile ? ['--profile', profile] : [])]);
    expect(r.code, r.stderr).toBe(0);
  }
  const out = join(dir, 'report.html');
  const r = await kanshiRun(['report', '--db', db, '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  return readFileSync(out, 'utf8');
}

describe('kanshi report: rule sets side by side', () => {
  it('leaves out a rule set that shares no game with the one shown (a platform run of mixed logs)', async () => {
    requireCorpus();
    expect(await report([null])).not.toContain('id="rule-sets"');
  });

  it('compares two profiles over the same games', async () => {
    requireCorpus();
    expect(await report(['mleague', 'tenhou'])).toContain('id="rule-sets"');
  });
});
