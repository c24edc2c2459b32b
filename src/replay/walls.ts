/**
 * Each hand's wall, rebuilt from the log's seed (src/wall), or why there is none: the one place that
 * decides it, for the replay's checks and for the pictures of the report's game pages.
 */
import type { GameLog, RoundStartEvent } from '../events/index.js';
import { gameWalls, initShuffleWall, parseSeed, WallError, type GameWalls, type HandWall } from '../wall/index.js';

/** The walls of a game's hands. */
export interface HandWalls {
  /** Why the game's seed gives no wall (null when it gives one, or when each hand carries its own seed). */
  readonly seedNote: string | null;
  /** The wall of the hand at `index` (0-based) that starts with `start`, or why there is none. */
  of(index: number, start: RoundStartEvent): { wall: HandWall | null; reason?: string };
}

export function handWalls(game: GameLog): HandWalls {
  const players = game.rule.playerCount;
  const { walls, note, perHand } = seedWalls(game);
  return {
    seedNote: note,
    of(index, start) {
      if (walls) return { wall: walls.round(index) };
      if (start.shuffle === undefined && !perHand) return { wall: null, reason: note ?? 'no seed' };
      try {
        return { wall: initShuffleWall(start.shuffle ?? game.seed ?? '', players) };
      } catch (err) {
        return { wall: null, reason: err instanceof WallError ? err.message : String(err) };
      }
    },
  };
}

/** The game's walls from its seed (or why there are none); `perHand` when each hand carries its own seed. */
function seedWalls(game: GameLog): { walls: GameWalls | null; note: string | null; perHand: boolean } {
  let seed: ReturnType<typeof parseSeed>;
  try {
    seed = parseSeed(game.seed);
  } catch (err) {
    return { walls: null, note: err instanceof WallError ? `unusable seed: ${err.message}` : String(err), perHand: false };
  }
  if (!seed.buildable) return { walls: null, note: seed.reason, perHand: false };
  if (seed.stream === 'round') return { walls: null, note: null, perHand: true };
  try {
    return { walls: gameWalls(seed, game.rule.playerCount), note: null, perHand: false };
  } catch (err) {
    return { walls: null, note: (err as Error).message, perHand: false };
  }
}
