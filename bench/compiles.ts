/**
 * Sums V8's optimizing-compiler trace: reads the output of `node --trace-opt --trace-file-names …` on
 * stdin and prints how many TurboFan compiles there were, the time they took, and the functions compiled
 * more than once (after a deopt, or because their optimized code was dropped). A function compiled again
 * after every full collection is usually a closure made anew per call (docs/PERFORMANCE.md §1, §3).
 * Run: node --trace-opt --trace-file-names dist/src/cli/main.js audit DIR --workers 0 --force --no-progress \
 *        --db /tmp/c.sqlite | node dist/bench/compiles.js [--all]
 */
import { createInterface } from 'node:readline';

interface Compiled {
  name: string;
  count: number;
  ms: number;
}

const all = process.argv.includes('--all');
// [completed compiling 0x… <JSFunction NAME <file:///…/x.js> (sfi = 0x…)> (target TURBOFAN) - took A, B, C ms]
const COMPLETED = /^\[completed compiling 0x[0-9a-f]+ <JSFunction (.*?) ?<([^>]+)> \(sfi = (0x[0-9a-f]+)\)> \(target TURBOFAN\) - took ([\d.]+), ([\d.]+), ([\d.]+) ms/;

const bySfi = new Map<string, Compiled>();
let compiles = 0;
let ms = 0;
let repeatMs = 0;
let repeats = 0;
let collections = 0;

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line.includes('Mark-Compact')) collections++;
  const m = COMPLETED.exec(line);
  if (!m) continue;
  const [, fn, file, sfi] = m;
  const took = Number(m[4]) + Number(m[5]) + Number(m[6]);
  compiles++;
  ms += took;
  const where = file.includes('/dist/') ? file.slice(file.indexOf('/dist/') + 6) : file;
  const entry = bySfi.get(sfi);
  if (entry) {
    entry.count++;
    entry.ms += took;
    repeats++;
    repeatMs += took;
  } else {
    bySfi.set(sfi, { name: `${fn || '(anonymous)'} ${where}`, count: 1, ms: took });
  }
}

if (compiles === 0) {
  process.stderr.write('no TurboFan compiles on stdin: run node with --trace-opt --trace-file-names and pipe its stdout here\n');
  process.exit(2);
}
console.log(`${compiles} compiles of ${bySfi.size} functions, ${ms.toFixed(0)} ms; ${repeats} compiles again, ${repeatMs.toFixed(0)} ms`);
if (collections > 0) console.log(`${collections} full collections (Mark-Compact lines, with --trace-gc)`);
const shown = [...bySfi.values()].filter((c) => all || c.count > 1).sort((a, b) => b.ms - a.ms);
for (const c of shown) console.log(`${String(c.count).padStart(4)} ${c.ms.toFixed(1).padStart(8)} ms  ${c.name}`);
