/**
 * `kanshi infer` on real logs (docs/scoring.md §9): the Tenhou corpus gives back the `tenhou` profile's
 * value for every knob it touches, the Mahjong Soul logs the `majsoul` values; what no value explains is
 * the logs' own errors; a value the logs contradict loses; and a profile the logs contradict is corrected.
 * It says when it does not know (issue 41): a tie, a value resting on fewer than 3 cases, an order of
 * events only a bot's logs show, and a disagreement between the logs of one group.
 * The expected values come from the profiles' evidence (src/rules/profiles.ts, checked against the logs
 * by test/score/knob-evidence.test.ts), the MANIFESTs and docs/scoring.md §6's table of the platform logs'
 * disagreements, not from the inference.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleSetFor } from '../../src/audit/index.js';
import type { GameLog } from '../../src/events/index.js';
import { RuleInference, type DecidingCase, type Inference, type KnobInference } from '../../src/infer/index.js';
import { readLogFile } from '../../src/ingest/index.js';
import { getProfile, platformProfile, profileRules, type KnobName } from '../../src/rules/index.js';
import { openStore } from '../../src/store/index.js';
import { CORPUS_LOGS, PLATFORMS_DIR, corpusFile, corpusFiles, manifest, platformManifest, requireCorpus } from '../support/corpus.js';
import { corpusLogCounts, sumOf } from '../support/log-counts.js';
import { kanshiInProcess } from '../support/in-process.js';
import { KIRIAGE_SOURCE, kiriageLobbyGame } from '../support/kiriage-lobby.js';

function infer(files: string[], profile?: string): Inference {
  const set = ruleSetFor(profile ? { profile } : {});
  const inference = new RuleInference((game: GameLog) => ({ rules: set.byPlatform?.[game.platform] ?? set.rules, profile: profile ?? platformProfile(game.platform) }), profile);
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

const knob = (r: Inference, name: KnobName): KnobInference => r.knobs.find((k) => k.knob === name)!;

/** A case as `file hand seat what`, the file without its folder. */
const caseText = (c: DecidingCase): string => `${c.file.replace(/.*\//, '')} ${c.hand} ${c.seat} ${c.what}`;

/** The platform corpus's files whose name starts so. */
const platformFiles = (prefix: string): string[] =>
  readdirSync(join(PLATFORMS_DIR, 'logs'))
    .filter((f) => f.startsWith(prefix))
    .map((f) => join(PLATFORMS_DIR, 'logs', f));

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
    for (const k of ['kandoraTiming', 'suukaikan', 'daiminkanPao', 'kiriageMangan', 'akaDora', 'uraDora', 'threePlayerTsumo', 'notenPayments'] as const) {
      expect(corpus.inferred[k], k).not.toBeNull();
    }
    expect(corpus.inferred.okuriKan).toBeNull();
    expect(knob(corpus, 'okuriKan')).toMatchObject({ status: 'untouched', deciding: [] });
    // The legality knobs the corpus shows: its double rons and triple-ron aborts (94 and 5, counted in the
    // files' text: two AGARI in one hand or a tenhou.net/6 和了 with two winners; RYUUKYOKU type="ron3" or 三家和了).
    expect(corpus.inferred).toMatchObject({ multipleRon: 'triple-aborts', kyuushuKyuuhai: true });
    const multipleRon = corpus.knobs.find((k) => k.knob === 'multipleRon')!.values;
    const double = sumOf(logs, (r) => r.doubleRons);
    const triple = sumOf(logs, (r) => r.tripleRonAborts);
    expect(multipleRon.map((v) => [v.value, v.agree, v.disagree])).toEqual([
      ['triple-aborts', double + triple, 0],
      ['all', double, triple],
      ['atamahane', 0, double + triple],
    ]);
  });

  it('says how far the corpus decides each knob: inferred on 3 or more cases, weak on fewer, a tie where no case tells the best apart', () => {
    const rules = profileRules(getProfile('tenhou'));
    for (const k of corpus.knobs) {
      if (k.status === 'untouched') continue;
      if (k.status === 'declared') {
        // Only the games' declarations touch it (every Tenhou game's GO type declares its red fives and open tanyao):
        // the value most of them declare, the profile's.
        expect([k.knob, k.inferred, k.deciding]).toEqual([k.knob, rules[k.knob], []]);
        continue;
      }
      if (k.status === 'tie') {
        // No value, but the profile's among the tied.
        expect([k.inferred, k.tied], k.knob).toEqual([null, expect.arrayContaining([rules[k.knob]])]);
        continue;
      }
      expect([k.knob, k.status, k.inferred]).toEqual([k.knob, k.deciding.length >= 3 ? 'inferred' : 'weak', rules[k.knob]]);
    }
    // The four-kan aborts: the MANIFEST's two files with one (kan4_aborts), and no more.
    const aborts = manifest().filter((r) => r.kan4Aborts > 0).map((r) => r.file).sort();
    expect(aborts).toHaveLength(2);
    expect(knob(corpus, 'suukaikan')).toMatchObject({ status: 'weak', inferred: 'abort' });
    expect(knob(corpus, 'suukaikan').deciding.map((c) => c.file.replace(/.*\//, '')).sort()).toEqual(aborts);
    // Kiriage: the ranked games' 4-han 30-fu and 3-han 60-fu wins say none; the games that declare always (the chip
    // games, GO type bit 0x200, and the lobby games whose csrule sets 0x2) are checked against it, and agree.
    expect(knob(corpus, 'kiriageMangan')).toMatchObject({ status: 'inferred', inferred: 'none', rival: 'always' });
    const declaring = manifest()
      .filter((r) => (Number(/GO type=(\d+)/.exec(r.notes)?.[1] ?? 0) & 0x200) !== 0 || /csrule="[0-9A-Fa-f]*[2367ABEF],/.test(readFileSync(corpusFile(r.file), 'latin1')))
      .map((r) => r.file);
    expect(declaring).toHaveLength(4);
    expect(knob(corpus, 'kiriageMangan').declared).toMatchObject([{ value: 'always', games: declaring.length, disagree: 0, contradicting: [] }]);
    expect(knob(corpus, 'kiriageMangan').declared![0].agree).toBeGreaterThan(0);
    // The 5 triple-ron aborts tell triple-aborts from all.
    expect(knob(corpus, 'multipleRon')).toMatchObject({ status: 'inferred', rival: 'all' });
    expect(knob(corpus, 'multipleRon').deciding).toHaveLength(sumOf(corpusLogCounts(), (r) => r.tripleRonAborts));
    // No riichi kan of the corpus tells waits from strict: the logs do not say which.
    expect(knob(corpus, 'riichiKan')).toMatchObject({ status: 'tie', inferred: null, tied: ['waits', 'strict'] });
    expect(corpus.inferred.riichiKan).toBeNull();
    for (const k of ['kandoraTiming', 'uraDora', 'ippatsuYaku', 'notenPayments', 'kyuushuKyuuhai'] as const) expect(knob(corpus, k).status, k).toBe('inferred');
    for (const k of ['akaDora', 'openTanyao'] as const) expect(knob(corpus, k).status, k).toBe('declared');
    expect(corpus.contradicted).toEqual([]);
  });

  it("lists as unexplained only the logs' own errors: the two editor-typed fixtures", () => {
    expect(corpus.unexplained.map((u) => `${u.file.replace(/.*\//, '')} ${u.hand} ${u.what}`)).toEqual([
      'Equim-chan__mjai-reviewer__convlog_tests_testdata_confusing_nakis_1.json 1 win',
      'Equim-chan__mjai-reviewer__convlog_tests_testdata_confusing_nakis_2.json 1 win',
    ]);
  });

  it('counts a contradicted value as disagreeing: kiriage always, ura off; and checks the declared red fives against the logs', () => {
    const values = (knob: KnobName) => Object.fromEntries(corpus.knobs.find((k) => k.knob === knob)!.values.map((v) => [String(v.value), v]));
    expect(values('kiriageMangan').always.disagree).toBeGreaterThan(1000);
    expect(values('uraDora').false.disagree).toBeGreaterThan(1000);
    // Every game declares its red fives (GO type bit 0x2, a rule object's aka): no undeclared game counts.
    expect(values('akaDora')['3']).toMatchObject({ agree: 0, disagree: 0 });
    const aka = Object.fromEntries(knob(corpus, 'akaDora').declared!.map((d) => [String(d.value), d]));
    expect(aka['3'].agree).toBeGreaterThan(1000);
    // the two editor-typed fixtures' wins (the unexplained) disagree under any value
    expect(aka['3'].disagree).toBe(corpus.unexplained.length);
    expect(aka['3'].contradicting).toEqual([]);
  });

  it('corrects a profile the logs contradict: from pro-strict, the Tenhou corpus says ura and no kiriage; red fives it declares', () => {
    const r = infer(corpusFiles().filter((_, i) => i % 8 === 0), 'pro-strict');
    const flags = r.flags.join(' ');
    expect(flags).toMatch(/^--profile pro-strict /);
    expect(flags).toContain('--ura-dora true');
    expect(flags).toContain('--kiriage-mangan none');
    // The games declare their red fives (pro-strict has none): the audit applies the declaration, no flag needed.
    expect(flags).not.toContain('--aka-dora');
    expect(knob(r, 'akaDora')).toMatchObject({ status: 'declared', inferred: 3 });
  });

  it("infers the majsoul profile's values from the Mahjong Soul logs", () => {
    const r = infer(majsoulFiles());
    expect(r.games).toBe(majsoulFiles().length);
    expect(r.profile).toBe('majsoul');
    expect(differingFrom(r, 'majsoul')).toEqual({});
    expect(r.inferred).toMatchObject({ akaDora: 3, ippatsuYaku: true, uraDora: true, notenPayments: true });
    // Their wins of 4 han 30 fu or 3 han 60 fu refute kiriage. Their tenhou.net/6 logs count their kandora untimed,
    // which tells no rinshan-free timing of Tenhou's from after-discard; the one timed log is an mjai conversion
    // (convlog's order).
    expect(knob(r, 'kiriageMangan')).toMatchObject({ inferred: 'none', rival: 'always' });
    expect(knob(r, 'kandoraTiming')).toMatchObject({ status: 'tie', inferred: null, tied: ['tenhou', 'after-discard'] });
    // The converter's stick paid for a riichi that never stood (docs/scoring.md §6).
    expect(r.unexplained.map((u) => `${u.file.replace(/.*\//, '')} ${u.hand}`)).toEqual(['kandora__TensoulTests_tensoulLog.json 3']);
  });

  it('prints a table, the unexplained and the flags; --json the same as data', async () => {
    const dir = join(PLATFORMS_DIR, 'logs');
    const files = readdirSync(dir).filter((f) => f.startsWith('killer_mortal_gui') && f.endsWith('.json')).map((f) => join(dir, f));
    const text = await kanshiInProcess('infer', ...files);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^2 games, \d+ wins, \d+ drawn hands, \d+ kans: what the logs say the rules are/);
    expect(text.stdout).toMatch(
      /--kiriage-mangan none {4}(inferred|weak): \d+ cases? tells? it from always {4}cases: wins and drawn hands re-scored under the value\n( {6}deciding: \S+killer_mortal_gui\S+ hand \d+ event \d+ seat \d \(win\)\n)+ {2}\* none +agree +\d+ +disagree +0\n {4}always +agree/,
    );
    // The red fives the logs' rule objects declare, checked against their wins.
    expect(text.stdout).toMatch(/--aka-dora 3 {4}declared by the games themselves \(not inferred: their logs are checked against it\).*\n {6}declared 3 by 2 games \(the log's rule \(red fives\)\): \d+ cases agree, 0 do not\n/);
    expect(text.stdout).toMatch(/--kandora-timing \? {4}tie: tenhou, after-discard \(no case tells them apart\)/);
    expect(text.stdout.trim().split('\n').at(-1)).toBe('--profile majsoul');
    const json = await kanshiInProcess('infer', '--json', ...files);
    const r = JSON.parse(json.stdout) as Inference;
    expect(r.inferred.akaDora).toBe(3);
    expect(r.inferred.kandoraTiming).toBeNull();
    expect(r.flags).toEqual(['--profile majsoul']);
    expect(r.knobs.find((k) => k.knob === 'akaDora')).toMatchObject({ status: 'declared', declared: [{ value: 3, games: 2, disagree: 0 }] });
    const kiriage = r.knobs.find((k) => k.knob === 'kiriageMangan')!;
    expect(kiriage).toMatchObject({ rival: 'always' });
    expect(kiriage.deciding.length).toBeGreaterThan(0);
    for (const c of kiriage.deciding) {
      expect(Object.keys(c).sort()).toEqual(['eventIndex', 'file', 'hand', 'logId', 'seat', 'what']);
      expect(files).toContain(c.file);
    }
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
      expect(inference!.knobs.find((k) => k.knob === 'akaDora')?.inferred).toBe('3');
      // A tie keeps no value, as an untouched knob; its status says which.
      expect(inference!.knobs.find((k) => k.knob === 'kandoraTiming')).toMatchObject({ inferred: null, status: 'tie' });
      expect(inference!.knobs.find((k) => k.knob === 'kandoraTiming')!.values.filter((v) => v.tied).map((v) => v.value)).toEqual(['tenhou', 'after-discard']);
      expect(inference!.knobs.find((k) => k.knob === 'okuriKan')?.inferred).toBeNull();
    } finally {
      stored.close();
    }
    const out = join(dir, 'report.html');
    expect((await kanshiInProcess('report', '--db', db, '--out', out)).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<h2>What these logs say the rules are</h2>');
    const section = html.slice(html.indexOf('<h2>What these logs say the rules are</h2>')).split('<h2>')[1];
    expect(section).toMatch(/<td>akaDora<\/td><td>3<\/td><td>declared<\/td>/);
    // The tie is among what the logs do not decide, by name, not a row.
    expect(section).not.toMatch(/<td>kandoraTiming<\/td>/);
    expect(section).toMatch(/Not decided by these logs: [^<]*kandoraTiming[^<]*\(the best values tie\)/);
  });

  it('exits 1 naming a file it cannot read, and infers from the rest', async () => {
    const r = await kanshiInProcess('infer', join(CORPUS_LOGS, 'no-such-file.xml'), join(PLATFORMS_DIR, 'logs', 'MajsoulPaipuConvert__sample_tenhou.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no-such-file\.xml/);
    expect(r.stdout).toMatch(/^1 game, /);
  });
});

describe('kanshi infer says when the logs do not decide (issue 41)', () => {
  it("gives no value where the best values tie: yakumanPao on mjai-reviewer's test logs", () => {
    requireCorpus();
    const platform = platformFiles('mjai-reviewer__');
    const corpusCopies = readdirSync(CORPUS_LOGS)
      .filter((f) => f.startsWith('Equim-chan__mjai-reviewer__'))
      .map((f) => join(CORPUS_LOGS, f));
    expect([platform.length, corpusCopies.length]).toEqual([20, 18]);
    for (const files of [platform, [...platform, ...corpusCopies]]) {
      const r = infer(files);
      // No daisangen or daisuushii pao among them: daisangen-daisuushii and none agree alike; with-suukantsu
      // is refuted by suukantsu_1's win, which the log pays without pao.
      expect(r.inferred.yakumanPao).toBeNull();
      expect(knob(r, 'yakumanPao')).toMatchObject({ status: 'tie', inferred: null, tied: ['daisangen-daisuushii', 'none'], deciding: [] });
      expect(knob(r, 'yakumanPao').values.find((v) => v.value === 'with-suukantsu')).toMatchObject({ disagree: knob(r, 'yakumanPao').values[0].disagree + 1 });
      expect(r.flags.join(' ')).not.toContain('--yakuman-pao');
    }
    // The corpus's copies hold no suukantsu_1: nothing tells any value apart.
    expect(knob(infer(corpusCopies), 'yakumanPao')).toMatchObject({ status: 'untouched', inferred: null });
  });

  it("takes a group's disagreement for the logs' errors: akochan's builds with and without ippatsu", () => {
    requireCorpus();
    const r = infer(platformFiles('akochan__'));
    // docs/scoring.md §6: the older akochan versions score no ippatsu (96c122589c hand 2, a489dc39c1 hands 1
    // and 2); be6e751f91, a later one on the same wall, scores it in hand 1, as the rules do.
    expect(r.inferred.ippatsuYaku).toBe(true);
    expect(knob(r, 'ippatsuYaku')).toMatchObject({ status: 'weak', inferred: true, rival: false });
    expect(knob(r, 'ippatsuYaku').deciding.map(caseText)).toEqual(['akochan__akochan__match_result_haifu_log_1000_0__be6e751f91.jsonl 1 1 win']);
    const errors = r.contradicted.map((c) => `${caseText(c)}: ${c.agreesUnder.map((a) => `${a.knob} ${a.values.join('|')} (${String(a.logs)})`).join(', ')}`);
    expect(errors).toEqual([
      'akochan__akochan__haifu_log_sample__96c122589c.jsonl 2 2 win: ippatsuYaku false (true)',
      // The missing ippatsu is one han, as that hand's ura: ura off would explain it too.
      'akochan__akochan__match_result_haifu_log_1000_0__a489dc39c1.jsonl 1 1 win: ippatsuYaku false (true), uraDora false (true)',
      'akochan__akochan__match_result_haifu_log_1000_0__a489dc39c1.jsonl 2 3 win: ippatsuYaku false (true)',
    ]);
    expect(r.contradicted[0].differences.join('\n')).toMatch(/points: the log says 5200, the hand is worth 8000/);
    expect(r.inferred.uraDora).toBe(true);
    expect(r.flags.join(' ')).not.toContain('--ippatsu-yaku');
  });

  it("reports an order of events a bot's logs alone show as its producer's convention, not a rule: akochan's daiminkan kandora", () => {
    requireCorpus();
    const r = infer(platformFiles('akochan__'));
    // docs/scoring.md §6: akochan turns a daiminkan's kandora over after the kan player's discard (a489dc39c1 hand 5).
    expect(knob(r, 'kandoraTiming')).toMatchObject({ status: 'convention', inferred: null, convention: 'after-discard' });
    expect(knob(r, 'kandoraTiming').deciding.map(caseText)).toEqual(['akochan__akochan__match_result_haifu_log_1000_0__a489dc39c1.jsonl 5 2 daiminkan']);
    expect(r.inferred.kandoraTiming).toBeNull();
    expect(r.flags).toEqual(['--profile tenhou']);
  });

  it('explains the win kiriage decides in a lobby game, and finds kiriage there', () => {
    requireCorpus();
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-infer-kiriage-'));
    const lobby = join(dir, 'lobby-kiriage.json');
    writeFileSync(lobby, kiriageLobbyGame());
    const alone = infer([lobby]);
    expect(alone.unexplained).toEqual([]);
    expect(alone.contradicted).toEqual([]);
    // Its csrule declares kiriage (bit 0x2), and its last hand's win (seat 0) agrees with the declaration.
    const kiriage = knob(alone, 'kiriageMangan');
    expect(kiriage).toMatchObject({ status: 'declared', inferred: 'always', declared: [{ value: 'always', games: 1, disagree: 0, contradicting: [] }] });
    expect(kiriage.declared![0].agree).toBeGreaterThan(0);
    // Beside the ranked game it was made of, whose same hand is paid 7,700: that game says none, the lobby game
    // declares always, and both are explained.
    const both = infer([lobby, corpusFile(KIRIAGE_SOURCE)]);
    expect(both.unexplained).toEqual([]);
    expect(both.contradicted).toEqual([]);
    expect(knob(both, 'kiriageMangan')).toMatchObject({ inferred: 'none', rival: 'always', declared: [{ value: 'always', games: 1, disagree: 0 }] });
    expect(knob(both, 'kiriageMangan').deciding.map(caseText)).toEqual([`${KIRIAGE_SOURCE} 11 0 win`]);
  });
});
