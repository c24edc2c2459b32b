/**
 * From a finding in the report to the game's own page: the `kanshi replay … --html` command that draws
 * its hand (under the report's rule set, whatever the platform), or, with `kanshi report --games DIR`,
 * the pages themselves, written beside the report and linked from each finding.
 */
import { mkdirSync } from 'node:fs';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { writeFileAtomic } from '../files/index.js';
import { readLogFile } from '../ingest/index.js';
import { DEFAULT_PROFILE, differencesFrom, isProfileName, KNOBS, ruleSetOf, type Rules } from '../rules/index.js';
import type { ReportData } from './data.js';
import type { FindingRow } from './findings.js';
import { buildGamePage } from './game-page.js';

/** A word for a POSIX shell: as is when it is plain, else in single quotes. */
export function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The rule flags that pin a rule set on the command line: its profile (the part of its name before any
 * `+`) and every knob that differs from it. The same rules whatever platform the log says it is from.
 */
export function ruleFlags(rules: Rules, profile: string | null): string[] {
  const named = profile?.split('+')[0];
  const base = named && isProfileName(named) ? named : DEFAULT_PROFILE;
  const flags = ['--profile', base];
  for (const d of differencesFrom(rules, base)) flags.push(KNOBS.find((k) => k.name === d.knob)!.flag, String(d.value));
  return flags;
}

/** The page's file name for a game: its Tenhou log id, else its file's name. */
export function pageName(row: Pick<FindingRow, 'logId' | 'file'>, hand: number | null = null): string {
  const stem = (row.logId ?? basename(row.file, extname(row.file))).replace(/[^\w.-]+/g, '_');
  return `${stem}${hand === null ? '' : `-hand-${hand}`}.html`;
}

/** The command that writes a finding's page: its hand alone (any hand, kan or not), under the rule set. */
export function replayCommand(row: Pick<FindingRow, 'logId' | 'file' | 'hand'>, flags: readonly string[]): string {
  const hand = row.hand === null ? [] : ['--hand', String(row.hand)];
  return ['kanshi', 'replay', shellWord(row.file), ...hand, ...flags, '--html', shellWord(pageName(row, row.hand))].join(' ');
}

/** How the report links a finding to its game: a written page (by file audited), or the command. */
export interface FindingLinks {
  /** The href of each game's page, relative to the report, by the file as audited. */
  pages?: ReadonlyMap<string, string>;
}

export interface GamePagesWritten {
  pages: Map<string, string>;
  /** Bytes written, in all. */
  bytes: number;
  /** Games that could not be read again (moved, changed, or named relative to another folder): their rows keep the command. */
  unread: { file: string; reason: string }[];
}

/**
 * Writes the page of every game a listed finding names into `dir` (created if missing), each under the
 * report's rule set and drawing its hands with a kan or kita and those with a finding; returns their
 * hrefs relative to the report's folder. A game that cannot be read is left out and named; a page that
 * cannot be written throws (the command fails).
 */
export async function writeGamePages(data: ReportData, dir: string, reportFile: string): Promise<GamePagesWritten> {
  mkdirSync(dir, { recursive: true });
  const ruleSet = ruleSetOf(data.ruleSet.rules);
  const pages = new Map<string, string>();
  const unread: GamePagesWritten['unread'] = [];
  const names = new Set<string>();
  let bytes = 0;
  for (const group of data.findings) {
    for (const row of group.rows) {
      if (pages.has(row.file) || unread.some((u) => u.file === row.file)) continue;
      let html: string;
      try {
        html = buildGamePage(row.file, readLogFile(row.file), ruleSet, { withFindings: true }).html;
      } catch (err) {
        unread.push({ file: row.file, reason: err instanceof Error ? err.message : String(err) });
        continue;
      }
      let name = pageName(row);
      if (names.has(name)) name = name.replace(/\.html$/, `-${row.gameId}.html`);
      names.add(name);
      const target = join(dir, name);
      bytes += await writeFileAtomic(target, html);
      pages.set(row.file, relative(dirname(reportFile), target).split(sep).map(encodeURIComponent).join('/'));
    }
  }
  return { pages, bytes, unread };
}
