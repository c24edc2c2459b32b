import type { Command } from 'commander';
import { emptyWalkReport, noLogsMessage, notReadMessages } from '../batch/index.js';
import { plural, type GameLog, type Platform, type SourceFormat } from '../events/index.js';
import { replayGame, summarizeReplay } from '../replay/index.js';
import { effectiveRules, type EffectiveRule, type KnobName, type RuleSet } from '../rules/index.js';
import { addRuleOptions } from './rule-options.js';
import { logRuleSetFromOptions } from './rule-sets.js';
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
  /**
   * The rules that judge the game (docs/kan-rules.md §7): each knob's value and where it comes from, a flag
   * (the command line), what the game's log declares (with what in it declares it), or the profile; only the
   * knobs whose value differs from the profile's, or every knob with --all.
   */
  effectiveRules: Partial<Record<KnobName, EffectiveRule>>;
  /** A Tenhou lobby's settings no knob applies, and its bits no public source explains. */
  lobbyRuleNotApplied?: { settings: string[]; unknownBits: string[] };
}

/** The counts come from the game's replay (no knob changes them); the rules that judge it from the rule set and what it declares. */
export function infoLine(file: string, game: GameLog, ruleSet: RuleSet, all = false): InfoLine {
  const replay = replayGame(game, ruleSet);
  const s = summarizeReplay(replay);
  const { notApplied, unknownBits } = replay.gameRules.declared;
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
    effectiveRules: effectiveRules(replay.gameRules, all),
    ...(notApplied.length > 0 || unknownBits.length > 0 ? { lobbyRuleNotApplied: { settings: [...notApplied], unknownBits: [...unknownBits] } } : {}),
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
    ...declaredText(l),
  ].join('  ');
}

/** The values the game declares that judge it otherwise than the profile, and a lobby's settings no knob applies. */
function declaredText(l: InfoLine): string[] {
  const declared = Object.entries(l.effectiveRules).filter(([, r]) => r.from === 'declared').map(([k, r]) => `${k} ${String(r.value)}`);
  const out = declared.length > 0 ? [`declared: ${someOf(declared, 4, '--json lists them')}`] : [];
  const n = l.lobbyRuleNotApplied;
  if (n && n.settings.length > 0) out.push(`lobby rule not applied (no knob): ${someOf(n.settings, 3, '--json lists them')}`);
  if (n && n.unknownBits.length > 0) out.push(`unknown lobby bits: ${n.unknownBits.join(', ')}`);
  return out;
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
    .option('--json', 'print one JSON object per line (file, logId, platform, playerCount, players, rule, redFivesFrom, handCount, kanCounts, robbedKanCount, …, effectiveRules; docs/vocabulary.md)')
    .option('--all', "list every knob in effectiveRules, not only those whose value for the game differs from the profile's")
    .addOption(platformOption());
  addRuleOptions(command);
  addLogSourceOptions(command);
  addCommandHelp(addLimitOptions(command), {
    text: `
A file that cannot be read prints {"file", "error"} (or "kanshi: file: error" on stderr), the error
naming where in the file (byte, line, tag or JSON path) and what was expected, and the others go on. A
log over a limit (size, tags or events, nesting, rounds) is refused with the flag that raises it. -,
/dev/stdin and /dev/fd/N are read as streams (kanshi info <(zcat log.gz)); a named pipe, socket or
device named otherwise is refused.

Which value judges a game (docs/kan-rules.md §7): a knob given on the command line, else what the game's
log declares (its GO type, a Tenhou lobby's csrule, a tenhou.net/6 rule object), else the profile (with no
--profile, the platform's). The text line lists the declared values that differ from the profile's.

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
  kanshi info --json --all lobby-game.mjlog    # every knob's value and where it comes from
  kanshi info 2020052221gm-00a9-0000-6f0524c7 --fetch`,
  })
    .action(async (args: string[], opts: LogSourceOptions & { json?: boolean; all?: boolean; platform?: Platform }) => {
      const read = readOptionsFrom(opts);
      const ruleSet = logRuleSetFromOptions(opts);
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
            line = infoLine(path, game, ruleSet, opts.all === true);
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
