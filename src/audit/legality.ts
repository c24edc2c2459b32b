/**
 * Every action checked, not only kans (issue 33): which Tenhou enforces and a log no engine produced may
 * break. Where rule sets differ, a legality knob decides (docs/legality.md §2: multipleRon, abortiveDraws,
 * busting, kuikae, riichiUnderThousand) and the finding names it.
 *
 * - A ron by a furiten winner (its own river, a wait let pass, riichi furiten): `furiten-ron`.
 * - Riichi declared with fewer than 1,000 points, with fewer than four live tiles left (three in a
 *   3-player game: one draw for each other player, then the declarer's), or with a hand
 *   that is not tenpai after its riichi discard: `riichi-illegal` (details.reason).
 * - A hand shown as tenpai at an exhaustive draw that waits on nothing: `tenpai-shown-noten`.
 * - A chi or pon of the hand's last discard (houtei), by a seat in riichi, or followed by a swap-call
 *   (kuikae: discarding the called kind, or the other end of a chi's run): `call-illegal` (details.reason).
 * - An abortive draw whose condition did not hold (nine terminals and honours, judged on the table's hand
 *   of the seat that drew; four winds; four riichi accepted; a triple ron on a tile that completes three
 *   other hands), and nagashi mangan paid to a seat without the discards it needs: `abortive-draw-unfounded`.
 * - A hand that does not start with the scores, sticks and honba the one before left, and final scores
 *   that do not follow from the last hand: `scores-not-carried`.
 * - Rons the multipleRon rule does not pay (three winners, or two under atamahane) and a triple-ron abort
 *   it does not have: `multiple-ron-mismatch`.
 * - A hand that went on past four winds or a fourth riichi that abortiveDraws `all` ends it at
 *   (`abortive-draw-missing`), and an abortive draw under abortiveDraws `none` (`abortive-draw-unexpected`).
 * - A hand played after one left a score below zero, where busting ends the game: `played-below-zero`.
 *
 * A daiminkan by a seat in riichi is riichi-kan-illegal's, and a daiminkan on the last discard
 * daiminkan-on-houtei's: not reported twice.
 */
import { tileWaits } from '../hand/index.js';
import type { DrawnHandFacts, HandReplay, ReplayResult } from '../replay/index.js';
import type { Rules } from '../rules/index.js';
import { isTerminalOrHonor, kindOf, kindToString, numberOf, tilesToString, type TileId, type TileKind } from '../tiles/index.js';
import { finding, type Finding } from './findings.js';
import { furitenReason } from './furiten.js';

/** The rules the checks read. */
export type LegalityRules = Pick<Rules, 'multipleRon' | 'abortiveDraws' | 'busting' | 'kuikae' | 'riichiUnderThousand'>;

export function checkLegality(replay: ReplayResult, rules: LegalityRules): Finding[] {
  const out: Finding[] = [];
  // The order keeps a riichi's points before its other faults, and a call's kuikae after its others
  // (the audit sorts the findings by hand and event, keeping this order among equals).
  for (const hand of replay.hands) {
    checkFuriten(hand, out);
    checkRiichiPoints(hand, rules, out);
    checkRiichi(hand, replay.playerCount, out);
    checkCalls(hand, out);
    checkKuikae(hand, rules, out);
    checkDrawnHand(hand, replay.playerCount, out);
    checkMultipleRon(hand, replay.playerCount, rules, out);
    checkAbortsTaken(hand, replay.playerCount, rules, out);
  }
  checkCarried(replay, out);
  checkBusting(replay, rules, out);
  return out;
}

/**
 * Only the checks a legality knob decides (riichiUnderThousand, kuikae, multipleRon, abortiveDraws,
 * busting): what kanshi infer judges each knob's values by, without the checks every rule set shares.
 */
export function checkLegalityKnobs(replay: ReplayResult, rules: LegalityRules): Finding[] {
  const out: Finding[] = [];
  for (const hand of replay.hands) {
    checkRiichiPoints(hand, rules, out);
    checkKuikae(hand, rules, out);
    checkMultipleRon(hand, replay.playerCount, rules, out);
    checkAbortsTaken(hand, replay.playerCount, rules, out);
  }
  checkBusting(replay, rules, out);
  return out;
}

function checkFuriten(hand: HandReplay, out: Finding[]): void {
  for (const w of hand.wins) {
    // A chankan's furiten is chankan-impossible's; a ron on a kita is kokushi's robbing; a win on tiles
    // that complete nothing is win-not-complete's.
    if (w.tsumo || w.chankan || w.chankanOnAnkan || w.onKita || w.score?.failure === 'incomplete') continue;
    const why = furitenReason(w);
    if (why) {
      const tile = kindToString(kindOf(w.winningTile));
      out.push(finding('furiten-ron', { hand: w.hand, eventIndex: w.eventIndex, seat: w.seat }, `seat ${w.seat} rons ${tile} from seat ${w.from}: ${why}`, { tile, reason: why }));
    }
  }
}

/** A riichi declared with fewer than 1,000 points, where riichiUnderThousand is false. */
function checkRiichiPoints(hand: HandReplay, rules: LegalityRules, out: Finding[]): void {
  if (rules.riichiUnderThousand) return;
  for (const r of hand.riichiDeclarations) {
    if (r.scoreBefore >= 1000) continue;
    out.push(
      finding('riichi-illegal', { hand: hand.hand, eventIndex: r.eventIndex, seat: r.seat, rule: 'riichiUnderThousand' }, `seat ${r.seat} declares riichi with ${r.scoreBefore} points: a riichi deposits 1,000 (riichiUnderThousand false)`, {
        reason: 'points',
        score: r.scoreBefore,
        liveWallLeft: r.liveWallLeft,
        tiles: null,
      }),
    );
  }
}

function checkRiichi(hand: HandReplay, players: number, out: Finding[]): void {
  for (const r of hand.riichiDeclarations) {
    const at = { hand: hand.hand, eventIndex: r.eventIndex, seat: r.seat };
    // Each other player draws once more, then the declarer: four live tiles (three in a 3-player game).
    if (r.liveWallLeft < players) {
      out.push(
        finding('riichi-illegal', at, `seat ${r.seat} declares riichi with ${r.liveWallLeft} live tiles left: a riichi needs ${players}, one more draw of its own`, {
          reason: 'live-wall',
          score: r.scoreBefore,
          liveWallLeft: r.liveWallLeft,
          tiles: null,
        }),
      );
    }
    if (r.concealedAfterDiscard !== null) {
      const w = tileWaits(r.concealedAfterDiscard);
      if (w !== null && w.length === 0) {
        const text = tilesToString(r.concealedAfterDiscard, false);
        out.push(
          finding('riichi-illegal', at, `seat ${r.seat} declares riichi with ${text} after its riichi discard, a hand that is not tenpai`, {
            reason: 'not-tenpai',
            score: r.scoreBefore,
            liveWallLeft: r.liveWallLeft,
            tiles: text,
          }),
        );
      }
    }
  }
  if (hand.ending.kind === 'ryuukyoku' && hand.ending.reason === 'exhaustive' && hand.drawn) {
    for (const shown of hand.drawn.shown) {
      const w = tileWaits(shown.tiles);
      if (w === null || w.length > 0) continue;
      const text = tilesToString(shown.tiles, false);
      out.push(
        finding('tenpai-shown-noten', { hand: hand.hand, eventIndex: hand.ending.eventIndex, seat: shown.seat }, `seat ${shown.seat} shows ${text} as tenpai at the exhaustive draw: it waits on nothing`, {
          tiles: text,
        }),
      );
    }
  }
}

/** The kinds a chi or pon forbids its caller to discard next under the kuikae rule: the called kind, and (forbidden) a run's other end. */
function swapKinds(meld: 'chi' | 'pon' | 'daiminkan', tiles: readonly TileId[], called: TileId, kuikae: LegalityRules['kuikae']): TileKind[] {
  const kind = kindOf(called);
  if (kuikae === 'allowed') return [];
  if (meld !== 'chi' || kuikae === 'called-kind') return [kind];
  const kinds = tiles.map(kindOf).sort((a, b) => a - b);
  const out: TileKind[] = [kind];
  // Called at the run's low end (3 with 45): its high neighbour beyond (6); at the high end (6 with 45): 3.
  if (kind === kinds[0] && numberOf(kinds[2]) < 9) out.push(kinds[2] + 1);
  if (kind === kinds[2] && numberOf(kinds[0]) > 1) out.push(kinds[0] - 1);
  return out;
}

function checkCalls(hand: HandReplay, out: Finding[]): void {
  for (const c of hand.discardCalls) {
    if (c.meld === 'daiminkan') continue;
    const at = { hand: hand.hand, eventIndex: c.eventIndex, seat: c.seat };
    const tile = kindToString(kindOf(c.called));
    if (c.liveWallLeft <= 0) {
      out.push(finding('call-illegal', at, `seat ${c.seat}'s ${c.meld} calls ${tile}, the hand's last discard (houtei): it can only be won on`, callDetails(c, 'houtei', null)));
    }
    if (c.inRiichi) out.push(finding('call-illegal', at, `seat ${c.seat} calls ${c.meld} of ${tile} in riichi: a riichi hand makes no call but an ankan`, callDetails(c, 'in-riichi', null)));
  }
}

/** A chi or pon followed at once by a discard the kuikae rule forbids (swap-calling). */
function checkKuikae(hand: HandReplay, rules: LegalityRules, out: Finding[]): void {
  for (const c of hand.discardCalls) {
    if (c.meld === 'daiminkan' || c.nextDiscard === null || !swapKinds(c.meld, c.tiles, c.called, rules.kuikae).includes(kindOf(c.nextDiscard))) continue;
    const tile = kindToString(kindOf(c.called));
    const discarded = kindToString(kindOf(c.nextDiscard));
    out.push(
      finding(
        'call-illegal',
        { hand: hand.hand, eventIndex: c.eventIndex, seat: c.seat, rule: 'kuikae' },
        `seat ${c.seat} calls ${c.meld} of ${tile} and discards ${discarded} at once: a swap-call (kuikae), which the rules forbid (kuikae ${rules.kuikae})`,
        callDetails(c, 'kuikae', discarded),
      ),
    );
  }
}

function callDetails(c: HandReplay['discardCalls'][number], reason: 'houtei' | 'in-riichi' | 'kuikae', discarded: string | null) {
  return { reason, meld: c.meld, tile: kindToString(kindOf(c.called)), discarded };
}

type Unfounded = (why: string, seat?: number) => void;

function checkDrawnHand(hand: HandReplay, players: number, out: Finding[]): void {
  const d = hand.drawn;
  const reason = hand.ending.reason;
  if (!d || hand.ending.kind !== 'ryuukyoku' || reason === undefined) return;
  const at = { hand: hand.hand, eventIndex: hand.ending.eventIndex };
  const anyCall = d.meldCounts.some((n) => n > 0) || hand.kans.length > 0;
  const unfounded: Unfounded = (why, seat) =>
    out.push(finding('abortive-draw-unfounded', { ...at, ...(seat !== undefined ? { seat } : {}) }, `the hand ends in ${reason}, but ${why}`, { reason, why }));
  if (reason === 'kyuushu-kyuuhai') checkNineTerminals(d, anyCall, unfounded);
  else if (reason === 'suufon-renda') {
    const first = d.rivers.slice(0, players).map((r) => r[0]);
    const wind = first[0] === undefined ? -1 : kindOf(first[0]);
    const ok = players === 4 && wind >= 27 && wind <= 30 && d.rivers.slice(0, players).every((r) => r.length === 1 && kindOf(r[0]) === wind) && !anyCall;
    if (!ok) unfounded('the four first discards are not one wind, each player\'s only discard, with no call');
  } else if (reason === 'suucha-riichi') checkFourRiichi(hand, unfounded);
  else if (reason === 'nagashi-mangan') checkNagashi(hand, d, unfounded);
  else if (reason === 'sanchahou') checkTripleRonAbort(d, players, unfounded);
}

/**
 * Nine terminals: the seat that drew and has not discarded declares it (the table knows its hand where
 * the log shows none, as tenhou.net/6), on its first draw, before any call, with nine kinds of terminals
 * and honours.
 */
function checkNineTerminals(d: DrawnHandFacts, anyCall: boolean, unfounded: Unfounded): void {
  const shown = d.shown[0];
  const declarer = d.drawer;
  if (declarer === null) {
    unfounded('no seat held a tile it had drawn: nine terminals is declared on one\'s own draw', shown?.seat);
    return;
  }
  if (shown !== undefined && shown.seat !== declarer.seat) {
    unfounded(`the log shows seat ${shown.seat}'s hand, but seat ${declarer.seat} had drawn: nine terminals is declared on one's own draw`, shown.seat);
  }
  const seat = declarer.seat;
  const kinds = new Set(declarer.tiles.map(kindOf).filter((k) => isTerminalOrHonor(k)));
  if (kinds.size < 9) unfounded(`seat ${seat}'s hand ${tilesToString(declarer.tiles, false)} holds ${kinds.size} kinds of terminals and honours, not nine`, seat);
  if ((d.rivers[seat]?.length ?? 0) > 0) unfounded(`seat ${seat} had discarded already: nine terminals is declared on a first draw`, seat);
  else if (anyCall) unfounded('a call had been made: nine terminals is declared before any call', seat);
}

/** Four riichi: four players' riichi accepted (the fourth's discard passed); named at the last declarer. */
function checkFourRiichi(hand: HandReplay, unfounded: Unfounded): void {
  const declared = new Set<number>();
  const accepted = new Set<number>();
  for (const r of hand.riichiDeclarations) {
    declared.add(r.seat);
    if (r.accepted) accepted.add(r.seat);
  }
  const last = hand.riichiDeclarations.at(-1)?.seat;
  if (declared.size < 4) unfounded(`${declared.size} players declared riichi, not four`, last);
  else if (accepted.size < 4) {
    const pending = [...declared].find((s) => !accepted.has(s));
    unfounded(`seat ${pending}'s riichi was not accepted: the hand ends once the fourth riichi's discard has passed`, pending);
  }
}

/** Nagashi mangan: each seat the drawn hand pays (a score change above zero) discarded only terminals and honours, none called. */
function checkNagashi(hand: HandReplay, d: DrawnHandFacts, unfounded: Unfounded): void {
  const deltas = hand.scoreBook.deltas ?? [];
  const paid = deltas.map((x, s) => (x > 0 ? s : -1)).filter((s) => s >= 0);
  for (const s of paid) {
    if (d.nagashiSeats.includes(s)) continue;
    const river = d.rivers[s] ?? [];
    const simple = river.find((t) => !isTerminalOrHonor(kindOf(t)));
    const fault =
      river.length === 0 ? 'it made no discard' : simple !== undefined ? `it discarded ${kindToString(kindOf(simple))}, a simple` : 'another player called one of its discards';
    unfounded(`seat ${s} is paid for nagashi mangan, and ${fault}`, s);
  }
  if (paid.length === 0 && d.nagashiSeats.length === 0) unfounded('no seat discarded only terminals and honours with none of them called');
}

/** A triple-ron abort: three other players whose hands the tile on offer completes; named at the first that it does not. */
function checkTripleRonAbort(d: DrawnHandFacts, players: number, unfounded: Unfounded): void {
  const offer = d.ronOffer;
  if (offer === null) {
    unfounded('no discard was on offer: three players ron one discard');
    return;
  }
  if (offer.completes.length >= 3) return;
  const tile = kindToString(kindOf(offer.tile));
  // The others in turn order after the seat on offer.
  const others = Array.from({ length: players - 1 }, (_, i) => (offer.seat + 1 + i) % players);
  const cannot = others.find((s) => !offer.completes.includes(s));
  const can = offer.completes.length === 0 ? 'no other hand' : `only seat${offer.completes.length > 1 ? 's' : ''} ${offer.completes.join(', ')}`;
  unfounded(`seat ${offer.seat}'s ${tile} completes ${can}: a triple-ron abort needs three players who can ron it`, cannot);
}

const WINNERS = ['no', 'one', 'two', 'three'];

/**
 * Rons of one discard against the multipleRon rule; the hand's rons are all of its last discard. Named
 * at the discarder, or under atamahane at the winner the head bump leaves out.
 */
function checkMultipleRon(hand: HandReplay, players: number, rules: LegalityRules, out: Finding[]): void {
  const rule = rules.multipleRon;
  const at = { hand: hand.hand, eventIndex: hand.ending.eventIndex };
  if (hand.ending.kind === 'ryuukyoku' && hand.ending.reason === 'sanchahou' && rule !== 'triple-aborts') {
    const instead = rule === 'all' ? 'the three win' : 'the first after the discarder wins alone';
    const discarder = hand.drawn?.ronOffer?.seat;
    out.push(
      finding('multiple-ron-mismatch', { ...at, ...(discarder !== undefined ? { seat: discarder } : {}) }, `the hand ends in a triple-ron abort (sanchahou), but under multipleRon ${rule} ${instead}`, {
        winners: 0,
        multipleRon: rule,
        what: 'triple-ron-abort',
      }),
    );
    return;
  }
  let count = 0;
  for (const w of hand.wins) if (!w.tsumo) count++;
  const over = rule === 'atamahane' ? count > 1 : rule === 'triple-aborts' ? count > 2 : false;
  if (!over) return;
  const rons = hand.wins.filter((w) => !w.tsumo);
  const from = rons[0].from;
  // In turn order after the discarder: under atamahane the first wins alone.
  const seats = rons.map((w) => w.seat).sort((a, b) => ((a - from + players) % players) - ((b - from + players) % players));
  const seat = rule === 'atamahane' ? seats[1] : from;
  const allowed = rule === 'atamahane' ? `one winner only, seat ${seats[0]}, the first after the discarder` : 'three rons end the hand as an abortive draw';
  out.push(
    finding('multiple-ron-mismatch', { ...at, seat }, `${WINNERS[rons.length] ?? rons.length} players (seats ${seats.join(', ')}) win on seat ${from}'s discard, but under multipleRon ${rule} ${allowed}`, {
      winners: rons.length,
      multipleRon: rule,
      what: 'winners',
    }),
  );
}

/** The seat of the first go-around's fourth discard, which makes four winds: the last before the dealer in turn order. */
function fourthDiscarder(hand: HandReplay, players: number): number {
  return (hand.dealer + 3) % players;
}

/** Who ended the hand in an abortive draw: the nine-terminals declarer, the fourth wind's discarder, the last riichi declarer. */
function abortSeat(hand: HandReplay, reason: 'kyuushu-kyuuhai' | 'suufon-renda' | 'suucha-riichi', players: number): number | undefined {
  if (reason === 'kyuushu-kyuuhai') return hand.drawn?.drawer?.seat;
  if (reason === 'suufon-renda') return fourthDiscarder(hand, players);
  return hand.riichiDeclarations.at(-1)?.seat;
}

/** The abortive draws nine terminals, four winds and four riichi, against the abortiveDraws rule. */
function checkAbortsTaken(hand: HandReplay, players: number, rules: LegalityRules, out: Finding[]): void {
  const reason = hand.ending.kind === 'ryuukyoku' ? hand.ending.reason : undefined;
  if (rules.abortiveDraws === 'none') {
    if (reason === 'kyuushu-kyuuhai' || reason === 'suufon-renda' || reason === 'suucha-riichi') {
      const seat = abortSeat(hand, reason, players);
      out.push(
        finding('abortive-draw-unexpected', { hand: hand.hand, eventIndex: hand.ending.eventIndex, ...(seat !== undefined ? { seat } : {}) }, `the hand ends in ${reason}, an abortive draw abortiveDraws none does not have`, {
          reason,
          abortiveDraws: 'none',
        }),
      );
    }
    return;
  }
  if (players !== 4) return;
  // Four winds: the four discards of an uninterrupted first go-around, one wind; the hand ends after the
  // fourth (a ron on it aside), before a fifth live draw.
  const first = hand.openingDiscards;
  if (reason !== 'suufon-renda' && first.length === 4) {
    const wind = kindOf(first[0]);
    if (wind >= 27 && wind <= 30 && first.every((t) => kindOf(t) === wind) && hand.liveDrawCount > 4) {
      out.push(
        finding('abortive-draw-missing', { hand: hand.hand, eventIndex: null, seat: fourthDiscarder(hand, players) }, `the four first discards are all ${kindToString(wind)} (four winds), but the hand went on`, {
          reason: 'suufon-renda',
          abortiveDraws: 'all',
        }),
      );
    }
  }
  // Four riichi: once the fourth declaration's discard passes, the hand ends: no live draw after it.
  if (reason !== 'suucha-riichi') {
    const seats = new Set<number>();
    for (const r of hand.riichiDeclarations) {
      if (!r.accepted) continue;
      seats.add(r.seat);
      if (seats.size === 4 && hand.liveWallLeftAtEnd < r.liveWallLeft) {
        out.push(
          finding('abortive-draw-missing', { hand: hand.hand, eventIndex: r.eventIndex, seat: r.seat }, `seat ${r.seat}'s riichi is the fourth (four riichi) and its discard passed, but the hand went on`, {
            reason: 'suucha-riichi',
            abortiveDraws: 'all',
          }),
        );
        break;
      }
    }
  }
}

function sum(xs: readonly number[]): number {
  let n = 0;
  for (const x of xs) n += x;
  return n;
}

/** The scores a hand leaves (its start, less the riichi sticks deposited, plus its ending's changes); null when it has no ending. */
function scoresLeft(book: HandReplay['scoreBook']): number[] | null {
  const deltas = book.deltas;
  if (deltas === null) return null;
  return book.start.map((score, s) => score - 1000 * book.deposits[s] + (deltas[s] ?? 0));
}

/** Under busting ends-game, no hand follows one that left a score below zero. */
function checkBusting(replay: ReplayResult, rules: LegalityRules, out: Finding[]): void {
  if (rules.busting !== 'ends-game') return;
  const hands = replay.hands;
  for (let h = 0; h + 1 < hands.length; h++) {
    const left = scoresLeft(hands[h].scoreBook);
    if (left === null || !left.some((score) => score < 0)) continue;
    const below = left.map((score, s) => (score < 0 ? s : -1)).filter((s) => s >= 0);
    out.push(
      finding(
        'played-below-zero',
        { hand: hands[h + 1].hand, eventIndex: 0, seat: below[0] },
        `hand ${hands[h].hand} left ${below.map((s) => `seat ${s} at ${left[s]}`).join(', ')}, below zero, but the game went on (busting ends-game)`,
        { seats: below, scores: left.join(',') },
      ),
    );
    return;
  }
}

function checkCarried(replay: ReplayResult, out: Finding[]): void {
  const hands = replay.hands;
  for (let h = 0; h + 1 < hands.length; h++) {
    const book = hands[h].scoreBook;
    const next = hands[h + 1];
    const expected = scoresLeft(book);
    if (expected === null) continue;
    const at = { hand: next.hand, eventIndex: 0 };
    const differ = expected.map((e, s) => (e !== next.scoreBook.start[s] ? s : -1)).filter((s) => s >= 0);
    if (differ.length > 0) {
      out.push(
        finding('scores-not-carried', at, `the hand starts with scores ${next.scoreBook.start.join(', ')}; the one before left ${expected.join(', ')}`, {
          what: 'scores',
          expected: expected.join(','),
          logged: next.scoreBook.start.join(','),
        }),
      );
    }
    const sticks = book.won ? 0 : book.riichiStickCount + sum(book.deposits);
    if (next.scoreBook.riichiStickCount !== sticks) {
      out.push(
        finding('scores-not-carried', at, `the hand starts with ${next.scoreBook.riichiStickCount} riichi sticks on the table; the one before left ${sticks}`, {
          what: 'riichi-sticks',
          expected: String(sticks),
          logged: String(next.scoreBook.riichiStickCount),
        }),
      );
    }
    const honba = book.renchan ? book.honba + 1 : 0;
    if (next.scoreBook.honba !== honba) {
      out.push(
        finding('scores-not-carried', at, `the hand starts with honba ${next.scoreBook.honba}; after the one before (${book.renchan ? 'the dealer kept the seat' : 'another player won'}) it is ${honba}`, {
          what: 'honba',
          expected: String(honba),
          logged: String(next.scoreBook.honba),
        }),
      );
    }
  }
  const last = hands.at(-1);
  const final = replay.final;
  const left = last ? scoresLeft(last.scoreBook) : null;
  if (!last || !final || left === null) return;
  const book = last.scoreBook;
  // The sticks left on the table at the end go to the first place (Tenhou): only its score may be above.
  const onTable = book.won ? 0 : book.riichiStickCount + sum(book.deposits);
  const finalScores = final.scores.slice(0, left.length);
  const off = left.reduce((n, score, s) => n + Math.abs((finalScores[s] ?? score) - score), 0);
  if (off !== 0 && off !== 1000 * onTable) {
    out.push(
      finding('scores-not-carried', { hand: last.hand, eventIndex: last.ending.eventIndex }, `the game ends with scores ${finalScores.join(', ')}; its last hand left ${left.join(', ')}`, {
        what: 'final-scores',
        expected: left.join(','),
        logged: finalScores.join(','),
      }),
    );
  }
}
