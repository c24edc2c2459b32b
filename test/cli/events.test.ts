import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCorpusAttacks, type AttackFile } from '../../bench/fuzz-inputs.js';
import { kanshiInProcess } from '../support/in-process.js';
import { CORPUS_DIR, corpusFile } from '../support/corpus.js';

let attacks: AttackFile[];

beforeAll(async () => {
  attacks = await makeCorpusAttacks(mkdtempSync(join(tmpdir(), 'kanshi-events-attacks-')), CORPUS_DIR);
}, 60_000);

describe('kanshi events on hostile and broken input (issue 14)', () => {
  it('each attack: one line on stderr naming the file and where, nothing on stdout, exit 1, no stack trace', async () => {
    for (const a of attacks) {
      const r = await kanshiInProcess('events', a.path);
      if (a.expect === 'read') {
        expect(r.code).toBe(0);
        continue;
      }
      expect(r.code, a.name).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(r.stderr.startsWith(`kanshi: ${a.path}: `)).toBe(true);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    }
  }, 60_000);

  it('takes the limit flags', async () => {
    const file = corpusFile('2019021004gm-00a9-0000-e2f6516d.json');
    const r = await kanshiInProcess('events', file, '--max-hands', '2');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`kanshi: ${file}: log[2]: the game has more than 2 hands, the limit (--max-hands raises it)\n`);
    expect((await kanshiInProcess('events', file, '--max-hands', '20', '--hand', '1')).code).toBe(0);
  });
});
