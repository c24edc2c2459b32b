/**
 * Store throughput on the corpus: audits built once (ingest + replay + checks), then turned into rows
 * (prepareAudit, what the workers do; timed on its own), written with writeBatch in batches of 256 games
 * into a fresh database (first write), written again (the re-run of an audit: every row replaced by the
 * same row), and written under a second profile.
 * Run: npm run build && node dist/bench/store.js [runs]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditGame, contentHash, type GameAudit } from '../src/audit/index.js';
import { parseLog } from '../src/ingest/index.js';
import { ruleSet } from '../src/rules/index.js';
import { openStore, prepareAudit } from '../src/store/index.js';
import { corpusLogFiles, median } from './corpus.js';

const runs = Number(process.argv[2] ?? 3);
const BATCH = 256;

function auditsUnder(profile: string, files: string[]): GameAudit[] {
  const rules = ruleSet({ profile });
  return files.map((f) => {
    const bytes = readFileSync(f);
    return auditGame(f, contentHash(bytes), parseLog(bytes, { file: f }), rules);
  });
}

function write(file: string, audits: GameAudit[]): number {
  const store = openStore(file);
  const t = performance.now();
  for (let i = 0; i < audits.length; i += BATCH) store.writeBatch(audits.slice(i, i + BATCH));
  const seconds = (performance.now() - t) / 1000;
  store.close();
  return audits.length / seconds;
}

const files = corpusLogFiles();
const tenhou = auditsUnder('tenhou', files);
const strict = auditsUnder('pro-strict', files);

/** µs per game of prepareAudit over all audits, warm: the median of 10 passes after 3 unmeasured ones. */
function prepareMicros(audits: GameAudit[]): number[] {
  const micros: number[] = [];
  let rows = 0;
  for (let pass = 0; pass < 13; pass++) {
    const t = performance.now();
    for (const a of audits) rows += prepareAudit(a).verdicts.audit.length;
    if (pass >= 3) micros.push(((performance.now() - t) * 1000) / audits.length);
  }
  if (rows === 0) throw new Error('prepareAudit built no rows');
  return micros;
}
const prepare = prepareMicros(tenhou);
process.stdout.write(
  `${'prepareAudit (rows of one audit), warm'.padEnd(44)} ${median(prepare).toFixed(1).padStart(7)} µs a game (min ${Math.min(...prepare).toFixed(1)}, max ${Math.max(...prepare).toFixed(1)}, 10 passes)\n`,
);
const rates = { fresh: [] as number[], again: [] as number[], other: [] as number[] };
let counts: Record<string, number> = {};
for (let run = 0; run < runs; run++) {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-bench-store-'));
  const db = join(dir, 'bench.sqlite');
  rates.fresh.push(write(db, tenhou));
  rates.again.push(write(db, tenhou));
  rates.other.push(write(db, strict));
  const store = openStore(db, { readonly: true });
  counts = store.rowCounts();
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
const line = (label: string, r: number[]) =>
  process.stdout.write(`${label.padEnd(44)} ${median(r).toFixed(0).padStart(7)} games/s  (min ${Math.min(...r).toFixed(0)}, max ${Math.max(...r).toFixed(0)}, ${runs} runs, ${files.length} games, batches of ${BATCH})\n`);
line('writeBatch, fresh database', rates.fresh);
line('writeBatch, same audits again (no-op re-run)', rates.again);
line('writeBatch, same games under pro-strict', rates.other);
process.stdout.write(`rows after both profiles: ${Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(', ')}\n`);
