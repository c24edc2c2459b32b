/**
 * `kanshi report [--db FILE] [--profile P | --rules-key K] [--out FILE]`: the audit database as one
 * self-contained HTML page (plots as inline SVG, no network needed to view it).
 */
import { dirname, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { writeFileAtomic } from '../files/index.js';
import { writeGamePages, type GamePagesWritten } from '../pages/index.js';
import { DEFAULT_FINDINGS_PER_KIND, readReportData, renderReport } from '../report/index.js';
import { StoreError } from '../store/index.js';
import { systemErrorText } from '../ingest/index.js';
import { CliError, EXIT, out, parseIntOption, say } from './common.js';
import { plural } from './format.js';
import { addCommandHelp, signalExitsAtOnce } from './help.js';
import { addRuleSetChoiceOptions, checkProfileChoice, openForReading, storeFailure } from './query.js';

interface ReportCommandOptions {
  db: string;
  profile?: string;
  rulesKey?: string;
  out: string;
  findingsPerKind: number;
  games?: string;
}

export function registerReportCommand(program: Command): void {
  const command = addRuleSetChoiceOptions(
    program
      .command('report')
      .description('write the audit database as one self-contained HTML page: findings with viewer links, plots, conformance knob by knob'),
  )
    .option('-o, --out <file>', 'the HTML file to write (replaced atomically; a link is followed, a pipe or device written through)', 'report.html')
    .option('--games <dir>', "also write each listed finding's game as its own page into this folder (created if missing; each as kanshi replay --html draws it), linked from the finding")
    .addOption(
      new Option('--findings-per-kind <n>', `findings listed per kind; the rest are counted (default ${DEFAULT_FINDINGS_PER_KIND})`)
        .argParser(parseIntOption('--findings-per-kind', 0, 100_000))
        .default(DEFAULT_FINDINGS_PER_KIND, String(DEFAULT_FINDINGS_PER_KIND)),
    );
  addCommandHelp(command, {
    text: `
The page, for the chosen rule set: the rules and what was audited (games by platform, format, lobby,
year); findings by kind and severity, each with its game, hand, seat, message and a link to Tenhou's
viewer at that hand; plots of kans per game by kind and lobby, rinshan rate by kan kind, riichi kans by
turn and by turns since riichi, kandora hit rate, kandora reveal timing against the rule, chankan and
four kans; conformance knob by knob (cases, how many conform, examples); and, when the database holds
several rule sets, what each makes of the same games. One file, CSS and SVG inline: it opens offline.

Each listed finding also gives the command that draws its game's page at its hand (kanshi replay FILE
--hand N --profile P --html PAGE: the dead wall, kan by kan, under the report's rule set). With --games
DIR the pages are written instead, one per game (its hands with a kan, a kita or a finding), and each
finding links to its hand there; the logs are read again from the paths the audit stored, and a game
that cannot be read keeps its command (named on stderr).

The page replaces a regular file through a temporary file and a rename; a link is followed to the file
it leads to; a named pipe or a device (-o /dev/stdout) is written through; a folder, a socket or a
block device is refused.`,
    exit: [
      [EXIT.ok, 'the page was written'],
      [EXIT.failed, "no database (or not kanshi's), no such audit in it, or a file (the page, a game page, the --games folder) could not be written"],
      [EXIT.usage, 'a usage error: a bad option, an unknown profile (nothing was done)'],
      ...signalExitsAtOnce('the page is written whole or not at all'),
    ],
    examples: `
  kanshi audit ../shared/corpus/logs --db corpus.sqlite
  kanshi report --db corpus.sqlite --out corpus.html
  kanshi report --db corpus.sqlite --profile mleague --out mleague.html
  kanshi report --db corpus.sqlite --out report.html --games games`,
  })
    .action(async (opts: ReportCommandOptions) => {
      checkProfileChoice(opts.profile);
      if (opts.games !== undefined && opts.games.trim() === '') throw new CliError('--games needs a folder name');
      const target = resolve(opts.out);
      const store = openForReading(opts.db);
      let data;
      try {
        data = readReportData(store, { profile: opts.profile, rulesKey: opts.rulesKey }, { findingsPerKind: opts.findingsPerKind, databaseName: opts.db });
      } catch (err) {
        if (err instanceof StoreError) throw storeFailure(err);
        throw err;
      } finally {
        store.close();
      }
      let games: GamePagesWritten | null = null;
      if (opts.games !== undefined) {
        try {
          games = await writeGamePages(data, resolve(opts.games), target, dirname(resolve(opts.db)));
        } catch (err) {
          throw new CliError(`cannot write the game pages into ${opts.games}: ${systemErrorText(err)}`, EXIT.failed);
        }
        for (const u of games.unread.slice(0, 3)) say(`kanshi: ${u.file}: not read again for --games (its findings keep the command): ${u.reason}`);
        if (games.unread.length > 3) say(`kanshi: … and ${plural(games.unread.length - 3, 'more game')} not read again`);
      }
      const built = await renderReport(data, { pages: games?.pages });
      let bytes: number;
      try {
        bytes = await writeFileAtomic(target, built.html);
      } catch (err) {
        throw new CliError(`cannot write ${opts.out}: ${systemErrorText(err)}`, EXIT.failed);
      }
      const s = built.data.ruleSet;
      const findings = built.data.findings.reduce((n, f) => n + f.findings, 0);
      out(`wrote ${opts.out} (${Math.round(bytes / 1024)} KB): rule set ${s.profile ?? s.rulesKey}, ${plural(s.readGameCount, 'game')}, ${plural(findings, 'finding')}, ${plural(built.plots, 'plot')}`);
      if (games) out(`wrote ${plural(games.pages.size, 'game page')} into ${opts.games} (${Math.round(games.bytes / 1024)} KB)${games.unread.length ? `; ${plural(games.unread.length, 'game')} not read again` : ''}`);
    });
}
