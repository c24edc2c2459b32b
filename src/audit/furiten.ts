/**
 * Furiten, the one rule for every ron (src/audit/legality.ts) and for a chankan (chankan.ts): a winner may
 * not ron while a tile of its waits lies in its own river, nor on a wait it let pass since its last discard
 * (temporary furiten), nor, in riichi, on one it let pass since its riichi discard (riichi furiten).
 */
import { tileWaits } from '../hand/index.js';
import type { WinRecord } from '../replay/index.js';
import { kindOf, kindToString } from '../tiles/index.js';

/** Why the win's winner is furiten, in words, or null when it is not (or its tiles wait on nothing). */
export function furitenReason(w: WinRecord): string | null {
  const winningKinds = tileWaits(w.concealed);
  if (winningKinds === null) return null;
  const own = winningKinds.filter((k) => w.river.some((t) => kindOf(t) === k));
  if (own.length > 0) return `the winner is furiten (discarded ${own.map(kindToString).join(' ')} earlier)`;
  // The tile won on is the last one let pass: it is the one being won on.
  const passed = w.passedSinceOwnDiscard.filter((t) => t !== w.winningTile);
  const missed = winningKinds.filter((k) => passed.some((t) => kindOf(t) === k));
  if (missed.length > 0) {
    return `the winner is furiten (let ${missed.map(kindToString).join(' ')} pass since ${w.riichi ? 'riichi' : 'their last discard'})`;
  }
  return null;
}
