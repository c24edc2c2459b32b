/**
 * `kanshi infer` on real logs (docs/scoring.md §9): the Tenhou corpus gives back the `tenhou` profile's
 * value for every knob it touches, the Mahjong Soul logs the `majsoul` values; what no value explains is
 * the logs' own errors; a value the logs contradict loses; and a profile the logs contradict is corrected.
 * The expected values come from the profiles' evidence (src/rules/profiles.ts, checked against the logs
 * by test/score/knob-evidence.test.ts), not from the inference.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleSetsFor } from '../../src/audit/index.js';
import type { GameLog } from '../../src/events/index.js';
import { RuleInference, type Inference } from '../../src/infer/index.js';
import { readLogFile } from '../../src/ingest/index.js';
import { getProfile, profileRules, type KnobName } from '../../src/rules/index.js';
import { openStore } from '../../src/store/index.js';
import { CORPUS_LOGS, PLATFORMS_DIR, corpusFiles, manifest, platformManifest, requireCorpus } from '../support/corpus.js';
import { corpusLogCounts, sumOf } from '../support/log-counts.js';
import { kanshiInProcess } from '../support/in-process.js';

function infer(files: string[], profile?: string): Inference {
  const sets = ruleSetsFor(profile ? { profile } : {});
  const inference = new RuleInference((game: GameLog) => ({ rules: sets[game.platform].rules, profile: sets[game.platform].profile ?? 'tenhou' }), profile);
  for (const file of files) {
    let game: GameLog;
    try {
      game = readLogFile(file);
    } catch {
      continue;
    }
    inference.addGame(file, game);
  }
  return inference.result();
}

/** Knobs the logs touch whose inferred value is not the profile's. */
function differingFrom(r: Inference, profile: string): Partial<Record<KnobName, unknown>> {
  const rules = profileRules(getProfile(profile));
  const out: Partial<Record<KnobName, unknown>> = {};
  for (const k of r.knobs) if (k.inferred !== null && k.inferred !== rules[k.knob]) out[k.knob] = k.inferred;
  return out;
}

/** The Mahjong Soul games of the platform corpus, as its MANIFEST names them (tenhou.net/6 conversions and mjai). */
const majsoulFiles = (): string[] =>
  platformManifest()
    .filter((r) => r.platform === 'majsoul')
    .map((r) => join(PLATFORMS_DIR, 'logs', r.file));

describe('kanshi infer', () => {
  let corpus: Inference;
  beforeAll(() => {
    requireCorpus();
    corpus = infer(corpusFiles());
  });

  it("infers the tenhou profile's value for every knob the Tenhou corpus touches", () => {
    const logs = corpusLogCounts();
    expect(corpus.games).toBe(manifest().length);
    expect(corpus.wins).toBe(sumOf(logs, (r) => r.wins));
    expect(differingFrom(corpus, 'tenhou')).toEqual({});
    expect(corpus.flags).toEqual(['--profile tenhou']);
    // The corpus shows these (each has a value the logs contradict); not, e.g., okuriKan or openTanyao.
    for (const knob of ['kandoraTiming', 'riichiKan', 'suukaikan', 'daiminkanPao', 'kiriageMangan', 'akaDora', 'uraDora', 'threePlayerTsumo', 'notenPayments'] as const) {
      expect(corpus.inferred[knob], knob).not.toBeNull();
    }
    expect(corpus.inferred.okuriKan).toBeNull();
    // The legality knobs the corpus shows: its double rons and triple-ron aborts (94 and 5, counted in the
    // files' text: two AGARI in one hand or a tenhou.net/6 和了 with two winners; RYUUKYOKU type="ron3" or 三家和了).
    expect(corpus.inferred).toMatchObject({ multipleRon: 'triple-aborts', abortiveDraws: 'all' });
    const multipleRon = corpus.knobs.find((k) => k.knob === 'multipleRon')!.values;
    const double = sumOf(logs, (r) => r.doubleRons);
    const triple = sumOf(logs, (r) => r.tripleRonAborts);
    expect(multipleRon.map((v) => [v.value, v.agree, v.disagree])).toEqual([
      ['triple-aborts', double + triple, 0],
      ['all', double, triple],
      ['atamahane', 0, double + triple],
    ]);
  });

  it("lists as unexplained only the logs' own errors: the two editor-typed fixtures", () => {
    expect(corpus.unexplained.map((u) => `${u.file.replace(/.*\//, '')} ${u.hand} ${u.what}`)).toEqual([
      'Equim-chan__mjai-reviewer__convlog_tests_testdata_confusing_nakis_1.json 1 win',
      'Equim-chan__mjai-reviewer__convlog_tests_testdata_confusing_nakis_2.json 1 win',
    ]);
  });

  it('counts a contradicted value as disagreeing: red fives off, kiriage always, ura off', () => {
    const values = (knob: KnobName) => Object.fromEntries(corpus.knobs.find((k) => k.knob === knob)!.values.map((v) => [String(v.value), v]));
    expect(values('akaDora')['0'].disagree).toBeGreaterThan(1000);
    expect(values('kiriageMangan').always.disagree).toBeGreaterThan(1000);
    expect(values('uraDora').false.disagree).toBeGreaterThan(1000);
    expect(values('akaDora')['3'].disagree).toBe(2);
  });

  it('corrects a profile the logs contradict: from pro-strict, the Tenhou corpus says red fives, ura, kiriage in chip games', () => {
    const r = infer(corpusFiles().filter((_, i) => i % 8 === 0), 'pro-strict');
    const flags = r.flags.join(' ');
    expect(flags).toMatch(/^--profile pro-strict /);
    expect(flags).toContain('--aka-dora 3');
    expect(flags).toContain('--ura-dora true');
  });

  it("infers the majsoul profile's values from the Mahjong Soul logs", () => {
    const r = infer(majsoulFiles());
    expect(r.games).toBe(majsoulFiles().length);
    expect(r.profile).toBe('majsoul');
    expect(differingFrom(r, 'majsoul')).toEqual({});
    expect(r.inferred).toMatchObject({ kiriageMangan: 'none', kandoraTiming: 'tenhou', akaDora: 3, ippatsuYaku: true, uraDora: true, notenPayments: true });
    // The converter's stick paid for a riichi that never stood (docs/scoring.md §6).
    expect(r.unexplained.map((u) => `${u.file.replace(/.*\//, '')} ${u.hand}`)).toEqual(['kandora__TensoulTests_tensoulLog.json 3']);
  });

  it('prints a table, the unexplained and the flags; --json the same as data', async () => {
    const dir = join(PLATFORMS_DIR, 'logs');
    const files = readdirSync(dir).filter((f) => f.startsWith('killer_mortal_gui') && f.endsWith('.json')).map((f) => join(dir, f));
    const text = await kanshiInProcess('infer', ...files);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^2 games, \d+ wins, \d+ drawn hands, \d+ kans: what the logs say the rules are/);
    expect(text.stdout).toMatch(/--aka-dora 3 {4}cases: wins and drawn hands re-scored under the value\n {2}\* 3 +agree +\d+ +disagree +0\n {4}0 +agree/);
    expect(text.stdout.trim().split('\n').at(-1)).toBe('--profile majsoul');
    const json = await kanshiInProcess('infer', '--json', ...files);
    const r = JSON.parse(json.stdout) as Inference;
    expect(r.inferred.akaDora).toBe(3);
    expect(r.flags).toEqual(['--profile majsoul']);
    expect(r.knobs.find((k) => k.knob === 'akaDora')!.values.map((v) => Object.keys(v).sort())).toEqual([
      ['agree', 'disagree', 'jointly', 'value'],
      ['agree', 'disagree', 'jointly', 'value'],
    ]);
  });

  it('with --db keeps the inference in the audit database, and kanshi report shows it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-infer-'));
    const db = join(dir, 'a.sqlite');
    const files = majsoulFiles();
    expect((await kanshiInProcess('audit', '--db', db, '--workers', '0', ...files)).code).toBe(0);
    const r = await kanshiInProcess('infer', '--db', db, ...files);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`the inference is kept in ${db}`);
    const stored = openStore(db, { readonly: true });
    try {
      const inference = stored.latestInference();
      expect(inference).toMatchObject({ gameCount: 7, profile: 'majsoul', flags: '--profile majsoul', unexplainedCount: 1 });
      expect(inference!.knobs.find((k) => k.knob === 'kiriageMangan')?.inferred).toBe('none');
      expect(inference!.knobs.find((k) => k.knob === 'okuriKan')?.inferred).toBeNull();
    } finally {
      stored.close();
    }
    const out = join(dir, 'report.html');
    expect((await kanshiInProcess('report', '--db', db, '--out', out)).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<h2>What these logs say the rules are</h2>');
    expect(html).toMatch(/<td>kiriageMangan<\/td><td>none<\/td>/);
  });

  it('exits 1 naming a file it cannot read, and infers from the rest', async () => {
    const r = await kanshiInProcess('infer', join(CORPUS_LOGS, 'no-such-file.xml'), join(PLATFORMS_DIR, 'logs', 'MajsoulPaipuConvert__sample_tenhou.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no-such-file\.xml/);
    expect(r.stdout).toMatch(/^1 game, /);
  });
});
