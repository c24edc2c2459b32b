/**
 * docs/scoring.md §6 lists every disagreement `kanshi audit` reports on ../shared/corpus/platforms, with
 * whose error each is. This test audits the files as the audit does (each under its platform's profile)
 * and compares its findings with the table row by row, so the table stays true; and no row may be kanshi's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditGame, brokenAudit, ruleSetFor } from '../../src/audit/index.js';
import { readLogFile } from '../../src/ingest/index.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { PLATFORMS_DIR, requireCorpus } from '../support/corpus.js';

/** Findings that say a log is right (a legal chankan, a four-kan abort where the rule calls for it). */
const AGREEING = new Set(['chankan-win', 'suukaikan-abort']);

interface Row {
  file: string;
  hand: string;
  finding: string;
  whose: string;
}

/** The table of §6 (after its marker comment), one row per file (a `{a, b}` group of files expanded). */
function documented(): Row[] {
  const text = readFileSync(join(PROJECT_ROOT, 'docs', 'scoring.md'), 'utf8');
  const start = text.indexOf('<!-- platform-disagreements');
  expect(start, 'docs/scoring.md has the platform-disagreements table').toBeGreaterThan(0);
  const rows: Row[] = [];
  for (const line of text.slice(start).split('\n').slice(3)) {
    if (!line.startsWith('|')) break;
    const [file, hand, finding, whose] = line.split('|').slice(1, 5).map((c) => c.trim());
    const group = /^(.*)\{([^}]*)\}(.*)$/.exec(file);
    const files = group ? group[2].split(',').map((part) => `${group[1]}${part.trim()}${group[3]}`) : [file];
    for (const f of files) rows.push({ file: f, hand, finding, whose });
  }
  return rows;
}

/** What the audit reports, as the table writes it: one row per file, hand and kind (score components listed). */
function audited(): string[] {
  const set = ruleSetFor({});
  const rows = new Map<string, Set<string>>();
  for (const name of readdirSync(join(PLATFORMS_DIR, 'logs')).sort()) {
    const file = join(PLATFORMS_DIR, 'logs', name);
    let findings;
    try {
      const game = readLogFile(file);
      findings = auditGame(file, '', game, set).findings;
    } catch (err) {
      findings = brokenAudit(file, '', err, set).findings;
    }
    for (const f of findings) {
      if (AGREEING.has(f.kind)) continue;
      const key = `${name} | ${f.hand ?? '–'} | ${f.kind}`;
      const parts = rows.get(key) ?? new Set<string>();
      if (f.kind === 'score-mismatch') parts.add(String(f.details.component));
      if (f.kind === 'replay-inconsistency') parts.add(f.details.what);
      rows.set(key, parts);
    }
  }
  return [...rows].map(([key, parts]) => (parts.size > 0 ? `${key}: ${[...parts].sort().join(', ')}` : key)).sort();
}

describe('docs/scoring.md §6: every disagreement on the platform logs', () => {
  it('lists exactly what the audit reports there, file by file and hand by hand', () => {
    requireCorpus();
    const docs = documented()
      .map((r) => `${r.file} | ${r.hand} | ${r.finding}`)
      .sort();
    expect(docs).toEqual(audited());
  });

  it("names whose each is, and none is kanshi's", () => {
    const rows = documented();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.whose, r.file).not.toBe('');
      expect(r.whose.toLowerCase(), r.file).not.toContain('kanshi');
    }
  });
});
