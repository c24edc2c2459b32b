/**
 * Replay = the table + the rule set. Each hand's events go through one Table (src/table), which checks
 * the log against itself and against the wall rebuilt from the seed; when the hand ends, its records are
 * built once from what the table saw, with each kan's reveal moment under the kandora timing, each win's
 * indicators and dora under it, and each win and drawn hand re-scored under the scoring knobs.
 */
import { YAKU, type GameEvent, type GameLog, type RoundStartEvent, type Seat } from '../events/index.js';
import { judgeRules, RIICHI_STICK_POINTS, type KandoraTiming, type RuleSet, type Rules } from '../rules/index.js';
import { afterChanges, playedTable, scoresLeft, Table, type TableOptions, type Ending, type Inconsistency, type Kan, type RevealMoment, type RiichiRecord, type Win, type WallMismatch } from '../table/index.js';
import { doraSum, sortIds, tileToString, tilesToString, winDora, type TileId, type WinDora } from '../tiles/index.js';
import { indicatorIndex, uraIndex, type HandWall } from '../wall/index.js';
import { scoreHand } from './scores.js';
import { nagashiSeats, seatsCompletedBy } from './win-input.js';
import { handWalls } from './walls.js';
import { kandoraRevealed, revealFollows, revealVerdict, ruleRevealMoment } from './timing.js';
import type {
  DoraView,
  DrawnHandFacts,
  HandScoreBook,
  HandScoreMismatch,
  KandoraCountMismatch,
  KanAftermath,
  KanRecord,
  ReplayResult,
  RiichiDeclaration,
  HandReplay,
  TimingMismatch,
  WallPosition,
  WinRecord,
} from './types.js';

const NO_WALL: WallPosition = { index: null, expected: null };
const NO_TILES: readonly TileId[] = Object.freeze([]);

/**
 * Replays a game under a rule set, each knob the game's log declares taking the declared value unless the
 * rule set pins it (src/rules judgeRules; plain Rules pin nothing): never throws on a log's content, says
 * what it found.
 */
export function replayGame(game: GameLog, ruleSet: RuleSet | Rules): ReplayResult {
  const players = game.rule.playerCount;
  const gameRules = judgeRules(ruleSet, game.rule, game.platform);
  const rules = gameRules.rules;
  const timing = rules.kandoraTiming;
  const walls = handWalls(game);
  const rounds: HandReplay[] = [];
  const inconsistencies: Inconsistency[] = [];
  const wallMismatches: WallMismatch[] = [];
  const timingMismatches: TimingMismatch[] = [];
  const kandoraCountMismatches: KandoraCountMismatch[] = [];
  const scoreMismatches: HandScoreMismatch[] = [];
  let scoredWinCount = 0;
  let wallChecked = 0;
  let anyWall = false;
  for (let index = 0; index < game.hands.length; index++) {
    const events = game.hands[index].events;
    const start = events[0];
    if (!start || start.type !== 'roundStart') continue;
    const { wall, reason } = walls.of(index, start);
    if (wall) anyWall = true;
    const options: TableOptions = { hand: index + 1, players, wall, redFives: game.rule.redFives };
    // The table the reader played the hand on (tenhou.net/6, mjai), when it has one: each hand is played once.
    const table = playedTable(events, options) ?? new Table(start, options);
    for (let i = table.eventCount; i < events.length; i++) table.apply(events[i], i);
    const ending = table.finish();
    if (ending.kind === 'none' && index < game.hands.length - 1) {
      table.inconsistencies.push({
        kind: 'hand-without-ending',
        hand: index + 1,
        eventIndex: events.length - 1,
        message: 'the hand has no ending (no win, no drawn hand), yet the game goes on to the next',
      });
    }
    const round = handReplay(table, index, reason, timing, events, game.rule.redFiveSuits);
    // Each win scored with its indicators under the rules' timing: the dora its record states. (The
    // guards on empty lists here keep an empty array's other hidden class out of this hot loop's code.)
    const scores = scoreHand(table, events, game, rules, round.wins.length > 0 ? round.wins.map((w) => w.rule) : undefined);
    for (let i = 0; i < round.wins.length; i++) {
      const w = round.wins[i];
      const scored = scores.wins[i];
      w.score = scored.score;
      w.scoreMismatches = scored.mismatches;
      w.uraAssumed = scored.uraAssumed;
      // A win on tiles that make no winning hand is a contradiction of the log, whatever the rules.
      if (scored.score.failure === 'incomplete') {
        table.inconsistencies.push({
          kind: 'win-not-complete',
          hand: index + 1,
          eventIndex: w.eventIndex,
          seat: w.seat,
          message: `seat ${w.seat} wins on ${tileToString(w.winningTile, game.rule.redFives)} holding ${tilesToString(w.concealed, game.rule.redFives)}${w.melds.length > 0 ? ` and ${w.melds.length} melds` : ''}: ${scored.score.problem ?? 'not a winning hand'}`,
        });
      }
    }
    scoredWinCount += scores.wins.length;
    if (scores.mismatches.length > 0) for (const m of scores.mismatches) scoreMismatches.push(m);
    rounds.push(round);
    wallChecked += table.wallChecked;
    for (const x of table.inconsistencies) inconsistencies.push(x);
    for (const m of table.wallMismatches) wallMismatches.push(m);
    // A log that does not time its reveals is judged by their number (kandoraCount), not their moments.
    for (const k of start.untimedKandora ? [] : round.kans) {
      if (k.revealVerdict === 'differs') {
        timingMismatches.push({ hand: index + 1, kanEventIndex: k.eventIndex, seat: k.seat, kind: k.kind, logged: k.revealLogged, rule: k.revealRule });
      }
    }
    const count = kandoraCount(start, round, timing);
    if (count) kandoraCountMismatches.push(count);
  }
  return {
    kandoraTiming: ('key' in ruleSet ? ruleSet.rules : ruleSet).kandoraTiming,
    effectiveKandoraTiming: timing,
    gameRules,
    playerCount: players,
    seeded: anyWall,
    seedNote: anyWall ? null : (walls.seedNote ?? (game.hands.length === 0 ? 'the log has no rounds' : 'no wall could be built')),
    hands: rounds,
    checkedTileCount: wallChecked,
    wallMismatches,
    timingMismatches,
    kandoraCountMismatches,
    inconsistencies,
    scoredWinCount,
    scoreMismatches,
    final: game.final,
  };
}

/**
 * The round's records, built once from what the table saw. Kans get their indicator: as logged; for a
 * log that shows indicators without their moments, the n-th completed kan's is the n-th shown (the kans
 * that reveal are always the first ones, in order); else the wall's, when a wall was built.
 */
function handReplay(
  table: Table,
  index: number,
  wallReason: string | undefined,
  timing: KandoraTiming,
  events: readonly GameEvent[],
  redFives: number,
): HandReplay {
  const untimed = table.start.untimedKandora;
  const ended = table.ending !== null;
  const kans: KanRecord[] = [];
  let completed = 0;
  for (const k of table.kans) {
    const n = k.robbed ? 0 : ++completed;
    kans.push(kanRecord(table, k, n, untimed, ended, timing));
  }
  const wins = table.wins.map((w) => winRecord(table, w, kans, redFives));
  const ending = table.ending;
  const kanPlayers = new Set<number>();
  for (const k of kans) if (!k.robbed) kanPlayers.add(k.seat);
  return {
    hand: table.hand,
    kyoku: table.start.kyoku,
    honba: table.start.honba,
    dealer: table.start.dealer,
    wall: table.wall ? { built: true } : wallReason ? { built: false, reason: wallReason } : { built: false },
    kans,
    kita: table.kita,
    wins,
    ending: {
      kind: ending?.kind ?? 'none',
      ...(ending?.reason !== undefined ? { reason: ending.reason } : {}),
      eventIndex: ending?.eventIndex ?? null,
      kanCount: completed,
      kanPlayerCount: kanPlayers.size,
      tenpaiShown: tenpaiShown(ending, events),
    },
    liveDrawCount: table.liveDraws,
    replacementDrawCount: table.replacements,
    liveWallLeftAtEnd: table.liveLeft(),
    openingDiscards: table.openingDiscards,
    riichiDeclarations: table.riichi.map((r) => riichiDeclaration(r, events, table.start.scores[r.seat] ?? 0)),
    discardCalls: table.discardCalls,
    scoreBook: scoreBook(table, events),
    drawn: drawnFacts(table, events),
    eventCount: table.eventCount,
  };
}

function kanRecord(
  table: Table,
  k: Kan,
  completedNumber: number,
  untimed: readonly TileId[] | undefined,
  ended: boolean,
  timing: KandoraTiming,
): KanRecord {
  const wall = table.wall;
  const logEnded = !ended && !k.robbed && !k.rinshanWin && k.discard === null && k.nextDeclaration === null;
  const aftermath: KanAftermath = {
    kind: k.kind,
    robbed: k.robbed,
    replaced: k.replacement !== null,
    nextKan: k.nextDeclaration ? { robbed: k.nextDeclaration.kan?.robbed ?? false } : null,
    discard: k.discard ? { ronned: k.discard.after === 'ron' } : null,
    rinshanWin: k.rinshanWin,
    logEnded,
    endedAtDeclaration: k.afterDeclaration === 'ended',
  };
  const revealRule = ruleRevealMoment(timing, aftermath);
  let kandoraNumber: number | null = null;
  let indicator: TileId | null = null;
  let indicatorWall = NO_WALL;
  let revealLogged: RevealMoment;
  if (k.reveal) {
    kandoraNumber = k.reveal.kandoraNumber;
    indicator = k.reveal.indicator;
    revealLogged = k.reveal.moment;
    if (kandoraNumber <= 4) indicatorWall = wallPosition(wall, indicatorIndex(table.layout, kandoraNumber));
  } else {
    if (untimed) revealLogged = !k.robbed && completedNumber <= untimed.length ? 'unrecorded' : 'never';
    else revealLogged = !ended && !k.robbed && !k.rinshanWin ? 'unknown' : 'never';
    if (completedNumber > 0 && completedNumber <= 4) {
      kandoraNumber = completedNumber;
      indicatorWall = wallPosition(wall, indicatorIndex(table.layout, completedNumber));
      indicator = untimed && completedNumber <= untimed.length ? untimed[completedNumber - 1] : indicatorWall.expected;
    }
  }
  return {
    hand: table.hand,
    eventIndex: k.eventIndex,
    number: k.number,
    seat: k.seat,
    kind: k.kind,
    tile: k.tile,
    tiles: k.tiles,
    from: k.from,
    turn: k.turn,
    liveWallLeft: k.liveWallLeft,
    inRiichi: k.inRiichi,
    afterCall: k.afterCall,
    afterReplacement: k.afterReplacement,
    drawnTile: k.drawnTile,
    concealedBeforeDraw: k.concealedBeforeDraw,
    meldsBefore: k.meldsBefore,
    robbed: k.robbed,
    afterDeclaration: k.afterDeclaration,
    replacement: k.replacement
      ? {
          tile: k.replacement.tile,
          eventIndex: k.replacement.eventIndex,
          number: k.replacement.number,
          wall: k.replacement.wallIndex === null ? NO_WALL : wallPosition(wall, k.replacement.wallIndex),
        }
      : null,
    rinshanWin: k.rinshanWin,
    kandoraNumber,
    indicator,
    indicatorWall,
    revealEventIndex: k.reveal?.eventIndex ?? null,
    revealLogged,
    revealRule,
    revealVerdict: revealVerdict(revealLogged, revealRule),
    discardEventIndex: k.discard?.eventIndex ?? null,
    afterDiscard: k.discard?.after ?? null,
    nextDeclarationEventIndex: k.nextDeclaration?.eventIndex ?? null,
    aftermath,
  };
}

/**
 * A declaration with its riichi discard (the seat's next discard) and whether it was accepted: read
 * forward from the declaration, a few events (the table keeps only seat, event and turn).
 */
function riichiDeclaration(r: RiichiRecord, events: readonly GameEvent[], scoreBefore: number): RiichiDeclaration {
  let tile: TileId | null = null;
  let tsumogiri: boolean | null = null;
  let accepted = false;
  for (let i = r.eventIndex + 1; i < events.length; i++) {
    const e = events[i];
    if (tile === null && e.type === 'discard' && e.seat === r.seat) {
      tile = e.tile;
      tsumogiri = e.tsumogiri;
    } else if (e.type === 'riichi' && e.seat === r.seat && e.step === 'accepted') {
      accepted = true;
      break;
    } else if (e.type === 'win' || e.type === 'ryuukyoku') {
      break; // a ron on the riichi discard, or the hand ended before it was accepted
    }
  }
  return {
    seat: r.seat,
    eventIndex: r.eventIndex,
    turn: r.turn,
    tile,
    tsumogiri,
    accepted,
    scoreBefore,
    liveWallLeft: r.liveWallLeft,
    concealedAfterDiscard: r.concealedAfterDiscard,
  };
}

/**
 * The scores the hand started with, the sticks deposited in it, the changes its ending made, and the
 * scores it leaves (a riichi stick worth what the rule set says).
 */
function scoreBook(table: Table, events: readonly GameEvent[]): HandScoreBook {
  const start = table.start;
  const players = table.players;
  const deposits = new Array<number>(players).fill(0);
  let deltas: number[] | null = null;
  let won = false;
  let dealerWon = false;
  let drawn = false;
  for (const e of events) {
    if (e.type === 'riichi' && e.step === 'accepted' && e.seat < players) deposits[e.seat]++;
    else if (e.type === 'win' || e.type === 'ryuukyoku') {
      deltas = afterChanges(deltas ?? new Array<number>(players).fill(0), e.scoreDeltas);
      if (e.type === 'win') {
        won = true;
        if (e.seat === start.dealer) dealerWon = true;
      } else drawn = true;
    }
  }
  const scores = start.scores.slice(0, players);
  return {
    start: scores,
    honba: start.honba,
    riichiStickCount: start.riichiStickCount,
    deposits,
    deltas,
    left: deltas === null ? null : scoresLeft(scores, deposits, deltas, RIICHI_STICK_POINTS),
    renchan: dealerWon || (drawn && !won),
    won,
  };
}

/** A drawn hand's shown hands, and each seat's river and melds at its end. */
function drawnFacts(table: Table, events: readonly GameEvent[]): DrawnHandFacts | null {
  const at = table.ending?.kind === 'ryuukyoku' ? table.ending.eventIndex : null;
  const e = at === null ? undefined : events[at];
  if (e?.type !== 'ryuukyoku') return null;
  const drawer = table.seatHoldingDraw();
  const offer = table.offer;
  return {
    shown: e.shown.map((x) => ({ seat: x.seat, tiles: x.hand })),
    rivers: table.seats.map((s) => s.river),
    meldCounts: table.seats.map((s) => s.melds.filter((m) => m.type !== 'kita').length),
    nagashiSeats: nagashiSeats(table.seats, table.players),
    drawer: drawer === null ? null : { seat: drawer, tiles: sortIds([...table.seats[drawer].concealed]) },
    ronOffer: e.reason === 'sanchahou' && offer.kind !== 'none' ? { seat: offer.seat, tile: offer.tile, completes: seatsCompletedBy(table.seats, table.players, offer.seat, offer.tile) } : null,
  };
}

function wallPosition(wall: HandWall | null, index: number): WallPosition {
  return wall ? { index, expected: wall.tiles[index] } : NO_WALL;
}

function winRecord(table: Table, w: Win, kans: readonly KanRecord[], redFives: number): WinRecord {
  const e = w.event;
  let doraHan = 0;
  for (const y of e.yaku) if (y.id === YAKU.dora) doraHan += y.han;
  const counted = winDora(w, e.doraIndicators, w.riichi ? e.uraIndicators : NO_TILES, table.players, redFives);
  const logged = doraView([...e.doraIndicators], [...e.uraIndicators], w.riichi, counted);
  return {
    hand: table.hand,
    eventIndex: w.eventIndex,
    seat: e.seat,
    from: e.from,
    tsumo: w.tsumo,
    winningTile: w.winningTile,
    chankan: w.robbedKan !== null && w.robbedKan.kind === 'kakan',
    chankanOnAnkan: w.robbedKan !== null && w.robbedKan.kind === 'ankan',
    rinshan: w.rinshan,
    haitei: w.haitei,
    houtei: w.houtei,
    onKita: w.onKita,
    riichi: w.riichi,
    concealed: w.concealed,
    melds: w.melds,
    kitaCount: w.kitaTiles.length,
    kitaTiles: w.kitaTiles,
    river: w.river,
    passedSinceOwnDiscard: w.passedSinceOwnDiscard,
    yaku: e.yaku,
    yakuman: e.yakuman,
    doraHanLogged: doraHan,
    fu: e.fu,
    points: e.points,
    limit: e.limit,
    logged,
    rule: ruleView(table, w, logged, kans),
    redFiveCount: counted.red,
    earlierKanCount: w.kansBefore,
    scoreDeltas: e.scoreDeltas,
    pao: e.pao ?? null,
    // Set by replayGame once the hand is scored; written here so that every win record keeps one hidden class.
    score: null,
    scoreMismatches: undefined,
    uraAssumed: undefined,
  };
}

/** The k-th ura indicator: from the rebuilt wall, or as logged when there is no wall. */
function uraOf(table: Table, logged: DoraView, k: number): TileId | null {
  const wall = table.wall;
  return wall ? wall.tiles[uraIndex(table.layout, k)] : (logged.ura[k] ?? null);
}

/** The indicators and dora of a win under the timing: the first indicator and each kan's revealed before the win. */
function ruleView(table: Table, w: Win, logged: DoraView, kans: readonly KanRecord[]): DoraView {
  const indicators: (TileId | null)[] = [table.start.doraIndicator];
  const ura: (TileId | null)[] = [uraOf(table, logged, 0)];
  for (const k of kans) {
    if (k.kandoraNumber === null || k.eventIndex >= w.eventIndex || !revealedBefore(k, w.eventIndex)) continue;
    indicators.push(k.indicator);
    ura.push(uraOf(table, logged, k.kandoraNumber));
  }
  return doraView(indicators, w.riichi ? ura : [], w.riichi, winDora(w, indicators, w.riichi ? ura : NO_TILES, table.players, false));
}

/**
 * A view of a win's dora from its counts (`winDora`), with the indicators it lists: the dora from the first indicator and the kandora
 * apart (null where one is unknown; the first null with no indicator at all), and ura for a winner in riichi.
 */
function doraView(indicators: (TileId | null)[], ura: (TileId | null)[], riichi: boolean, d: WinDora): DoraView {
  return {
    indicators,
    ura,
    dora: doraSum(d.first, d.kandora),
    firstIndicatorDora: indicators.length > 0 ? d.first : null,
    kandora: d.kandora,
    uraDora: riichi ? doraSum(d.ura, d.kanUra) : 0,
  };
}

/** Whether a kan's indicator is revealed, under its rule moment, before the event at `at`. */
function revealedBefore(k: KanRecord, at: number): boolean {
  const follows = revealFollows(k);
  return follows !== null && follows < at;
}

/** For a round whose reveals are untimed: the number shown against the number the timing reveals. */
function kandoraCount(start: RoundStartEvent, round: HandReplay, timing: KandoraTiming): KandoraCountMismatch | null {
  const untimed = start.untimedKandora;
  if (!untimed) return null;
  const rule = kandoraRevealed(round.kans, timing);
  if (rule === untimed.length) return null;
  return { hand: round.hand, eventIndex: round.ending.eventIndex ?? round.eventCount - 1, logged: untimed.length, rule };
}

/** The seats whose tenpai hands an exhaustive draw shows. */
function tenpaiShown(ending: Ending | null, events: readonly GameEvent[]): Seat[] {
  if (ending?.kind !== 'ryuukyoku' || ending.reason !== 'exhaustive' || ending.eventIndex === null) return [];
  const e = events[ending.eventIndex];
  return e?.type === 'ryuukyoku' ? e.shown.map((h) => h.seat) : [];
}
