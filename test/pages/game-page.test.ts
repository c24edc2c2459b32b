/**
 * `kanshi replay LOG --html FILE` end to end: pages written by the built CLI for corpus games (a 4-player
 * hanchan with six kans, four of them in one hand, under mleague, where the audit flags two reveals; a
 * 3-player game with kans and kita; a tenhou.net/6 JSON game without a seed), then opened in headless
 * Chromium: no console error, no request beyond the file, a dead-wall picture for every hand with a kan
 * or a kita (counted from the log's own calls), every tile a symbol the page defines, each flagged kan
 * shown as differing. Screenshots are saved beside the pages, in the test's temporary folder.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditGame } from '../../src/audit/index.js';
import type { GameLog } from '../../src/events/index.js';
import { readLogFile } from '../../src/ingest/index.js';
import { ruleSet } from '../../src/rules/index.js';
import { kanshiRun } from '../support/in-process.js';
import { corpusFile } from '../support/corpus.js';
import { launchChromium, openOffline, skipBrowser, warnIfSkipped } from '../report/browser.js';

interface Case {
  name: string;
  file: string;
  profile: string;
  players: 3 | 4;
  seeded: boolean;
}

const CASES: Case[] = [
  { name: 'four-kans', file: corpusFile('2016052515gm-00a9-0000-c4d72066.xml'), profile: 'mleague', players: 4, seeded: true },
  { name: 'three-player', file: corpusFile('2020010111gm-00b9-0000-7a4c92ad.xml'), profile: 'tenhou', players: 3, seeded: true },
  { name: 'json-unseeded', file: corpusFile('2008121721gm-00c1-0000-fcadb0d7.json'), profile: 'mleague', players: 4, seeded: false },
];

/** 500 KB: the limit for a hanchan's page. */
const PAGE_LIMIT = 500 * 1024;

/** Hands (1-based) whose log has a kan or a kita call: read from the events, not from the replay the page uses. */
function handsWithKanOrKita(game: GameLog): number[] {
  const kinds = new Set(['ankan', 'daiminkan', 'kakan', 'kita']);
  return game.hands.flatMap((round, i) => (round.events.some((e) => e.type === 'call' && kinds.has(e.meld)) ? [i + 1] : []));
}

let dir: string;
const pages = new Map<string, string>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kanshi-game-page-'));
  for (const c of CASES) {
    const page = join(dir, `${c.name}.html`);
    const r = await kanshiRun(['replay', c.file, '--profile', c.profile, '--html', page]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^wrote ${page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+ KB\\): \\d+ hands? drawn of \\d+, \\d+ findings? in them\\n$`));
    pages.set(c.name, page);
  }
});

describe('kanshi replay --html (the file)', () => {
  it('writes one self-contained page under 500 KB, a dead wall per hand with a kan or kita', () => {
    for (const c of CASES) {
      const html = readFileSync(pages.get(c.name)!, 'utf8');
      expect(html).not.toMatch(/<script|<link |<img |@import|url\(|@font-face/i);
      const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(hrefs.filter((h) => !h.startsWith('#') && !h.startsWith('https://tenhou.net/0/?log='))).toEqual([]);
      expect(statSync(pages.get(c.name)!).size, c.name).toBeLessThan(PAGE_LIMIT);
      const hands = handsWithKanOrKita(readLogFile(c.file));
      expect(hands.length, c.name).toBeGreaterThan(0);
      expect([...html.matchAll(/<svg class="dead-wall" data-dead-wall="" data-hand="(\d+)"/g)].map((m) => Number(m[1])), c.name).toEqual(hands);
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('stays under 500 KB for a hanchan with every hand drawn', async () => {
    const page = join(dir, 'all-hands.html');
    const r = await kanshiRun(['replay', CASES[0].file, '--html', page, '--all-hands']);
    expect(r.code, r.stderr).toBe(0);
    const game = readLogFile(CASES[0].file);
    expect(game.rule.length).toBe('hanchan');
    const html = readFileSync(page, 'utf8');
    expect(html.match(/data-dead-wall=""/g)).toHaveLength(game.hands.length);
    expect(statSync(page).size).toBeLessThan(PAGE_LIMIT);
  });
});

warnIfSkipped('test/pages/game-page');

describe.skipIf(skipBrowser)('kanshi replay --html in headless Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const c of CASES) {
    it(`${c.name}: renders with no console error, a dead wall for every hand with a kan or kita, flagged kans shown as differing`, async () => {
      const page = pages.get(c.name)!;
      const game = readLogFile(c.file);
      const { tab, problems, requests, url } = await openOffline(browser, page);
      expect(problems).toEqual([]);
      expect(requests).toEqual([url]);

      // One picture per hand with a kan or kita, each drawn (a real box) with its 7 stacks of two at least.
      const walls = await tab.$$eval('svg[data-dead-wall]', (svgs) =>
        svgs.map((svg) => {
          const box = svg.getBoundingClientRect();
          return {
            hand: Number(svg.getAttribute('data-hand')),
            players: Number(svg.getAttribute('data-players')),
            slots: svg.querySelectorAll('g.slot').length,
            used: svg.querySelectorAll('g.slot.used').length,
            turned: svg.querySelectorAll('g.slot.indicator.turned').length,
            unknown: svg.querySelectorAll('g.slot.unknown').length,
            width: box.width,
            height: box.height,
          };
        }),
      );
      expect(walls.map((w) => w.hand)).toEqual(handsWithKanOrKita(game));
      for (const w of walls) {
        expect(w.players).toBe(c.players);
        expect(w.slots, `hand ${w.hand}`).toBeGreaterThanOrEqual(14);
        expect(w.turned, `hand ${w.hand}: the dora indicator at least`).toBeGreaterThanOrEqual(1);
        expect(w.width).toBeGreaterThan(200);
        expect(w.height).toBeGreaterThan(80);
        if (c.seeded) expect(w.unknown, `hand ${w.hand}: a seeded wall knows every tile`).toBe(0);
      }
      if (!c.seeded) expect(walls.some((w) => w.unknown > 0)).toBe(true);
      expect(walls.some((w) => w.used > 0)).toBe(true);

      // Every tile drawn is a symbol the page defines.
      const missing = await tab.$$eval('use', (uses) =>
        uses.filter((u) => !u.ownerDocument.getElementById((u.getAttribute('href') ?? '').slice(1))).map((u) => u.getAttribute('href')),
      );
      expect(missing).toEqual([]);

      // Every kan the audit flags for its reveal is a differing step, and its hand's dead wall marks where.
      const findings = auditGame(c.file, '', game, ruleSet({ profile: c.profile })).findings;
      const timing = findings.filter((f) => f.kind === 'kandora-timing-mismatch');
      if (c.name === 'four-kans') expect(timing.length).toBeGreaterThan(0);
      for (const f of timing) {
        const step = tab.locator(`section#hand-${f.hand} li.step.kan[data-event-index="${f.eventIndex}"]`);
        expect(await step.count(), `hand ${f.hand}, event ${f.eventIndex}`).toBe(1);
        expect(await step.getAttribute('class')).toMatch(/\bdiffers\b/);
        expect(await step.locator('table.moments.differs').count()).toBe(1);
        expect(await step.locator('li.finding[data-kind="kandora-timing-mismatch"]').count()).toBe(1);
        expect(await tab.locator(`svg[data-dead-wall][data-hand="${f.hand}"] .ring.differs`).count()).toBeGreaterThan(0);
      }
      // An untimed log's count mismatch: the hand lists it, and its wall marks the indicator the rule adds.
      for (const f of findings.filter((x) => x.kind === 'kandora-count-mismatch')) {
        expect(await tab.locator(`section#hand-${f.hand} li.finding[data-kind="kandora-count-mismatch"]`).count()).toBe(1);
        expect(await tab.locator(`svg[data-dead-wall][data-hand="${f.hand}"] g.slot.indicator.rule.differs`).count()).toBeGreaterThan(0);
      }
      // Every finding of a drawn hand is on the page, with a viewer link for a Tenhou game.
      const drawn = new Set(walls.map((w) => w.hand));
      const listed = await tab.locator('li.finding').count();
      expect(listed).toBe(findings.filter((f) => f.hand === null || drawn.has(f.hand)).length);
      if (game.logId) {
        const links = await tab.$$eval('section.hand li.finding a.viewer', (as) => as.map((a) => a.getAttribute('href')));
        for (const href of links) expect(href).toMatch(/^https:\/\/tenhou\.net\/0\/\?log=\d{10}gm-[0-9a-f-]+&tw=[0-3]&ts=\d+$/);
      }

      const shot = join(dir, `${c.name}.png`);
      await tab.screenshot({ path: shot, fullPage: true });
      expect(statSync(shot).size).toBeGreaterThan(10_000);
      await tab.close();
    });
  }
});
