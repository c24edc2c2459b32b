/**
 * src/pages: one game as its own page (`kanshi replay LOG --html FILE`, and `kanshi report --games DIR`
 * for the games the report's findings name). The only door to this folder. It comes after src/report in
 * the order: the report reads the database only, and the pages are where a game is read, replayed and
 * audited again (input.ts), then drawn from that alone (game-page.ts, dead-wall.ts, tile-svg.ts).
 *
 *   gamePageInput(file, game, ruleSet) → { file, game, ruleSet, replay, findings, walls }
 *   drawGamePage(input, { allHands?, hand?, withFindings?, now? }) → { html, hands, findings, replay }
 *   buildGamePage(file, game, ruleSet, options)  the two at once
 *   await writeGamePages(reportData, dir, reportFile)  `report --games DIR`: each listed finding's game as its own page
 *   deadWallOf(input) → DeadWallModel; deadWallSvg(model, redFives); tileSymbols(); tileRow(tiles, redFives)
 */
export { gamePageInput, type GamePageInput } from './input.js';
export { buildGamePage, drawGamePage, hasKanOrKita, handTitle, type GamePage, type GamePageOptions } from './game-page.js';
export { writeGamePages, type GamePagesWritten } from './write-pages.js';
export { deadWallOf, deadWallSvg, replacementDraws, type DeadWallModel, type DeadWallSlot, type SlotMark, type SlotRole } from './dead-wall.js';
export { faceId, tileRow, tileSymbols } from './tile-svg.js';
