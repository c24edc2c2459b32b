/**
 * @kobalab/majiang-core's scorer (`Majiang.Util.hule`) on kanshi's WinInput: the hand in its notation
 * (suit letter first, `0` a red five; melds after commas with the feeder marked `+` shimocha, `=` toimen,
 * `-` kamicha: `z555=`, `m1-23`, `p505=5` a kakan, `s2222` an ankan), its rule options from the scoring
 * knobs, and its answer turned back into the fields a log states (yaku ids, han, fu, points, limit, each
 * seat's score change), so compareWithLog can judge it against the log like kanshi's own score.
 */
import { createRequire } from 'node:module';
import { YAKU_IDS_BY_NAME } from '../../src/events/index.js';
import { basicPoints, kiriage, type ScoreRules, type WinInput, type WinScore } from '../../src/score/index.js';
import { isRedFive, kindOf, type TileId } from '../../src/tiles/index.js';

interface MajiangShoupai {
  readonly _zimo: string | null;
}

interface MajiangHupai {
  name: string;
  fanshu: number | string;
  baojia?: string;
}

export interface MajiangHule {
  hupai: MajiangHupai[];
  fu?: number;
  fanshu?: number;
  damanguan?: number;
  defen: number;
  fenpei: number[];
}

interface Majiang {
  rule(param?: Record<string, unknown>): Record<string, unknown>;
  /** The dora an indicator points to (`m9` → `m1`, `z4` → `z1`, `z7` → `z5`). */
  Shan: { zhenbaopai(indicator: string): string };
  Shoupai: { fromString(text: string): MajiangShoupai };
  Util: {
    hule(shoupai: MajiangShoupai, rongpai: string | null, param: unknown): MajiangHule | undefined;
    hule_param(param: Record<string, unknown>): unknown;
  };
}

export const Majiang = createRequire(import.meta.url)('@kobalab/majiang-core') as Majiang;

const SUITS = ['m', 'p', 's', 'z'];

/**
 * How many of `tiles` are dora for these indicators, as majiang-core points an indicator to its dora (a red
 * five counts as a five here; red fives as such are a yaku of their own). 4-player tiles.
 */
export function majiangDoraCount(indicators: readonly TileId[], tiles: readonly TileId[]): number {
  const plain = (id: TileId) => tile(id, 0);
  let n = 0;
  for (const ind of indicators) {
    const dora = Majiang.Shan.zhenbaopai(plain(ind));
    n += tiles.filter((t) => plain(t) === dora).length;
  }
  return n;
}

/** One tile: `m5`, `m0` for a red five (as the game's rule has it). */
function tile(id: TileId, redSuits: number): string {
  const k = kindOf(id);
  return SUITS[Math.floor(k / 9)] + (isRedFive(id, redSuits) ? '0' : String((k % 9) + 1));
}

/** Concealed tiles grouped by suit: `m123p505z11`. */
function concealedText(tiles: readonly TileId[], redSuits: number): string {
  const by: string[] = ['', '', '', ''];
  for (const id of [...tiles].sort((a, b) => a - b)) {
    const t = tile(id, redSuits);
    by[SUITS.indexOf(t[0])] += t[1];
  }
  return by.map((d, s) => (d ? SUITS[s] + d : '')).join('');
}

/**
 * `+` shimocha, `=` toimen, `-` kamicha: where the feeder sits from the winner, counted in seat winds as
 * majiang-core counts them (the feeder's wind = the winner's + 1, 2 or 3). A 3-player table is its
 * 4-player table with North absent, so the player before the winner may sit two winds away.
 */
function direction(input: WinInput, from: number): string {
  const wind = (seat: number): number => (seat - input.dealer + input.players) % input.players;
  return ['', '+', '=', '-'][(wind(from) - wind(input.seat) + 4) % 4];
}

function meldText(input: WinInput, m: WinInput['melds'][number], redSuits: number): string {
  const digits = m.tiles.map((t) => tile(t, redSuits)[1]);
  const suit = tile(m.tiles[0], redSuits)[0];
  const dir = direction(input, m.from);
  if (m.type === 'ankan') return suit + digits.join('');
  if (m.type === 'daiminkan') return suit + digits.join('') + dir;
  if (m.type === 'chi') {
    const called = tile(m.called, redSuits)[1];
    const rest = m.tiles.filter((t) => t !== m.called).map((t) => tile(t, redSuits)[1]);
    return `${suit}${called}-${rest.join('')}`;
  }
  if (m.type === 'pon') return suit + digits.join('') + dir;
  // kakan: the pon (without one copy) with its feeder, then the added copy.
  return suit + digits.slice(0, 3).join('') + dir + digits[3];
}

/** The hand in majiang-core's notation: concealed tiles (the winning tile last for a tsumo), then the melds. */
export function majiangHand(input: WinInput): string {
  const red = input.redFiveSuits;
  let text = concealedText(input.concealed, red);
  if (input.tsumo) text += tile(input.winningTile, red);
  return [text, ...input.melds.map((m) => meldText(input, m, red))].join(',');
}

/** majiang-core's rule for kanshi's scoring rules (what it has knobs for). */
export function majiangRule(input: WinInput, rules: ScoreRules): Record<string, unknown> {
  return Majiang.rule({
    '連風牌は2符': rules.doubleWindPairFu === 2,
    'クイタンあり': rules.openTanyao,
    '一発あり': rules.ippatsuYaku,
    '裏ドラあり': rules.uraDora,
    'カンドラあり': rules.kandora,
    'カン裏あり': rules.kanUra,
    '役満の複合あり': rules.yakumanStacking,
    'ダブル役満あり': rules.doubleYakuman,
    '数え役満あり': rules.kazoeYakuman === 'yakuman',
    '役満パオあり': rules.yakumanPao !== 'none',
    '切り上げ満貫あり': kiriage(rules),
  });
}

/** majiang-core's score of a win, or undefined when it finds no winning hand (or no yaku). */
export function majiangHule(input: WinInput, rules: ScoreRules): MajiangHule | undefined {
  const red = input.redFiveSuits;
  const shoupai = Majiang.Shoupai.fromString(majiangHand(input));
  const rongpai = input.tsumo ? null : tile(input.winningTile, red) + direction(input, input.from);
  const param = Majiang.Util.hule_param({
    rule: majiangRule(input, rules),
    zhuangfeng: input.roundWind,
    menfeng: input.seatWind,
    lizhi: input.riichi === 'double' ? 2 : input.riichi === 'riichi' ? 1 : 0,
    yifa: input.ippatsu && input.riichi !== 'none',
    qianggang: input.chankan,
    lingshang: input.rinshan,
    haidi: input.haitei ? 1 : input.houtei ? 2 : 0,
    tianhu: input.blessing === 'tenhou' ? 1 : input.blessing === 'chiihou' ? 2 : 0,
    baopai: input.doraIndicators.map((t) => tile(t, red)),
    fubaopai: input.riichi !== 'none' ? input.uraIndicators.map((t) => tile(t, red)) : null,
    changbang: input.honba,
    lizhibang: input.riichiSticks,
  });
  const result = Majiang.Util.hule(shoupai, rongpai, param);
  return result && result.defen > 0 ? result : undefined;
}

/** A yaku's id by majiang-core's name: Tenhou's, or one src/events' table lists among the converters' (`翻牌 白`). */
function idOf(name: string): number {
  const id = YAKU_IDS_BY_NAME.get(name);
  return typeof id === 'number' ? id : -1;
}

/**
 * majiang-core's answer in the shape compareWithLog reads: yaku and yakuman ids, han, fu (none for a
 * yakuman: it gives none), points, limit (from its han and fu, as the log's is), and score changes by
 * seat (it reports them by seat wind, East first).
 */
export function majiangScore(input: WinInput, rules: ScoreRules, hule: MajiangHule): WinScore {
  const yaku: WinScore['yaku'] = [];
  const yakuman: WinScore['yakuman'] = [];
  for (const h of hule.hupai) {
    if (typeof h.fanshu === 'string') yakuman.push({ id: idOf(h.name), name: h.name, multiplier: h.fanshu.length });
    else yaku.push({ id: idOf(h.name), name: h.name, han: h.fanshu });
  }
  const han = hule.fanshu ?? 0;
  const { limit } = basicPoints(han, hule.fu ?? 0, hule.damanguan ?? 0, rules, kiriage(rules));
  // By seat wind, East first; in 3-player the North it charges sits nowhere (kanshi reads no fourth seat).
  const deltas = [0, 0, 0, 0];
  for (let wind = 0; wind < input.players; wind++) deltas[(input.dealer + wind) % input.players] = hule.fenpei[wind];
  return {
    valid: true,
    yaku,
    yakuman,
    han: hule.damanguan ? 0 : han,
    fu: hule.fu ?? 0,
    fuParts: [],
    kanFu: 0,
    dora: { dora: 0, kandora: 0, ura: 0, kanUra: 0, red: 0, kita: 0 },
    kanHan: 0,
    points: hule.defen,
    limit,
    basicPoints: 0,
    payments: [0, 0, 0, 0],
    deltas,
    honbaPoints: 0,
    stickPoints: 0,
    reading: null,
    kans: { melds: [], afterRiichi: [] },
  };
}
