/**
 * `kanshi audit --help` names the keys of the --json summary as the summary spells them (issue 34: it named
 * seven that the summary spells otherwise: skipped, duplicateFiles, notLogFiles, otherShardFiles,
 * passedOverSeverities, judgedSeverities, notLogExtensions).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kanshiRun } from '../support/in-process.js';
import { corpusFile } from '../support/corpus.js';

describe('kanshi audit --help', () => {
  it('names only keys the --json summary has', async () => {
    const help = (await kanshiRun(['audit', '--help'])).stdout;
    // The sentences of the text after the options that speak of --json, joined across the help's line breaks.
    const sentences = help
      .slice(help.indexOf('Each game is replayed'))
      .replace(/\s*\n\s*/g, ' ')
      .split(/(?<=\.) /)
      .filter((s) => s.includes('--json'));
    const named = new Set(sentences.flatMap((s) => s.match(/\b[a-z]+(?:[A-Z][a-z]+)+\b/g) ?? []));
    expect(named.size).toBeGreaterThanOrEqual(8);
    const db = join(mkdtempSync(join(tmpdir(), 'kanshi-audit-help-')), 'a.sqlite');
    const r = await kanshiRun(['audit', corpusFile('2016052515gm-00a9-0000-c4d72066.xml'), '--db', db, '--json', '--no-progress', '--shard', '1/1']);
    expect(r.code, r.stderr).toBe(0);
    const keys = new Set(Object.keys(JSON.parse(r.stdout)));
    expect([...named].filter((k) => !keys.has(k))).toEqual([]);
  });
});
