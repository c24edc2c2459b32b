/**
 * The 16-bit meld code `m` of mjlog `N` tags (docs/formats.md §2.6), decoded and encoded.
 * Bits 0-1 are the offset from the caller to the discarder: 0 self, 1 shimocha, 2 toimen, 3 kamicha.
 */
import { kindOf, type TileId, type TileKind } from './tile.js';

export type MeldType = 'chi' | 'pon' | 'daiminkan' | 'kakan' | 'ankan' | 'kita';
export type KanType = 'ankan' | 'daiminkan' | 'kakan';

export const KAN_TYPES: readonly KanType[] = ['ankan', 'daiminkan', 'kakan'];

export function isKan(type: MeldType): type is KanType {
  return type === 'ankan' || type === 'daiminkan' || type === 'kakan';
}

export interface Meld {
  type: MeldType;
  /** All tiles of the meld, ascending (a kakan holds the pon's three and the added tile). */
  tiles: TileId[];
  /**
   * The tile taken from another player (chi, pon, daiminkan, and for a kakan the pon's called tile).
   * For an ankan or kita: the id written in the code (an ankan's copy bits carry no meaning).
   */
  called: TileId;
  /** Offset from the caller to the discarder: 0 self, 1 shimocha, 2 toimen, 3 kamicha. */
  fromOffset: number;
  /** Kakan only: the tile added to the pon. */
  added?: TileId;
}

/** The pon of a kind among a seat's melds: the one a kakan of that kind extends. */
export function ponOfKind<M extends { type: string; called: TileId }>(melds: readonly M[], kind: TileKind): M | undefined {
  for (const m of melds) if (m.type === 'pon' && kindOf(m.called) === kind) return m;
  return undefined;
}

export class MeldCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MeldCodeError';
  }
}

function chiBase(lowKind: TileKind): number {
  return Math.floor(lowKind / 9) * 7 + (lowKind % 9);
}

function chiLowKind(base21: number): TileKind {
  return Math.floor(base21 / 7) * 9 + (base21 % 7);
}

/** Decodes a meld code; throws MeldCodeError when the code names no possible meld. */
export function decodeMeld(code: number): Meld {
  if (!Number.isInteger(code) || code < 0 || code > 0xffff) {
    throw new MeldCodeError(`meld code ${code} is out of range (expected an integer 0..65535)`);
  }
  const fromOffset = code & 3;
  if (code & 0x4) {
    const x = code >> 10;
    const base21 = Math.floor(x / 3);
    const k = x % 3;
    if (base21 >= 21) throw new MeldCodeError(`chi code ${code}: sequence base ${base21} is beyond 7s-8s-9s`);
    const low = chiLowKind(base21);
    const tiles = [low * 4 + ((code >> 3) & 3), (low + 1) * 4 + ((code >> 5) & 3), (low + 2) * 4 + ((code >> 7) & 3)];
    return { type: 'chi', tiles, called: tiles[k], fromOffset };
  }
  if (code & 0x18) {
    const isPon = (code & 0x8) !== 0;
    if (isPon && code & 0x10) throw new MeldCodeError(`meld code ${code} sets both the pon and the kakan bit`);
    const y = code >> 9;
    const kind = Math.floor(y / 3);
    const k = y % 3;
    if (kind >= 34) throw new MeldCodeError(`${isPon ? 'pon' : 'kakan'} code ${code}: kind ${kind} is not a tile kind`);
    const unused = (code >> 5) & 3;
    const ponTiles: TileId[] = [];
    for (let c = 0; c < 4; c++) if (c !== unused) ponTiles.push(kind * 4 + c);
    const called = ponTiles[k];
    if (isPon) return { type: 'pon', tiles: ponTiles, called, fromOffset };
    if (fromOffset === 0) throw new MeldCodeError(`kakan code ${code}: a kakan's pon must have been called from another seat`);
    const added = kind * 4 + unused;
    return { type: 'kakan', tiles: [kind * 4, kind * 4 + 1, kind * 4 + 2, kind * 4 + 3], called, fromOffset, added };
  }
  if (code & 0x20) {
    const tile = code >> 8;
    if (tile >= 136) throw new MeldCodeError(`kita code ${code}: tile ${tile} is not a tile id`);
    return { type: 'kita', tiles: [tile], called: tile, fromOffset };
  }
  const tile = code >> 8;
  if (tile >= 136) throw new MeldCodeError(`kan code ${code}: tile ${tile} is not a tile id`);
  const kind = kindOf(tile);
  const tiles = [kind * 4, kind * 4 + 1, kind * 4 + 2, kind * 4 + 3];
  return { type: fromOffset === 0 ? 'ankan' : 'daiminkan', tiles, called: tile, fromOffset };
}

/** Encodes a meld back into its code; `decodeMeld(encodeMeld(m))` gives `m` back. */
export function encodeMeld(meld: Meld): number {
  const r = meld.fromOffset & 3;
  switch (meld.type) {
    case 'chi': {
      const tiles = [...meld.tiles].sort((a, b) => a - b);
      const low = kindOf(tiles[0]);
      const k = tiles.indexOf(meld.called);
      if (k < 0) throw new MeldCodeError('chi: the called tile is not one of its tiles');
      let code = ((chiBase(low) * 3 + k) << 10) | 0x4 | r;
      tiles.forEach((t, i) => (code |= (t & 3) << (3 + 2 * i)));
      return code;
    }
    case 'pon':
    case 'kakan': {
      const kind = kindOf(meld.called);
      const ponTiles =
        meld.type === 'pon'
          ? [...meld.tiles].sort((a, b) => a - b)
          : meld.tiles.filter((t) => t !== meld.added).sort((a, b) => a - b);
      const unused = meld.type === 'pon' ? [0, 1, 2, 3].find((c) => !ponTiles.includes(kind * 4 + c))! : meld.added! & 3;
      const k = ponTiles.indexOf(meld.called);
      if (k < 0) throw new MeldCodeError(`${meld.type}: the called tile is not one of the pon's tiles`);
      return (((kind * 3 + k) << 9) | (unused << 5) | (meld.type === 'pon' ? 0x8 : 0x10) | r) >>> 0;
    }
    case 'kita':
      return (meld.called << 8) | 0x20;
    case 'ankan':
      return meld.called << 8;
    case 'daiminkan':
      return (meld.called << 8) | r;
  }
}

/** The discarder's seat for a call by `seat` with offset `fromOffset` (4-seat geometry, also in 3-player). */
export function seatFromOffset(seat: number, fromOffset: number): number {
  return (seat + fromOffset) % 4;
}

export function offsetFromSeats(seat: number, discarder: number): number {
  return (discarder - seat + 4) % 4;
}
