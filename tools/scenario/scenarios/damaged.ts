/**
 * The log itself: seeded walls (clean, and one tile swapped), a discard of a tile not held, riichi with an
 * open hand, a file cut off.
 */
import { mjlog } from '../builder.js';
import { makeSeed } from '../seed.js';
import type { Scenario } from '../scenario.js';
import { KANDORA } from './kandora.js';

export const DAMAGED: readonly Scenario[] = [
  {
    name: 'seeded-exhaustive-draw',
    description:
      'A seeded game (SHUFFLE seed): every dealt and drawn tile and the dora indicator come from the wall rebuilt from the seed, and the ' +
      'hand is played out by tsumogiri to an exhaustive draw. The wall check passes.',
    checks: [{ profile: 'tenhou', expect: [] }],
    build: () => mjlog({ seed: makeSeed(20240601) }).round().exhaust().toXml(),
  },
  {
    name: 'wall-mismatch',
    description:
      "A seeded game in which seat 1's third live draw is logged as the tile at wall index 4 (the ura indicator, never shown since nobody " +
      'wins in riichi) instead of the wall\'s next live tile: exactly one tile differs from the wall.',
    checks: [{ profile: 'tenhou', expect: ['wall-mismatch'] }],
    replay: { wallMismatches: 1 },
    build: () => mjlog({ seed: makeSeed(20240602) }).round().fill(9).drawSwapped(1, 4).discard(1).exhaust().toXml(),
  },
  {
    name: 'discard-not-held',
    description:
      'Seat 1 draws the last live tile and discards a 9m it does not hold (the builder\'s escape hatch); the exhaustive draw follows. ' +
      'The log contradicts itself.',
    checks: [{ profile: 'tenhou', expect: ['replay-inconsistency'] }],
    replay: { inconsistencies: 1 },
    build: () =>
      mjlog()
        .round({ hands: [null, null, null, null], reserve: '9m' })
        .fillTo(1, { liveLeft: 1 })
        .draw(1)
        .discardNotHeld(1, '9m')
        .exhaustiveDraw()
        .toXml(),
  },
  {
    name: 'riichi-open-hand',
    description:
      'Seat 2 pons 6z from seat 1, and two turns later declares riichi on 123m 456p 789s 4m with the pon showing (the builder\'s ' +
      'escape hatch): a call opens the hand and forfeits riichi, so the log contradicts itself. The hand ends in an exhaustive draw.',
    checks: [{ profile: 'tenhou', expect: ['replay-inconsistency'] }],
    replay: { inconsistencies: 1 },
    build: () =>
      mjlog()
        .round({ hands: [null, '6z+', '66z123m456p789s45m', null], reserve: '4m' })
        .tsumogiri(0)
        .draw(1)
        .discard(1, '6z')
        .pon(2)
        .discard(2, '5m')
        .tsumogiri(3)
        .tsumogiri(0)
        .tsumogiri(1)
        .draw(2)
        .riichiOpenHand(2)
        .exhaust({ deltas: [-1000, -1000, 3000, -1000] })
        .toXml(),
  },
  {
    name: 'truncated',
    description: 'The kan-orders game cut off in the middle of a tag, as an interrupted download leaves it: not a readable log.',
    checks: [{ profile: 'tenhou', expect: ['ingest-error'] }],
    broken: true,
    build: () => {
      const xml = KANDORA.find((s) => s.name === 'kan-orders')!.build();
      const cut = xml.indexOf('<N ', Math.floor(xml.length / 2));
      return xml.slice(0, cut + 8);
    },
  },
];
