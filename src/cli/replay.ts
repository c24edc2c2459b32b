import type { Command } from 'commander';
import { viewerLogId, viewerUrl, type GameLog } from '../events/index.js';
import { kindOf, kindToString } from '../tiles/index.js';
import { replayGame, REVEAL_MOMENT_WORDS, type KanRecord, type ReplayResult, type WinRecord } from '../replay/index.js';
import type { WinScore } from '../score/index.js';
import { resolve } from 'node:path';
import { writeFileAtomic } from '../files/index.js';
import { drawGamePage, gamePageInput } from '../pages/index.js';
import { systemErrorText } from '../ingest/index.js';
import { addLimitOptions, checkHand, CliError, EXIT, onFileOrFail, out, parseIntOption, platformOption, readGameOrFail, readOptionsFrom, outJson } from './common.js';
import { plural, roundName, scoredYakuJson, tile, tiles } from './format.js';
import { effectiveRules, type RuleSet } from '../rules/index.js';
import { addRuleOptions } from './rule-options.js';
import { addCommandHelp, signalExitsAtOnce, USAGE_EXIT } from './help.js';
import { logRuleSetFromOptions } from './rule-sets.js';
import { addLogSourceOptions, handToShow, LOG_SOURCE_HELP, resolveOneLog, type LogSourceOptions } from './log-inputs.js';


function kanLines(k: KanRecord, red: boolean): string[] {
  const where = k.replacement?.wall.index !== null && k.replacement?.wall.index !== undefined ? ` from dead-wall index ${k.replacement.wall.index}` : '';
  const wallOk = k.replacement && k.replacement.wall.expected !== null ? (k.replacement.wall.expected === k.replacement.tile ? ' (matches the wall)' : ` (the wall has ${tile(k.replacement.wall.expected, red)})`) : '';
  const flags = [k.inRiichi ? 'in riichi' : '', k.afterCall ? 'right after a call' : '', k.afterReplacement ? 'chained' : ''].filter(Boolean);
  const lines = [
    `  kan ${k.number}: seat ${k.seat} ${k.kind} ${kindToString(kindOf(k.tile))}  turn ${k.turn}, ${plural(k.liveWallLeft, 'live tile')} left${flags.length ? ', ' + flags.join(', ') : ''}`,
  ];
  if (k.robbed) lines.push('    robbed (chankan): no replacement draw, no kandora');
  else if (k.replacement) lines.push(`    replacement ${tile(k.replacement.tile, red)}${where}${wallOk}${k.rinshanWin ? ', wins (rinshan kaihou)' : ''}`);
  else lines.push('    replacement: none in the log');
  const indicator = k.indicator === null ? '' : ` ${tile(k.indicator, red)}`;
  const differs = k.revealVerdict === 'differs' ? '   <- differs' : '';
  lines.push(`    kandora${indicator}: logged ${REVEAL_MOMENT_WORDS[k.revealLogged]}, rule ${REVEAL_MOMENT_WORDS[k.revealRule]}${differs}`);
  return lines;
}

function winLine(w: WinRecord, red: boolean): string[] {
  const how = w.tsumo ? (w.rinshan ? 'tsumo on the replacement tile' : w.haitei ? 'tsumo (haitei)' : 'tsumo') : w.chankan ? `ron (chankan) on seat ${w.from}'s kakan` : w.onKita ? `ron on seat ${w.from}'s kita` : `ron from seat ${w.from}`;
  const view = (v: WinRecord['logged']) =>
    `indicators ${tiles(v.indicators, red)}, dora ${v.dora ?? '?'}${w.riichi ? `, ura ${tiles(v.ura, red)} → ${v.uraDora ?? '?'}` : ''}`;
  const same = view(w.logged) === view(w.rule);
  return [
    `  win: seat ${w.seat} ${how} ${tile(w.winningTile, red)}`,
    `    logged: ${view(w.logged)}`,
    `    rule:   ${same ? 'the same' : view(w.rule) + '   <- differs'}`,
  ];
}

export function replayText(file: string, game: GameLog, result: ReplayResult, hand?: number): string[] {
  const red = game.rule.redFives;
  const timing = result.effectiveKandoraTiming === result.kandoraTiming ? result.kandoraTiming : `${result.kandoraTiming} (${result.effectiveKandoraTiming} for this game)`;
  const lines = [
    `${file}  ${game.rule.playerCount}p ${game.rule.label}  kandora timing: ${timing}`,
    result.seeded
      ? `wall rebuilt from the seed: ${plural(result.checkedTileCount, 'tile')} checked, ${plural(result.wallMismatches.length, 'mismatch', 'mismatches')}`
      : `wall not checked: ${result.seedNote}`,
  ];
  const logId = viewerLogId(game);
  for (const r of result.hands) {
    if (hand !== undefined && r.hand !== hand) continue;
    lines.push('', `Hand ${r.hand}: ${roundName(r.kyoku)}, ${r.honba} honba, dealer seat ${r.dealer}`);
    if (logId) lines.push(`  viewer: ${viewerUrl(logId, 0, r.hand)}`);
    for (const k of r.kans) lines.push(...kanLines(k, red));
    if (r.kans.length === 0) lines.push('  no kans');
    for (const w of r.wins) lines.push(...winLine(w, red));
    if (r.ending.kind === 'ryuukyoku') lines.push(`  ryuukyoku: ${r.ending.reason}`);
    if (r.ending.kind === 'none') lines.push('  the log stops here (excerpt)');
  }
  const problems = [
    ...result.wallMismatches.map((m) => `wall mismatch in hand ${m.hand}: ${m.message}`),
    ...result.kandoraCountMismatches.map((m) => `hand ${m.hand}: the log shows ${plural(m.logged, 'kandora indicator')}, the timing reveals ${m.rule}   <- differs`),
    ...result.inconsistencies.map((x) => `inconsistency in hand ${x.hand} (event ${x.eventIndex}): ${x.message}`),
  ];
  if (problems.length) lines.push('', ...problems);
  return lines;
}

/**
 * The replay as JSON, with the file and log id, and Tenhou viewer links where the game has a log id: each
 * hand's (seat 0), each kan's (seen from the kan player) and each win's (from the winner); null otherwise.
 */
/** A win as re-scored, in the words of the other JSON (docs/vocabulary.md): yaku with names and han, the fu lines, points, limit, score changes. */
function scoreJson(s: WinScore): Record<string, unknown> {
  return {
    valid: s.valid,
    ...(s.problem ? { problem: s.problem } : {}),
    ...scoredYakuJson(s),
    points: s.points,
    limit: s.limit,
    scoreDeltas: s.deltas,
    ...(s.liable !== undefined ? { liable: s.liable } : {}),
  };
}

export function replayJson(file: string, game: GameLog, result: ReplayResult, hand?: number): Record<string, unknown> {
  const logId = viewerLogId(game);
  const hands = result.hands
    .filter((r) => hand === undefined || r.hand === hand)
    .map((r) => ({
      ...r,
      viewerUrl: viewerUrl(logId, 0, r.hand),
      kans: r.kans.map((k) => ({ ...k, viewerUrl: viewerUrl(logId, k.seat, r.hand) })),
      wins: r.wins.map(({ score, ...w }) => ({ ...w, ...(score ? { score: scoreJson(score) } : {}), viewerUrl: viewerUrl(logId, w.seat, r.hand) })),
    }));
  // The rules that judged the game as info --json gives them: the knobs a flag or the game's declaration sets otherwise.
  const { gameRules, ...rest } = result;
  return { file, logId: game.logId, ...rest, effectiveRules: effectiveRules(gameRules), hands };
}

export function registerReplayCommand(program: Command): void {
  const command = program
    .command('replay')
    .description('replay one log and print a kan timeline per hand: replacement tiles, kandora moments logged vs rule, dora per win')
    .argument('<log>', 'a log file (mjlog XML, gzip or plain, tenhou.net/6 JSON or mjai), or a Tenhou log id or viewer URL (read from --fetch-dir)')
    .option('--hand <n>', 'only the n-th hand of the game (1 = the first; docs/vocabulary.md); a viewer URL with ts= opens its hand without it', parseIntOption('--hand', 1))
    .option('--json', 'print the whole replay result as JSON')
    .option('--html <file>', 'write one self-contained HTML page of the game instead (replaced atomically): each hand with a kan or a kita, its dead wall drawn as tiles, kan by kan, with the findings')
    .option('--all-hands', 'with --html: every hand of the game, not only those with a kan or a kita')
    .addOption(platformOption());
  addRuleOptions(command);
  addLogSourceOptions(command);
  addLimitOptions(command);
  addCommandHelp(command, {
    text: `
A file that cannot be read gives one line on stderr naming where in the file and what was expected; a
log over a limit names the flag that raises it.

The wall is rebuilt from the log's seed where it has one; every dealt, drawn and replacement tile and
every indicator is checked against it. "logged" is what the log shows; "rule" is what the chosen
kandora timing would give (for example --kandora-timing immediate shows the indicator a rinshan win
after a kakan would have gained).

${LOG_SOURCE_HELP}

--html FILE writes the game as one page (CSS and SVG inline, no script, nothing fetched): for each hand
with a kan or a kita (every hand with --all-hands, only one with --hand), the dead wall as 7 stacks of
two tiles (more once kans and kita move live tiles in) marking the replacement tiles drawn, the dora,
kandora, ura and kan-ura indicators turned as logged and as the rule turns them, and where the two
differ; each kan as a step (the meld, its replacement tile, its indicator's moment logged beside the
rule's, chankan and rinshan, the live tiles left); each win's indicators; the audit's findings with
Tenhou viewer links. A seeded log shows every dead-wall tile; a log without a seed (tenhou.net/6 JSON,
mjai) only those it shows, the rest marked unknown. The file is written to a temporary file and
renamed (a link is followed to the file it leads to; a named pipe or a device, such as /dev/stdout, is
written through).`,
    exit: [
      [EXIT.ok, 'the replay was printed, or the page written'],
      [EXIT.failed, 'the log cannot be read, the log id is not in --fetch-dir or not downloaded, the --html page or stdout cannot be written'],
      USAGE_EXIT,
      ...signalExitsAtOnce('the page is written whole or not at all'),
    ],
    examples: `
  kanshi replay 2020052221gm-00a9-0000-6f0524c7.mjlog --kandora-timing immediate
  kanshi replay 2016052515gm-00a9-0000-c4d72066.xml --profile mleague --html kans.html
  kanshi replay 'https://tenhou.net/0/?log=2020052221gm-00a9-0000-6f0524c7&tw=1' --fetch
  kanshi replay game.xml --hand 4 --profile mleague`,
  });
  command.action(async (arg: string, opts: LogSourceOptions) => {
    checkHtmlOptions(opts);
    const ruleSet = logRuleSetFromOptions(opts);
    const file = await resolveOneLog(arg, opts);
    const game = await readGameOrFail(file, readOptionsFrom(opts));
    const { hand, flag } = handToShow(arg, opts.hand as number | undefined);
    checkHand(hand, game, flag);
    if (opts.html !== undefined) {
      await writeGamePage(file, game, ruleSet, String(opts.html), { hand, allHands: !!opts.allHands });
      return;
    }
    const shown = onFileOrFail(file, () => {
      const result = replayGame(game, ruleSet);
      return opts.json ? { json: replayJson(file, game, result, hand) } : { lines: replayText(file, game, result, hand) };
    });
    if (shown.json) outJson(shown.json);
    for (const line of shown.lines ?? []) out(line);
  });
}

/** --html takes no --json, --all-hands needs --html and takes no --hand: usage errors before any file is read. */
function checkHtmlOptions(opts: LogSourceOptions): void {
  if (opts.html !== undefined && opts.json) throw new CliError('--html and --json: choose one (the page, or the replay as JSON)');
  if (opts.html !== undefined && String(opts.html).trim() === '') throw new CliError('--html needs a file name');
  if (opts.allHands && opts.html === undefined) throw new CliError('--all-hands draws every hand of the --html page: give --html FILE too');
  if (opts.allHands && opts.hand !== undefined) throw new CliError('--all-hands and --hand: choose one');
}

/** The page of the game under its platform's rule set (replayed and audited, then drawn), written atomically; one line says what it holds. */
async function writeGamePage(file: string, game: GameLog, ruleSet: RuleSet, target: string, options: { hand?: number; allHands: boolean }): Promise<void> {
  const page = onFileOrFail(file, () => drawGamePage(gamePageInput(file, game, ruleSet), options));
  let bytes: number;
  try {
    bytes = await writeFileAtomic(resolve(target), page.html);
  } catch (err) {
    throw new CliError(`cannot write ${target}: ${systemErrorText(err)}`, EXIT.failed);
  }
  const flagged = page.findings.filter((f) => f.hand !== null && page.hands.includes(f.hand)).length;
  out(`wrote ${target} (${Math.max(1, Math.round(bytes / 1024))} KB): ${plural(page.hands.length, 'hand')} drawn of ${game.hands.length}, ${plural(flagged, 'finding')} in them`);
}
