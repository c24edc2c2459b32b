/**
 * The report's pieces: queries → data on a small audited database, specs → SVG with marks, ids kept
 * apart, the page's text escaped.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  chankanFourKansChart,
  comparisonChart,
  findingsChart,
  gamesByYearChart,
  kandoraConformanceChart,
  kandoraHitsChart,
  kandoraTimingChart,
  kansPerGameChart,
  riichiTurnsChart,
  rinshanChart,
  type Chart,
} from '../../src/report/charts.js';
import { esc } from '../../src/report/html.js';
import { buildReport, readReportData, renderSvg, wilson } from '../../src/report/index.js';
import { prefixIds } from '../../src/report/svg.js';
import { openStore, type Store } from '../../src/store/index.js';
import { kanshiRun } from '../support/in-process.js';
import { corpusFile } from '../support/corpus.js';

/** A four-kan abort with riichi ankans, two rinshan tsumo after a daiminkan, a rinshan win after a kakan. */
const FILES = [
  '2016052515gm-00a9-0000-c4d72066.xml',
  '2015050103gm-0029-0000-c8a73922.mjlog',
  '2020010114gm-00a9-0000-d589e878.xml',
  '2020052221gm-00a9-0000-6f0524c7.xml',
];

let db: string;
const open = (): Store => openStore(db, { readonly: true });
const q = (store: Store, sql: string): unknown[][] => [...store.query(sql).rows];

beforeAll(async () => {
  db = join(mkdtempSync(join(tmpdir(), 'kanshi-report-pieces-')), 'few.sqlite');
  for (const profile of ['mleague', 'tenhou']) {
    const r = await kanshiRun(['audit', ...FILES.map(corpusFile), '--db', db, '--profile', profile]);
    expect(r.code, r.stderr).toBe(0);
  }
});

describe('queries → data', () => {
  it('reads the latest rule set, its games, findings with viewer links, and the other rule set side by side', () => {
    const store = open();
    try {
      const data = readReportData(store, {}, { now: new Date('2024-01-01T00:00:00Z') });
      expect(data.ruleSet.profile).toBe('tenhou');
      expect(data.generatedAt).toBe('2024-01-01T00:00:00.000Z');
      expect(data.audited.reduce((n, g) => n + g.games, 0)).toBe(FILES.length);
      expect(new Set(data.audited.map((g) => g.year))).toEqual(new Set(['2015', '2016', '2020']));
      const [[findings]] = q(store, `SELECT count(*) FROM findings WHERE rule_set_id = ${data.ruleSet.ruleSetId}`) as number[][];
      expect(data.findings.reduce((n, f) => n + f.findings, 0)).toBe(findings);
      const abort = data.findings.find((f) => f.kind === 'suukaikan-abort')!;
      expect(abort.rows).toHaveLength(1);
      expect(abort.rows[0]).toMatchObject({ logId: '2016052515gm-00a9-0000-c4d72066', hand: 3, handName: 'East 1-2' });
      expect(abort.rows[0].url).toBe(`https://tenhou.net/0/?log=2016052515gm-00a9-0000-c4d72066&tw=${abort.rows[0].seat ?? 0}&ts=${abort.rows[0].hand! - 1}`);
      // Side by side: mleague sees the same games and calls the abort unexpected.
      expect(data.comparison!.sharedGames[data.comparison!.ruleSets[1].ruleSetId]).toBe(FILES.length);
      const unexpected = data.comparison!.findings.find((f) => f.kind === 'suukaikan-unexpected')!;
      expect(unexpected.counts[data.comparison!.ruleSets[1].ruleSetId]).toBe(1);
    } finally {
      store.close();
    }
  });

  it('counts riichi kans by turn and since riichi, and kandora hits, as the tables hold them', () => {
    const store = open();
    try {
      const data = readReportData(store, { profile: 'tenhou' });
      const id = data.ruleSet.ruleSetId;
      const [[riichiKans]] = q(store, `SELECT count(*) FROM riichi_kan_verdicts WHERE rule_set_id = ${id}`) as number[][];
      expect(riichiKans).toBeGreaterThan(0);
      expect(data.riichiKansByTurn.reduce((n, r) => n + r.kans, 0)).toBe(riichiKans);
      expect(data.riichiKansSinceRiichi!.reduce((n, r) => n + r.kans, 0)).toBe(riichiKans);
      expect(data.riichiKansSinceRiichi!.every((r) => r.turn >= 1)).toBe(true);
      const [[wins, kandora]] = q(store, `SELECT count(*), sum(kandora) FROM win_dora WHERE rule_set_id = ${id} AND json_array_length(indicators) > 1`) as number[][];
      expect(wins).toBeGreaterThan(0);
      expect(data.kandoraHits!.reduce((n, h) => n + h.wins, 0)).toBe(wins);
      expect(data.kandoraHits!.reduce((n, h) => n + h.kandoraDora, 0)).toBe(kandora);
      expect(data.kandoraHits!.every((h) => h.kandoraIndicators >= 1)).toBe(true);
    } finally {
      store.close();
    }
  });

  it('finds each knob’s cases: suukaikan, daiminkanPao and kandoraTiming conform under tenhou, the abort differs under mleague', () => {
    const store = open();
    try {
      const tenhou = readReportData(store, { profile: 'tenhou' }).conformance;
      const knob = (list: typeof tenhou, name: string) => list.find((c) => c.knob === name)!;
      expect(tenhou.map((c) => c.knob)).toEqual(['kandoraTiming', 'riichiKan', 'okuriKan', 'kokushiAnkanChankan', 'suukaikan', 'fifthKan', 'daiminkanPao']);
      expect(knob(tenhou, 'suukaikan')).toMatchObject({ caseCount: 1, conforming: 1, differing: 0 });
      expect(knob(tenhou, 'daiminkanPao')).toMatchObject({ caseCount: 2, conforming: 2, differing: 0 });
      expect(knob(tenhou, 'daiminkanPao').examples).toHaveLength(2);
      expect(knob(tenhou, 'daiminkanPao').examples.every((e) => e.url?.startsWith('https://tenhou.net/0/?log='))).toBe(true);
      expect(knob(tenhou, 'kandoraTiming').differing).toBe(0);
      expect(knob(tenhou, 'kandoraTiming').profileClaim?.verified).toBe(true);
      const mleague = readReportData(store, { profile: 'mleague' }).conformance;
      expect(knob(mleague, 'suukaikan')).toMatchObject({ caseCount: 1, differing: 1 });
      expect(knob(mleague, 'suukaikan').examples[0].verdict).toBe('differs');
      expect(knob(mleague, 'kandoraTiming').differing).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  });

  it('lists no more findings per kind than asked', () => {
    const store = open();
    try {
      const data = readReportData(store, { profile: 'mleague' }, { findingsPerKind: 2 });
      const timing = data.findings.find((f) => f.kind === 'kandora-timing-mismatch')!;
      expect(timing.findings).toBeGreaterThan(2);
      expect(timing.rows).toHaveLength(2);
    } finally {
      store.close();
    }
  });
});

describe('specs → SVG', () => {
  const marks = (svg: string) => (svg.match(/<g class="mark-[a-z]+ role-mark[^"]*"[^>]*>\s*<(path|text|line)/g) ?? []).length;

  it('draws every plot of the page with marks, and no plot where there is nothing to plot', async () => {
    const store = open();
    let built;
    try {
      built = await buildReport(store, { profile: 'tenhou' });
    } finally {
      store.close();
    }
    const figures = [...built.html.matchAll(/<figure class="plot" id="plot-([a-z-]+)">[\s\S]*?<\/figure>/g)];
    expect(figures.length).toBe(built.plots);
    expect(built.plots).toBeGreaterThanOrEqual(10);
    for (const [svg, id] of figures) expect(marks(svg), id).toBeGreaterThan(0);
    // Ids stay unique across the page's SVGs.
    const ids = [...built.html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);

    const empty: (Chart | null)[] = [
      gamesByYearChart([]), findingsChart([]), kansPerGameChart([]), rinshanChart([]), riichiTurnsChart([], false), riichiTurnsChart(null, true),
      kandoraHitsChart(null), kandoraHitsChart([]),
      chankanFourKansChart({}, 0), kandoraTimingChart([], 'tenhou'), kandoraConformanceChart([]), comparisonChart(null, String),
    ];
    expect(empty.every((c) => c === null)).toBe(true);
  });

  it('renders a spec to SVG in Node with the chart’s id on its ids', async () => {
    const chart = rinshanChart([
      { kind: 'ankan', replacementDrawCount: 100, rinshanWinCount: 3 },
      { kind: 'kakan', replacementDrawCount: 50, rinshanWinCount: 2 },
    ])!;
    const svg = await renderSvg(chart.spec, chart.id);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(marks(svg)).toBeGreaterThan(0);
    expect(svg).toContain('3 / 100');
    for (const [, id] of svg.matchAll(/\bid="([^"]+)"/g)) expect(id.startsWith('rinshan-rate-')).toBe(true);
    expect(prefixIds('<clipPath id="clip3"/><g clip-path="url(#clip3)"/>', 'p')).toBe('<clipPath id="p-clip3"/><g clip-path="url(#p-clip3)"/>');
  });

  it('gives the Wilson interval of a rate', () => {
    expect(wilson(0, 0)).toBeNull();
    expect(wilson(0, 10)).toEqual([0, 27.75]);
    const [low, high] = wilson(5, 10)!;
    expect(low).toBeCloseTo(23.66, 1);
    expect(high).toBeCloseTo(76.34, 1);
  });

  it('escapes text put into the page', () => {
    expect(esc(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('a database whose games an older kanshi read (found in review)', () => {
  it('says so at the top, with what to do, instead of drawing empty plots as if nothing happened', async () => {
    const { copyFileSync } = await import('node:fs');
    const { renderHtml } = await import('../../src/report/index.js');
    const Database = (await import('better-sqlite3')).default;
    const stale = join(mkdtempSync(join(tmpdir(), 'kanshi-report-stale-')), 'stale.sqlite');
    copyFileSync(db, stale);
    const w = new Database(stale);
    w.prepare(`UPDATE games SET facts_digest = 'facts-3' WHERE game_id IN (SELECT game_id FROM games WHERE format IS NOT NULL LIMIT 2)`).run();
    w.close();
    const store = openStore(stale, { readonly: true });
    try {
      const data = readReportData(store, {}, { now: new Date('2024-01-01T00:00:00Z') });
      expect(data.staleGames).toBe(2);
      expect(renderHtml(data, {})).toMatch(/<strong>2 games of this rule set were read by an older kanshi<\/strong>.*Run <code>kanshi audit<\/code> on the same logs again/s);
      const current = open();
      expect(readReportData(current, {}, { now: new Date('2024-01-01T00:00:00Z') }).staleGames).toBe(0);
      current.close();
    } finally {
      store.close();
    }
  });
});
