/**
 * What a win can be before it is scored: a complete hand without a yaku under the rules is no win
 * (`win-without-yaku`); a yaku the log names in words its format does not define is counted but not
 * compared (`unknown-yaku`); the ura han of a riichi win whose log records no ura indicators are taken as
 * given (`ura-unrecorded`). A win whose tiles do not complete is the replay's inconsistency, not here.
 */
import type { ReplayResult } from '../replay/index.js';
import { tilesToString, tileToString } from '../tiles/index.js';
import { finding, type Finding } from './findings.js';

/** `redFives`: the game has red fives, written `0m` in the messages (docs/vocabulary.md). */
export function checkWins(replay: ReplayResult, redFives = false): Finding[] {
  const out: Finding[] = [];
  for (const hand of replay.hands) {
    for (const w of hand.wins) {
      const at = { hand: w.hand, eventIndex: w.eventIndex, seat: w.seat };
      for (const y of w.yaku) {
        if (y.id >= 0) continue;
        const name = y.name ?? '?';
        out.push(finding('unknown-yaku', at, `the log names a yaku "${name}" (${y.han} han) that its format does not define: its han are counted, the yaku not compared`, { name, han: y.han }));
      }
      if (w.score?.failure === 'no-yaku') {
        const tile = tileToString(w.winningTile, redFives);
        const hand = tilesToString(w.concealed, redFives);
        const logged = w.yakuman.length > 0 ? w.yakuman.map(String) : w.yaku.filter((y) => y.han > 0).map((y) => (y.id >= 0 ? String(y.id) : (y.name ?? '?')));
        out.push(
          finding('win-without-yaku', at, `seat ${w.seat} wins on ${tile} holding ${hand}${w.melds.length > 0 ? ` and ${w.melds.length} melds` : ''}, a hand with no yaku under the rules: it is no win`, {
            tile,
            hand,
            melds: w.melds.length,
            loggedYaku: logged,
          }),
        );
      }
      if (w.uraAssumed !== undefined) {
        out.push(finding('ura-unrecorded', at, `seat ${w.seat}'s riichi win: the log records no ura indicators; the ${w.uraAssumed} han it pays above what the tiles show are taken as ura dora, unchecked`, { uraHan: w.uraAssumed }));
      }
    }
  }
  return out;
}
