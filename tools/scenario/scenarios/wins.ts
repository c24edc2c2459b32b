/**
 * What a win can be before it is scored, and what a log may say that kanshi reads but does not apply: a
 * complete hand with no yaku, a yaku name no format defines, a lobby's own rule (issue 31).
 */
import { MJAI } from '../../../src/formats/index.js';
import { parseLog } from '../../../src/ingest/index.js';
import { mjlog } from '../builder.js';
import { scoreMismatches, type Scenario } from '../scenario.js';
import { DAMAGED } from './damaged.js';
import { KANDORA } from './kandora.js';
import { RIICHI_KANS } from './riichi-kans.js';

export const WINS: readonly Scenario[] = [
  {
    name: 'win-without-yaku',
    description:
      'Seat 2 rons seat 1\'s 1z with 234m 678m 456p 789s and a single 1z: a complete hand, but no yaku (no tanyao with 1z and 789s, no ' +
      'pinfu on a single wait, a ron with a closed hand, 1z a yakuhai only as a triplet). The log scores it as tanyao anyway: no win under the rules.',
    checks: [{ profile: 'tenhou', expect: ['win-without-yaku'] }],
    build: () =>
      mjlog()
        .round({ hands: [null, '1z+', '234m678m456p789s1z', null] })
        .tsumogiri(0)
        .draw(1)
        .discard(1, '1z')
        // Deliberately wrong: the hand has no yaku; the log names tanyao (1 han, 40 fu: 1,300).
        .ron(2, { yaku: { tanyao: 1 }, fu: 40, points: 1300, deltas: [0, -1300, 1300, 0] })
        .toXml(),
  },
  {
    name: 'unknown-yaku',
    format: 'tenhou6',
    description:
      'The majsoul-kakan-rinshan game, its rinshan kaihou written 嶺上牌 (a name no format defines): the reader keeps its han and warns, ' +
      'the audit reports the name and compares the han, points and payments, not the yaku by name.',
    checks: [
      { profile: 'mleague', expect: ['unknown-yaku'] },
      // As majsoul-kakan-rinshan under tenhou, the yaku aside (not compared by name): 7 score mismatches.
      { profile: 'tenhou', expect: ['unknown-yaku', 'kandora-count-mismatch', ...scoreMismatches(7)] },
    ],
    replay: { kandoraCountMismatches: 1 },
    build: () => KANDORA.find((s) => s.name === 'majsoul-kakan-rinshan')!.build().replace('嶺上開花(1飜)', '嶺上牌(1飜)'),
  },
  {
    name: 'ura-unrecorded',
    format: 'mjai',
    description:
      'The riichi-ankan-row5-strict-only game as mjai JSON lines whose hora lists no ura_markers (as akochan writes it): the winner in ' +
      "riichi is paid 1 ura han the log does not show; the audit takes it as given and says so, and reports no score mismatch.",
    checks: [{ profile: 'tenhou', expect: ['ura-unrecorded'] }],
    build: () =>
      MJAI.write(parseLog(Buffer.from(RIICHI_KANS.find((s) => s.name === 'riichi-ankan-row5-strict-only')!.build()), { file: 'row5.mjlog' })).replace(
        /,"ura_markers":\[[^\]]*\]/g,
        '',
      ),
  },
  {
    name: 'lobby-rule',
    description:
      "The seeded-exhaustive-draw game as a Tenhou lobby's (<GO rule csrule>): its csrule sets kiriage mangan, no nagashi mangan and " +
      'head bump, each applied as the game declares; sudden death (which no knob applies) and bit 0x40000000 (which no public ' +
      'source explains) are named, not applied.',
    checks: [{ profile: 'tenhou', expect: ['lobby-rule-not-applied'] }],
    build: () =>
      DAMAGED.find((s) => s.name === 'seeded-exhaustive-draw')!
        .build()
        .replace(/<GO type="(\d+)" lobby="\d+"\/>/, '<GO type="$1" lobby="12345" rule=",,00a9,0,0,0,0" csrule="40202003,00000000,,,25000,30000,30000"/>'),
  },
];
