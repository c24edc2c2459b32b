/**
 * Seeded random hands for tests and benchmarks: complete hands built from groups (so every form is
 * reachable, including hands made of one suit, seven pairs and thirteen orphans), and tenpai hands
 * made from them by taking one tile away (the removed kind is always a wait).
 */
import { ORPHAN_KINDS, isThreePlayerKind, type TileKind } from '../../src/tiles/index.js';

/** A seeded generator of floats in [0, 1) (mulberry32): same seed, same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SampleForm = 'standard' | 'seven-pairs' | 'thirteen-orphans';

/** A meld made before the sampled hand: a run (chi), a triplet (pon) or a kan, by lowest kind. */
export interface SampleMeld {
  shape: 'run' | 'triplet' | 'kan';
  first: TileKind;
}

export interface SampleOptions {
  form?: SampleForm;
  /** Melds already made (standard form only): 0..4. */
  melds?: number;
  /** The shapes those melds are drawn from (default: run, triplet, kan); `['kan']` for a riichi hand's ankans. */
  meldShapes?: readonly SampleMeld['shape'][];
  /** Draw the concealed groups from this many suits at most (1 gives one-suit hands, rich in waits). */
  suits?: 1 | 2 | 3 | 4;
  threePlayer?: boolean;
}

export interface SampleHand {
  /** 34 counters of the concealed tiles. */
  counts: number[];
  melds: SampleMeld[];
}

/** A random complete hand (14 concealed tiles, 3 fewer per meld). */
export function randomCompleteHand(random: () => number, options: SampleOptions = {}): SampleHand {
  const form = options.form ?? 'standard';
  for (let tries = 0; tries < 100_000; tries++) {
    const hand =
      form === 'seven-pairs'
        ? trySevenPairs(random, options)
        : form === 'thirteen-orphans'
          ? tryThirteenOrphans(random)
          : tryStandard(random, options);
    if (hand) return hand;
  }
  throw new Error(`no ${form} hand fits ${JSON.stringify(options)}`);
}

/** A random tenpai hand: a complete hand minus one random concealed tile. */
export function randomTenpaiHand(random: () => number, options: SampleOptions = {}): SampleHand {
  const hand = randomCompleteHand(random, options);
  const tiles: TileKind[] = [];
  hand.counts.forEach((n, k) => {
    for (let i = 0; i < n; i++) tiles.push(k);
  });
  hand.counts[tiles[Math.floor(random() * tiles.length)]]--;
  return hand;
}

const FULL_POOL = Array.from({ length: 34 }, () => 4);
const THREE_PLAYER_POOL = Array.from({ length: 34 }, (_, k) => (isThreePlayerKind(k) ? 4 : 0));

/** The tiles left to draw from: a fresh copy for each try (a sampler makes millions of tries). */
function pool(threePlayer: boolean | undefined): number[] {
  return (threePlayer ? THREE_PLAYER_POOL : FULL_POOL).slice();
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** A random subset of `n` suits (Fisher-Yates, so the order does not depend on the engine's sort). */
function someSuits(random: () => number, n: number): number[] {
  const suits = [0, 1, 2, 3];
  for (let i = 3; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [suits[i], suits[j]] = [suits[j], suits[i]];
  }
  return suits.slice(0, n);
}

const KINDS_OF_SUITS = new Map<string, readonly TileKind[]>();

/** The kinds of the suits, in their order (made once per list of suits: a sampler asks on every try). */
function kindsOfSuits(suits: readonly number[]): readonly TileKind[] {
  const key = suits.join();
  let kinds = KINDS_OF_SUITS.get(key);
  if (!kinds) {
    kinds = suits.flatMap((s) => Array.from({ length: s === 3 ? 7 : 9 }, (_, i) => s * 9 + i));
    KINDS_OF_SUITS.set(key, kinds);
  }
  return kinds;
}

/** Takes `shape` at `first` out of `left` into `counts` (when counts is given); false if it does not fit. */
function take(left: number[], counts: number[] | null, shape: 'pair' | 'run' | 'triplet' | 'kan', first: TileKind): boolean {
  if (shape === 'run') {
    if (first >= 27 || first % 9 > 6) return false;
    if (left[first] < 1 || left[first + 1] < 1 || left[first + 2] < 1) return false;
    for (let i = 0; i < 3; i++) {
      left[first + i]--;
      if (counts) counts[first + i]++;
    }
    return true;
  }
  const n = shape === 'pair' ? 2 : shape === 'triplet' ? 3 : 4;
  if (left[first] < n) return false;
  left[first] -= n;
  if (counts) counts[first] += n;
  return true;
}

const MELD_SHAPES: readonly SampleMeld['shape'][] = ['run', 'triplet', 'kan'];

function tryStandard(random: () => number, options: SampleOptions): SampleHand | null {
  const left = pool(options.threePlayer);
  const counts = new Array<number>(34).fill(0);
  const meldCount = options.melds ?? 0;
  const melds: SampleMeld[] = [];
  const all = kindsOfSuits([0, 1, 2, 3]);
  const shapes = options.meldShapes ?? MELD_SHAPES;
  for (let i = 0; i < meldCount; i++) {
    const shape = pick(random, shapes);
    const first = pick(random, all);
    if (!take(left, null, shape, first)) return null;
    melds.push({ shape, first });
  }
  const kinds = kindsOfSuits(someSuits(random, options.suits ?? 4));
  for (let i = meldCount; i < 4; i++) {
    // Runs are likelier than triplets in real hands, and make the interesting waits.
    const shape = random() < 0.6 ? 'run' : 'triplet';
    if (!take(left, counts, shape, pick(random, kinds))) return null;
  }
  if (!take(left, counts, 'pair', pick(random, kinds))) return null;
  return { counts, melds };
}

function trySevenPairs(random: () => number, options: SampleOptions): SampleHand | null {
  const left = pool(options.threePlayer);
  const counts = new Array<number>(34).fill(0);
  const kinds = kindsOfSuits(someSuits(random, options.suits ?? 4));
  let pairs = 0;
  for (let tries = 0; pairs < 7 && tries < 200; tries++) {
    const k = pick(random, kinds);
    if (counts[k] === 0 && take(left, counts, 'pair', k)) pairs++;
  }
  return pairs === 7 ? { counts, melds: [] } : null;
}

function tryThirteenOrphans(random: () => number): SampleHand {
  const counts = new Array<number>(34).fill(0);
  for (const k of ORPHAN_KINDS) counts[k] = 1;
  counts[pick(random, ORPHAN_KINDS)]++;
  return { counts, melds: [] };
}
