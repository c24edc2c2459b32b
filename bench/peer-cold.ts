/**
 * A peer as a user runs it: one process, started for this, one pass over folders of logs, every file read
 * once. `parse` is @kobalab/tenhou-log's converter alone; `score` is that plus bench/peer-score.ts's replay
 * and majiang-core re-score of every win. Both take the four-player mjlog files (the others are read and
 * passed over, as a user's script would) and run on plain Node: none of kanshi's V8 settings.
 *
 * Prints one JSON line: the games done, the files refused, this process's CPU (start-up included, every
 * thread) and peak RSS. The wall time is the parent's (bench/run.ts), the process start included.
 *
 *   node dist/bench/peer-cold.js parse|score DIR...
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fourPlayerMjlogText, scorePeerGame, type ScorePeerPass } from './peer-score.js';

export interface PeerColdResult {
  games: number;
  refused: number;
  wins: number;
  agree: number;
  cpuSeconds: number;
  peakRssMB: number;
}

/** Every file under the folders, in name order (the bench's long batch is a folder of folders). */
function filesUnder(dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(path);
    }
  };
  for (const dir of dirs) walk(dir);
  return out;
}

function main(): void {
  const [mode, ...dirs] = process.argv.slice(2);
  if ((mode !== 'parse' && mode !== 'score') || dirs.length === 0) {
    process.stderr.write('usage: node dist/bench/peer-cold.js parse|score DIR...\n');
    process.exit(2);
  }
  const require = createRequire(import.meta.url);
  const convlog = require('@kobalab/tenhou-log') as (xml: string, id: string) => unknown;
  const out: ScorePeerPass = { games: 0, refused: 0, wins: 0, agree: 0, disagreements: [] };
  for (const file of filesUnder(dirs)) {
    const text = fourPlayerMjlogText(file);
    if (text === null) continue;
    if (mode === 'score') {
      scorePeerGame(text, file, out);
      continue;
    }
    try {
      convlog(text, file);
      out.games++;
    } catch {
      out.refused++;
    }
  }
  const cpu = process.cpuUsage();
  const result: PeerColdResult = {
    games: out.games,
    refused: out.refused,
    wins: out.wins,
    agree: out.agree,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main();
