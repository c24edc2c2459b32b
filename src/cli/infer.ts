/**
 * `kanshi infer <path...>`: what the logs say the rules are, knob by knob (src/infer), printed as a table
 * and as the `kanshi audit` flags of the inferred rule set; `--json` for scripts.
 */
import type { Command } from 'commander';
import { emptyWalkReport, noLogsMessage, notReadMessages } from '../batch/index.js';
import { RuleInference, type Inference, type KnobInference } from '../infer/index.js';
import { KNOBS, platformProfile } from '../rules/index.js';
import { openStore } from '../store/index.js';
import { addLimitOptions, CliError, EXIT, fileFailure, out, platformOption, readOptionsFrom, storeMessage, say, outJson } from './common.js';
import { plural } from './format.js';
import { addLogSourceOptions, LOG_SOURCE_HELP, resolveLogInputs, type LogSourceOptions } from './log-inputs.js';
import { addRuleOptions } from './rule-options.js';
import { logRuleSetFromOptions } from './rule-sets.js';
import { withSignalStop } from './signals.js';
import { addCommandHelp, signalExits, USAGE_EXIT } from './help.js';
import { readInputs } from './read-inputs.js';

export function registerInferCommand(program: Command): void {
  const command = program
    .command('infer')
    .description("say what rules the logs were played under: every win and drawn hand re-scored under every value of every scoring knob, every kan judged under every kan knob's values")
    .argument('<path...>', 'log files or folders (read recursively), or Tenhou log ids and viewer URLs (read from --fetch-dir)')
    .option(
      '--json',
      'one JSON object: {"inferred": {knob: value or null}, "knobs": [{"knob", "inferred", "status" (inferred, weak, tie, convention, declared or untouched), "cases", "values": [{"value", "agree", "disagree", "jointly"}], "deciding": [{"file", "logId", "hand", "seat", "eventIndex", "what"}], "rival", "tied", "convention"}], "flags", "unexplained": [...], "contradicted": [...], games, wins, drawnHands, kans}',
    )
    .option('--all', 'list every knob, also those the logs do not touch')
    .option('--db <file>', 'also keep the inference in this audit database (created if missing), where kanshi report shows it')
    .addOption(platformOption());
  addRuleOptions(command);
  addLogSourceOptions(command);
  addLimitOptions(command);
  addCommandHelp(command, {
    text: `
Each game is replayed under its base rule set (rule set platform: its platform's profile; or --profile and
the knob flags), then judged under each value of each knob, the others left at the base. A case (a win,
drawn hand or kan) decides a knob where some value agrees with the log and another does not. Each knob gets
a status: inferred (one value agrees most, resting on 3 or more deciding cases against its closest rival,
the first 3 printed), weak (fewer than 3), tie (the values that agree most are told apart by no case: no
value), convention (an order of events, kandoraTiming, that only logs no platform wrote show: their
producer's, not a rule), declared (no case decides it, but the logs declare it: their value) or untouched.
A game that declares a knob (GO type, a lobby's csrule, a rule object) is checked against its declaration
and is no evidence for the others. Where the logs contradict each other (some cases agree only under
one value, others only under the profile's), the profile's value stands and the cases against it are the
logs' errors. A win no single value explains is tried under pairs of values of two knobs (kiriage and red
fives both move points); what nothing explains is listed as unexplained: the logs' own errors. The last
line is the inferred rule set as flags for kanshi audit (docs/scoring.md §9).

${LOG_SOURCE_HELP}`,
    exit: [
      [EXIT.ok, "the logs were read (unexplained wins are the logs' errors, not a failure)"],
      [EXIT.failed, 'a file cannot be read, a path holds no log file, the output or --db cannot be written'],
      USAGE_EXIT,
      ...signalExits('the game in progress is finished, and what the games read so far say is printed'),
    ],
    examples: `
  kanshi infer ../shared/corpus/platforms/logs
  kanshi infer --json logs | jq .inferred
  kanshi audit $(kanshi infer logs | tail -1) logs
  kanshi infer logs --db kanshi.sqlite && kanshi report   # "What these logs say the rules are"`,
  });
  command.action(async (args: string[], opts: LogSourceOptions & { json?: boolean; all?: boolean; profile?: string; db?: string }) => {
    const ruleSet = logRuleSetFromOptions(opts);
    const read = readOptionsFrom(opts);
    const inference = new RuleInference((game) => {
      if (ruleSet.byPlatform) return { rules: ruleSet.byPlatform[game.platform], profile: platformProfile(game.platform) };
      return { rules: ruleSet.rules, profile: ruleSet.profile ?? 'tenhou' };
    }, opts.profile);
    let failed = 0;
    const { paths, unresolved } = await resolveLogInputs(args, opts);
    for (const u of unresolved) {
      failed++;
      say(`kanshi: ${u.input}: ${u.reason}`);
    }
    const walk = emptyWalkReport();
    let games = 0;
    // Ctrl-C: the game in progress is finished, and what the games read so far say is printed.
    await withSignalStop(
      'the game in progress',
      async (stop) => {
        for await (const { path, game, error } of readInputs(paths, walk, read, stop)) {
          let why = error;
          if (game) {
            try {
              inference.addGame(path, game);
              games++;
              continue;
            } catch (err) {
              why = fileFailure(err).message;
            }
          }
          failed++;
          say(`kanshi: ${path}: ${why}`);
        }
      },
      () => `the rules inferred from ${plural(games, 'game')}`,
    );
    const result = inference.result();
    if (opts.db) keepInference(opts.db, result);
    if (opts.json) outJson(result);
    else for (const line of inferenceText(result, opts.all === true)) out(line);
    for (const path of walk.empty) say(`kanshi: ${noLogsMessage(path)}`);
    for (const line of notReadMessages(walk)) say(`kanshi: ${line}`);
    if (process.exitCode === undefined && (failed > 0 || walk.files === 0)) process.exitCode = 1;
  });
}

/** The inference as text: one block per knob the logs touch (every knob with `all`), the unexplained, the flags. */
export function inferenceText(r: Inference, all: boolean): string[] {
  const lines: string[] = [
    `${plural(r.games, 'game')}, ${plural(r.wins, 'win')}, ${plural(r.drawnHands, 'drawn hand')}, ${plural(r.kans, 'kan')}: what the logs say the rules are`,
    '',
  ];
  const untouched: string[] = [];
  for (const k of r.knobs) {
    if (k.status === 'untouched' && !all) {
      untouched.push(k.knob);
      continue;
    }
    const flag = KNOBS.find((d) => d.name === k.knob)!.flag;
    const shown = k.inferred ?? k.convention;
    lines.push(`${flag} ${k.inferred === null ? '?' : String(k.inferred)}    ${statusText(k)}    cases: ${k.cases}`);
    for (const c of k.deciding.slice(0, SHOWN_CASES)) lines.push(`      deciding: ${placeText(c)} (${c.what})`);
    if (k.deciding.length > SHOWN_CASES) lines.push(`      … and ${k.deciding.length - SHOWN_CASES} more (--json lists them all)`);
    for (const d of k.declared ?? []) {
      const against = d.contradicting.length > 0 ? `; ${plural(d.contradicting.length, 'case')} against it, e.g. ${placeText(d.contradicting[0])}` : '';
      lines.push(`      declared ${String(d.value)} by ${plural(d.games, 'game')} (${d.by}): ${d.agree} cases agree, ${d.disagree} do not${against}`);
    }
    for (const v of k.values) {
      const mark = shown !== undefined && shown !== null && v.value === shown ? '*' : ' ';
      const joint = v.jointly > 0 ? `, ${v.jointly} with another knob's value` : '';
      lines.push(`  ${mark} ${String(v.value).padEnd(22)} agree ${String(v.agree).padStart(6)}   disagree ${String(v.disagree).padStart(6)}${joint}`);
    }
  }
  if (untouched.length > 0) lines.push('', `not touched by these logs (no case tells their values apart; --all lists them): ${untouched.join(', ')}`);
  lines.push('', `${plural(r.unexplained.length, 'win or drawn hand', 'wins or drawn hands')} no value of any knob explains (the logs' own errors):`);
  for (const u of r.unexplained.slice(0, 50)) {
    lines.push(`  ${placeText(u)} (${u.what}): ${differencesText(u.differences)}`);
  }
  if (r.unexplained.length > 50) lines.push(`  … and ${r.unexplained.length - 50} more (--json lists them all)`);
  if (r.contradicted.length > 0) {
    lines.push('', `${plural(r.contradicted.length, 'case')} only a value the other logs contradict explains (the logs' own errors too, not a rule):`);
    for (const c of r.contradicted.slice(0, 50)) {
      const under = c.agreesUnder.map((a) => `${a.knob} ${a.values.map(String).join(' or ')} (these logs: ${String(a.logs)})`).join(', ');
      lines.push(`  ${placeText(c)} (${c.what}): agrees under ${under}; ${differencesText(c.differences)}`);
    }
    if (r.contradicted.length > 50) lines.push(`  … and ${r.contradicted.length - 50} more (--json lists them all)`);
  }
  lines.push('', 'the inferred rule set, as kanshi audit flags:', r.flags.join(' '));
  return lines;
}

/** Deciding cases printed under a knob (--json gives them all). */
const SHOWN_CASES = 3;

/** How far the logs decide a knob, in words. */
function statusText(k: KnobInference): string {
  const count = plural(k.deciding.length, 'case');
  switch (k.status) {
    case 'inferred':
      return `inferred: ${count} tell it from ${String(k.rival)}`;
    case 'weak':
      return `weak: only ${count} ${k.deciding.length === 1 ? 'tells' : 'tell'} it from ${String(k.rival)}`;
    case 'tie':
      return `tie: ${k.tied!.map(String).join(', ')} (no case tells them apart)`;
    case 'convention':
      return `convention: these logs follow ${String(k.convention)}, an order of events their producer chose, not a rule (no platform's own log shows the knob; ${count})`;
    case 'untouched':
      return 'not touched by these logs';
    case 'declared':
      return 'declared by the games themselves (not inferred: their logs are checked against it)';
  }
}

/** Where a case is: file, hand, event, seat. */
function placeText(c: { file: string; hand: number; eventIndex: number | null; seat: number | null }): string {
  return `${c.file} hand ${c.hand}${c.eventIndex !== null ? ` event ${c.eventIndex}` : ''}${c.seat !== null ? ` seat ${c.seat}` : ''}`;
}

function differencesText(d: readonly string[]): string {
  return `${d[0] ?? ''}${d.length > 1 ? ` (+${d.length - 1} more)` : ''}`;
}

/** Keeps the inference in the audit database (one transaction), for kanshi report. */
function keepInference(file: string, result: Inference): void {
  let store;
  try {
    store = openStore(file);
  } catch (err) {
    throw new CliError(`cannot open the database ${file}: ${storeMessage(err as Error).replace(`cannot open ${file}: `, '')}`, EXIT.failed);
  }
  try {
    store.saveInference(result);
  } finally {
    store.close();
  }
  say(`kanshi: the inference is kept in ${file} (kanshi report shows it)`);
}
