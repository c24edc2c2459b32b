/**
 * `kanshi report --games DIR`: the page of every game a listed finding names, written beside the report.
 * The report read the database; each game is read again from its file here, replayed and audited under
 * the report's rule set (src/pages' gamePageInput), drawn and written, and the report links to it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { writeFileAtomic } from '../files/index.js';
import { readLogFile } from '../ingest/index.js';
import { pageName, type ReportData } from '../report/index.js';
import { ruleSetOf } from '../rules/index.js';
import { drawGamePage } from './game-page.js';
import { gamePageInput } from './input.js';

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
 * cannot be written throws (the command fails). `databaseFolder`: where a relative stored path (an older
 * kanshi's) is looked for when it is not found from the current folder.
 */
export async function writeGamePages(data: ReportData, dir: string, reportFile: string, databaseFolder?: string): Promise<GamePagesWritten> {
  mkdirSync(dir, { recursive: true });
  const ruleSet = ruleSetOf(data.ruleSet.rules, data.ruleSet.pinned);
  const pages = new Map<string, string>();
  const unread: GamePagesWritten['unread'] = [];
  const names = new Set<string>();
  let bytes = 0;
  for (const group of data.findings) {
    for (const row of group.rows) {
      if (pages.has(row.file) || unread.some((u) => u.file === row.file)) continue;
      let html: string;
      try {
        const file = locate(row.file, databaseFolder);
        html = drawGamePage(gamePageInput(file, readLogFile(file), ruleSet), { withFindings: true }).html;
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

/**
 * Where a stored path is. kanshi stores absolute paths; a database written by an older kanshi holds them
 * as the audit was given them, relative to the folder it ran in: from here when it is there, else from the
 * database's folder (where an audit with the default --db ran).
 */
function locate(file: string, databaseFolder: string | undefined): string {
  if (isAbsolute(file) || databaseFolder === undefined || existsSync(file)) return file;
  const beside = join(databaseFolder, file);
  return existsSync(beside) ? beside : file;
}
