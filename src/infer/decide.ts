/**
 * From a knob's deciding cases to what the logs say about it (docs/scoring.md §9): a value, or why there
 * is none. Pure: the cases in, the verdict out.
 */
import type { Platform } from '../events/index.js';
import type { KnobValue } from '../rules/index.js';

/** A case that tells a knob's values apart: under some value it agrees with the log, under another not. */
export interface DecidingCase {
  file: string;
  logId: string | null;
  hand: number;
  seat: number | null;
  /** The event the case is (the win, the drawn hand, the kan's call, the finding's place); null for a hand as a whole. */
  eventIndex: number | null;
  /** What the case is: `win`, `drawn hand`, `kan`, `kandora count` (a hand whose log lists its kandora untimed) or a finding's kind. */
  what: string;
}

/** A deciding case with the values it agrees under (by the knob's value index). */
export interface Evidence {
  at: DecidingCase;
  /** Per value: does the case agree with the log under it (a case the joint search explains: only under its pair's value)? */
  agrees: readonly boolean[];
  /** Where the log comes from: an order of events shows a platform's rule only in a platform's own logs. */
  platform: Platform;
  /** What differs under the base rule set, one line each (empty where the base agrees). */
  differences: readonly string[];
}

/**
 * What the logs say about one knob:
 * - `untouched`: no case tells its values apart;
 * - `tie`: the values that agree most often are not told apart (inferred null, `tied` lists them);
 * - `weak`: one value, resting on fewer than WEAK_BELOW cases against its closest rival;
 * - `inferred`: one value, resting on WEAK_BELOW cases or more;
 * - `convention`: an order of events that only logs no platform wrote show: their producer's way of writing
 *   the events, not a rule (inferred null, `convention` the order they follow).
 */
export type KnobStatus = 'inferred' | 'weak' | 'tie' | 'untouched' | 'convention';

export const WEAK_BELOW = 3;

export interface KnobVerdict {
  status: KnobStatus;
  inferred: KnobValue | null;
  /** tie: the values that agree most often. */
  tied?: KnobValue[];
  /** The value's closest rival (the one the fewest cases tell it from), whose cases it rests on. */
  rival?: KnobValue;
  /** The cases that tell the value (inferred or, for a convention, followed) from its closest rival. */
  deciding: DecidingCase[];
  /** convention: the order of events the logs follow. */
  convention?: KnobValue;
  /**
   * The cases against the value that another value explains: the group's logs contradict each other
   * there, and these are the logs' errors, not a rule.
   */
  contrary: { at: DecidingCase; agreesWith: KnobValue[]; differences: readonly string[] }[];
}

/**
 * The verdict on one knob from its evidence; `values` in the knob's order, `base` the value of the profile
 * the logs are judged from.
 *
 * The value that agrees with the most cases wins, unless the group's logs contradict each other: when some
 * cases agree only under that value and others only under the profile's, the group shows no rule of its
 * own (one log, or one build of the producer, is wrong: an akochan build that misses ippatsu beside one
 * that scores it), so the profile's value stands and the cases against it are the logs' errors. A value
 * other than the profile's is inferred only when no case that the profile's value explains contradicts it.
 */
export function decideKnob(values: readonly KnobValue[], evidence: readonly Evidence[], base?: KnobValue): KnobVerdict {
  if (evidence.length === 0) return { status: 'untouched', inferred: null, deciding: [], contrary: [] };
  const score = values.map((_, v) => evidence.reduce((n, e) => n + (e.agrees[v] ? 1 : 0), 0));
  const best = Math.max(...score);
  const top = values.map((_, v) => v).filter((v) => score[v] === best);
  if (top.length > 1) return { status: 'tie', inferred: null, tied: top.map((v) => values[v]), deciding: [], contrary: [] };
  let chosen = top[0];
  const b = base === undefined ? -1 : values.indexOf(base);
  if (b >= 0 && b !== chosen && evidence.some((e) => e.agrees[b] && !e.agrees[chosen])) chosen = b;
  // The closest rival: the value the fewest cases tell the chosen one from (on equal terms, the higher-scoring).
  let rival = -1;
  let restsOn: Evidence[] = [];
  for (let w = 0; w < values.length; w++) {
    if (w === chosen) continue;
    const cases = evidence.filter((e) => e.agrees[chosen] && !e.agrees[w]);
    if (rival < 0 || cases.length < restsOn.length || (cases.length === restsOn.length && score[w] > score[rival])) [rival, restsOn] = [w, cases];
  }
  const contrary = evidence
    .filter((e) => !e.agrees[chosen])
    .map((e) => ({ at: e.at, agreesWith: values.filter((_, v) => e.agrees[v]), differences: e.differences }));
  return {
    status: restsOn.length >= WEAK_BELOW ? 'inferred' : 'weak',
    inferred: values[chosen],
    rival: values[rival],
    deciding: restsOn.map((e) => e.at),
    contrary,
  };
}
