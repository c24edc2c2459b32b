import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeCorpusAttacks } from '../../bench/fuzz-inputs.js';
import { MJAI } from '../../src/formats/index.js';
import { readLogFile } from '../../src/ingest/index.js';

/** What the mjai writer makes of a log that times its kandora. */
const toMjai = (game: Parameters<typeof MJAI.write>[0]) => MJAI.write(game);
import { kanshiInProcess } from '../support/in-process.js';
import { CORPUS_DIR, corpusFile } from '../support/corpus.js';

const XML = corpusFile('2016052515gm-00a9-0000-c4d72066.xml');
// tenhou.net/6 JSON with a daiminkan: its kandora are placed under a timing.
const JSON6 = join(CORPUS_DIR, 'platforms', 'logs', 'killer_mortal_gui__e2e_report.split_logs.json');

describe('kanshi export --format mjai', () => {
  it('one file goes to stdout, as the mjai writer writes it', async () => {
    const r = await kanshiInProcess('export', '--format', 'mjai', XML);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(toMjai(readLogFile(XML)));
    expect(JSON.parse(r.stdout.split('\n')[0])).toMatchObject({ type: 'start_game', kyoku_first: 0, aka_flag: true });
  });

  it('--kandora-timing places the kandora where that timing reveals them', async () => {
    const dora = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string })
        .flatMap((e, i, all) => (e.type === 'dora' ? [all[i - 1].type] : []));
    // Tenhou's timing (the default for a log that does not time them): a daiminkan's after the replacement draw.
    expect(dora((await kanshiInProcess('export', '--format', 'mjai', JSON6)).stdout)).toEqual(['ankan', 'tsumo', 'tsumo']);
    const after = await kanshiInProcess('export', '--format', 'mjai', '--kandora-timing', 'after-discard', JSON6);
    expect(after.code).toBe(0);
    expect(dora(after.stdout)).toEqual(['dahai', 'dahai', 'dahai']);
    expect((await kanshiInProcess('export', '--format', 'mjai', '--kandora-timing', 'later', JSON6)).stderr).toMatch(/Allowed choices are tenhou, immediate, after-replacement, after-discard/);
  });

  it('--out DIR: one NAME.mjai.jsonl per input, folders walked; a bad file is reported, the others written, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-export-'));
    mkdirSync(join(dir, 'in', 'sub'), { recursive: true });
    copyFileSync(XML, join(dir, 'in', 'sub', 'game.xml'));
    copyFileSync(JSON6, join(dir, 'in', 'split.json'));
    writeFileSync(join(dir, 'in', 'broken.mjlog'), '<mjloggm ver="2.3"><GO type="169"/><T1');
    const out = join(dir, 'out');
    const r = await kanshiInProcess('export', '--format', 'mjai', join(dir, 'in'), '--out', out);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken\.mjlog: line \d+ column \d+: not well-formed XML/);
    expect(readdirSync(out).sort()).toEqual(['game.mjai.jsonl', 'split.mjai.jsonl']);
    expect(readFileSync(join(out, 'game.mjai.jsonl'), 'utf8')).toBe(toMjai(readLogFile(XML)));
    expect(r.stdout).toMatch(/split\.json → .*split\.mjai\.jsonl \(\d+ hands\)/);
    // What it wrote reads back as mjai.
    expect(readLogFile(join(out, 'split.mjai.jsonl')).format).toBe('mjai');
  });

  it('two inputs of one name: the second is not written over the first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-export-'));
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    copyFileSync(XML, join(dir, 'a', 'game.xml'));
    copyFileSync(JSON6, join(dir, 'b', 'game.json'));
    const r = await kanshiInProcess('export', '--format', 'mjai', join(dir, 'a'), join(dir, 'b'), '--out', join(dir, 'out'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kanshi: .*game\.json: not written: game\.mjai\.jsonl already holds .*game\.xml$/m);
    expect(readFileSync(join(dir, 'out', 'game.mjai.jsonl'), 'utf8')).toBe(toMjai(readLogFile(XML)));
  });

  it('several inputs without --out, a missing --format, an unreadable file', async () => {
    const several = await kanshiInProcess('export', '--format', 'mjai', XML, JSON6);
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/several logs to export: give --out DIR/);
    const noFormat = await kanshiInProcess('export', XML);
    expect(noFormat.code).toBe(2);
    expect(noFormat.stderr).toMatch(/required option '--format <format>'/);
    const missing = await kanshiInProcess('export', '--format', 'mjai', 'no-such-file.xml');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^kanshi: no-such-file\.xml: no such file or folder$/m);
  });

  it('--platform is taken (mjai records none); mjai in gives the same mjai out', async () => {
    const mjai = join(CORPUS_DIR, 'platforms', 'logs', 'killer_mortal_gui__e2e_report.mjai.jsonl');
    const r = await kanshiInProcess('export', '--format', 'mjai', '--platform', 'majsoul', mjai);
    expect(r.code).toBe(0);
    // mjai → GameLog → mjai: the same lines but the ryukyoku's added reason.
    const real = readFileSync(mjai, 'utf8').trim().split('\n');
    const ours = r.stdout.trim().split('\n').map((l) => l.replace('"reason":"fanpai",', ''));
    expect(ours.length).toBe(real.length);
    // …and the ankan's consumed tiles, in kanshi's order (docs/formats.md §10).
    expect(ours.filter((l, i) => l !== real[i])).toEqual(['{"type":"ankan","actor":3,"consumed":["5mr","5m","5m","5m"]}']);
    expect((await kanshiInProcess('export', '--format', 'mjai', '--platform', 'mars', mjai)).code).toBe(2);
  });
});

describe('kanshi export on hostile and broken input (issue 14)', () => {
  it('the attacks in a folder: each refused on one line, the readable ones written, exit 1, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-export-attacks-'));
    const attacks = await makeCorpusAttacks(join(dir, 'in'), CORPUS_DIR);
    copyFileSync(XML, join(dir, 'in', 'game.xml'));
    const out = join(dir, 'out');
    const r = await kanshiInProcess('export', '--format', 'mjai', join(dir, 'in'), '--out', out);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const refused = attacks.filter((a) => a.expect !== 'read');
    expect(r.stderr.trim().split('\n')).toHaveLength(refused.length);
    for (const a of refused) expect(r.stderr).toContain(`${a.path}: `);
    expect(r.stderr).toMatch(/gzip-draws-21M\.mjlog: gzip stream: the log decompresses to more than 16,777,216 bytes/);
    expect(readdirSync(out).sort()).toEqual(['game.mjai.jsonl', 'json-chained-calls-1008.mjai.jsonl']);
    // one file to stdout: the error line, and nothing written
    const one = await kanshiInProcess('export', '--format', 'mjai', attacks.find((a) => a.name === 'tags-60000')!.path);
    expect(one.code).toBe(1);
    expect(one.stdout).toBe('');
    expect(one.stderr).toMatch(/tags-60000\.xml: tag 50000 <D1>: the log has more than 50,000 tags, the limit \(--max-events raises it\)\n$/);
  }, 60_000);
});
