/**
 * The game's names for the yaku ids of src/events (mjlog ids, docs/formats.md §2.9): what a score lists and
 * a mismatch says. Romanised as the docs write them.
 */
import { YAKU, YAKUMAN } from '../events/index.js';
import { groupToString } from '../hand/index.js';
import { kindOf, kindToString, kindsToString, type TileId } from '../tiles/index.js';
import type { FuPart, ScoreMeld, ScoredReading } from './types.js';

const WIND_NAMES = ['east', 'south', 'west', 'north'] as const;

/** Name by id (0..54). */
export const YAKU_TERMS: readonly string[] = (() => {
  const t: string[] = [];
  t[YAKU.menzenTsumo] = 'menzen tsumo';
  t[YAKU.riichi] = 'riichi';
  t[YAKU.ippatsu] = 'ippatsu';
  t[YAKU.chankan] = 'chankan';
  t[YAKU.rinshanKaihou] = 'rinshan kaihou';
  t[YAKU.haitei] = 'haitei';
  t[YAKU.houtei] = 'houtei';
  t[YAKU.pinfu] = 'pinfu';
  t[YAKU.tanyao] = 'tanyao';
  t[YAKU.iipeikou] = 'iipeikou';
  for (let w = 0; w < 4; w++) {
    t[YAKU.seatEast + w] = `yakuhai: seat wind ${WIND_NAMES[w]}`;
    t[YAKU.roundEast + w] = `yakuhai: round wind ${WIND_NAMES[w]}`;
  }
  t[YAKU.haku] = 'yakuhai: haku';
  t[YAKU.hatsu] = 'yakuhai: hatsu';
  t[YAKU.chun] = 'yakuhai: chun';
  t[YAKU.doubleRiichi] = 'double riichi';
  t[YAKU.chiitoitsu] = 'chiitoitsu';
  t[YAKU.chanta] = 'chanta';
  t[YAKU.ittsu] = 'ittsu';
  t[YAKU.sanshoku] = 'sanshoku';
  t[YAKU.sanshokuDoukou] = 'sanshoku doukou';
  t[YAKU.sankantsu] = 'sankantsu';
  t[YAKU.toitoi] = 'toitoi';
  t[YAKU.sanankou] = 'sanankou';
  t[YAKU.shousangen] = 'shousangen';
  t[YAKU.honroutou] = 'honroutou';
  t[YAKU.ryanpeikou] = 'ryanpeikou';
  t[YAKU.junchan] = 'junchan';
  t[YAKU.honitsu] = 'honitsu';
  t[YAKU.chinitsu] = 'chinitsu';
  t[36] = 'renhou';
  t[YAKUMAN.tenhou] = 'tenhou';
  t[YAKUMAN.chiihou] = 'chiihou';
  t[YAKUMAN.daisangen] = 'daisangen';
  t[YAKUMAN.suuankou] = 'suuankou';
  t[YAKUMAN.suuankouTanki] = 'suuankou tanki';
  t[YAKUMAN.tsuuiisou] = 'tsuuiisou';
  t[YAKUMAN.ryuuiisou] = 'ryuuiisou';
  t[YAKUMAN.chinroutou] = 'chinroutou';
  t[YAKUMAN.chuuren] = 'chuuren poutou';
  t[YAKUMAN.junseiChuuren] = 'junsei chuuren poutou';
  t[YAKUMAN.kokushi] = 'kokushi musou';
  t[YAKUMAN.kokushi13] = 'kokushi musou 13-sided wait';
  t[YAKUMAN.daisuushii] = 'daisuushii';
  t[YAKUMAN.shousuushii] = 'shousuushii';
  t[YAKUMAN.suukantsu] = 'suukantsu';
  t[YAKU.dora] = 'dora';
  t[YAKU.ura] = 'ura dora';
  t[YAKU.akaDora] = 'aka dora';
  return Object.freeze(t);
})();

/** Renhou's id (mjlog 36; not in src/events' YAKU table, Tenhou having no renhou). */
export const RENHOU = 36;

/** `riichi`, or `yaku 77` for an id without a name. */
export function yakuTerm(id: number): string {
  return YAKU_TERMS[id] ?? `yaku ${id}`;
}

/** A kept reading as text: `123m 456p [789s] 11z, pon 777z (won on 9s, ryanmen)`, the group won on in brackets. */
export function readingText(reading: ScoredReading, melds: readonly ScoreMeld[] = [], winningTile?: TileId): string {
  const parts: string[] = [];
  for (let g = 0; g < reading.groups.length; g++) {
    const text = groupToString(reading.groups[g]);
    parts.push(g === reading.winGroup ? `[${text}]` : text);
  }
  let text = parts.join(' ');
  if (melds.length > 0) text += ', ' + melds.map((m) => `${m.type} ${kindsToString(m.tiles.map(kindOf))}`).join(', ');
  const won = winningTile === undefined ? '' : `won on ${kindToString(kindOf(winningTile))}, `;
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
