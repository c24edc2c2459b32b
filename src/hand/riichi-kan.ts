/**
 * Is an ankan by a riichi player legal? docs/kan-rules.md §3: knob `riichiKan` (`none` | `waits` | `strict`)
 * and knob `okuriKan`.
 *
 * - `none`: no kan after riichi.
 * - `waits`: the kan uses the drawn tile (unless `okuriKan`), and the waits are the same before and after.
 * - `strict`: `waits`, and for every wait, every reading of the winning hand holds the kanned kind as
 *   a triplet, so the kan removes no reading. For a kan of the drawn tile that is exactly "the
 *   winning hand has as many readings after the kan as before"; an okuri-kan (only with `okuriKan`)
 *   changes the hand's other tiles too, so both conditions are checked.
 *
 * Waits are Tenhou's (`waits.ts`): of the concealed tiles only. The player's own melds exhaust no kind,
 * neither the ankans made before nor this kan: after the kan the kanned kind is a wait whenever it
 * completes the ten (seven, four) concealed tiles left, though all four copies are then in the kan.
 * So a kan of a kind that is itself a wait (`2345556677888p`, draw 8p) keeps the waits and is legal,
 * as in @kobalab/majiang-core (level 2 of `リーチ後暗槓許可レベル`, Tenhou's rule) and mjx. Mortal
 * refuses any kan of a waited kind: a stricter reading, documented in §3 and not a value of the knob.
 *
 * With a kan of the drawn tile the waits after are always a subset of the waits before (a winning hand
 * after the kan plus the kanned triplet is a winning hand before), so "the same waits" is "no wait lost".
 */
import { kindToString, type TileKind } from '../tiles/index.js';
import { HandError, WAITING_SIZES, toCounts, waitingSize } from './counts.js';
import { hasTriplet, readingToString, readings, type Reading } from './readings.js';
import { waits } from './waits.js';

/** The `riichiKan` knob; the same names as in `src/rules` and docs/kan-rules.md §3. */
export type RiichiKan = 'none' | 'waits' | 'strict';
export const RIICHI_KAN_VALUES: readonly RiichiKan[] = ['none', 'waits', 'strict'];

export interface RiichiAnkanQuestion {
  /** Concealed kinds before the draw: 13, or 10/7/4/1 with ankans made before riichi. */
  concealed: readonly TileKind[];
  draw: TileKind;
  /** The kind kanned: the drawn tile, or (okuri-kan) a kind held four times. */
  kan: TileKind;
  rule: RiichiKan;
  okuriKan: boolean;
  /**
   * Kinds of the ankans made before riichi, when known. They are checked (the concealed size, no fifth
   * copy) but change no wait: Tenhou counts a kind whose copies are in the player's kans as waited.
   */
  ankans?: readonly TileKind[];
  /** 3-player tile set: 2m..8m do not exist. */
  threePlayer?: boolean;
}

/**
 * Every reason a kan by a riichi player is judged as it is: one closed list, from here to the audit's
 * verdicts and the database (its riichi_kan_reasons table). `legal` is the verdict each reason gives
 * (null: the hand could not be judged).
 */
export const RIICHI_KAN_REASONS = {
  allowed: { legal: true, meaning: 'the kan keeps to the riichiKan and okuriKan rules' },
  'riichi-kan-none': { legal: false, meaning: 'riichiKan is none: no kan at all after riichi' },
  'not-an-ankan': { legal: false, meaning: 'a daiminkan or kakan after riichi: only an ankan can be made' },
  'no-draw': { legal: false, meaning: 'an ankan after riichi with no tile drawn this turn' },
  'kan-tile-not-four': { legal: false, meaning: 'the player does not hold all four copies of the kanned kind' },
  'okuri-kan': { legal: false, meaning: 'the kanned kind was held before the draw of another tile, and okuriKan is false' },
  'not-tenpai': { legal: false, meaning: 'the riichi hand was not tenpai before the draw' },
  'waits-change': { legal: false, meaning: 'the kan changes the waits' },
  'reading-lost': { legal: false, meaning: 'strict: some winning hand loses a reading in which the kanned kind is a triplet' },
  'not-judged': { legal: null, meaning: 'the hand cannot be judged: the log contradicts itself there' },
} as const satisfies Record<string, { legal: boolean | null; meaning: string }>;

export type RiichiKanReason = keyof typeof RIICHI_KAN_REASONS;

export const RIICHI_KAN_REASON_NAMES = Object.keys(RIICHI_KAN_REASONS) as RiichiKanReason[];

/** The reasons judgeRiichiAnkan gives (the others are about the kan or the log, not the hand). */
export type RiichiAnkanReason = Exclude<RiichiKanReason, 'not-an-ankan' | 'no-draw' | 'not-judged'>;

export interface LostReading {
  /** The winning tile whose hand loses the reading. */
  wait: TileKind;
  /** A reading of the winning hand before the kan without the kanned kind as a triplet. */
  reading: Reading;
}

export interface RiichiAnkanVerdict {
  legal: boolean;
  /** Stable code for findings and the database. */
  reason: RiichiAnkanReason;
  /** One sentence for people. */
  explanation: string;
  /** The kanned kind is not the drawn tile: an okuri-kan. */
  okuri: boolean;
  /** Waits of the riichi hand (before the draw). */
  waitsBefore: TileKind[];
  /** Waits after the kan (before the replacement draw); null when the kan cannot be made. */
  waitsAfter: TileKind[] | null;
  /** `strict` only: the reading the kan removes. */
  lostReading?: LostReading;
  /** `strict` with an okuri-kan only: readings per wait, before and after, when they differ in number. */
  readingCounts?: { wait: TileKind; before: number; after: number };
}

/** Judges an ankan of `kan` by a riichi player; throws `HandError` when the hand cannot exist. */
export function judgeRiichiAnkan(q: RiichiAnkanQuestion): RiichiAnkanVerdict {
  const { before, after, held } = checkQuestion(q);
  const okuri = q.kan !== q.draw;
  const waitsBefore = waits(before);
  const waitsAfter = after ? waits(after) : null;
  const base = { okuri, waitsBefore, waitsAfter };
  const kanName = kindToString(q.kan);
  const verdict = (legal: boolean, reason: RiichiAnkanReason, explanation: string): RiichiAnkanVerdict => ({
    legal,
    reason,
    explanation,
    ...base,
  });

  if (q.rule === 'none') return verdict(false, 'riichi-kan-none', 'riichiKan is none: no kan at all after riichi');
  if (!after) {
    const how = okuri ? `${held} in hand` : `${held - 1} in hand + the drawn tile`;
    return verdict(false, 'kan-tile-not-four', `an ankan of ${kanName} needs all four copies; the player holds ${held} (${how})`);
  }
  if (okuri && !q.okuriKan) {
    return verdict(
      false,
      'okuri-kan',
      `okuri-kan: ${kanName} was held before the draw of ${kindToString(q.draw)}; only a kan of the drawn tile is allowed (okuriKan is false)`,
    );
  }
  if (waitsBefore.length === 0) return verdict(false, 'not-tenpai', 'the riichi hand was not tenpai before the draw');
  if (!sameKinds(waitsBefore, waitsAfter!)) {
    return verdict(false, 'waits-change', `the kan changes the waits from ${kindsText(waitsBefore)} to ${kindsText(waitsAfter!)}`);
  }
  if (q.rule === 'strict') {
    const loss = readingLoss(before, after, q.kan, waitsBefore);
    if (loss?.lostReading) {
      const { wait, reading } = loss.lostReading;
      return {
        ...verdict(
          false,
          'reading-lost',
          `with ${kindToString(wait)} the reading ${readingToString(reading)} has no ${kanName} triplet; the kan removes it`,
        ),
        lostReading: loss.lostReading,
      };
    }
    if (loss?.readingCounts) {
      const { wait, before: b, after: a } = loss.readingCounts;
      return {
        ...verdict(false, 'reading-lost', `with ${kindToString(wait)} the winning hand has ${b} readings before the kan and ${a} after`),
        readingCounts: loss.readingCounts,
      };
    }
  }
  const why = okuri ? 'okuri-kan allowed and the waits stay' : 'the waits stay';
  return verdict(true, 'allowed', q.rule === 'strict' ? `${why}, and every reading keeps the ${kanName} triplet` : `${why} ${kindsText(waitsBefore)}`);
}

interface CheckedQuestion {
  before: number[];
  /** Concealed counts after the kan (before the replacement draw), or null if four are not held. */
  after: number[] | null;
  /** Copies of the kanned kind in hand + draw. */
  held: number;
}

function checkQuestion(q: RiichiAnkanQuestion): CheckedQuestion {
  if (!RIICHI_KAN_VALUES.includes(q.rule)) {
    throw new HandError(`riichiKan must be one of ${RIICHI_KAN_VALUES.join(', ')}, got "${String(q.rule)}"`);
  }
  const size = q.concealed.length;
  if (!WAITING_SIZES.includes(size)) {
    throw new HandError(`a riichi hand has 13 concealed tiles, or 10/7/4/1 after ankans before riichi; got ${size}`);
  }
  const ankans = q.ankans ?? [];
  if (q.ankans && waitingSize(ankans.length) !== size) {
    throw new HandError(`${ankans.length} ankans leave ${waitingSize(ankans.length)} concealed tiles, but the hand has ${size}`);
  }
  const options = { threePlayer: q.threePlayer };
  // Everything the player holds, kans included, must fit in four copies per kind.
  toCounts([...q.concealed, q.draw, ...ankans.flatMap((k) => [k, k, k, k])], options);
  toCounts([q.kan], options);
  const before = toCounts(q.concealed, options);
  const held = before[q.kan] + (q.draw === q.kan ? 1 : 0);
  if (held < 4) return { before, after: null, held };
  const after = before.slice();
  after[q.draw]++;
  after[q.kan] -= 4;
  return { before, after, held };
}

/**
 * `strict`: for each wait, every reading of the winning hand must keep the kanned kind as a triplet,
 * and the winning hand after the kan must have as many readings (the kan being one fixed triplet).
 */
function readingLoss(
  before: number[],
  after: number[],
  kan: TileKind,
  waitKinds: readonly TileKind[],
): { lostReading?: LostReading; readingCounts?: { wait: TileKind; before: number; after: number } } | null {
  for (const wait of waitKinds) {
    before[wait]++;
    const readingsBefore = readings(before);
    before[wait]--;
    const lost = readingsBefore.find((r) => !hasTriplet(r, kan));
    if (lost) return { lostReading: { wait, reading: lost } };
    after[wait]++;
    const countAfter = readings(after).length;
    after[wait]--;
    if (countAfter !== readingsBefore.length) {
      return { readingCounts: { wait, before: readingsBefore.length, after: countAfter } };
    }
  }
  return null;
}

function sameKinds(a: readonly TileKind[], b: readonly TileKind[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

function kindsText(kinds: readonly TileKind[]): string {
  return kinds.length === 0 ? '(none)' : kinds.map(kindToString).join(' ');
}
