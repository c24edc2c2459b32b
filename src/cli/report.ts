/**
 * `kanshi report [--db FILE] [--profile P | --rules-key K] [--out FILE]`: the audit database as one
 * self-contained HTML page (plots as inline SVG, no network needed to view it).
 */
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { buildReport, DEFAULT_FINDINGS_PER_KIND, writeFileAtomic } from '../report/index.js';
import { StoreError } from '../store/index.js';
import { systemErrorText } from '../ingest/index.js';
import { CliError, EXIT, out, parseIntOption } from './common.js';
import { plural } from './format.js';
import { addRuleSetChoiceOptions, checkProfileChoice, openForReading, storeFailure } from './query.js';

interface ReportCommandOptions {
  db: string;
  profile?: string;
  rulesKey?: string;
  out: string;
  findingsPerKind: number;
}

export function registerReportCommand(program: Command): void {
  addRuleSetChoiceOptions(
    program
      .command('report')
      .description('write the audit database as one self-contained HTML page: findings with viewer links, plots, conformance knob by knob'),
  )
    .option('--out <file>', 'the HTML file to write (replaced atomically)', 'report.html')
    .addOption(
      new Option('--findings-per-kind <n>', `findings listed per kind; the rest are counted (default ${DEFAULT_FINDINGS_PER_KIND})`)
        .argParser(parseIntOption('--findings-per-kind', 0, 100_000))
        .default(DEFAULT_FINDINGS_PER_KIND, String(DEFAULT_FINDINGS_PER_KIND)),
    )
    .addHelpText(
      'after',
      `
The page, for the chosen rule set: the rules and what was audited (games by platform, format, lobby,
year); findings by kind and severity, each with its game, hand, seat, message and a link to Tenhou's
viewer at that hand; plots of kans per game by kind and lobby, rinshan rate by kan kind, riichi kans by
turn and by turns since riichi, kandora hit rate, kandora reveal timing against the rule, chankan and
four kans; conformance knob by knob (cases, how many conform, examples); and, when the database holds
several rule sets, what each makes of the same games. One file, CSS and SVG inline: it opens offline.

Exit status: 0 written; 1 no database (or not kanshi's), no such audit in it, or the file could not be
written; 2 usage (a bad option, an unknown profile).

Examples:
  kanshi audit ../shared/corpus/logs --db corpus.sqlite
  kanshi report --db corpus.sqlite --out corpus.html
  kanshi report --db corpus.sqlite --profile mleague --out mleague.html`,
    )
    .action(async (opts: ReportCommandOptions) => {
      checkProfileChoice(opts.profile);
      const store = openForReading(opts.db);
      let built;
      try {
        built = await buildReport(store, { profile: opts.profile, rulesKey: opts.rulesKey }, { findingsPerKind: opts.findingsPerKind, databaseName: opts.db });
      } catch (err) {
        if (err instanceof StoreError) throw storeFailure(err);
        throw err;
      } finally {
        store.close();
      }
      let bytes: number;
      try {
        bytes = writeFileAtomic(resolve(opts.out), built.html);
      } catch (err) {
        throw new CliError(`cannot write ${opts.out}: ${systemErrorText(err)}`, EXIT.failed);
      }
      const s = built.data.ruleSet;
      const findings = built.data.findings.reduce((n, f) => n + f.findings, 0);
      out(`wrote ${opts.out} (${Math.round(bytes / 1024)} KB): rule set ${s.profile ?? s.rulesKey}, ${plural(s.readGameCount, 'game')}, ${plural(findings, 'finding')}, ${plural(built.plots, 'plot')}`);
    });
}
