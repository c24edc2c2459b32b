/**
 * Hand analysis on 34 kind counters: readings, waits, tenpai, thirteen orphans, and the legality of
 * an ankan after riichi (docs/kan-rules.md §3). The only door of `src/hand`.
 */
export {
  HandError,
  WAITING_SIZES,
  checkCompleteHand,
  checkWaitingHand,
  toCounts,
  waitingSize,
  type CountOptions,
  type KindCounts,
} from './counts.js';
export {
  groupToString,
  hasTriplet,
  isComplete,
  readingToString,
  readings,
  type Group,
  type GroupShape,
  type Reading,
  type ReadingForm,
} from './readings.js';
export {
  isKokushiTenpai,
  isTenpai,
  kokushiWaits,
  sevenPairsWaits,
  shapeWaits,
  tileWaits,
  waits,
} from './waits.js';
export {
  HAND_MELD_TYPES,
  checkWaitingHandWithMelds,
  copiesLeft,
  isOpenMeld,
  meldCounts,
  meldKinds,
  meldToString,
  type HandMeld,
  type HandMeldType,
  type HandWithMeldsOptions,
} from './melds.js';
export {
  RIICHI_KAN_REASONS,
  RIICHI_KAN_REASON_NAMES,
  RIICHI_KAN_VALUES,
  judgeRiichiAnkan,
  type RiichiKanReason,
  type LostReading,
  type RiichiAnkanQuestion,
  type RiichiAnkanReason,
  type RiichiAnkanVerdict,
  type RiichiKan,
} from './riichi-kan.js';
