/**
 * The scenarios: one scripted game each, for a situation Tenhou never (or rarely) produces, with the
 * findings `kanshi audit` must report for it under each listed rule profile. `logs/examples/<name>.mjlog`
 * (`.json` for a scenario written as tenhou.net/6 JSON) holds what each script writes (write-examples.ts).
 *
 * Seats: seat 0 deals in East 1 and draws first. Riichi hands are dealt as the riichi hand itself, and
 * the riichi is declared with the first tile drawn (tsumogiri riichi), so the hand is exactly the row's.
 */
import type { FindingKind } from '../../src/audit/index.js';
import type { ProfileName, Rules } from '../../src/rules/index.js';
import { mjlog } from './builder.js';
import { makeSeed } from './seed.js';

/**
 * `n` score mismatches: a win's differing components are a finding each (its yaku, han, fu, points, limit,
 * each seat's payment). Under a profile whose scoring knobs are not Tenhou's (pro-strict: no ura dora, no
 * kazoe yakuman), a win the builder scored as Tenhou does is re-scored otherwise.
 */
function scoreMismatches(n: number): FindingKind[] {
  return Array<FindingKind>(n).fill('score-mismatch');
}

export interface ScenarioCheck {
  /** kanshi rule profile. */
  profile: ProfileName;
  /** Knob values that replace the profile's. */
  overrides?: Partial<Rules>;
  /** The exact multiset of finding kinds (any severity) the audit reports for the file under these rules. */
  expect: FindingKind[];
}

export type Verdict = 'legal' | 'illegal';

/** How a scenario's log is written: mjlog XML (`toXml`) or tenhou.net/6 JSON (`toTenhou6`). */
export type LogFormat = 'mjlog' | 'tenhou6';

/** A riichi kan of docs/kan-rules.md §3 and its verdicts, for the tests that judge it directly. */
export interface RiichiKanRow {
  /** The row of the §3 test-vector table, or null for a kan that is not in it. */
  row: number | null;
  kind: 'ankan' | 'daiminkan';
  /** Under riichiKan `waits` and `strict` (okuriKan false). */
  waits: Verdict;
  strict: Verdict;
  /** Under `waits` with okuriKan true, where it differs. */
  waitsOkuriKan?: Verdict;
}

export interface Scenario {
  /** File name without its extension; kebab case. */
  name: string;
  /** The log's format; default mjlog. */
  format?: LogFormat;
  /** What the file shows, in one or two sentences. */
  description: string;
  checks: ScenarioCheck[];
  /**
   * What a replay under the `tenhou` kandora timing reports, where the scenario's point is one of these
   * (each absent count is 0).
   */
  replay?: { inconsistencies?: number; wallMismatches?: number; timingMismatches?: number; kandoraCountMismatches?: number };
  riichiKan?: RiichiKanRow;
  /** The file is deliberately not a readable log: ingest must fail with an IngestError. */
  broken?: boolean;
  /** The file's text (in its format). */
  build(): string;
}

const RIICHI_KAN: FindingKind = 'riichi-kan-illegal';

/** Row 1 and 2 share the riichi hand 3444m 778899s 333z (waits 2m 3m 5m). */
const ROW_1_HAND = '3444m778899s333z';
/** Rows 4 and 5: 3335666p 111456s (waits 4p 5p 7p). */
const ROW_4_HAND = '3335666p111456s';

/**
 * Kans by three players (seat 1 ankan 2z, seat 2 ankan 5z, seat 2 daiminkan 8s), then seat 0 declares the
 * fourth, an ankan of 1m: the four-kan abort scenarios go on from here.
 */
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

export const SCENARIOS: readonly Scenario[] = [
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
        .tsumo(1)
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
        .ron(1)
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
        .exhaust()
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
        .ron(1)
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
        .tsumo(2)
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
        .tsumo(1)
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
        .ron(3)
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
        .exhaust()
        .toXml(),
  },
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
        .ron(2)
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
        .ron(2)
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
        .ron(2, { yaku: { tanyao: 1 }, fu: 30 })
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
        .ron(2)
        .toXml(),
  },
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
        .ron(3)
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
        .tsumo(1);
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
        .ron(0);
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
        .tsumo(0);
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
      "Mahjong Soul too, a kakan's indicator is never shown when the replacement tile wins, so the number of indicators differs.",
    checks: [
      { profile: 'tenhou', expect: ['kandora-count-mismatch'] },
      { profile: 'mleague', expect: [] },
      { profile: 'majsoul', expect: ['kandora-count-mismatch'] },
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
        .tsumo(1)
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
        .tsumo(1)
        .toXml(),
  },
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
        .exhaust()
        .toXml(),
  },
  {
    name: 'truncated',
    description: 'The kan-orders game cut off in the middle of a tag, as an interrupted download leaves it: not a readable log.',
    checks: [{ profile: 'tenhou', expect: ['ingest-error'] }],
    broken: true,
    build: () => {
      const xml = scenario('kan-orders').build();
      const cut = xml.indexOf('<N ', Math.floor(xml.length / 2));
      return xml.slice(0, cut + 8);
    },
  },
];

/** The scenario of that name; throws for an unknown name. */
export function scenario(name: string): Scenario {
  const s = SCENARIOS.find((x) => x.name === name);
  if (!s) throw new Error(`unknown scenario "${name}" (scenarios: ${SCENARIOS.map((x) => x.name).join(', ')})`);
  return s;
}
