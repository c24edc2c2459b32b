/**
 * Chankan (docs/kan-rules.md §5): every ron on a kakan, kokushi robbing an ankan where the rule allows it,
 * and chankans that cannot be.
 */
import { isKokushiTenpai, toCounts, HandError } from '../hand/index.js';
import { furitenReason } from './furiten.js';
import { YAKU, YAKUMAN, yakuTerm } from '../events/index.js';
import type { HandReplay, WinRecord } from '../replay/index.js';
import type { Rules } from '../rules/index.js';
import { kindOf, kindToString } from '../tiles/index.js';
import { finding, type Finding } from './findings.js';

const KOKUSHI_YAKUMAN: readonly number[] = [YAKUMAN.kokushi, YAKUMAN.kokushi13];

/** Yaku a win on a robbed kan cannot have: it is a ron on a tile no wall gave. */
const IMPOSSIBLE_YAKU: ReadonlySet<number> = new Set([YAKU.menzenTsumo, YAKU.rinshanKaihou, YAKU.haitei, YAKU.houtei]);

export function checkChankan(rounds: readonly HandReplay[], rules: Rules): Finding[] {
  const out: Finding[] = [];
  for (const round of rounds) {
    for (const w of round.wins) {
      if (!w.chankan && !w.chankanOnAnkan) continue;
      const at = { hand: w.hand, eventIndex: w.eventIndex, seat: w.seat };
      const tile = kindToString(kindOf(w.winningTile));
      if (w.chankanOnAnkan) {
        const kokushi = w.yakuman.some((y) => KOKUSHI_YAKUMAN.includes(y)) || isKokushiHand(w);
        if (!rules.kokushiAnkanChankan || !kokushi) {
          const why = !kokushi ? 'only thirteen orphans may rob an ankan' : 'kokushiAnkanChankan is false: no one may rob an ankan';
          out.push(finding('chankan-ankan-illegal', at, `seat ${w.seat} robs seat ${w.from}'s ankan of ${tile}: ${why}`, { tile, kokushi, kokushiAnkanChankan: rules.kokushiAnkanChankan }));
          continue;
        }
        out.push(
          finding('chankan-win', { ...at, rule: 'kokushiAnkanChankan' }, `seat ${w.seat} robs seat ${w.from}'s ankan of ${tile} with thirteen orphans`, {
            tile,
            kan: 'ankan',
          }),
        );
      } else {
        out.push(finding('chankan-win', at, `seat ${w.seat} robs seat ${w.from}'s kakan of ${tile}`, { tile, kan: 'kakan' }));
      }
      const reasons = impossibility(w);
      // A fifth kan ends the hand at its declaration under fifthKan aborts: nothing is left to rob.
      if (robsFifthKan(round, w) && rules.fifthKan === 'aborts' && rules.suukaikan !== 'none') {
        reasons.push('the robbed kan is the hand\'s fifth, which ends the hand at once (fifthKan aborts)');
      }
      if (reasons.length > 0) {
        out.push(finding('chankan-impossible', at, `this chankan cannot be: ${reasons.join('; ')}`, { tile, reasons }));
      }
    }
  }
  return out;
}

/** The win robs a kan declared after four completed ones: a fifth kan. */
function robsFifthKan(round: HandReplay, w: WinRecord): boolean {
  const i = round.kans.findLastIndex((k) => k.robbed && k.eventIndex < w.eventIndex);
  return i >= 0 && round.kans.slice(0, i).filter((k) => !k.robbed).length >= 4;
}

function isKokushiHand(w: WinRecord): boolean {
  try {
    return w.melds.length === 0 && isKokushiTenpai(toCounts(w.concealed.map(kindOf)));
  } catch (err) {
    if (err instanceof HandError) return false;
    throw err;
  }
}

/** Why a chankan win is impossible, if it is. */
export function impossibility(w: WinRecord): string[] {
  const reasons: string[] = [];
  for (const y of w.yaku) if (IMPOSSIBLE_YAKU.has(y.id) && y.han > 0) reasons.push(`it is scored with ${yakuTerm(y.id)}`);
  if (w.tsumo) reasons.push('it is a tsumo');
  const robbed = kindOf(w.winningTile);
  if (w.concealed.some((t) => kindOf(t) === robbed)) reasons.push(`the winner holds a copy of the robbed ${kindToString(robbed)}`);
  const furiten = furitenReason(w);
  if (furiten) reasons.push(furiten);
  return reasons;
}
