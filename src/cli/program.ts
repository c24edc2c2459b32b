import { Command, CommanderError } from 'commander';
import { CliError } from './common.js';
import { registerRulesCommand } from './rules.js';
import { registerKanCheckCommand } from './kan-check.js';
import { registerWaitsCommand } from './waits.js';
import { registerEventsCommand } from './events.js';
import { registerExportCommand } from './export.js';
import { registerInfoCommand } from './info.js';
import { registerFetchCommand } from './fetch.js';
import { registerReplayCommand } from './replay.js';
import { registerVerifyCommand } from './verify.js';
import { registerAuditCommand } from './audit.js';
import { registerStatsCommand } from './stats.js';
import { registerQueryCommand } from './query.js';
import { registerReportCommand } from './report.js';
import { registerMergeCommand } from './merge.js';

/** Builds the `kanshi` program; each command lives in its own file and registers itself here. */
export function buildProgram(): Command {
  const program = new Command();
  program
    .name('kanshi')
    .description('Replay and audit Tenhou mahjong logs, with every kan at the centre.')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  // Each command file exports one register function; keep this list in the order of `kanshi --help`.
  registerInfoCommand(program);
  registerEventsCommand(program);
  registerExportCommand(program);
  registerReplayCommand(program);
  registerVerifyCommand(program);
  registerFetchCommand(program);
  registerAuditCommand(program);
  registerMergeCommand(program);
  registerStatsCommand(program);
  registerQueryCommand(program);
  registerReportCommand(program);
  registerRulesCommand(program);
  registerWaitsCommand(program);
  registerKanCheckCommand(program);
  return program;
}

/** Runs the CLI and returns the exit status (0 ok, 1 findings or failed files, 2 usage or fatal error). */
export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit through here with code 0
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof CliError) {
      process.stderr.write(`kanshi: ${err.message}\n`);
      return err.exitCode;
    }
    process.stderr.write(`kanshi: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    return 2;
  }
}
