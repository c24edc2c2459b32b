/**
 * Names callgrind's anonymous JIT addresses: reads `callgrind_annotate` output on stdin and a V8 perf map
 * (/tmp/perf-PID.map, written by `node --perf-basic-prof`), and prints the same lines with each
 * `???:0x…` replaced by the JavaScript function whose code holds that address. Addresses in no map entry
 * (WebAssembly code, or code V8 has already thrown away) stay as they were. docs/PERFORMANCE.md has the
 * whole recipe.
 * Run: callgrind_annotate callgrind.out | node dist/bench/jit-names.js /tmp/perf-PID.map
 */
import { readFileSync } from 'node:fs';

interface Entry {
  start: number;
  end: number;
  name: string;
}

const mapFile = process.argv[2];
if (!mapFile) {
  process.stderr.write('usage: callgrind_annotate FILE | node dist/bench/jit-names.js /tmp/perf-PID.map\n');
  process.exit(2);
}

const entries: Entry[] = [];
for (const line of readFileSync(mapFile, 'utf8').split('\n')) {
  const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
  if (m) {
    const start = parseInt(m[1], 16);
    entries.push({ start, end: start + parseInt(m[2], 16), name: m[3] });
  }
}
entries.sort((a, b) => a.start - b.start);

/** The entry holding `address`; of code moved or rebuilt at the same place, the last one mapped. */
function lookup(address: number): Entry | undefined {
  let lo = 0;
  let hi = entries.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid].start <= address) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  for (let i = found; i >= 0 && i > found - 64; i--) if (address < entries[i].end) return entries[i];
  return undefined;
}

const input = readFileSync(0, 'utf8');
process.stdout.write(
  input.replace(/\?\?\?:0x([0-9a-f]+) \[\?\?\?\]/g, (whole, hex: string) => {
    const entry = lookup(parseInt(hex, 16));
    return entry ? `[JIT] ${entry.name}` : whole;
  }),
);
