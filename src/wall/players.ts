import { WallError } from './errors.js';

export type Players = 3 | 4;

export function wallSize(players: Players): 136 | 108 {
  return players === 4 ? 136 : 108;
}

export function checkPlayers(players: number): asserts players is Players {
  if (players !== 3 && players !== 4) throw new WallError(`players must be 3 or 4, got ${players}`, 'bad-argument');
}
