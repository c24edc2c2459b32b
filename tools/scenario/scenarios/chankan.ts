/**
 * Robbing a kan: kokushi robbing an ankan, a chankan on a kakan, a chankan the log scores without its yaku,
 * a furiten chankan.
 */
import { mjlog } from '../builder.js';
import { scoreMismatches, type Scenario } from '../scenario.js';

/** Seat 0 pons 3p from seat 3 and later adds the fourth 3p; seat 2 waits on 3p 6p (the chankan scenarios). */
function kakanOf3p() {
  return mjlog()
    .round({ hands: ['33p9m+', null, '45p234m678m789s11z', '3p+'] })
    .fill(3)
    .draw(3)
    .discard(3, '3p')
    .pon(0)
    .discard(0, '9m')
    .fill(3)
    .draw(0, '3p')
    .kakan(0, '3p');
}

export const CHANKAN: readonly Scenario[] = [
  {
    name: 'kokushi-robs-ankan',
    description:
      'Seat 2, tenpai for thirteen orphans on 1z, robs the ankan of 1z that seat 1 declares (AGARI right after the ankan N, yakuman 47). ' +
      'Tenhou forbids robbing an ankan; Mahjong Soul allows it to thirteen orphans.',
    checks: [
      { profile: 'tenhou', expect: ['chankan-ankan-illegal'] },
      { profile: 'majsoul', expect: ['chankan-win'] },
    ],
    build: () =>
      mjlog()
        .round({ hands: [null, '111z+', '19m19p199s234567z', null] })
        .fill(5)
        .draw(1, '1z')
        .ankan(1, '1z')
        // Kokushi musou, a non-dealer's yakuman by ron: 32000 from the kan player.
        .ron(2, { yakuman: ['kokushi'], fu: 0, points: 32000, limit: 5, deltas: [0, -32000, 32000, 0] })
        .toXml(),
  },
  {
    name: 'chankan',
    description:
      'Seat 0 pons 3p from seat 3 and later adds the fourth 3p (kakan); seat 2, waiting on 3p 6p with no other yaku, robs it (chankan). ' +
      'No replacement draw and no kandora follow the robbed kakan.',
    checks: [
      { profile: 'tenhou', expect: ['chankan-win'] },
      { profile: 'majsoul', expect: ['chankan-win'] },
    ],
    build: () =>
      kakanOf3p()
        // Chankan 1 + dora 1 (indicator 2p, the robbed 3p); 20 + closed ron 10 + East pair (round wind) 2,
        // ryanmen 45p = 32 → 40 fu: 2 han 40 fu, 2600 from the dealer.
        .ron(2, { yaku: { chankan: 1, dora: 1 }, fu: 40, points: 2600, deltas: [-2600, 0, 2600, 0] })
        .toXml(),
  },
  {
    name: 'chankan-yaku-missing',
    description:
      'As in chankan, but the log scores the chankan win with tanyao, which the hand does not have, instead of the chankan yaku, at 30 fu: ' +
      're-scored it has chankan at 40 fu, so the audit reports the yaku (the missing chankan naming the robbed kakan), the fu, the points ' +
      'and both payments as score mismatches.',
    checks: [
      { profile: 'tenhou', expect: ['chankan-win', ...scoreMismatches(6)] },
      { profile: 'majsoul', expect: ['chankan-win', ...scoreMismatches(6)] },
    ],
    build: () =>
      kakanOf3p()
        // Deliberately wrong: a chankan win scored as if its yaku were no chankan.
        .ron(2, { yaku: { tanyao: 1, dora: 1 }, fu: 30, points: 2000, deltas: [-2000, 0, 2000, 0] })
        .toXml(),
  },
  {
    name: 'chankan-furiten',
    description:
      'As in chankan, but seat 2 reached tenpai on 3p 6p by discarding 6p: robbing the kakan of 3p is a ron by a furiten player.',
    checks: [{ profile: 'tenhou', expect: ['chankan-win', 'chankan-impossible'] }],
    build: () =>
      mjlog()
        .round({ hands: ['33p9m+', null, '456p234m678m789s1z', '3p+'] })
        .fill(2)
        .draw(2, '1z')
        .discard(2, '6p')
        .draw(3)
        .discard(3, '3p')
        .pon(0)
        .discard(0, '9m')
        .fill(3)
        .draw(0, '3p')
        .kakan(0, '3p')
        // As in chankan (furiten changes no value): 2 han 40 fu, 2600 from the dealer.
        .ron(2, { yaku: { chankan: 1, dora: 1 }, fu: 40, points: 2600, deltas: [-2600, 0, 2600, 0] })
        .toXml(),
  },
];
