import { mkdtempSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeCorpusAttacks } from '../../bench/fuzz-inputs.js';
import { kanshiInProcess } from '../support/in-process.js';
import { CORPUS_DIR, corpusFile } from '../support/corpus.js';

describe('kanshi info', () => {
  it('prints one JSON line per game with kans by kind, chankan wins and four-kan aborts', async () => {
    const r = await kanshiInProcess('info', '--json', corpusFile('2016052515gm-00a9-0000-c4d72066.xml'), corpusFile('2010091009gm-00a9-0000-83af2648.xml'));
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ playerCount: 4, suukaikanAbortCount: 1, logId: '2016052515gm-00a9-0000-c4d72066' });
    expect(lines[0].players).toHaveLength(4);
    expect(typeof lines[0].rule.label).toBe('string');
    expect(lines[0].kanCounts.ankan + lines[0].kanCounts.daiminkan + lines[0].kanCounts.kakan).toBeGreaterThanOrEqual(4);
    // A double ron on one robbed kakan: the robbed kakan is counted among the kans.
    expect(lines[1]).toMatchObject({ chankanWinCount: 2, robbedKanCount: 1, kanCounts: { ankan: 0, daiminkan: 0, kakan: 1 } });
    expect(typeof lines[1].handCount).toBe('number');
  });

  it('walks folders recursively, reports a bad file and goes on, exiting 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-info-'));
    mkdirSync(join(dir, 'sub'));
    copyFileSync(corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), join(dir, 'sub', 'good.xml'));
    writeFileSync(join(dir, 'broken.mjlog'), '<mjloggm ver="2.3"><GO type="169"/><T1');
    writeFileSync(join(dir, 'README.md'), 'not a log, not read');
    const r = await kanshiInProcess('info', '--json', dir);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0].file).toBe(join(dir, 'broken.mjlog'));
    expect(lines[0].error).toMatch(/line \d+ column \d+: not well-formed XML/);
    expect(lines[1]).toMatchObject({ file: join(dir, 'sub', 'good.xml'), playerCount: 4 });
  });

  it('prints readable lines without --json and errors on stderr', async () => {
    const r = await kanshiInProcess('info', corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), 'no-such-file.xml');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/4p 四鳳南喰赤 \(tenhou\) {2}\d+ hands {2}kans \d+ \(ankan \d+, daiminkan \d+, kakan \d+\) {2}riichi kans \d+/);
    expect(r.stderr).toBe('kanshi: no-such-file.xml: no such file or folder\n');
  });

  it('has help', async () => {
    const r = await kanshiInProcess('info', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage: kanshi info \[options\] <path\.\.\.>/);
    expect(r.stdout).toMatch(/--json/);
  });
});

describe('kanshi events', () => {
  it('prints NDJSON events, optionally one hand', async () => {
    const all = await kanshiInProcess('events', corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'));
    expect(all.code).toBe(0);
    const events = all.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(events[0].type).toBe('roundStart');
    const one = await kanshiInProcess('events', corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), '--hand', '2');
    const hand = one.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(hand.filter((e) => e.type === 'roundStart')).toHaveLength(1);
    expect(hand[0]).toEqual(events.filter((e) => e.type === 'roundStart')[1]);
    expect(typeof hand[0].kyoku).toBe('number');
    expect(hand[0].round).toBeUndefined();
    expect(hand.length).toBeLessThan(events.length);
    const meta = await kanshiInProcess('events', corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), '--meta', '--hand', '1');
    const game = JSON.parse(meta.stdout.split('\n')[0]);
    expect(game).toMatchObject({ type: 'game', file: corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), format: 'mjlog', rule: { playerCount: 4 } });
    expect(game.handCount).toBe(events.filter((e) => e.type === 'roundStart').length);
    expect(game.roundCount).toBeUndefined();
  });

  it('says what is wrong with a bad file or option', async () => {
    const nope = await kanshiInProcess('events', 'nope.xml');
    expect(nope.code).toBe(1);
    expect(nope.stderr).toBe('kanshi: nope.xml: no such file or folder\n');
    const r = await kanshiInProcess('events', corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), '--hand', '99');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^kanshi: --hand 99: the game has \d+ hands/);
    expect((await kanshiInProcess('events', 'x', '--hand', 'zero')).stderr).toMatch(/^kanshi: --hand must be a whole number from 1 up, got "zero"$/m);
    expect((await kanshiInProcess('events', 'x', '--hand', '0')).code).toBe(2);
  });
});

describe('kanshi --help', () => {
  it('lists the commands', async () => {
    const r = await kanshiInProcess('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/info/);
    expect(r.stdout).toMatch(/events/);
  });

  it('exits 2 on an unknown command', async () => {
    const r = await kanshiInProcess('frobnicate');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command/);
  });
});

describe('kanshi info on hostile and broken input (issue 14)', () => {
  it('each attack gives one located line, the other files go on, exit 1, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-info-attacks-'));
    const attacks = await makeCorpusAttacks(join(dir, 'in'), CORPUS_DIR);
    copyFileSync(corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), join(dir, 'in', 'zz-good.xml'));
    const r = await kanshiInProcess('info', '--json', join(dir, 'in'));
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { file: string; error?: string });
    expect(lines).toHaveLength(attacks.length + 1);
    for (const a of attacks) {
      const line = lines.find((l) => l.file === a.path)!;
      if (a.expect === 'read') expect(line.error).toBeUndefined();
      // `position: reason`: a byte, line and column, tag, JSON path or the gzip stream
      else expect(line.error).toMatch(/^(byte \d+|line \d+( column \d+)?|tag \d+( <\w+>)?|log\[\d+\]|gzip stream): ./);
    }
    expect(lines.at(-1)).toMatchObject({ file: join(dir, 'in', 'zz-good.xml'), playerCount: 4 });
    // Without --json: the errors on stderr, one line each.
    const text = await kanshiInProcess('info', join(dir, 'in'));
    expect(text.code).toBe(1);
    expect(text.stderr.trim().split('\n')).toHaveLength(attacks.filter((a) => a.expect !== 'read').length);
    expect(text.stderr).toMatch(/gzip-bomb-1GB\.mjlog: gzip stream: the log decompresses to more than 16,777,216 bytes, the limit \(--max-log-bytes raises it\)/);
    expect(text.stdout.trim().split('\n')).toHaveLength(2);
  }, 60_000);

  it('the limit flags are taken, and checked', async () => {
    const file = corpusFile('2020052221gm-00a9-0000-6f0524c7.xml');
    const r = await kanshiInProcess('info', file, '--max-hands', '5', '--max-log-bytes', '1M');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/tag \d+ <INIT>: the game has more than 5 hands, the limit \(--max-hands raises it\)/);
    expect((await kanshiInProcess('info', file, '--max-events', '100000', '--max-depth', '4')).code).toBe(0);
    const bad = await kanshiInProcess('info', file, '--max-log-bytes', 'lots');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--max-log-bytes must be a number of bytes/);
    expect((await kanshiInProcess('info', file, '--max-hands', '300')).stderr).toMatch(/--max-hands must be an integer between 1 and 256/);
    expect((await kanshiInProcess('info', '--help')).stdout).toMatch(/--max-log-bytes <bytes>[\s\S]*--max-events <n>[\s\S]*--max-depth <n>[\s\S]*--max-hands <n>/);
  });
});
