/**
 * Other kan restrictions (docs/kan-rules.md §6): no kan after the last live tile, no daiminkan on the
 * last discard, no kan right after chi or pon, one replacement draw per kan.
 */
import type { HandReplay } from '../replay/index.js';
import { kindOf, kindToString } from '../tiles/index.js';
import { finding, type Finding } from './findings.js';

export function checkRestrictions(rounds: readonly HandReplay[]): Finding[] {
  const out: Finding[] = [];
  for (const round of rounds) {
    for (const k of round.kans) {
      const at = { hand: k.hand, eventIndex: k.eventIndex, seat: k.seat };
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
      // Play went on right after the declaration: not a replacement draw, a ron robbing it, or the hand's end.
      if (k.afterDeclaration === 'went-on') {
        out.push(finding('replacement-draw-missing', at, `seat ${k.seat}'s ${k.kind} of ${tile} has no replacement draw`, { kan: k.kind, tile }));
      }
    }
  }
  return out;
}
