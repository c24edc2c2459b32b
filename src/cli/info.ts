import type { Command } from 'commander';
import { emptyWalkReport, noLogsMessage, walkInputs } from '../batch/index.js';
import type { GameLog, Platform, SourceFormat } from '../events/index.js';
import { readLogFile, summarizeGame } from '../ingest/index.js';
import { addLimitOptions, fileFailure, out, platformOption, readOptionsFrom } from './common.js';

export interface InfoLine {
  file: string;
  logId: string | null;
  format: SourceFormat;
  /** Where the game was played, as the log says (or --platform). */
  platform: Platform;
  gzip: boolean;
  players: number;
  names: string[];
  rule: string;
  rounds: number;
  kans: { ankan: number; daiminkan: number; kakan: number };
  riichiAnkans: number;
  chankanWins: number;
  rinshanWins: number;
  kan4Aborts: number;
  seeded: boolean;
}

export function infoLine(file: string, game: GameLog): InfoLine {
  const s = summarizeGame(game);
  return {
    file,
    logId: game.logId,
    format: game.format,
    platform: game.platform,
    gzip: game.gzip,
    players: game.rule.players,
    names: game.players.map((p) => p.name),
    rule: game.rule.label,
    rounds: s.rounds,
    kans: s.kans,
    riichiAnkans: s.riichiAnkans,
    chankanWins: s.chankanWins,
    rinshanWins: s.rinshanWins,
    kan4Aborts: s.kan4Aborts,
    seeded: game.seed !== null,
  };
}

function textLine(l: InfoLine): string {
  const kans = `kans ${l.kans.ankan + l.kans.daiminkan + l.kans.kakan} (ankan ${l.kans.ankan}, daiminkan ${l.kans.daiminkan}, kakan ${l.kans.kakan})`;
  return [
    l.file,
    `${l.players}p ${l.rule || '?'} (${l.platform})`,
    `${l.rounds} rounds`,
    kans,
    `riichi ankans ${l.riichiAnkans}`,
    `rinshan wins ${l.rinshanWins}`,
    `chankan wins ${l.chankanWins}`,
    `four-kan aborts ${l.kan4Aborts}`,
  ].join('  ');
}

export function registerInfoCommand(program: Command): void {
  const command = program
    .command('info')
    .description('print one line per game: players, rounds, kans by kind, chankan wins, four-kan aborts')
    .argument('<path...>', 'log files (.mjlog, .xml, .json, gzip or not) or folders, read recursively')
    .option('--json', 'print one JSON object per line (file, platform, players, rounds, kans, chankanWins, kan4Aborts, …)')
    .addOption(platformOption());
  addLimitOptions(command)
    .addHelpText(
      'after',
      `
A file that cannot be read prints {"file", "error"} (or "file: error" on stderr), the error naming where
in the file (byte, line, tag or JSON path) and what was expected, and the others go on; the exit status
is 1 if any file failed or a path holds no log file. A log over a limit (size, tags or events, nesting, rounds) is refused with the
flag that raises it.

Examples:
  kanshi info logs
  kanshi info --json 2020052221gm-00a9-0000-6f0524c7.mjlog`,
    )
    .action(async (paths: string[], opts: { json?: boolean; platform?: Platform }) => {
      const read = readOptionsFrom(opts);
      let failed = 0;
      const walk = emptyWalkReport();
      for await (const item of walkInputs(paths, walk)) {
        if (item.kind === 'missing') {
          failed++;
          report(opts.json, item.path, item.reason);
          continue;
        }
        let line: InfoLine;
        try {
          line = infoLine(item.path, readLogFile(item.path, read));
        } catch (err) {
          failed++;
          report(opts.json, item.path, fileFailure(err).message);
          continue;
        }
        out(opts.json ? JSON.stringify(line) : textLine(line));
      }
      // Nothing read is no success: say which paths held no log file.
      for (const path of walk.empty) process.stderr.write(`kanshi: ${noLogsMessage(path)}\n`);
      if (failed > 0 || walk.files === 0) process.exitCode = 1;
    });
}

function report(json: boolean | undefined, file: string, error: string): void {
  if (json) out(JSON.stringify({ file, error }));
  else process.stderr.write(`${file}: ${error}\n`);
}
