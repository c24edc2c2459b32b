/**
 * Dora by source: the first indicator, the kan indicators, the tiles under them for a winner in riichi
 * (ura, kan ura), red fives, and in 3-player each kita (a nukidora). The rules say which sources count.
 */
import type { ScoringRules } from '../rules/index.js';
import { doraKindOf, isRedFive, kindOf, type TileId } from '../tiles/index.js';
import type { DoraCounts, WinInput } from './types.js';

/** Copies of each kind in the whole hand (concealed, winning tile, melds, kita): what dora count on. */
function kindCounts(input: WinInput, out: number[]): void {
  out.fill(0);
  for (let i = 0; i < input.concealed.length; i++) out[kindOf(input.concealed[i])]++;
  out[kindOf(input.winningTile)]++;
  for (let m = 0; m < input.melds.length; m++) {
    const tiles = input.melds[m].tiles;
    for (let i = 0; i < tiles.length; i++) out[kindOf(tiles[i])]++;
  }
  for (let i = 0; i < input.kitaTiles.length; i++) out[kindOf(input.kitaTiles[i])]++;
}

const COUNTS = new Array<number>(34).fill(0);

function redIn(tiles: readonly TileId[], suits: number): number {
  let n = 0;
  for (let i = 0; i < tiles.length; i++) if (isRedFive(tiles[i], suits)) n++;
  return n;
}

/** The dora of a win under the rules (ura only for a winner in riichi). */
export function doraOf(input: WinInput, rules: ScoringRules): DoraCounts {
  kindCounts(input, COUNTS);
  const ind = input.doraIndicators;
  let dora = 0;
  let kandora = 0;
  for (let i = 0; i < ind.length; i++) {
    if (i > 0 && !rules.kandora) break;
    const n = COUNTS[doraKindOf(kindOf(ind[i]), input.players)];
    if (i === 0) dora += n;
    else kandora += n;
  }
  let ura = 0;
  let kanUra = 0;
  if (input.riichi !== 'none' && rules.uraDora && input.uraHanAssumed !== undefined) {
    ura = input.uraHanAssumed;
  } else if (input.riichi !== 'none' && rules.uraDora) {
    const u = input.uraIndicators;
    for (let i = 0; i < u.length; i++) {
      if (i > 0 && !(rules.kanUra && rules.kandora)) break;
      const n = COUNTS[doraKindOf(kindOf(u[i]), input.players)];
      if (i === 0) ura += n;
      else kanUra += n;
    }
  }
  let red = 0;
  if (rules.akaDora > 0 && input.redFiveSuits !== 0) {
    const suits = input.redFiveSuits;
    red += redIn(input.concealed, suits);
    if (isRedFive(input.winningTile, suits)) red++;
    for (let m = 0; m < input.melds.length; m++) red += redIn(input.melds[m].tiles, suits);
  }
  return { dora, kandora, ura, kanUra, red, kita: input.players === 3 ? input.kitaTiles.length : 0 };
}
