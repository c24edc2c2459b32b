/**
 * What every kan did to the score, and the rest of it: each win and drawn hand the log states, against
 * the same one re-scored under the rule set by the replay (src/score). A difference is a `score-mismatch`
 * at the win (or the drawn hand), naming its component (yaku, han, fu, points, limit, payment) and the kan
 * behind it when a kan is. A rinshan tsumo's payments the daiminkanPao check already judges are not
 * reported twice.
 */
import type { ReplayResult } from '../replay/index.js';
import { finding, type Finding } from './findings.js';

export function checkScores(replay: ReplayResult, earlier: readonly Finding[]): Finding[] {
  const paoJudged = new Set<string>();
  for (const f of earlier) if (f.kind === 'daiminkan-pao-mismatch') paoJudged.add(`${f.hand}:${f.eventIndex}`);
  const out: Finding[] = [];
  for (const m of replay.scoreMismatches) {
    if (m.component === 'payment' && paoJudged.has(`${m.hand}:${m.eventIndex}`)) continue;
    out.push(
      finding('score-mismatch', { hand: m.hand, eventIndex: m.eventIndex, ...(m.seat !== undefined ? { seat: m.seat } : {}) }, m.message, {
        component: m.component,
        logged: m.logged,
        computed: m.computed,
        ...(m.yakuId !== undefined ? { yakuId: m.yakuId } : {}),
        ...(m.kans && m.kans.length > 0 ? { kans: m.kans.map((k) => ({ eventIndex: k.eventIndex, kind: k.kind })) } : {}),
      }),
    );
  }
  return out;
}
