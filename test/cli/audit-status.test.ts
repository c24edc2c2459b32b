/**
 * `kanshi audit` on a file it cannot read (issue 42): an empty, truncated or JPEG file gave exit status 0
 * and nothing on stderr, the reason only among the findings, where `info` and `verify` exit 1.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';
import { kanshiInProcess } from '../support/in-process.js';

const EXAMPLES = join(PROJECT_ROOT, 'logs', 'examples');

function inputs(): { dir: string; broken: string[]; good: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-audit-status-'));
  const empty = join(dir, 'empty.xml');
  writeFileSync(empty, '');
  const truncated = join(dir, 'truncated.mjlog');
  const whole = readFileSync(join(EXAMPLES, 'chankan.mjlog'));
  writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
  const jpeg = join(dir, 'photo.xml');
  writeFileSync(jpeg, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]));
  const good = join(dir, 'chankan.mjlog');
  copyFileSync(join(EXAMPLES, 'chankan.mjlog'), good);
  return { dir, broken: [empty, truncated, jpeg], good };
}

describe('kanshi audit and the inputs it cannot read', () => {
  it('exits 1 with one line giving the count and where to look; 1 comes before --fail-on\'s 3; --allow-unreadable lets them pass', async () => {
    const { dir, broken, good } = inputs();
    const db = join(dir, 'a.sqlite');
    const line = `kanshi: 3 inputs could not be read or audited: their findings say why (kanshi query --db ${db} "SELECT file, message FROM finding_list WHERE kind IN ('ingest-error', 'audit-error')")\n`;
    const r = await kanshiInProcess('audit', ...broken, good, '--db', db, '--no-progress');
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('kanshi: '))).toEqual([line.trim()]);
    // The query the line gives lists them.
    const read = new Database(db, { readonly: true });
    const listed = read.prepare("SELECT file, message FROM finding_list WHERE kind IN ('ingest-error', 'audit-error')").all() as { file: string }[];
    read.close();
    expect(listed.map((f) => f.file).sort()).toEqual([...broken].sort());
    // A finding over the threshold does not hide what was not read: still 1.
    expect((await kanshiInProcess('audit', ...broken, good, '--db', db, '--no-progress', '--fail-on', 'error')).code).toBe(1);
    const allowed = await kanshiInProcess('audit', ...broken, good, '--db', db, '--no-progress', '--allow-unreadable');
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toContain(line);
    // Allowed, an unreadable input is one more error finding for --fail-on.
    expect((await kanshiInProcess('audit', ...broken, good, '--db', db, '--no-progress', '--allow-unreadable', '--fail-on', 'error')).code).toBe(3);
    // Every input read: 0, as before.
    expect((await kanshiInProcess('audit', good, '--db', db, '--no-progress')).code).toBe(0);
  });

  it('--json when the database cannot be opened: the summary, nothing audited, with the error (issue 42: nothing on stdout)', async () => {
    const { dir, good } = inputs();
    const db = join(dir, 'notes.sqlite');
    writeFileSync(db, 'not a database at all, just words '.repeat(30));
    const r = await kanshiInProcess('audit', good, '--db', db, '--no-progress', '--json');
    expect(r.code).toBe(1);
    const error = `cannot open the database ${db}: file is not a database`;
    expect(r.stderr).toBe(`kanshi: ${error}\n`);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ gameCount: 0, failedFileCount: 0, db: null, interrupted: false, error });
    // The same keys as a summary of an audit that ran.
    const ran = JSON.parse((await kanshiInProcess('audit', good, '--db', join(dir, 'a.sqlite'), '--no-progress', '--json')).stdout);
    expect(Object.keys(summary).filter((k) => k !== 'error')).toEqual(Object.keys(ran));
  });
});
