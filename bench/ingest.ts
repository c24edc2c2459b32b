/**
 * Ingest throughput on the corpus, one core: the read+gunzip floor, then bytes → GameLog.
 * Run: npm run build && node dist/bench/ingest.js [runs]
 */
import { readFileSync } from 'node:fs';
import { bytesToText, parseLog } from '../src/ingest/index.js';
import { corpusLogFiles, measure } from './corpus.js';

const runs = Number(process.argv[2] ?? 5);
const files = corpusLogFiles();
const bytes = files.map((f) => readFileSync(f));

measure('read + gunzip (floor)', files.length, runs, () => {
  for (const f of files) bytesToText(readFileSync(f));
});
measure('ingest (bytes → events)', files.length, runs, () => {
  for (let i = 0; i < bytes.length; i++) parseLog(bytes[i], { file: files[i] });
});
