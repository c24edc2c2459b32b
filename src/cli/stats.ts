/**
 * `kanshi stats [--db FILE] [--profile P | --rules-key K] [--json]`: the canned reports of the audit
 * database for one rule set (default: the latest audited).
 */
import type { Command } from 'commander';
import { DEFAULT_PROFILE, KNOBS, byPlatformText, getProfile, isByPlatform, isProfileName, profileRules } from '../rules/index.js';
import { StoreError, type RuleSetSummary, type StatsReport, type StatsTable } from '../store/index.js';
import { EXIT, out, outJson } from './common.js';
import { addCommandHelp, signalExitsAtOnce, USAGE_EXIT } from './help.js';
import { plural } from './format.js';
import { addRuleSetChoiceOptions, checkProfileChoice, openForReading, storeFailure } from './query.js';
import { cellText, displayWidth, renderTable } from './query-format.js';

interface StatsOptions {
  db: string;
  profile?: string;
  rulesKey?: string;
  json?: boolean;
}

function ruleSetName(s: RuleSetSummary): string {
  return s.profile ?? 'custom rules';
}

/**
 * The kan knobs' values, then the scoring and legality knobs' where they differ from the profile named (all
 * of them for rules no profile names, none for a rule set audited before those knobs existed).
 */
function knobsLine(s: RuleSetSummary): string {
  const kan = KNOBS.filter((k) => k.group === 'kan').map((k) => `${k.name}=${String(s.rules[k.name])}`);
  const named = isByPlatform(s.profile) ? DEFAULT_PROFILE : s.profile?.split('+')[0];
  const base = named && isProfileName(named) ? profileRules(getProfile(named)) : null;
  const parts = [...kan];
  for (const group of ['scoring', 'legality'] as const) {
    const knobs = KNOBS.filter((k) => k.group === group);
    if (knobs.every((k) => s.rules[k.name] === null || s.rules[k.name] === undefined)) continue;
    const differing = knobs.filter((k) => !base || base[k.name] !== s.rules[k.name]).map((k) => `${k.name}=${String(s.rules[k.name])}`);
    parts.push(differing.length === 0 ? `${group} as ${named}` : `${group} ${differing.join(' ')}`);
  }
  return parts.join(' ');
}

function printHeader(file: string, report: StatsReport): void {
  const s = report.ruleSet;
  out(`database: ${file}`);
  out(`rule set: ${ruleSetName(s)} (${knobsLine(s)})`);
  if (isByPlatform(s.profile)) out(`  ${byPlatformText()}`);
  out(
    `  ${plural(s.readGameCount, 'game')} audited` +
      (s.failedGameCount ? `, ${plural(s.failedGameCount, 'file')} could not be read` : '') +
      `; findings: ${plural(s.errorCount, 'error')}, ${plural(s.warningCount, 'warning')}, ${s.infoCount} info; last run ${s.lastRunAt}`,
  );
  if (report.otherRuleSets.length > 0) {
    const others = report.otherRuleSets.map((o) => `${ruleSetName(o)} (${plural(o.gameCount, 'game')})`).join(', ');
    out(`other rule sets: ${others}; choose with --profile NAME or --rules-key KEY`);
  }
}

function printTable(table: StatsTable): void {
  out('');
  out(table.title);
  if (table.layout === 'record') {
    const row = table.rows[0] ?? {};
    const width = Math.max(...table.columns.map((c) => displayWidth(c.label)));
    for (const c of table.columns) out(`  ${c.label}${' '.repeat(width - displayWidth(c.label))}  ${cellText(row[c.key])}`);
    return;
  }
  if (table.rows.length === 0) {
    out('  (none)');
    return;
  }
  const lines = renderTable(
    table.columns.map((c) => c.label),
    table.rows.map((r) => table.columns.map((c) => r[c.key] ?? null)),
  );
  for (const l of lines) out('  ' + l);
}

function jsonReport(file: string, report: StatsReport): unknown {
  const tables: Record<string, unknown> = {};
  for (const t of report.tables) tables[t.key] = t.layout === 'record' ? (t.rows[0] ?? {}) : t.rows;
  return { database: file, ruleSet: report.ruleSet, otherRuleSets: report.otherRuleSets, ...tables };
}

export function registerStatsCommand(program: Command): void {
  const command = addRuleSetChoiceOptions(
    program
      .command('stats')
      .description('print the canned statistics of an audit database: kans per game, rinshan, riichi kans, chankan, four kans, kandora timing, scoring'),
  )
    .option('--json', 'print everything as one JSON object');
  addCommandHelp(command, {
    text: `
Reports, over the games audited under the chosen rule set:
  kans per game by kind (ankan, daiminkan, kakan) and lobby (players, lobby level); robbed kakans apart
  rinshan kaihou: how often the replacement tile wins, by kan kind
  kans by a player in riichi: how often, and the verdicts under the rule set's riichiKan/okuriKan
  chankan wins and hands with four kans, suukaikan aborts
  kandora timing: each kan's logged reveal moment against the rule set's kandoraTiming
  scoring conformance: the wins re-scored that agree with the log, and what differs, by platform
  what kans were worth: wins with rinshan kaihou, chankan, sankantsu, suukantsu, kandora, kan fu
  findings by kind and severity

The same numbers are views of the database (kan_stats, rinshan_stats, riichi_kan_frequency,
riichi_kan_stats, chankan_suukaikan_stats, kandora_conformance, score_conformance, kan_scoring,
finding_counts) for kanshi query. The database is opened read-only.`,
    exit: [
      [EXIT.ok, 'the statistics were printed'],
      [EXIT.failed, 'no database at --db (or not kanshi\'s, or of another schema version), no such audit in it, or stdout cannot be written'],
      USAGE_EXIT,
      ...signalExitsAtOnce('nothing more is printed'),
    ],
    examples: `
  kanshi stats
  kanshi stats --db phoenix.sqlite --profile pro-strict
  kanshi stats --json | jq .kansByLobby`,
  }).action((opts: StatsOptions) => {
    checkProfileChoice(opts.profile);
    const store = openForReading(opts.db);
    try {
      const report = store.stats({ profile: opts.profile, rulesKey: opts.rulesKey });
      if (opts.json) {
        outJson(jsonReport(opts.db, report), 2);
        return;
      }
      printHeader(opts.db, report);
      for (const t of report.tables) printTable(t);
    } catch (err) {
      if (err instanceof StoreError) throw storeFailure(err);
      throw err;
    } finally {
      store.close();
    }
  });
}
