/** Dora from indicators: pure helpers. */
import { kindOf, type TileId, type TileKind } from './tile.js';

/** The dora kind an indicator points to; in 3-player 1m points to 9m (2m..8m are not in the wall). */
export function doraKindOf(indicatorKind: TileKind, players: 3 | 4): TileKind {
  if (indicatorKind >= 31) return indicatorKind === 33 ? 31 : indicatorKind + 1;
  if (indicatorKind >= 27) return indicatorKind === 30 ? 27 : indicatorKind + 1;
  if (players === 3 && indicatorKind === 0) return 8;
  return indicatorKind % 9 === 8 ? indicatorKind - 8 : indicatorKind + 1;
}

/** How many dora the tiles hold for these indicators; null if any indicator is unknown. */
export function countDora(indicators: readonly (TileId | null)[], tiles: readonly TileId[], players: 3 | 4): number | null {
  let n = 0;
  for (const ind of indicators) {
    if (ind === null) return null;
    const dora = doraKindOf(kindOf(ind), players);
    for (const t of tiles) if (kindOf(t) === dora) n++;
  }
  return n;
}
