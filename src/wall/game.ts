/**
 * The walls of one game. SHUFFLE seeds give one MT19937 stream per game: each round (each INIT, in file
 * order, honba repeats included) takes the next 288 outputs, so rounds are built lazily, in order, and
 * kept. Old logs seed every INIT on its own (`shuffle` attribute): see `initShuffleWall`.
 */
import { Mt19937 } from './mt19937.js';
import { WallError } from './errors.js';
import { parseSeed, type BuildableSeed, type ParsedSeed } from './seed.js';
import type { HandWall } from './layout.js';
import { checkPlayers, type Players } from './players.js';
import { nextHandWall } from './shuffle.js';
import { WasmWallStream } from './wasm.js';

/**
 * How walls are computed: `wasm` (the default, the faster: docs/PERFORMANCE.md) or `js` (the reference,
 * Node's SHA-512). Both give the same walls; test/wall/wasm.test.ts proves it on every seed of the corpus.
 */
export type WallEngine = 'wasm' | 'js';

/** No real game has this many rounds; a guard against runaway indices, not a rule. */
export const MAX_ROUNDS = 256;

function buildable(seed: string | ParsedSeed): BuildableSeed {
  const parsed = typeof seed === 'string' ? parseSeed(seed) : seed;
  if (!parsed.buildable) throw new WallError(`no wall can be built: ${parsed.reason}`, 'no-wall');
  return parsed;
}

export class GameWalls {
  readonly players: Players;
  readonly seed: BuildableSeed;
  private readonly next: () => HandWall;
  private readonly walls: HandWall[] = [];

  /** Throws WallError for a malformed seed, a log without one, or a per-INIT seed (its walls are per round). */
  constructor(seed: string | ParsedSeed, players: Players, engine: WallEngine = 'wasm') {
    checkPlayers(players);
    this.seed = buildable(seed);
    if (this.seed.stream !== 'game') {
      throw new WallError(`${this.seed.scheme} seeds belong to one INIT each: build them with initShuffleWall`, 'no-wall');
    }
    this.players = players;
    const recipe = this.seed;
    if (engine === 'wasm') {
      const stream = new WasmWallStream(recipe.key, players, recipe.hashed, recipe.era);
      this.next = () => stream.next();
    } else {
      const mt = Mt19937.fromKey(recipe.key);
      this.next = () => nextHandWall(mt, players, recipe);
    }
  }

  /** How many rounds have been built so far. */
  get built(): number {
    return this.walls.length;
  }

  /** The wall of round `i` (0 = the game's first INIT), building rounds up to `i` from the stream. */
  round(i: number): HandWall {
    if (!Number.isInteger(i) || i < 0 || i >= MAX_ROUNDS) {
      throw new WallError(`round index must be an integer 0..${MAX_ROUNDS - 1}, got ${i}`, 'bad-argument');
    }
    while (this.walls.length <= i) this.walls.push(this.next());
    return this.walls[i];
  }

  /** Rounds 0, 1, 2, … (up to MAX_ROUNDS); stop when the log's rounds end. */
  *[Symbol.iterator](): Generator<HandWall> {
    for (let i = 0; i < MAX_ROUNDS; i++) yield this.round(i);
  }
}

/** The walls of a game from its SHUFFLE seed text (or an already parsed seed). */
export function gameWalls(seed: string | ParsedSeed, players: Players, engine: WallEngine = 'wasm'): GameWalls {
  return new GameWalls(seed, players, engine);
}

/** One round's wall from an old log's INIT `shuffle` attribute (`mt19937ar,<hex words>`): its own fresh stream. */
export function initShuffleWall(shuffle: string | ParsedSeed, players: Players, engine: WallEngine = 'wasm'): HandWall {
  checkPlayers(players);
  const seed = buildable(shuffle);
  if (seed.stream !== 'round') {
    throw new WallError(`${seed.scheme} is a whole game's seed: build its rounds with gameWalls`, 'no-wall');
  }
  if (engine === 'wasm') return new WasmWallStream(seed.key, players, seed.hashed, seed.era).next();
  return nextHandWall(Mt19937.fromKey(seed.key), players, seed);
}
