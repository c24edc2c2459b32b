/**
 * Readings (interpretations) of a complete hand: every way to split it into groups and a pair, plus
 * seven pairs and thirteen orphans. `strict` riichi kans and scoring questions need all of them.
 */
import { ORPHAN_KINDS, kindToString, type TileKind } from '../tiles/index.js';
import { checkCompleteHand, type KindCounts } from './counts.js';
import { isSevenPairsShape, isStandardShape, isThirteenOrphansShape } from './shape.js';

/** `run`: `first`, `first`+1, `first`+2. `single`: one tile of thirteen orphans. */
export type GroupShape = 'pair' | 'triplet' | 'run' | 'single';

export interface Group {
  readonly shape: GroupShape;
  /** The group's tile kind; a run's lowest kind. */
  readonly first: TileKind;
}

export type ReadingForm = 'standard' | 'seven-pairs' | 'thirteen-orphans';

/** One interpretation of the concealed tiles (melds are not part of it), groups in kind order. */
export interface Reading {
  readonly form: ReadingForm;
  readonly groups: readonly Group[];
}

/** Is the hand complete (14 tiles, or 11/8/5/2 with melds) in any form? */
export function isComplete(counts: KindCounts): boolean {
  const total = checkCompleteHand(counts);
  const c = Array.from(counts);
  if (isStandardShape(c)) return true;
  return total === 14 && (isSevenPairsShape(c) || isThirteenOrphansShape(c));
}

/**
 * All readings of a complete hand; empty when it is not complete. Standard readings are distinct
 * multisets of groups: `111222333m` gives both three triplets and three equal runs.
 */
export function readings(counts: KindCounts): Reading[] {
  const total = checkCompleteHand(counts);
  const c = Array.from(counts);
  const out: Reading[] = [];
  collectStandard(c, 0, false, [], out);
  if (total === 14 && isSevenPairsShape(c)) out.push(sevenPairsReading(c));
  if (total === 14 && isThirteenOrphansShape(c)) out.push(thirteenOrphansReading(c));
  return out;
}

/**
 * Decides at once every group starting at the lowest remaining kind `i` (a pair, a triplet and the
 * runs that use up the rest), so each multiset of groups is produced exactly once.
 */
function collectStandard(c: number[], from: number, pairTaken: boolean, groups: Group[], out: Reading[]): void {
  let i = from;
  while (i < 34 && c[i] === 0) i++;
  if (i === 34) {
    if (pairTaken) out.push({ form: 'standard', groups: groups.slice() });
    return;
  }
  const x = c[i];
  const canRun = i < 27 && i % 9 <= 6;
  for (let pair = pairTaken ? 0 : 1; pair >= 0; pair--) {
    for (let triplet = 1; triplet >= 0; triplet--) {
      const runs = x - 2 * pair - 3 * triplet;
      if (runs < 0) continue;
      if (runs > 0 && (!canRun || c[i + 1] < runs || c[i + 2] < runs)) continue;
      const mark = groups.length;
      if (pair) groups.push({ shape: 'pair', first: i });
      if (triplet) groups.push({ shape: 'triplet', first: i });
      for (let r = 0; r < runs; r++) groups.push({ shape: 'run', first: i });
      c[i] = 0;
      if (runs > 0) {
        c[i + 1] -= runs;
        c[i + 2] -= runs;
      }
      collectStandard(c, i + 1, pairTaken || pair === 1, groups, out);
      c[i] = x;
      if (runs > 0) {
        c[i + 1] += runs;
        c[i + 2] += runs;
      }
      groups.length = mark;
    }
  }
}

function sevenPairsReading(c: ArrayLike<number>): Reading {
  const groups: Group[] = [];
  for (let k = 0; k < 34; k++) if (c[k] === 2) groups.push({ shape: 'pair', first: k });
  return { form: 'seven-pairs', groups };
}

function thirteenOrphansReading(c: ArrayLike<number>): Reading {
  const groups = ORPHAN_KINDS.map((k): Group => ({ shape: c[k] === 2 ? 'pair' : 'single', first: k }));
  return { form: 'thirteen-orphans', groups };
}

/** Does the reading hold `kind` as a triplet? (What a `strict` riichi ankan needs of every reading.) */
export function hasTriplet(reading: Reading, kind: TileKind): boolean {
  return reading.groups.some((g) => g.shape === 'triplet' && g.first === kind);
}

/** `345p`, `666p`, `33p`, `1z`. */
export function groupToString(group: Group): string {
  const name = kindToString(group.first);
  const digit = name[0];
  const suit = name[1];
  switch (group.shape) {
    case 'run':
      return `${digit}${Number(digit) + 1}${Number(digit) + 2}${suit}`;
    case 'triplet':
      return `${digit.repeat(3)}${suit}`;
    case 'pair':
      return `${digit.repeat(2)}${suit}`;
    case 'single':
      return name;
  }
}

/** `33p 345p 666p 111s 456s`. */
export function readingToString(reading: Reading): string {
  return reading.groups.map(groupToString).join(' ');
}
