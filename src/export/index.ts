/**
 * src/export: a GameLog written out in another Tenhou-style format. After src/replay in the flow: a log
 * that does not time its kandora reveals gets them placed where the replay under a timing turns them over.
 * The only door of this folder.
 *
 *   toMjai(game, replay | { kandoraTiming?, replay? }) → mjai JSON lines (toMjaiEvents: the same as objects)
 */
export { toMjai, toMjaiEvents, type MjaiEvent, type MjaiExportOptions } from './mjai.js';
