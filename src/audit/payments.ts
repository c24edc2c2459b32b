/**
 * Who pays for a rinshan tsumo on a daiminkan's replacement tile (docs/kan-rules.md §6, knob
 * `daiminkanPao`): every other player, as for any tsumo, or the player whose discard was called for the
 * kan, alone; under `discarder-pays-chained` also for a win on the replacement tile of a later kan of the
 * same turn. Read from the score changes the log records.
 */
import { turnDaiminkan, type HandReplay, type KanRecord } from '../replay/index.js';
import type { Rules } from '../rules/index.js';
import { finding, type Finding } from './findings.js';

export function checkDaiminkanPayments(rounds: readonly HandReplay[], rules: Rules): Finding[] {
  const out: Finding[] = [];
  for (const round of rounds) {
    for (const last of round.kans) {
      if (!last.rinshanWin) continue;
      // The daiminkan liable for this win: the kan itself, or under -chained the one its turn began with.
      let k: KanRecord | undefined = last.kind === 'daiminkan' ? last : undefined;
      const chained = last.kind !== 'daiminkan' ? turnDaiminkan(round.kans, last) : undefined;
      if (chained && rules.daiminkanPao === 'discarder-pays-chained') k = chained;
      if (!k) continue;
      const win = round.wins.find((w) => w.tsumo && w.seat === k.seat && w.rinshan);
      if (!win) continue;
      const payers = [0, 1, 2, 3].filter((s) => s !== win.seat && win.scoreDeltas[s] < 0);
      const discarderAlone = payers.length === 1 && payers[0] === k.from;
      // A tsumo paid as any other is paid by every other player: two or three of them.
      const liable = rules.daiminkanPao !== 'none';
      const ok = liable ? discarderAlone : payers.length >= 2;
      if (ok) continue;
      const paid = payers.length === 0 ? 'nobody pays' : discarderAlone ? `only seat ${k.from}, the discarder of the kan's tile, pays` : `seats ${payers.join(', ')} pay`;
      const rule = liable ? `seat ${k.from} alone should pay (daiminkanPao ${rules.daiminkanPao})` : 'every other player should pay (daiminkanPao none)';
      out.push(
        finding(
          'daiminkan-pao-mismatch',
          { hand: win.hand, eventIndex: win.eventIndex, seat: win.seat },
          `seat ${win.seat}'s rinshan tsumo after a daiminkan of seat ${k.from}'s discard${k === last ? '' : ` and a ${last.kind} in the same turn`}: ${paid}, but ${rule}`,
          { daiminkanPao: rules.daiminkanPao, discarder: k.from, payers },
        ),
      );
    }
  }
  return out;
}
