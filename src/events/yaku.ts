/**
 * Yaku ids of the mjlog `yaku`/`yakuman` attributes and the names tenhou.net/6 JSON writes for them
 * (docs/formats.md §2.9). Ids 52-54 are dora, ura and red fives; 3, 4, 5, 6, 27 and 51 concern kans.
 */
export const YAKU_NAMES: readonly string[] = [
  '門前清自摸和', '立直', '一発', '槍槓', '嶺上開花', '海底摸月', '河底撈魚', '平和', '断幺九', '一盃口',
  '自風 東', '自風 南', '自風 西', '自風 北', '場風 東', '場風 南', '場風 西', '場風 北', '役牌 白', '役牌 發',
  '役牌 中', '両立直', '七対子', '混全帯幺九', '一気通貫', '三色同順', '三色同刻', '三槓子', '対々和', '三暗刻',
  '小三元', '混老頭', '二盃口', '純全帯幺九', '混一色', '清一色', '人和', '天和', '地和', '大三元',
  '四暗刻', '四暗刻単騎', '字一色', '緑一色', '清老頭', '九蓮宝燈', '純正九蓮宝燈', '国士無双', '国士無双１３面', '大四喜',
  '小四喜', '四槓子', 'ドラ', '裏ドラ', '赤ドラ',
];

/**
 * A yaku name that Tenhou-style converters write in tenhou.net/6 JSON besides Tenhou's own (docs/formats.md
 * §5.8 lists each with its source). `id` is the mjlog id; `wind` marks the names that do not say which wind
 * (`役牌:自風牌`): the reader takes it from the winner's seat or the round.
 */
export interface ConverterYakuName {
  name: string;
  id: number | 'seat-wind' | 'round-wind';
  /** Who writes it (converters, as docs/formats.md §5.8 cites them). */
  writtenBy: string;
}

const MAHJONG_SOUL_JP = "Mahjong Soul's Japanese fan names, written by tensoul and tensoul-py";
const MAHJONG_SOUL_EN = "Mahjong Soul's English fan names, written by tensoul in its English modes";

export const CONVERTER_YAKU_NAMES: readonly ConverterYakuName[] = Object.freeze([
  { name: '役牌:自風牌', id: 'seat-wind', writtenBy: MAHJONG_SOUL_JP },
  { name: '役牌:場風牌', id: 'round-wind', writtenBy: MAHJONG_SOUL_JP },
  { name: 'ダブル立直', id: 21, writtenBy: `${MAHJONG_SOUL_JP}; InjusticeJudge's mjlog converter` },
  { name: '国士無双十三面待ち', id: 48, writtenBy: MAHJONG_SOUL_JP },
  { name: '国士無双十三面', id: 48, writtenBy: "majiang-core's name, written by older majiang-log" },
  { name: '翻牌 白', id: 18, writtenBy: "majiang-core's name, written by older majiang-log" },
  { name: '翻牌 發', id: 19, writtenBy: "majiang-core's name, written by older majiang-log" },
  { name: '翻牌 中', id: 20, writtenBy: "majiang-core's name, written by older majiang-log" },
  ...([
    ['Fully Concealed Hand', 0], ['Riichi', 1], ['Ippatsu', 2], ['Robbing a Kan', 3], ['After a Kan', 4],
    ['Under the Sea', 5], ['Under the River', 6], ['Pinfu', 7], ['All Simples', 8], ['Pure Double Sequence', 9],
    ['White Dragon', 18], ['Green Dragon', 19], ['Red Dragon', 20], ['Double Riichi', 21], ['Seven Pairs', 22],
    ['Half Outside Hand', 23], ['Pure Straight', 24], ['Mixed Triple Sequence', 25], ['Triple Triplets', 26],
    ['Three Quads', 27], ['All Triplets', 28], ['Three Concealed Triplets', 29], ['Little Three Dragons', 30],
    ['All Terminals and Honors', 31], ['Twice Pure Double Sequence', 32], ['Fully Outside Hand', 33],
    ['Half Flush', 34], ['Full Flush', 35], ['Hand of Man', 36], ['Blessing of Heaven', 37], ['Blessing of Earth', 38],
    ['Big Three Dragons', 39], ['Four Concealed Triplets', 40], ['Single-wait Four Concealed Triplets', 41],
    ['All Honors', 42], ['All Green', 43], ['All Terminals', 44], ['Nine Gates', 45], ['True Nine Gates', 46],
    ['Thirteen Orphans', 47], ['Thirteen-wait Thirteen Orphans', 48], ['Four Big Winds', 49],
    ['Four Little Winds', 50], ['Four Quads', 51], ['Dora', 52], ['Ura Dora', 53], ['Red Five', 54], ['Red Fives', 54],
    ['Kita', 52],
  ] as const).map(([name, id]) => ({ name, id, writtenBy: MAHJONG_SOUL_EN })),
  { name: 'Seat Wind', id: 'seat-wind', writtenBy: MAHJONG_SOUL_EN },
  { name: 'Prevalent Wind', id: 'round-wind', writtenBy: MAHJONG_SOUL_EN },
] as const satisfies readonly ConverterYakuName[]);

/** Yaku ids by name: Tenhou's own, 3-player nukidora, and the converters' (a wind name without its wind gives a marker). */
export const YAKU_IDS_BY_NAME: ReadonlyMap<string, number | 'seat-wind' | 'round-wind'> = new Map<string, number | 'seat-wind' | 'round-wind'>([
  ...YAKU_NAMES.map((name, id) => [name, id] as const),
  // 3-player nukidora is counted with the dora in mjlog; JSON names it on its own.
  ['抜きドラ', 52],
  ...CONVERTER_YAKU_NAMES.map((c) => [c.name, c.id] as const),
]);

/** Yaku ids by name (the han yaku, then dora, ura and red fives). */
export const YAKU = {
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
  dora: 52,
  ura: 53,
  akaDora: 54,
} as const;

/** Yakuman ids by name. */
export const YAKUMAN = {
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
