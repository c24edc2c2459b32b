/**
 * The scorer's speed on the corpus, one core: every win scored (µs a win, wins a second), with and
 * without building its input from the table, and every drawn hand; and the cost a game of the corpus
 * (the audit's budget is 1.0 ms CPU a game, of which the scorer should take well under 0.1 ms).
 * Logs are parsed and their hands played on tables once, before anything is timed.
 * Run: npm run build && node dist/bench/score.js [runs]
 */
import { readFileSync } from 'node:fs';
import type { GameLog, RyuukyokuEvent } from '../src/events/index.js';
import { parseLog } from '../src/ingest/index.js';
import { resolveRules } from '../src/rules/index.js';
import { compareWithLog, scoreDraw, scoreHandWins, type ScoreRules, type WinInput } from '../src/score/index.js';
import { drawInputOf, tableWinInputs } from '../src/replay/index.js';
import { Table } from '../src/table/index.js';
import { corpusLogFiles, median } from './corpus.js';

const runs = Number(process.argv[2] ?? 7);
const rules: ScoreRules = resolveRules({ profile: 'tenhou' });

interface PlayedHand {
  table: Table;
  rule: GameLog['rule'];
  format: GameLog['format'];
  draw: RyuukyokuEvent | null;
}

const files = corpusLogFiles();
const hands: PlayedHand[] = [];
for (const file of files) {
  const game = parseLog(readFileSync(file), { file });
  for (let i = 0; i < game.hands.length; i++) {
    const events = game.hands[i].events;
    const start = events[0];
    if (start?.type !== 'roundStart') continue;
    const table = new Table(start, { hand: i + 1, players: game.rule.playerCount, redFives: game.rule.redFives });
    let draw: RyuukyokuEvent | null = null;
    for (let e = 1; e < events.length; e++) {
      const ev = events[e];
      table.apply(ev, e);
      if (ev.type === 'ryuukyoku') draw = ev;
    }
    hands.push({ table, rule: game.rule, format: game.format, draw });
  }
}
const withWins = hands.filter((h) => h.table.wins.length > 0);
const inputs: WinInput[][] = withWins.map((h) => tableWinInputs(h.table, rules, h.rule));
const winCount = inputs.reduce((n, list) => n + list.length, 0);
const draws = hands.filter((h) => h.draw !== null);

/** Runs `fn` `runs` times (after one warm-up run) and gives the median CPU microseconds of one run. */
function cpuMicros(fn: () => void): { median: number; min: number } {
  fn();
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const before = process.cpuUsage();
    fn();
    const used = process.cpuUsage(before);
    times.push(used.user + used.system);
  }
  return { median: median(times), min: Math.min(...times) };
}

function report(label: string, micros: { median: number; min: number }, count: number, unit: string): void {
  const per = micros.median / count;
  process.stdout.write(
    `${label.padEnd(40)} ${per.toFixed(2).padStart(7)} µs/${unit}  ${((count / micros.median) * 1e6).toFixed(0).padStart(8)} ${unit}s/s  (min ${(micros.min / count).toFixed(2)} µs, ${runs} runs, ${count} ${unit}s)\n`,
  );
}

let sink = 0;
process.stdout.write(`corpus: ${files.length} games, ${hands.length} hands, ${winCount} wins, ${draws.length} drawn hands\n`);
const scoring = cpuMicros(() => {
  for (const list of inputs) sink += scoreHandWins(list, rules)[0].points;
});
report('score (input built)', scoring, winCount, 'win');
const withInputs = cpuMicros(() => {
  for (const h of withWins) sink += scoreHandWins(tableWinInputs(h.table, rules, h.rule), rules)[0].points;
});
report('table → input → score', withInputs, winCount, 'win');
const scored = inputs.map((list) => scoreHandWins(list, rules));
const comparing = cpuMicros(() => {
  for (let h = 0; h < withWins.length; h++) {
    const wins = withWins[h].table.wins;
    for (let i = 0; i < wins.length; i++) sink += compareWithLog(wins[i].event, scored[h][i], { format: withWins[h].format, players: withWins[h].rule.playerCount }).length;
  }
});
report('compare with the log', comparing, winCount, 'win');
const drawing = cpuMicros(() => {
  for (const h of draws) sink += scoreDraw(drawInputOf(h.table, h.draw!), rules).deltas[0];
});
report('drawn hand (tenpai, nagashi, payments)', drawing, draws.length, 'draw');
const perGame = (withInputs.median + drawing.median) / files.length;
process.stdout.write(`scorer per game (wins and drawn hands)    ${(perGame / 1000).toFixed(4)} ms CPU/game  (${files.length} games)\n`);
const withCompare = perGame + comparing.median / files.length;
process.stdout.write(`  and comparing every win with the log    ${(withCompare / 1000).toFixed(4)} ms CPU/game\n`);
if (sink === 0.5) process.stdout.write('\n');
