/**
 * Riichi kans: the rows of docs/kan-rules.md §3 (an ankan in riichi that changes the waits or the readings,
 * or keeps both) and a daiminkan in riichi.
 *
 * Seats: seat 0 deals in East 1 and draws first. Riichi hands are dealt as the riichi hand itself, and
 * the riichi is declared with the first tile drawn (tsumogiri riichi), so the hand is exactly the row's.
 */
import { mjlog } from '../builder.js';
import { RIICHI_KAN, scoreMismatches, type Scenario } from '../scenario.js';

/** Row 1 and 2 share the riichi hand 3444m 778899s 333z (waits 2m 3m 5m). */
const ROW_1_HAND = '3444m778899s333z';
/** Rows 4 and 5: 3335666p 111456s (waits 4p 5p 7p). */
const ROW_4_HAND = '3335666p111456s';

export const RIICHI_KANS: readonly Scenario[] = [
  {
    name: 'riichi-ankan-row1-waits-shrink',
    description:
      'docs/kan-rules.md §3 row 1: seat 1 in riichi on 3444m 778899s 333z (waits 2m 3m 5m) draws 4m and makes an ankan of 4m; the waits shrink to 3m. ' +
      'Seat 1 then wins by tsumo on 3m.',
    checks: [
      { profile: 'tenhou', expect: [RIICHI_KAN] },
      { profile: 'pro-strict', expect: [RIICHI_KAN] },
    ],
    riichiKan: { row: 1, kind: 'ankan', waits: 'illegal', strict: 'illegal' },
    build: () =>
      mjlog()
        .round({ hands: [null, ROW_1_HAND, null, null] })
        .tsumogiri(0)
        .draw(1)
        .riichi(1)
        .fillTo(1)
        .draw(1, '4m')
        .ankan(1, '4m')
        .draw(1)
        .discard(1)
        .fillTo(1)
        .draw(1, '3m')
        // Double riichi 2, menzen tsumo 1, iipeikou 1 (789s twice), ura 0 (indicators 8m 6m, ura 9m 1p: nothing
        // held) = 4 han; 20 + ankan 4m 16 + closed 333z 8 + tanki 2 + tsumo 2 = 48 → 50 fu: mangan, 2000/4000.
        .tsumo(1, { yaku: { doubleRiichi: 2, menzenTsumo: 1, iipeikou: 1, ura: 0 }, fu: 50, points: 8000, limit: 1, deltas: [-4000, 9000, -2000, -2000] })
        .toXml(),
  },
  {
    name: 'riichi-ankan-row2-honour',
    description:
      'docs/kan-rules.md §3 row 2: seat 1 in riichi on 3444m 778899s 333z draws 3z and makes an ankan of 3z; the waits stay 2m 3m 5m and ' +
      'the triplet is in every reading. Seat 2 later discards 5m and seat 1 wins by ron.',
    checks: [
      { profile: 'tenhou', expect: [] },
      { profile: 'pro-strict', expect: [] },
    ],
    riichiKan: { row: 2, kind: 'ankan', waits: 'legal', strict: 'legal' },
    build: () =>
      mjlog()
        .round({ hands: [null, ROW_1_HAND, '5m+', null] })
        .tsumogiri(0)
        .draw(1)
        .riichi(1)
        .fillTo(1)
        .draw(1, '3z')
        .ankan(1, '3z')
        .draw(1)
        .discard(1)
        .fillTo(2)
        .draw(2)
        .discard(2, '5m')
        // Double riichi 2, iipeikou 1, ura 0 = 3 han; 20 + closed ron 10 + ankan 3z 32, ryanmen 34m = 62 → 70 fu:
        // 70 × 2^5 = 2240 basic points, mangan: 8000 from seat 2.
        .ron(1, { yaku: { doubleRiichi: 2, iipeikou: 1, ura: 0 }, fu: 70, points: 8000, limit: 1, deltas: [0, 9000, -8000, 0] })
        .toXml(),
  },
  {
    name: 'riichi-ankan-row4-wait-lost',
    description:
      'docs/kan-rules.md §3 row 4: seat 3 in riichi on 3335666p 111456s (waits 4p 5p 7p) draws 6p and makes an ankan of 6p; the 7p wait ' +
      'disappears. The hand ends in an exhaustive draw with seat 3 tenpai on 4p 5p.',
    checks: [
      { profile: 'tenhou', expect: [RIICHI_KAN] },
      { profile: 'pro-strict', expect: [RIICHI_KAN] },
    ],
    riichiKan: { row: 4, kind: 'ankan', waits: 'illegal', strict: 'illegal' },
    build: () =>
      mjlog()
        .round({ hands: [null, null, null, ROW_4_HAND] })
        .fillTo(3)
        .draw(3)
        .riichi(3)
        .fillTo(3)
        .draw(3, '6p')
        .ankan(3, '6p')
        .draw(3)
        .discard(3)
        .exhaust({ deltas: [-1000, -1000, -1000, 3000] })
        .toXml(),
  },
  {
    name: 'riichi-ankan-row5-strict-only',
    description:
      'docs/kan-rules.md §3 row 5: seat 1 in riichi on 3335666p 111456s draws 3p and makes an ankan of 3p. The waits stay 4p 5p 7p (legal on ' +
      'Tenhou), but with 4p the reading 33p + 345p is lost (illegal under strict). Seat 0 later discards 7p and seat 1 wins by ron.',
    checks: [
      { profile: 'tenhou', expect: [] },
      { profile: 'pro-strict', expect: [RIICHI_KAN, ...scoreMismatches(6)] },
    ],
    riichiKan: { row: 5, kind: 'ankan', waits: 'legal', strict: 'illegal' },
    build: () =>
      mjlog()
        .round({ hands: [null, ROW_4_HAND, null, null], reserve: '7p' })
        .tsumogiri(0)
        .draw(1)
        .riichi(1)
        .fillTo(1)
        .draw(1, '3p')
        .ankan(1, '3p')
        .draw(1)
        .discard(1)
        .fillTo(0)
        .draw(0, '7p')
        .discard(0)
        // Double riichi 2, ura 4 (ura indicator 2p under the kandora: the 3p kan) = 6 han; 20 + closed ron 10 +
        // ankan 3p 16 + closed 111s 8, ryanmen 56p = 54 → 60 fu: haneman, 12000 from the dealer.
        .ron(1, { yaku: { doubleRiichi: 2, ura: 4 }, fu: 60, points: 12000, limit: 2, deltas: [-12000, 13000, 0, 0] })
        .toXml(),
  },
  {
    name: 'riichi-ankan-row6-strict-only',
    description:
      'docs/kan-rules.md §3 row 6: seat 2 in riichi on 222333444p 23m 11z (waits 1m 4m) draws 2p and makes an ankan of 2p. The waits stay ' +
      '(legal on Tenhou), but the reading 234p ×3 is lost (illegal under strict). Seat 2 then wins by tsumo on 4m.',
    checks: [
      { profile: 'tenhou', expect: [] },
      { profile: 'pro-strict', expect: [RIICHI_KAN, ...scoreMismatches(8)] },
    ],
    riichiKan: { row: 6, kind: 'ankan', waits: 'legal', strict: 'illegal' },
    build: () =>
      mjlog()
        .round({ hands: [null, null, '222333444p23m11z', null] })
        .fillTo(2)
        .draw(2)
        .riichi(2)
        .fillTo(2)
        .draw(2, '2p')
        .ankan(2, '2p')
        .draw(2)
        .discard(2)
        .fillTo(2)
        .draw(2, '4m')
        // Double riichi 2, menzen tsumo 1, sanankou 2 (the 2p kan, 333p, 444p), ura 4 (ura 1p: the 2p kan) = 9 han;
        // 20 + ankan 2p 16 + closed 333p 4 and 444p 4 + East pair 2 + tsumo 2 = 48 → 50 fu: baiman, 4000/8000.
        .tsumo(2, { yaku: { doubleRiichi: 2, menzenTsumo: 1, sanankou: 2, ura: 4 }, fu: 50, points: 16000, limit: 3, deltas: [-8000, -4000, 17000, -4000] })
        .toXml(),
  },
  {
    name: 'riichi-ankan-row9-strict-only',
    description:
      'docs/kan-rules.md §3 row 9: seat 1 makes an ankan of 7z before riichi, then declares riichi on 1113444p 222z (waits 2p 3p 5p), draws 1p ' +
      'and makes an ankan of 1p. The waits stay (legal on Tenhou), but with 2p the reading 11p + 123p is lost (illegal under strict). ' +
      'Seat 1 then wins by tsumo on 5p.',
    checks: [
      { profile: 'tenhou', expect: [] },
      { profile: 'pro-strict', expect: [RIICHI_KAN, ...scoreMismatches(6)] },
    ],
    riichiKan: { row: 9, kind: 'ankan', waits: 'legal', strict: 'illegal' },
    build: () =>
      mjlog()
        .round({ hands: [null, '1113444p222z777z', null, null] })
        .tsumogiri(0)
        .draw(1, '7z')
        .ankan(1, '7z')
        .draw(1)
        .discard(1)
        .fillTo(1)
        .draw(1)
        .riichi(1)
        .fillTo(1)
        .draw(1, '1p')
        .ankan(1, '1p')
        .draw(1)
        .discard(1)
        .fillTo(1)
        .draw(1, '5p')
        // Riichi 1, menzen tsumo 1, seat wind South 1, chun 1 (the 7z kan), sanankou 2 (both kans, 222z),
        // honitsu 3, dora 4 (kandora 9p: the 1p kan), ura 0 = 13 han: kazoe yakuman, 8000/16000 (fu 20 + kans
        // 32 + 32 + closed 222z 8 + tsumo 2 = 94 → 100).
        .tsumo(1, {
          yaku: { riichi: 1, menzenTsumo: 1, seatSouth: 1, chun: 1, sanankou: 2, honitsu: 3, dora: 4, ura: 0 },
          fu: 100,
          points: 32000,
          limit: 5,
          deltas: [-16000, 33000, -8000, -8000],
        })
        .toXml(),
  },
  {
    name: 'riichi-ankan-row8-okuri-kan',
    description:
      'docs/kan-rules.md §3 row 8: seat 3 in riichi on 22p 56p 789p 678888s (waits 4p 7p) draws 5s and makes an ankan of the 8s it held ' +
      '(okuri-kan: 567s + 8888s); the waits stay 4p 7p. Illegal on Tenhou; legal with okuriKan. Seat 3 later wins by ron on 4p.',
    checks: [
      { profile: 'tenhou', expect: [RIICHI_KAN] },
      { profile: 'tenhou', overrides: { okuriKan: true }, expect: [] },
    ],
    riichiKan: { row: 8, kind: 'ankan', waits: 'illegal', strict: 'illegal', waitsOkuriKan: 'legal' },
    build: () =>
      mjlog()
        .round({ hands: [null, '4p+', null, '22p56p789p678888s'] })
        .fillTo(3)
        .draw(3)
        .riichi(3)
        .fillTo(3)
        .draw(3, '5s')
        .ankan(3, '8s')
        .draw(3)
        .discard(3)
        .fillTo(1)
        .draw(1)
        .discard(1, '4p')
        // Double riichi 2, ura 0 = 2 han; 20 + closed ron 10 + ankan 8s 16, ryanmen 56p = 46 → 50 fu: 3200 from seat 1.
        .ron(3, { yaku: { doubleRiichi: 2, ura: 0 }, fu: 50, points: 3200, deltas: [0, -3200, 0, 4200] })
        .toXml(),
  },
  {
    name: 'riichi-daiminkan',
    description:
      'Seat 1 in riichi on 3444m 778899s 333z makes a daiminkan of the 3z seat 0 discards: after riichi only an ankan is allowed. ' +
      'The hand ends in an exhaustive draw with seat 1 tenpai on 2m 3m 5m.',
    checks: [
      { profile: 'tenhou', expect: [RIICHI_KAN] },
      { profile: 'pro-strict', expect: [RIICHI_KAN] },
    ],
    riichiKan: { row: null, kind: 'daiminkan', waits: 'illegal', strict: 'illegal' },
    build: () =>
      mjlog()
        .round({ hands: ['3z+', ROW_1_HAND, null, null] })
        .tsumogiri(0)
        .draw(1)
        .riichi(1)
        .fillTo(0)
        .draw(0)
        .discard(0, '3z')
        .daiminkan(1)
        .draw(1)
        .discard(1)
        .exhaust({ deltas: [-1000, 3000, -1000, -1000] })
        .toXml(),
  },
];
