/**
 * No chart of the report cuts a label (issue 42: "chankan (kakan robb…", Vega's label limit of 180 px, in
 * the chankan and four kans plot). The examples give every chart something to draw.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../../src/report/index.js';
import { openStore } from '../../src/store/index.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { kanshiInProcess } from '../support/in-process.js';

describe('the report\'s charts', () => {
  it('write every label whole', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'kanshi-labels-')), 'examples.sqlite');
    const audit = await kanshiInProcess('audit', join(PROJECT_ROOT, 'logs', 'examples'), '--db', db, '--no-progress', '--allow-unreadable');
    expect(audit.code, audit.stderr).toBe(0);
    const store = openStore(db, { readonly: true });
    let html: string;
    try {
      html = (await buildReport(store)).html;
    } finally {
      store.close();
    }
    const labels = [...html.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(labels).toContain('chankan (kakan robbed)');
    // Vega cuts a label too long for its limit with a trailing ellipsis.
    expect(labels.filter((l) => /…$/.test(l))).toEqual([]);
  });
});
