import type { Command } from 'commander';
import { emptyWalkReport, noLogsMessage, notReadMessages } from '../batch/index.js';
import { plural, type GameLog, type Platform, type SourceFormat } from '../events/index.js';
import { replayGame, summarizeReplay } from '../replay/index.js';
import { defaultRules } from '../rules/index.js';
import { addLimitOptions, EXIT, fileFailure, out, platformOption, readOptionsFrom, say, outJson } from './common.js';
import { withSignalStop } from './signals.js';
import { addCommandHelp, signalExits, USAGE_EXIT } from './help.js';
import { readInputs } from './read-inputs.js';
import { addLogSourceOptions, LOG_SOURCE_HELP, resolveLogInputs, type LogSourceOptions } from './log-inputs.js';
import { someOf } from './format.js';

export interface InfoLine {
  file: string;
  logId: string | null;
  format: SourceFormat;
  /** Where the game was played, as the log says (or --platform). */
  platform: Platform;
  gzip: boolean;
  playerCount: number;
  players: GameLog['players'];
  rule: GameLog['rule'];
  /**
   * Where the rule's red fives come from: `rule`, what the log's rule says; `tiles`, the tiles the log
   * deals, for a log whose rule does not say (a Tenhou lobby's tenhou.net/6 JSON, mjai without aka_flag).
   */
  redFivesFrom: 'rule' | 'tiles';
  handCount: number;
  /** Kans declared, by kind (robbed ones included, and counted apart in robbedKanCount). */
  kanCounts: { ankan: number; daiminkan: number; kakan: number };
  robbedKanCount: number;
  riichiKanCount: number;
  chankanWinCount: number;
  rinshanWinCount: number;
  suukaikanAbortCount: number;
  seeded: boolean;
}

/** The counts come from the game's replay; no knob changes them, so the default rules serve. */
export function infoLine(file: string, game: GameLog): InfoLine {
  const s = summarizeReplay(replayGame(game, defaultRules()));
  return {
    file,
    logId: game.logId,
    format: game.format,
    platform: game.platform,
    gzip: game.gzip,
    playerCount: game.rule.playerCount,
    players: game.players,
    rule: game.rule,
    redFivesFrom: game.rule.redFivesFrom ?? 'rule',
    handCount: s.handCount,
    kanCounts: s.kanCounts,
    robbedKanCount: s.robbedKanCount,
    riichiKanCount: s.riichiKanCount,
    chankanWinCount: s.chankanWinCount,
    rinshanWinCount: s.rinshanWinCount,
    suukaikanAbortCount: s.suukaikanAbortCount,
    seeded: game.seed !== null,
  };
}

function textLine(l: InfoLine): string {
  const c = l.kanCounts;
  const robbed = l.robbedKanCount ? `, ${l.robbedKanCount} robbed` : '';
  const kans = `kans ${c.ankan + c.daiminkan + c.kakan} (ankan ${c.ankan}, daiminkan ${c.daiminkan}, kakan ${c.kakan}${robbed})`;
  return [
    l.file,
    `${l.playerCount}p ${l.rule.label || '?'} (${l.platform})`,
    plural(l.handCount, 'hand'),
    kans,
    `riichi kans ${l.riichiKanCount}`,
    `rinshan wins ${l.rinshanWinCount}`,
    `chankan wins ${l.chankanWinCount}`,
    `four-kan aborts ${l.suukaikanAbortCount}`,
    ...(l.redFivesFrom === 'tiles' ? [`red fives taken from the tiles (${redSuitNames(l.rule)}): the log's rule does not say`] : []),
    ...(l.rule.lobbyRule ? [lobbyText(l.rule.lobbyRule)] : []),
  ].join('  ');
}

/** What a lobby's own rule says, as far as kanshi reads it. */
function lobbyText(lobby: NonNullable<GameLog['rule']['lobbyRule']>): string {
  const read = `lobby rule: kiriage mangan ${lobby.kiriageMangan ? 'yes' : 'no'}`;
  return lobby.notApplied.length > 0 ? `${read}; lobby rule not applied: ${someOf(lobby.notApplied, 4, '--json lists them')}` : read;
}

/** The suits with a red five, as `0m 0p 0s`, or `none`. */
function redSuitNames(rule: GameLog['rule']): string {
  const suits = rule.redFives ? rule.redFiveSuits : 0;
  const names = ['0m', '0p', '0s'].filter((_, i) => suits & (1 << i));
  return names.length ? names.join(' ') : 'none';
}

export function registerInfoCommand(program: Command): void {
  const command = program
    .command('info')
    .description('print one line per game: players, hands, kans by kind, chankan wins, four-kan aborts')
    .argument('<path...>', 'log files (.mjlog, .xml, .json, gzip or not) or folders, read recursively, Tenhou log ids and viewer URLs (read from --fetch-dir), or - for one log on standard input')
    .option('--json', 'print one JSON object per line (file, logId, platform, playerCount, players, rule, redFivesFrom, handCount, kanCounts, robbedKanCount, …; docs/vocabulary.md)')
    .addOption(platformOption());
  addLogSourceOptions(command);
  addCommandHelp(addLimitOptions(command), {
    text: `
A file that cannot be read prints {"file", "error"} (or "kanshi: file: error" on stderr), the error
naming where in the file (byte, line, tag or JSON path) and what was expected, and the others go on. A
log over a limit (size, tags or events, nesting, rounds) is refused with the flag that raises it. -,
/dev/stdin and /dev/fd/N are read as streams (kanshi info <(zcat log.gz)); a named pipe, socket or
device named otherwise is refused.

${LOG_SOURCE_HELP}`,
    exit: [
      [EXIT.ok, 'every log was read'],
      [EXIT.failed, 'a log could not be read, a path holds no log file, a log id is not in --fetch-dir or not downloaded, or stdout cannot be written'],
      USAGE_EXIT,
      ...signalExits('the games read so far are printed'),
    ],
    examples: `
  kanshi info logs
  kanshi info --json 2020052221gm-00a9-0000-6f0524c7.mjlog
  kanshi info 2020052221gm-00a9-0000-6f0524c7 --fetch`,
  })
    .action(async (args: string[], opts: LogSourceOptions & { json?: boolean; platform?: Platform }) => {
      const read = readOptionsFrom(opts);
      let failed = 0;
      const { paths, unresolved } = await resolveLogInputs(args, opts);
      for (const u of unresolved) {
        failed++;
        report(opts.json, u.input, u.reason);
      }
      const walk = emptyWalkReport();
      let games = 0;
      // Ctrl-C or SIGTERM: the game in progress is finished and printed, the rest not read (130, 143).
      await withSignalStop('the game in progress', async (stop) => {
        for await (const { path, game, error } of readInputs(paths, walk, read, stop)) {
          if (!game) {
            failed++;
            report(opts.json, path, error);
            continue;
          }
          let line: InfoLine;
          try {
            line = infoLine(path, game);
          } catch (err) {
            failed++;
            report(opts.json, path, fileFailure(err).message);
            continue;
          }
          if (opts.json) outJson(line);
          else out(textLine(line));
          games++;
        }
        // Nothing read is no success: say which paths held no log file.
        for (const path of walk.empty) say(`kanshi: ${noLogsMessage(path)}`);
        // Links to folders and links that lead nowhere inside a folder are passed over: say so.
        for (const line of notReadMessages(walk)) say(`kanshi: ${line}`);
        if (failed > 0 || walk.files === 0) process.exitCode = 1;
      }, () => `${plural(games, 'game')} printed`);
    });
}

function report(json: boolean | undefined, file: string, error: string): void {
  if (json) outJson({ file, error });
  else say(`kanshi: ${file}: ${error}`);
}
