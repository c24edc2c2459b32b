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

/** Names as written in English-language exports of the same format. */
const ENGLISH_NAMES: Record<string, number> = {
  'Fully Concealed Hand': 0, Riichi: 1, Ippatsu: 2, 'Robbing a Kan': 3, 'After a Kan': 4,
  'Under the Sea': 5, 'Under the River': 6, Pinfu: 7, 'All Simples': 8, 'Pure Double Sequence': 9,
  'Double Riichi': 21, 'Seven Pairs': 22, Dora: 52, 'Ura Dora': 53, 'Red Five': 54, 'Red Fives': 54,
};

export const YAKU_IDS_BY_NAME: ReadonlyMap<string, number> = new Map([
  ...YAKU_NAMES.map((name, id) => [name, id] as const),
  ...Object.entries(ENGLISH_NAMES),
  // 3-player nukidora is counted with the dora in mjlog; JSON names it on its own.
  ['抜きドラ', 52],
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
