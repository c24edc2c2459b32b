/**
 * The report's layout as a reader meets it, in headless Chromium at 1200 × 900 (issue 34): the first
 * screen shows where the findings are, not the 32-row knob table (folded above them); nothing is wider
 * than the page, the 700-character rules key included; the rinshan plot's intervals and their labels stay
 * inside its axis.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rinshanChart } from '../../src/report/charts.js';
import { renderSvg } from '../../src/report/svg.js';
import { KNOBS } from '../../src/rules/index.js';
import { kanshiRun } from '../support/in-process.js';
import { corpusFiles } from '../support/corpus.js';
import { launchChromium, openOffline, skipBrowser, warnIfSkipped } from './browser.js';

const LOG_ID_NAME = /^\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}\./;

let dir: string;
let page: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kanshi-layout-'));
  const logs = join(dir, 'logs');
  mkdirSync(logs);
  // Every 12th Tenhou log of the corpus: kans of every kind, and findings under mleague.
  for (const file of corpusFiles().filter((f) => LOG_ID_NAME.test(basename(f))).filter((_, i) => i % 12 === 0)) symlinkSync(file, join(logs, basename(file)));
  const db = join(dir, 'audit.sqlite');
  for (const profile of ['tenhou', 'mleague']) {
    const r = await kanshiRun(['audit', logs, '--db', db, '--profile', profile, '--no-progress']);
    expect(r.code, r.stderr).toBe(0);
  }
  page = join(dir, 'report.html');
  const r = await kanshiRun(['report', '--db', db, '--out', page]);
  expect(r.code, r.stderr).toBe(0);
}, 120_000);

warnIfSkipped('test/report/layout.test.ts');

/** Marks of a plot (rules and texts) that reach past its y axis, as [top, bottom] against the axis's. */
async function outsideAxis(tab: Page, figure: string): Promise<string[]> {
  return tab.$eval(figure, (f) => {
    const axis = [...f.querySelectorAll('g.role-axis')].find((a) => a.getAttribute('aria-label')?.startsWith('Y-axis'));
    const domain = axis?.querySelector('.role-axis-domain line, .role-axis-domain path');
    if (!domain) return ['no y axis'];
    const { top, bottom } = domain.getBoundingClientRect();
    const marks = [...f.querySelectorAll('g.mark-rule.role-mark line, g.mark-rule.role-mark path, g.mark-text.role-mark text')];
    return marks
      .map((m) => m.getBoundingClientRect())
      .filter((b) => b.top < top - 0.5 || b.bottom > bottom + 0.5)
      .map((b) => `mark ${b.top.toFixed(1)}..${b.bottom.toFixed(1)} outside axis ${top.toFixed(1)}..${bottom.toFixed(1)}`);
  });
}

describe.skipIf(skipBrowser)('the report page in headless Chromium, 1200 × 900', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the findings on its first screen; the knobs are folded (they filled it)', async () => {
    const { tab, problems } = await openOffline(browser, page);
    expect(problems).toEqual([]);
    const findingsTop = await tab.$eval('#findings h2', (h) => h.getBoundingClientRect().top);
    expect(findingsTop).toBeLessThan(900 - 100);
    expect(await tab.isVisible('details.knobs table')).toBe(false);
    await tab.click('details.knobs > summary');
    expect(await tab.isVisible('details.knobs table')).toBe(true);
    expect(await tab.$$eval('details.knobs tbody tr', (rows) => rows.length)).toBe(KNOBS.length);
    await tab.close();
  });

  it('is no wider than the window, with the knobs and the rules key unfolded', async () => {
    const { tab } = await openOffline(browser, page);
    if (await tab.$('details.knobs > summary')) await tab.click('details.knobs > summary');
    const wide = await tab.$eval('html', (root) => {
      const width = root.clientWidth;
      return {
        scroll: root.scrollWidth - width,
        elements: [...root.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width + 1).map((e) => `${e.tagName}.${e.className}`).slice(0, 5),
      };
    });
    expect(wide).toEqual({ scroll: 0, elements: [] });
    await tab.close();
  });

  it("keeps the rinshan plot's intervals and labels inside its axis, on the page and for a rate of 2 in 2", async () => {
    const { tab } = await openOffline(browser, page);
    expect(await outsideAxis(tab, '#plot-rinshan-rate')).toEqual([]);
    await tab.close();
    // Few draws: intervals up to 100%, where the label over the highest had no room.
    const chart = rinshanChart([
      { kind: 'ankan', replacementDrawCount: 1000, rinshanWinCount: 20 },
      { kind: 'daiminkan', replacementDrawCount: 3, rinshanWinCount: 1 },
      { kind: 'kakan', replacementDrawCount: 2, rinshanWinCount: 2 },
    ])!;
    const small = join(dir, 'small.html');
    writeFileSync(small, `<!doctype html><html><body><figure id="plot">${await renderSvg(chart.spec, chart.id)}</figure></body></html>`);
    const opened = await openOffline(browser, small);
    expect(await outsideAxis(opened.tab, '#plot')).toEqual([]);
    await opened.tab.close();
  });
});
