/**
 * Yaku names a scenario script may use, mapped to the mjlog ids of tenhou-format.md §1.11.
 * Dora (52), ura (53) and red fives (54) are not here: the builder counts those itself.
 */
export const YAKU_ID = {
  menzenTsumo: 0,
  riichi: 1,
  ippatsu: 2,
  chankan: 3,
  rinshanKaihou: 4,
  haitei: 5,
  houtei: 6,
  pinfu: 7,
  tanyao: 8,
  iipeikou: 9,
  seatEast: 10,
  seatSouth: 11,
  seatWest: 12,
  seatNorth: 13,
  roundEast: 14,
  roundSouth: 15,
  roundWest: 16,
  roundNorth: 17,
  haku: 18,
  hatsu: 19,
  chun: 20,
  doubleRiichi: 21,
  chiitoitsu: 22,
  chanta: 23,
  ittsu: 24,
  sanshoku: 25,
  sanshokuDoukou: 26,
  sankantsu: 27,
  toitoi: 28,
  sanankou: 29,
  shousangen: 30,
  honroutou: 31,
  ryanpeikou: 32,
  junchan: 33,
  honitsu: 34,
  chinitsu: 35,
} as const;

export const YAKUMAN_ID = {
  tenhou: 37,
  chiihou: 38,
  daisangen: 39,
  suuankou: 40,
  suuankouTanki: 41,
  tsuuiisou: 42,
  ryuuiisou: 43,
  chinroutou: 44,
  chuuren: 45,
  junseiChuuren: 46,
  kokushi: 47,
  kokushi13: 48,
  daisuushii: 49,
  shousuushii: 50,
  suukantsu: 51,
} as const;

export type YakuName = keyof typeof YAKU_ID;
export type YakumanName = keyof typeof YAKUMAN_ID;

export const DORA_YAKU = 52;
export const URA_YAKU = 53;
export const AKA_YAKU = 54;
