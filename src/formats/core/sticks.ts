/**
 * What a riichi stick and a honba are worth where a log does not say (a riichi accepted without the scores
 * after it, a win without its points): the formats' convention, Tenhou's, whose logs mjlog and tenhou.net/6
 * are and under whose rules mjai's logs are played. The arithmetic is src/table's (scores.ts).
 */
import type { StickValues } from '../../table/index.js';

export const FORMAT_STICKS: StickValues = Object.freeze({ riichiStick: 1000, honba: 300 });
