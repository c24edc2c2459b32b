/**
 * Four kans and a fifth (docs/kan-rules.md §4): the abort `suukaikan` expects against what the log did,
 * read from what the replay says followed each kan. A robbed kakan completes no set, so the four kans of
 * suukaikan are completed ones; a fifth kan is a fifth declared, robbed or not.
 */
import { plural } from '../events/index.js';
import type { KanRecord, HandReplay } from '../replay/index.js';
import type { Rules } from '../rules/index.js';
import { finding, type Finding, type FindingDetails } from './findings.js';

export function checkFourKans(rounds: readonly HandReplay[], rules: Rules): Finding[] {
  const findings: Finding[] = [];
  for (const round of rounds) findings.push(...checkSuukaikan(round, rules), ...checkFifthKan(round, rules));
  return findings;
}

/** "no kan was made", "only 1 kan was made", "only 3 kans were made". */
function kanCountWords(n: number): string {
  if (n === 0) return 'no kan was made';
  return `only ${plural(n, 'kan')} ${n === 1 ? 'was' : 'were'} made`;
}

function isSuukaikanAbort(round: HandReplay): boolean {
  return round.ending.kind === 'ryuukyoku' && round.ending.reason === 'suukaikan';
}

function checkSuukaikan(round: HandReplay, rules: Rules): Finding[] {
  const kans = round.kans.filter((k) => !k.robbed);
  const aborted = isSuukaikanAbort(round);
  const fourth = kans[3];
  // A hand that ends right at a fifth kan is the fifth-kan check's to judge.
  if (aborted && kans[4]?.afterDeclaration === 'ended') return [];
  const players = new Set(kans.slice(0, 4).map((k) => k.seat)).size;
  if (!fourth || players < 2 || rules.suukaikan === 'none') {
    if (!aborted) return [];
    const why =
      rules.suukaikan === 'none'
        ? 'the rule (suukaikan none) has no four-kan abort'
        : kans.length < 4
          ? kanCountWords(kans.length)
          : "all four kans are one player's (they may go on for suukantsu)";
    return [
      finding('suukaikan-unexpected', { hand: round.hand, eventIndex: round.ending.eventIndex }, `a four-kan abort, but ${why}`, {
        kans: kans.length,
        suukaikan: rules.suukaikan,
      }),
    ];
  }
  const details: FindingDetails['suukaikan-abort'] = { kans: 4, players, fourthKan: fourth.kind };
  const at = { hand: round.hand, eventIndex: round.ending.eventIndex, seat: fourth.seat };
  if (rules.suukaikan === 'abort-on-declaration') return abortOnDeclaration(round, fourth, aborted, details);
  // The abort comes right after the fourth kan's replacement draw and the discard that follows, if it passes.
  if (aborted) {
    if (fourth.afterDiscard === 'ended') {
      return [finding('suukaikan-abort', at, "four kans by two or more players: the hand is aborted after the fourth kan's discard", details)];
    }
    const early = fourth.discardEventIndex === null;
    return [
      finding(
        'suukaikan-wrong-moment',
        at,
        early ? "a four-kan abort before the fourth kan's replacement draw and discard" : "a four-kan abort later than right after the fourth kan's discard",
        { ...details, discardEventIndex: fourth.discardEventIndex, abortEventIndex: round.ending.eventIndex },
      ),
    ];
  }
  // A rinshan win or a ron on that discard ends the hand first (three rons too: the sanchahou abort);
  // an excerpt may stop before it is decided.
  if (fourth.afterDiscard === 'ended' && round.ending.reason === 'sanchahou') return [];
  if (fourth.afterDiscard !== 'went-on' && fourth.afterDiscard !== 'ended') return [];
  return [missing(round, fourth, details)];
}

/**
 * suukaikan abort-on-declaration: the hand ends as soon as the fourth kan is declared (a kakan once nobody
 * robbed it), before any replacement draw.
 */
function abortOnDeclaration(round: HandReplay, fourth: KanRecord, aborted: boolean, details: FindingDetails['suukaikan-abort']): Finding[] {
  if (aborted && fourth.afterDeclaration === 'ended') {
    return [
      finding('suukaikan-abort', { hand: round.hand, eventIndex: round.ending.eventIndex, seat: fourth.seat }, 'four kans by two or more players: the hand is aborted at the fourth kan\'s declaration', details),
    ];
  }
  if (aborted) {
    return [
      finding(
        'suukaikan-wrong-moment',
        { hand: round.hand, eventIndex: round.ending.eventIndex, seat: fourth.seat },
        "a four-kan abort after the fourth kan's replacement draw, not at its declaration (suukaikan abort-on-declaration)",
        { ...details, discardEventIndex: fourth.discardEventIndex, abortEventIndex: round.ending.eventIndex },
      ),
    ];
  }
  // Only a kan the hand went on from (a replacement draw) shows the abort missing; an excerpt may stop first.
  if (fourth.afterDeclaration !== 'replacement' && fourth.afterDeclaration !== 'went-on') return [];
  return [
    finding(
      'suukaikan-missing',
      { hand: round.hand, eventIndex: fourth.eventIndex, seat: fourth.seat },
      "four kans by two or more players, but the hand went on after the fourth kan's declaration (suukaikan abort-on-declaration)",
      details,
    ),
  ];
}

function missing(round: HandReplay, fourth: KanRecord, details: FindingDetails['suukaikan-missing']): Finding {
  const how = fourth.afterDiscard === 'ended' ? `the hand ended with another drawn hand (${round.ending.reason})` : 'the hand went on';
  return finding(
    'suukaikan-missing',
    { hand: round.hand, eventIndex: fourth.discardEventIndex, seat: fourth.seat },
    `four kans by two or more players and the fourth kan's discard passed, but ${how}`,
    details,
  );
}

function checkFifthKan(round: HandReplay, rules: Rules): Finding[] {
  // The fifth kan is the one declared after four completed: robbed by chankan or not, it was declared,
  // which the rule forbids or which ends the hand at once (docs/kan-rules.md §4; the chankan check judges
  // the robbing then).
  let completed = 0;
  let fifth: KanRecord | undefined;
  for (const k of round.kans) {
    if (completed === 4) {
      fifth = k;
      break;
    }
    if (!k.robbed) completed++;
  }
  if (!fifth) return [];
  const where = { hand: round.hand, eventIndex: fifth.eventIndex, seat: fifth.seat };
  // Without the four-kan abort there is no fifth kan at all (docs/kan-rules.md §4).
  if (rules.fifthKan === 'forbidden' || rules.suukaikan === 'none') {
    const robbed = fifth.robbed ? ', robbed by chankan' : '';
    return [
      finding('fifth-kan', where, `a fifth kan (seat ${fifth.seat}'s ${fifth.kind}${robbed}): the rule forbids it`, {
        kan: fifth.kind,
        fifthKan: rules.fifthKan,
        suukaikan: rules.suukaikan,
        robbed: fifth.robbed,
      }),
    ];
  }
  if (fifth.robbed) return [];
  if (round.ending.kind === 'ryuukyoku' && fifth.afterDeclaration === 'ended') {
    return [finding('fifth-kan-abort', where, 'the hand ended at the fifth kan', { kan: fifth.kind })];
  }
  return [
    finding('fifth-kan', where, 'a fifth kan should end the hand at once (fifthKan aborts), but the hand went on', {
      kan: fifth.kind,
      fifthKan: rules.fifthKan,
      suukaikan: rules.suukaikan,
      robbed: false,
    }),
  ];
}
