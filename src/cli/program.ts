import { Command, CommanderError } from 'commander';
import { CliError, EXIT, EXIT_STATUS_HELP } from './common.js';
import { checkStandardOutput, expectedFault, OutputError, ReaderGone, reportOutputFailure } from './output.js';
import { registerRulesCommand } from './rules.js';
import { registerKanCheckCommand } from './kan-check.js';
import { registerScoreCommand } from './score.js';
import { registerWaitsCommand } from './waits.js';
import { registerEventsCommand } from './events.js';
import { registerExportCommand } from './export.js';
import { registerInfoCommand } from './info.js';
import { registerFetchCommand } from './fetch.js';
import { registerReplayCommand } from './replay.js';
import { registerVerifyCommand } from './verify.js';
import { registerInferCommand } from './infer.js';
import { registerAuditCommand } from './audit.js';
import { registerStatsCommand } from './stats.js';
import { registerQueryCommand } from './query.js';
import { registerReportCommand } from './report.js';
import { registerMergeCommand } from './merge.js';
import { registerCompletionCommand } from './completion.js';

/** Builds the `kanshi` program; each command lives in its own file and registers itself here. */
export function buildProgram(): Command {
  const program = new Command();
  program
    .name('kanshi')
    .description('Replay and audit Tenhou mahjong logs, with every kan at the centre.')
    .version('0.1.0')
    // Commander's own messages (`error: missing required argument 'path'`) in kanshi's one style.
    .configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, 'kanshi: ')) })
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .addHelpText('after', `\n${EXIT_STATUS_HELP}`);
  // Each command file exports one register function; keep this list in the order of `kanshi --help`.
  registerInfoCommand(program);
  registerEventsCommand(program);
  registerExportCommand(program);
  registerReplayCommand(program);
  registerVerifyCommand(program);
  registerInferCommand(program);
  registerFetchCommand(program);
  registerAuditCommand(program);
  registerMergeCommand(program);
  registerStatsCommand(program);
  registerQueryCommand(program);
  registerReportCommand(program);
  registerRulesCommand(program);
  registerWaitsCommand(program);
  registerKanCheckCommand(program);
  registerScoreCommand(program);
  registerCompletionCommand(program);
  return program;
}

/** Runs the CLI and returns the exit status (EXIT in common.ts: 0 ok, 1 failed, 2 usage, 3 audit --fail-on met, 130 interrupted). */
export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    // What went to stdout without `out` (commander's help, a command's own writes) is checked too.
    checkStandardOutput();
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof OutputError) {
      reportOutputFailure(err);
      return EXIT.failed;
    }
    // `kanshi … | head`: the reader has what it wanted.
    if (err instanceof ReaderGone) return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
    if (err instanceof CommanderError) {
      // help and version exit through here with code 0
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof CliError) {
      process.stderr.write(`kanshi: ${err.message}\n`);
      return err.exitCode;
    }
    // A fault of the machine, not of kanshi (a full disk, a read-only folder, a locked database): one line.
    const fault = expectedFault(err);
    if (fault !== null) {
      process.stderr.write(`kanshi: ${fault}\n`);
      return EXIT.failed;
    }
    // kanshi's own failure, not the command line's: the stack, for a bug report.
    process.stderr.write(`kanshi: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    return EXIT.failed;
  }
}
