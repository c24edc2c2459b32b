/**
 * The table on hand-made hands: whose move it is, what each event requires of it, what it records of
 * each kan, and how a broken requirement is reported (at its event, never thrown).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, RoundStartEvent, WinEvent } from '../../src/events/index.js';
import { Table } from '../../src/table/index.js';
import { sortIds } from '../../src/tiles/index.js';
import { haipaiIndices, indicatorIndex, replacementIndex, seatOffsetFromDealer, wallLayout, type HandWall } from '../../src/wall/index.js';

/** Tile id of copy `c` of kind `k` (kinds: 0-8 m, 9-17 p, 18-26 s, 27-33 z). */
const id = (k: number, c = 0) => k * 4 + c;

/**
 * Seat 0 (the dealer) holds three 1m and three 9p among 13; the others hold isolated tiles. Draws come
 * from tiles nobody holds: the fourth 1m and 9p are left for seat 0 to draw.
 */
function deal(): RoundStartEvent {
  const hands = [
    [id(0, 0), id(0, 1), id(0, 2), id(17, 0), id(17, 1), id(17, 2), id(2), id(3), id(5), id(11), id(13), id(20), id(22)],
    [id(1), id(4, 1), id(6), id(9), id(12), id(14), id(18), id(21), id(24), id(27), id(28), id(29), id(30)],
    [id(1, 1), id(4, 2), id(6, 1), id(9, 1), id(12, 1), id(14, 1), id(18, 1), id(21, 1), id(24, 1), id(27, 1), id(28, 1), id(29, 1), id(30, 1)],
    [id(1, 2), id(4, 3), id(6, 2), id(9, 2), id(12, 2), id(14, 2), id(18, 2), id(21, 2), id(24, 2), id(27, 2), id(28, 2), id(29, 2), id(30, 2)],
  ];
  return { type: 'roundStart', kyoku: 0, honba: 0, riichiStickCount: 0, dice: [0, 0], doraIndicator: id(33, 3), scores: [25000, 25000, 25000, 25000], dealer: 0, hands };
}

function table(events: GameEvent[], start = deal()): Table {
  const t = new Table(start, { hand: 4, players: 4 });
  events.forEach((e, i) => t.apply(e, i + 1));
  return t;
}

const draw = (seat: number, tile: number): GameEvent => ({ type: 'draw', seat, tile });
const discard = (seat: number, tile: number, tsumogiri = false): GameEvent => ({ type: 'discard', seat, tile, tsumogiri });
const ankan = (seat: number, tiles: number[]): GameEvent => ({ type: 'call', seat, meld: 'ankan', tiles, called: tiles[0], from: seat });
const kandora = (indicator: number): GameEvent => ({ type: 'kandora', indicator });
const ryuukyoku = (reason: 'exhaustive' | 'suukaikan' = 'suukaikan'): GameEvent => ({ type: 'ryuukyoku', reason, honba: 0, riichiStickCount: 0, shown: [], scoreDeltas: [0, 0, 0, 0] });

function win(seat: number, from: number, hand: number[], winningTile: number, indicators = [id(33, 3)]): WinEvent {
  return {
    type: 'win', seat, from, hand: sortIds([...hand]), winningTile, honba: 0, riichiStickCount: 0, fu: 30, points: 1000, limit: 0,
    yaku: [], yakuman: [], doraIndicators: indicators, uraIndicators: [], scoreDeltas: [0, 0, 0, 0],
  };
}

/** Seat 0 draws the fourth 1m and declares its ankan. */
const ANKAN_1M: GameEvent[] = [draw(0, id(0, 3)), ankan(0, [id(0, 0), id(0, 1), id(0, 2), id(0, 3)])];

describe('whose move it is', () => {
  it('starts with the dealer drawing, then the discard passes the turn on', () => {
    const t = table([draw(0, id(7)), discard(0, id(7), true)]);
    expect([t.actor, t.phase]).toEqual([1, 'draw']);
    expect(t.offer).toMatchObject({ kind: 'discard', seat: 0, tile: id(7) });
    expect(t.inconsistencies).toEqual([]);
  });

  it('reports a draw out of turn at its event, with the seat and the round, and goes on', () => {
    const t = table([draw(2, id(7))]);
    expect(t.inconsistencies).toEqual([
      { kind: 'out-of-turn', hand: 4, eventIndex: 1, seat: 2, message: 'seat 2 draws when seat 0 should draw' },
    ]);
    expect(t.seats[2].concealed).toHaveLength(14);
  });

  it('reports a discard of a tile the seat does not hold, and a hand of the wrong size', () => {
    const t = table([draw(0, id(7)), discard(0, id(8))]);
    expect(t.inconsistencies.map((x) => x.kind)).toEqual(['discard-not-in-hand']);
    t.apply(draw(1, id(8, 1)), 3);
    t.apply(discard(1, id(8, 1), true), 4);
    t.apply(draw(2, id(8, 2)), 5);
    t.apply(discard(2, id(8, 2), true), 6);
    t.apply(draw(3, id(8, 3)), 7);
    t.apply(discard(3, id(8, 3), true), 8);
    t.apply(draw(0, id(10)), 9);
    expect(t.inconsistencies.map((x) => x.kind)).toEqual(['discard-not-in-hand', 'hand-size']);
  });

  it('refuses seats that do not play: a 4-player log read as 3-player (its GO type says so)', () => {
    const start = { ...deal(), dealer: 3, hands: deal().hands };
    const t = new Table(start, { hand: 1, players: 3 });
    expect(t.inconsistencies.map((x) => x.kind)).toEqual(['no-such-seat']);
    t.apply(draw(3, id(7)), 1);
    expect(t.inconsistencies.at(-1)).toMatchObject({ kind: 'no-such-seat', eventIndex: 1, seat: 3, message: 'draw by seat 3, in a 3-player game' });
  });

  it('reports a tile id seen twice in one hand', () => {
    const t = table([draw(0, id(1))]);
    expect(t.inconsistencies).toMatchObject([{ kind: 'too-many-copies', eventIndex: 1 }]);
  });

  it('allows a chi only from the kamicha, on the last discard', () => {
    const t = table([draw(0, id(7)), discard(0, id(3)), { type: 'call', seat: 2, meld: 'chi', tiles: [id(1, 1), id(3), id(4, 2)], called: id(3), from: 0 }]);
    expect(t.inconsistencies.map((x) => x.kind)).toEqual(['out-of-turn']);
    const u = table([draw(0, id(7)), discard(0, id(5)), { type: 'call', seat: 1, meld: 'pon', tiles: [id(3), id(3, 1), id(3, 2)], called: id(3), from: 0 }]);
    expect(u.inconsistencies.map((x) => x.kind)).toContain('called-tile-not-last-discard');
  });
});

describe('the seat holding its draw (who declares nine terminals)', () => {
  it('is the seat that drew and has not discarded, after the hand ends too; none after a discard or a call', () => {
    expect(table([]).seatHoldingDraw()).toBeNull();
    const drew = table([draw(0, id(7))]);
    expect(drew.seatHoldingDraw()).toBe(0);
    expect(table([draw(0, id(7)), discard(0, id(7), true)]).seatHoldingDraw()).toBeNull();
    const abort: GameEvent = { type: 'ryuukyoku', reason: 'kyuushu-kyuuhai', honba: 0, riichiStickCount: 0, shown: [], scoreDeltas: [0, 0, 0, 0] };
    const ended = table([draw(0, id(7)), discard(0, id(7), true), draw(1, id(8)), abort]);
    expect([ended.seatHoldingDraw(), ended.seats[1].concealed.length]).toEqual([1, 14]);
    // An ankan gives its tile up; the replacement draw is held again.
    const kanned = table(ANKAN_1M);
    expect(kanned.seatHoldingDraw()).toBeNull();
    kanned.apply(draw(0, id(8)), 3);
    expect(kanned.seatHoldingDraw()).toBe(0);
  });
});

describe('a kan, as the table sees it', () => {
  it('an ankan: the replacement comes from the dead wall, the live wall gives its last tile to it', () => {
    const t = table([...ANKAN_1M, kandora(id(31)), draw(0, id(26)), discard(0, id(26), true), draw(1, id(25))]);
    expect(t.inconsistencies).toEqual([]);
    const [k] = t.kans;
    expect(k).toMatchObject({ kind: 'ankan', seat: 0, number: 1, turn: 1, liveWallLeft: 69, drawnTile: id(0, 3), afterDeclaration: 'replacement' });
    expect(k.replacement).toEqual({ tile: id(26), eventIndex: 4, number: 0, wallIndex: replacementIndex(wallLayout(4), 0) });
    expect(k.reveal).toEqual({ eventIndex: 3, indicator: id(31), kandoraNumber: 1, moment: 'declaration' });
    expect(k.discard).toEqual({ eventIndex: 5, after: 'went-on' });
    // 70 live draws less the kan's, two made.
    expect(t.liveLeft()).toBe(67);
  });

  it('a daiminkan: the indicator after the replacement draw, with the discard', () => {
    const t = table([
      draw(0, id(7)),
      discard(0, id(7), true),
      draw(1, id(17, 3)),
      discard(1, id(17, 3), true),
      { type: 'call', seat: 0, meld: 'daiminkan', tiles: [id(17, 0), id(17, 1), id(17, 2), id(17, 3)], called: id(17, 3), from: 1 },
      draw(0, id(26)),
      kandora(id(31)),
      discard(0, id(26), true),
    ]);
    expect(t.inconsistencies).toEqual([]);
    expect(t.kans[0]).toMatchObject({ kind: 'daiminkan', from: 1, afterDeclaration: 'replacement', reveal: { moment: 'after-replacement' } });
    expect(t.kans[0].discard).toEqual({ eventIndex: 8, after: null });
    expect(t.finish()).toEqual({ kind: 'none', eventIndex: null });
    expect(t.kans[0].discard).toEqual({ eventIndex: 8, after: 'log-stops' });
  });

  it('a kakan robbed by a ron: robbed, no replacement, the added tile on offer', () => {
    const t = table([
      draw(0, id(7)),
      discard(0, id(7), true),
      draw(1, id(17, 3)),
      discard(1, id(17, 3), true),
      { type: 'call', seat: 0, meld: 'pon', tiles: [id(17, 0), id(17, 1), id(17, 3)], called: id(17, 3), from: 1 },
      discard(0, id(2)),
      draw(1, id(8)),
      discard(1, id(8), true),
      draw(2, id(8, 1)),
      discard(2, id(8, 1), true),
      draw(3, id(8, 2)),
      discard(3, id(8, 2), true),
      draw(0, id(10)),
      { type: 'call', seat: 0, meld: 'kakan', tiles: [id(17, 0), id(17, 1), id(17, 2), id(17, 3)], called: id(17, 3), from: 1, added: id(17, 2) },
    ]);
    expect(t.offer).toMatchObject({ kind: 'kakan', seat: 0, tile: id(17, 2) });
    expect([t.actor, t.phase]).toEqual([0, 'replacement']);
    t.apply(win(1, 0, [...t.seats[1].concealed, id(17, 2)], id(17, 2)), 15);
    expect(t.inconsistencies).toEqual([]);
    expect(t.kans[0]).toMatchObject({ kind: 'kakan', from: 1, meldsBefore: 0, robbed: true, afterDeclaration: 'robbed', replacement: null });
    expect(t.wins[0]).toMatchObject({ tsumo: false, winningTile: id(17, 2), robbedKan: t.kans[0] });
  });

  it('an abort at the declaration: the hand ended there, and the declaration is not robbed', () => {
    const t = table([...ANKAN_1M, ryuukyoku()]);
    expect(t.kans[0]).toMatchObject({ afterDeclaration: 'ended', robbed: false, replacement: null });
    expect(t.finish()).toEqual({ kind: 'ryuukyoku', reason: 'suukaikan', eventIndex: 3 });
  });

  it('a kan whose replacement draw the log skips: play went on, and the live wall still gave a tile', () => {
    const t = table([...ANKAN_1M, discard(0, id(2))]);
    expect(t.kans[0].afterDeclaration).toBe('went-on');
    expect(t.inconsistencies.map((x) => x.kind)).toEqual(['out-of-turn', 'hand-size']);
    // 70, less the kan's tile moved to the dead wall all the same, less one live draw.
    expect(t.liveLeft()).toBe(68);
  });

  it('a kandora with no kan waiting for it', () => {
    const t = table([draw(0, id(7)), kandora(id(31))]);
    expect(t.inconsistencies).toMatchObject([{ kind: 'kandora-without-kan', eventIndex: 2 }]);
    expect(t.indicators).toEqual([id(33, 3), id(31)]);
  });

  it('checks the dead wall: a replacement beyond its tiles is a draw beyond the wall', () => {
    const t = new Table(deal(), { hand: 1, players: 4 });
    // Four replacement tiles in a 4-player dead wall: a fifth replacement draw has none.
    t.replacements = 4;
    t.apply(draw(0, id(0, 3)), 1);
    t.apply(ankan(0, [id(0, 0), id(0, 1), id(0, 2), id(0, 3)]), 2);
    t.apply(draw(0, id(26)), 3);
    expect(t.inconsistencies).toMatchObject([{ kind: 'draw-beyond-wall', eventIndex: 3, message: 'replacement draw 5: the dead wall has only 4' }]);
  });
});

describe('riichi', () => {
  it('declared, its discard, then accepted; a riichi player must discard the tile drawn', () => {
    const t = table([draw(0, id(7)), { type: 'riichi', seat: 0, step: 'declare' }, discard(0, id(2))]);
    expect(t.seats[0].riichi).toBe('discarded');
    expect(t.riichiAwaitingAcceptance()).toBe(0);
    t.apply({ type: 'riichi', seat: 0, step: 'accepted' }, 4);
    expect(t.seats[0].riichi).toBe('accepted');
    expect(t.inconsistencies).toEqual([]);
  });

  it('accepted without a declaration, or declared twice', () => {
    const t = table([draw(0, id(7)), { type: 'riichi', seat: 0, step: 'accepted' }]);
    expect(t.inconsistencies).toMatchObject([{ kind: 'riichi-not-declared', eventIndex: 2, seat: 0 }]);
    const u = table([draw(0, id(7)), { type: 'riichi', seat: 0, step: 'declare' }, { type: 'riichi', seat: 0, step: 'declare' }]);
    expect(u.inconsistencies).toMatchObject([{ kind: 'riichi-repeated', eventIndex: 3 }]);
  });

  it('declared with an open hand (a pon) is an inconsistency at the declaration; an ankan keeps the hand closed (issue 27)', () => {
    const pon: GameEvent = { type: 'call', seat: 0, meld: 'pon', tiles: [id(0, 0), id(0, 1), id(0, 3)], called: id(0, 3), from: 1 };
    const t = table([draw(0, id(7)), discard(0, id(7)), draw(1, id(0, 3)), discard(1, id(0, 3)), pon, { type: 'riichi', seat: 0, step: 'declare' }]);
    expect(t.inconsistencies).toEqual([{ kind: 'riichi-open-hand', hand: 4, eventIndex: 6, seat: 0, message: 'seat 0 declares riichi with an open hand (a pon of 1m)' }]);
    const closed = table([...ANKAN_1M, draw(0, id(26)), { type: 'riichi', seat: 0, step: 'declare' }]);
    expect(closed.inconsistencies).toEqual([]);
  });
});

describe('wins and endings', () => {
  it('a second win by the same seat is repeated; a second ron on the same tile is a double ron', () => {
    const start = deal();
    const t = table([draw(0, id(7)), discard(0, id(7), true)], start);
    const hand = [...t.seats[1].concealed, id(7)];
    t.apply(win(1, 0, hand, id(7)), 3);
    t.apply(win(1, 0, hand, id(7)), 4);
    expect(t.inconsistencies.map((x) => x.kind)).toEqual(['win-repeated']);
    t.apply(win(2, 0, [...t.seats[2].concealed, id(7)], id(7)), 5);
    expect(t.inconsistencies.map((x) => x.kind)).toEqual(['win-repeated']);
    expect(t.wins.map((w) => w.event.seat)).toEqual([1, 2]);
  });

  it('an exhaustive draw while live tiles remain; a shown hand the seat does not hold', () => {
    const t = table([draw(0, id(7)), discard(0, id(7), true), { type: 'ryuukyoku', reason: 'exhaustive', honba: 0, riichiStickCount: 0, shown: [{ seat: 1, hand: deal().hands[2] }], scoreDeltas: [0, 0, 0, 0] }]);
    expect(t.inconsistencies.map((x) => x.kind)).toEqual(['exhaustive-draw-early', 'shown-hand-mismatch']);
    expect(t.inconsistencies[0].message).toBe('an exhaustive draw with 69 live tiles still in the wall');
  });

  it('nothing after the end but another ron', () => {
    const t = table([...ANKAN_1M, ryuukyoku(), draw(0, id(26))]);
    expect(t.inconsistencies).toMatchObject([{ kind: 'event-after-end', eventIndex: 4 }]);
  });
});

describe('with the wall rebuilt from a seed', () => {
  /** A wall whose tile at index i is i, with the hands dealt from it. */
  function walled(): { t: Table; wall: HandWall } {
    const layout = wallLayout(4);
    const wall: HandWall = { players: 4, tiles: Uint8Array.from({ length: 136 }, (_, i) => i), dice: [3, 4], layout };
    const hands = [0, 1, 2, 3].map((s) => [...haipaiIndices(layout, seatOffsetFromDealer(4, s, 0))]);
    const start: RoundStartEvent = { ...deal(), hands, doraIndicator: indicatorIndex(layout, 0), dice: [3, 4] };
    return { t: new Table(start, { hand: 1, players: 4, wall }), wall };
  }

  it('checks every dealt tile, the indicator and each draw against its wall index', () => {
    const { t } = walled();
    expect(t.wallChecked).toBe(4 * 13 + 1);
    t.apply(draw(0, t.nextLiveIndex()), 1);
    t.apply(discard(0, 83, true), 2);
    t.apply(draw(1, 81), 3);
    expect(t.wallMismatches).toEqual([
      { kind: 'live-draw', hand: 1, eventIndex: 3, wallIndex: 82, expected: 82, logged: 81, message: 'live draw 2: the log has 3s (id 81), the wall has 3s (id 82) at index 82' },
    ]);
  });
});

describe('messages name tiles and counts as people write them (issue 16)', () => {
  it('a tile by its notation and id; a red five as 0m only when the game has red fives', () => {
    // id 16 is the first copy of 5m (the red one in a game with red fives); nobody holds it
    const message = (options: { redFives?: boolean }) => {
      const t = new Table(deal(), { hand: 2, players: 4, ...options });
      t.apply(draw(0, id(7)), 1);
      t.apply(discard(0, 16), 2);
      return t.inconsistencies.find((x) => x.kind === 'discard-not-in-hand')?.message;
    };
    expect(message({})).toBe('seat 0 discards 0m (id 16), which it does not hold');
    expect(message({ redFives: false })).toBe('seat 0 discards 5m (id 16), which it does not hold');
  });

  it('one meld, not one melds', () => {
    // after the ankan seat 0 discards without its replacement draw: 10 tiles and 1 meld, 13 where 14 are needed
    const t = table([...ANKAN_1M, discard(0, id(2))]);
    expect(t.inconsistencies.find((x) => x.kind === 'hand-size')?.message).toBe('seat 0 discards holding 10 tiles and 1 meld');
  });
});
