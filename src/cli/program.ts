import { Command, CommanderError } from 'commander';
import { CliError, EXIT, EXIT_STATUS_HELP } from './common.js';
import { checkStandardOutput, expectedFault, OutputError, ReaderGone, reportOutputFailure } from './output.js';
/**
 * Every command, in the order of `kanshi --help`, with the module that registers it (its options, help and
 * action). A module is imported only when its command may run or be listed: a command's code and what it
 * reads (the pipeline, SQLite, the worker pool) cost about a tenth of a second to load, which `kanshi
 * score` or `kanshi --version` should not pay for the other commands (docs/PERFORMANCE.md, "Start-up").
 */
const COMMANDS: readonly (readonly [name: string, load: () => Promise<(program: Command) => void>])[] = [
  ['info', async () => (await import('./info.js')).registerInfoCommand],
  ['events', async () => (await import('./events.js')).registerEventsCommand],
  ['export', async () => (await import('./export.js')).registerExportCommand],
  ['replay', async () => (await import('./replay.js')).registerReplayCommand],
  ['verify', async () => (await import('./verify.js')).registerVerifyCommand],
  ['infer', async () => (await import('./infer.js')).registerInferCommand],
  ['fetch', async () => (await import('./fetch.js')).registerFetchCommand],
  ['audit', async () => (await import('./audit.js')).registerAuditCommand],
  ['merge', async () => (await import('./merge.js')).registerMergeCommand],
  ['stats', async () => (await import('./stats.js')).registerStatsCommand],
  ['query', async () => (await import('./query.js')).registerQueryCommand],
  ['report', async () => (await import('./report.js')).registerReportCommand],
  ['rules', async () => (await import('./rules.js')).registerRulesCommand],
  ['waits', async () => (await import('./waits.js')).registerWaitsCommand],
  ['kan-check', async () => (await import('./kan-check.js')).registerKanCheckCommand],
  ['score', async () => (await import('./score.js')).registerScoreCommand],
  ['completion', async () => (await import('./completion.js')).registerCompletionCommand],
];

/**
 * The commands a command line needs registered: only its own for `kanshi CMD …` and `kanshi help CMD`
 * (commander then parses, helps and fails exactly as with all of them: a command's options, help and
 * errors are its own); none for `kanshi --version` alone; every one for anything else (`kanshi --help`,
 * an unknown command, which commander answers with the list or a suggestion; `kanshi completion`, which
 * is found as any command and then asks for the rest).
 */
export function commandsFor(args: readonly string[]): readonly string[] {
  const names = COMMANDS.map(([name]) => name);
  const [first, second] = args;
  if (args.length === 1 && (first === '--version' || first === '-V')) return [];
  if (first === 'completion') return names;
  if (first !== undefined && names.includes(first)) return [first];
  if (first === 'help' && args.length === 2 && names.includes(second)) return [second];
  return names;
}

/**
 * Builds the `kanshi` program with the commands `names` (all of them by default), each registered by its
 * own file, in the order of `kanshi --help`.
 */
export async function buildProgram(names: readonly string[] = COMMANDS.map(([name]) => name)): Promise<Command> {
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
  const registers = await Promise.all(COMMANDS.filter(([name]) => names.includes(name)).map(([, load]) => load()));
  for (const register of registers) register(program);
  return program;
}

/** Runs the CLI and returns the exit status (EXIT in common.ts: 0 ok, 1 failed, 2 usage, 3 audit --fail-on met, 130 interrupted). */
export async function runCli(argv: string[]): Promise<number> {
  const program = await buildProgram(commandsFor(argv.slice(2)));
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
