/**
 * Four and five kans: a fifth kan, a robbed fifth kan, the four-kan abort at Tenhou's moment, too early,
 * and missing.
 */
import { mjlog } from '../builder.js';
import type { Scenario } from '../scenario.js';

/** Seat 0, dealt 1111m 2222p 3333s 5z, makes ankans of 1m, 2p and 3s and discards (the fifth-kan scenarios). */
function threeAnkansBySeat0(others: readonly (string | null)[], reserve: string) {
  return mjlog()
    .round({ hands: ['1111m2222p3333s5z', ...others], reserve })
    .draw(0, '5z')
    .ankan(0, '1m')
    .draw(0, '5z')
    .ankan(0, '2p')
    .draw(0, '7z')
    .ankan(0, '3s')
    .draw(0)
    .discard(0);
}

/**
 * Kans by three players (seat 1 ankan 2z, seat 2 ankan 5z, seat 2 daiminkan 8s), then seat 0 declares the
 * fourth, an ankan of 1m: the four-kan abort scenarios go on from here.
 */
function threeKansThenAnkan() {
  return mjlog()
    .round({ hands: ['111m8s+', '222z+', '555z888s+', null], reserve: '1m' })
    .tsumogiri(0)
    .draw(1, '2z')
    .ankan(1, '2z')
    .draw(1)
    .discard(1)
    .draw(2, '5z')
    .ankan(2, '5z')
    .draw(2)
    .discard(2)
    .tsumogiri(3)
    .draw(0)
    .discard(0, '8s')
    .daiminkan(2)
    .draw(2)
    .discard(2)
    .tsumogiri(3)
    .draw(0, '1m')
    .ankan(0, '1m');
}

export const FOUR_KANS: readonly Scenario[] = [
  {
    name: 'fifth-kan',
    description:
      "Seat 0 makes four ankans (1m, 2p, 3s, 5z; no abort, since all four are one player's), then seat 2 makes a daiminkan of the 9m " +
      'seat 1 discards, a fifth kan. There is no fifth replacement tile: the hand ends at once with RYUUKYOKU type="kan4".',
    checks: [
      { profile: 'tenhou', expect: ['fifth-kan'] },
      { profile: 'pro-strict', expect: ['fifth-kan-abort'] },
    ],
    build: () =>
      threeAnkansBySeat0([null, '999m+', null], '5z5z5z7z9m')
        .fillTo(0)
        .draw(0, '5z')
        .ankan(0, '5z')
        .draw(0)
        .discard(0)
        .draw(1, '9m')
        .discard(1)
        .daiminkan(2)
        .abort('kan4')
        .toXml(),
  },
  {
    name: 'fifth-kan-robbed',
    description:
      "Seat 0 makes four ankans (1m, 2p, 3s, 5z); seat 2, which ponned 9m from seat 1, then adds the fourth 9m (kakan): a fifth kan, " +
      "which seat 3, waiting on 6m 9m, robs (chankan). The kakan was declared though never completed: under fifthKan forbidden it " +
      'could not be declared, and under aborts it ended the hand at once, with nothing left to rob.',
    checks: [
      { profile: 'tenhou', expect: ['chankan-win', 'fifth-kan'] },
      { profile: 'pro-strict', expect: ['chankan-impossible', 'chankan-win'] },
    ],
    build: () =>
      threeAnkansBySeat0(['9m+', '99m1z+', '78m456p456s789s11z'], '5z5z5z7z9m6m6m6m6m')
        .draw(1)
        .discard(1, '9m')
        .pon(2)
        .discard(2, '1z')
        .tsumogiri(3)
        .draw(0, '5z')
        .ankan(0, '5z')
        .draw(0)
        .discard(0)
        .tsumogiri(1)
        .draw(2, '9m')
        .kakan(2, '9m')
        // Chankan 1 (indicators 9p 3m 3m 3m 1s: no 1p, 4m or 2s held); 20 + closed ron 10 + East pair 2,
        // ryanmen 78m = 32 → 40 fu: 1 han 40 fu, 1300 from the kan player.
        .ron(3, { yaku: { chankan: 1 }, fu: 40, points: 1300, deltas: [0, 0, -1300, 1300] })
        .toXml(),
  },
  {
    name: 'suukaikan-abort',
    description:
      'Four kans by three players (seat 1 ankan 2z, seat 2 ankan 5z, seat 2 daiminkan 8s, seat 0 ankan 1m); the discard after the fourth ' +
      'passes and the hand is aborted with RYUUKYOKU type="kan4", as in 2016052515gm-00a9-0000-c4d72066.',
    checks: [
      { profile: 'tenhou', expect: ['suukaikan-abort'] },
      { profile: 'tenhou', overrides: { suukaikan: 'none' }, expect: ['suukaikan-unexpected'] },
      { profile: 'tenhou', overrides: { suukaikan: 'abort-on-declaration' }, expect: ['suukaikan-wrong-moment'] },
    ],
    build: () => threeKansThenAnkan().draw(0).discard(0).abort('kan4').toXml(),
  },
  {
    name: 'suukaikan-wrong-moment',
    description:
      'Four kans by three players as in suukaikan-abort, but the hand is aborted right after the fourth kan is declared, before its ' +
      "replacement draw and discard: too early for Tenhou's rule, and what suukaikan abort-on-declaration says (japanese-mahjong.com, note 6).",
    checks: [
      { profile: 'tenhou', expect: ['suukaikan-wrong-moment'] },
      { profile: 'tenhou', overrides: { suukaikan: 'abort-on-declaration' }, expect: ['suukaikan-abort'] },
      { profile: 'tenhou', overrides: { suukaikan: 'none' }, expect: ['suukaikan-unexpected'] },
    ],
    build: () => threeKansThenAnkan().abort('kan4').toXml(),
  },
  {
    name: 'suukaikan-missing',
    description:
      'Four kans by four players (seat 0 ankan 1m, seat 1 daiminkan 7p, seat 2 ankan 3s, seat 3 kakan 5z); the discard after the fourth ' +
      'passes, but the hand goes on to an exhaustive draw instead of the four-kan abort.',
    checks: [
      { profile: 'tenhou', expect: ['suukaikan-missing'] },
      { profile: 'tenhou', overrides: { suukaikan: 'none' }, expect: [] },
    ],
    build: () =>
      mjlog()
        .round({ hands: ['1111m7p+', '777p+', '3333s5z+', '55z9m+'], reserve: '5z' })
        .draw(0)
        .ankan(0, '1m')
        .draw(0)
        .discard(0, '7p')
        .daiminkan(1)
        .draw(1)
        .discard(1)
        .draw(2)
        .discard(2, '5z')
        .pon(3)
        .discard(3, '9m')
        .fill(2)
        .draw(2)
        .ankan(2, '3s')
        .draw(2)
        .discard(2)
        .draw(3, '5z')
        .kakan(3, '5z')
        .draw(3)
        .discard(3)
        .exhaust()
        .toXml(),
  },
];
