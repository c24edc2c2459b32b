/**
 * Walls per second on one core, from the corpus's base64 seeds (each game's walls built from its own
 * stream, 12 rounds a game, as a replay would), by each engine (src/wall/game.ts), plus the cost of each
 * step of the JavaScript one.
 * Build: npx tsc -p tsconfig.build.json; run: node dist/bench/wall.js [seconds per measure, default 2]
 */
import { createHash, hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeGameType } from '../src/formats/index.js';
import {
  Mt19937,
  ROUND_OUTPUTS,
  gameWalls,
  hashRoundOutputs,
  parseSeed,
  shuffleWall,
  type BuildableSeed,
  type Players,
  type WallEngine,
} from '../src/wall/index.js';

const CORPUS = resolve(process.env.KANSHI_CORPUS ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus'));
const ROUNDS_PER_GAME = 12;
const SECONDS = Number(process.argv[2] ?? 2);

interface GameSeed {
  seed: BuildableSeed;
  players: Players;
}

function loadSeeds(): GameSeed[] {
  const dir = join(CORPUS, 'logs');
  const seeds: GameSeed[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.json')) continue;
    const bytes = readFileSync(join(dir, name));
    const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
    const seedText = /<SHUFFLE seed="(mt19937ar-sha512-n288-base64,[^"]+)"/.exec(text)?.[1];
    if (!seedText) continue;
    const type = Number(/<GO type="(\d+)"/.exec(text)?.[1] ?? 0);
    const seed = parseSeed(seedText);
    if (seed.buildable) seeds.push({ seed, players: decodeGameType(type).playerCount });
  }
  return seeds;
}

/** Runs `step` (which does `per` units of work) until SECONDS have passed; returns units per second. */
function measure(per: number, step: () => void): number {
  for (let i = 0; i < 20; i++) step(); // warm-up
  let units = 0;
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(SECONDS * 1e9));
  let elapsed = 0n;
  while (elapsed < limit) {
    for (let i = 0; i < 10; i++) step();
    units += 10 * per;
    elapsed = process.hrtime.bigint() - start;
  }
  return units / (Number(elapsed) / 1e9);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const seeds = loadSeeds();
if (seeds.length === 0) {
  console.error(`no base64 seeds found under ${CORPUS}/logs (set KANSHI_CORPUS)`);
  process.exit(2);
}
const threePlayer = seeds.filter((s) => s.players === 3).length;
console.log(`wall bench: ${seeds.length} seeds from ${CORPUS} (${threePlayer} three-player), ${ROUNDS_PER_GAME} rounds a game, node ${process.version}`);

const engines: [WallEngine, string][] = [
  ['wasm', 'WebAssembly (the default)'],
  ['js', "JavaScript, Node's SHA-512"],
];
for (const [engine, label] of engines) {
  let g = 0;
  const full = measure(ROUNDS_PER_GAME, () => {
    const s = seeds[g++ % seeds.length];
    const walls = gameWalls(s.seed, s.players, engine);
    walls.round(ROUNDS_PER_GAME - 1);
  });
  console.log(`walls/s, ${label.padEnd(26)} ${fmt(full).padStart(8)}  (${(1e6 / full).toFixed(1)} µs a wall: init_by_array / 12 + 288 outputs + 9 SHA-512 + shuffle)`);
}
console.log('steps of the JavaScript engine:');

const key = seeds[0].seed.key;
const seeding = measure(1, () => Mt19937.fromKey(key));
console.log(`  init_by_array (once a game):  ${fmt(seeding)}/s  (${(1e6 / seeding).toFixed(1)} µs)`);

const mt = Mt19937.fromKey(key);
const outputs = new Uint32Array(ROUND_OUTPUTS);
const gen = measure(1, () => mt.fill(outputs, ROUND_OUTPUTS));
console.log(`  288 outputs:                  ${fmt(gen)}/s  (${(1e6 / gen).toFixed(1)} µs)`);

const rnd = new Uint32Array(144);
const hashing = measure(1, () => hashRoundOutputs(outputs, rnd));
console.log(`  9 × SHA-512:                  ${fmt(hashing)}/s  (${(1e6 / hashing).toFixed(1)} µs)`);

// The digest call itself, on one 128-byte chunk: the one-shot `hash` with a latin1 string (what
// hashRoundOutputs uses), a Buffer from it, and the streaming createHash.
const chunk = new Uint8Array(outputs.buffer, 0, 128);
const digests: [string, () => unknown][] = [
  ["hash(…, 'binary')", () => hash('sha512', chunk, 'binary')],
  ["hash(…, 'buffer')", () => hash('sha512', chunk, 'buffer')],
  ['createHash().digest()', () => createHash('sha512').update(chunk).digest()],
];
for (const [label, digest] of digests) {
  const rate = measure(1, digest);
  console.log(`    one SHA-512, ${label.padEnd(22)} ${(1e6 / rate).toFixed(2)} µs`);
}

const tiles = new Uint8Array(136);
const shuffling = measure(1, () => shuffleWall(rnd, 4, tiles));
console.log(`  shuffle:                      ${fmt(shuffling)}/s  (${(1e6 / shuffling).toFixed(2)} µs)`);
