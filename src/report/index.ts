/**
 * src/report: the audit database as one self-contained HTML page (`kanshi report`). The only door to
 * this folder. Reads through src/store and nothing else of the pipeline (no log, no replay, no audit);
 * plots are Vega-Lite specs drawn to inline SVG in Node. A game's own page is src/pages'.
 *
 *   buildReport(store, { profile? | rulesKey? }, { findingsPerKind?, databaseName?, now? }) → { html, data, plots }
 *   renderReport(data, { pages? })            the page of data already read, findings linked to game pages
 *   replayCommand(row, ruleFlags(rules, profile))  the `kanshi replay … --html` command for a finding's hand
 *   pageName(row, hand?)                     the file name of a finding's game page
 *   readReportData(store, choice, options)   every number and list the page shows (GROUP BY queries)
 *   reportCharts(data) → specs; drawCharts(specs) → SVGs; renderSvg(spec, idPrefix); renderHtml(data, svgs)
 */
export { buildReport, drawCharts, renderReport, reportCharts, type BuiltReport } from './report.js';
export { pageName, replayCommand, ruleFlags, shellWord, type FindingLinks } from './game-links.js';
export { DEFAULT_FINDINGS_PER_KIND, readReportData, type ReportData, type ReportOptions } from './data.js';
export { renderHtml } from './html.js';
export { renderSvg } from './svg.js';
export { wilson, type Chart } from './charts.js';
export type { KnobConformance } from './conformance.js';
