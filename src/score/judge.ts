/**
 * One reading of a winning hand judged: its yaku or yakuman and its fu, for one choice of the group the
 * winning tile completed (the wait). The scorer judges every reading src/hand gives, with every group the
 * winning tile can have completed, and keeps the one worth most (score.ts).
 */
import { YAKU, YAKUMAN, yakuHan, yakumanMultiplier, yakuTerm } from '../events/index.js';
import type { Group, Reading } from '../hand/index.js';
import type { ScoringRules } from '../rules/index.js';
import type { TileKind } from '../tiles/index.js';
import { isTerminalOrHonorKind, type HandFacts } from './facts.js';
import type { FuPart, KanRef, ScoredYaku, ScoredYakuman, Wait, WinInput } from './types.js';

/** One reading judged. */
export interface Judgement {
  /** Yaku with their han (the situation's, the tiles', the sets'); dora are added by score.ts. */
  yaku: ScoredYaku[];
  /** Yakuman; when any, the yaku are not counted. */
  yakuman: ScoredYakuman[];
  /** Han of the yaku (dora aside). */
  yakuHan: number;
  /** Fu, rounded. */
  fu: number;
  /** The fu breakdown: filled only when the caller asked for it (the reading kept). */
  fuParts: FuPart[];
  /** How the winning tile completed the hand. */
  wait: Wait;
  /** The group the winning tile completed (an index into the reading's groups; -1 for kokushi). */
  winGroup: number;
}

/** The wait a group completed by the winning tile of kind `w` stood for. */
export function waitOf(group: Group, w: TileKind): Wait {
  if (group.shape === 'pair') return 'tanki';
  if (group.shape === 'triplet') return 'shanpon';
  const pos = w - group.first;
  if (pos === 1) return 'kanchan';
  // 12 waiting on 3, or 89 waiting on 7: an edge wait.
  if (pos === 0) return group.first % 9 === 6 ? 'penchan' : 'ryanmen';
  return group.first % 9 === 0 ? 'penchan' : 'ryanmen';
}

/** Does the group contain the kind? */
export function groupHolds(group: Group, w: TileKind): boolean {
  if (group.shape === 'run') return w >= group.first && w <= group.first + 2;
  return group.first === w;
}

const DRAGON_YAKU = [YAKU.haku, YAKU.hatsu, YAKU.chun];

/** A yaku with its han in a closed or an open hand (src/events' table). */
function yaku(list: ScoredYaku[], id: number, closed: boolean, kans?: readonly KanRef[]): void {
  const han = yakuHan(id, closed);
  list.push(kans && kans.length > 0 ? { id, name: yakuTerm(id), han, kans } : { id, name: yakuTerm(id), han });
}

/** For the yaku the judge gives a closed hand alone (riichi, menzen tsumo, pinfu, the peikou, chiitoitsu): their closed han. */
const CLOSED = true;

/** The scratch sets of a standard reading: kinds, runs, kans, concealment; at most four. */
interface SetsScratch {
  /** Each set's kind (a run's lowest). */
  kind: number[];
  /** A run. */
  run: boolean[];
  /** A kan. */
  kan: boolean[];
  /** Concealed (a closed triplet, an ankan, a concealed run); a triplet completed by a ron is open. */
  concealed: boolean[];
  /** Index into facts.melds, or -1 for a concealed group. */
  meld: number[];
  /** Sets filled. */
  n: number;
}

function newScratch(): SetsScratch {
  return { kind: [0, 0, 0, 0, 0], run: [false, false, false, false, false], kan: [false, false, false, false, false], concealed: [false, false, false, false, false], meld: [0, 0, 0, 0, 0], n: 0 };
}

const SETS = newScratch();
/** By suit: bits of the numbers where a run starts / a triplet stands (sanshoku, ittsu, sanshoku doukou). */
const RUN_STARTS = [0, 0, 0];
const TRIPLET_NUMBERS = [0, 0, 0];

/**
 * Judges a standard reading (four sets and a pair, melds included) with the winning tile in group
 * `winGroup`, or a seven-pairs or thirteen-orphans reading.
 */
export function judge(facts: HandFacts, input: WinInput, rules: ScoringRules, reading: Reading, winGroup: number, detail = false): Judgement {
  const wait: Wait = reading.form === 'seven-pairs' ? 'chiitoitsu' : reading.form === 'thirteen-orphans' ? 'kokushi' : waitOf(reading.groups[winGroup], facts.winKind);
  const yakumanList: ScoredYakuman[] = [];
  blessingYakuman(input, rules, yakumanList);
  if (reading.form === 'thirteen-orphans') {
    // The 13-sided wait: the 13 tiles before the win were the 13 orphans once each, so the winning tile made the pair.
    const thirteen = facts.counts[facts.winKind] === 2;
    addYakuman(yakumanList, thirteen ? YAKUMAN.kokushi13 : YAKUMAN.kokushi, rules);
    return { yaku: [], yakuman: yakumanList, yakuHan: 0, fu: 0, fuParts: [], wait, winGroup: -1 };
  }
  if (reading.form === 'seven-pairs') return judgeSevenPairs(facts, input, rules, yakumanList, winGroup);
  return judgeStandard(facts, input, rules, reading, winGroup, wait, yakumanList, detail);
}

/** A yakuman scored: two yakuman for a double one (YAKU_TABLE's `double`) where the rules play them. */
function addYakuman(list: ScoredYakuman[], id: number, rules: ScoringRules, kans?: readonly KanRef[]): void {
  const multiplier = yakumanMultiplier(id, rules.doubleYakuman);
  list.push(kans && kans.length > 0 ? { id, name: yakuTerm(id), multiplier, kans } : { id, name: yakuTerm(id), multiplier });
}

function blessingYakuman(input: WinInput, rules: ScoringRules, list: ScoredYakuman[]): void {
  if (input.blessing === 'tenhou') addYakuman(list, YAKUMAN.tenhou, rules);
  else if (input.blessing === 'chiihou') addYakuman(list, YAKUMAN.chiihou, rules);
  else if (input.blessing === 'renhou' && rules.renhou === 'yakuman') addYakuman(list, YAKU.renhou, rules);
}

/** The yaku of the situation, not of the tiles: riichi, ippatsu, menzen tsumo, chankan, rinshan, haitei, houtei (renhou: score.ts). */
function situationYaku(facts: HandFacts, input: WinInput, rules: ScoringRules, list: ScoredYaku[]): void {
  if (input.riichi === 'double') yaku(list, YAKU.doubleRiichi, CLOSED);
  else if (input.riichi === 'riichi') yaku(list, YAKU.riichi, CLOSED);
  if (input.riichi !== 'none' && input.ippatsu && rules.ippatsuYaku) yaku(list, YAKU.ippatsu, CLOSED);
  if (facts.closed && input.tsumo) yaku(list, YAKU.menzenTsumo, CLOSED);
  if (input.chankan) yaku(list, YAKU.chankan, facts.closed, input.kans?.robbed ? [input.kans.robbed] : undefined);
  if (input.rinshan) yaku(list, YAKU.rinshanKaihou, facts.closed, input.kans?.rinshan ? [input.kans.rinshan] : undefined);
  if (input.haitei) yaku(list, YAKU.haitei, facts.closed);
  if (input.houtei) yaku(list, YAKU.houtei, facts.closed);
}

/** The flush and all-terminal yaku that read the tiles alone; shared by the standard and seven-pairs readings. */
function tileYaku(facts: HandFacts, input: WinInput, rules: ScoringRules, list: ScoredYaku[]): void {
  if (facts.allSimples && (facts.closed || rules.openTanyao)) yaku(list, YAKU.tanyao, facts.closed);
  if (facts.allTerminalsHonors && !facts.allHonors && !facts.allTerminals) yaku(list, YAKU.honroutou, facts.closed);
  const oneSuit = facts.suits === 1 || facts.suits === 2 || facts.suits === 4;
  if (oneSuit && facts.honors) yaku(list, YAKU.honitsu, facts.closed);
  if (oneSuit && !facts.honors) yaku(list, YAKU.chinitsu, facts.closed);
}

/** The yakuman of the tiles alone: tsuuiisou, ryuuiisou, chinroutou. */
function tileYakuman(facts: HandFacts, rules: ScoringRules, list: ScoredYakuman[]): void {
  if (facts.allHonors) addYakuman(list, YAKUMAN.tsuuiisou, rules);
  if (facts.allGreen) addYakuman(list, YAKUMAN.ryuuiisou, rules);
  if (facts.allTerminals) addYakuman(list, YAKUMAN.chinroutou, rules);
}

function sumHan(list: readonly ScoredYaku[]): number {
  let han = 0;
  for (let i = 0; i < list.length; i++) han += list[i].han;
  return han;
}

const CHIITOITSU_FU: FuPart = Object.freeze({ reason: 'chiitoitsu', fu: 25 });

function judgeSevenPairs(facts: HandFacts, input: WinInput, rules: ScoringRules, yakumanList: ScoredYakuman[], winGroup: number): Judgement {
  tileYakuman(facts, rules, yakumanList);
  const fuParts: FuPart[] = [CHIITOITSU_FU];
  if (yakumanList.length > 0) return { yaku: [], yakuman: yakumanList, yakuHan: 0, fu: 25, fuParts, wait: 'chiitoitsu', winGroup };
  const list: ScoredYaku[] = [];
  situationYaku(facts, input, rules, list);
  yaku(list, YAKU.chiitoitsu, CLOSED);
  tileYaku(facts, input, rules, list);
  return { yaku: list, yakuman: yakumanList, yakuHan: sumHan(list), fu: 25, fuParts, wait: 'chiitoitsu', winGroup };
}

function judgeStandard(
  facts: HandFacts,
  input: WinInput,
  rules: ScoringRules,
  reading: Reading,
  winGroup: number,
  wait: Wait,
  yakumanList: ScoredYakuman[],
  detail: boolean,
): Judgement {
  const s = SETS;
  s.n = 0;
  let pair = -1;
  const groups = reading.groups;
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i];
    if (g.shape === 'pair') {
      pair = g.first;
      continue;
    }
    s.kind[s.n] = g.first;
    s.run[s.n] = g.shape === 'run';
    s.kan[s.n] = false;
    // A triplet completed by a ron is an open set: for fu and for the concealed-triplet yaku.
    s.concealed[s.n] = !(i === winGroup && !input.tsumo && g.shape === 'triplet');
    s.meld[s.n] = -1;
    s.n++;
  }
  const melds = facts.melds;
  for (let i = 0; i < melds.length; i++) {
    const m = melds[i];
    s.kind[s.n] = m.kind;
    s.run[s.n] = m.run;
    s.kan[s.n] = m.kan;
    s.concealed[s.n] = !m.open;
    s.meld[s.n] = i;
    s.n++;
  }
  const roundWindKind = 27 + input.roundWind;
  const seatWindKind = 27 + input.seatWind;

  // Counts of the set kinds the yaku read.
  let runs = 0;
  let concealedTriplets = 0;
  let kans = 0;
  let dragonTriplets = 0;
  let windTriplets = 0;
  let allSetsTerminal = true;
  let anyHonorSet = false;
  const runStarts = RUN_STARTS;
  const tripletNumbers = TRIPLET_NUMBERS;
  runStarts[0] = runStarts[1] = runStarts[2] = 0;
  tripletNumbers[0] = tripletNumbers[1] = tripletNumbers[2] = 0;
  for (let i = 0; i < s.n; i++) {
    const k = s.kind[i];
    if (s.run[i]) {
      runs++;
      runStarts[Math.floor(k / 9)] |= 1 << (k % 9);
      if (k % 9 !== 0 && k % 9 !== 6) allSetsTerminal = false;
    } else {
      if (s.concealed[i]) concealedTriplets++;
      if (s.kan[i]) kans++;
      if (k >= 31) dragonTriplets++;
      else if (k >= 27) windTriplets++;
      else tripletNumbers[Math.floor(k / 9)] |= 1 << (k % 9);
      if (!isTerminalOrHonorKind(k)) allSetsTerminal = false;
      if (k >= 27) anyHonorSet = true;
    }
  }
  const kanRefs = kans >= 3 ? kanRefsOf(facts) : NO_KANS;

  // Yakuman of the sets.
  if (concealedTriplets === 4) {
    const tanki = wait === 'tanki';
    addYakuman(yakumanList, tanki ? YAKUMAN.suuankouTanki : YAKUMAN.suuankou, rules);
  }
  if (dragonTriplets === 3) addYakuman(yakumanList, YAKUMAN.daisangen, rules);
  if (windTriplets === 4) addYakuman(yakumanList, YAKUMAN.daisuushii, rules);
  else if (windTriplets === 3 && pair >= 27 && pair <= 30) addYakuman(yakumanList, YAKUMAN.shousuushii, rules);
  tileYakuman(facts, rules, yakumanList);
  if (facts.closed && melds.length === 0) chuuren(facts, rules, yakumanList);
  if (kans === 4) addYakuman(yakumanList, YAKUMAN.suukantsu, rules, kanRefs);

  // The fu breakdown is written out for the reading kept only (its words cost more than its sums).
  const fuParts: FuPart[] = [];
  const fu = fuOf(facts, input, rules, pair, wait, roundWindKind, seatWindKind, detail ? fuParts : null);
  const pinfu = fu === PINFU_TSUMO_FU || fu === PINFU_RON_FU;
  const handFu = fu < 0 ? -fu : fu;
  if (yakumanList.length > 0) return { yaku: [], yakuman: yakumanList, yakuHan: 0, fu: handFu, fuParts, wait, winGroup };

  const list: ScoredYaku[] = [];
  situationYaku(facts, input, rules, list);
  if (pinfu) yaku(list, YAKU.pinfu, CLOSED);
  // Identical runs (a closed hand's runs are all concealed): one pair iipeikou, two ryanpeikou.
  if (facts.closed && runs >= 2) {
    const peikou = identicalRunPairs(s);
    if (peikou === 1) yaku(list, YAKU.iipeikou, CLOSED);
    else if (peikou >= 2) yaku(list, YAKU.ryanpeikou, CLOSED);
  }
  for (let i = 0; i < s.n; i++) {
    if (s.run[i]) continue;
    const k = s.kind[i];
    if (k < 27) continue;
    const m = s.meld[i] >= 0 ? melds[s.meld[i]] : null;
    // Sakizuke: an open yakuhai meld counts only as the hand's first call.
    if (m && m.open && rules.atozuke === 'first-call' && !m.firstCall) continue;
    const ref = m?.ref ? [m.ref] : undefined;
    if (k >= 31) yaku(list, DRAGON_YAKU[k - 31], facts.closed, ref);
    else {
      if (k === seatWindKind) yaku(list, YAKU.seatEast + input.seatWind, facts.closed, ref);
      if (k === roundWindKind) yaku(list, YAKU.roundEast + input.roundWind, facts.closed, ref);
    }
  }
  const hasPair = pair >= 0;
  const pairTerminal = hasPair && isTerminalOrHonorKind(pair);
  if (runs > 0 && allSetsTerminal && pairTerminal) {
    const honorsInHand = anyHonorSet || pair >= 27;
    if (honorsInHand) yaku(list, YAKU.chanta, facts.closed);
    else yaku(list, YAKU.junchan, facts.closed);
  }
  for (let suit = 0; suit < 3; suit++) {
    const r = runStarts[suit];
    if ((r & 0b1001001) === 0b1001001) yaku(list, YAKU.ittsu, facts.closed);
  }
  if ((runStarts[0] & runStarts[1] & runStarts[2]) !== 0) yaku(list, YAKU.sanshoku, facts.closed);
  if ((tripletNumbers[0] & tripletNumbers[1] & tripletNumbers[2]) !== 0) yaku(list, YAKU.sanshokuDoukou, facts.closed);
  if (kans === 3) yaku(list, YAKU.sankantsu, facts.closed, kanRefs);
  if (runs === 0) yaku(list, YAKU.toitoi, facts.closed);
  if (concealedTriplets === 3) yaku(list, YAKU.sanankou, facts.closed);
  if (dragonTriplets === 2 && pair >= 31) yaku(list, YAKU.shousangen, facts.closed);
  tileYaku(facts, input, rules, list);
  return { yaku: list, yakuman: yakumanList, yakuHan: sumHan(list), fu: handFu, fuParts, wait, winGroup };
}

const NO_KANS: readonly KanRef[] = Object.freeze([]);

function kanRefsOf(facts: HandFacts): KanRef[] {
  const refs: KanRef[] = [];
  for (const m of facts.melds) if (m.kan && m.ref) refs.push(m.ref);
  return refs;
}

/** Pairs of identical runs among the sets (each run in at most one pair). */
function identicalRunPairs(s: SetsScratch): number {
  let pairs = 0;
  let used = 0;
  for (let i = 0; i < s.n; i++) {
    if (!s.run[i] || used & (1 << i)) continue;
    for (let j = i + 1; j < s.n; j++) {
      if (!s.run[j] || used & (1 << j) || s.kind[j] !== s.kind[i]) continue;
      used |= (1 << i) | (1 << j);
      pairs++;
      break;
    }
  }
  return pairs;
}

/** Chuuren poutou: one suit, no meld, 1112345678999 plus one; junsei when the 13 tiles before the win were exactly that. */
function chuuren(facts: HandFacts, rules: ScoringRules, list: ScoredYakuman[]): void {
  if (facts.honors || !(facts.suits === 1 || facts.suits === 2 || facts.suits === 4)) return;
  const base = facts.suits === 1 ? 0 : facts.suits === 2 ? 9 : 18;
  const c = facts.counts;
  if (c[base] < 3 || c[base + 8] < 3) return;
  for (let n = 1; n < 8; n++) if (c[base + n] < 1) return;
  const w = facts.winKind - base;
  // Before the win: 3,1,1,1,1,1,1,1,3 exactly is the nine-sided wait.
  const before = c[base + w] - 1;
  const junsei = before === (w === 0 || w === 8 ? 3 : 1);
  addYakuman(list, junsei ? YAKUMAN.junseiChuuren : YAKUMAN.chuuren, rules);
}

/** Marks returned by fuOf for a pinfu hand: 20 and 30 fu, told apart from the same fu of other hands. */
const PINFU_TSUMO_FU = -20;
const PINFU_RON_FU = -30;

/**
 * Fu of a standard reading, with its breakdown pushed on `parts` when given. A pinfu hand's fu come back
 * negative (PINFU_TSUMO_FU, PINFU_RON_FU), so the caller knows it is pinfu without a second result.
 */
function fuOf(
  facts: HandFacts,
  input: WinInput,
  rules: ScoringRules,
  pair: number,
  wait: Wait,
  roundWindKind: number,
  seatWindKind: number,
  parts: FuPart[] | null,
): number {
  const s = SETS;
  parts?.push({ reason: 'base', fu: 20 });
  let fu = 20;
  let setFu = 0;
  for (let i = 0; i < s.n; i++) {
    if (s.run[i]) continue;
    const k = s.kind[i];
    let f = isTerminalOrHonorKind(k) ? 4 : 2;
    if (s.concealed[i]) f *= 2;
    if (s.kan[i]) f *= 4;
    setFu += f;
    if (parts) {
      const m = s.meld[i] >= 0 ? facts.melds[s.meld[i]] : null;
      parts.push({ reason: 'set', fu: f, kind: k, closed: s.concealed[i], isKan: s.kan[i], kan: m?.ref });
    }
  }
  fu += setFu;
  let pairFu = 0;
  if (pair >= 31) pairFu = 2;
  else if (pair >= 27) {
    const seat = pair === seatWindKind;
    const round = pair === roundWindKind;
    pairFu = seat && round ? rules.doubleWindPairFu : seat || round ? 2 : 0;
  }
  if (pairFu > 0) {
    fu += pairFu;
    parts?.push({ reason: 'pair', fu: pairFu, kind: pair });
  }
  if (wait === 'kanchan' || wait === 'penchan' || wait === 'tanki') {
    fu += 2;
    parts?.push({ reason: 'wait', fu: 2, wait });
  }
  // Pinfu: closed, four runs, a pair that gives no fu, and a two-sided wait.
  if (facts.closed && setFu === 0 && s.n === 4 && allRuns(s) && pairFu === 0 && wait === 'ryanmen') {
    if (input.tsumo) {
      parts?.push({ reason: 'pinfu-tsumo', fu: 0 });
      return PINFU_TSUMO_FU;
    }
    parts?.push({ reason: 'menzen-ron', fu: 10 });
    return PINFU_RON_FU;
  }
  if (input.tsumo) {
    if (!(input.rinshan && rules.rinshanTsumoFu === 'none')) {
      fu += 2;
      parts?.push({ reason: 'tsumo', fu: 2 });
    }
  } else if (facts.closed) {
    fu += 10;
    parts?.push({ reason: 'menzen-ron', fu: 10 });
  } else if (fu === 20) {
    // An open hand of pinfu shape won by ron is worth 30 fu.
    parts?.push({ reason: 'open-pinfu', fu: 10 });
    return 30;
  }
  const rounded = Math.ceil(fu / 10) * 10;
  if (rounded !== fu) parts?.push({ reason: 'round-up', fu: rounded - fu });
  return rounded;
}

function allRuns(s: SetsScratch): boolean {
  for (let i = 0; i < s.n; i++) if (!s.run[i]) return false;
  return true;
}
