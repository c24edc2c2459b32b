/**
 * The shared corpus audited once per test run (test/support/shared.ts), for the tests that only read the
 * result: `kanshi audit <corpus> --json` as a user runs it, by the built CLI.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kanshi } from './cli.js';
import { CORPUS_LOGS, requireCorpus } from './corpus.js';
import { sharedFolder } from './shared.js';

export interface AuditedCorpus {
  /** The database: read it only (`copyOf` for a test that writes). */
  db: string;
  /** The run's --json summary, as printed (its timing fields are the build's). */
  summary: Record<string, unknown>;
}

/** `kanshi audit <corpus> --db <db> --json` (default profile and workers), run once per test run. */
export async function auditedCorpus(): Promise<AuditedCorpus> {
  requireCorpus();
  const dir = await sharedFolder('audited-corpus', (into) => {
    const r = kanshi(['audit', CORPUS_LOGS, '--db', join(into, 'corpus.sqlite'), '--json']);
    if (r.code !== 0) throw new Error(`kanshi audit of the corpus exited ${r.code}: ${r.stderr}`);
    writeFileSync(join(into, 'summary.json'), r.stdout);
  });
  return { db: join(dir, 'corpus.sqlite'), summary: JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Record<string, unknown> };
}
