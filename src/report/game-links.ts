/**
 * From a finding in the report to the game's own page: the `kanshi replay … --html` command that draws
 * its hand (under the report's rule set, whatever the platform), or, with `kanshi report --games DIR`,
 * the page itself (written by src/pages, which comes after this folder), linked from each finding.
 */
import { basename, extname } from 'node:path';
import { DEFAULT_PROFILE, differencesFrom, isProfileName, KNOBS, type Rules } from '../rules/index.js';
import type { FindingRow } from './findings.js';

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
