/**
 * From what the table saw to what the scorer takes (the replay's business: the scorer knows no table, as
 * Mortal's agari knows no game state): a `Win` record (src/table) becomes a WinInput, with
 * the rules applied to the table's counts (ippatsu, double riichi, tenhou and chiihou: whether a kita
 * interrupts is a knob), the winds from the kyoku and the dealer, and the indicators as logged; a drawn
 * hand becomes a DrawInput (tenpai from the hands, nagashi from the rivers).
 */
import type { GameRule, RoundStartEvent, RyuukyokuEvent, Seat } from '../events/index.js';
import { HandError, tileWaits, waits } from '../hand/index.js';
import type { ScoringRules } from '../rules/index.js';
import type { Blessing, DrawInput, KanRef, RiichiKind, ScoreMeld, WinInput } from '../score/index.js';
import type { Kan, SeatState, Table, Win } from '../table/index.js';
import { isTerminalOrHonor, kindOf, type TileId } from '../tiles/index.js';

/** What the table knows beside the `Win` record, to name kans and read the game's rule. */
export interface WinContext {
  /** The table's kans (`table.kans`): each kan meld, the rinshan kan and the kans after riichi are named by their call event. */
  kans?: readonly Kan[];
  /** The event index of the winner's riichi declaration (`table.riichi`), for the kans after it. */
  riichiEventIndex?: number;
  /** The game's rule (red-five suits, open tanyao); without it: red fives in every suit and the rules' openTanyao. */
  rule?: Pick<GameRule, 'redFiveSuits' | 'openTanyao' | 'chips' | 'lobbyRule'>;
  /** The riichi sticks on the table for the hand's wins (a double ron's later wins log 0); default: the win's own. */
  riichiSticks?: number;
}

const NO_KANS: readonly Kan[] = Object.freeze([]);

function kanRef(k: Kan): KanRef {
  return { eventIndex: k.eventIndex, kind: k.kind };
}

/** The table's kan that is this meld of the winner (same player, kind and tiles), not robbed. */
function kanOfMeld(kans: readonly Kan[], seat: Seat, type: string, tiles: readonly number[]): Kan | undefined {
  for (const k of kans) {
    if (k.seat !== seat || k.robbed || k.kind !== type || k.tiles.length !== tiles.length) continue;
    if (kindOf(k.tiles[0]) === kindOf(tiles[0])) return k;
  }
  return undefined;
}

/**
 * The scorer's input for a win as the table recorded it. Ippatsu: a win before the winner's next discard
 * after its riichi discard, no call (nor, when `kitaInterrupts`, kita) in between. Double riichi: declared
 * on the winner's first discard, no call (nor kita) before. Tenhou / chiihou: a tsumo on the first draw,
 * no call (nor kita) before; renhou likewise for a ron. Indicators are the log's (`win.event`).
 */
export function winInputOf(win: Win, start: RoundStartEvent, players: 3 | 4, rules: ScoringRules, context: WinContext = {}): WinInput {
  const e = win.event;
  const seat = e.seat;
  const t = win.timing;
  const kitaCounts = rules.kitaInterrupts && players === 3;
  // A ron on a kita robs it, as a chankan robs a kan: it interrupted nothing (the table counts robbed kans out, not kita).
  const robbedKita = win.onKita ? 1 : 0;
  let riichi: RiichiKind = 'none';
  let ippatsu = false;
  if (win.riichi && t.riichi) {
    const r = t.riichi;
    riichi = r.discardsBefore === 0 && r.callsBefore === 0 && !(kitaCounts && r.kitaBefore > 0) ? 'double' : 'riichi';
    ippatsu = r.discardsAfter === 0 && r.callsAfter === 0 && !(kitaCounts && r.kitaAfter - robbedKita > 0);
  } else if (win.riichi) {
    riichi = 'riichi';
  }
  let blessing: Blessing = 'none';
  if (t.discardsBefore === 0 && t.callsBefore === 0 && !(kitaCounts && t.kitaBefore - robbedKita > 0) && !win.rinshan) {
    if (win.tsumo) blessing = seat === start.dealer ? 'tenhou' : 'chiihou';
    else if (rules.renhou !== 'none' && seat !== start.dealer) blessing = 'renhou';
  }
  const kans = context.kans ?? NO_KANS;
  const melds: ScoreMeld[] = [];
  for (const m of win.melds) {
    if (m.type === 'kita') continue;
    const k = m.type === 'ankan' || m.type === 'daiminkan' || m.type === 'kakan' ? kanOfMeld(kans, seat, m.type, m.tiles) : undefined;
    melds.push({ type: m.type, tiles: m.tiles, called: m.called, from: m.from, kan: k ? kanRef(k) : undefined });
  }
  let rinshanKan: Kan | undefined;
  if (win.rinshan) for (const k of kans) if (k.seat === seat && k.rinshanWin) rinshanKan = k;
  let afterRiichi: KanRef[] | undefined;
  if (context.riichiEventIndex !== undefined) {
    for (const k of kans) if (!k.robbed && k.eventIndex > context.riichiEventIndex && k.eventIndex < win.eventIndex) (afterRiichi ??= []).push(kanRef(k));
  }
  // Every field written, an absent one as undefined: one hidden class for every win, so that the scorer's
  // optimized code is not thrown away at the first lobby game or assumed ura (docs/PERFORMANCE.md §2.4).
  return {
    seat,
    from: e.from,
    dealer: start.dealer,
    players,
    roundWind: start.kyoku >> 2,
    seatWind: (seat - start.dealer + players) % players,
    concealed: win.concealed,
    winningTile: win.winningTile,
    melds,
    kitaTiles: win.kitaTiles,
    tsumo: win.tsumo,
    riichi,
    ippatsu,
    chankan: win.robbedKan !== null,
    rinshan: win.rinshan,
    haitei: win.haitei,
    houtei: win.houtei,
    blessing,
    doraIndicators: e.doraIndicators,
    uraIndicators: e.uraIndicators,
    uraHanAssumed: undefined,
    redFiveSuits: context.rule?.redFiveSuits ?? 7,
    openTanyao: context.rule?.openTanyao,
    honba: start.honba,
    chips: context.rule?.chips ?? 'none',
    gameKiriage: context.rule?.lobbyRule?.kiriageMangan,
    riichiSticks: context.riichiSticks ?? e.riichiStickCount,
    kans:
      rinshanKan || win.robbedKan || afterRiichi
        ? { rinshan: rinshanKan ? kanRef(rinshanKan) : undefined, robbed: win.robbedKan ? kanRef(win.robbedKan) : undefined, afterRiichi }
        : undefined,
    daiminkanFeeder: rinshanKan?.kind === 'daiminkan' ? rinshanKan.from : undefined,
    chainedDaiminkanFeeder: rinshanKan ? turnDaiminkan(kans, rinshanKan)?.from : undefined,
  };
}

/**
 * The daiminkan that began the turn of a later kan: each ankan or kakan made right after its own
 * replacement draw steps back to the kan before it, by the same player. Undefined when the turn began
 * otherwise, or with this kan itself.
 */
export function turnDaiminkan<K extends Pick<Kan, 'seat' | 'kind' | 'from' | 'afterReplacement' | 'robbed'>>(kans: readonly K[], last: K): K | undefined {
  let i = kans.indexOf(last);
  while (i > 0 && kans[i].afterReplacement && kans[i - 1].seat === last.seat && !kans[i - 1].robbed) i--;
  return kans[i] !== last && kans[i].kind === 'daiminkan' ? kans[i] : undefined;
}

/** The inputs of every win of a played hand (a double ron: both, the table's sticks on each). */
export function tableWinInputs(table: Table, rules: ScoringRules, rule?: Pick<GameRule, 'redFiveSuits' | 'openTanyao' | 'chips' | 'lobbyRule'>): WinInput[] {
  let sticks = 0;
  for (const w of table.wins) sticks = Math.max(sticks, w.event.riichiStickCount);
  const inputs: WinInput[] = [];
  for (const w of table.wins) {
    let riichiEventIndex: number | undefined;
    for (const r of table.riichi) if (r.seat === w.event.seat && r.eventIndex < w.eventIndex) riichiEventIndex = r.eventIndex;
    inputs.push(winInputOf(w, table.start, table.players, rules, { kans: table.kans, riichiEventIndex, rule, riichiSticks: sticks }));
  }
  return inputs;
}

const TENPAI_COUNTS = new Array<number>(34).fill(0);

/** Is the seat tenpai with its concealed tiles (Tenhou's waits: a kind it holds all four of is no wait)? */
export function isSeatTenpai(seat: SeatState): boolean {
  TENPAI_COUNTS.fill(0);
  for (let i = 0; i < seat.concealed.length; i++) TENPAI_COUNTS[kindOf(seat.concealed[i])]++;
  try {
    return waits(TENPAI_COUNTS).length > 0;
  } catch (err) {
    // A hand of no waiting size, or a kind counted five times: no tenpai to speak of.
    if (err instanceof HandError) return false;
    throw err;
  }
}

/**
 * The seats whose discards make nagashi mangan: every discard a terminal or an honour, none of them
 * called by another player (chi, pon or daiminkan; a kakan's pon counts), at least one discard made.
 */
export function nagashiSeats(seats: readonly SeatState[], players: 3 | 4): Seat[] {
  const out: Seat[] = [];
  for (let s = 0; s < players; s++) {
    const river = seats[s].river;
    if (river.length === 0) continue;
    let ok = true;
    for (const t of river) if (!isTerminalOrHonor(kindOf(t))) ok = false;
    for (let o = 0; o < players && ok; o++) {
      if (o === s) continue;
      for (const m of seats[o].melds) if (m.type !== 'ankan' && m.type !== 'kita' && m.from === s) ok = false;
    }
    if (ok) out.push(s);
  }
  return out;
}

/**
 * The seats, `from` aside, whose concealed tiles `tile` completes: who could ron it by the shape of its
 * hand (yaku and furiten aside; a kind a hand holds all four of is no wait, as Tenhou counts it).
 */
export function seatsCompletedBy(seats: readonly SeatState[], players: 3 | 4, from: Seat, tile: TileId): Seat[] {
  const kind = kindOf(tile);
  const out: Seat[] = [];
  for (let s = 0; s < players; s++) {
    if (s !== from && tileWaits(seats[s].concealed)?.includes(kind)) out.push(s);
  }
  return out;
}

/** The scorer's input for a drawn hand, from the table at its end. */
export function drawInputOf(table: Table, event: RyuukyokuEvent): DrawInput {
  const tenpai = [false, false, false, false];
  // Only an exhaustive draw pays by tenpai; an abortive one pays nothing.
  const exhaustive = event.reason === 'exhaustive' || event.reason === 'nagashi-mangan';
  if (exhaustive) for (let s = 0; s < table.players; s++) tenpai[s] = isSeatTenpai(table.seats[s]);
  return {
    reason: event.reason,
    players: table.players,
    dealer: table.start.dealer,
    tenpai,
    nagashi: exhaustive ? nagashiSeats(table.seats, table.players) : [],
  };
}
