/**
 * src/replay: a game replayed on the table (src/table) under a rule set. The only door of this folder.
 *
 *   replayGame(game, rules) → ReplayResult: per hand, every kan (replacement draw, indicator, reveal moment
 *     as logged and under the kandora timing, what followed it), every win (indicators and dora as logged
 *     and under the timing), the ending; and per game, the wall mismatches, the inconsistencies, the
 *     reveal moments that differ from the timing, and (for logs that do not time their reveals) the hands
 *     whose number of kandora differs from what the timing reveals.
 *   revealsAt / ruleRevealMoment / revealFollows: the kandora timing as pure functions,
 *     and the one place a reveal is put in the event stream; REVEAL_MOMENT_WORDS, its words;
 *     revealVerdict: the one verdict on a logged reveal against the rule's (each kan's `revealVerdict`);
 *     kandoraRevealed: how many kandora a timing turns over in a hand.
 *   placeKandora(game, replay): the game with its kandora where the timing reveals them (for writers).
 *   summarizeReplay(replay): the counts `kanshi info` prints.
 *   winInputOf / tableWinInputs / drawInputOf: what the table saw as the scorer's input (src/score knows
 *     no table); scoreHand: a played hand's wins and drawn hand scored and compared with the log.
 */
export { replayGame } from './replay.js';
export { scoreHand, type HandScores } from './scores.js';
export { winInputOf, tableWinInputs, drawInputOf, isSeatTenpai, nagashiSeats, turnDaiminkan, type WinContext } from './win-input.js';
export { placeKandora } from './place.js';
export { handWalls, type HandWalls } from './walls.js';
export { summarizeReplay, type GameSummary } from './summary.js';
export {
  REVEAL_MOMENT_WORDS,
  isRevealed,
  kandoraRevealed,
  revealFollows,
  revealsAt,
  revealVerdict,
  ruleRevealMoment,
  type KanMilestone,
} from './timing.js';
export type * from './types.js';
