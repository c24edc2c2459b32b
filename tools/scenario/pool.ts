/**
 * The tile ids of one round: which are in use, which a script asked to keep, and how the builder picks
 * tiles nobody named (filler draws, indicators, isolated hands) so that they change no one's hand:
 * never a tile someone waits on, preferably a kind nobody holds or could use.
 */
import { toCounts, waits, HandError, WAITING_SIZES } from '../../src/hand/index.js';
import { kindOf, kindToString, NotationError, parseTiles, TileAllocator, type NotatedTile, type TileId, type TileKind } from '../../src/tiles/index.js';

export class ScenarioError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScenarioError';
  }
}

/** Reads notation, turning a NotationError into a ScenarioError that names the script's argument. */
export function notation(text: string, what: string): NotatedTile[] {
  try {
    return parseTiles(text);
  } catch (err) {
    if (err instanceof NotationError) throw new ScenarioError(`${what}: ${err.message}`);
    throw err;
  }
}

/** Exactly one tile in notation (`4m`, `0p`). */
export function oneTile(text: string, what: string): NotatedTile {
  const tiles = notation(text, what);
  if (tiles.length !== 1) throw new ScenarioError(`${what}: expected one tile, got "${text}"`);
  return tiles[0];
}

export function tileName(t: NotatedTile): string {
  return t.red ? `0${kindToString(t.kind).slice(1)}` : kindToString(t.kind);
}

/** How much a tile of each kind could matter to the hands (held, near a held tile, in a meld), and whose wait it is. */
function interest(hands: readonly (readonly TileId[])[], melded: readonly TileId[] = []): { waitsOf: Set<TileKind>; score: number[] } {
  const score = new Array<number>(34).fill(0);
  const waitsOf = new Set<TileKind>();
  // A pon's fourth copy makes a kakan: as interesting as a held tile.
  for (const t of melded) score[kindOf(t)] += 10;
  for (const hand of hands) {
    const kinds = hand.map(kindOf);
    for (const k of kinds) {
      score[k] += 10;
      if (k < 27) {
        for (const d of [-2, -1, 1, 2]) {
          const n = k + d;
          if (n >= 0 && Math.floor(n / 9) === Math.floor(k / 9)) score[n] += 3;
        }
      }
    }
    if (!WAITING_SIZES.includes(kinds.length)) continue;
    try {
      for (const w of waits(toCounts(kinds))) waitsOf.add(w);
    } catch (err) {
      // A hand the builder was told to leave broken (an escape hatch) has no waits to protect.
      if (!(err instanceof HandError)) throw err;
    }
  }
  return { waitsOf, score };
}

export class TilePool {
  /** Which ids are given: src/tiles' allocator, red fives only when written `0`. */
  private readonly ids: TileAllocator;
  private readonly reserved = new Array<number>(34).fill(0);

  constructor(private readonly redFives: boolean) {
    this.ids = new TileAllocator(redFives ? 7 : 0);
  }

  isUsed(tile: TileId): boolean {
    return this.ids.isUsed(tile);
  }

  /** Marks a tile taken (dealt, drawn, shown as an indicator); a tile is never taken twice. */
  mark(tile: TileId, what: string): TileId {
    if (this.ids.isUsed(tile)) throw new ScenarioError(`${what}: tile ${tile} is already in play this round`);
    this.ids.mark(tile);
    return tile;
  }

  private freePlain(kind: TileKind): TileId[] {
    return this.ids.freePlain(kind);
  }

  /**
   * Keeps copies for the script: the filler always leaves at least this many copies of each kind named
   * (one `9p` keeps the last 9p for a script that draws it late). Named tiles can always be taken.
   */
  reserve(text: string): void {
    for (const t of notation(text, 'reserve')) this.reserved[t.kind]++;
  }

  /** The id for a tile named in notation: the red five for `0`, otherwise the lowest free plain copy. */
  take(t: NotatedTile, what: string): TileId {
    if (t.red) {
      if (!this.redFives) throw new ScenarioError(`${what}: ${tileName(t)} asks for a red five, but this game has none (GO type bit 2)`);
      return this.mark(t.kind * 4, what);
    }
    const id = this.ids.take(t.kind, false);
    if (id < 0) {
      const more = this.ids.hasRedFive(t.kind) ? ` (the fourth copy is the red five: write 0${kindToString(t.kind).slice(1)})` : '';
      throw new ScenarioError(`${what}: no copy of ${tileName(t)} is left: all are dealt, drawn or shown${more}; a kind has only four`);
    }
    return id;
  }

  /**
   * A tile nobody named, that matters to no one: never a wait of any concealed hand, never a reserved
   * copy, and of the kinds left the one the hands and melds are least interested in (honours and
   * far-away numbers first).
   */
  pickFiller(hands: readonly (readonly TileId[])[], melded: readonly TileId[], what: string): TileId {
    const { waitsOf, score } = interest(hands, melded);
    let best: { kind: TileKind; score: number; free: number } | null = null;
    for (let kind = 0; kind < 34; kind++) {
      if (waitsOf.has(kind)) continue;
      const free = this.freePlain(kind).length - this.reserved[kind];
      if (free <= 0) continue;
      if (!best || score[kind] < best.score || (score[kind] === best.score && free > best.free)) best = { kind, score: score[kind], free };
    }
    if (!best) throw new ScenarioError(`${what}: no tile is left that is not someone's wait or reserved`);
    return this.mark(this.freePlain(best.kind)[0], what);
  }

  /**
   * Completes `start` to thirteen tiles for a hand the script left open: kinds as far apart as possible (no
   * pair, no two within two steps), avoiding what the other hands hold, so the added tiles give no one anything.
   */
  isolatedHand(others: readonly (readonly TileId[])[], start: readonly TileId[], what: string): TileId[] {
    const { score } = interest(others);
    const hand: TileId[] = [...start];
    while (hand.length < 13) {
      const mine = interest([hand]).score;
      let best: { kind: TileKind; score: number } | null = null;
      for (let kind = 0; kind < 34; kind++) {
        const free = this.freePlain(kind).length - this.reserved[kind];
        if (free <= 0) continue;
        const s = score[kind] + 100 * mine[kind];
        if (!best || s < best.score) best = { kind, score: s };
      }
      if (!best) throw new ScenarioError(`${what}: not enough tiles left to deal`);
      hand.push(this.mark(this.freePlain(best.kind)[0], what));
    }
    return hand.sort((a, b) => a - b);
  }
}
