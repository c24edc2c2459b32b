/**
 * Every action checked, not only kans (issue 33): a furiten ron, riichi the rules refuse, calls the rules
 * refuse (kuikae by the knob), a tenpai hand shown that waits on nothing, an unfounded abortive draw, a
 * hand that went on past four winds, an abort or a double ron another rule set has not, a game played on
 * below zero, scores not carried.
 */
import { mjlog } from '../builder.js';
import type { Scenario } from '../scenario.js';
import { KANDORA } from './kandora.js';

export const LEGALITY: readonly Scenario[] = [
  {
    name: 'furiten-ron',
    description:
      "Seat 2 waits on 8s alone (234m 678m 456p 456s 8s), draws an 8s and discards it; later it rons seat 0's 8s: its own river holds " +
      'the winning tile, so it is furiten and may not ron. The log scores the ron as tanyao, 40 fu, 1,300.',
    checks: [{ profile: 'tenhou', expect: ['furiten-ron'] }],
    build: () =>
      mjlog()
        .round({ hands: [null, null, '234m678m456p456s8s', null], reserve: '8s8s' })
        .tsumogiri(0)
        .tsumogiri(1)
        .draw(2, '8s')
        .discard(2, '8s')
        .tsumogiri(3)
        .draw(0, '8s')
        .discard(0, '8s')
        // Tanyao; 20 + 10 (closed ron) + 2 (single wait) = 32, rounded up to 40 fu: 1,300.
        .ron(2, { yaku: { tanyao: 1 }, fu: 40, points: 1300, deltas: [-1300, 0, 1300, 0] })
        .toXml(),
  },
  {
    name: 'riichi-illegal',
    description:
      'Seat 1 declares riichi (the builder\'s escape hatch) discarding from 159m 159p 159s 1234z: its hand after the riichi discard waits on ' +
      'nothing. The hand is played out to an exhaustive draw at which nobody is tenpai.',
    checks: [{ profile: 'tenhou', expect: ['riichi-illegal'] }],
    build: () =>
      mjlog()
        .round({ hands: [null, '159m159p159s1234z', null, null], reserve: '5z' })
        .tsumogiri(0)
        .draw(1, '5z')
        .riichiUnchecked(1, '5z')
        .exhaust({ deltas: [0, 0, 0, 0] })
        .toXml(),
  },
  {
    name: 'call-illegal',
    description:
      'Seat 1 pons seat 0\'s 5m and discards its third 5m at once (a swap-call, kuikae); at the end seat 3 pons the hand\'s last discard, ' +
      "seat 2's 9p (houtei, which can only be won on). The hand ends in an exhaustive draw at which nobody is tenpai.",
    checks: [
      { profile: 'tenhou', expect: ['call-illegal', 'call-illegal'] },
      // Discarding the called kind is swap-calling under called-kind too; under allowed only the houtei pon is left.
      { profile: 'tenhou', overrides: { kuikae: 'called-kind' }, expect: ['call-illegal', 'call-illegal'] },
      { profile: 'tenhou', overrides: { kuikae: 'allowed' }, expect: ['call-illegal'] },
    ],
    build: () =>
      mjlog()
        .round({ hands: ['5m+', '055m+', '9p+', '99p1s+'] })
        .draw(0)
        .discard(0, '5m')
        .pon(1, '55m')
        .discard(1, '0m')
        .fillTo(2, { liveLeft: 1 })
        .draw(2)
        .discard(2, '9p')
        .pon(3)
        .discard(3, '1s')
        .exhaustiveDraw()
        .toXml(),
  },
  {
    name: 'four-winds-went-on',
    description:
      'The four first discards are all East (1z), nobody having called: four winds (suufon renda), which ends the hand on Tenhou. ' +
      'The hand goes on to an exhaustive draw at which nobody is tenpai. Under abortiveDraws none that is what the rules say.',
    checks: [
      { profile: 'tenhou', expect: ['abortive-draw-missing'] },
      { profile: 'tenhou', overrides: { abortiveDraws: 'none' }, expect: [] },
    ],
    build: () =>
      mjlog()
        .round({ hands: ['1z+', '1z+', '1z+', '1z+'] })
        .draw(0)
        .discard(0, '1z')
        .draw(1)
        .discard(1, '1z')
        .draw(2)
        .discard(2, '1z')
        .draw(3)
        .discard(3, '1z')
        .exhaust({ deltas: [0, 0, 0, 0] })
        .toXml(),
  },
  {
    name: 'four-riichi-went-on',
    description:
      'All four players declare riichi on their first discards (double riichi), each tenpai on East, and the fourth riichi is accepted: four ' +
      'riichi (suucha riichi), which ends the hand on Tenhou. The hand goes on to an exhaustive draw at which all four are tenpai and ' +
      'nobody pays. Under abortiveDraws none that is what the rules say.',
    checks: [
      { profile: 'tenhou', expect: ['abortive-draw-missing'] },
      { profile: 'tenhou', overrides: { abortiveDraws: 'none' }, expect: [] },
    ],
    build: () =>
      mjlog()
        // Each waits on East alone (1z), one copy in every hand: the fillers drawn to the end can win nothing.
        .round({ hands: ['123m456m789m111p1z', '123s456s789s999p1z', '234p567p234s567s1z', '222z333z444z888s1z'] })
        .draw(0)
        .riichi(0)
        .draw(1)
        .riichi(1)
        .draw(2)
        .riichi(2)
        .draw(3)
        .riichi(3)
        .exhaust()
        .toXml(),
  },
  {
    name: 'nine-terminals',
    description:
      'Seat 0, the dealer, declares nine terminals (九種九牌) on its first draw holding 19m 19p 19s 123z: nine kinds of terminals and ' +
      'honours, as the abort needs. Tenhou ends the hand; under abortiveDraws none there is no such abort.',
    checks: [
      { profile: 'tenhou', expect: [] },
      { profile: 'tenhou', overrides: { abortiveDraws: 'none' }, expect: ['abortive-draw-unexpected'] },
    ],
    build: () =>
      mjlog()
        .round({ hands: ['19m19p19s123z2345m', null, null, null], reserve: '7p' })
        .draw(0, '7p')
        .nineTerminals(0)
        .toXml(),
  },
  {
    name: 'double-ron',
    description:
      "Seat 0 discards 4m and seats 1 and 2 both ron it (23m456p678p345s88s and 23m345p567s678s22p, each pinfu and tanyao on a " +
      'two-sided wait, 30 fu: 2,000 each). Tenhou pays both; under multipleRon atamahane only seat 1, the first after the discarder, wins.',
    checks: [
      { profile: 'tenhou', expect: [] },
      { profile: 'tenhou', overrides: { multipleRon: 'atamahane' }, expect: ['multiple-ron-mismatch'] },
    ],
    build: () =>
      mjlog()
        .round({ hands: ['4m+', '23m456p678p345s88s', '23m345p567s678s22p', null] })
        .draw(0)
        .discard(0, '4m')
        // Pinfu 1 + tanyao 1, a closed ron on a two-sided wait: 30 fu, 2 han: 1,920, 2,000 from a non-dealer.
        .ron(1, { yaku: { pinfu: 1, tanyao: 1 }, fu: 30, points: 2000, deltas: [-2000, 2000, 0, 0] })
        .ronAlso(2, { yaku: { pinfu: 1, tanyao: 1 }, fu: 30, points: 2000, deltas: [-2000, 0, 2000, 0] })
        .toXml(),
  },
  {
    name: 'played-below-zero',
    description:
      "Seat 0, the dealer, discards 7z into seat 1's kokushi musou (19m 19p 19s 1234566z, waiting on 7z): 32,000 points leave seat 0 " +
      'at -7,000, which ends the game on Tenhou. The log plays a second hand all the same, to an exhaustive draw at which nobody is tenpai.',
    checks: [
      { profile: 'tenhou', expect: ['played-below-zero'] },
      { profile: 'tenhou', overrides: { busting: 'plays-on' }, expect: [] },
    ],
    build: () =>
      mjlog()
        .round({ hands: ['7z+', '19m19p19s1234566z', null, null] })
        .draw(0)
        .discard(0, '7z')
        .ron(1, { yakuman: ['kokushi'], fu: 0, points: 32000, limit: 5, deltas: [-32000, 32000, 0, 0] })
        .round()
        .exhaust({ deltas: [0, 0, 0, 0] })
        .toXml(),
  },
  {
    name: 'tenpai-shown-noten',
    description:
      'An exhaustive draw at which seat 0 shows its hand as tenpai (the builder\'s escape hatch), though it waits on nothing; nobody pays.',
    checks: [{ profile: 'tenhou', expect: ['tenpai-shown-noten'] }],
    build: () => mjlog().round().exhaust({ showNoten: [0] }).toXml(),
  },
  {
    name: 'nine-terminals-unfounded',
    description:
      'Seat 0, the dealer, declares nine terminals (九種九牌) on its first draw holding 19m 19p 19s 1z and seven simples: seven kinds of ' +
      'terminals and honours, not the nine the abort needs.',
    checks: [{ profile: 'tenhou', expect: ['abortive-draw-unfounded'] }],
    build: () =>
      mjlog()
        .round({ hands: ['19m19p19s1z234m568p', null, null, null], reserve: '7p' })
        .draw(0, '7p')
        .nineTerminals(0)
        .toXml(),
  },
  {
    name: 'scores-not-carried',
    description:
      "The kan-orders game with its second hand's start written 1,000 points off for seat 3 (24,700 where the first hand left 23,700): " +
      'the second hand does not start with the scores the first left, nor does the third with those the second left.',
    checks: [
      {
        profile: 'tenhou',
        expect: [...KANDORA.find((s) => s.name === 'kan-orders')!.checks.find((c) => c.profile === 'tenhou' && !c.overrides)!.expect, 'scores-not-carried', 'scores-not-carried'],
      },
    ],
    build: () => KANDORA.find((s) => s.name === 'kan-orders')!.build().replace('ten="224,302,237,237"', 'ten="224,302,237,247"'),
  },
];
