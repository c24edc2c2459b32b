import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeCorpusAttacks } from '../../bench/fuzz-inputs.js';
import { kanshiInProcess } from '../support/in-process.js';
import { CORPUS_DIR, corpusFile } from '../support/corpus.js';

const RINSHAN_AFTER_KAKAN = corpusFile('2020052221gm-00a9-0000-6f0524c7.xml');

describe('kanshi replay', () => {
  it('prints a kan timeline with replacement tiles, reveal moments and dora per win', async () => {
    const r = await kanshiInProcess('replay', RINSHAN_AFTER_KAKAN, '--hand', '12');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wall rebuilt from the seed: \d+ tiles checked, 0 mismatches/);
    expect(r.stdout).toMatch(/kan 1: seat 1 kakan 5z/);
    expect(r.stdout).toMatch(/replacement 2z from dead-wall index 1 \(matches the wall\), wins \(rinshan kaihou\)/);
    expect(r.stdout).toMatch(/kandora 4s: logged never, rule never/);
    expect(r.stdout).toMatch(/^Hand 12: /m);
    expect(r.stdout).not.toMatch(/Hand 11/);
  });

  it('shows what another kandora timing changes', async () => {
    const r = await kanshiInProcess('replay', RINSHAN_AFTER_KAKAN, '--hand', '12', '--kandora-timing', 'immediate');
    expect(r.stdout).toMatch(/logged never, rule at the declaration {3}<- differs/);
    expect(r.stdout).toMatch(/rule: {3}indicators 8s 4s, dora 1 {3}<- differs/);
    const json = JSON.parse((await kanshiInProcess('replay', RINSHAN_AFTER_KAKAN, '--profile', 'mleague', '--json')).stdout);
    expect(json.kandoraTiming).toBe('immediate');
    expect(json.timingMismatches).toHaveLength(1);
    expect(json.timingMismatches[0].hand).toBe(12);
  });

  it('rejects bad rule values with the allowed ones', async () => {
    const r = await kanshiInProcess('replay', RINSHAN_AFTER_KAKAN, '--kandora-timing', 'sometimes');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid value "sometimes" for --kandora-timing \(allowed: tenhou, immediate, after-replacement, after-discard\)/);
    expect((await kanshiInProcess('replay', RINSHAN_AFTER_KAKAN, '--profile', 'nope')).stderr).toMatch(/unknown profile "nope"/);
  });
});

describe('kanshi verify', () => {
  it('prints one JSON line per game and exits 0 when all verify', async () => {
    const r = await kanshiInProcess('verify', '--json', RINSHAN_AFTER_KAKAN, corpusFile('2019021004gm-00a9-0000-e2f6516d.json'));
    expect(r.code).toBe(0);
    const [xml, json] = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(xml).toMatchObject({ logId: '2020052221gm-00a9-0000-6f0524c7', seeded: true, wallMismatchCount: 0, timingMismatchCount: 0, kandoraCountMismatchCount: 0, inconsistencyCount: 0 });
    expect(xml.checkedTileCount).toBeGreaterThan(1000);
    expect(json).toMatchObject({ seeded: false, checkedTileCount: 0 });
    expect(json.seedNote).toMatch(/no wall seed/);
  });

  it('exits 1 on a timing mismatch under another rule, and on an unreadable file', async () => {
    const r = await kanshiInProcess('verify', '--json', '--kandora-timing', 'immediate', RINSHAN_AFTER_KAKAN);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).timingMismatchCount).toBe(1);
    const missing = await kanshiInProcess('verify', '--json', 'missing.xml');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ file: 'missing.xml', error: 'no such file or folder' });
  });

  it('prints readable lines and a summary', async () => {
    const r = await kanshiInProcess('verify', RINSHAN_AFTER_KAKAN);
    expect(r.stdout).toMatch(/^ok {2}.*0 wall mismatches, 0 timing mismatches, 0 inconsistencies/m);
    expect(r.stderr).toMatch(/^1 game: \d+ tiles checked, 0 wall mismatches, 0 timing mismatches and 0 kandora count mismatches/m);
  });
});

describe('kanshi replay on hostile and broken input (issue 14)', () => {
  it('an attack file: one located line on stderr, exit 1, no stack trace', async () => {
    const attacks = await makeCorpusAttacks(mkdtempSync(join(tmpdir(), 'kanshi-replay-attacks-')), CORPUS_DIR);
    for (const a of attacks) {
      const r = await kanshiInProcess('replay', a.path);
      if (a.expect === 'read') {
        expect(r.code).toBe(0);
        expect(r.stdout).toMatch(/Hand 63/);
        continue;
      }
      expect(r.code, a.name).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(new RegExp(`^kanshi: ${a.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (byte \\d+|line \\d+( column \\d+)?|tag \\d+( <\\w+>)?|log\\[\\d+\\]|gzip stream): .+\\n$`));
    }
  }, 60_000);

  it('takes the limit flags', async () => {
    const r = await kanshiInProcess('replay', RINSHAN_AFTER_KAKAN, '--max-log-bytes', '4k');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/byte 4096: the file has [\d,]+ bytes, more than 4,096, the limit \(--max-log-bytes raises it\)/);
  });
});

describe('kanshi replay: viewer links', () => {
  it('gives each hand of a Tenhou game its viewer link, in text and in JSON (kans and wins seen from their player)', async () => {
    const text = (await kanshiInProcess('replay', RINSHAN_AFTER_KAKAN, '--hand', '12')).stdout;
    expect(text).toContain('  viewer: https://tenhou.net/0/?log=2020052221gm-00a9-0000-6f0524c7&tw=0&ts=11');
    const json = JSON.parse((await kanshiInProcess('replay', RINSHAN_AFTER_KAKAN, '--hand', '12', '--json')).stdout);
    expect(json).toMatchObject({ file: RINSHAN_AFTER_KAKAN, logId: '2020052221gm-00a9-0000-6f0524c7', playerCount: 4 });
    expect(Object.keys(json).slice(0, 2)).toEqual(['file', 'logId']);
    expect(json.hands).toHaveLength(1);
    expect(json.hands[0].hand).toBe(12);
    expect(json.hands[0].kans[0].hand).toBe(12);
    expect(json.hands[0].wins[0].hand).toBe(12);
    expect(json.hands[0].viewerUrl).toBe('https://tenhou.net/0/?log=2020052221gm-00a9-0000-6f0524c7&tw=0&ts=11');
    expect(json.hands[0].kans[0].viewerUrl).toBe('https://tenhou.net/0/?log=2020052221gm-00a9-0000-6f0524c7&tw=1&ts=11');
    expect(json.hands[0].wins[0].viewerUrl).toMatch(/&tw=\d&ts=11$/);
  });

  it('gives no link to a game without a Tenhou log id', async () => {
    const file = corpusFile('mjx-project__mjx__tests_cpp_resources_mjlog_upd-aft-kan4.xml');
    expect((await kanshiInProcess('replay', file)).stdout).not.toContain('viewer:');
    expect(JSON.parse((await kanshiInProcess('replay', file, '--json')).stdout).hands[0].viewerUrl).toBeNull();
  });
});
