/**
 * src/score: every win re-scored (yaku, han, fu, points, limit, each seat's payment) and every drawn
 * hand's payments, under the scoring knobs of src/rules (scoring.ts). Pure functions of plain data; the
 * only door of this folder (docs/scoring.md).
 *
 *   scoreWin(input, rules) → WinScore          one win, as if the hand's only one
 *   scoreHandWins(inputs, rules) → WinScore[]  a hand's wins together (double/triple ron: sticks, honba)
 *   scoreDraw(input, rules) → DrawScore        noten payments, nagashi mangan, nothing at an abortive draw
 *   compareWithLog(event, score, options?) → ScoreMismatch[];  compareDrawWithLog(event, score, players)
 */
export { scoreWin, scoreHandWins, type ScoreRules } from './score.js';
export { scoreDraw } from './draw.js';
export { basicPoints, ceil100, handPayments, honbaUnit, kiriage } from './points.js';
export { doraOf } from './dora.js';
export { compareWithLog, compareDrawWithLog, type CompareOptions } from './compare.js';
export { fuPartText, readingText } from './names.js';
export type * from './types.js';
