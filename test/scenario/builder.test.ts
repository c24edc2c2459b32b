/**
 * The scenario builder: tile ids, turn order and hand sizes, the wall counts, Tenhou's tag order around
 * kans (docs/formats.md §3), riichi, wins and draws as Tenhou writes them, seeded mode, refusals, and
 * the same game written as tenhou.net/6 JSON. The builder prices nothing: each win states its value (here
 * chosen to test the writing, not the rules; the examples' values are checked in values.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../src/ingest/index.js';
import type { GameEvent, GameLog, WinEvent } from '../../src/events/index.js';
import { replayGame } from '../../src/replay/index.js';
import { makeSeed, mjlog, owariPoints, ScenarioError, type MjlogBuilder } from '../../tools/scenario/index.js';
import { decodeMeld, isRedFive, kindOf, kindToString, parseKinds, type TileId } from '../../src/tiles/index.js';
import { gameWalls, haipaiIndices, indicatorIndex, liveDrawIndex, seatOffsetFromDealer } from '../../src/wall/index.js';
import { defaultRules } from '../../src/rules/index.js';
import { majiangDoraCount } from '../score/majiang.js';

/** Tag names in order, draws and discards as `draw`/`discard`. */
function tagNames(xml: string): string[] {
  return [...xml.matchAll(/<([A-Za-z]+)(\d*)[ />]/g)].map(([, name, digits]) => {
    if (digits && 'TUVW'.includes(name)) return 'draw';
    if (digits && 'DEFG'.includes(name)) return 'discard';
    return name;
  });
}

/** The tag names from the first tag matching `from` on. */
function after(xml: string, from: string, count: number): string[] {
  const names = tagNames(xml);
  const i = names.indexOf(from);
  expect(i, `no ${from} tag`).toBeGreaterThanOrEqual(0);
  return names.slice(i, i + count);
}

function events(xml: string): GameEvent[] {
  return parseLog(Buffer.from(xml)).hands.flatMap((r) => r.events);
}

function clean(xml: string): void {
  const r = replayGame(parseLog(Buffer.from(xml)), { ...defaultRules(), kandoraTiming: 'tenhou' });
  expect(r.inconsistencies).toEqual([]);
  expect(r.timingMismatches).toEqual([]);
  expect(r.wallMismatches).toEqual([]);
}

function lastWin(xml: string): WinEvent {
  return events(xml).filter((e): e is WinEvent => e.type === 'win').at(-1)!;
}

describe('tile ids', () => {
  it('hands in notation become distinct ids; a red five only when written 0', () => {
    const xml = mjlog().round({ hands: ['0m555m+', '5p+', null, null] }).exhaust().toXml();
    const start = events(xml)[0];
    if (start.type !== 'roundStart') throw new Error('no round start');
    expect(start.hands[0].filter((t) => kindOf(t) === 4).sort((a, b) => a - b)).toEqual([16, 17, 18, 19]);
    expect(start.hands[1].filter((t) => kindOf(t) === 13)).toEqual([53]);
    const all = start.hands.flat();
    expect(new Set(all).size).toBe(52);
  });

  it('never deals a fifth copy, and says which copy is left to ask for', () => {
    expect(() => mjlog().round({ hands: ['1111m+', '1m+', null, null] })).toThrow(/no copy of 1m is left/);
    expect(() => mjlog().round({ hands: ['5555m+', null, null, null] })).toThrow(/write 0m/);
    expect(() => mjlog({ type: 169 | 2 }).round({ hands: ['0m+', null, null, null] })).toThrow(/no red fives|has none/);
  });

  it('refuses a hand that is not 13 tiles', () => {
    expect(() => mjlog().round({ hands: ['123m', null, null, null] })).toThrow(ScenarioError);
    expect(() => mjlog().round({ hands: ['123456789m123p456s', null, null, null] })).toThrow(/expected 13/);
  });

  it('hands left open are isolated tiles: noten, and no one waits on a filler draw', () => {
    const b = mjlog().round({ hands: [null, '3444m778899s333z', null, null] });
    for (const seat of [0, 2, 3]) expect(b.waitsOfSeat(seat)).toEqual([]);
    const xml = b.tsumogiri(0).draw(1).riichi(1).exhaust({ deltas: [-1000, 3000, -1000, -1000] }).toXml();
    clean(xml);
    const waits = parseKinds('2m3m5m');
    const draws = events(xml).filter((e) => e.type === 'draw');
    expect(draws).toHaveLength(70);
    expect(draws.filter((e) => e.type === 'draw' && waits.includes(kindOf(e.tile)))).toEqual([]);
    const end = events(xml).at(-1)!;
    expect(end.type === 'ryuukyoku' && end.shown.map((s) => s.seat)).toEqual([1]);
  });
});

describe('turn order and hand sizes', () => {
  it('refuses a draw, discard or kan out of turn', () => {
    const b = mjlog().round({ hands: ['1111m+', '2222m+', null, null] });
    expect(() => b.draw(1)).toThrow(/seat 0's turn to draw/);
    expect(() => b.discard(0)).toThrow(/turn to draw/);
    expect(() => b.ankan(0, '1m')).toThrow(/not seat 0's turn/);
    b.draw(0);
    expect(() => b.draw(0)).toThrow(ScenarioError);
    expect(() => b.ankan(1, '2m')).toThrow(/not seat 1's turn/);
    expect(() => b.discard(0, '9s9s')).toThrow(/expected one tile/);
  });

  it('refuses a discard of a tile not held, and a call of nothing', () => {
    const b = mjlog().round({ hands: ['1m+', '1111p+', null, null] }).draw(0);
    expect(() => b.discard(0, '1p')).toThrow(/holds 0 1p/);
    expect(() => b.pon(1)).toThrow(/no discard to call/);
    b.discard(0, '1m');
    expect(() => b.pon(0)).toThrow(/its own discard/);
    expect(() => b.pon(2)).toThrow(/holds 0 1m, needs 2/);
    expect(() => b.chi(2, '23m')).toThrow(/only from the kamicha/);
  });

  it('after a call the caller discards a named tile (nothing was drawn)', () => {
    const b = mjlog().round({ hands: ['1m+', '11m9p+', null, null] }).draw(0).discard(0, '1m').pon(1);
    expect(() => b.discard(1)).toThrow(/no tile was drawn/);
    const xml = b.discard(1, '9p').exhaust().toXml();
    clean(xml);
  });

  it('a riichi player can only discard the tile just drawn', () => {
    const b = mjlog().round({ hands: [null, '3444m778899s333z', null, null] }).tsumogiri(0).draw(1).riichi(1).fillTo(1).draw(1);
    expect(() => b.discard(1, '3m')).toThrow(/in riichi/);
  });

  it('refuses a riichi that is not tenpai or with an open hand', () => {
    const b = mjlog().round({ hands: [null, '1m+', null, null] }).tsumogiri(0).draw(1);
    expect(() => b.riichi(1)).toThrow(/not tenpai/);
    const open = mjlog().round({ hands: ['5z+', '55z3444m77889s+', null, null] }).draw(0).discard(0, '5z').pon(1);
    expect(() => open.discard(1, '3m').fillTo(1).draw(1).riichi(1)).toThrow(/hand is open/);
  });
});

describe('the wall', () => {
  it('70 draws in all to an exhaustive draw, one fewer live draw per kan', () => {
    for (const kans of [0, 1, 2]) {
      const b = mjlog().round({ hands: ['1111m2222m+', null, null, null] }).draw(0);
      for (let k = 0; k < kans; k++) b.ankan(0, ['1m', '2m'][k]).draw(0);
      const xml = b.discard(0).exhaust().toXml();
      clean(xml);
      const [round] = replayGame(parseLog(Buffer.from(xml)), { ...defaultRules(), kandoraTiming: 'tenhou' }).hands;
      expect(round.replacementDrawCount).toBe(kans);
      expect(round.liveDrawCount + round.replacementDrawCount).toBe(70);
    }
  });

  it('refuses a draw beyond the live wall and an exhaustive draw before its end', () => {
    const b = mjlog().round({});
    expect(() => b.tsumogiri(0).exhaustiveDraw()).toThrow(/live tiles are still to draw/);
    b.fillTo(1, { liveLeft: 1 }).tsumogiri(1);
    expect(() => b.draw(2)).toThrow(/live wall is empty/);
    expect(() => mjlog().round({}).fillTo(1, { liveLeft: 2 })).toThrow(/seat 0 draws when 2 are left/);
  });

  it('the dead wall has four replacement tiles: a fifth kan gets none', () => {
    const b = mjlog()
      .round({ hands: ['1111m2222p3333s5z', null, '999m+', null], reserve: '5z5z5z9m' })
      .draw(0, '5z').ankan(0, '1m').draw(0, '5z').ankan(0, '2p').draw(0).ankan(0, '3s').draw(0).discard(0)
      .fillTo(0).draw(0, '5z').ankan(0, '5z').draw(0).discard(0)
      .draw(1, '9m').discard(1).daiminkan(2);
    expect(() => b.draw(2)).toThrow(/only 4 replacement tiles/);
    clean(b.abort('kan4').toXml());
  });
});

describe("kans in Tenhou's tag order (docs/formats.md §3)", () => {
  it('ankan: N → DORA → replacement draw → discard', () => {
    const xml = mjlog().round({ hands: ['1111m+', null, null, null] }).draw(0).ankan(0, '1m').draw(0).discard(0).exhaust().toXml();
    clean(xml);
    expect(after(xml, 'N', 4)).toEqual(['N', 'DORA', 'draw', 'discard']);
    expect(decodeMeld(Number(/m="(\d+)"/.exec(xml)![1]))).toMatchObject({ type: 'ankan', fromOffset: 0 });
  });

  it('daiminkan: discard → N → replacement draw → DORA → discard', () => {
    const xml = mjlog().round({ hands: ['9s+', '999s+', null, null] }).draw(0).discard(0, '9s').daiminkan(1).draw(1).discard(1).exhaust().toXml();
    clean(xml);
    expect(after(xml, 'N', 4)).toEqual(['N', 'draw', 'DORA', 'discard']);
    expect(decodeMeld(Number(/m="(\d+)"/.exec(xml)![1]))).toMatchObject({ type: 'daiminkan', fromOffset: 3 });
  });

  it('kakan → kakan on one turn: N → draw → N → DORA → draw → DORA → discard', () => {
    const xml = mjlog()
      .round({ hands: ['2p7z+', '22p77z9m1s+', null, null], reserve: '2p7z' })
      .draw(0).discard(0, '2p').pon(1).discard(1, '9m').fill(2)
      .draw(0).discard(0, '7z').pon(1).discard(1, '1s').fill(3)
      .draw(1, '2p').kakan(1, '2p').draw(1, '7z').kakan(1, '7z').draw(1).discard(1)
      .exhaust().toXml();
    clean(xml);
    const names = tagNames(xml);
    const firstKakan = names.lastIndexOf('N') - 2;
    expect(names.slice(firstKakan, firstKakan + 7)).toEqual(['N', 'draw', 'N', 'DORA', 'draw', 'DORA', 'discard']);
  });

  it('daiminkan → ankan on one turn: N → draw → N → DORA → DORA → draw', () => {
    const xml = mjlog()
      .round({ hands: ['8m+', '888m444s+', null, null] })
      .draw(0).discard(0, '8m').daiminkan(1).draw(1, '4s').ankan(1, '4s').draw(1).discard(1)
      .exhaust().toXml();
    clean(xml);
    expect(after(xml, 'N', 6)).toEqual(['N', 'draw', 'N', 'DORA', 'DORA', 'draw']);
  });

  it('kakan robbed: N → AGARI, no replacement draw and no DORA', () => {
    const xml = mjlog()
      .round({ hands: ['3p+', '33p9m+', null, '45p234m678m789s11z'], reserve: '3p' })
      .draw(0).discard(0, '3p').pon(1).discard(1, '9m').fillTo(1)
      .draw(1, '3p').kakan(1, '3p').ron(3, { yaku: { chankan: 1, dora: 1 }, fu: 30, points: 2000, deltas: [0, -2000, 0, 2000] }).toXml();
    clean(xml);
    expect(tagNames(xml).slice(-2)).toEqual(['N', 'AGARI']);
    expect(lastWin(xml)).toMatchObject({ seat: 3, from: 1, yaku: expect.arrayContaining([{ id: 3, han: 1 }]) });
  });

  it('kakan + rinshan tsumo: no DORA, and the win lacks the kandora', () => {
    const xml = mjlog()
      .round({ hands: ['6s+', '66s234m567m11z78p3z', null, null], reserve: '6s9p' })
      .draw(0).discard(0, '6s').pon(1).discard(1, '3z').fillTo(1)
      .draw(1, '6s').kakan(1, '6s').draw(1, '9p').tsumo(1, { yaku: { rinshanKaihou: 1 }, fu: 30, points: 1100, deltas: [-500, 1100, -300, -300] }).toXml();
    clean(xml);
    expect(tagNames(xml)).not.toContain('DORA');
    expect(lastWin(xml).doraIndicators).toHaveLength(1);
  });

  it('a ron on the discard after a daiminkan sees the new indicator', () => {
    const xml = mjlog()
      .round({ hands: ['12m456p789p234s77z', '9s+', '999s3m+', null] })
      .draw(0).riichi(0).draw(1).discard(1, '9s').daiminkan(2).draw(2).discard(2, '3m').ron(0, { yaku: { riichi: 1, dora: 1, ura: 0 }, fu: 40, points: 3900, deltas: [4900, 0, -3900, 0] }).toXml();
    clean(xml);
    const win = lastWin(xml);
    expect(win.doraIndicators).toHaveLength(2);
    expect(win.uraIndicators).toHaveLength(2);
    expect(after(xml, 'N', 5)).toEqual(['N', 'draw', 'DORA', 'discard', 'AGARI']);
  });

  it('revealAtDeclaration writes an open kan\'s DORA before its replacement draw (deliberately)', () => {
    const xml = mjlog().round({ hands: ['9s+', '999s+', null, null] }).draw(0).discard(0, '9s').daiminkan(1, { revealAtDeclaration: true }).draw(1).discard(1).exhaust().toXml();
    expect(after(xml, 'N', 4)).toEqual(['N', 'DORA', 'draw', 'discard']);
    expect(replayGame(parseLog(Buffer.from(xml)), { ...defaultRules(), kandoraTiming: 'tenhou' }).timingMismatches).toHaveLength(1);
  });
});

describe('riichi, wins and draws', () => {
  function riichiRound(): MjlogBuilder {
    return mjlog().round({ hands: [null, '3444m778899s333z', '5m+', null] }).tsumogiri(0).draw(1).riichi(1);
  }

  it('REACH step 1 before the riichi discard, step 2 (with the scores after the deposit) after it', () => {
    const xml = riichiRound().exhaust({ deltas: [-1000, 3000, -1000, -1000] }).toXml();
    expect(after(xml, 'REACH', 4)).toEqual(['REACH', 'discard', 'REACH', 'draw']);
    expect(xml).toContain('<REACH who="1" ten="250,240,250,250" step="2"/>');
  });

  it('a ronned riichi discard has no step 2 and no stick', () => {
    const xml = mjlog()
      .round({ hands: ['5m+', '3444m778899s333z', '34m567p567s11z789m', null] })
      .tsumogiri(0).draw(1, '5m').riichi(1, '5m').ron(2, { yaku: { sanshoku: 2 }, fu: 30, points: 2000, deltas: [0, -2000, 2000, 0] }).toXml();
    clean(xml);
    expect(tagNames(xml).filter((n) => n === 'REACH')).toHaveLength(1);
    expect(lastWin(xml)).toMatchObject({ riichiStickCount: 0, seat: 2, from: 1, uraIndicators: [] });
  });

  it('AGARI: concealed tiles with the winning tile, melds in reverse call order, the value as stated', () => {
    const xml = riichiRound().fillTo(1).draw(1, '3z').ankan(1, '3z').draw(1).discard(1).fillTo(2).draw(2).discard(2, '5m').ron(1, { yaku: { riichi: 1, iipeikou: 1, ura: 0 }, fu: 70, points: 4500, deltas: [0, 5500, -4500, 0] }).toXml();
    clean(xml);
    const win = lastWin(xml);
    expect(win.hand.map(kindOf).sort((a, b) => a - b)).toEqual(parseKinds('34445m778899s').sort((a, b) => a - b));
    expect(win.hand).toContain(win.winningTile);
    const melds = /m="([\d,]+)"/.exec(xml.slice(xml.indexOf('<AGARI')))![1];
    expect(melds.split(',').map((m) => decodeMeld(Number(m)).type)).toEqual(['ankan']);
    // As the script states it: no dora, ura 0 (Tenhou lists ura on a riichi win, with 0 han too)…
    expect(win.yaku.filter((y) => y.id === 52)).toEqual([]);
    expect(win.yaku.find((y) => y.id === 53)).toEqual({ id: 53, han: 0 });
    // …and true of the tiles: the indicators the builder chose (of no interest) point to none of them, by
    // majiang-core's reading of an indicator.
    const all = [...win.hand, ...[0, 1, 2, 3].map((c) => parseKinds('3z')[0] * 4 + c)];
    expect(majiangDoraCount(win.doraIndicators, all)).toBe(0);
    expect(majiangDoraCount(win.uraIndicators, all)).toBe(0);
    expect(win.uraIndicators).toHaveLength(win.doraIndicators.length);
    // Score changes add up: the winner gets the loser's payment and the riichi stick.
    expect(win.scoreDeltas.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('refuses a win on a hand that is not complete, without yaku, without ura in riichi, or whose score changes do not add up', () => {
    const value = { yaku: { menzenTsumo: 1 }, fu: 30, points: 1100, deltas: [-500, -300, -300, 1100] };
    const b = riichiRound().fillTo(2).draw(2).discard(2);
    expect(() => b.draw(3, '1z').tsumo(3, value)).toThrow(/not a complete hand/);
    const win = () => riichiRound().fillTo(1).draw(1, '3m');
    const riichiTsumo = { yaku: { riichi: 1, menzenTsumo: 1, ura: 0 }, fu: 40, points: 2700, deltas: [-1300, 3700, -700, -700] };
    expect(() => win().tsumo(1, { ...riichiTsumo, yaku: {} })).toThrow(/name its yaku/);
    expect(() => win().tsumo(1, { ...riichiTsumo, yaku: { dora: 1, ura: 0 } })).toThrow(/name its yaku/);
    expect(() => win().tsumo(1, { ...riichiTsumo, yaku: { riichi: 1, menzenTsumo: 1 } })).toThrow(/lists ura/);
    expect(() => win().tsumo(1, { ...riichiTsumo, deltas: [-1300, 2700, -700, -700] })).toThrow(/adding up to the 1000/);
    // The builder writes what the script states, right or wrong by the rules.
    const last = win().tsumo(1, riichiTsumo).roundEvents()[0].at(-1) as WinEvent;
    expect(last).toMatchObject({ fu: 40, points: 2700, limit: 0, yaku: [{ id: 1, han: 1 }, { id: 0, han: 1 }, { id: 53, han: 0 }], scoreDeltas: [-1300, 3700, -700, -700] });
  });

  it('exhaustive draw: tenpai hands shown, noten payments', () => {
    expect(() => riichiRound().exhaust()).toThrow(/state the noten payments/);
    expect(() => riichiRound().exhaust({ deltas: [-1000, 3000, -1000, -900] })).toThrow(/adding up to 0/);
    const xml = riichiRound().exhaust({ deltas: [-1000, 3000, -1000, -1000] }).toXml();
    const end = events(xml).at(-1)!;
    expect(end).toMatchObject({ type: 'ryuukyoku', reason: 'exhaustive', scoreDeltas: [-1000, 3000, -1000, -1000] });
    expect(end.type === 'ryuukyoku' && end.shown).toEqual([{ seat: 1, hand: expect.any(Array) }]);
  });

  it('several rounds carry scores, riichi sticks and the final owari on the last ending only', () => {
    const b = riichiRound().exhaust({ deltas: [-1000, 3000, -1000, -1000] }).round({ kyoku: 1, honba: 1 }).exhaust();
    const log = parseLog(Buffer.from(b.toXml()));
    expect(log.hands).toHaveLength(2);
    const second = log.hands[1].events[0];
    expect(second).toMatchObject({ type: 'roundStart', kyoku: 1, honba: 1, riichiStickCount: 1, scores: [24000, 27000, 24000, 24000] });
    expect(log.hands[0].events.at(-1)).not.toHaveProperty('final');
    // Equal scores rank by seat: seat 0 second, seat 2 third, seat 3 fourth.
    expect(log.final).toEqual({ scores: [24000, 27000, 24000, 24000], gamePoints: [4, 38, -16, -26] });
    expect(log.final!.gamePoints.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('toXml refuses an unfinished game', () => {
    expect(() => mjlog().round({}).tsumogiri(0).toXml()).toThrow(/has not ended/);
    expect(() => mjlog().toXml()).toThrow(ScenarioError);
  });
});

describe('seeded mode', () => {
  const seed = makeSeed(7);

  it('makeSeed is deterministic and buildable', () => {
    expect(makeSeed(7)).toBe(seed);
    expect(makeSeed(8)).not.toBe(seed);
    expect(seed).toMatch(/^mt19937ar-sha512-n288-base64,[A-Za-z0-9+/]+=*$/);
  });

  it('deals, draws and shows the wall\'s tiles, and writes SHUFFLE', () => {
    const xml = mjlog({ seed }).round().fill(5).exhaust().round().exhaust().toXml();
    expect(xml).toContain(`<SHUFFLE seed="${seed}" ref=""/>`);
    clean(xml);
    const log = parseLog(Buffer.from(xml));
    const walls = gameWalls(seed, 4);
    log.hands.forEach((round, i) => {
      const wall = walls.round(i);
      const start = round.events[0];
      if (start.type !== 'roundStart') throw new Error('no round start');
      for (let seat = 0; seat < 4; seat++) {
        const dealt = haipaiIndices(wall.layout, seatOffsetFromDealer(4, seat, start.dealer)).map((x) => wall.tiles[x]);
        expect([...start.hands[seat]].sort((a, b) => a - b)).toEqual(dealt.sort((a, b) => a - b));
      }
      expect(start.doraIndicator).toBe(wall.tiles[indicatorIndex(wall.layout, 0)]);
      const draws = round.events.filter((e) => e.type === 'draw');
      draws.forEach((d, j) => expect(d.type === 'draw' && d.tile).toBe(wall.tiles[liveDrawIndex(wall.layout, j)]));
    });
  });

  it('refuses chosen hands and tiles the wall does not give; drawSwapped only when seeded', () => {
    expect(() => mjlog({ seed }).round({ hands: ['1m+', null, null, null] })).toThrow(/deals and draws from the wall/);
    const wall = gameWalls(seed, 4).round(0);
    const first = wall.tiles[liveDrawIndex(wall.layout, 0)];
    const other = kindOf(first) === 0 ? '9p' : '1m';
    expect(() => mjlog({ seed }).round().draw(0, other)).toThrow(/the wall gives/);
    expect(() => mjlog().round({}).drawSwapped(0, 4)).toThrow(/only seeded/);
  });
});

describe('escape hatches', () => {
  it('discardNotHeld leaves the seat holding 14 tiles', () => {
    const b = mjlog().round({ reserve: '9m' }).draw(0).discardNotHeld(0, '9m');
    expect(() => b.fillTo(0).draw(0)).toThrow(/holds 14 tiles/);
    const xml = mjlog().round({ reserve: '9m' }).fillTo(1, { liveLeft: 1 }).draw(1).discardNotHeld(1, '9m').exhaustiveDraw().toXml();
    const r = replayGame(parseLog(Buffer.from(xml)), { ...defaultRules(), kandoraTiming: 'tenhou' });
    expect(r.inconsistencies.map((x) => x.kind)).toEqual(['discard-not-in-hand']);
  });
});

describe('the game end', () => {
  it("final points match real owari attributes (uma 20/10, 0.5 rounded toward zero, the top takes the rest)", () => {
    // 2011020415gm-00a9-0000-e037b629 and 2010122717gm-00a9-0000-8e787e61 of the corpus.
    expect(owariPoints([51000, 27700, 19500, 1800])).toEqual([60, 8, -20, -48]);
    expect(owariPoints([30200, 20000, 33000, 16800])).toEqual([10, -20, 43, -33]);
    expect(owariPoints([25000, 25000, 25000, 25000])).toEqual([35, 5, -15, -25]);
  });
});

/** A tile as notation (`0p` for a red five): JSON ingest gives its own ids to the same tiles. */
function tileOf(log: GameLog): (id: TileId) => string {
  return (id) => (isRedFive(id, log.rule.redFives) ? '0' + kindToString(kindOf(id)).slice(1) : kindToString(kindOf(id)));
}

/**
 * The play of a log in notation, without what tenhou.net/6 JSON does not keep: when kandora were revealed,
 * the dice, the hands shown at a drawn hand, fu of a limit hand, 0-han yaku.
 */
function play(log: GameLog): string[] {
  const t = tileOf(log);
  const set = (ids: readonly TileId[]) => ids.map(t).sort().join(' ');
  return log.hands.flatMap((round) =>
    round.events.flatMap((e): string[] => {
      switch (e.type) {
        case 'roundStart':
          return [`start ${e.kyoku}/${e.honba}/${e.riichiStickCount} ${e.scores} dora ${t(e.doraIndicator)} | ${e.hands.map(set).join(' | ')}`];
        case 'draw':
          return [`draw ${e.seat} ${t(e.tile)}`];
        case 'discard':
          return [`discard ${e.seat} ${t(e.tile)}${e.tsumogiri ? ' tsumogiri' : ''}`];
        case 'call':
          return [`${e.meld} ${e.seat} from ${e.from}: ${set(e.tiles)} called ${t(e.called)}${e.added !== undefined ? ` added ${t(e.added)}` : ''}`];
        case 'riichi':
          return [`riichi ${e.seat} ${e.step} ${e.scores ?? ''}`];
        case 'win': {
          const yaku = e.yaku.filter((y) => y.han > 0).map((y) => `${y.id}:${y.han}`);
          return [
            `win ${e.seat} from ${e.from} ${set(e.hand)} on ${t(e.winningTile)} ${e.limit > 0 ? '' : `${e.fu}fu `}${e.points} limit ${e.limit} ${e.scoreDeltas}` +
              ` ${e.honba}/${e.riichiStickCount} dora ${e.doraIndicators.map(t)} ura ${e.uraIndicators.map(t)} yaku ${yaku} ${e.yakuman}`,
          ];
        }
        case 'ryuukyoku':
          return [`${e.reason} ${e.honba}/${e.riichiStickCount} ${e.scoreDeltas}`];
        default:
          return [];
      }
    }),
  );
}

/** A game with every call, kan order, win and drawn hand the builder writes, over ten rounds. */
function everything(): MjlogBuilder {
  const b = mjlog();
  // East 1: ankan of 2m, rinshan tsumo on 8p (a red 5p in hand).
  b.round({ kyoku: 0, hands: [null, '2222m340p678s55z6p', null, null] })
    .tsumogiri(0).draw(1, '7p').ankan(1, '2m').draw(1, '8p').tsumo(1, { yaku: { rinshanKaihou: 1, menzenTsumo: 1, akaDora: 1 }, fu: 40, points: 5200, deltas: [-2600, 5200, -1300, -1300] });
  // East 2: daiminkan of 9s; seat 0, in riichi, rons the 3m discarded next (the kandora and its ura count).
  b.round({ kyoku: 1, hands: ['12m456p789p234s77z', null, '9s+', '999s3m+'] })
    .fill(3).draw(0).riichi(0).tsumogiri(1).draw(2).discard(2, '9s').daiminkan(3).draw(3).discard(3, '3m').ron(0, { yaku: { riichi: 1, ura: 0 }, fu: 40, points: 1300, deltas: [2300, 0, 0, -1300] });
  // East 3: pon of 6s, kakan, rinshan tsumo: the kandora is never shown.
  b.round({ kyoku: 2, hands: ['66s234m567m11z78p3z', null, null, '6s+'], reserve: '6s9p' })
    .tsumogiri(2).draw(3).discard(3, '6s').pon(0).discard(0, '3z').fill(3).draw(0, '6s').kakan(0, '6s').draw(0, '9p').tsumo(0, { yaku: { rinshanKaihou: 1 }, fu: 40, points: 1500, deltas: [1500, -400, -700, -400] });
  // East 4: kakan → kakan on one turn, then an exhaustive draw nobody is tenpai in.
  b.round({ kyoku: 3, hands: ['2p+', '22p77z147m147s9p34z', null, '7z+'] })
    .draw(3).discard(3, '7z').pon(1).discard(1, '3z').fill(2).draw(0).discard(0, '2p').pon(1).discard(1, '4z').fill(3)
    .draw(1, '2p').kakan(1, '2p').draw(1, '7z').kakan(1, '7z').draw(1).discard(1).exhaust();
  // South 1, honba 1: daiminkan → ankan on one turn.
  b.round({ kyoku: 4, honba: 1, hands: [null, '8m+', '888m444s+', null] })
    .tsumogiri(0).draw(1).discard(1, '8m').daiminkan(2).draw(2, '4s').ankan(2, '4s').draw(2).discard(2).exhaust();
  // South 2: pon from the toimen, chi with a red five, daiminkan from the shimocha; seat 0 tenpai at the end.
  b.round({ kyoku: 5, hands: ['123p456p789p11z56s', '40m7z9p111s+', '1s+', '77z3z+'], reserve: '3m' })
    .draw(1).discard(1, '7z').pon(3).discard(3, '3z').draw(0, '3m').discard(0).chi(1, '40m').discard(1, '9p')
    .draw(2).discard(2, '1s').daiminkan(1).draw(1).discard(1).exhaust({ deltas: [3000, -1000, -1000, -1000] });
  // South 3: chankan on a kakan.
  b.round({ kyoku: 6, hands: ['3p+', '33p9m+', null, '45p234m678m789s11z'], reserve: '3p' })
    .fill(2).draw(0).discard(0, '3p').pon(1).discard(1, '9m').fillTo(1).draw(1, '3p').kakan(1, '3p').ron(3, { yaku: { chankan: 1, dora: 1 }, fu: 30, points: 2000, deltas: [0, -2000, 0, 2000] });
  // South 4: the dealer wins by tsumo in riichi after an ankan (ura under both indicators).
  b.round({ kyoku: 7, hands: [null, null, null, '3444m778899s333z'] })
    .draw(3).riichi(3).fillTo(3).draw(3, '3z').ankan(3, '3z').draw(3).discard(3).fillTo(3).draw(3, '2m')
    .tsumo(3, { yaku: { menzenTsumo: 1, riichi: 1, iipeikou: 1, ura: 0 }, fu: 60, points: 11700, deltas: [-3900, -3900, -3900, 12700] });
  // West 1: a kakan whose kandora is turned over at once, then a rinshan tsumo that counts it.
  b.round({ kyoku: 8, hands: ['6s+', '66s234m567m11z78p3z', null, null], kandora: ['5s'], reserve: '6s9p' })
    .draw(0).discard(0, '6s').pon(1).discard(1, '3z').fillTo(1).draw(1, '6s').kakan(1, '6s', { revealAtDeclaration: true }).draw(1, '9p')
    .tsumo(1, { yaku: { rinshanKaihou: 1, dora: 4 }, fu: 40, points: 8000, limit: 1, deltas: [-4000, 8000, -2000, -2000] });
  // West 2: four kans by three players, the abort after the fourth kan's discard.
  b.round({ kyoku: 9, hands: [null, '111m8s+', '222z+', '555z888s+'], reserve: '1m' })
    .tsumogiri(1).draw(2, '2z').ankan(2, '2z').draw(2).discard(2).draw(3, '5z').ankan(3, '5z').draw(3).discard(3)
    .tsumogiri(0).draw(1).discard(1, '8s').daiminkan(3).draw(3).discard(3).tsumogiri(0)
    .draw(1, '1m').ankan(1, '1m').draw(1).discard(1).abort('kan4');
  return b;
}

describe('tenhou.net/6 JSON (toTenhou6)', () => {
  it("the builder's events are what a reader of its mjlog gets", () => {
    const b = everything();
    const log = parseLog(Buffer.from(b.toXml()));
    const read = log.hands.map((r) => r.events.map((e) => ('final' in e ? { ...e, final: undefined } : e)));
    const made = b.roundEvents().map((r) => r.map((e) => ('final' in e ? e : { ...e, final: undefined })));
    expect(JSON.parse(JSON.stringify(made))).toEqual(JSON.parse(JSON.stringify(read)));
  });

  it('the JSON reads back as the same game as the mjlog, kandora moments aside', () => {
    const b = everything();
    const xml = parseLog(Buffer.from(b.toXml()));
    const json = parseLog(Buffer.from(b.toTenhou6()));
    expect(json.format).toBe('tenhou6');
    expect(play(json)).toEqual(play(xml));
    expect(json.final).toEqual(xml.final);
    expect(json.players.map((p) => p.name)).toEqual(xml.players.map((p) => p.name));
    expect(json.rule.label).toBe(xml.rule.label);
    // Each round's dora list holds the indicators turned over, none else.
    json.hands.forEach((r, i) => {
      const kandora = xml.hands[i].events.filter((e) => e.type === 'kandora').map((e) => (e.type === 'kandora' ? tileOf(xml)(e.indicator) : ''));
      const start = r.events[0];
      expect(start.type === 'roundStart' && start.untimedKandora!.map(tileOf(json))).toEqual(kandora);
    });
    const r = replayGame(json, { ...defaultRules(), kandoraTiming: 'tenhou' });
    expect(r.inconsistencies).toEqual([]);
    // Only West 1's kakan shows a kandora Tenhou would not have turned over before the rinshan tsumo.
    expect(r.kandoraCountMismatches.map((m) => m.hand)).toEqual([9]);
  });

  it('writes call strings, riichi, tsumogiri, the 0 after a daiminkan and results as Tenhou does (docs/formats.md §5.4, §4.4)', () => {
    const doc = JSON.parse(everything().toTenhou6());
    const takes = (round: number, seat: number): unknown[] => doc.log[round][5 + 3 * seat];
    const discards = (round: number, seat: number): unknown[] => doc.log[round][6 + 3 * seat];
    expect(doc.rule).toEqual({ disp: '鳳南喰赤', aka: 1 });
    // The letter stands where the called tile sits: first from the kamicha, second from the toimen, last from the shimocha.
    expect(takes(2, 0)).toContain('p363636');
    expect(takes(3, 1)).toEqual(expect.arrayContaining(['47p4747', 'p222222']));
    expect(takes(5, 1)).toEqual(expect.arrayContaining(['c131451', '313131m31']));
    expect(takes(9, 3)).toContain('38m383838');
    // A kakan is its pon's string with k and the added tile where the p was; an ankan has its a at index 6.
    expect(discards(3, 1)).toEqual(expect.arrayContaining(['k22222222', '47k474747']));
    expect(discards(0, 1)).toContain('121212a12');
    // Riichi with tsumogiri, and the 0 that takes a daiminkan's discard slot.
    expect(discards(1, 0)).toContain('r60');
    expect(discards(1, 3).indexOf(0)).toBe(takes(1, 3).indexOf('m39393939'));
    expect(discards(5, 1).filter((x) => x === 0)).toHaveLength(1);
    // Results: a ron, a non-dealer's and a dealer's tsumo, a limit hand, drawn hands.
    expect(doc.log[1][16]).toEqual(['和了', [2300, 0, 0, -1300], [0, 3, 0, '40符1飜1300点', '立直(1飜)']]);
    expect(doc.log[0][16][2][3]).toBe('40符3飜1300-2600点');
    expect(doc.log[7][16][2][3]).toBe('60符3飜3900点∀');
    expect(doc.log[8][16][2]).toEqual([1, 1, 1, '満貫2000-4000点', '嶺上開花(1飜)', 'ドラ(4飜)']);
    expect(doc.log[3][16]).toEqual(['全員不聴']);
    expect(doc.log[5][16]).toEqual(['流局', [3000, -1000, -1000, -1000]]);
    expect(doc.log[9][16]).toEqual(['四槓散了']);
    // Each riichi win lists an ura indicator under every indicator turned over; ura 0 is left out of the yaku.
    expect(doc.log[7][3]).toHaveLength(2);
    expect(doc.sc).toHaveLength(8);
  });

  it('refuses an unfinished game', () => {
    expect(() => mjlog().round({}).tsumogiri(0).toTenhou6()).toThrow(/has not ended/);
  });
});
