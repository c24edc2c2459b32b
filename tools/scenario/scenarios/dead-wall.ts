/**
 * The dead wall and the end of the live wall: a replacement draw missing, a kan after the haitei, a
 * daiminkan on the houtei, a kan right after a pon.
 */
import { mjlog } from '../builder.js';
import type { Scenario } from '../scenario.js';

export const DEAD_WALL: readonly Scenario[] = [
  {
    name: 'replacement-draw-missing',
    description:
      "Seat 1's ankan of 2z is followed by its discard with no replacement draw between (the draw tag is missing, as in a damaged log): " +
      'the kan has no replacement tile, and the discard is of a tile the replay never saw drawn.',
    checks: [{ profile: 'tenhou', expect: ['replacement-draw-missing', 'replay-inconsistency', 'replay-inconsistency', 'replay-inconsistency'] }],
    replay: { inconsistencies: 3 },
    build: () => {
      const xml = mjlog().round({ hands: [null, '222z+', null, null] }).tsumogiri(0).draw(1, '2z').ankan(1, '2z').draw(1).discard(1).exhaust().toXml();
      // Drop the replacement draw: the first U tag after the ankan's DORA.
      return xml.replace(/(<DORA hai="\d+"\/>\s*)<U\d+\/>/, '$1');
    },
  },
  {
    name: 'kan-after-haitei',
    description:
      'Seat 1 draws the last live tile (haitei), a 9p, and makes an ankan of 9p with it; the replacement draw and a discard follow, then ' +
      'the exhaustive draw. No kan is allowed once the live wall is empty.',
    checks: [{ profile: 'tenhou', expect: ['kan-after-haitei'] }],
    build: () =>
      mjlog()
        .round({ hands: [null, '999p+', null, null], reserve: '9p' })
        .fillTo(1, { liveLeft: 1 })
        .draw(1, '9p')
        .ankan(1, '9p')
        .draw(1)
        .discard(1)
        .exhaustiveDraw()
        .toXml(),
  },
  {
    name: 'daiminkan-on-houtei',
    description:
      'Seat 1 draws the last live tile and discards it, a 9p; seat 3 makes a daiminkan of it. No replacement tile can be given on the ' +
      'last discard; here one is drawn anyway, with its kandora and a discard, then the exhaustive draw.',
    checks: [{ profile: 'tenhou', expect: ['daiminkan-on-houtei'] }],
    build: () =>
      mjlog()
        .round({ hands: [null, null, null, '999p+'], reserve: '9p' })
        .fillTo(1, { liveLeft: 1 })
        .draw(1, '9p')
        .discard(1)
        .daiminkan(3)
        .draw(3)
        .discard(3)
        .exhaustiveDraw()
        .toXml(),
  },
  {
    name: 'kan-after-pon',
    description:
      'Seat 2 pons 6z from seat 1 and at once, before drawing, makes an ankan of the 4s it holds. A kan must wait for the next draw. ' +
      'The hand ends in an exhaustive draw.',
    checks: [{ profile: 'tenhou', expect: ['kan-after-call'] }],
    build: () =>
      mjlog()
        .round({ hands: [null, '6z+', '66z4444s+', null] })
        .tsumogiri(0)
        .draw(1)
        .discard(1, '6z')
        .pon(2)
        .ankan(2, '4s')
        .draw(2)
        .discard(2)
        .exhaust()
        .toXml(),
  },
];
