import { Command, CommanderError, Option } from 'commander';
import { CliError, EXIT, say } from './common.js';
import { exitStatusText, helpWidth, PROGRAM_EXITS } from './help.js';
import { checkStandardOutput, expectedFault, OutputError, ReaderGone, reportOutputFailure } from './output.js';
type Register = (program: Command) => void;

/** A command as `kanshi --help` lists it, and the module that registers it whole (options, help, action). */
interface CommandEntry {
  readonly name: string;
  /** Its arguments as commander writes them in the list (`<path...>`). */
  readonly args: string;
  readonly description: string;
  /** Whether it takes options (`[options]` in the list). */
  readonly options: boolean;
  readonly load: () => Promise<Register>;
}

/**
 * Every command, in the order of `kanshi --help`. A command's module is imported only when the command
 * runs (or `kanshi help CMD` shows it, or completion lists every option): the modules and what they
 * import (the pipeline, SQLite, the worker pool) cost over a tenth of a second to load, which `kanshi
 * score` or `kanshi --version` should not pay for the other commands (docs/PERFORMANCE.md, "Start-up").
 * `kanshi --help` lists the commands from the names and descriptions here, which test/cli/lazy.test.ts
 * checks against the modules' own.
 */
const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'info',
    args: '<path...>',
    description: 'print one line per game: players, hands, kans by kind, chankan wins, four-kan aborts',
    options: true,
    load: async () => (await import('./info.js')).registerInfoCommand,
  },
  {
    name: 'events',
    args: '<log>',
    description: 'print the typed event stream of one log as NDJSON (one event per line)',
    options: true,
    load: async () => (await import('./events.js')).registerEventsCommand,
  },
  {
    name: 'export',
    args: '<path...>',
    description: "write logs in another format: mjlog XML, tenhou.net/6 JSON (what Tenhou's viewer opens) or mjai JSON lines",
    options: true,
    load: async () => (await import('./export.js')).registerExportCommand,
  },
  {
    name: 'replay',
    args: '<log>',
    description: 'replay one log and print a kan timeline per hand: replacement tiles, kandora moments logged vs rule, dora per win',
    options: true,
    load: async () => (await import('./replay.js')).registerReplayCommand,
  },
  {
    name: 'verify',
    args: '<path...>',
    description: 'replay logs and check every tile against the wall rebuilt from the seed, and every kandora reveal against the rule',
    options: true,
    load: async () => (await import('./verify.js')).registerVerifyCommand,
  },
  {
    name: 'infer',
    args: '<path...>',
    description:
      "say what rules the logs were played under: every win and drawn hand re-scored under every value of every scoring knob, every kan judged under every kan knob's values",
    options: true,
    load: async () => (await import('./infer.js')).registerInferCommand,
  },
  {
    name: 'fetch',
    args: '[log...]',
    description: 'download Tenhou logs into a folder, politely and resumably; only valid logs are saved',
    options: true,
    load: async () => (await import('./fetch.js')).registerFetchCommand,
  },
  {
    name: 'audit',
    args: '<path...>',
    description: 'replay logs under a rule profile, flag every kan irregularity, and write everything into SQLite',
    options: true,
    load: async () => (await import('./audit.js')).registerAuditCommand,
  },
  {
    name: 'merge',
    args: '<db...>',
    description: 'copy the games and audits of several kanshi databases (e.g. the shards of audit --shard K/N) into one',
    options: true,
    load: async () => (await import('./merge.js')).registerMergeCommand,
  },
  {
    name: 'stats',
    args: '',
    description: 'print the canned statistics of an audit database: kans per game, rinshan, riichi kans, chankan, four kans, kandora timing, scoring',
    options: true,
    load: async () => (await import('./stats.js')).registerStatsCommand,
  },
  {
    name: 'query',
    args: '<sql>',
    description: 'run one read-only SQL statement on the audit database and print its rows',
    options: true,
    load: async () => (await import('./query.js')).registerQueryCommand,
  },
  {
    name: 'report',
    args: '',
    description: 'write the audit database as one self-contained HTML page: findings with viewer links, plots, conformance knob by knob',
    options: true,
    load: async () => (await import('./report.js')).registerReportCommand,
  },
  {
    name: 'rules',
    args: '',
    description: 'list the rule knobs (kan, scoring, legality: values and meaning) and the rule profiles, marking which values real logs verify',
    options: true,
    load: async () => (await import('./rules.js')).registerRulesCommand,
  },
  {
    name: 'waits',
    args: '<hand>',
    description: 'print the waits of a concealed hand, with the readings of each winning hand',
    options: true,
    load: async () => (await import('./waits.js')).registerWaitsCommand,
  },
  {
    name: 'kan-check',
    args: '',
    description: 'judge an ankan by a riichi player: legal or not under riichiKan (docs/kan-rules.md §3), and why',
    options: true,
    load: async () => (await import('./kan-check.js')).registerKanCheckCommand,
  },
  {
    name: 'score',
    args: '<hand>',
    description: 'score one win: yaku, han, fu (with their breakdown), points, and what every seat pays',
    options: true,
    load: async () => (await import('./score.js')).registerScoreCommand,
  },
  {
    name: 'completion',
    args: '<shell>',
    description: 'print a shell completion script for the commands and their options',
    options: false,
    load: async () => (await import('./completion.js')).registerCompletionCommand,
  },
];

export const COMMAND_NAMES: readonly string[] = COMMANDS.map((c) => c.name);

/** Which commands a command line needs registered whole, and whether the others are listed by name. */
export interface ProgramPlan {
  /** The commands whose modules are imported and registered. */
  readonly load: readonly string[];
  /** Every command listed by name, description and arguments only (for the program's own help). */
  readonly listed: boolean;
}

/**
 * What a command line needs: its own command for `kanshi CMD …` and `kanshi help CMD` (commander then
 * parses, helps and fails exactly as with all of them: a command's options, help and errors are its
 * own); nothing for `kanshi --version` alone; the list alone for the program's help (`kanshi`, `kanshi
 * --help`, `kanshi help`) and for an unknown command (commander answers with the names: a suggestion);
 * every command whole for completion (which lists every option) and anything else.
 */
export function programPlan(args: readonly string[]): ProgramPlan {
  const [first, second] = args;
  const everything = { load: COMMAND_NAMES, listed: false };
  if (args.length === 1 && (first === '--version' || first === '-V')) return { load: [], listed: false };
  if (args.length === 0 || (args.length === 1 && (first === '--help' || first === '-h' || first === 'help'))) return { load: [], listed: true };
  if (first === 'completion') return everything;
  if (COMMAND_NAMES.includes(first)) return { load: [first], listed: false };
  if (first === 'help') return args.length === 2 && COMMAND_NAMES.includes(second) ? { load: [second], listed: false } : everything;
  if (!first.startsWith('-')) return { load: [], listed: true };
  return everything;
}

/** A command as the program's help lists it, without its module: never parsed (programPlan sees to it). */
function listCommand(program: Command, entry: CommandEntry): void {
  const command = program.command(entry.args ? `${entry.name} ${entry.args}` : entry.name).description(entry.description);
  // commander writes `[options]` after a command that has any; a hidden one stands for them.
  if (entry.options) command.addOption(new Option('--options-of-the-command').hideHelp());
}

/**
 * Builds the `kanshi` program: every command registered whole by its own file by default, or as `plan`
 * says (programPlan), in the order of `kanshi --help`.
 */
export async function buildProgram(plan: ProgramPlan = { load: COMMAND_NAMES, listed: false }): Promise<Command> {
  const program = new Command();
  program
    .name('kanshi')
    .description('Replay and audit Tenhou mahjong logs, with every kan at the centre.')
    .version('0.1.0')
    .configureOutput({
      // Commander's own messages (`error: missing required argument 'path'`) in kanshi's one style.
      outputError: (text, write) => write(text.replace(/^error: /, 'kanshi: ')),
      // Help in one width, the commands' own text included (src/cli/help.ts).
      getOutHelpWidth: () => helpWidth(process.stdout),
      getErrHelpWidth: () => helpWidth(process.stderr),
    })
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .addHelpText('after', (context) => `\n${exitStatusText(PROGRAM_EXITS, helpWidth(context.error ? process.stderr : process.stdout))}\n\nEach command's --help says what its statuses mean for it.`);
  const loaded = new Map<string, Register>();
  await Promise.all(
    COMMANDS.filter((c) => plan.load.includes(c.name)).map(async (c) => {
      loaded.set(c.name, await c.load());
    }),
  );
  for (const entry of COMMANDS) {
    const register = loaded.get(entry.name);
    if (register) register(program);
    else if (plan.listed) listCommand(program, entry);
  }
  return program;
}

/** Runs the CLI and returns the exit status (EXIT in common.ts: 0 ok, 1 failed, 2 usage, 3 audit --fail-on met, 130 interrupted). */
export async function runCli(argv: string[]): Promise<number> {
  const program = await buildProgram(programPlan(argv.slice(2)));
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
      say(`kanshi: ${err.message}`);
      return err.exitCode;
    }
    // A fault of the machine, not of kanshi (a full disk, a read-only folder, a locked database): one line.
    const fault = expectedFault(err);
    if (fault !== null) {
      say(`kanshi: ${fault}`);
      return EXIT.failed;
    }
    // kanshi's own failure, not the command line's: the stack, for a bug report.
    say(`kanshi: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    return EXIT.failed;
  }
}
