/**
 * src/report: the audit database as one self-contained HTML page (`kanshi report`). The only door to
 * this folder. Reads through src/store; plots are Vega-Lite specs drawn to inline SVG in Node.
 *
 *   buildReport(store, { profile? | rulesKey? }, { findingsPerKind?, databaseName?, now? }) → { html, data, plots }
 *   renderReport(data, { pages? })            the page of data already read, findings linked to game pages
 *   await writeGamePages(data, dir, reportFile)  `report --games DIR`: each listed finding's game as its own page
 *   replayCommand(row, ruleFlags(rules, profile))  the `kanshi replay … --html` command for a finding's hand
 *   readReportData(store, choice, options)   every number and list the page shows (GROUP BY queries)
 *   reportCharts(data) → specs; drawCharts(specs) → SVGs; renderSvg(spec, idPrefix); renderHtml(data, svgs)
 *
 * One game's page (`kanshi replay LOG --html FILE`): replayed and audited under a rule set, each hand with
 * a kan or a kita (or every hand) drawn with its dead wall, kan by kan.
 *   buildGamePage(file, game, ruleSet, { allHands?, hand?, now? }) → { html, hands, findings, replay }
 *   deadWallOf(input) → DeadWallModel; deadWallSvg(model, redFives); tileSymbols(); tileRow(tiles, redFives)
 */
export { buildReport, drawCharts, renderReport, reportCharts, type BuiltReport } from './report.js';
export { pageName, replayCommand, ruleFlags, shellWord, writeGamePages, type FindingLinks, type GamePagesWritten } from './game-links.js';
export { DEFAULT_FINDINGS_PER_KIND, readReportData, type ReportData, type ReportOptions } from './data.js';
export { renderHtml } from './html.js';
export { renderSvg } from './svg.js';
export { wilson, type Chart } from './charts.js';
export type { KnobConformance } from './conformance.js';
export { buildGamePage, hasKanOrKita, handTitle, type GamePage, type GamePageOptions } from './game-page.js';
export { deadWallOf, deadWallSvg, replacementDraws, type DeadWallModel, type DeadWallSlot, type SlotMark, type SlotRole } from './dead-wall.js';
export { faceId, tileRow, tileSymbols } from './tile-svg.js';
