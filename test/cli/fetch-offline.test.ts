/**
 * `kanshi fetch` that saves nothing (issue 42: offline, it left an empty --out folder behind, and its
 * summary began `fetch:`, where every other line of kanshi's begins `kanshi:`).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kanshiInProcess } from '../support/in-process.js';

const ID = '2016052515gm-00a9-0000-c4d72066';

/** A port on this machine where nothing listens: a connection to it is refused, as offline. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('kanshi fetch offline', () => {
  it('makes no --out folder, and says so in a kanshi: line; a file in the folder\'s place is still refused first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-fetch-offline-'));
    const out = join(dir, 'new', 'logs');
    const base = `http://127.0.0.1:${await closedPort()}`;
    const r = await kanshiInProcess('fetch', ID, '--out', out, '--base-url', base, '--retries', '0', '--delay-ms', '0');
    expect(r.code).toBe(1);
    expect(existsSync(join(dir, 'new'))).toBe(false);
    expect(r.stderr.trim().split('\n').at(-1)).toBe(`kanshi: fetch of 1 log into ${out}: 0 saved, 0 skipped (already there), 0 not found, 0 invalid, 1 failed`);
    writeFileSync(join(dir, 'a-file'), 'not a folder');
    const blocked = await kanshiInProcess('fetch', ID, '--out', join(dir, 'a-file', 'logs'), '--base-url', base, '--retries', '0');
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toBe(`kanshi: --out ${join(dir, 'a-file', 'logs')}: cannot create the folder: a part of the path is not a folder\n`);
  });
});
