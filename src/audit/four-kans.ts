/**
 * Four kans and a fifth (kan-rules.md §4): the abort `suukaikan` expects versus what the log did.
 * A robbed kakan is no kan.
 */
import type { KanRecord, ReplayResult, RoundReplay } from '../replay/index.js';
import type { Rules } from '../rules/index.js';
import { finding, type Finding } from './findings.js';

export function checkFourKans(replay: ReplayResult, rules: Rules): Finding[] {
  return replay.rounds.flatMap((round) => [...checkSuukaikan(round, rules), ...checkFifthKan(round, rules)]);
}

function checkSuukaikan(round: RoundReplay, rules: Rules): Finding[] {
  const kans = round.kans.filter((k) => !k.robbed);
  const aborted = round.ending.kind === 'ryuukyoku' && round.ending.reason === 'suukaikan';
  const at = (k: KanRecord | undefined, eventIndex: number | null = k?.eventIndex ?? null) => ({ round: round.index, eventIndex, ...(k ? { seat: k.seat } : {}) });
  const fourth = kans[3];
  const byTwoOrMore = fourth !== undefined && new Set(kans.slice(0, 4).map((k) => k.seat)).size >= 2;
  const expected = rules.suukaikan === 'abort' && byTwoOrMore;
  // A hand that ends right at a fifth kan is the fifth-kan check's to judge.
  const fifth = kans[4];
  if (aborted && fifth && fifth.replacement === null && (round.ending.eventIndex ?? 0) > fifth.eventIndex) return [];
  if (!expected) {
    if (!aborted) return [];
    const why =
      rules.suukaikan === 'none'
        ? 'the rule (suukaikan none) has no four-kan abort'
        : kans.length < 4
          ? `only ${kans.length} kans were made`
          : 'all four kans are one player\'s (they may go on for suukantsu)';
    return [finding('suukaikan-unexpected', at(undefined, round.ending.eventIndex), `a four-kan abort, but ${why}`, { kans: kans.length, suukaikan: rules.suukaikan })];
  }
  // The abort comes after the fourth kan's replacement draw and the discard that follows, if it passes.
  const discard = fourth.discardEventIndex;
  const ronned = discard !== null && round.wins.some((w) => !w.tsumo && w.from === fourth.seat && w.eventIndex === discard + 1);
  const details = { kans: 4, players: new Set(kans.slice(0, 4).map((k) => k.seat)).size, fourthKan: fourth.kind };
  if (aborted) {
    const end = round.ending.eventIndex!;
    // Only the riichi deposit of that discard may come between it and the abort.
    const rightAfter = discard !== null && end > discard && end - discard <= 2;
    if (rightAfter) return [finding('suukaikan-abort', at(fourth, end), "four kans by two or more players: the hand is aborted after the fourth kan's discard", details)];
    return [
      finding(
        'suukaikan-wrong-moment',
        at(fourth, end),
        discard === null || end < discard
          ? "a four-kan abort before the fourth kan's replacement draw and discard"
          : "a four-kan abort later than right after the fourth kan's discard",
        { ...details, discardEventIndex: discard, abortEventIndex: end },
      ),
    ];
  }
  // A rinshan win or a ron on that discard ends the hand first; an excerpt may stop before the discard.
  if (fourth.rinshanWin || ronned || discard === null) return [];
  // The log went on after the discard (anything but that discard's riichi deposit), or ended otherwise.
  const wentOn = round.ending.kind !== 'none' || round.eventCount - 1 > discard + 1;
  return wentOn ? missing(round, fourth, details) : [];
}

function missing(round: RoundReplay, fourth: KanRecord, details: Record<string, unknown>): Finding[] {
  return [
    finding(
      'suukaikan-missing',
      { round: round.index, eventIndex: fourth.discardEventIndex, seat: fourth.seat },
      "four kans by two or more players and the fourth kan's discard passed, but the hand went on",
      details,
    ),
  ];
}

function checkFifthKan(round: RoundReplay, rules: Rules): Finding[] {
  const fifth = round.kans.filter((k) => !k.robbed)[4];
  if (!fifth) return [];
  const where = { round: round.index, eventIndex: fifth.eventIndex, seat: fifth.seat };
  // Without the four-kan abort there is no fifth kan at all (kan-rules.md §4).
  if (rules.fifthKan === 'forbidden' || rules.suukaikan === 'none') {
    return [finding('fifth-kan', where, `a fifth kan (seat ${fifth.seat}'s ${fifth.kind}): the rule forbids it`, { kan: fifth.kind, fifthKan: rules.fifthKan, suukaikan: rules.suukaikan })];
  }
  const endedThere = round.ending.kind === 'ryuukyoku' && fifth.replacement === null && round.ending.eventIndex !== null && round.ending.eventIndex > fifth.eventIndex;
  if (endedThere) return [finding('fifth-kan-abort', where, 'the hand ended at the fifth kan', { kan: fifth.kind })];
  return [finding('fifth-kan', where, 'a fifth kan should end the hand at once (fifthKan aborts), but the hand went on', { kan: fifth.kind, fifthKan: rules.fifthKan })];
}
