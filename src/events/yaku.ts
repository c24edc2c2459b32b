/**
 * The one table of yaku (docs/formats.md §2.9): each mjlog id (the `yaku`/`yakuman` attributes) with its
 * key, kanshi's name, the names each format writes (tenhou.net/6 Japanese, the converters' Japanese,
 * Mahjong Soul's English, gimite's mjai), its han closed and open, and whether it concerns kans, is a
 * yakuman, or a double yakuman. Formats, the scorer, the store, the report and the tests read it; every
 * other list of yaku (`YAKU`, `YAKUMAN`, `YAKU_IDS_BY_NAME`, …) is made from it. The limits (mangan …
 * yakuman) are below.
 */

/** One yaku, as `YAKU_TABLE` holds it. */
export interface YakuSpec {
  /** The mjlog id, also the yaku's index in `YAKU_TABLE`. */
  readonly id: number;
  /** Its key in code (`rinshanKaihou`): `YAKU.rinshanKaihou` is its id. */
  readonly key: string;
  /** kanshi's name, in scores and messages (`rinshan kaihou`, `yakuhai: seat wind east`). */
  readonly term: string;
  /** tenhou.net/6 JSON's name, which is Tenhou's (`嶺上開花`). */
  readonly tenhou: string;
  /**
   * Other Japanese names that tenhou.net/6 converters write for it (docs/formats.md §5.8 names who writes
   * each): Mahjong Soul's fan names (tensoul, tensoul-py), majiang-core's (older majiang-log), and 抜きドラ,
   * Tenhou's own 3-player nukidora, which mjlog counts with the dora.
   */
  readonly converter: readonly string[];
  /** Mahjong Soul's English fan names, as tensoul writes them in its English modes. */
  readonly english: readonly string[];
  /** gimite's mjai name (`yakus: [[name, han], …]`); null for the winds and dragons, which mjai names without saying which. */
  readonly mjai: string | null;
  /** Han in a closed hand (YAKUMAN_HAN for a yakuman; for dora, ura and red fives, each tile's). */
  readonly closedHan: number;
  /** Han in an open hand; 0 when only a closed hand has it. */
  readonly openHan: number;
  /** Made by a kan: chankan, rinshan kaihou, sankantsu, suukantsu. */
  readonly kan: boolean;
  readonly yakuman: boolean;
  /** A yakuman that counts as two where double yakuman are played (the `doubleYakuman` knob). */
  readonly double: boolean;
}

/** The han a yakuman counts for where han are added up (each yakuman's closedHan; the log's yakuman lists). */
export const YAKUMAN_HAN = 13;

const TABLE = [
  { id: 0, key: 'menzenTsumo', term: 'menzen tsumo', tenhou: '門前清自摸和', converter: [], english: ['Fully Concealed Hand'], mjai: 'menzenchin_tsumoho', closedHan: 1, openHan: 0, kan: false, yakuman: false, double: false },
  { id: 1, key: 'riichi', term: 'riichi', tenhou: '立直', converter: [], english: ['Riichi'], mjai: 'reach', closedHan: 1, openHan: 0, kan: false, yakuman: false, double: false },
  { id: 2, key: 'ippatsu', term: 'ippatsu', tenhou: '一発', converter: [], english: ['Ippatsu'], mjai: 'ippatsu', closedHan: 1, openHan: 0, kan: false, yakuman: false, double: false },
  { id: 3, key: 'chankan', term: 'chankan', tenhou: '槍槓', converter: [], english: ['Robbing a Kan'], mjai: 'chankan', closedHan: 1, openHan: 1, kan: true, yakuman: false, double: false },
  { id: 4, key: 'rinshanKaihou', term: 'rinshan kaihou', tenhou: '嶺上開花', converter: [], english: ['After a Kan'], mjai: 'rinshankaiho', closedHan: 1, openHan: 1, kan: true, yakuman: false, double: false },
  { id: 5, key: 'haitei', term: 'haitei', tenhou: '海底摸月', converter: [], english: ['Under the Sea'], mjai: 'haiteiraoyue', closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 6, key: 'houtei', term: 'houtei', tenhou: '河底撈魚', converter: [], english: ['Under the River'], mjai: 'hoteiraoyui', closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 7, key: 'pinfu', term: 'pinfu', tenhou: '平和', converter: [], english: ['Pinfu'], mjai: 'pinfu', closedHan: 1, openHan: 0, kan: false, yakuman: false, double: false },
  // Open, only where open tanyao (kuitan) is played: the rule decides.
  { id: 8, key: 'tanyao', term: 'tanyao', tenhou: '断幺九', converter: [], english: ['All Simples'], mjai: 'tanyaochu', closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 9, key: 'iipeikou', term: 'iipeikou', tenhou: '一盃口', converter: [], english: ['Pure Double Sequence'], mjai: 'ipeko', closedHan: 1, openHan: 0, kan: false, yakuman: false, double: false },
  // The winds: converters and mjai name them without the wind (WIND_YAKU_NAMES); the reader takes it from the seat or the round.
  { id: 10, key: 'seatEast', term: 'yakuhai: seat wind east', tenhou: '自風 東', converter: [], english: [], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 11, key: 'seatSouth', term: 'yakuhai: seat wind south', tenhou: '自風 南', converter: [], english: [], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 12, key: 'seatWest', term: 'yakuhai: seat wind west', tenhou: '自風 西', converter: [], english: [], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 13, key: 'seatNorth', term: 'yakuhai: seat wind north', tenhou: '自風 北', converter: [], english: [], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 14, key: 'roundEast', term: 'yakuhai: round wind east', tenhou: '場風 東', converter: [], english: [], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 15, key: 'roundSouth', term: 'yakuhai: round wind south', tenhou: '場風 南', converter: [], english: [], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 16, key: 'roundWest', term: 'yakuhai: round wind west', tenhou: '場風 西', converter: [], english: [], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 17, key: 'roundNorth', term: 'yakuhai: round wind north', tenhou: '場風 北', converter: [], english: [], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 18, key: 'haku', term: 'yakuhai: haku', tenhou: '役牌 白', converter: ['翻牌 白'], english: ['White Dragon'], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 19, key: 'hatsu', term: 'yakuhai: hatsu', tenhou: '役牌 發', converter: ['翻牌 發'], english: ['Green Dragon'], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 20, key: 'chun', term: 'yakuhai: chun', tenhou: '役牌 中', converter: ['翻牌 中'], english: ['Red Dragon'], mjai: null, closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 21, key: 'doubleRiichi', term: 'double riichi', tenhou: '両立直', converter: ['ダブル立直'], english: ['Double Riichi'], mjai: 'double_reach', closedHan: 2, openHan: 0, kan: false, yakuman: false, double: false },
  { id: 22, key: 'chiitoitsu', term: 'chiitoitsu', tenhou: '七対子', converter: [], english: ['Seven Pairs'], mjai: 'chitoitsu', closedHan: 2, openHan: 0, kan: false, yakuman: false, double: false },
  { id: 23, key: 'chanta', term: 'chanta', tenhou: '混全帯幺九', converter: [], english: ['Half Outside Hand'], mjai: 'honchantaiyao', closedHan: 2, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 24, key: 'ittsu', term: 'ittsu', tenhou: '一気通貫', converter: [], english: ['Pure Straight'], mjai: 'ikkitsukan', closedHan: 2, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 25, key: 'sanshoku', term: 'sanshoku', tenhou: '三色同順', converter: [], english: ['Mixed Triple Sequence'], mjai: 'sanshokudojun', closedHan: 2, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 26, key: 'sanshokuDoukou', term: 'sanshoku doukou', tenhou: '三色同刻', converter: [], english: ['Triple Triplets'], mjai: 'sanshokudoko', closedHan: 2, openHan: 2, kan: false, yakuman: false, double: false },
  { id: 27, key: 'sankantsu', term: 'sankantsu', tenhou: '三槓子', converter: [], english: ['Three Quads'], mjai: 'sankantsu', closedHan: 2, openHan: 2, kan: true, yakuman: false, double: false },
  { id: 28, key: 'toitoi', term: 'toitoi', tenhou: '対々和', converter: [], english: ['All Triplets'], mjai: 'toitoiho', closedHan: 2, openHan: 2, kan: false, yakuman: false, double: false },
  { id: 29, key: 'sanankou', term: 'sanankou', tenhou: '三暗刻', converter: [], english: ['Three Concealed Triplets'], mjai: 'sananko', closedHan: 2, openHan: 2, kan: false, yakuman: false, double: false },
  { id: 30, key: 'shousangen', term: 'shousangen', tenhou: '小三元', converter: [], english: ['Little Three Dragons'], mjai: 'shosangen', closedHan: 2, openHan: 2, kan: false, yakuman: false, double: false },
  { id: 31, key: 'honroutou', term: 'honroutou', tenhou: '混老頭', converter: [], english: ['All Terminals and Honors'], mjai: 'honroto', closedHan: 2, openHan: 2, kan: false, yakuman: false, double: false },
  { id: 32, key: 'ryanpeikou', term: 'ryanpeikou', tenhou: '二盃口', converter: [], english: ['Twice Pure Double Sequence'], mjai: 'ryanpeko', closedHan: 3, openHan: 0, kan: false, yakuman: false, double: false },
  { id: 33, key: 'junchan', term: 'junchan', tenhou: '純全帯幺九', converter: [], english: ['Fully Outside Hand'], mjai: 'junchantaiyao', closedHan: 3, openHan: 2, kan: false, yakuman: false, double: false },
  { id: 34, key: 'honitsu', term: 'honitsu', tenhou: '混一色', converter: [], english: ['Half Flush'], mjai: 'honiso', closedHan: 3, openHan: 2, kan: false, yakuman: false, double: false },
  { id: 35, key: 'chinitsu', term: 'chinitsu', tenhou: '清一色', converter: [], english: ['Full Flush'], mjai: 'chiniso', closedHan: 6, openHan: 5, kan: false, yakuman: false, double: false },
  // Not played on Tenhou: the `renhou` knob makes it a mangan (5 han, its han here) or a yakuman.
  { id: 36, key: 'renhou', term: 'renhou', tenhou: '人和', converter: [], english: ['Hand of Man'], mjai: 'renho', closedHan: 5, openHan: 0, kan: false, yakuman: false, double: false },
  { id: 37, key: 'tenhou', term: 'tenhou', tenhou: '天和', converter: [], english: ['Blessing of Heaven'], mjai: 'tenho', closedHan: YAKUMAN_HAN, openHan: 0, kan: false, yakuman: true, double: false },
  { id: 38, key: 'chiihou', term: 'chiihou', tenhou: '地和', converter: [], english: ['Blessing of Earth'], mjai: 'chiho', closedHan: YAKUMAN_HAN, openHan: 0, kan: false, yakuman: true, double: false },
  { id: 39, key: 'daisangen', term: 'daisangen', tenhou: '大三元', converter: [], english: ['Big Three Dragons'], mjai: 'daisangen', closedHan: YAKUMAN_HAN, openHan: YAKUMAN_HAN, kan: false, yakuman: true, double: false },
  { id: 40, key: 'suuankou', term: 'suuankou', tenhou: '四暗刻', converter: [], english: ['Four Concealed Triplets'], mjai: 'suanko', closedHan: YAKUMAN_HAN, openHan: 0, kan: false, yakuman: true, double: false },
  { id: 41, key: 'suuankouTanki', term: 'suuankou tanki', tenhou: '四暗刻単騎', converter: [], english: ['Single-wait Four Concealed Triplets'], mjai: null, closedHan: YAKUMAN_HAN, openHan: 0, kan: false, yakuman: true, double: true },
  { id: 42, key: 'tsuuiisou', term: 'tsuuiisou', tenhou: '字一色', converter: [], english: ['All Honors'], mjai: 'tsuiso', closedHan: YAKUMAN_HAN, openHan: YAKUMAN_HAN, kan: false, yakuman: true, double: false },
  { id: 43, key: 'ryuuiisou', term: 'ryuuiisou', tenhou: '緑一色', converter: [], english: ['All Green'], mjai: 'ryuiso', closedHan: YAKUMAN_HAN, openHan: YAKUMAN_HAN, kan: false, yakuman: true, double: false },
  { id: 44, key: 'chinroutou', term: 'chinroutou', tenhou: '清老頭', converter: [], english: ['All Terminals'], mjai: 'chinroto', closedHan: YAKUMAN_HAN, openHan: YAKUMAN_HAN, kan: false, yakuman: true, double: false },
  { id: 45, key: 'chuuren', term: 'chuuren poutou', tenhou: '九蓮宝燈', converter: [], english: ['Nine Gates'], mjai: 'churenpoton', closedHan: YAKUMAN_HAN, openHan: 0, kan: false, yakuman: true, double: false },
  { id: 46, key: 'junseiChuuren', term: 'junsei chuuren poutou', tenhou: '純正九蓮宝燈', converter: [], english: ['True Nine Gates'], mjai: null, closedHan: YAKUMAN_HAN, openHan: 0, kan: false, yakuman: true, double: true },
  { id: 47, key: 'kokushi', term: 'kokushi musou', tenhou: '国士無双', converter: [], english: ['Thirteen Orphans'], mjai: 'kokushimuso', closedHan: YAKUMAN_HAN, openHan: 0, kan: false, yakuman: true, double: false },
  { id: 48, key: 'kokushi13', term: 'kokushi musou 13-sided wait', tenhou: '国士無双１３面', converter: ['国士無双十三面待ち', '国士無双十三面'], english: ['Thirteen-wait Thirteen Orphans'], mjai: null, closedHan: YAKUMAN_HAN, openHan: 0, kan: false, yakuman: true, double: true },
  { id: 49, key: 'daisuushii', term: 'daisuushii', tenhou: '大四喜', converter: [], english: ['Four Big Winds'], mjai: 'daisushi', closedHan: YAKUMAN_HAN, openHan: YAKUMAN_HAN, kan: false, yakuman: true, double: true },
  { id: 50, key: 'shousuushii', term: 'shousuushii', tenhou: '小四喜', converter: [], english: ['Four Little Winds'], mjai: 'shosushi', closedHan: YAKUMAN_HAN, openHan: YAKUMAN_HAN, kan: false, yakuman: true, double: false },
  { id: 51, key: 'suukantsu', term: 'suukantsu', tenhou: '四槓子', converter: [], english: ['Four Quads'], mjai: 'sukantsu', closedHan: YAKUMAN_HAN, openHan: YAKUMAN_HAN, kan: true, yakuman: true, double: false },
  // Dora, ura and red fives: han a tile. 3-player nukidora (抜きドラ, Kita) is counted with the dora, as mjlog does.
  { id: 52, key: 'dora', term: 'dora', tenhou: 'ドラ', converter: ['抜きドラ'], english: ['Dora', 'Kita'], mjai: 'dora', closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 53, key: 'ura', term: 'ura dora', tenhou: '裏ドラ', converter: [], english: ['Ura Dora'], mjai: 'uradora', closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
  { id: 54, key: 'akaDora', term: 'aka dora', tenhou: '赤ドラ', converter: [], english: ['Red Five', 'Red Fives'], mjai: 'akadora', closedHan: 1, openHan: 1, kan: false, yakuman: false, double: false },
] as const satisfies readonly YakuSpec[];

/** Every yaku by id (0..54): `YAKU_TABLE[id]`. */
export const YAKU_TABLE: readonly YakuSpec[] = TABLE;

type Row = (typeof TABLE)[number];
type IdsOf<R extends Row> = { readonly [E in R as E['key']]: E['id'] };

function idsWhere<R extends Row>(keep: (row: Row) => row is R): IdsOf<R> {
  return Object.freeze(Object.fromEntries(TABLE.filter(keep).map((row) => [row.key, row.id]))) as IdsOf<R>;
}

/** Yaku ids by key (the han yaku, renhou among them, then dora, ura and red fives). */
export const YAKU = idsWhere((row): row is Extract<Row, { yakuman: false }> => !row.yakuman);

/** Yakuman ids by key. */
export const YAKUMAN = idsWhere((row): row is Extract<Row, { yakuman: true }> => row.yakuman);

/** How many yakuman a yakuman counts for: two for a double one (`double`) where the rules play them. */
export function yakumanMultiplier(id: number, doubleYakuman: boolean): 1 | 2 {
  return doubleYakuman && YAKU_TABLE[id].double ? 2 : 1;
}

/** kanshi's name of a yaku id (`riichi`), or `yaku 77` for an id the table does not have. */
export function yakuTerm(id: number): string {
  return YAKU_TABLE[id]?.term ?? `yaku ${id}`;
}

/** A yaku's han in a closed or an open hand (`YAKU_TABLE`'s closedHan, openHan). */
export function yakuHan(id: number, closed: boolean): number {
  const yaku = YAKU_TABLE[id];
  return closed ? yaku.closedHan : yaku.openHan;
}

/**
 * The converters' names of a wind yakuhai that do not say which wind (`役牌:自風牌`, Mahjong Soul's English
 * `Seat Wind`): the reader takes the wind from the winner's seat or the round.
 */
export const WIND_YAKU_NAMES: ReadonlyMap<string, 'seat-wind' | 'round-wind'> = new Map([
  ['役牌:自風牌', 'seat-wind'],
  ['役牌:場風牌', 'round-wind'],
  ['Seat Wind', 'seat-wind'],
  ['Prevalent Wind', 'round-wind'],
]);

/** The seat-wind yakuhai of a wind (0 East .. 3 North), and the round-wind one. */
export function seatWindYaku(wind: number): number {
  return YAKU.seatEast + wind;
}
export function roundWindYaku(wind: number): number {
  return YAKU.roundEast + wind;
}

/** Yaku ids by the names tenhou.net/6 JSON writes: Tenhou's, the converters' and Mahjong Soul's English (a wind name without its wind gives a marker). */
export const YAKU_IDS_BY_NAME: ReadonlyMap<string, number | 'seat-wind' | 'round-wind'> = new Map<string, number | 'seat-wind' | 'round-wind'>([
  ...YAKU_TABLE.flatMap((y) => [y.tenhou, ...y.converter, ...y.english].map((name) => [name, y.id] as const)),
  ...WIND_YAKU_NAMES,
]);

/** Yaku ids by gimite's mjai names (the winds and dragons aside). */
export const YAKU_IDS_BY_MJAI_NAME: ReadonlyMap<string, number> = new Map(YAKU_TABLE.flatMap((y) => (y.mjai === null ? [] : [[y.mjai, y.id] as const])));

/** One limit a win's value reaches (the log's `limit` code, 0..5), with its names in each spelling. */
export interface LimitSpec {
  /** The code (0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman): mjlog's third `ten` field. */
  readonly limit: number;
  /** kanshi's name (`none` below a mangan), as the database and the messages write it. */
  readonly term: string;
  /** Tenhou's name, which tenhou.net/6 JSON writes before the points (`満貫`); empty below a mangan. */
  readonly tenhou: string;
  /** Mahjong Soul's English name, as tensoul writes it in its English modes (`Mangan`). */
  readonly english: string;
  /** Other names read as this limit: kazoe yakuman, kiriage mangan, in Japanese (tensoul-py) and English. */
  readonly alsoRead: readonly string[];
}

/** The limits by code (docs/formats.md §5.6). */
export const LIMITS: readonly LimitSpec[] = Object.freeze([
  { limit: 0, term: 'none', tenhou: '', english: '', alsoRead: [] },
  { limit: 1, term: 'mangan', tenhou: '満貫', english: 'Mangan', alsoRead: ['切り上げ満貫', 'Kiriage Mangan', 'Rounded Mangan'] },
  { limit: 2, term: 'haneman', tenhou: '跳満', english: 'Haneman', alsoRead: [] },
  { limit: 3, term: 'baiman', tenhou: '倍満', english: 'Baiman', alsoRead: [] },
  { limit: 4, term: 'sanbaiman', tenhou: '三倍満', english: 'Sanbaiman', alsoRead: [] },
  { limit: 5, term: 'yakuman', tenhou: '役満', english: 'Yakuman', alsoRead: ['数え役満', 'Kazoe Yakuman', 'Counted Yakuman'] },
]);

/** kanshi's name of a limit code (`mangan`; `none` for 0), or null for a code that is no limit. */
export function limitTerm(limit: number): string | null {
  return LIMITS[limit]?.term ?? null;
}
