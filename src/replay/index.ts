export { replayGame, type ReplayOptions } from './engine.js';
export { countDora, doraKindOf } from './dora.js';
export { effectiveTiming, ruleRevealMoment, momentsDiffer, type KanAftermath } from './timing.js';
export type * from './types.js';
