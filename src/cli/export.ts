import { basename, join } from 'node:path';
import { Option, type Command } from 'commander';
import { emptyWalkReport, noLogsMessage, notReadMessages, walkInputs } from '../batch/index.js';
import { readInputs } from './read-inputs.js';
import { plural, type GameLog, type Platform, type SourceFormat } from '../events/index.js';
import { writeFileAtomic } from '../files/index.js';
import { FORMAT_NAMES, FORMATS, formatNamed, type LogFormat } from '../formats/index.js';
import { systemErrorText } from '../ingest/index.js';
import { placeKandora, replayGame } from '../replay/index.js';
import { DEFAULT_PROFILE, KANDORA_TIMINGS, ruleSet, type KandoraTiming } from '../rules/index.js';
import { addLimitOptions, CliError, EXIT, onFileOrFail, out, platformOption, readGameOrFail, readOptionsFrom, say } from './common.js';
import { withSignalStop } from './signals.js';
import { addCommandHelp, signalExits, USAGE_EXIT } from './help.js';
import { makeFolder, writeErrorText, writeOut } from './output.js';
import { addLogSourceOptions, LOG_SOURCE_HELP, resolveLogInputs, type LogSourceOptions } from './log-inputs.js';

interface ExportOptions extends LogSourceOptions {
  format: SourceFormat;
  out?: string;
  kandoraTiming?: KandoraTiming;
  platform?: Platform;
  [option: string]: unknown;
}

/** `game.mjlog` → `game.mjai.jsonl`, `game.json`, `game.mjlog` (the log's endings and gzip's dropped, the format's put on). */
export function exportName(file: string, format: LogFormat = formatNamed('mjai')): string {
  const name = basename(file)
    .replace(/\.gz$/i, '')
    .replace(/\.(mjlog|xml|json|jsonl|ndjson)$/i, '')
    .replace(/\.mjai$/i, '');
  return `${name}${format.extension}`;
}

/** Formats that time every kandora: a log that does not (tenhou.net/6) has them placed first. */
const TIMES_KANDORA: ReadonlySet<SourceFormat> = new Set(['mjlog', 'mjai']);

/**
 * The game in the format: its kandora placed where `timing` reveals them (every hand's, when a timing was
 * asked for; else the hands the log does not time, under the default profile's), for a format that times them.
 */
export function exportText(game: GameLog, format: LogFormat, timing: KandoraTiming | undefined): string {
  const untimed = game.hands.some((r) => r.events[0]?.type === 'roundStart' && r.events[0].untimedKandora !== undefined);
  if (!TIMES_KANDORA.has(format.name) || (timing === undefined && !untimed)) return format.write(game);
  // A timing asked for wins over what the game declares (a chip game's immediate); without one, the game's own.
  const rules = ruleSet({ profile: DEFAULT_PROFILE, overrides: timing ? { kandoraTiming: timing } : {} });
  return format.write(placeKandora(game, replayGame(game, rules), { all: timing !== undefined }));
}

/** The help's list of what each format cannot hold. */
function cannotHoldHelp(): string {
  return FORMATS.map((f) => `  ${f.name} (${f.title}) cannot hold:\n${f.cannotHold.map((c) => `    - ${c}`).join('\n')}`).join('\n');
}

export function registerExportCommand(program: Command): void {
  const command = program
    .command('export')
    .description('write logs in another format: mjlog XML, tenhou.net/6 JSON (what Tenhou\'s viewer opens) or mjai JSON lines')
    .argument('<path...>', 'log files (mjlog XML, tenhou.net/6 JSON, mjai) or folders, read recursively, or Tenhou log ids and viewer URLs (read from --fetch-dir)')
    .addOption(new Option('--format <format>', 'the format to write: mjlog, tenhou6 or mjai').choices(FORMAT_NAMES).makeOptionMandatory())
    .option('-o, --out <dir>', 'write one file per input into this folder (made if missing), named NAME.mjlog, NAME.json or NAME.mjai.jsonl; without it, one file goes to stdout')
    .addOption(
      new Option('--kandora-timing <timing>', 'mjlog and mjai: place every kandora where this timing reveals it, instead of where the log has it').choices(
        KANDORA_TIMINGS,
      ),
    )
    .addOption(platformOption());
  addLogSourceOptions(command);
  addCommandHelp(addLimitOptions(command), {
    text: `
Kandora are written at the moment of their reveal (mjlog DORA, mjai dora): where the log has them.
tenhou.net/6 JSON does not say when its kandora were turned over: for mjlog and mjai they are placed where
the replay under --kandora-timing (default tenhou) reveals them. An mjlog keeps the log's seed, so kanshi
verify checks the exported file's walls again. docs/formats.md lists what each format holds.

${cannotHoldHelp()}

A file that cannot be read is reported on stderr (one line naming where in the file and what was
expected; a log over a limit names the flag that raises it) and the others go on. Each file is written
whole or not at all (a temporary file renamed into place; a link is followed to the file it leads to).

${LOG_SOURCE_HELP}`,
    exit: [
      [EXIT.ok, 'every log was written'],
      [
        EXIT.failed,
        'a log could not be read, or a path holds no log file; or a file could not be written (a full or read-only folder, or stdout on a full disk): the export stops there, with one line naming it',
      ],
      USAGE_EXIT,
      ...signalExits('the files written so far are kept'),
    ],
    examples: `
  kanshi export --format mjai 2020052221gm-00a9-0000-6f0524c7.mjlog > game.mjai.jsonl
  kanshi export --format tenhou6 majsoul.mjai.jsonl > game.json    # open it in Tenhou's viewer
  kanshi export --format mjlog logs --out mjlog --kandora-timing after-discard`,
  })
    .action(async (args: string[], opts: ExportOptions) => {
      const format = formatNamed(opts.format);
      const write = (game: GameLog) => exportText(game, format, opts.kandoraTiming);
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
        const game = await readGameOrFail(files[0], read);
        writeOut(onFileOrFail(files[0], () => write(game)));
        return;
      }
      const outDir = opts.out;
      try {
        makeFolder(outDir);
      } catch (err) {
        // The machine's refusal (read-only, no permission, no space), not a wrong command line: status 1.
        throw new CliError(`--out ${opts.out}: cannot create the folder: ${systemErrorText(err)}`, EXIT.failed);
      }
      let failed = 0;
      for (const u of unresolved) {
        failed++;
        say(`kanshi: ${u.input}: ${u.reason}`);
      }
      const written = new Map<string, string>();
      const walk = emptyWalkReport();
      // Ctrl-C or SIGTERM: the file in progress is written whole (or not at all: it is renamed into place), the rest not started (130, 143).
      await withSignalStop('the file in progress', async (stop) => {
        for await (const { path: input, game, error } of readInputs(paths, walk, read, stop)) {
          const name = exportName(input, format);
          const earlier = written.get(name);
          let refused = !game ? `${input}: ${error}` : earlier !== undefined ? `${input}: not written: ${name} already holds ${earlier}` : null;
          let text = '';
          if (game && refused === null) {
            try {
              text = onFileOrFail(input, () => write(game));
            } catch (err) {
              if (!(err instanceof CliError)) throw err;
              refused = err.message;
            }
          }
          if (!game || refused !== null) {
            failed++;
            say(`kanshi: ${refused}`);
            continue;
          }
          const hands = game.hands.length;
          const path = join(outDir, name);
          try {
            await writeFileAtomic(path, text);
          } catch (err) {
            // A full or read-only folder refuses the next file as well: stop here, with what was written kept.
            throw new CliError(`cannot write ${join(outDir, name)}: ${writeErrorText(err)} (${plural(written.size, 'file')} written before it)`, EXIT.failed);
          }
          written.set(name, input);
          out(`${input} → ${path} (${plural(hands, 'hand')})`);
        }
        // Nothing written is no success: say which paths held no log file.
        for (const path of walk.empty) say(`kanshi: ${noLogsMessage(path)}`);
        // Links to folders and links that lead nowhere inside a folder are passed over: say so.
        for (const line of notReadMessages(walk)) say(`kanshi: ${line}`);
        if (failed > 0 || walk.files === 0) process.exitCode = 1;
      }, () => `${plural(written.size, 'file')} written`);
    });
}
