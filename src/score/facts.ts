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
  /** A kan (ankan, daiminkan or kakan): four tiles, fu ×4. */
  kan: boolean;
  /** Called from another player (an ankan is not). */
  open: boolean;
  /** The first call of the hand (ankans aside): the `first-call` atozuke rule keeps only its yakuhai. */
  firstCall: boolean;
  /** Where the kan's call event is, when known. */
  ref: KanRef | undefined;
}

export interface HandFacts {
  /** Concealed kinds with the winning tile: what the readings split. */
  counts: number[];
  /** Every kind of the hand: concealed, winning tile and melds (a kan counts 4); kita aside. */
  all: number[];
  /** The winning tile's kind. */
  winKind: TileKind;
  /** The melds as sets, in call order. */
  melds: MeldSet[];
  /** No open meld (ankans keep a hand closed). */
  closed: boolean;
  /** Suits used, bit 0 m, bit 1 p, bit 2 s; and whether honours are. */
  suits: number;
  /** Honours are used. */
  honors: boolean;
  /** Every tile is a terminal or an honour / an honour / a terminal / a simple / a green tile. */
  allTerminalsHonors: boolean;
  /** Every tile an honour (tsuuiisou). */
  allHonors: boolean;
  /** Every tile a terminal (chinroutou). */
  allTerminals: boolean;
  /** Every tile a simple (tanyao). */
  allSimples: boolean;
  /** Every tile green (ryuuiisou). */
  allGreen: boolean;
}

/** 2s 3s 4s 6s 8s and hatsu: the tiles of ryuuiisou (1 by kind). */
const GREEN = new Uint8Array(34);
for (const k of [19, 20, 21, 23, 25, 32]) GREEN[k] = 1;

/** By kind: 1 for a terminal or an honour. */
const TERMINAL_OR_HONOR = new Uint8Array(34);
/** By kind: the suit bit (1 m, 2 p, 4 s), 0 for an honour. */
const SUIT_BIT = new Uint8Array(34);
for (let k = 0; k < 34; k++) {
  TERMINAL_OR_HONOR[k] = k >= 27 || k % 9 === 0 || k % 9 === 8 ? 1 : 0;
  SUIT_BIT[k] = k >= 27 ? 0 : 1 << Math.floor(k / 9);
}

export function isTerminalOrHonorKind(k: TileKind): boolean {
  return TERMINAL_OR_HONOR[k] === 1;
}

/**
 * One HandFacts, filled again for each win: the scorer is synchronous and keeps nothing of it in a score
 * (the readings copy the counts), so the counters and the object are made once, not per win.
 */
const FACTS: HandFacts = {
  counts: new Array<number>(34).fill(0),
  all: new Array<number>(34).fill(0),
  winKind: 0,
  melds: [],
  closed: true,
  suits: 0,
  honors: false,
  allTerminalsHonors: true,
  allHonors: true,
  allTerminals: true,
  allSimples: true,
  allGreen: true,
};

/**
 * The facts of a win; null when its tiles cannot be a hand (a kind counted five times, a meld that is no
 * set). The object returned is reused by the next call: read it before scoring another win.
 */
export function handFacts(input: WinInput): HandFacts | null {
  const f = FACTS;
  const counts = f.counts;
  const all = f.all;
  for (let k = 0; k < 34; k++) counts[k] = 0;
  for (let i = 0; i < input.concealed.length; i++) counts[kindOf(input.concealed[i])]++;
  const winKind = kindOf(input.winningTile);
  counts[winKind]++;
  for (let k = 0; k < 34; k++) all[k] = counts[k];
  const melds = f.melds;
  melds.length = 0;
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
    melds.push({ kind: first, run, kan, open, firstCall: open && calls === 0, ref: m.kan });
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
    const th = TERMINAL_OR_HONOR[k] === 1;
    if (k >= 27) {
      honors = true;
      allTerminals = false;
    } else {
      suits |= SUIT_BIT[k];
      allHonors = false;
      if (!th) allTerminals = false;
    }
    if (th) allSimples = false;
    else allTerminalsHonors = false;
    if (GREEN[k] === 0) allGreen = false;
  }
  f.winKind = winKind;
  f.closed = closed;
  f.suits = suits;
  f.honors = honors;
  f.allTerminalsHonors = allTerminalsHonors;
  f.allHonors = allHonors;
  f.allTerminals = allTerminals;
  f.allSimples = allSimples;
  f.allGreen = allGreen;
  return f;
}
