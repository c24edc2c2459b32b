/**
 * `kanshi report` end to end: the corpus's Tenhou logs audited under two rule sets, the page written by
 * the built CLI, then opened in headless Chromium (Debian's `chromium`, driven by playwright-core): it
 * renders with no console error and no request beyond the file, every plot has marks, every finding a
 * viewer link. A screenshot is saved beside the page.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kanshiRun } from '../support/in-process.js';
import { corpusFiles, manifest } from '../support/corpus.js';
import { launchChromium, openOffline, skipBrowser, warnIfSkipped } from './browser.js';

const LOG_ID_NAME = /^\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}\./;

let dir: string;
let db: string;
let page: string;

/** The corpus files named by their Tenhou log id (every game then has a viewer link), linked into one folder. */
function tenhouLogs(): string {
  const logs = join(dir, 'logs');
  mkdirSync(logs);
  for (const file of corpusFiles().filter((f) => LOG_ID_NAME.test(basename(f)))) symlinkSync(file, join(logs, basename(file)));
  return logs;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kanshi-report-'));
  db = join(dir, 'corpus.sqlite');
  const logs = tenhouLogs();
  // mleague first, tenhou last: the report's default is the latest rule set; mleague gives hundreds of warnings.
  for (const profile of ['mleague', 'tenhou']) {
    const r = await kanshiRun(['audit', logs, '--db', db, '--profile', profile]);
    expect(r.code, r.stderr).toBe(0);
  }
  page = join(dir, 'report.html');
});

describe('kanshi report (command)', () => {
  it('writes one self-contained page for the latest rule set', async () => {
    const r = await kanshiRun(['report', '--db', db, '--out', page]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*report\.html \(\d+ KB\): rule set tenhou, \d+ games, \d+ findings, \d+ plots/);
    const html = readFileSync(page, 'utf8');
    // Offline: no script, no external stylesheet, image or font; links only to the viewer (and in-page anchors).
    expect(html).not.toMatch(/<script|<link |<img |@import|url\(http/i);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.filter((h) => !h.startsWith('#') && !h.startsWith('https://tenhou.net/0/?log='))).toEqual([]);
    for (const id of ['audited', 'findings', 'kans', 'riichi-kans', 'kandora', 'chankan', 'conformance', 'rule-sets']) {
      expect(html).toContain(`<section id="${id}">`);
    }
    // Nothing left of the atomic write.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('caps the findings listed per kind and counts the rest', async () => {
    const out = join(dir, 'mleague.html');
    const r = await kanshiRun(['report', '--db', db, '--profile', 'mleague', '--out', out, '--findings-per-kind', '50']);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    const timing = html.slice(html.indexOf('data-kind="kandora-timing-mismatch"'));
    const rows = timing.slice(0, timing.indexOf('</details>')).match(/<tr class="finding">/g) ?? [];
    expect(rows).toHaveLength(50);
    expect(timing).toMatch(/… and [\d,]+ more/);
  });

  it('groups the findings by family and names the checks that found nothing, with their knob', async () => {
    const family = (html: string, id: string) => {
      const from = html.indexOf(`data-family="${id}"`);
      expect(from, id).toBeGreaterThan(0);
      const next = html.indexOf('<div class="family"', from);
      return html.slice(from, next < 0 ? undefined : next);
    };
    const tenhou = readFileSync(page, 'utf8');
    // Tenhou's own logs break none of the legality checks: each is named as checked, with the rule set's value.
    // The index line: each family's part and its count. Under tenhou the kan family holds the chankan wins and
    // four-kan aborts the MANIFEST counts, the legality family nothing.
    const index = tenhou.match(/<p class="families">.*?<\/p>/)?.[0] ?? '';
    const named = manifest().filter((row) => LOG_ID_NAME.test(row.file));
    const kanFindings = named.reduce((n, row) => n + row.chankanWins + row.kan4Aborts, 0);
    expect(kanFindings).toBeGreaterThan(0);
    expect(index).toContain(`<a href="#findings-kan">kans</a> ${kanFindings}`);
    expect(index).toContain('<a href="#findings-legality">every other action</a> 0');
    for (const [, id] of index.matchAll(/href="#([^"]+)"/g)) expect(tenhou).toContain(`id="${id}"`);
    const legality = family(tenhou, 'legality');
    expect(legality).toMatch(/Checked, none found: .*<code>furiten-ron<\/code>/);
    expect(legality).toContain('<code>multiple-ron-mismatch</code> (multipleRon = triple-aborts)');
    expect(legality).not.toContain('<table');
    // Under mleague the corpus's double rons are refused (atamahane) and its abortive draws are unexpected.
    const out = join(dir, 'mleague-families.html');
    expect((await kanshiRun(['report', '--db', db, '--profile', 'mleague', '--out', out])).code).toBe(0);
    const mleague = family(readFileSync(out, 'utf8'), 'legality');
    expect(mleague).toMatch(/<td>multiple-ron-mismatch<\/td><td class="n">[\d,]+<\/td><td class="n">[\d,]+<\/td><td>multipleRon = atamahane<\/td>/);
    expect(mleague).toContain('abortive-draw-unexpected');
    expect(family(readFileSync(out, 'utf8'), 'kan')).toContain('kandora-timing-mismatch');
  });

  it('says clearly what is wrong: no database, an unknown profile, a profile not audited, an unwritable file', async () => {
    const missing = await kanshiRun(['report', '--db', join(dir, 'none.sqlite'), '--out', join(dir, 'x.html')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no database at .*none\.sqlite/);
    const unknown = await kanshiRun(['report', '--db', db, '--profile', 'tenhuo', '--out', join(dir, 'x.html')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown profile "tenhuo" \(profiles: tenhou, /);
    const notAudited = await kanshiRun(['report', '--db', db, '--profile', 'ema', '--out', join(dir, 'x.html')]);
    expect(notAudited.code).toBe(1);
    expect(notAudited.stderr).toMatch(/no audit under the profile "ema"/);
    const unwritable = await kanshiRun(['report', '--db', db, '--out', join(dir, 'no-such-folder', 'x.html')]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(/cannot write .*x\.html/);
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
  });

  it('has help with an example', async () => {
    const r = await kanshiRun(['report', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Examples:\n\s+kanshi audit .*\n\s+kanshi report --db corpus\.sqlite --out corpus\.html/);
  });
});

warnIfSkipped('test/report');

describe.skipIf(skipBrowser)('kanshi report in headless Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('renders with no console error, every plot has marks and every finding a viewer link', async () => {
    if (!existsSync(page)) expect((await kanshiRun(['report', '--db', db, '--out', page])).code).toBe(0);
    const { tab, problems, requests, url } = await openOffline(browser, page);

    expect(problems).toEqual([]);
    expect(requests).toEqual([url]);

    const plots = await tab.$$eval('figure.plot', (figures) =>
      figures.map((f) => {
        const svg = f.querySelector('svg');
        const marks = svg ? [...svg.querySelectorAll('g.role-mark > path, g.role-mark > text, g.role-mark > line')] : [];
        const box = svg?.getBoundingClientRect();
        return {
          id: f.id,
          marks: marks.length,
          drawn: marks.filter((m) => m.tagName !== 'path' || (m.getAttribute('d') ?? '').length > 0).length,
          width: box?.width ?? 0,
          height: box?.height ?? 0,
        };
      }),
    );
    expect(plots.map((p) => p.id).sort()).toEqual(
      [
        'chankan-four-kans', 'findings-by-kind', 'games-by-year', 'kandora-conformance', 'kandora-hits', 'kandora-timing', 'kans-per-game',
        'riichi-kans-by-turn', 'riichi-kans-since-riichi', 'rinshan-rate', 'rule-set-comparison',
      ].map((id) => `plot-${id}`),
    );
    for (const p of plots) {
      expect(p.drawn, p.id).toBeGreaterThan(0);
      expect(p.width, p.id).toBeGreaterThan(100);
      expect(p.height, p.id).toBeGreaterThan(50);
    }

    const findings = await tab.$$eval('tr.finding', (rows) =>
      rows.map((r) => r.querySelector('a.viewer')?.getAttribute('href') ?? null),
    );
    expect(findings.length).toBeGreaterThan(0);
    for (const href of findings) expect(href).toMatch(/^https:\/\/tenhou\.net\/0\/\?log=\d{10}gm-[0-9a-f-]+&tw=[0-3](&ts=\d+)?$/);
    // And the command that draws the finding's game, at its hand, under the report's rule set.
    const commands = await tab.$$eval('tr.finding td.page code.cmd', (codes) => codes.map((c) => c.textContent ?? ''));
    expect(commands).toHaveLength(findings.length);
    for (const c of commands) expect(c).toMatch(/^kanshi replay \S+ (--hand \d+ )?--profile tenhou --html \S+\.html$/);

    const shot = join(dir, 'report.png');
    await tab.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
    await tab.close();
  });
});
