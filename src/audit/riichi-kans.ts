/**
 * Kans by a player in riichi, judged under `riichiKan` and `okuriKan` (docs/kan-rules.md §3).
 */
import { HandError, judgeRiichiAnkan } from '../hand/index.js';
import type { HandReplay, KanRecord, ReplayResult } from '../replay/index.js';
import type { Rules } from '../rules/index.js';
import { kindOf, kindToString } from '../tiles/index.js';
import { finding, type Finding } from './findings.js';
import type { RiichiKanVerdict } from './types.js';

export function judgeRiichiKan(kan: KanRecord, earlierAnkans: KanRecord[], rules: Rules, players: 3 | 4): RiichiKanVerdict {
  const base = { hand: kan.hand, eventIndex: kan.eventIndex, waitsBefore: null, waitsAfter: null };
  if (rules.riichiKan === 'none') {
    return { ...base, legal: false, reason: 'riichi-kan-none', explanation: 'riichiKan is none: no kan at all after riichi' };
  }
  if (kan.kind !== 'ankan') {
    return { ...base, legal: false, reason: 'not-an-ankan', explanation: `a ${kan.kind} after riichi: only an ankan is allowed` };
  }
  if (kan.drawnTile === null || kan.concealedBeforeDraw === null) {
    return { ...base, legal: false, reason: 'no-draw', explanation: 'an ankan after riichi without a tile drawn this turn' };
  }
  try {
    const v = judgeRiichiAnkan({
      concealed: kan.concealedBeforeDraw.map(kindOf),
      draw: kindOf(kan.drawnTile),
      kan: kindOf(kan.tile),
      rule: rules.riichiKan,
      okuriKan: rules.okuriKan,
      ankans: earlierAnkans.map((k) => kindOf(k.tile)),
      threePlayer: players === 3,
    });
    return {
      ...base,
      legal: v.legal,
      reason: v.reason,
      explanation: v.explanation,
      waitsBefore: v.waitsBefore.map(kindToString),
      waitsAfter: v.waitsAfter ? v.waitsAfter.map(kindToString) : null,
    };
  } catch (err) {
    if (!(err instanceof HandError)) throw err;
    return { ...base, legal: null, reason: 'not-judged', explanation: `the hand cannot be judged: ${err.message}` };
  }
}

export function checkRiichiKans(replay: ReplayResult, rules: Rules): { verdicts: RiichiKanVerdict[]; findings: Finding[] } {
  const verdicts: RiichiKanVerdict[] = [];
  const findings: Finding[] = [];
  for (const round of replay.hands) {
    for (const kan of round.kans) {
      if (!kan.inRiichi) continue;
      const earlier = round.kans.filter((k) => k.seat === kan.seat && k.kind === 'ankan' && k.eventIndex < kan.eventIndex);
      const v = judgeRiichiKan(kan, earlier, rules, replay.playerCount);
      verdicts.push(v);
      if (v.legal === false) {
        const revealed = revealedBy(round, kan.seat);
        const chombo = revealed
          ? `; the hand was revealed (${revealed === 'win' ? `seat ${kan.seat} won` : 'shown tenpai at the exhaustive draw'}): chombo`
          : '; the hand was never revealed: no chombo';
        findings.push(
          finding('riichi-kan-illegal', { hand: kan.hand, eventIndex: kan.eventIndex, seat: kan.seat }, `seat ${kan.seat}'s ${kan.kind} of ${kindToString(kindOf(kan.tile))} after riichi: ${v.explanation}${chombo}`, {
            revealed,
            kan: kan.kind,
            tile: kindToString(kindOf(kan.tile)),
            reason: v.reason,
            riichiKan: rules.riichiKan,
            okuriKan: rules.okuriKan,
            waitsBefore: v.waitsBefore,
            waitsAfter: v.waitsAfter,
          }),
        );
      }
    }
  }
  return { verdicts, findings };
}

/**
 * Whether the hand of a player who made an illegal riichi kan was revealed, which makes it chombo (Kan
 * wiki: an illegal kan after riichi is chombo only once the hand is revealed): its win, or its tenpai
 * hand shown at an exhaustive draw. Null: never revealed.
 */
function revealedBy(round: HandReplay, seat: number): 'win' | 'tenpai' | null {
  if (round.wins.some((w) => w.seat === seat)) return 'win';
  return round.ending.tenpaiShown.includes(seat) ? 'tenpai' : null;
}
