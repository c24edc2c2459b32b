/**
 * A win scored: every reading of the hand judged (judge.ts), the one worth most kept as Tenhou keeps it
 * (most points; on a tie, more han, then more fu), dora added, points and limit, and each seat's payment
 * with honba, riichi sticks and liability. A hand's wins together (a double or triple ron) share the
 * honba and sticks as the rules say.
 */
import { YAKU, YAKU_TABLE, YAKUMAN, yakuTerm } from '../events/index.js';
import { readings, type Reading } from '../hand/index.js';
import { RIICHI_STICK_POINTS, type DaiminkanPao, type ScoringRules } from '../rules/index.js';
import { doraOf } from './dora.js';
import { handFacts, type HandFacts } from './facts.js';
import { groupHolds, judge, type Judgement } from './judge.js';
import { basicPoints, ceil100, handPayments, honbaUnit, kiriage } from './points.js';
import type { DoraCounts, FuPart, KanRef, ScoredReading, ScoredYaku, WinFailure, WinInput, WinScore } from './types.js';

/** The rules a score depends on: the scoring knobs, and the kan knob on who pays a rinshan tsumo after a daiminkan. */
export type ScoreRules = ScoringRules & { daiminkanPao: DaiminkanPao };

/** A judgement with what it is worth. */
interface Valued {
  j: Judgement;
  reading: Reading;
  han: number;
  yakumanCount: number;
  basic: number;
  limit: number;
  points: number;
}

/** The candidates of one win (reading index, group index): scratch, the scorer being synchronous. */
const CANDIDATE_READING = new Int32Array(64);
const CANDIDATE_GROUP = new Int32Array(64);

const NO_DORA: DoraCounts = Object.freeze({ dora: 0, kandora: 0, ura: 0, kanUra: 0, red: 0, kita: 0 });

/** Scores one win as if it were the hand's only one (its honba and sticks included). */
export function scoreWin(input: WinInput, rules: ScoreRules): WinScore {
  const facts = handFacts(input);
  if (facts === null) return invalid(input, 'incomplete', 'the tiles are no hand: a kind held five times, or a meld that is no set', null, null);
  if (input.concealed.length + 1 + 3 * input.melds.length !== 14) {
    return invalid(input, 'incomplete', `${input.concealed.length} concealed tiles and ${input.melds.length} melds: a winning hand has 13 - 3 x melds concealed tiles and the winning tile`, null, null);
  }
  const dora = doraOf(input, rules);
  const doraHan = dora.dora + dora.kandora + dora.ura + dora.kanUra + dora.red + dora.kita;
  // The candidates: each reading, with each group that holds the winning tile (identical groups once).
  const all = readings(facts.counts);
  let count = 0;
  for (let r = 0; r < all.length; r++) {
    const groups = all[r].groups;
    if (all[r].form === 'thirteen-orphans') {
      CANDIDATE_READING[count] = r;
      CANDIDATE_GROUP[count++] = -1;
      continue;
    }
    for (let g = 0; g < groups.length; g++) {
      if (!groupHolds(groups[g], facts.winKind)) continue;
      if (g > 0 && groups[g - 1].shape === groups[g].shape && groups[g - 1].first === groups[g].first) continue;
      if (count === CANDIDATE_READING.length) break;
      CANDIDATE_READING[count] = r;
      CANDIDATE_GROUP[count++] = g;
    }
  }
  if (count === 0) return invalid(input, 'incomplete', 'the tiles are not a complete hand', null, null);
  // One candidate (most wins) is judged once, with its fu breakdown; several are judged by their sums, and
  // the one kept is judged again with its breakdown written out.
  const detail = count === 1;
  let best: Valued | null = null;
  for (let c = 0; c < count; c++) {
    const reading = all[CANDIDATE_READING[c]];
    best = better(best, value(judge(facts, input, rules, reading, CANDIDATE_GROUP[c], detail), reading, doraHan, input, rules));
  }
  if (best === null) return invalid(input, 'incomplete', 'the tiles are not a complete hand', null, null);
  if (!detail) best.j = judge(facts, input, rules, best.reading, best.j.winGroup, true);
  if (input.blessing === 'renhou' && rules.renhou === 'mangan' && best.yakumanCount === 0 && best.basic < 2000) renhouMangan(best, input, rules);
  const reading: ScoredReading = { form: best.reading.form, groups: best.reading.groups, winGroup: best.j.winGroup, wait: best.j.wait };
  if (best.j.yakuman.length === 0 && best.j.yakuHan === 0) return invalid(input, 'no-yaku', 'the hand has no yaku', best.j, reading);
  const renhouOnly = best.j.yaku.length === 1 && best.j.yaku[0].id === YAKU.renhou;
  return finish(facts, input, rules, best, best.j.yakuman.length > 0 || renhouOnly ? NO_DORA : dora, reading);
}

/**
 * Renhou as a mangan: the hand is paid as a mangan, renhou its one yaku (5 han), unless its other yaku
 * and dora are worth more (then renhou is not counted: the caller only comes here below a mangan).
 */
function renhouMangan(best: Valued, input: WinInput, rules: ScoringRules): void {
  const han = YAKU_TABLE[YAKU.renhou].closedHan;
  best.j.yaku.length = 0;
  best.j.yaku.push({ id: YAKU.renhou, name: yakuTerm(YAKU.renhou), han });
  best.j.yakuHan = han;
  best.han = han;
  best.basic = 2000;
  best.limit = 1;
  const pay = handPayments(2000, input.seat, input.from, input.dealer, input.players, rules, SCRATCH_PAY);
  best.points = pay[0] + pay[1] + pay[2] + pay[3];
}

/** Value of one judgement: its han with the dora, basic points, limit and the points the winner gets. */
function value(j: Judgement, reading: Reading, doraHan: number, input: WinInput, rules: ScoringRules): Valued {
  let yakumanCount = 0;
  for (let i = 0; i < j.yakuman.length; i++) {
    const m = j.yakuman[i].multiplier;
    yakumanCount = rules.yakumanStacking ? yakumanCount + m : Math.max(yakumanCount, m);
  }
  // Dora are no yaku: a reading without a yaku is worth nothing.
  const han = yakumanCount > 0 || j.yakuHan === 0 ? j.yakuHan : j.yakuHan + doraHan;
  if (yakumanCount === 0 && j.yakuHan === 0) return { j, reading, han, yakumanCount, basic: 0, limit: 0, points: 0 };
  const { basic, limit } = basicPoints(han, j.fu, yakumanCount, rules, kiriage(rules));
  const pay = handPayments(basic, input.seat, input.from, input.dealer, input.players, rules, SCRATCH_PAY);
  const points = pay[0] + pay[1] + pay[2] + pay[3];
  return { j, reading, han, yakumanCount, basic, limit, points };
}

const SCRATCH_PAY = [0, 0, 0, 0];

/** Tenhou's choice among readings: more points, then more han, then more fu. */
function better(a: Valued | null, b: Valued): Valued {
  if (a === null) return b;
  if (b.points !== a.points) return b.points > a.points ? b : a;
  if (b.han !== a.han) return b.han > a.han ? b : a;
  return b.j.fu > a.j.fu ? b : a;
}

/** A win worth nothing: no hand, or no yaku (its fu and reading kept when there is one). */
function invalid(input: WinInput, failure: WinFailure, problem: string, j: Judgement | null, reading: ScoredReading | null): WinScore {
  return {
    valid: false,
    failure,
    problem,
    yaku: [],
    yakuman: [],
    han: 0,
    fu: j ? j.fu : 0,
    fuParts: j ? j.fuParts : [],
    kanFu: j ? kanFu(j.fuParts) : 0,
    dora: { dora: 0, kandora: 0, ura: 0, kanUra: 0, red: 0, kita: 0 },
    kanHan: 0,
    points: 0,
    limit: 0,
    basicPoints: 0,
    payments: [0, 0, 0, 0],
    deltas: [0, 0, 0, 0],
    honbaPoints: 0,
    stickPoints: 0,
    liable: undefined,
    reading,
    kans: kansOf(input),
  };
}

const NO_KAN_REFS: readonly KanRef[] = Object.freeze([]);

function kansOf(input: WinInput): WinScore['kans'] {
  let melds: KanRef[] | null = null;
  for (let i = 0; i < input.melds.length; i++) {
    const ref = input.melds[i].kan;
    if (ref) (melds ??= []).push(ref);
  }
  const k = input.kans;
  return {
    melds: melds ?? NO_KAN_REFS,
    robbed: k?.robbed,
    rinshan: k?.rinshan,
    afterRiichi: k?.afterRiichi ?? NO_KAN_REFS,
  };
}

/** The whole score of the reading kept: yaku with dora, points, payments. */
function finish(facts: HandFacts, input: WinInput, rules: ScoreRules, best: Valued, dora: DoraCounts, reading: ScoredReading): WinScore {
  // The judgement kept is this win's own: its yaku list takes the dora.
  const yaku: ScoredYaku[] = best.j.yaku;
  if (best.yakumanCount === 0) {
    const d = dora.dora + dora.kandora + dora.kita;
    if (d > 0) yaku.push({ id: YAKU.dora, name: yakuTerm(YAKU.dora), han: d });
    if (dora.red > 0) yaku.push({ id: YAKU.akaDora, name: yakuTerm(YAKU.akaDora), han: dora.red });
    // Tenhou lists ura for every winner in riichi, at 0 han when none is held.
    if (input.riichi !== 'none' && rules.uraDora) yaku.push({ id: YAKU.ura, name: yakuTerm(YAKU.ura), han: dora.ura + dora.kanUra });
  }
  const payments = handPayments(best.basic, input.seat, input.from, input.dealer, input.players, rules);
  const deltas = [0, 0, 0, 0];
  const honbaTotal = honbaUnit(input.players, rules) * input.honba;
  const liable = liableSeat(facts, input, rules, best);
  if (liable !== null) {
    payWithLiability(input, rules, best, liable, deltas, honbaTotal);
  } else {
    const honba = input.tsumo ? honbaTotal / (input.players - 1) : honbaTotal;
    for (let s = 0; s < 4; s++) {
      if (payments[s] === 0) continue;
      deltas[s] -= payments[s] + honba;
      deltas[input.seat] += payments[s] + honba;
    }
  }
  const sticks = RIICHI_STICK_POINTS * input.riichiSticks;
  deltas[input.seat] += sticks;
  return {
    valid: true,
    problem: undefined,
    yaku,
    yakuman: best.j.yakuman,
    han: best.yakumanCount > 0 ? 0 : best.han,
    fu: best.j.fu,
    fuParts: best.j.fuParts,
    kanFu: kanFu(best.j.fuParts),
    dora,
    kanHan: best.j.yakuman.length > 0 ? 0 : kanHan(yaku, dora),
    points: best.points,
    limit: best.limit,
    basicPoints: best.basic,
    payments,
    deltas,
    honbaPoints: honbaTotal,
    stickPoints: sticks,
    liable: liable?.seat,
    reading,
    kans: kansOf(input),
  };
}

/** The fu of the kans among the parts (before rounding). */
function kanFu(parts: readonly FuPart[]): number {
  let fu = 0;
  for (const p of parts) if (p.reason === 'set' && p.isKan) fu += p.fu;
  return fu;
}

/**
 * The han of a hand (not a yakuman) that its kans brought: the kan yaku's (the table's `kan`: chankan,
 * rinshan kaihou, sankantsu; suukantsu is a yakuman), the kandora and the kan ura.
 */
function kanHan(yaku: readonly ScoredYaku[], dora: DoraCounts): number {
  let han = dora.kandora + dora.kanUra;
  for (const y of yaku) if (YAKU_TABLE[y.id].kan) han += y.han;
  return han;
}

/** A liable player: pao for a yakuman (its share, in yakuman), or the daiminkan's discarder under `discarder-pays` (and `-chained`). */
interface Liability {
  seat: number;
  /** `pao`: the yakuman liability; `daiminkan`: the whole tsumo. */
  kind: 'pao' | 'daiminkan';
  /** Yakuman the liability covers (pao). */
  yakuman: number;
}

/** Who fed the last set of a pao yakuman, by the melds in call order; or the input's own `pao`. */
function liableSeat(facts: HandFacts, input: WinInput, rules: ScoreRules, best: Valued): Liability | null {
  if (best.yakumanCount > 0 && rules.yakumanPao !== 'none' && input.pao !== null) {
    let covered = 0;
    let seat = -1;
    for (const y of best.j.yakuman) {
      let feeder = -1;
      if (y.id === YAKUMAN.daisangen) feeder = lastSetFeeder(facts, input, 31, 33);
      else if (y.id === YAKUMAN.daisuushii) feeder = lastSetFeeder(facts, input, 27, 30);
      else if (y.id === YAKUMAN.suukantsu && rules.yakumanPao === 'with-suukantsu') feeder = fourthKanFeeder(input);
      // A liable player the caller names stands for the feeder of any pao yakuman the hand holds.
      if (input.pao !== undefined && (y.id === YAKUMAN.daisangen || y.id === YAKUMAN.daisuushii || (y.id === YAKUMAN.suukantsu && rules.yakumanPao === 'with-suukantsu'))) feeder = input.pao;
      if (feeder >= 0 && feeder !== input.seat) {
        seat = feeder;
        covered += y.multiplier;
      }
    }
    if (seat >= 0) return { seat, kind: 'pao', yakuman: Math.min(covered, best.yakumanCount) };
  }
  if (rules.daiminkanPao !== 'none' && input.tsumo && input.rinshan) {
    const feeder = input.daiminkanFeeder ?? (rules.daiminkanPao === 'discarder-pays-chained' ? input.chainedDaiminkanFeeder : undefined);
    if (feeder !== undefined) return { seat: feeder, kind: 'daiminkan', yakuman: 0 };
  }
  return null;
}

/** The feeder of the last of the hand's melded sets of kinds lo..hi, when all of them are melds and that one was called. */
function lastSetFeeder(facts: HandFacts, input: WinInput, lo: number, hi: number): number {
  let need = hi - lo + 1;
  for (let i = 0; i < facts.melds.length; i++) {
    const m = facts.melds[i];
    if (m.run || m.kind < lo || m.kind > hi) continue;
    if (--need === 0) return m.open ? input.melds[i].from : -1;
  }
  return -1;
}

/** The feeder of the fourth kan, when it is a daiminkan (M-League's suukantsu pao). */
function fourthKanFeeder(input: WinInput): number {
  let kans = 0;
  for (const m of input.melds) {
    if (m.type !== 'ankan' && m.type !== 'daiminkan' && m.type !== 'kakan') continue;
    if (++kans === 4) return m.type === 'daiminkan' ? m.from : -1;
  }
  return -1;
}

/** Payments when a liable player pays all (tsumo) or half (ron) of the hand, or of the pao yakuman's share. */
/** One payment from `seat` to the winner. */
function pay(deltas: number[], winner: number, seat: number, amount: number): void {
  deltas[seat] -= amount;
  deltas[winner] += amount;
}

function payWithLiability(input: WinInput, rules: ScoreRules, best: Valued, liable: Liability, deltas: number[], honbaTotal: number): void {
  const winner = input.seat;
  const multiplier = winner === input.dealer ? 6 : 4;
  if (liable.kind === 'daiminkan' || rules.paoCompound === 'whole-hand' || liable.yakuman >= best.yakumanCount) {
    if (input.tsumo) {
      pay(deltas, winner, liable.seat, best.points + honbaTotal);
    } else if (liable.seat === input.from) {
      pay(deltas, winner, input.from, best.points + honbaTotal);
    } else {
      const half = best.points / 2;
      pay(deltas, winner, input.from, half + (rules.paoRonHonba === 'discarder' ? honbaTotal : 0));
      pay(deltas, winner, liable.seat, half + (rules.paoRonHonba === 'liable' ? honbaTotal : 0));
    }
    return;
  }
  // Only the pao yakuman's share is the liable player's; the rest is paid as usual.
  const paoValue = ceil100(8000 * liable.yakuman * multiplier);
  const restBasic = best.basic - 8000 * liable.yakuman;
  if (input.tsumo) {
    pay(deltas, winner, liable.seat, paoValue);
    const rest = handPayments(restBasic, winner, input.from, input.dealer, input.players, rules);
    for (let s = 0; s < 4; s++) if (rest[s] > 0) pay(deltas, winner, s, rest[s] + honbaTotal / (input.players - 1));
  } else {
    const restValue = ceil100(restBasic * multiplier);
    pay(deltas, winner, input.from, restValue + paoValue / 2 + (rules.paoRonHonba === 'discarder' ? honbaTotal : 0));
    pay(deltas, winner, liable.seat, paoValue / 2 + (rules.paoRonHonba === 'liable' ? honbaTotal : 0));
  }
}

/**
 * A hand's wins scored together: a double or triple ron shares one discarder, and the riichi sticks go to
 * the first winner after the discarder in turn order (as do the honba under `multipleRonHonba:
 * first-winner`); a single win is scored as is. Each input carries the table's honba and sticks.
 */
export function scoreHandWins(inputs: readonly WinInput[], rules: ScoreRules): WinScore[] {
  if (inputs.length === 1) return [scoreWin(inputs[0], rules)];
  let first = 0;
  let nearest = 99;
  for (let i = 0; i < inputs.length; i++) {
    const w = inputs[i];
    const distance = (w.seat - w.from + w.players) % w.players;
    if (distance < nearest) {
      nearest = distance;
      first = i;
    }
  }
  const scores: WinScore[] = [];
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    if (i === first) scores.push(scoreWin(input, rules));
    else scores.push(scoreWin({ ...input, honba: rules.multipleRonHonba === 'each-winner' ? input.honba : 0, riichiSticks: 0 }, rules));
  }
  return scores;
}
