import { mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import { Option, type Command } from 'commander';
import { emptyWalkReport, noLogsMessage, walkInputs } from '../batch/index.js';
import { plural, type Platform } from '../events/index.js';
import { systemErrorText } from '../ingest/index.js';
import { toMjai } from '../export/index.js';
import { writeFileAtomically } from '../fetch/index.js';
import { KANDORA_TIMINGS, type KandoraTiming } from '../rules/index.js';
import { addLimitOptions, CliError, EXIT, onFileOrFail, out, platformOption, readGameOrFail, readOptionsFrom } from './common.js';
import { addLogSourceOptions, LOG_SOURCE_HELP, resolveLogInputs, type LogSourceOptions } from './log-inputs.js';

interface ExportOptions extends LogSourceOptions {
  format: 'mjai';
  out?: string;
  kandoraTiming?: KandoraTiming;
  platform?: Platform;
  [option: string]: unknown;
}

/** `game.mjlog` → `game.mjai.jsonl` (the log's endings and gzip's dropped). */
export function exportName(file: string): string {
  const name = basename(file)
    .replace(/\.gz$/i, '')
    .replace(/\.(mjlog|xml|json|jsonl|ndjson)$/i, '')
    .replace(/\.mjai$/i, '');
  return `${name}.mjai.jsonl`;
}

export function registerExportCommand(program: Command): void {
  const command = program
    .command('export')
    .description('write logs in another format: mjai JSON lines (the events mjai-reviewer and Mortal read)')
    .argument('<path...>', 'log files (mjlog XML, tenhou.net/6 JSON, mjai) or folders, read recursively, or Tenhou log ids and viewer URLs (read from --fetch-dir)')
    .addOption(new Option('--format <format>', 'the format to write').choices(['mjai']).makeOptionMandatory())
    .option('--out <dir>', 'write one NAME.mjai.jsonl per input into this folder (made if missing); without it, one file goes to stdout')
    .addOption(
      new Option('--kandora-timing <timing>', 'place every kandora where this timing reveals it, instead of where the log has it').choices(
        KANDORA_TIMINGS,
      ),
    )
    .addOption(platformOption());
  addLogSourceOptions(command);
  addLimitOptions(command)
    .addHelpText(
      'after',
      `
Kandora are written as "dora" events at the moment of their reveal: where the log has them (mjlog DORA,
mjai dora). tenhou.net/6 JSON does not say when its kandora were turned over: they are placed where the
replay under --kandora-timing (default tenhou) reveals them. docs/formats.md (mjai) lists what is written.

A file that cannot be read is reported on stderr (one line naming where in the file and what was
expected; a log over a limit names the flag that raises it) and the others go on; the exit status is 1
if any failed or a path holds no log file.

${LOG_SOURCE_HELP}

Examples:
  kanshi export --format mjai 2020052221gm-00a9-0000-6f0524c7.mjlog > game.mjai.jsonl
  kanshi export --format mjai logs --out mjai --kandora-timing after-discard`,
    )
    .action(async (args: string[], opts: ExportOptions) => {
      const how = opts.kandoraTiming ? { kandoraTiming: opts.kandoraTiming } : {};
      const read = readOptionsFrom(opts);
      const { paths, unresolved } = await resolveLogInputs(args, opts);
      if (opts.out === undefined) {
        if (unresolved.length > 0) throw new CliError(`${unresolved[0].input}: ${unresolved[0].reason}`, EXIT.failed);
        const files: string[] = [];
        for await (const item of walkInputs(paths)) {
          if (item.kind === 'missing') throw new CliError(`${item.path}: ${item.reason}`, EXIT.failed);
          files.push(item.path);
          if (files.length > 1) throw new CliError('several logs to export: give --out DIR to write one file each');
        }
        if (files.length === 0) throw new CliError(noLogsMessage(paths.join(', ')), EXIT.failed);
        const game = readGameOrFail(files[0], read);
        const lines = onFileOrFail(files[0], () => toMjai(game, how));
        process.stdout.write(lines.join('\n') + '\n');
        return;
      }
      try {
        mkdirSync(opts.out, { recursive: true });
      } catch (err) {
        throw new CliError(`--out ${opts.out}: cannot create the folder: ${systemErrorText(err)}`);
      }
      let failed = 0;
      for (const u of unresolved) {
        failed++;
        process.stderr.write(`kanshi: ${u.input}: ${u.reason}\n`);
      }
      const written = new Map<string, string>();
      const walk = emptyWalkReport();
      for await (const item of walkInputs(paths, walk)) {
        if (item.kind === 'missing') {
          failed++;
          process.stderr.write(`kanshi: ${item.path}: ${item.reason}\n`);
          continue;
        }
        const name = exportName(item.path);
        const earlier = written.get(name);
        if (earlier !== undefined) {
          failed++;
          process.stderr.write(`kanshi: ${item.path}: not written: ${name} already holds ${earlier}\n`);
          continue;
        }
        let lines: string[];
        try {
          const game = readGameOrFail(item.path, read);
          lines = onFileOrFail(item.path, () => toMjai(game, how));
        } catch (err) {
          if (!(err instanceof CliError)) throw err;
          failed++;
          process.stderr.write(`kanshi: ${err.message}\n`);
          continue;
        }
        const path = await writeFileAtomically(opts.out, name, Buffer.from(lines.join('\n') + '\n'));
        written.set(name, item.path);
        out(`${item.path} → ${path} (${plural(lines.length, 'event')})`);
      }
      // Nothing written is no success: say which paths held no log file.
      for (const path of walk.empty) process.stderr.write(`kanshi: ${noLogsMessage(path)}\n`);
      if (failed > 0 || walk.files === 0) process.exitCode = 1;
    });
}
