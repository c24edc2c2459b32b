/**
 * `-` reads one log from standard input (issue 34: `kanshi info -` and `kanshi verify -` looked for a file
 * named "-").
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { kanshi } from '../support/cli.js';
import { corpusFile } from '../support/corpus.js';

const LOG = corpusFile('2016052515gm-00a9-0000-c4d72066.xml');
const OTHER = corpusFile('2010091009gm-00a9-0000-83af2648.xml');

describe('- for standard input', () => {
  it('info - prints the same line as for the file, named -', () => {
    const r = kanshi(['info', '--json', '-'], { input: readFileSync(LOG, 'utf8') });
    expect(r.code, r.stderr).toBe(0);
    const fromFile = JSON.parse(kanshi(['info', '--json', LOG]).stdout);
    expect(JSON.parse(r.stdout)).toEqual({ ...fromFile, file: '-', logId: null });
  });

  it('verify - (gzip on stdin) with a file beside it: standard input first, both verified', () => {
    const r = kanshi(['verify', '--json', '-', OTHER], { input: gzipSync(readFileSync(LOG)) as unknown as string });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.file)).toEqual(['-', OTHER]);
    expect(lines[0].checkedTileCount).toBe(1441);
  });

  it('what cannot be read from standard input is reported as "-", exit 1', () => {
    const empty = kanshi(['info', '-'], { input: '' });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toBe('kanshi: -: byte 0: the file is empty, expected an mjlog (XML, or gzip), tenhou.net/6 JSON or mjai (JSON lines) log\n');
    const big = kanshi(['verify', '-', '--max-log-bytes', '1k'], { input: readFileSync(LOG, 'utf8') });
    expect(big.code).toBe(1);
    expect(big.stderr).toContain('kanshi: -: byte 1024: standard input has more than 1,024 bytes, the limit (--max-log-bytes raises it)');
  });
});
