/**
 * Who pays for a rinshan tsumo on a daiminkan's replacement tile (docs/kan-rules.md §6, knob
 * `daiminkanPao`): every other player, as for any tsumo, or the player whose discard was called for the
 * kan, alone; under `discarder-pays-chained` also for a win on the replacement tile of a later kan of the
 * same turn, which the other values leave to every other player. Read from the score changes the log
 * records.
 */
import { turnDaiminkan, type HandReplay, type KanRecord } from '../replay/index.js';
import type { Rules } from '../rules/index.js';
import { finding, type Finding } from './findings.js';

export function checkDaiminkanPayments(rounds: readonly HandReplay[], rules: Rules): Finding[] {
  const out: Finding[] = [];
  const value = rules.daiminkanPao;
  for (const round of rounds) {
    for (const last of round.kans) {
      if (!last.rinshanWin) continue;
      // The daiminkan behind this win: the kan itself, or the one a chain of kans in its turn began with.
      const k: KanRecord | undefined = last.kind === 'daiminkan' ? last : turnDaiminkan(round.kans, last);
      if (!k) continue;
      const win = round.wins.find((w) => w.tsumo && w.seat === k.seat && w.rinshan);
      if (!win) continue;
      const payers = [0, 1, 2, 3].filter((s) => s !== win.seat && win.scoreDeltas[s] < 0);
      const discarderAlone = payers.length === 1 && payers[0] === k.from;
      // The daiminkan's own replacement tile: liable under either discarder value; a later kan's only under -chained.
      const liable = k === last ? value !== 'none' : value === 'discarder-pays-chained';
      // A tsumo paid as any other is paid by every other player: two or three of them.
      const ok = liable ? discarderAlone : payers.length >= 2;
      if (ok) continue;
      const paid = payers.length === 0 ? 'nobody pays' : discarderAlone ? `only seat ${k.from}, the discarder of the kan's tile, pays` : `seats ${payers.join(', ')} pay`;
      const ends = k === last || value === 'none' ? '' : ": the liability ends with the daiminkan's own replacement tile";
      const rule = liable ? `seat ${k.from} alone should pay (daiminkanPao ${value})` : `every other player should pay (daiminkanPao ${value}${ends})`;
      out.push(
        finding(
          'daiminkan-pao-mismatch',
          { hand: win.hand, eventIndex: win.eventIndex, seat: win.seat },
          `seat ${win.seat}'s rinshan tsumo after a daiminkan of seat ${k.from}'s discard${k === last ? '' : ` and a ${last.kind} in the same turn`}: ${paid}, but ${rule}`,
          { daiminkanPao: value, discarder: k.from, payers },
        ),
      );
    }
  }
  return out;
}
