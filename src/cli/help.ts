/**
 * Every command's help in one shape and one width: commander's usage, arguments and options, then the
 * command's own text, its "Exit status:" section, and its "Examples:", in that order. All of it is wrapped
 * when it is printed, to the terminal's width up to HELP_WIDTH (HELP_WIDTH when not a terminal): the
 * prose re-flowed, the rows of a list or table continued under their second column, the examples as they
 * are.
 */
import type { Command } from 'commander';
import { EXIT } from './common.js';

/** The widest help ever printed. */
export const HELP_WIDTH = 100;

/** The width of help printed to this stream: the terminal's, at most HELP_WIDTH; HELP_WIDTH for a file or pipe. */
export function helpWidth(stream: { isTTY?: boolean; columns?: number }): number {
  return stream.isTTY && stream.columns ? Math.max(40, Math.min(HELP_WIDTH, stream.columns)) : HELP_WIDTH;
}

/** An exit status and what it means for the command. */
export type ExitRow = readonly [code: number, meaning: string];

/** Status 2, the same for every command. */
export const USAGE_EXIT: ExitRow = [EXIT.usage, 'a usage error: an unknown option, a missing argument, a bad value (nothing was done)'];

/**
 * Statuses 130 and 143 of a command that stops between its files (src/cli/signals.ts): `kept` says what
 * is finished and kept; a second signal quits at once.
 */
export function signalExits(kept: string): ExitRow[] {
  return [
    [EXIT.interrupted, `interrupted (Ctrl-C): ${kept}, no other started; a second Ctrl-C quits at once`],
    [EXIT.terminated, 'terminated (SIGTERM): the same'],
  ];
}

/** Statuses 130 and 143 of a command the signal ends at once; `left` says what that leaves. */
export function signalExitsAtOnce(left: string): ExitRow[] {
  return [
    [EXIT.interrupted, `interrupted (Ctrl-C): stopped at once; ${left}`],
    [EXIT.terminated, 'terminated (SIGTERM): the same'],
  ];
}

export interface CommandHelp {
  /** What the command does beyond its description: paragraphs, lists, tables. */
  text?: string;
  /** Its exit statuses, in order. */
  exit: readonly ExitRow[];
  /** Its example command lines (with their output, for some), never wrapped. */
  examples?: string;
}

/** Adds the command's help after its options, wrapped when printed to the stream it goes to. */
export function addCommandHelp(command: Command, help: CommandHelp): Command {
  return command.addHelpText('after', (context) => `\n${commandHelpText(help, helpWidth(context.error ? process.stderr : process.stdout))}`);
}

/** The text, the exit statuses and the examples, wrapped to `width`. */
export function commandHelpText(help: CommandHelp, width: number): string {
  const parts: string[] = [];
  if (help.text) parts.push(wrapHelp(help.text.trim(), width));
  parts.push(exitStatusText(help.exit, width));
  if (help.examples) parts.push(`Examples:\n${help.examples.replace(/^\n+|\s+$/g, '')}`);
  return parts.join('\n\n');
}

/** `Exit status:` and one row a status, its meaning continued under itself. */
export function exitStatusText(rows: readonly ExitRow[], width: number): string {
  return ['Exit status:', ...rows.map(([code, meaning]) => hanging(`  ${String(code).padEnd(5)}`, meaning, width))].join('\n');
}

/**
 * Help text wrapped to `width`. The lines at the margin up to a blank or an indented line are a
 * paragraph, re-flowed. An indented line is a row of a list or a table: kept, and when too long
 * continued under its second column (after a run of two spaces), or two spaces in.
 */
export function wrapHelp(text: string, width: number): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) out.push(hanging('', paragraph.join(' '), width));
    paragraph = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() !== '' && !/^\s/.test(line)) {
      paragraph.push(line.trim());
      continue;
    }
    flush();
    if (line.length <= width) out.push(line);
    else {
      const column = /^(\s+\S+(?: \S+)*?\s{2,})\S/.exec(line)?.[1].length ?? line.search(/\S/) + 2;
      out.push(hanging(line.slice(0, column), line.slice(column).trim(), width, ' '.repeat(column)));
    }
  }
  flush();
  return out.join('\n');
}

/** `head` then `words` filling lines of `width`, every line after the first starting with `indent` (head's width of spaces). */
function hanging(head: string, words: string, width: number, indent = ' '.repeat(head.length)): string {
  const lines: string[] = [];
  let line = head;
  let empty = true;
  for (const word of words.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = empty ? line + word : `${line} ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines.join('\n');
}

/** The statuses every command shares, as `kanshi --help` lists them (each command's help says what they mean for it). */
export const PROGRAM_EXITS: readonly ExitRow[] = [
  [EXIT.ok, 'success'],
  [
    EXIT.failed,
    'the job ran, but something failed: an input that cannot be read, a log not downloaded, a SQL error, a database refused, an output that cannot be written (a full disk, a read-only folder: one line names it)',
  ],
  USAGE_EXIT,
  [EXIT.threshold, 'audit --fail-on: every input was read, and findings at that severity exist (1 comes first: an input not read)'],
  [EXIT.timeout, 'query: the statement ran past --timeout (the rows printed are not all of them)'],
  [EXIT.interrupted, 'interrupted (SIGINT, Ctrl-C): what was done is kept, the rest not started'],
  [EXIT.terminated, 'terminated (SIGTERM): the same'],
];
