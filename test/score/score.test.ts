/**
 * The scorer on hands written out: what the corpus shows rarely or never (the tie-breaks between
 * readings, double yakuman, the knobs' other values, drawn hands under other rules), each checked by its
 * points and payments.
 */
import { describe, expect, it } from 'vitest';
import { YAKU, YAKUMAN } from '../../src/events/index.js';
import { basicPoints, scoreDraw, scoreHandWins, scoreWin, type WinScore } from '../../src/score/index.js';
import { hand } from './hands.js';
import { majiangHule, majiangScore } from './majiang.js';
import { scoreRules } from './support.js';

const tenhou = scoreRules('tenhou');
const ids = (s: WinScore) => s.yaku.map((y) => `${y.id}:${y.han}`);

describe('readings: the one worth most, as Tenhou keeps it', () => {
  it('111222333m: three concealed triplets (sanankou) beat three equal runs (iipeikou) on a tsumo', () => {
    const s = scoreWin(hand('111222333m456p9s', '9s', { tsumo: true }), tenhou);
    expect(ids(s)).toContain(`${YAKU.sanankou}:2`);
    expect(s.yaku.some((y) => y.id === YAKU.iipeikou)).toBe(false);
  });

  it('ryanpeikou rather than chiitoitsu', () => {
    const s = scoreWin(hand('223344m556677p9s', '9s'), tenhou);
    expect(ids(s)).toContain(`${YAKU.ryanpeikou}:3`);
    expect(s.fu).toBe(40);
  });

  it('the group won on decides: 12345m won on 3m is a penchan (123m, no yaku) or a ryanmen (345m, pinfu)', () => {
    const s = scoreWin(hand('12345m678p11s789s', '3m'), tenhou);
    expect(s.reading?.wait).toBe('ryanmen');
    expect(ids(s)).toContain(`${YAKU.pinfu}:1`);
  });

  it('open pinfu shape won by ron: 30 fu; by tsumo: 20 + 2 rounded to 30', () => {
    const ron = scoreWin(hand('234m567p23s88s', '4s', { melds: [['chi', '678m']] }), tenhou);
    expect([ron.fu, ron.fuParts.map((p) => p.reason)]).toEqual([30, ['base', 'open-pinfu']]);
    const tsumo = scoreWin(hand('234m567p23s88s', '4s', { tsumo: true, melds: [['chi', '678m']] }), tenhou);
    expect(tsumo.fu).toBe(30);
  });
});

describe('yakuman', () => {
  it('kokushi 13-sided wait: one yakuman on Tenhou, two with doubleYakuman', () => {
    const input = hand('19m19p19s1234567z', '1m');
    expect(scoreWin(input, tenhou).points).toBe(32000);
    const doubled = scoreWin(input, { ...tenhou, doubleYakuman: true });
    expect(doubled.yakuman).toEqual([{ id: YAKUMAN.kokushi13, name: 'kokushi musou 13-sided wait', multiplier: 2 }]);
    expect(doubled.points).toBe(64000);
  });

  it('junsei chuuren poutou: the nine-sided wait', () => {
    const s = scoreWin(hand('1112345678999p', '5p'), { ...tenhou, doubleYakuman: true });
    expect(s.yakuman.map((y) => [y.id, y.multiplier])).toEqual([[YAKUMAN.junseiChuuren, 2]]);
    const plain = scoreWin(hand('1112345678999p', '5p'), tenhou);
    expect(plain.points).toBe(32000);
  });

  it("double yakuman (YAKU_TABLE's double column) are majiang-core's, each yakuman counted as it counts them", () => {
    const rules = { ...tenhou, doubleYakuman: true };
    const wins = [
      hand('19m19p19s1234567z', '1m'), // kokushi, 13-sided
      hand('19m19p19s1234566z', '7z'), // kokushi
      hand('1112345678999p', '5p'), // junsei chuuren
      hand('1113456788999p', '2p'), // chuuren
      hand('111m222p333s4445z', '5z'), // suuankou tanki
      hand('111m222p333s4455z', '5z', { tsumo: true }), // suuankou
      hand('111222333z5m', '5m', { melds: [['pon', '444z']] }), // daisuushii
      hand('111222333z4z567m', '4z'), // shousuushii
      hand('555666777z1122z', '1z'), // daisangen, tsuuiisou
    ];
    for (const input of wins) {
      const ours = scoreWin(input, rules).yakuman.map((y) => [y.id, y.multiplier]);
      const hule = majiangHule(input, rules);
      const theirs = hule ? majiangScore(input, rules, hule).yakuman.map((y) => [y.id, y.multiplier]) : [];
      expect(ours.length).toBeGreaterThan(0);
      expect(ours).toEqual(expect.arrayContaining(theirs));
      expect(theirs).toEqual(expect.arrayContaining(ours));
    }
  });

  it('suuankou: tanki counts on a ron; a shanpon ron is sanankou and toitoi', () => {
    expect(scoreWin(hand('111m222p333s4445z', '5z'), tenhou).yakuman.map((y) => y.id)).toEqual([YAKUMAN.suuankouTanki]);
    const shanpon = scoreWin(hand('111m222p333s4455z', '5z'), tenhou);
    expect(shanpon.yakuman).toEqual([]);
    expect(ids(shanpon)).toEqual(expect.arrayContaining([`${YAKU.toitoi}:2`, `${YAKU.sanankou}:2`]));
  });

  it('stacking: daisangen + tsuuiisou is two yakuman, one without yakumanStacking', () => {
    // A ron on the shanpon: the East triplet is open, so no suuankou (a tsumo would make it three yakuman).
    const input = hand('555666777z1122z', '1z');
    expect(scoreWin(input, tenhou).yakuman.map((y) => y.id)).toEqual([YAKUMAN.daisangen, YAKUMAN.tsuuiisou]);
    expect(scoreWin(input, tenhou).points).toBe(64000);
    expect(scoreWin({ ...input, tsumo: true, from: input.seat }, tenhou).points).toBe(96000);
    expect(scoreWin(input, { ...tenhou, yakumanStacking: false }).points).toBe(32000);
  });

  it('kazoe: 13 han is a yakuman on Tenhou, a sanbaiman under EMA', () => {
    // 22 345 345 678 678p: riichi, tsumo, pinfu, tanyao, ryanpeikou 3, chinitsu 6 = 13 han.
    const input = hand('2233445566778p', '8p', { riichi: 'riichi', tsumo: true });
    const t = scoreWin(input, tenhou);
    expect(t.han).toBe(13);
    expect(t.limit).toBe(5);
    const ema = scoreWin(input, scoreRules('ema'));
    expect(ema.limit).toBe(4);
  });
});

describe('fu knobs', () => {
  it('a double-wind pair: 4 fu on Tenhou, 2 under M-League', () => {
    const input = hand('234m567p678s11z23s', '4s', { seat: 0 });
    expect(scoreWin(input, tenhou).fuParts.find((p) => p.reason === 'pair')?.fu).toBe(4);
    expect(scoreWin(input, scoreRules('mleague')).fuParts.find((p) => p.reason === 'pair')?.fu).toBe(2);
  });

  it('rinshan tsumo: 2 tsumo fu on Tenhou, none under rinshanTsumoFu none', () => {
    // 20 + closed kan of 2m 16 + closed triplet of 5p 4 (+ tsumo 2) = 42 → 50, or 40 without the tsumo fu.
    const input = hand('555p678p99s23s', '4s', { tsumo: true, rinshan: true, melds: [['ankan', '2222m']] });
    expect(scoreWin(input, tenhou).fu).toBe(50);
    expect(scoreWin(input, { ...tenhou, rinshanTsumoFu: 'none' }).fu).toBe(40);
  });

  it('reports the han the kans brought: rinshan kaihou, the kandora and the kan ura; none for a yakuman', () => {
    // riichi, tsumo, rinshan kaihou 1; dora indicator 1m: the kan's 2m, four of them; kandora 4p: 5p, three; ura 9m, kan ura 9p: 1m and 1p, none
    const input = hand('555p678p99s23s', '4s', { tsumo: true, rinshan: true, riichi: 'riichi', melds: [['ankan', '2222m']], dora: '1m4p', ura: '9m9p' });
    const s = scoreWin(input, tenhou);
    expect(s.dora).toMatchObject({ dora: 4, kandora: 3, ura: 0, kanUra: 0 });
    expect(s.kanHan).toBe(1 + 3);
    expect(scoreWin(input, { ...tenhou, kandora: false }).kanHan).toBe(1);
    // a yakuman counts no han: suukantsu's kans bring none
    const suukantsu = hand('1z', '1z', { tsumo: true, rinshan: true, melds: [['ankan', '2222m'], ['ankan', '3333p'], ['ankan', '4444s'], ['ankan', '6666s']], dora: '1m4p' });
    const y = scoreWin(suukantsu, tenhou);
    expect(y.yakuman.length).toBeGreaterThan(0);
    expect(y.kanHan).toBe(0);
    // a win worth nothing brings nothing
    expect(scoreWin(hand('123m456p789s11z2z', '3z'), tenhou)).toMatchObject({ valid: false, kanHan: 0 });
  });
});

describe('knobs of yaku and dora', () => {
  it('atozuke first-call: a dragon pon that was not the first call gives no yaku', () => {
    const input = hand('567p11s23s', '4s', { melds: [['chi', '123m'], ['pon', '777z']] });
    expect(ids(scoreWin(input, tenhou))).toEqual([`${YAKU.chun}:1`]);
    const sakizuke = scoreWin(input, { ...tenhou, atozuke: 'first-call' });
    expect([sakizuke.valid, sakizuke.problem]).toEqual([false, 'the hand has no yaku']);
    const first = hand('567p11s23s', '4s', { melds: [['pon', '777z'], ['chi', '123m']] });
    expect(scoreWin(first, { ...tenhou, atozuke: 'first-call' }).valid).toBe(true);
  });

  it('open tanyao follows the knob (a game whose rule says otherwise declares it: src/rules judgeRules)', () => {
    const input = hand('234m567p22s34s', '5s', { melds: [['chi', '678m']] });
    expect(scoreWin(input, tenhou).valid).toBe(true);
    expect(scoreWin(input, { ...tenhou, openTanyao: false }).valid).toBe(false);
  });

  it('ura, kan ura and kan dora by knob', () => {
    const input = hand('234m567p22s345s78s', '6s', { riichi: 'riichi', dora: '1m4p', ura: '1m4p' });
    const all = scoreWin(input, tenhou).dora;
    expect(all).toMatchObject({ dora: 1, kandora: 1, ura: 1, kanUra: 1 });
    expect(scoreWin(input, { ...tenhou, kanUra: false }).dora).toMatchObject({ ura: 1, kanUra: 0 });
    expect(scoreWin(input, { ...tenhou, kandora: false }).dora).toMatchObject({ kandora: 0, kanUra: 0 });
    expect(scoreWin(input, { ...tenhou, uraDora: false }).dora).toMatchObject({ ura: 0, kanUra: 0 });
    expect(scoreWin(input, { ...tenhou, akaDora: 0 }).dora.red).toBe(0);
  });

  it('renhou: none on Tenhou; a mangan under EMA (worth more only by the other yaku); a yakuman with renhou yakuman', () => {
    const input = hand('234m567p22s345s78s', '6s', { blessing: 'renhou' });
    expect(scoreWin(input, tenhou).points).toBe(2000);
    const ema = scoreWin(input, scoreRules('ema'));
    expect([ids(ema), ema.limit, ema.points]).toEqual([['36:5'], 1, 8000]);
    expect(scoreWin(input, { ...tenhou, renhou: 'yakuman' }).points).toBe(32000);
    // A kanchan ron with terminals: no yaku on Tenhou, renhou's mangan under EMA.
    const noYaku = hand('123m567p99s345s79s', '8s', { blessing: 'renhou' });
    expect(scoreWin(noYaku, tenhou).valid).toBe(false);
    expect(scoreWin(noYaku, scoreRules('ema')).points).toBe(8000);
  });
});

describe('payments', () => {
  it('3-player tsumo: tsumo loss on Tenhou, the absent share split under north-split', () => {
    const input = hand('234p567p22s345s78s', '9s', { players: 3, tsumo: true, riichi: 'riichi' });
    // riichi, tsumo, pinfu: 3 han 20 fu; basic 640: dealer 1,300, the other 700.
    expect(scoreWin(input, tenhou).deltas).toEqual([-1300, 2000, -700, 0]);
    expect(scoreWin(input, { ...tenhou, threePlayerTsumo: 'north-split' }).deltas).toEqual([-1700, 2800, -1100, 0]);
  });

  it('honba: 300 a honba in 4-player, 200 in Tenhou 3-player (100 from each payer of a tsumo)', () => {
    // Riichi, pinfu, tanyao: 3 han 30 fu, 3,900.
    expect(scoreWin(hand('234m567p22s345s78s', '6s', { riichi: 'riichi', honba: 2 }), tenhou).deltas[0]).toBe(-3900 - 600);
    expect(scoreWin(hand('234p567p22s345s78s', '6s', { players: 3, riichi: 'riichi', honba: 2 }), tenhou).deltas[0]).toBe(-3900 - 400);
  });

  it('a double ron: sticks and honba to the first winner after the discarder; each-winner pays honba to both', () => {
    const a = hand('234m567p22s345s78s', '6s', { seat: 2, from: 0, honba: 1, riichiSticks: 2 });
    const b = hand('234m678p22s345s78s', '6s', { seat: 1, from: 0, honba: 1, riichiSticks: 2 });
    const [sa, sb] = scoreHandWins([a, b], tenhou);
    expect([sa.stickPoints, sb.stickPoints, sa.honbaPoints, sb.honbaPoints]).toEqual([0, 2000, 0, 300]);
    const [ea, eb] = scoreHandWins([a, b], { ...tenhou, multipleRonHonba: 'each-winner' });
    expect([ea.stickPoints, eb.stickPoints, ea.honbaPoints, eb.honbaPoints]).toEqual([0, 2000, 300, 300]);
  });

  it('pao: whole hand on Tenhou; only the pao yakuman under liable-yakuman; honba from the liable or the discarder', () => {
    const tsumo = hand('111z2z', '2z', { tsumo: true, melds: [['pon', '555z', 2], ['pon', '666z', 3], ['pon', '777z', 2]] });
    expect(scoreWin(tsumo, tenhou).deltas).toEqual([0, 64000, -64000, 0]);
    expect(scoreWin(tsumo, { ...tenhou, paoCompound: 'liable-yakuman' }).deltas).toEqual([-16000, 64000, -40000, -8000]);
    const ron = hand('11m23p', '1p', { honba: 1, melds: [['pon', '555z', 2], ['pon', '666z', 2], ['pon', '777z', 3]] });
    expect(scoreWin(ron, tenhou).deltas).toEqual([-16000, 32300, 0, -16300]);
    expect(scoreWin(ron, { ...tenhou, paoRonHonba: 'discarder' }).deltas).toEqual([-16300, 32300, 0, -16000]);
  });

  it('daiminkanPao discarder-pays: the daiminkan\'s feeder pays a rinshan tsumo alone', () => {
    const input = hand('234m567p11s23s', '4s', { tsumo: true, rinshan: true, melds: [['daiminkan', '9999m', 3]], daiminkanFeeder: 3 });
    const none = scoreWin(input, tenhou);
    const liable = scoreWin(input, { ...tenhou, daiminkanPao: 'discarder-pays' });
    expect(liable.deltas[3]).toBe(-none.points);
    expect([liable.deltas[0], liable.deltas[2]]).toEqual([0, 0]);
  });

  it('kiriage mangan: 1,920 basic points paid as a mangan, the limit left at 0', () => {
    expect(basicPoints(4, 30, 0, tenhou, true)).toEqual({ basic: 2000, limit: 0 });
    expect(basicPoints(4, 30, 0, tenhou, false)).toEqual({ basic: 1920, limit: 0 });
  });
});

describe('drawn hands', () => {
  const draw = (tenpai: boolean[], players: 3 | 4, nagashi: number[] = []) => ({ reason: 'exhaustive' as const, players, dealer: 0, tenpai, nagashi });
  it('noten payments: 3,000 in 4-player; 2,000 in Tenhou 3-player, 3,000 with threePlayerNoten', () => {
    expect(scoreDraw(draw([true, false, false, false], 4), tenhou).deltas).toEqual([3000, -1000, -1000, -1000]);
    expect(scoreDraw(draw([true, true, false, false], 3), tenhou).deltas).toEqual([1000, 1000, -2000, 0]);
    expect(scoreDraw(draw([true, false, false, false], 3), { ...tenhou, threePlayerNoten: 3000 }).deltas).toEqual([3000, -1500, -1500, 0]);
  });

  it('nagashi mangan as a mangan tsumo; none under EMA, which pays noten instead', () => {
    expect(scoreDraw(draw([false, true, false, false], 4, [2]), tenhou).deltas).toEqual([-4000, -2000, 8000, -2000]);
    expect(scoreDraw(draw([false, true, false, false], 4, [2]), scoreRules('ema')).deltas).toEqual([-1000, 3000, -1000, -1000]);
  });

  it('nothing at an abortive draw', () => {
    expect(scoreDraw({ ...draw([true, true, true, true], 4), reason: 'kyuushu-kyuuhai' }, tenhou)).toEqual({ deltas: [0, 0, 0, 0], kind: 'none' });
  });
});
