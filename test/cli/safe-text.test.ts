/**
 * Text from logs shown safely (issue 42): `query`'s table printed ESC, BEL, CR and NUL from players' names,
 * and an error message quoted `"^[]0;PWNED^G^[[2J"` from a log as it is, so a log could retitle the
 * user's terminal and clear it. Text output, tables and messages now show control characters escaped, as
 * JSON writes them; CSV and JSON stay exact.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shown, shownInline } from '../../src/cli/safe-text.js';
import { RowPrinter, type QueryFormat } from '../../src/cli/query-format.js';
import { kanshi, PROJECT_ROOT } from '../support/cli.js';
import { kanshiInProcess } from '../support/in-process.js';

const EXAMPLES = join(PROJECT_ROOT, 'logs', 'examples');
/** What the log's text holds: a window title, a bell, a clear screen, a carriage return, a NUL, DEL and CSI (C1). */
const PWNED = '\u001b]0;PWNED\u0007\u001b[2J\r\u0000\u007f\u009b';
const PWNED_SHOWN = '\\u001b]0;PWNED\\u0007\\u001b[2J\\r\\u0000\\u007f\\u009b';
/** Any control character but the line break, raw. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'kanshi-safe-text-'));
}

describe('shown', () => {
  it('escapes C0 controls (the line break aside), DEL and C1 as JSON writes them, and leaves the rest', () => {
    expect(shown(`a${PWNED}b\n四鳳南喰赤 é`)).toBe(`a${PWNED_SHOWN}b\n四鳳南喰赤 é`);
    expect(shownInline('x\ny\tz')).toBe('x\\ny\\tz');
    expect(shown('')).toBe('');
  });

  it('query table rows show them escaped, header included; csv and json keep every byte', () => {
    const print = (format: QueryFormat): string => {
      let text = '';
      const printer = new RowPrinter([`name${PWNED}`], format, (t) => (text += t));
      printer.add([[`${PWNED}x`], ['plain']]);
      printer.end();
      return text;
    };
    const table = print('table');
    expect(table).not.toMatch(RAW_CONTROL);
    expect(table.split('\n')[0]).toBe(`name${PWNED_SHOWN}`);
    expect(table).toContain(`\n${PWNED_SHOWN}x\n`);
    // Quoted for the carriage return each holds (RFC 4180), every byte kept.
    expect(print('csv')).toBe(`"name${PWNED}"\n"${PWNED}x"\nplain\n`);
    expect(JSON.parse(print('json'))).toEqual([{ [`name${PWNED}`]: `${PWNED}x` }, { [`name${PWNED}`]: 'plain' }]);
  });
});

describe('a log whose text holds control characters', () => {
  it('an error quoting it: escaped on stderr and in audit\'s summary; exact in --json', async () => {
    const dir = scratch();
    const file = join(dir, 'evil.jsonl');
    const event = JSON.stringify({ type: PWNED });
    writeFileSync(file, readFileSync(join(EXAMPLES, 'ura-unrecorded.jsonl'), 'utf8') + event + '\n');
    const text = await kanshiInProcess('info', file);
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(new RegExp(`^kanshi: ${file}: line \\d+: ${PWNED_SHOWN.replace(/[\\[\]]/g, '\\$&')} after end_game\\n$`));
    const json = await kanshiInProcess('info', '--json', file);
    expect((JSON.parse(json.stdout) as { error: string }).error).toMatch(new RegExp(`: ${PWNED.replace(/[[\]]/g, '\\$&')} after end_game$`));
    const audit = await kanshiInProcess('audit', file, '--db', join(dir, 'a.sqlite'), '--no-progress');
    expect(audit.stdout).toContain(`${PWNED_SHOWN} after end_game`);
    expect(audit.stdout + audit.stderr).not.toMatch(RAW_CONTROL);
  });

  it("a player's name: kanshi query's table shows it escaped", async () => {
    const dir = scratch();
    const file = join(dir, 'evil.mjlog');
    const name = encodeURIComponent(PWNED).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    writeFileSync(file, readFileSync(join(EXAMPLES, 'chankan.mjlog'), 'utf8').replace(/ n0="[^"]*"/, ` n0="${name}"`));
    const db = join(dir, 'a.sqlite');
    expect((await kanshiInProcess('audit', file, '--db', db, '--no-progress')).code).toBe(0);
    const r = kanshi(['query', '--db', db, 'SELECT name FROM players WHERE seat = 0']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`name\n${'-'.repeat(PWNED_SHOWN.length)}\n${PWNED_SHOWN}\n(1 row)\n`);
  });
});
