/**
 * What a record's construction costs later: round-like records (13 fields, as many as the corpus has
 * rounds) built as one object literal, against `{ ...finish(), eventCount }`, which gives every record a
 * V8 hidden class of its own (test/replay/hidden-classes.test.ts guards the real records). Times building
 * them, and reading 7 fields of each at one site, as the row builders and checks do. Each kind runs in a
 * process of its own, so neither sees the other's hidden classes at the read site.
 * Run: npm run build && node dist/bench/records.js [runs]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './corpus.js';

const RECORDS = 16_242;
const KINDS = ['literal', 'spread'] as const;
type Kind = (typeof KINDS)[number];
const runs = Number(process.argv[2] ?? 7);
const kind = process.argv[3] as Kind | undefined;

interface Round {
  index: number;
  kyoku: number;
  honba: number;
  dealer: number;
  wall: { built: boolean };
  kans: number[];
  kita: number[];
  wins: number[];
  ending: { kind: string };
  liveDraws: number;
  replacementDraws: number;
  riichi: number[];
  eventCount: number;
}

type Finished = Omit<Round, 'eventCount'>;

const BUILT = { built: true };
const ENDING = { kind: 'agari' };

function finish(i: number): Finished {
  return {
    index: i & 15, kyoku: i & 7, honba: i & 3, dealer: i & 3, wall: BUILT, kans: [], kita: [], wins: [],
    ending: ENDING, liveDraws: 60 - (i & 31), replacementDraws: i & 1, riichi: [],
  };
}

const build = {
  literal(i: number): Round {
    const f = finish(i);
    return {
      index: f.index, kyoku: f.kyoku, honba: f.honba, dealer: f.dealer, wall: f.wall, kans: f.kans, kita: f.kita,
      wins: f.wins, ending: f.ending, liveDraws: f.liveDraws, replacementDraws: f.replacementDraws, riichi: f.riichi,
      eventCount: 100 + (i & 63),
    };
  },
  spread(i: number): Round {
    return { ...finish(i), eventCount: 100 + (i & 63) };
  },
};

function readAll(records: Round[]): number {
  let sum = 0;
  for (const r of records) sum += r.index + r.kyoku + r.honba + r.dealer + r.liveDraws + r.replacementDraws + r.eventCount;
  return sum;
}

function timeIt(fn: () => void): number {
  const t = performance.now();
  fn();
  return ((performance.now() - t) * 1000) / RECORDS;
}

function measureKind(k: Kind): void {
  let sink = 0;
  const builds: number[] = [];
  const reads: number[] = [];
  let records: Round[] = [];
  for (let r = 0; r < runs; r++) {
    builds.push(timeIt(() => (records = Array.from({ length: RECORDS }, (_, i) => build[k](i)))));
    for (let n = 0; n < 5; n++) reads.push(timeIt(() => (sink += readAll(records))));
  }
  process.stdout.write(
    `${k.padEnd(8)} build ${median(builds).toFixed(3)} µs a record, read 7 fields ${median(reads).toFixed(3)} µs a record ` +
      `(medians of ${runs} and ${reads.length} passes over ${RECORDS} records)${sink === 0 ? ' ?' : ''}\n`,
  );
}

if (kind) measureKind(kind);
else for (const k of KINDS) spawnSync(process.execPath, [fileURLToPath(import.meta.url), String(runs), k], { stdio: 'inherit' });
