/**
 * Kandora and the tag order around kans: reveals at other moments than Tenhou's, every kan order Tenhou
 * writes, a tenhou.net/6 JSON log whose dora list holds a kakan's kandora, a rinshan tsumo after a
 * daiminkan (pao).
 */
import type { FindingKind } from '../../../src/audit/index.js';
import { mjlog } from '../builder.js';
import { scoreMismatches, type Scenario } from '../scenario.js';

export const KANDORA: readonly Scenario[] = [
  {
    name: 'kandora-after-replacement',
    description:
      "Seat 1 makes an ankan of 2p and seat 2 a daiminkan of seat 1's 4z; each kan's indicator is turned over right after its replacement " +
      "draw, before the discard, the ankan's too: the after-replacement timing (every kan after the replacement draw), not Tenhou's, " +
      'which shows an ankan\'s at its declaration.',
    checks: [
      { profile: 'tenhou', overrides: { kandoraTiming: 'after-replacement' }, expect: [] },
      { profile: 'tenhou', expect: ['kandora-timing-mismatch'] },
      { profile: 'mleague', expect: ['kandora-timing-mismatch', 'kandora-timing-mismatch'] },
    ],
    replay: { timingMismatches: 1 },
    build: () =>
      mjlog()
        .round({ hands: [null, '2222p4z+', '444z+', null], kandoraTiming: 'after-replacement' })
        .tsumogiri(0)
        .draw(1)
        .ankan(1, '2p')
        .draw(1)
        .discard(1, '4z')
        .daiminkan(2)
        .draw(2)
        .discard(2)
        .exhaust()
        .toXml(),
  },
  {
    name: 'kakan-dora-at-declaration',
    description:
      'Seat 1 adds a 2p to its pon (kakan) and the log reveals the kandora right after the N, before the replacement draw: Tenhou does ' +
      'that only in chip games; in a normal game the indicator comes after the replacement draw, with the discard.',
    checks: [
      { profile: 'tenhou', expect: ['kandora-timing-mismatch'] },
      { profile: 'mleague', expect: [] },
    ],
    replay: { timingMismatches: 1 },
    build: () =>
      mjlog()
        .round({ hands: ['2p9s+', '22p4z+', null, null], reserve: '2p' })
        .draw(0)
        .discard(0, '2p')
        .pon(1)
        .discard(1, '4z')
        .fillTo(1)
        .draw(1, '2p')
        .kakan(1, '2p', { revealAtDeclaration: true })
        .draw(1)
        .discard(1)
        .exhaust()
        .toXml(),
  },
  {
    name: 'kan-orders',
    description:
      "Five rounds, each with a kan sequence in Tenhou's exact tag order (docs/formats.md §3): ankan + rinshan tsumo (the kandora counts); " +
      'daiminkan, then a ron on the kan player\'s discard (the new kandora counts); kakan + rinshan tsumo (no kandora); kakan → kakan on one ' +
      'turn; daiminkan → ankan on one turn. Nothing to report under Tenhou rules; under an immediate reveal rule every open kan differs.',
    checks: [
      { profile: 'tenhou', expect: [] },
      { profile: 'mleague', expect: Array<FindingKind>(5).fill('kandora-timing-mismatch') },
    ],
    build: () => {
      const b = mjlog();
      // East 1: ankan of 2m, rinshan tsumo on 8p (with a red 5p).
      b.round({ kyoku: 0, hands: [null, '2222m340p678s55z6p', null, null] })
        .tsumogiri(0)
        .draw(1, '7p')
        .ankan(1, '2m')
        .draw(1, '8p')
        // Menzen tsumo 1, rinshan 1, red five 1 (indicators 9m 4m: no 1m or 5m); 20 + ankan 2m 16 + haku pair 2
        // + tsumo 2 = 40 fu: 3 han 40 fu, 1300/2600.
        .tsumo(1, { yaku: { menzenTsumo: 1, rinshanKaihou: 1, akaDora: 1 }, fu: 40, points: 5200, deltas: [-2600, 5200, -1300, -1300] });
      // East 2: seat 3's daiminkan of 9s; seat 0, in riichi, rons the 3m seat 3 discards next.
      b.round({ kyoku: 1, hands: ['12m456p789p234s77z', null, '9s+', '999s3m+'] })
        .fill(3)
        .draw(0)
        .riichi(0)
        .tsumogiri(1)
        .draw(2)
        .discard(2, '9s')
        .daiminkan(3)
        .draw(3)
        .discard(3, '3m')
        // Double riichi 2 (declared on seat 0's first discard, nothing called before it; the daiminkan ends
        // the ippatsu), ura 0; 20 + closed ron 10 + chun pair 2 + penchan 12m 2 = 34 → 40 fu: 2600, and the stick.
        .ron(0, { yaku: { doubleRiichi: 2, ura: 0 }, fu: 40, points: 2600, deltas: [3600, 0, 0, -2600] });
      // East 3: seat 0 pons 6s, adds the fourth 6s and wins on the replacement tile.
      b.round({ kyoku: 2, hands: ['66s234m567m11z78p3z', null, null, '6s+'], reserve: '6s9p' })
        .tsumogiri(2)
        .draw(3)
        .discard(3, '6s')
        .pon(0)
        .discard(0, '3z')
        .fill(3)
        .draw(0, '6s')
        .kakan(0, '6s')
        .draw(0, '9p')
        // Rinshan 1 (open; indicator 1p: no 2p, and the kakan's kandora is never shown); 20 + open kan 6s 8 +
        // East pair 2 + tsumo 2 = 32 → 40 fu: 1 han 40 fu, 400/700 (seat 2 deals).
        .tsumo(0, { yaku: { rinshanKaihou: 1 }, fu: 40, points: 1500, deltas: [1500, -400, -700, -400] });
      // East 4: seat 1 pons 7z and 2p, then adds 2p and, with the replacement tile, 7z on one turn.
      b.round({ kyoku: 3, hands: ['2p+', '22p77z147m147s9p34z', null, '7z+'] })
        .draw(3)
        .discard(3, '7z')
        .pon(1)
        .discard(1, '3z')
        .fill(2)
        .draw(0)
        .discard(0, '2p')
        .pon(1)
        .discard(1, '4z')
        .fill(3)
        .draw(1, '2p')
        .kakan(1, '2p')
        .draw(1, '7z')
        .kakan(1, '7z')
        .draw(1)
        .discard(1)
        .exhaust();
      // South 1: seat 2's daiminkan of 8m, then an ankan of 4s with the replacement tile.
      b.round({ kyoku: 4, honba: 1, hands: [null, '8m+', '888m444s+', null] })
        .tsumogiri(0)
        .draw(1)
        .discard(1, '8m')
        .daiminkan(2)
        .draw(2, '4s')
        .ankan(2, '4s')
        .draw(2)
        .discard(2)
        .exhaust();
      return b.toXml();
    },
  },
  {
    name: 'majsoul-kakan-rinshan',
    format: 'tenhou6',
    description:
      'A Mahjong Soul-style log (tenhou.net/6 JSON, as exports from other platforms are written): seat 1 adds a 6s to its pon (kakan) ' +
      "and wins on the replacement tile (rinshan kaihou), and the round's dora list holds the kakan's kandora, turned over at once " +
      "(immediate timing): a 5s, so the win counts the 6s kan as four dora. JSON does not say when it was revealed: under Tenhou's timing, which docs/kan-rules.md §2 gives " +
      "Mahjong Soul too, a kakan's indicator is never shown when the replacement tile wins, so the number of indicators differs, and the " +
      'win, scored with the indicators that timing shows, has no kandora: its 4 dora, 5 han, mangan and payments are 8 score mismatches.',
    checks: [
      { profile: 'tenhou', expect: ['kandora-count-mismatch', ...scoreMismatches(8)] },
      { profile: 'mleague', expect: [] },
      { profile: 'majsoul', expect: ['kandora-count-mismatch', ...scoreMismatches(8)] },
    ],
    replay: { kandoraCountMismatches: 1 },
    build: () =>
      mjlog()
        .round({ hands: ['6s+', '66s234m567m11z78p3z', null, null], kandora: ['5s'], reserve: '6s9p' })
        .draw(0)
        .discard(0, '6s')
        .pon(1)
        .discard(1, '3z')
        .fillTo(1)
        .draw(1, '6s')
        .kakan(1, '6s', { revealAtDeclaration: true })
        .draw(1, '9p')
        // Rinshan 1 + dora 4 (the kandora 5s makes the 6s kan four dora) = 5 han: mangan, 2000/4000.
        .tsumo(1, { yaku: { rinshanKaihou: 1, dora: 4 }, fu: 40, points: 8000, limit: 1, deltas: [-4000, 8000, -2000, -2000] })
        .toTenhou6(),
  },
  {
    name: 'daiminkan-rinshan-tsumo',
    description:
      "Seat 1 calls seat 0's 9m for a daiminkan and wins on the replacement tile (rinshan kaihou); the three others pay, as on " +
      "Tenhou (docs/kan-rules.md §6). Under daiminkanPao discarder-pays seat 0 alone should have paid.",
    checks: [
      { profile: 'tenhou', expect: [] },
      { profile: 'tenhou', overrides: { daiminkanPao: 'discarder-pays' }, expect: ['daiminkan-pao-mismatch'] },
    ],
    build: () =>
      mjlog()
        .round({ hands: ['9m+', '999m123p456p78s55z', null, null], reserve: '6s' })
        .draw(0)
        .discard(0, '9m')
        .daiminkan(1)
        .draw(1, '6s')
        // Rinshan 1 (indicator 1m: no 2m); 20 + open kan 9m 16 + haku pair 2 + tsumo 2 = 40 fu: 400/700.
        .tsumo(1, { yaku: { rinshanKaihou: 1 }, fu: 40, points: 1500, deltas: [-700, 1500, -400, -400] })
        .toXml(),
  },
  {
    name: 'daiminkan-chained-rinshan-tsumo',
    description:
      "Seat 1 calls seat 0's 9m for a daiminkan, draws the fourth 1p as its replacement tile, makes an ankan of 1p in the same turn and " +
      'wins on that ankan\'s replacement tile (rinshan kaihou); the three others pay, as on Tenhou. Only daiminkanPao ' +
      'discarder-pays-chained (the Rinshan kaihou page of the riichi wiki) keeps seat 0 liable for the later kan\'s win.',
    checks: [
      { profile: 'tenhou', expect: [] },
      { profile: 'tenhou', overrides: { daiminkanPao: 'discarder-pays' }, expect: [] },
      { profile: 'tenhou', overrides: { daiminkanPao: 'discarder-pays-chained' }, expect: ['daiminkan-pao-mismatch'] },
    ],
    build: () => chainedRinshanTsumo([-1300, 2700, -700, -700]),
  },
  {
    name: 'daiminkan-chained-rinshan-liable',
    description:
      "The daiminkan-chained-rinshan-tsumo game paid otherwise: seat 0, whose 9m seat 1 called for the daiminkan, pays the whole " +
      "2,700 of the win on the later ankan's replacement tile alone. That is daiminkanPao discarder-pays-chained (the Rinshan kaihou " +
      "page of the riichi wiki: liable until the end of the turn); under none and discarder-pays the liability does not reach the " +
      'ankan, and every other player pays.',
    checks: [
      { profile: 'tenhou', expect: ['daiminkan-pao-mismatch'] },
      { profile: 'tenhou', overrides: { daiminkanPao: 'discarder-pays' }, expect: ['daiminkan-pao-mismatch'] },
      { profile: 'tenhou', overrides: { daiminkanPao: 'discarder-pays-chained' }, expect: [] },
    ],
    // The same 2,700, paid by the liable player alone.
    build: () => chainedRinshanTsumo([-2700, 2700, 0, 0]),
  },
];

/**
 * Seat 1's daiminkan of seat 0's 9m, an ankan of 1p on its replacement tile, and a tsumo on the ankan's
 * replacement tile, paid as `deltas` say.
 */
function chainedRinshanTsumo(deltas: number[]): string {
  return (
    mjlog()
      .round({ hands: ['9m+', '999m111p456p78s55z', null, null], reserve: '1p6s' })
      .draw(0)
      .discard(0, '9m')
      .daiminkan(1)
      .draw(1, '1p')
      .ankan(1, '1p')
      .draw(1, '6s')
      // Rinshan 1; 20 + open kan of 9m 16 + closed kan of 1p 32 + haku pair 2 + tsumo 2 = 72, 80 fu: 640 basic, 700/1,300, 2,700 in all.
      .tsumo(1, { yaku: { rinshanKaihou: 1 }, fu: 80, points: 2700, deltas })
      .toXml()
  );
}
