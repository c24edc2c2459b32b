/**
 * Other kan restrictions (kan-rules.md §6): no kan after the last live tile, no daiminkan on the last
 * discard, no kan right after chi or pon, one replacement draw per kan.
 */
import type { ReplayResult } from '../replay/index.js';
import { kindOf, kindToString } from '../tiles/index.js';
import { finding, type Finding } from './findings.js';

export function checkRestrictions(replay: ReplayResult): Finding[] {
  const out: Finding[] = [];
  for (const round of replay.rounds) {
    for (const k of round.kans) {
      const at = { round: k.round, eventIndex: k.eventIndex, seat: k.seat };
      const tile = kindToString(kindOf(k.tile));
      if (k.kind !== 'daiminkan' && k.liveWallLeft === 0) {
        out.push(finding('kan-after-haitei', at, `seat ${k.seat}'s ${k.kind} of ${tile} after the last live tile was drawn`, { kan: k.kind, tile }));
      }
      if (k.kind === 'daiminkan' && k.liveWallLeft === 0) {
        out.push(finding('daiminkan-on-houtei', at, `seat ${k.seat}'s daiminkan of ${tile} on the last discard of the hand`, { tile }));
      }
      if (k.afterCall) {
        out.push(finding('kan-after-call', at, `seat ${k.seat}'s ${k.kind} of ${tile} right after a chi or pon, before drawing`, { kan: k.kind, tile }));
      }
      if (!k.robbed && k.replacement === null && wentOnWithoutReplacement(replay, k.round, k.eventIndex)) {
        out.push(finding('replacement-draw-missing', at, `seat ${k.seat}'s ${k.kind} of ${tile} has no replacement draw`, { kan: k.kind, tile }));
      }
    }
  }
  return out;
}

/** The round went on past the kan (not a hand that ended at it, nor an excerpt that stops there). */
function wentOnWithoutReplacement(replay: ReplayResult, roundIndex: number, kanEvent: number): boolean {
  const round = replay.rounds[roundIndex];
  const lastEvent = round.eventCount - 1;
  if (round.ending.kind === 'none') return lastEvent > kanEvent + 1;
  // An abort or a robbing ron right after the kan (a kandora reveal may come between) ends the hand there.
  return round.ending.eventIndex !== null && round.ending.eventIndex > kanEvent + 2;
}
