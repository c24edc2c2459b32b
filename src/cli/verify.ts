import type { Command } from 'commander';
import { emptyWalkReport, noLogsMessage, notReadMessages } from '../batch/index.js';
import { replayGame, type ReplayResult } from '../replay/index.js';
import type { RuleSet } from '../rules/index.js';
import { addLimitOptions, EXIT, fileFailure, out, platformOption, readOptionsFrom, say, outJson } from './common.js';
import { readInputs } from './read-inputs.js';
import { addRuleOptions } from './rule-options.js';
import { logRuleSetFromOptions } from './rule-sets.js';
import { addLogSourceOptions, LOG_SOURCE_HELP, resolveLogInputs, type LogSourceOptions } from './log-inputs.js';
import { plural } from './format.js';
import { withSignalStop } from './signals.js';
import { addCommandHelp, signalExits, USAGE_EXIT } from './help.js';

export interface VerifyLine {
  file: string;
  logId: string | null;
  seeded: boolean;
  /** Why no wall could be rebuilt, when not seeded. */
  seedNote?: string;
  /** Tiles compared with the rebuilt wall. */
  checkedTileCount: number;
  wallMismatchCount: number;
  timingMismatchCount: number;
  /** Hands of a log that does not time its kandora (tenhou.net/6 JSON) showing another number of them than the timing reveals. */
  kandoraCountMismatchCount: number;
  inconsistencyCount: number;
  /** Wins re-scored under the rule set (every win of the log). */
  scoredWinCount: number;
  /** Components of wins and drawn hands whose score, as the log states it, differs from the one re-scored. */
  scoreMismatchCount: number;
  /** Wins on a complete hand with no yaku under the rules (a hand that does not complete is an inconsistency). */
  winWithoutYakuCount: number;
  /** Every problem, one line each, for a person to look at (the text output shows the first DETAILS_SHOWN). */
  details?: string[];
}

/** How many problems of a game the text output lists before saying how many more there are. */
export const DETAILS_SHOWN = 20;

export function verifyLine(file: string, logId: string | null, r: ReplayResult): VerifyLine {
  const details = [
    ...r.wallMismatches.map((m) => `hand ${m.hand} event ${m.eventIndex}: wall ${m.kind}: ${m.message}`),
    ...r.timingMismatches.map((m) => `hand ${m.hand} event ${m.kanEventIndex}: seat ${m.seat} ${m.kind} kandora logged ${m.logged}, rule ${m.rule}`),
    ...r.kandoraCountMismatches.map((m) => `hand ${m.hand} event ${m.eventIndex}: the log shows ${m.logged} kandora, the rule reveals ${m.rule}`),
    ...r.inconsistencies.map((x) => `hand ${x.hand} event ${x.eventIndex}: ${x.kind}: ${x.message}`),
    ...r.scoreMismatches.map((m) => `hand ${m.hand} event ${m.eventIndex}: score ${m.component}: ${m.message}`),
  ];
  let winWithoutYakuCount = 0;
  for (const h of r.hands) {
    for (const w of h.wins) {
      if (w.score?.failure !== 'no-yaku') continue;
      winWithoutYakuCount++;
      details.push(`hand ${w.hand} event ${w.eventIndex}: seat ${w.seat} wins on a hand with no yaku under the rules`);
    }
  }
  return {
    file,
    logId,
    seeded: r.seeded,
    ...(r.seedNote ? { seedNote: r.seedNote } : {}),
    checkedTileCount: r.checkedTileCount,
    wallMismatchCount: r.wallMismatches.length,
    timingMismatchCount: r.timingMismatches.length,
    kandoraCountMismatchCount: r.kandoraCountMismatches.length,
    inconsistencyCount: r.inconsistencies.length,
    scoredWinCount: r.scoredWinCount,
    scoreMismatchCount: r.scoreMismatches.length,
    winWithoutYakuCount,
    ...(details.length ? { details } : {}),
  };
}

export function registerVerifyCommand(program: Command): void {
  const command = program
    .command('verify')
    .description('replay logs and check every tile against the wall rebuilt from the seed, and every kandora reveal against the rule')
    .argument('<path...>', 'log files or folders (read recursively), Tenhou log ids and viewer URLs (read from --fetch-dir), or - for one log on standard input')
    .option(
      '--json',
      'one JSON object per game: file, logId, seeded, checkedTileCount, wallMismatchCount, timingMismatchCount, kandoraCountMismatchCount, inconsistencyCount, scoredWinCount, scoreMismatchCount, winWithoutYakuCount, details (every problem, one line each; or file, error)',
    )
    .addOption(platformOption());
  addRuleOptions(command);
  addLogSourceOptions(command);
  addLimitOptions(command);
  addCommandHelp(command, {
    text: `
A game fails when it has a wall mismatch, a timing mismatch (or, for tenhou.net/6 JSON, which does not
time its kandora, another number of kandora than the rule reveals), an inconsistency (a win on tiles
that make no winning hand among them), a score the log states that differs from the win or drawn hand
re-scored under the rule set (docs/scoring.md), or a win with no yaku under the rules. A file that
cannot be read gives one line naming the file and where in it, and the others go on; a log over a limit
of size, tags or events, nesting or rounds names the flag that raises it. Games without a usable seed
are replayed with the wall checks skipped ("seeded": false, with the reason). -, /dev/stdin and
/dev/fd/N are read as streams; a named pipe, socket or device named otherwise is refused.

${LOG_SOURCE_HELP}`,
    exit: [
      [EXIT.ok, 'every game verifies'],
      [EXIT.failed, 'a game fails, a log cannot be read, a path holds no log file, a log id is not in --fetch-dir or not downloaded, or stdout cannot be written (a full disk: one line says so)'],
      USAGE_EXIT,
      ...signalExits('the games verified so far are printed, with the totals'),
    ],
    examples: `
  kanshi verify logs
  kanshi verify --json --kandora-timing immediate logs | grep -v '"timingMismatchCount":0'`,
  });
  command.action(async (args: string[], opts: LogSourceOptions) => {
    const ruleSet = logRuleSetFromOptions(opts);
    const read = readOptionsFrom(opts);
    let bad = 0;
    let games = 0;
    const totals = { wallChecked: 0, wallMismatches: 0, timingMismatches: 0, kandoraCountMismatches: 0, inconsistencies: 0, scoredWins: 0, scoreMismatches: 0, unseeded: 0, failed: 0 };
    const failedInput = (file: string, error: string) => {
      bad++;
      totals.failed++;
      if (opts.json) outJson({ file, error });
      else say(`kanshi: ${file}: ${error}`);
    };
    const { paths, unresolved } = await resolveLogInputs(args, opts);
    for (const u of unresolved) failedInput(u.input, u.reason);
    const walk = emptyWalkReport();
    // Ctrl-C or SIGTERM: the game in progress is finished and printed, with the totals so far (130, 143).
    await withSignalStop('the game in progress', async (stop) => {
      for await (const { path, game, error } of readInputs(paths, walk, read, stop)) {
        if (!game) {
          failedInput(path, error);
          continue;
        }
        let line: VerifyLine;
        try {
          line = verifyLine(path, game.logId, replayGame(game, ruleSet));
        } catch (err) {
          failedInput(path, fileFailure(err).message);
          continue;
        }
        games++;
        totals.wallChecked += line.checkedTileCount;
        totals.wallMismatches += line.wallMismatchCount;
        totals.timingMismatches += line.timingMismatchCount;
        totals.kandoraCountMismatches += line.kandoraCountMismatchCount;
        totals.inconsistencies += line.inconsistencyCount;
        totals.scoredWins += line.scoredWinCount;
        totals.scoreMismatches += line.scoreMismatchCount;
        if (!line.seeded) totals.unseeded++;
        const problems = line.wallMismatchCount + line.timingMismatchCount + line.kandoraCountMismatchCount + line.inconsistencyCount + line.scoreMismatchCount + line.winWithoutYakuCount;
        if (problems > 0) bad++;
        if (opts.json) outJson(line);
        else {
          const status = problems === 0 ? 'ok' : 'FAILED';
          const wall = line.seeded ? `${plural(line.checkedTileCount, 'tile')} checked, ${mismatches(line.wallMismatchCount, 'wall')}` : `wall not checked (${line.seedNote})`;
          const counts = line.kandoraCountMismatchCount ? `, ${mismatches(line.kandoraCountMismatchCount, 'kandora count')}` : '';
          const score = `${plural(line.scoredWinCount, 'win')} re-scored, ${mismatches(line.scoreMismatchCount, 'score')}${line.winWithoutYakuCount ? `, ${plural(line.winWithoutYakuCount, 'win')} without a yaku` : ''}`;
          out(`${status}  ${line.file}  ${wall}, ${mismatches(line.timingMismatchCount, 'timing')}${counts}, ${inconsistencies(line.inconsistencyCount)}, ${score}`);
          const details = line.details ?? [];
          for (const d of details.slice(0, DETAILS_SHOWN)) out(`    ${d}`);
          if (details.length > DETAILS_SHOWN) out(`    … and ${plural(details.length - DETAILS_SHOWN, 'more problem')} (--json lists them all)`);
        }
      }
      if (!opts.json) {
        say(
          `${plural(games, 'game')}: ${plural(totals.wallChecked, 'tile')} checked, ${mismatches(totals.wallMismatches, 'wall')}, ${mismatches(totals.timingMismatches, 'timing')} ` +
            `and ${mismatches(totals.kandoraCountMismatches, 'kandora count')} (kandora timing ${timingName(ruleSet)}), ` +
            `${inconsistencies(totals.inconsistencies)}; ${plural(totals.scoredWins, 'win')} re-scored, ${mismatches(totals.scoreMismatches, 'score')}; ` +
            `${totals.unseeded} without a usable seed; ${totals.failed} unreadable`,
        );
      }
      // Nothing verified is no success: say which paths held no log file.
      for (const path of walk.empty) say(`kanshi: ${noLogsMessage(path)}`);
      // Links to folders and links that lead nowhere inside a folder are passed over: say so.
      for (const line of notReadMessages(walk)) say(`kanshi: ${line}`);
      if (bad > 0 || walk.files === 0) process.exitCode = 1;
    }, () => `${plural(games, 'game')} verified`);
  });
}

/** `1 wall mismatch`, `3 timing mismatches`. */
function mismatches(n: number, what: string): string {
  return plural(n, `${what} mismatch`, `${what} mismatches`);
}

function inconsistencies(n: number): string {
  return plural(n, 'inconsistency', 'inconsistencies');
}

/** The kandora timing applied: one, or each platform's. */
function timingName(set: RuleSet): string {
  const t = (set.byPlatform?.tenhou ?? set.rules).kandoraTiming;
  const m = (set.byPlatform?.majsoul ?? set.rules).kandoraTiming;
  return t === m ? t : `${t}; Mahjong Soul logs ${m}`;
}
