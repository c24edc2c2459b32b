import type { Command } from 'commander';
import { emptyWalkReport, noLogsMessage, walkInputs } from '../batch/index.js';
import { readLogFile } from '../ingest/index.js';
import type { RuleSets } from '../audit/index.js';
import { replayGame, type ReplayResult } from '../replay/index.js';
import { addLimitOptions, fileFailure, out, platformOption, readOptionsFrom } from './common.js';
import { addRuleOptions, ruleSetsFromOptions } from './rule-options.js';

export interface VerifyLine {
  file: string;
  seeded: boolean;
  /** Why no wall could be rebuilt, when not seeded. */
  seedNote?: string;
  wallChecked: number;
  wallMismatches: number;
  timingMismatches: number;
  /** Rounds of a log that does not time its kandora (tenhou.net/6 JSON) showing another number of them than the timing reveals. */
  kandoraCountMismatches: number;
  inconsistencies: number;
  /** The first few problems, for a person to look at. */
  details?: string[];
}

export function verifyLine(file: string, r: ReplayResult): VerifyLine {
  const details = [
    ...r.wallMismatches.map((m) => `round ${m.round + 1} event ${m.eventIndex}: wall ${m.kind}: ${m.message}`),
    ...r.timingMismatches.map((m) => `round ${m.round + 1} event ${m.kanEventIndex}: seat ${m.seat} ${m.kind} kandora logged ${m.logged}, rule ${m.rule}`),
    ...r.kandoraCountMismatches.map((m) => `round ${m.round + 1} event ${m.eventIndex}: the log shows ${m.logged} kandora, the rule reveals ${m.rule}`),
    ...r.inconsistencies.map((x) => `round ${x.round + 1} event ${x.eventIndex}: ${x.kind}: ${x.message}`),
  ];
  return {
    file,
    seeded: r.seeded,
    ...(r.seedNote ? { seedNote: r.seedNote } : {}),
    wallChecked: r.wallChecked,
    wallMismatches: r.wallMismatches.length,
    timingMismatches: r.timingMismatches.length,
    kandoraCountMismatches: r.kandoraCountMismatches.length,
    inconsistencies: r.inconsistencies.length,
    ...(details.length ? { details: details.slice(0, 20) } : {}),
  };
}

export function registerVerifyCommand(program: Command): void {
  const command = program
    .command('verify')
    .description('replay logs and check every tile against the wall rebuilt from the seed, and every kandora reveal against the rule')
    .argument('<path...>', 'log files or folders (read recursively)')
    .option(
      '--json',
      'one JSON object per game: file, seeded, wallChecked, wallMismatches, timingMismatches, kandoraCountMismatches, inconsistencies (or file, error)',
    )
    .addOption(platformOption());
  addRuleOptions(command);
  addLimitOptions(command);
  command.addHelpText(
    'after',
    `
Exit status: 0 when every game verifies; 1 when any game has a wall mismatch, a timing mismatch (or, for
tenhou.net/6 JSON, which does not time its kandora, another number of kandora than the rule reveals), an
inconsistency, or cannot be read (one line naming the file and where in it, and the others go on; a log
over a limit of size, tags or events, nesting or rounds names the flag that raises it), and when a path
holds no log file. Games without a usable seed are replayed with the wall checks skipped ("seeded":
false, with the reason).

Examples:
  kanshi verify logs
  kanshi verify --json --kandora-timing immediate ../shared/corpus/logs | grep -v '"timingMismatches":0'`,
  );
  command.action(async (paths: string[], opts: Record<string, unknown>) => {
    const ruleSets = ruleSetsFromOptions(opts);
    const read = readOptionsFrom(opts);
    let bad = 0;
    let games = 0;
    const totals = { wallChecked: 0, wallMismatches: 0, timingMismatches: 0, kandoraCountMismatches: 0, inconsistencies: 0, unseeded: 0, failed: 0 };
    const walk = emptyWalkReport();
    for await (const item of walkInputs(paths, walk)) {
      if (item.kind === 'missing') {
        bad++;
        totals.failed++;
        if (opts.json) out(JSON.stringify({ file: item.path, error: item.reason }));
        else process.stderr.write(`${item.path}: ${item.reason}\n`);
        continue;
      }
      let line: VerifyLine;
      try {
        const game = readLogFile(item.path, read);
        line = verifyLine(item.path, replayGame(game, { kandoraTiming: ruleSets[game.platform].rules.kandoraTiming }));
      } catch (err) {
        bad++;
        totals.failed++;
        const error = fileFailure(err).message;
        if (opts.json) out(JSON.stringify({ file: item.path, error }));
        else process.stderr.write(`${item.path}: ${error}\n`);
        continue;
      }
      games++;
      totals.wallChecked += line.wallChecked;
      totals.wallMismatches += line.wallMismatches;
      totals.timingMismatches += line.timingMismatches;
      totals.kandoraCountMismatches += line.kandoraCountMismatches;
      totals.inconsistencies += line.inconsistencies;
      if (!line.seeded) totals.unseeded++;
      const problems = line.wallMismatches + line.timingMismatches + line.kandoraCountMismatches + line.inconsistencies;
      if (problems > 0) bad++;
      if (opts.json) out(JSON.stringify(line));
      else {
        const status = problems === 0 ? 'ok' : 'FAILED';
        const wall = line.seeded ? `${line.wallChecked} tiles checked, ${line.wallMismatches} wall mismatches` : `wall not checked (${line.seedNote})`;
        const counts = line.kandoraCountMismatches ? `, ${line.kandoraCountMismatches} kandora count mismatches` : '';
        out(`${status}  ${line.file}  ${wall}, ${line.timingMismatches} timing mismatches${counts}, ${line.inconsistencies} inconsistencies`);
        for (const d of line.details ?? []) out(`    ${d}`);
      }
    }
    if (!opts.json) {
      process.stderr.write(
        `${games} games: ${totals.wallChecked} tiles checked, ${totals.wallMismatches} wall mismatches, ${totals.timingMismatches} timing mismatches ` +
          `and ${totals.kandoraCountMismatches} kandora count mismatches (kandora timing ${timingName(ruleSets)}), ` +
          `${totals.inconsistencies} inconsistencies; ${totals.unseeded} without a usable seed; ${totals.failed} unreadable\n`,
      );
    }
    // Nothing verified is no success: say which paths held no log file.
    for (const path of walk.empty) process.stderr.write(`kanshi: ${noLogsMessage(path)}\n`);
    if (bad > 0 || walk.files === 0) process.exitCode = 1;
  });
}

/** The kandora timing applied: one, or each platform's. */
function timingName(sets: RuleSets): string {
  const t = sets.tenhou.rules.kandoraTiming;
  const m = sets.majsoul.rules.kandoraTiming;
  return t === m ? t : `${t}; Mahjong Soul logs ${m}`;
}
