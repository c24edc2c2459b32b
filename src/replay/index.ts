/**
 * src/replay: a game replayed on the table (src/table) under a kandora timing. The only door of this folder.
 *
 *   replayGame(game, { kandoraTiming }) → ReplayResult: per round, every kan (replacement draw, indicator,
 *     reveal moment as logged and under the timing, what followed it), every win (indicators and dora as
 *     logged and under the timing), the ending; and per game, the wall mismatches, the inconsistencies,
 *     the reveal moments that differ from the timing, and (for logs that do not time their reveals) the
 *     rounds whose number of kandora differs from what the timing reveals.
 *   revealsAt / ruleRevealMoment / effectiveTiming: the kandora timing as pure functions.
 */
export { replayGame, type ReplayOptions } from './replay.js';
export { effectiveTiming, isRevealed, momentsDiffer, revealsAt, ruleRevealMoment, type KanAftermath, type KanMilestone } from './timing.js';
export type * from './types.js';
