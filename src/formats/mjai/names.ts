/**
 * mjai's names: of tiles (`1m`..`9s`, `E S W N P F C`, red fives `5mr 5pr 5sr`) and of drawn hands. One
 * vocabulary for reading and writing.
 */
import type { RyuukyokuReason } from '../../events/index.js';
import { isRedFive, kindOf, type TileId } from '../../tiles/index.js';

/** mjai's name of each tile kind 0..33 (red fives add `r`: `5mr`, `5pr`, `5sr`). */
export const MJAI_TILE_NAMES: readonly string[] = [
  ...['m', 'p', 's'].flatMap((suit) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${suit}`)),
  'E', 'S', 'W', 'N', 'P', 'F', 'C',
];

/** mjai's name of a tile id, `5mr` for a red five when the game has one in that suit. */
export function mjaiTileName(tile: TileId, redFiveSuits: number): string {
  const name = MJAI_TILE_NAMES[kindOf(tile)];
  return isRedFive(tile, redFiveSuits) ? name + 'r' : name;
}

/** mjai's drawn-hand reasons (gimite's mjai and akochan write them; Mortal and mjai-reviewer write none). */
export const MJAI_RYUKYOKU_REASONS: Readonly<Record<RyuukyokuReason, string>> = {
  exhaustive: 'fanpai',
  'kyuushu-kyuuhai': 'kyushukyuhai',
  'suucha-riichi': 'suchareach',
  sanchahou: 'sanchaho',
  suukaikan: 'sukaikan',
  'suufon-renda': 'sufonrenta',
  'nagashi-mangan': 'nagashimangan',
};

