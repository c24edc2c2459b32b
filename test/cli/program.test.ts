/** What every command shares (issue 16): one error style on stderr, and exit statuses kanshi --help lists. */
import { describe, expect, it } from 'vitest';
import { kanshiInProcess } from '../support/in-process.js';
import { corpusFile } from '../support/corpus.js';

describe('commander\'s own errors', () => {
  it('come out as kanshi: <what>, exit 2, with the hint to --help', async () => {
    for (const [args, message] of [
      [['info'], "kanshi: missing required argument 'path'"],
      [['info', 'logs', '--frobnicate'], "kanshi: unknown option '--frobnicate'"],
      [['frobnicate'], "kanshi: unknown command 'frobnicate'"],
      [['events', 'a', 'b'], "kanshi: too many arguments for 'events'. Expected 1 argument but got 2."],
      [['fetch', 'x', '--format', 'yaml'], "kanshi: option '--format <format>' argument 'yaml' is invalid. Allowed choices are mjlog, tenhou6 (or xml, json)."],
    ] as const) {
      const r = await kanshiInProcess(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`${message}\n(run with --help for usage)\n`);
    }
  });

  it('no message says error: or names a system error by its code', async () => {
    const missing = await kanshiInProcess('replay', 'no-such.mjlog');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('kanshi: no-such.mjlog: no such file or folder\n');
    const folder = await kanshiInProcess('events', corpusFile('.'));
    expect(folder.code).toBe(1);
    expect(folder.stderr).toMatch(/^kanshi: .*: is a folder, not a file\n$/);
  });
});

describe('kanshi --help', () => {
  it('lists the exit statuses every command uses', async () => {
    const help = (await kanshiInProcess('--help')).stdout;
    expect(help).toContain(
      [
        'Exit status:',
        '  0    success',
        '  1    the job ran, but something failed: an input that cannot be read, a log not downloaded, a SQL',
        '       error, a database refused, an output that cannot be written (a full disk, a read-only folder:',
        '       one line names it)',
        '  2    a usage error: an unknown option, a missing argument, a bad value (nothing was done)',
        '  3    audit --fail-on: every input was read, and findings at that severity exist (1 comes first: an',
        '       input not read)',
        '  124  query: the statement ran past --timeout (the rows printed are not all of them)',
        '  130  interrupted (SIGINT, Ctrl-C): what was done is kept, the rest not started',
        '  143  terminated (SIGTERM): the same',
        '',
        "Each command's --help says what its statuses mean for it.",
      ].join('\n'),
    );
    // each command's own statuses on its own help
    expect((await kanshiInProcess('info', '--help')).stdout).toContain('Exit status:\n  0    every log was read\n');
  });
});

describe('-o (issue 34: no -o for the commands that write a file)', () => {
  it('export, fetch and report take -o for --out', async () => {
    for (const command of ['export', 'fetch', 'report']) expect((await kanshiInProcess(command, '--help')).stdout).toMatch(/^\s+-o, --out <(dir|file)>/m);
  });

  it('export -o DIR writes there as --out does', async () => {
    const { mkdtempSync, readdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-o-'));
    const r = await kanshiInProcess('export', '--format', 'tenhou6', corpusFile('2016052515gm-00a9-0000-c4d72066.xml'), '-o', dir);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual(['2016052515gm-00a9-0000-c4d72066.json']);
  });
});
