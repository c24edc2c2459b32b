/**
 * src/audit/chankan.ts: rons on a kakan's added tile, kokushi robbing an ankan under kokushiAnkanChankan,
 * and chankans that cannot be (docs/kan-rules.md §5), on hand-made wins.
 */
import { describe, expect, it } from 'vitest';
import { checkChankan, impossibility } from '../../src/audit/chankan.js';
import { YAKU } from '../../src/events/index.js';
import { round, rules, tileId, win, type WinOverrides } from './support.js';

/** Seat 2 robs seat 1's kakan of 4m with 23m456789p123s55z (waits 1m 4m). */
const kakanRon = (o: WinOverrides = {}) => win({ chankan: true, yaku: [{ id: YAKU.chankan, han: 1 }], ...o });

/** Thirteen orphans waiting on 1m (99m19p19s1234567z) robbing seat 1's ankan of 1m. */
const KOKUSHI = '99m19p19s1234567z';
const ankanRon = (o: WinOverrides = {}) => win({ chankanOnAnkan: true, concealed: KOKUSHI, winningTile: '1m', yaku: [], yakuman: [47], ...o });

describe('chankan on a kakan', () => {
  it('a ron on the added tile: chankan-win (info), naming the tile; no knob decides it', () => {
    const findings = checkChankan([round({ hand: 5, wins: [kakanRon({ eventIndex: 31 })] })], rules());
    expect(findings).toEqual([
      {
        kind: 'chankan-win',
        severity: 'info',
        hand: 5,
        eventIndex: 31,
        seat: 2,
        message: "seat 2 robs seat 1's kakan of 4m",
        details: { tile: '4m', kan: 'kakan' },
      },
    ]);
  });

  it('wins that are no chankan are not its business', () => {
    const wins = [win(), win({ tsumo: true, from: 2 }), win({ rinshan: true, tsumo: true, from: 2 }), win({ haitei: true, tsumo: true, from: 2 })];
    expect(checkChankan([round({ wins })], rules())).toEqual([]);
  });

  it('double ron on one kakan: one chankan-win per winner', () => {
    const wins = [kakanRon({ seat: 2, eventIndex: 31 }), kakanRon({ seat: 3, eventIndex: 32, concealed: '56m123p456s789s11z' })];
    const findings = checkChankan([round({ wins })], rules());
    expect(findings.map((f) => [f.kind, f.eventIndex, f.seat, f.message])).toEqual([
      ['chankan-win', 31, 2, "seat 2 robs seat 1's kakan of 4m"],
      ['chankan-win', 32, 3, "seat 3 robs seat 1's kakan of 4m"],
    ]);
  });

  it('does not depend on kokushiAnkanChankan', () => {
    for (const kokushiAnkanChankan of [true, false]) {
      expect(checkChankan([round({ wins: [kakanRon()] })], rules({ kokushiAnkanChankan })).map((f) => f.kind)).toEqual(['chankan-win']);
    }
  });

  it('checks every round', () => {
    const findings = checkChankan([round({ hand: 1 }), round({ hand: 2, wins: [kakanRon()] }), round({ hand: 3, wins: [kakanRon()] })], rules());
    expect(findings.map((f) => f.hand)).toEqual([2, 3]);
  });
});

describe('chankan on an ankan', () => {
  it('kokushi robbing an ankan where kokushiAnkanChankan allows it: chankan-win', () => {
    const findings = checkChankan([round({ wins: [ankanRon({ eventIndex: 27 })] })], rules({ kokushiAnkanChankan: true }));
    expect(findings).toEqual([
      {
        kind: 'chankan-win',
        severity: 'info',
        hand: 1,
        eventIndex: 27,
        seat: 2,
        rule: 'kokushiAnkanChankan',
        message: "seat 2 robs seat 1's ankan of 1m with thirteen orphans",
        details: { tile: '1m', kan: 'ankan' },
      },
    ]);
  });

  it('kokushi robbing an ankan under kokushiAnkanChankan false: chankan-ankan-illegal, and nothing else', () => {
    const findings = checkChankan([round({ wins: [ankanRon({ eventIndex: 27, river: '1m' })] })], rules({ kokushiAnkanChankan: false }));
    expect(findings).toEqual([
      {
        kind: 'chankan-ankan-illegal',
        severity: 'error',
        hand: 1,
        eventIndex: 27,
        seat: 2,
        rule: 'kokushiAnkanChankan',
        message: "seat 2 robs seat 1's ankan of 1m: kokushiAnkanChankan is false: no one may rob an ankan",
        details: { tile: '1m', kokushi: true, kokushiAnkanChankan: false },
      },
    ]);
  });

  it('a hand that is not thirteen orphans may not rob an ankan, whatever the rule', () => {
    for (const kokushiAnkanChankan of [true, false]) {
      const w = win({ chankanOnAnkan: true, yaku: [{ id: YAKU.chankan, han: 1 }] });
      const [f, ...rest] = checkChankan([round({ wins: [w] })], rules({ kokushiAnkanChankan }));
      expect(rest).toEqual([]);
      expect(f).toMatchObject({ kind: 'chankan-ankan-illegal', details: { tile: '4m', kokushi: false, kokushiAnkanChankan } });
      expect(f.message).toBe("seat 2 robs seat 1's ankan of 4m: only thirteen orphans may rob an ankan");
    }
  });

  it('kokushi is read from the yakuman (47 or 48) or from the hand', () => {
    const allowed = rules({ kokushiAnkanChankan: true });
    const kinds = (o: WinOverrides) => checkChankan([round({ wins: [ankanRon(o)] })], allowed).map((f) => f.kind);
    expect(kinds({ yakuman: [47] })).toEqual(['chankan-win']);
    expect(kinds({ yakuman: [48] })).toEqual(['chankan-win']);
    expect(kinds({ yakuman: [] })).toEqual(['chankan-win']);
    // The yakuman alone, the hand not showing it.
    expect(kinds({ yakuman: [47], concealed: '23m456789p123s55z', winningTile: '4m' })).toEqual(['chankan-win']);
    expect(kinds({ yakuman: [48], concealed: '23m456789p123s55z', winningTile: '4m' })).toEqual(['chankan-win']);
    // Another yakuman is not kokushi.
    expect(kinds({ yakuman: [39], concealed: '23m456789p123s55z', winningTile: '4m' })).toEqual(['chankan-ankan-illegal']);
  });

  it('a hand that cannot be read is not kokushi (no crash)', () => {
    const [f] = checkChankan([round({ wins: [ankanRon({ yakuman: [], concealed: '9m19p19s1234567z' })] })], rules({ kokushiAnkanChankan: true }));
    expect(f).toMatchObject({ kind: 'chankan-ankan-illegal', details: { kokushi: false } });
  });

  it('an allowed kokushi chankan can still be impossible (a furiten winner)', () => {
    const findings = checkChankan([round({ wins: [ankanRon({ river: '9p1m' })] })], rules({ kokushiAnkanChankan: true }));
    expect(findings.map((f) => f.kind)).toEqual(['chankan-win', 'chankan-impossible']);
    expect(findings[1].details).toEqual({ tile: '1m', reasons: ['the winner is furiten (discarded 1m earlier)'] });
  });
});

describe('chankan-impossible', () => {
  it('is reported after the chankan-win, at the same place, with every reason', () => {
    const w = kakanRon({
      eventIndex: 31,
      yaku: [
        { id: YAKU.chankan, han: 1 },
        { id: YAKU.rinshanKaihou, han: 1 },
      ],
      river: '1m',
    });
    const findings = checkChankan([round({ hand: 3, wins: [w] })], rules());
    expect(findings.map((f) => f.kind)).toEqual(['chankan-win', 'chankan-impossible']);
    expect(findings[1]).toEqual({
      kind: 'chankan-impossible',
      severity: 'error',
      hand: 3,
      eventIndex: 31,
      seat: 2,
      message: 'this chankan cannot be: it is scored with rinshan kaihou; the winner is furiten (discarded 1m earlier)',
      details: { tile: '4m', reasons: ['it is scored with rinshan kaihou', 'the winner is furiten (discarded 1m earlier)'] },
    });
    expect(Object.keys(findings[1])).not.toContain('rule');
  });

  it('a clean chankan has no reasons', () => {
    expect(impossibility(kakanRon())).toEqual([]);
  });

  it.each([
    [YAKU.menzenTsumo, 'menzen tsumo'],
    [YAKU.rinshanKaihou, 'rinshan kaihou'],
    [YAKU.haitei, 'haitei'],
    [YAKU.houtei, 'houtei'],
  ])('scored with yaku %i (%s)', (id, name) => {
    expect(impossibility(kakanRon({ yaku: [{ id: YAKU.chankan, han: 1 }, { id, han: 1 }] }))).toEqual([`it is scored with ${name}`]);
    // Listed at 0 han, it is not scored with it.
    expect(impossibility(kakanRon({ yaku: [{ id: YAKU.chankan, han: 1 }, { id, han: 0 }] }))).toEqual([]);
  });

  it('other yaku are fine with chankan', () => {
    expect(impossibility(kakanRon({ yaku: [{ id: YAKU.chankan, han: 1 }, { id: YAKU.riichi, han: 1 }, { id: YAKU.ippatsu, han: 1 }] }))).toEqual([]);
  });

  it('a tsumo', () => {
    expect(impossibility(kakanRon({ tsumo: true }))).toEqual(['it is a tsumo']);
  });

  it('a winner holding a copy of the robbed tile', () => {
    // 2344m567p123s555z waits on 1m and 4m (23m + 44m), and holds a 4m.
    expect(impossibility(kakanRon({ concealed: '2344m567p123s555z' }))).toEqual(['the winner holds a copy of the robbed 4m']);
  });

  it('furiten: a wait in the own river, naming every such wait', () => {
    expect(impossibility(kakanRon({ river: '9s1m' }))).toEqual(['the winner is furiten (discarded 1m earlier)']);
    expect(impossibility(kakanRon({ river: '1m4m' }))).toEqual(['the winner is furiten (discarded 1m 4m earlier)']);
    expect(impossibility(kakanRon({ river: '9s5m' }))).toEqual([]);
  });

  it('furiten: a wait let pass since the own last discard', () => {
    expect(impossibility(kakanRon({ passedSinceOwnDiscard: '7z1m' }))).toEqual(['the winner is furiten (let 1m pass since their last discard)']);
  });

  it('furiten: a wait let pass since riichi', () => {
    expect(impossibility(kakanRon({ riichi: true, passedSinceOwnDiscard: '1m' }))).toEqual(['the winner is furiten (let 1m pass since riichi)']);
  });

  it('the robbed tile itself is no tile let pass, but another copy of it is', () => {
    const robbed = tileId('4m') + 3;
    expect(impossibility(kakanRon({ winningTile: robbed, passedSinceOwnDiscard: [robbed] }))).toEqual([]);
    expect(impossibility(kakanRon({ winningTile: robbed, passedSinceOwnDiscard: [tileId('4m')] }))).toEqual([
      'the winner is furiten (let 4m pass since their last discard)',
    ]);
  });

  it('the own river comes first: one furiten reason', () => {
    expect(impossibility(kakanRon({ river: '1m', passedSinceOwnDiscard: '4m' }))).toEqual(['the winner is furiten (discarded 1m earlier)']);
  });

  it('a hand whose waits cannot be read gives no furiten reason (no crash)', () => {
    expect(impossibility(kakanRon({ concealed: '3m456789p123s55z', river: '1m4m' }))).toEqual([]);
  });

  it('furiten on a kokushi wait', () => {
    expect(impossibility(ankanRon({ passedSinceOwnDiscard: '6z' }))).toEqual([]);
    expect(impossibility(ankanRon({ passedSinceOwnDiscard: '6z1m' }))).toEqual(['the winner is furiten (let 1m pass since their last discard)']);
  });

  it('every reason at once, in order', () => {
    const w = kakanRon({
      tsumo: true,
      concealed: '2344m567p123s555z',
      yaku: [
        { id: YAKU.menzenTsumo, han: 1 },
        { id: YAKU.haitei, han: 1 },
      ],
      river: '1m',
    });
    expect(impossibility(w)).toEqual([
      'it is scored with menzen tsumo',
      'it is scored with haitei',
      'it is a tsumo',
      'the winner holds a copy of the robbed 4m',
      'the winner is furiten (discarded 1m earlier)',
    ]);
  });
});
