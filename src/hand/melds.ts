/**
 * The melds a hand has made (chi, pon, the three kans), as kinds: enough to check that a hand with its
 * melds can exist, and to say how many copies of a kind are still unseen by the player.
 *
 * Melds never change the waits (docs/kan-rules.md §3): Tenhou, like @kobalab/majiang-core, mjx and
 * Mortal, counts only the concealed tiles, so a hand waiting on a kind whose other copies are in its
 * own melds is tenpai. `copiesLeft` is for reports that want to say so.
 */
import { KIND_COUNT, isKind, kindToString, type MeldType, type TileKind } from '../tiles/index.js';
import { HandError, toCounts, waitingSize, type KindCounts } from './counts.js';

/** The meld types of `src/tiles` but kita, which is no meld of the hand. */
export type HandMeldType = Exclude<MeldType, 'kita'>;

export const HAND_MELD_TYPES: readonly HandMeldType[] = ['chi', 'pon', 'daiminkan', 'kakan', 'ankan'];

/** One meld the hand has made: its type and kind (for a chi, the run's lowest kind). */
export interface HandMeld {
  readonly type: HandMeldType;
  readonly first: TileKind;
}

/** Only an ankan keeps the hand closed: a riichi hand can have made ankans and nothing else. */
export function isOpenMeld(meld: HandMeld): boolean {
  return meld.type !== 'ankan';
}

/** The kinds of a meld's tiles: three for a chi or a pon, four for a kan. Throws HandError on a bad meld. */
export function meldKinds(meld: HandMeld): TileKind[] {
  if (!HAND_MELD_TYPES.includes(meld.type)) {
    throw new HandError(`not a meld type: ${String(meld.type)} (expected ${HAND_MELD_TYPES.join(', ')})`);
  }
  const k = meld.first;
  if (!isKind(k)) throw new HandError(`not a tile kind: ${String(k)} (expected 0..33)`);
  if (meld.type === 'chi') {
    if (k >= 27 || k % 9 > 6) throw new HandError(`a chi is a run of three numbered tiles; none starts at ${kindToString(k)}`);
    return [k, k + 1, k + 2];
  }
  return Array<TileKind>(meld.type === 'pon' ? 3 : 4).fill(k);
}

/** `chi 345p`, `ankan 2222m`. */
export function meldToString(meld: HandMeld): string {
  const kinds = meldKinds(meld);
  const suit = kindToString(kinds[0])[1];
  return `${meld.type} ${kinds.map((k) => kindToString(k)[0]).join('')}${suit}`;
}

export interface HandWithMeldsOptions {
  /** 3-player tile set: 2m..8m do not exist, and there is no chi. */
  threePlayer?: boolean;
}

/**
 * Checks a waiting hand (concealed kinds) with the melds it has made: at most four melds, 13 − 3 × melds
 * concealed tiles, no fifth copy of a kind across the hand and the melds, and (3 players) no 2m..8m and
 * no chi. Returns the concealed counts. Throws HandError.
 */
export function checkWaitingHandWithMelds(
  concealed: readonly TileKind[],
  melds: readonly HandMeld[],
  options: HandWithMeldsOptions = {},
): number[] {
  if (melds.length > 4) throw new HandError(`a hand has at most 4 melds, got ${melds.length}`);
  const size = waitingSize(melds.length);
  if (concealed.length !== size) {
    const made = melds.length === 1 ? '1 meld leaves' : `${melds.length} melds leave`;
    throw new HandError(`${made} ${size} concealed tiles, but the hand has ${concealed.length}`);
  }
  if (options.threePlayer && melds.some((m) => m.type === 'chi')) {
    throw new HandError('there is no chi in a 3-player game');
  }
  toCounts([...concealed, ...melds.flatMap(meldKinds)], options);
  return toCounts(concealed, options);
}

/** Copies of each kind in the melds: 34 counters. */
export function meldCounts(melds: readonly HandMeld[]): number[] {
  const counts = new Array<number>(KIND_COUNT).fill(0);
  for (const m of melds) for (const k of meldKinds(m)) counts[k]++;
  return counts;
}

/**
 * Copies of `kind` the player has not seen in its own hand and melds (0..4). A wait with none left is
 * still a wait on Tenhou (the hand is tenpai); only the concealed hand holding all four makes it none.
 */
export function copiesLeft(concealed: KindCounts, melds: readonly HandMeld[], kind: TileKind): number {
  return Math.max(0, 4 - concealed[kind] - meldCounts(melds)[kind]);
}
