import { Option, type Command } from 'commander';
import cliProgress from 'cli-progress';
import { summaryLines } from '../audit/index.js';
import { countInputs, defaultWorkers, runBatch } from '../batch/index.js';
import { matchingProfile, rulesKey } from '../rules/index.js';
import { openStore } from '../store/index.js';
import { CliError, out, parseIntOption } from './common.js';
import { addRuleOptions, rulesFromOptions } from './rule-options.js';

export const DEFAULT_DB = 'kanshi.sqlite';

interface AuditOptions {
  db: string;
  workers?: number;
  json?: boolean;
  failOn?: 'error' | 'warning';
  force?: boolean;
  progress: boolean;
  [knob: string]: unknown;
}

export function registerAuditCommand(program: Command): void {
  const command = program
    .command('audit')
    .description('replay logs under a rule profile, flag every kan irregularity, and write everything into SQLite')
    .argument('<path...>', 'log files or folders (read recursively)')
    .option('--db <file>', 'SQLite database to write (created if missing)', DEFAULT_DB)
    .option('--workers <n>', `worker threads (default: all cores, ${defaultWorkers()} here; 0 = this thread only)`, parseIntOption('--workers', 0, 256))
    .option('--json', 'print the summary as one JSON object on stdout')
    .addOption(new Option('--fail-on <severity>', 'exit 1 if any finding is at least this severe').choices(['error', 'warning']))
    .option('--force', 'audit every file again, even those whose audit under these rules the database holds')
    .option('--no-progress', 'no progress bar (it is shown only on a terminal anyway)');
  addRuleOptions(command);
  command.addHelpText(
    'after',
    `
Each game is replayed with the wall rebuilt from its seed and checked: riichi kans (riichiKan, okuriKan),
four-kan aborts and a fifth kan (suukaikan, fifthKan), chankan wins and impossible chankans
(kokushiAnkanChankan), kans after the last live tile, a daiminkan on the last discard, a kan right after
chi or pon, missing replacement draws, kandora reveal timing, wall mismatches, and files that cannot be
read. Games, players, rounds, kans, reveals, wins, aborts and findings go into the database; auditing the
same file again under the same rules changes nothing, and audits under other rules are kept apart.
Files whose audit under the same rules the database holds are passed over (--force audits them again),
so an interrupted audit (Ctrl-C, or killed), which leaves a database that opens, is completed by
running it again, and a growing folder is audited only for its new files.

Exit status: 0; 1 when a path does not exist, or with --fail-on when a finding is that severe;
2 on bad options; 130 when interrupted.

Examples:
  kanshi audit logs
  kanshi audit ~/tenhou/2023 --db phoenix.sqlite --profile pro-strict --json
  kanshi audit logs --riichi-kan strict --fail-on error
  kanshi stats --db phoenix.sqlite`,
  );
  command.action(async (paths: string[], opts: AuditOptions) => {
    const rules = rulesFromOptions(opts);
    // A profile names the rules only when they are exactly its own (no knob flag changed them).
    const profile = matchingProfile(rules) ?? null;
    let store;
    try {
      store = openStore(opts.db);
    } catch (err) {
      throw new CliError(`cannot open the database ${opts.db}: ${(err as Error).message}`);
    }
    let failedPaths = 0;
    const controller = new AbortController();
    let interrupts = 0;
    const onSigint = () => {
      interrupts++;
      if (interrupts > 1) process.exit(130);
      process.stderr.write('\nkanshi: stopping after the files in progress (Ctrl-C again to quit at once)\n');
      controller.abort();
    };
    process.on('SIGINT', onSigint);
    const showBar = opts.progress && process.stderr.isTTY === true;
    let bar: cliProgress.SingleBar | null = null;
    const started = Date.now();
    try {
      if (showBar) {
        const total = await countInputs(paths);
        bar = new cliProgress.SingleBar(
          { format: 'auditing [{bar}] {value}/{total} files  {rate} games/s  eta {eta_formatted}', stream: process.stderr, hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, 0, { rate: '0' });
      }
      const result = await runBatch({
        paths,
        rules,
        profile,
        workers: opts.workers,
        signal: controller.signal,
        resumeFrom: opts.force ? null : opts.db,
        rulesKey: rulesKey(rules),
        write: (rows) => store.writePrepared(rows),
        onMissing: (path, reason) => {
          failedPaths++;
          bar?.stop();
          process.stderr.write(`kanshi: ${path}: ${reason}\n`);
        },
        onProgress: (done) => bar?.update(done, { rate: (done / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(0) }),
      });
      bar?.stop();
      const summary = result.summary;
      summary.failedFiles += failedPaths;
      const seconds = (Date.now() - started) / 1000;
      if (opts.json) {
        const peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
        out(JSON.stringify({ ...summary, skipped: result.skipped, profile, rules, db: opts.db, seconds: Number(seconds.toFixed(3)), peakRssMB, interrupted: result.interrupted }));
      } else {
        const head =
          `audited under ${profile ? `profile ${profile}` : 'custom rules'} into ${opts.db} in ${seconds.toFixed(1)} s` +
          (result.skipped ? `; ${result.skipped} files passed over, audited already (--force audits them again)` : '') +
          (result.interrupted ? ' (interrupted: run again to complete)' : '');
        process.stderr.write(head + '\n');
        for (const line of summaryLines(summary)) out(line);
      }
      if (result.interrupted) process.exitCode = 130;
      else if (result.missing > 0) process.exitCode = 1;
      else if (opts.failOn === 'error' && summary.severities.error > 0) process.exitCode = 1;
      else if (opts.failOn === 'warning' && summary.severities.error + summary.severities.warning > 0) process.exitCode = 1;
    } finally {
      bar?.stop();
      process.off('SIGINT', onSigint);
      store.close();
    }
  });
}
