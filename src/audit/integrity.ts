/**
 * What the replay found wrong with the log itself: wall mismatches, kandora reveals at another moment
 * (or, where the log does not time them, in another number) than the rule says, and inconsistencies.
 */
import { REVEAL_MOMENT_WORDS, type ReplayResult } from '../replay/index.js';
import { finding, type Finding } from './findings.js';


export function checkIntegrity(replay: ReplayResult): Finding[] {
  const out: Finding[] = [];
  for (const m of replay.timingMismatches) {
    out.push(
      finding(
        'kandora-timing-mismatch',
        { hand: m.hand, eventIndex: m.kanEventIndex, seat: m.seat },
        `seat ${m.seat}'s ${m.kind}: the log reveals its kandora ${REVEAL_MOMENT_WORDS[m.logged]}, the ${replay.effectiveKandoraTiming} timing ${REVEAL_MOMENT_WORDS[m.rule]}`,
        { kan: m.kind, logged: m.logged, rule: m.rule, kandoraTiming: replay.effectiveKandoraTiming },
      ),
    );
  }
  for (const m of replay.kandoraCountMismatches) {
    out.push(
      finding(
        'kandora-count-mismatch',
        { hand: m.hand, eventIndex: m.eventIndex },
        `the log shows ${m.logged} kandora indicator${m.logged === 1 ? '' : 's'}; under the ${replay.effectiveKandoraTiming} timing the kans of the hand reveal ${m.rule}`,
        { logged: m.logged, rule: m.rule, kandoraTiming: replay.effectiveKandoraTiming },
      ),
    );
  }
  for (const m of replay.wallMismatches) {
    out.push(finding('wall-mismatch', { hand: m.hand, eventIndex: m.eventIndex }, m.message, { what: m.kind, wallIndex: m.wallIndex, expected: m.expected, logged: m.logged }));
  }
  for (const x of replay.inconsistencies) {
    out.push(finding('replay-inconsistency', { hand: x.hand, eventIndex: x.eventIndex, ...(x.seat !== undefined ? { seat: x.seat } : {}) }, x.message, { what: x.kind }));
  }
  return out;
}
