/**
 * What is true of a winning hand whatever its reading: its kinds counted (concealed with the winning tile,
 * and with the melds), its melds as sets, and the properties the flush, terminal and honour yaku and
 * yakuman read from the tiles alone. Built once per win; the readings are then judged against it.
 */
import { kindOf, type TileKind } from '../tiles/index.js';
import type { KanRef, WinInput } from './types.js';

/** A meld as a set of the hand. */
export interface MeldSet {
  /** The set's kind; a chi's lowest kind. */
  kind: TileKind;
  /** A chi. */
  run: boolean;
  kan: boolean;
  /** Called from another player (an ankan is not). */
  open: boolean;
  /** The first call of the hand (ankans aside): the `first-call` atozuke rule keeps only its yakuhai. */
  firstCall: boolean;
  /** Where the kan's call event is, when known. */
  ref?: KanRef;
}

export interface HandFacts {
  /** Concealed kinds with the winning tile: what the readings split. */
  counts: number[];
  /** Every kind of the hand: concealed, winning tile and melds (a kan counts 4); kita aside. */
  all: number[];
  winKind: TileKind;
  melds: MeldSet[];
  /** No open meld (ankans keep a hand closed). */
  closed: boolean;
  /** Suits used, bit 0 m, bit 1 p, bit 2 s; and whether honours are. */
  suits: number;
  honors: boolean;
  /** Every tile is a terminal or an honour / an honour / a terminal / a simple / a green tile. */
  allTerminalsHonors: boolean;
  allHonors: boolean;
  allTerminals: boolean;
  allSimples: boolean;
  allGreen: boolean;
}

/** 2s 3s 4s 6s 8s and hatsu: the tiles of ryuuiisou. */
const GREEN = new Set<TileKind>([19, 20, 21, 23, 25, 32]);

export function isTerminalOrHonorKind(k: TileKind): boolean {
  return k >= 27 || k % 9 === 0 || k % 9 === 8;
}

/** The facts of a win; null when its tiles cannot be a hand (a kind counted five times, a meld that is no set). */
export function handFacts(input: WinInput): HandFacts | null {
  const counts = new Array<number>(34).fill(0);
  for (let i = 0; i < input.concealed.length; i++) counts[kindOf(input.concealed[i])]++;
  const winKind = kindOf(input.winningTile);
  counts[winKind]++;
  const all = counts.slice();
  const melds: MeldSet[] = [];
  let closed = true;
  let calls = 0;
  for (let i = 0; i < input.melds.length; i++) {
    const m = input.melds[i];
    let first = 99;
    for (let t = 0; t < m.tiles.length; t++) {
      const k = kindOf(m.tiles[t]);
      if (k < first) first = k;
      all[k]++;
    }
    const run = m.type === 'chi';
    const kan = m.type === 'ankan' || m.type === 'daiminkan' || m.type === 'kakan';
    if (run) {
      if (m.tiles.length !== 3 || first >= 27 || first % 9 > 6) return null;
    } else {
      for (let t = 0; t < m.tiles.length; t++) if (kindOf(m.tiles[t]) !== first) return null;
      if (m.tiles.length !== (kan ? 4 : 3)) return null;
    }
    const open = m.type !== 'ankan';
    if (open) closed = false;
    melds.push({ kind: first, run, kan, open, firstCall: open && calls === 0, ...(m.kan ? { ref: m.kan } : {}) });
    if (open) calls++;
  }
  let suits = 0;
  let honors = false;
  let allTerminalsHonors = true;
  let allHonors = true;
  let allTerminals = true;
  let allSimples = true;
  let allGreen = true;
  for (let k = 0; k < 34; k++) {
    const n = all[k];
    if (n === 0) continue;
    if (n > 4) return null;
    const th = isTerminalOrHonorKind(k);
    if (k >= 27) honors = true;
    else suits |= 1 << Math.floor(k / 9);
    if (!th) allTerminalsHonors = false;
    if (k < 27) allHonors = false;
    if (k >= 27 || !th) allTerminals = false;
    if (th) allSimples = false;
    if (!GREEN.has(k)) allGreen = false;
  }
  return { counts, all, winKind, melds, closed, suits, honors, allTerminalsHonors, allHonors, allTerminals, allSimples, allGreen };
}
