/**
 * Dora by source under the rules: the first indicator, the kan indicators, the tiles under them for a
 * winner in riichi (ura, kan ura), red fives, and in 3-player each kita (a nukidora). They are counted
 * by src/tiles' `winDora`, as the replay's record of a win counts them; the rules say which sources count.
 */
import type { ScoringRules } from '../rules/index.js';
import { winDora, type TileId } from '../tiles/index.js';
import type { DoraCounts, WinInput } from './types.js';

const NONE: readonly TileId[] = Object.freeze([]);

/** The dora of a win under the rules (ura only for a winner in riichi). */
export function doraOf(input: WinInput, rules: ScoringRules): DoraCounts {
  const riichi = input.riichi !== 'none' && rules.uraDora;
  // Ura the log does not record are taken as the han it pays (uraHanAssumed), not counted.
  const countUra = riichi && input.uraHanAssumed === undefined;
  const d = winDora(input, input.doraIndicators, countUra ? input.uraIndicators : NONE, input.players, rules.akaDora > 0 ? input.redFiveSuits : 0);
  // The scorer's indicators are all known tiles: no count is null.
  return {
    dora: d.first ?? 0,
    kandora: rules.kandora ? (d.kandora ?? 0) : 0,
    ura: !riichi ? 0 : countUra ? (d.ura ?? 0) : (input.uraHanAssumed ?? 0),
    kanUra: countUra && rules.kanUra && rules.kandora ? (d.kanUra ?? 0) : 0,
    red: d.red,
    kita: input.players === 3 ? input.kitaTiles.length : 0,
  };
}
