/**
 * The peers' own test vectors for waits, tenpai and ankans after riichi, transcribed as data (the
 * hands rewritten in kanshi's notation) where they describe the rule kanshi implements. Each group
 * names the repository and file it comes from. Tenhou's rule is kanshi's `riichiKan: waits`; where a
 * peer reads the rule more strictly, the row asserts kanshi's Tenhou verdict and notes the peer's.
 *
 * The majiang-core groups are also put to the installed @kobalab/majiang-core, to check the transcription.
 */
import { describe, expect, it } from 'vitest';
import {
  checkWaitingHandWithMelds,
  copiesLeft,
  judgeRiichiAnkan,
  shapeWaits,
  waits,
  type HandMeld,
  type RiichiKan,
} from '../../src/hand/index.js';
import { kindToString, parseKinds } from '../../src/tiles/index.js';
import { Majiang, ankanToMajiang, countsToMajiang, fromMajiangTile, kindToMajiang } from './majiang.js';

const tile = (t: string) => parseKinds(t)[0];
const names = (kinds: readonly number[]) => kinds.map(kindToString).join(' ');

interface TenpaiVector {
  /** The concealed tiles. */
  hand: string;
  melds?: { type: HandMeld['type']; tile: string }[];
  /** Waits as Tenhou counts them ('' = not tenpai). */
  waits: string;
  /** Waits of the shape that the concealed hand holds all four of (not waits). */
  heldFour?: string;
  /** Waits with no copy left outside the hand and its melds (still waits). */
  noCopyLeft?: string;
  what: string;
}

function checkTenpai(v: TenpaiVector): void {
  const melds: HandMeld[] = (v.melds ?? []).map((m) => ({ type: m.type, first: tile(m.tile) }));
  const counts = checkWaitingHandWithMelds(parseKinds(v.hand), melds);
  const found = waits(counts);
  expect(names(found)).toBe(v.waits);
  expect(names(shapeWaits(counts).filter((k) => !found.includes(k)))).toBe(v.heldFour ?? '');
  expect(names(found.filter((w) => copiesLeft(counts, melds, w) === 0))).toBe(v.noCopyLeft ?? '');
}

interface KanVector {
  /** The riichi hand before the draw (concealed tiles). */
  hand: string;
  /** Ankans made before riichi. */
  ankans?: string[];
  /** The tile drawn, and kanned. */
  draw: string;
  /** kanshi's verdict under each rule the source speaks of (true = legal). */
  expect: Partial<Record<RiichiKan, boolean>>;
  /** Where the source's own verdict differs from kanshi's: what it says, and why. */
  peerDiffers?: string;
}

function judge(v: KanVector, rule: RiichiKan) {
  return judgeRiichiAnkan({
    concealed: parseKinds(v.hand),
    draw: tile(v.draw),
    kan: tile(v.draw),
    rule,
    okuriKan: false,
    ankans: v.ankans?.map(tile),
  });
}

function checkKan(v: KanVector): void {
  for (const [rule, legal] of Object.entries(v.expect) as [RiichiKan, boolean][]) {
    expect(judge(v, rule).legal, `${v.hand} draw ${v.draw} under ${rule}`).toBe(legal);
  }
}

const label = (v: KanVector) => `${v.hand}${v.ankans ? ` + ankan ${v.ankans.join(' ')}` : ''}, draw ${v.draw} → kan`;

/**
 * kobalab/majiang-core test/game.js, suite `static get_gang_mianzi(rule, shoupai, p, paishu)`: riichi hands
 * (`m1112p456s789z111z1*` is m1112 p456 s789 z111, drawing z1) under `リーチ後暗槓許可レベル` 0 (no ankan:
 * kanshi `none`), 2 (no ankan that changes the waits: Tenhou's rule, kanshi `waits`) and 1 (no ankan
 * that changes the hand's shape: compared with kanshi `strict`, a rule of the same kind but not the same
 * definition: majiang-core counts the winning hands' readings with the yaku-bearing forms).
 */
const MAJIANG_GAME: (KanVector & { level1: boolean })[] = [
  { hand: '1112m456p789s111z', draw: '1z', expect: { none: false, waits: true, strict: true }, level1: true },
  { hand: '1112m456p789s111z', draw: '1m', expect: { none: false, waits: false, strict: false }, level1: false },
  { hand: '23m567p33345666s', draw: '3s', expect: { none: false, waits: true, strict: false }, level1: false },
  {
    hand: '1113445678999s',
    draw: '1s',
    expect: { none: false, waits: true, strict: true },
    level1: false,
    peerDiffers:
      'level 1 refuses: majiang-core counts the nine-gates form of the 2s win (s11134456789992) as a reading of its own, ' +
      'and the kan removes it; kanshi strict, like Mortal strict, counts group readings, and every one keeps 111s',
  },
];

/**
 * kobalab/majiang-core test/xiangting.js, suite `tingpai(shoupai, f_xiangting)`: the cases of tenpai hands
 * (its other cases are hands one tile from tenpai, for which `tingpai` lists the tiles that improve them).
 */
const MAJIANG_TINGPAI: TenpaiVector[] = [
  { what: '国士無双13面待ち', hand: '19m19p19s1234567z', waits: '1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z' },
  { what: '打牌可能な手牌に4枚ある牌は待ち牌としないこと (4m held four: not a wait)', hand: '1234444m456p789s', waits: '1m', heldFour: '4m' },
  {
    what: '暗槓の牌は待ち牌とできること (the kind of an ankan can be waited on)',
    hand: '13m456p789s11z',
    melds: [{ type: 'ankan', tile: '2m' }],
    waits: '2m',
    noCopyLeft: '2m',
  },
];

/** mjx-project/mjx tests_cpp/internal_hand_test.cpp, `TEST(internal_hand, IsTenpai)` (ew..nw = 1z..4z, wd gd rd = 5z 6z 7z). */
const MJX_TENPAI: TenpaiVector[] = [
  { what: 'テンパイ', hand: '1112345678999m', waits: '1m 2m 3m 4m 5m 6m 7m 8m 9m' },
  { what: 'テンパイでない', hand: '111234567899m9p', waits: '' },
  { what: '国士無双', hand: '19m119p19s123457z', waits: '6z' },
  { what: '国士十三面待ち', hand: '19m19p19s1234567z', waits: '1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z' },
  {
    what: '鳴きの部分を含めて5枚目を使っている (天鳳では聴牌としてみとめられる, tenhou.net/man)',
    hand: '1m',
    melds: [
      { type: 'pon', tile: '1m' },
      { type: 'pon', tile: '1p' },
      { type: 'pon', tile: '1s' },
      { type: 'pon', tile: '9m' },
    ],
    waits: '1m',
    noCopyLeft: '1m',
  },
  { what: 'KanOpened m2', hand: '13m12345677p', melds: [{ type: 'daiminkan', tile: '2m' }], waits: '2m', noCopyLeft: '2m' },
  { what: 'KanClosed m2', hand: '13m12345677p', melds: [{ type: 'ankan', tile: '2m' }], waits: '2m', noCopyLeft: '2m' },
  { what: '純手牌で4枚使って5枚目を待っている (これは聴牌でない)', hand: '1111m123456789p', waits: '', heldFour: '1m' },
  { what: '純手牌で4枚使って5枚目を待っている (1m and 4m held four)', hand: '1111234444m777z', waits: '', heldFour: '1m 4m' },
];

/**
 * mjx-project/mjx tests_cpp/internal_hand_test.cpp, `TEST(internal_hand, PossibleOpensAfterDraw)`:
 * "リーチ後のカンで待ちが変わるときにはカンできない" (s3,s3,s3,s5,s6,s6,s6,wd,wd,wd,rd,rd,rd in riichi).
 */
const MJX_RIICHI_KAN: KanVector[] = [
  { hand: '3335666s555z777z', draw: '3s', expect: { waits: true } },
  { hand: '3335666s555z777z', draw: '6s', expect: { waits: false } },
];

/**
 * Equim-chan/Mortal libriichi/src/algo/agari.rs, `#[test] fn ankan_after_riichi`: `test_one(tehai, tile,
 * len_div3, strict, expected)`; Mortal's `strict: false` is Tenhou's rule (kanshi `waits`), `strict: true`
 * compares the number of readings of each winning hand (kanshi `strict`). `S` is 2z; `len_div3` 3 is a
 * hand with one meld.
 */
const MORTAL: KanVector[] = [
  // Always positive
  { hand: '12345m567s11222z', draw: '2z', expect: { strict: true } },
  { hand: '12345m444567s11z', draw: '4s', expect: { strict: true } },
  { hand: '22m11112356p444s', draw: '4s', expect: { strict: true } },
  // Always negative
  { hand: '123456m4445s111z', draw: '4s', expect: { strict: false, waits: false } },
  // Shape of tenpai changes
  { hand: '1113444p222z', draw: '1p', expect: { strict: false, waits: true } },
  { hand: '1113444p222z', draw: '4p', expect: { strict: false } },
  { hand: '1113444p222z', draw: '2z', expect: { strict: true } },
  // Shape of agari changes
  { hand: '23m999p33345666s', draw: '3s', expect: { strict: false } },
  { hand: '23m999p33345666s', draw: '6s', expect: { strict: false, waits: true } },
  { hand: '23m999p33345666s', draw: '9p', expect: { strict: true } },
  // "The 1m kan will make chuuren gone, but in this impl we don't take yaku into account."
  { hand: '1113445678999m', draw: '1m', expect: { strict: true } },
  { hand: '1113445678999m', draw: '9m', expect: { strict: false } },
];

/**
 * Equim-chan/Mortal libriichi/src/algo/agari.rs, `check_ankan_after_riichi` itself (not its tests): "Cannot
 * kan a waited tile". Mortal refuses every kan of a kind the riichi hand waits on, though its doc comment
 * quotes Tenhou's rule; Tenhou (and majiang-core, mjx) look only at whether the waits change.
 */
const MORTAL_STRICTER: KanVector[] = [
  {
    hand: '2345556677888p',
    draw: '8p',
    expect: { waits: true, strict: false },
    peerDiffers: 'Mortal refuses (8p is a wait); Tenhou allows: 2345556677p still waits on 2p 5p 6p 7p 8p after the kan',
  },
];

describe('peer vectors: kobalab/majiang-core', () => {
  for (const v of MAJIANG_GAME) {
    it(`test/game.js get_gang_mianzi: ${label(v)}`, () => {
      checkKan(v);
      // kanshi strict agrees with majiang-core's level 1 but where the row says why not.
      expect(judge(v, 'strict').legal === v.level1).toBe(v.peerDiffers === undefined);
      // The transcription, against the installed majiang-core.
      const concealed = parseKinds(v.hand);
      const counts = Array.from({ length: 34 }, (_, k) => concealed.filter((x) => x === k).length);
      for (const [level, legal] of [[0, false], [1, v.level1], [2, v.expect.waits]] as const) {
        const shoupai = Majiang.Shoupai.fromString(countsToMajiang(counts) + '*').zimo(kindToMajiang(tile(v.draw)));
        const offers = Majiang.Game.get_gang_mianzi(Majiang.rule({ 'リーチ後暗槓許可レベル': level }), shoupai, null, 1, 0);
        expect(offers, `level ${level}`).toEqual(legal ? [ankanToMajiang(tile(v.draw))] : []);
      }
    });
  }
  for (const v of MAJIANG_TINGPAI) {
    it(`test/xiangting.js tingpai: ${v.what}`, () => {
      checkTenpai(v);
      const concealed = parseKinds(v.hand);
      const counts = Array.from({ length: 34 }, (_, k) => concealed.filter((x) => x === k).length);
      const melds = (v.melds ?? []).map((m) => ankanToMajiang(tile(m.tile)));
      const theirs = Majiang.Util.tingpai(Majiang.Shoupai.fromString([countsToMajiang(counts), ...melds].join(',')));
      expect(names((theirs ?? []).map(fromMajiangTile))).toBe(v.waits);
    });
  }
});

describe('peer vectors: mjx-project/mjx', () => {
  for (const v of MJX_TENPAI) it(`IsTenpai: ${v.what}`, () => checkTenpai(v));
  for (const v of MJX_RIICHI_KAN) it(`PossibleOpensAfterDraw in riichi: ${label(v)}`, () => checkKan(v));
});

describe('peer vectors: Equim-chan/Mortal', () => {
  for (const v of MORTAL) it(`ankan_after_riichi: ${label(v)}`, () => checkKan(v));
  for (const v of MORTAL_STRICTER) {
    it(`check_ankan_after_riichi refuses a kan of a waited kind; kanshi keeps Tenhou's verdict: ${label(v)}`, () => {
      checkKan(v);
      const verdict = judge(v, 'waits');
      expect(verdict.waitsBefore).toContain(tile(v.draw));
      expect(verdict.waitsAfter).toEqual(verdict.waitsBefore);
    });
  }
});

describe('peer vectors: counts', () => {
  it('transcribes each source', () => {
    expect({
      'majiang-core test/game.js (hands, each under levels 0, 1 and 2)': MAJIANG_GAME.length,
      'majiang-core test/xiangting.js': MAJIANG_TINGPAI.length,
      'mjx internal_hand_test.cpp IsTenpai': MJX_TENPAI.length,
      'mjx internal_hand_test.cpp PossibleOpensAfterDraw': MJX_RIICHI_KAN.length,
      'Mortal agari.rs ankan_after_riichi (test_one calls)': MORTAL.reduce((n, v) => n + Object.keys(v.expect).length, 0),
      'Mortal agari.rs check_ankan_after_riichi (stricter)': MORTAL_STRICTER.length,
    }).toEqual({
      'majiang-core test/game.js (hands, each under levels 0, 1 and 2)': 4,
      'majiang-core test/xiangting.js': 3,
      'mjx internal_hand_test.cpp IsTenpai': 9,
      'mjx internal_hand_test.cpp PossibleOpensAfterDraw': 2,
      'Mortal agari.rs ankan_after_riichi (test_one calls)': 15,
      'Mortal agari.rs check_ankan_after_riichi (stricter)': 1,
    });
  });
});
