/**
 * @kobalab/majiang-core (a devDependency) for the differential tests, and its notation: suit letter
 * first (`m123p55`), `*` after the concealed tiles for a riichi hand, melds after commas (`m1-23`,
 * `z111=`, `s2222` for an ankan).
 */
import { createRequire } from 'node:module';
import type { SampleHand, SampleMeld } from '../../tools/hands/sample.js';

export interface MajiangShoupai {
  zimo(tile: string): MajiangShoupai;
  toString(): string;
}

export interface Majiang {
  rule(param?: Record<string, unknown>): Record<string, unknown>;
  Shoupai: { fromString(text: string): MajiangShoupai };
  Util: { xiangting(s: MajiangShoupai): number; tingpai(s: MajiangShoupai): string[] | null };
  Game: {
    /** The kans the player may declare now: `p` null for its own turn; `paishu` live tiles left; `n_gang` kans made. */
    get_gang_mianzi(rule: Record<string, unknown>, shoupai: MajiangShoupai, p: string | null, paishu: number, n_gang: number): string[] | null;
  };
}

export const Majiang = createRequire(import.meta.url)('@kobalab/majiang-core') as Majiang;

const SUIT_LETTERS = ['m', 'p', 's', 'z'];

/** `m1`, `z7`. */
export function kindToMajiang(kind: number): string {
  return SUIT_LETTERS[Math.floor(kind / 9)] + String((kind % 9) + 1);
}

export function fromMajiangTile(tile: string): number {
  return SUIT_LETTERS.indexOf(tile[0]) * 9 + Number(tile[1]) - 1;
}

/** Concealed counters as `m123p55`. */
export function countsToMajiang(counts: readonly number[]): string {
  let text = '';
  for (let s = 0; s < 4; s++) {
    let digits = '';
    for (let k = s * 9; k < (s === 3 ? 34 : s * 9 + 9); k++) digits += String(k - s * 9 + 1).repeat(counts[k]);
    if (digits) text += SUIT_LETTERS[s] + digits;
  }
  return text;
}

/** An ankan of `kind`: `s2222`. */
export function ankanToMajiang(kind: number): string {
  return kindToMajiang(kind)[0] + kindToMajiang(kind)[1].repeat(4);
}

/** A sampled meld: a chi or pon (called from the player opposite) or, for a kan, an ankan. */
export function meldToMajiang(meld: SampleMeld): string {
  const suit = SUIT_LETTERS[Math.floor(meld.first / 9)];
  const n = (meld.first % 9) + 1;
  if (meld.shape === 'run') return `${suit}${n}-${n + 1}${n + 2}`;
  if (meld.shape === 'kan') return ankanToMajiang(meld.first);
  return `${suit}${String(n).repeat(3)}=`;
}

export function toMajiang(hand: SampleHand): string {
  return [countsToMajiang(hand.counts), ...hand.melds.map(meldToMajiang)].join(',');
}
