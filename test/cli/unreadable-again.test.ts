/**
 * A file that could not be read, then read fine (issue 34): it is no longer counted among the files that
 * could not be read, whichever folder the second audit runs from.
 */
import { mkdirSync, mkdtempSync, renameSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { kanshiRun } from '../support/in-process.js';
import { corpusFile } from '../support/corpus.js';

it('a file missing during an audit and restored is counted as read once audited again, from another folder too', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-unread-'));
  const logs = join(dir, 'logs');
  mkdirSync(logs);
  const names = ['2016052515gm-00a9-0000-c4d72066.xml', '2020052221gm-00a9-0000-6f0524c7.xml'];
  for (const name of names) symlinkSync(corpusFile(name), join(logs, name));
  const db = join(dir, 'audit.sqlite');
  // Unreadable when the audit reads them: here over a size limit; a file deleted in the middle of an audit
  // is stored the same way, by its path.
  const first = await kanshiRun(['audit', 'logs', '--db', db, '--max-log-bytes', '100', '--no-progress'], { cwd: dir });
  // Two inputs that could not be read: exit status 1 and one line saying where to look (issue 42).
  expect(first.code, first.stderr).toBe(1);
  expect(first.stderr).toContain(`kanshi: 2 inputs could not be read or audited: their findings say why (kanshi query --db ${db} "SELECT file, message FROM finding_list WHERE kind IN ('ingest-error', 'audit-error')")\n`);
  const stats = async () => JSON.parse((await kanshiRun(['stats', '--db', db, '--json'])).stdout).ruleSet;
  expect(await stats()).toMatchObject({ gameCount: 2, readGameCount: 0, failedGameCount: 2 });
  // One is read again from the audit's folder, the other from elsewhere, named another way.
  renameSync(join(logs, names[1]), join(dir, 'aside.xml'));
  expect((await kanshiRun(['audit', 'logs', '--db', db, '--no-progress'], { cwd: dir })).code).toBe(0);
  renameSync(join(dir, 'aside.xml'), join(logs, names[1]));
  expect((await kanshiRun(['audit', join('..', 'logs', names[1]), '--db', db, '--no-progress'], { cwd: join(dir, 'logs') })).code).toBe(0);
  expect(await stats()).toMatchObject({ gameCount: 2, readGameCount: 2, failedGameCount: 0 });
});
