/**
 * The quick run of the fuzz test (bench/fuzz.ts; the long one is `npm run fuzz -- --count 20000`): a few
 * hundred seeded mutants of the corpus and every resource attack, read by the worker as `kanshi audit`
 * reads them and by the built CLI's info, verify and audit.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';

interface Counts {
  read: number;
  flagged: number;
  refused: number;
  'audit-error': number;
  crash: number;
  oom: number;
  hang: number;
}

interface FuzzReport {
  count: number;
  byClass: Record<string, Counts>;
  outcomes: Counts;
  unaccounted: number;
  unlocated: number;
  expectationMisses: number;
  peakRssMB: number;
  attacks: { name: string; outcome: string; detail: string }[];
  cli: { command: string; files: number; unaccounted: number; disagreements: number; stackTraces: number; badExit: number; auditErrors: number }[];
  failures: string[];
  ok: boolean;
}

describe('fuzz (quick run)', () => {
  it('600 mutants and the attacks: no crash, hang or audit-error; each input one result or a located refusal, in the worker and in the CLI', () => {
    const r = spawnSync(process.execPath, [join(PROJECT_ROOT, 'dist', 'bench', 'fuzz.js'), '--count', '600', '--seed', '14', '--json'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const report = JSON.parse(r.stdout) as FuzzReport;
    expect(report.failures).toEqual([]);
    expect(report.ok).toBe(true);
    expect(r.status).toBe(0);
    expect(report.count).toBe(600);
    const o = report.outcomes;
    expect({ auditError: o['audit-error'], crash: o.crash, oom: o.oom, hang: o.hang }).toEqual({ auditError: 0, crash: 0, oom: 0, hang: 0 });
    expect(o.read + o.flagged + o.refused).toBe(600);
    expect({ unaccounted: report.unaccounted, unlocated: report.unlocated, expectationMisses: report.expectationMisses }).toEqual({
      unaccounted: 0,
      unlocated: 0,
      expectationMisses: 0,
    });
    // Every mutation class was tried, and most mutants were refused or flagged (the fuzz bites).
    for (const [cls, counts] of Object.entries(report.byClass)) {
      const n = Object.values(counts).reduce((a, b) => a + b, 0);
      expect(n, cls).toBeGreaterThan(0);
    }
    expect(o.refused + o.flagged).toBeGreaterThan(400);
    // The attacks of issue 14, each refused where it goes wrong.
    const attacks = new Map(report.attacks.map((a) => [a.name, a]));
    for (const name of ['doctype-external-entity', 'nested-elements-150', 'go-type-3-players', 'json-nested-100000', 'tags-60000', 'gzip-bomb-1GB', 'gzip-text-node-200MB', 'gzip-draws-21M']) {
      expect(attacks.get(name)?.outcome, name).toBe('refused');
    }
    expect(attacks.get('gzip-bomb-1GB')?.detail).toMatch(/^gzip stream: the log decompresses to more than 16,777,216 bytes/);
    for (const c of report.cli) {
      expect(c, c.command).toMatchObject({ files: 600, unaccounted: 0, disagreements: 0, stackTraces: 0, badExit: 0, auditErrors: 0 });
    }
    expect(report.peakRssMB).toBeLessThan(1024);
  });
});
