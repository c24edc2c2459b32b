/**
 * A score's parts in words: a kept reading, a line of the fu breakdown. (The yaku's names are
 * src/events' `YAKU_TABLE`.)
 */
import { groupToString } from '../hand/index.js';
import { kindOf, kindToString, kindsToString, tileToString, type TileId } from '../tiles/index.js';
import type { FuPart, ScoreMeld, ScoredReading } from './types.js';

/** A kept reading as text: `123m 456p [789s] 11z, pon 777z (won on 9s, ryanmen)`, the group won on in brackets. */
export function readingText(reading: ScoredReading, melds: readonly ScoreMeld[] = [], winningTile?: TileId): string {
  const parts: string[] = [];
  for (let g = 0; g < reading.groups.length; g++) {
    const text = groupToString(reading.groups[g]);
    parts.push(g === reading.winGroup ? `[${text}]` : text);
  }
  let text = parts.join(' ');
  if (melds.length > 0) text += ', ' + melds.map((m) => `${m.type} ${kindsToString(m.tiles.map(kindOf))}`).join(', ');
  // The winning tile is a tile, not a kind: a red five is 0m (docs/vocabulary.md).
  const won = winningTile === undefined ? '' : `won on ${tileToString(winningTile)}, `;
  return `${text} (${won}${reading.wait})`;
}

/** One line of the fu breakdown in words: `closed triplet of 1z 8`, `kanchan wait 2`, `rounded up 8`. */
export function fuPartText(part: FuPart): string {
  switch (part.reason) {
    case 'base':
      return `base (futei) ${part.fu}`;
    case 'set':
      return `${part.closed ? 'closed' : 'open'} ${part.isKan ? 'kan' : 'triplet'} of ${kindToString(part.kind ?? 0)} ${part.fu}`;
    case 'pair':
      return `pair of ${kindToString(part.kind ?? 0)} ${part.fu}`;
    case 'wait':
      return `${part.wait} wait ${part.fu}`;
    case 'tsumo':
      return `tsumo ${part.fu}`;
    case 'menzen-ron':
      return `closed ron ${part.fu}`;
    case 'open-pinfu':
      return `open pinfu shape, ron: 30 fu (+${part.fu})`;
    case 'pinfu-tsumo':
      return 'pinfu tsumo: no tsumo fu';
    case 'chiitoitsu':
      return `chiitoitsu ${part.fu}`;
    case 'round-up':
      return `rounded up ${part.fu}`;
  }
}
