/**
 * The report from end to end: data from the database, plots drawn, the page written atomically.
 */
import type { RuleSetChoice, Store } from '../store/index.js';
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
} from './charts.js';
import { readReportData, type ReportData, type ReportOptions } from './data.js';
import { renderHtml, ruleSetName, type Charts } from './html.js';
import { renderSvg } from './svg.js';
import type { FindingLinks } from './game-links.js';

/** Every plot of the page, by its place in the page; null where there is nothing to plot. */
export function reportCharts(data: ReportData): Record<string, Chart | null> {
  const rows = (key: string) => data.stats.tables.find((t) => t.key === key)?.rows ?? [];
  const names = new Map((data.comparison?.ruleSets ?? []).map((s) => [s.ruleSetId, ruleSetName(s)]));
  return {
    gamesByYear: gamesByYearChart(data.audited),
    findings: findingsChart(data.findings),
    kansPerGame: kansPerGameChart(rows('kansByLobby')),
    rinshan: rinshanChart(rows('rinshanByKind')),
    riichiByTurn: riichiTurnsChart(data.riichiKansByTurn, false),
    riichiSinceRiichi: riichiTurnsChart(data.riichiKansSinceRiichi, true),
    kandoraHits: kandoraHitsChart(data.kandoraHits),
    kandoraConformance: kandoraConformanceChart(rows('kandoraConformance')),
    kandoraTiming: kandoraTimingChart(data.kandoraTiming, String(data.ruleSet.rules.kandoraTiming)),
    chankanFourKans: chankanFourKansChart(rows('chankanSuukaikan')[0] ?? {}, data.ruleSet.readGameCount),
    comparison: comparisonChart(data.comparison, (id) => names.get(id) ?? String(id)),
  };
}

export async function drawCharts(charts: Record<string, Chart | null>): Promise<Charts> {
  const drawn: Charts = {};
  for (const [key, chart] of Object.entries(charts)) {
    drawn[key] = chart ? { id: chart.id, title: chart.title, caption: chart.caption, svg: await renderSvg(chart.spec, chart.id) } : null;
  }
  return drawn;
}

export interface BuiltReport {
  html: string;
  data: ReportData;
  /** Plots drawn (the others had nothing to show). */
  plots: number;
}

/** The whole page for one rule set of the database (default: the latest audited). */
export async function buildReport(store: Store, choice: RuleSetChoice = {}, options: ReportOptions = {}): Promise<BuiltReport> {
  return renderReport(readReportData(store, choice, options));
}

/** The page of data already read: its plots drawn, each finding linked to its game's page or command. */
export async function renderReport(data: ReportData, links: FindingLinks = {}): Promise<BuiltReport> {
  const charts = await drawCharts(reportCharts(data));
  return { html: renderHtml(data, charts, links), data, plots: Object.values(charts).filter(Boolean).length };
}
