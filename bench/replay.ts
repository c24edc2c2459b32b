/**
 * Replay + verify throughput on the corpus, one core: GameLogs parsed once, then replayed with the
 * wall rebuilt from each seed and every tile checked.
 * Run: npm run build && node dist/bench/replay.js [runs]
 */
import { readFileSync } from 'node:fs';
import { parseLog } from '../src/ingest/index.js';
import { replayGame } from '../src/replay/index.js';
import { defaultRules } from '../src/rules/index.js';
import { corpusLogFiles, measure } from './corpus.js';

const runs = Number(process.argv[2] ?? 5);
const files = corpusLogFiles();
const games = files.map((f) => parseLog(readFileSync(f), { file: f }));

measure('replay + verify (events → result)', games.length, runs, () => {
  for (const g of games) replayGame(g, defaultRules());
});
measure('ingest + replay + verify', games.length, Math.max(1, runs - 2), () => {
  for (const f of files) replayGame(parseLog(readFileSync(f), { file: f }), defaultRules());
});
