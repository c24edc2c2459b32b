/**
 * Who pays for a rinshan tsumo on a daiminkan's replacement tile (docs/kan-rules.md §6, knob
 * `daiminkanPao`): every other player, as for any tsumo, or the player whose discard was called for the
 * kan, alone. Read from the score changes the log records.
 */
import type { HandReplay } from '../replay/index.js';
import type { Rules } from '../rules/index.js';
import { finding, type Finding } from './findings.js';

export function checkDaiminkanPayments(rounds: readonly HandReplay[], rules: Rules): Finding[] {
  const out: Finding[] = [];
  for (const round of rounds) {
    for (const k of round.kans) {
      if (k.kind !== 'daiminkan' || !k.rinshanWin) continue;
      const win = round.wins.find((w) => w.tsumo && w.seat === k.seat && w.rinshan);
      if (!win) continue;
      const payers = [0, 1, 2, 3].filter((s) => s !== win.seat && win.scoreDeltas[s] < 0);
      const discarderAlone = payers.length === 1 && payers[0] === k.from;
      // A tsumo paid as any other is paid by every other player: two or three of them.
      const ok = rules.daiminkanPao === 'discarder-pays' ? discarderAlone : payers.length >= 2;
      if (ok) continue;
      const paid = payers.length === 0 ? 'nobody pays' : discarderAlone ? `only seat ${k.from}, the discarder of the kan's tile, pays` : `seats ${payers.join(', ')} pay`;
      const rule = rules.daiminkanPao === 'discarder-pays' ? 'seat ' + k.from + ' alone should pay (daiminkanPao discarder-pays)' : 'every other player should pay (daiminkanPao none)';
      out.push(
        finding(
          'daiminkan-pao-mismatch',
          { hand: win.hand, eventIndex: win.eventIndex, seat: win.seat },
          `seat ${win.seat}'s rinshan tsumo after a daiminkan of seat ${k.from}'s discard: ${paid}, but ${rule}`,
          { daiminkanPao: rules.daiminkanPao, discarder: k.from, payers },
        ),
      );
    }
  }
  return out;
}
