import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeCorpusAttacks } from '../../bench/fuzz-inputs.js';
import { kanshiRun } from '../support/in-process.js';
import { CORPUS_DIR, corpusFile } from '../support/corpus.js';

const GOOD = corpusFile('2020052221gm-00a9-0000-6f0524c7.xml');

describe('kanshi verify', () => {
  it('replays a game and checks it against its wall', async () => {
    const r = await kanshiRun(['verify', '--json', GOOD]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ file: GOOD, logId: '2020052221gm-00a9-0000-6f0524c7', seeded: true, wallMismatchCount: 0, inconsistencyCount: 0 });
  });

  it('on hostile and broken input (issue 14): one located line a file, the others go on, exit 1, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-verify-attacks-'));
    const attacks = await makeCorpusAttacks(join(dir, 'in'), CORPUS_DIR);
    copyFileSync(GOOD, join(dir, 'in', 'zz-good.xml'));
    const r = await kanshiRun(['verify', '--json', join(dir, 'in')]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { file: string; error?: string; wallMismatchCount?: number });
    expect(lines).toHaveLength(attacks.length + 1);
    for (const a of attacks) {
      const line = lines.find((l) => l.file === a.path)!;
      if (a.expect === 'read') expect(line).toMatchObject({ inconsistencyCount: 0 });
      else expect(line.error).toMatch(/^(byte \d+|line \d+( column \d+)?|tag \d+( <\w+>)?|log\[\d+\]|gzip stream): ./);
    }
    expect(lines.find((l) => l.file.endsWith('go-type-3-players.xml'))?.error).toMatch(/^tag 4 <INIT>: attribute hai3 deals a hand to a fourth seat/);
    expect(lines.at(-1)).toMatchObject({ file: join(dir, 'in', 'zz-good.xml'), wallMismatchCount: 0 });
    // The text form: the refusals on stderr, one line each, then the totals.
    const text = await kanshiRun(['verify', join(dir, 'in')]);
    expect(text.code).toBe(1);
    const refused = attacks.filter((a) => a.expect !== 'read').length;
    expect(text.stderr).toMatch(new RegExp(`2 games: .*; ${refused} unreadable\\n$`));
    expect(text.stderr).toMatch(/nested-elements-150\.xml: line 1 column 113: elements nested more than 32 deep, the limit \(--max-depth raises it\)/);
    expect(text.stdout).toMatch(/^ok {2}.*zz-good\.xml/m);
  }, 60_000);

  it('takes the limit flags', async () => {
    const r = await kanshiRun(['verify', GOOD, '--max-events', '500']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/: tag 500 <\w+>: the log has more than 500 tags, the limit \(--max-events raises it\)/);
    expect((await kanshiRun(['verify', GOOD, '--max-events', '5000'])).code).toBe(0);
  });
});
