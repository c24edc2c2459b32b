/**
 * Every command's help in one shape and one width (issue 42): the exit statuses had their own section in
 * ten commands, were buried in prose in four and missing in stats, rules and completion; help wrapped at
 * 80 columns in one place, 103 in another and 199 in a third.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../src/cli/program.js';
import { HELP_WIDTH, wrapHelp } from '../../src/cli/help.js';
import { kanshiInProcess } from '../support/in-process.js';

// Help printed to a file or pipe: the one width, whatever terminal runs the tests.
const tty = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
beforeAll(() => Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true }));
afterAll(() => {
  if (tty) Object.defineProperty(process.stdout, 'isTTY', tty);
  else delete (process.stdout as { isTTY?: boolean }).isTTY;
});

async function help(...command: string[]): Promise<string[]> {
  const r = await kanshiInProcess(...command, '--help');
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.replace(/\n$/, '').split('\n');
}

/** The rows of the section `Exit status:`: each status with its meaning, continuation lines joined. */
function exitRows(lines: string[]): { code: number; meaning: string }[] {
  const start = lines.indexOf('Exit status:');
  const rows: { code: number; meaning: string }[] = [];
  for (const line of lines.slice(start + 1)) {
    const row = /^ {2}(\d+) +(\S.*)$/.exec(line);
    if (row) rows.push({ code: Number(row[1]), meaning: row[2] });
    else if (/^ {7}\S/.test(line)) rows[rows.length - 1].meaning += ` ${line.trim()}`;
    else break;
  }
  return rows;
}

describe('help', () => {
  for (const command of ['', ...COMMAND_NAMES]) {
    it(`kanshi ${command || ''} --help: one width, and one "Exit status:" section, last before the examples`, async () => {
      const lines = await help(...(command ? [command] : []));
      const wide = lines.filter((l) => l.length > HELP_WIDTH);
      expect(wide, `lines over ${HELP_WIDTH} columns`).toEqual([]);
      // Wrapped to the width, not to 80: the options' descriptions and the prose fill the lines (completion's
      // help is short enough to fit in 80).
      if (command !== 'completion') expect(Math.max(...lines.map((l) => l.length))).toBeGreaterThan(90);
      // The statuses in their section only, not in the prose.
      expect(lines.filter((l) => /exit status/i.test(l))).toEqual(['Exit status:']);
      const at = lines.indexOf('Exit status:');
      expect(lines[at - 1]).toBe('');
      const rows = exitRows(lines);
      const codes = rows.map((r) => r.code);
      expect(codes[0]).toBe(0);
      expect(codes).toContain(2);
      expect(codes).toEqual([...codes].sort((a, b) => a - b));
      const after = lines.slice(at + 1).findIndex((l) => l === '');
      // After the statuses: nothing, or the examples (the program's own help ends with one line about the commands').
      const rest = after < 0 ? [] : lines.slice(at + 1 + after + 1);
      if (rest.length > 0) expect(rest[0]).toMatch(command ? /^Examples:$/ : /^Each command's --help says/);
    });
  }

  it('says how audit --fail-on (3) and an input not read (1) combine', async () => {
    const rows = exitRows(await help('audit'));
    expect(rows.find((r) => r.code === 1)?.meaning).toMatch(/an input could not be read/);
    expect(rows.find((r) => r.code === 3)?.meaning).toMatch(/when every input was read.*an input not read is 1, which comes first/);
  });

  it('re-flows prose to the width and continues a long row under its second column', () => {
    const text = 'word '.repeat(30).trim() + '\nnext line of the same paragraph\n\n  name    ' + 'meaning '.repeat(12).trim() + '\n  kept as it is';
    expect(wrapHelp(text, 40).split('\n')).toEqual([
      'word word word word word word word word',
      'word word word word word word word word',
      'word word word word word word word word',
      'word word word word word word next line',
      'of the same paragraph',
      '',
      '  name    meaning meaning meaning',
      '          meaning meaning meaning',
      '          meaning meaning meaning',
      '          meaning meaning meaning',
      '  kept as it is',
    ]);
  });
});
