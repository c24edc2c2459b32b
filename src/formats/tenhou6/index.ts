/**
 * tenhou.net/6 JSON (docs/formats.md §5): Tenhou's viewer and editor format, which Mahjong Soul converters
 * write too. Read by rebuilding the order of play on the table; written as Tenhou's viewer opens it. The
 * door of src/formats/tenhou6.
 */
import type { LogFormat } from '../format.js';
import { json6PartsToGame } from './read.js';
import { writeTenhou6 } from './write.js';

export const TENHOU6: LogFormat = {
  name: 'tenhou6',
  title: 'tenhou.net/6 JSON',
  extension: '.json',
  cannotHold: [
    'when each kandora was revealed: a hand lists its indicators, the replay places them under the kandora timing',
    'the dice, and the seed: a wall cannot be rebuilt, nothing is checked against one',
    'the fu of a limit hand, and whose hands were shown at a drawn hand',
    'the value of a win other than as Tenhou writes it (`30符1飜1000点`, `1000-2000点`)',
    'a riichi declared in a log that stops before its discard (tenhou.net/6 declares riichi on the discard)',
  ],
  recognises: (source) => source.json !== null,
  read: (source) => json6PartsToGame(source.json ?? [], { gzip: source.gzip, logId: source.logId, platform: source.platform, limits: source.limits }),
  write: writeTenhou6,
};

export { json6PartsToGame, json6ToGame, jsonPlatform } from './read.js';
export { playHand } from './play.js';
export { writeTenhou6 } from './write.js';
