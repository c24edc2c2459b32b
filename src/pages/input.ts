/**
 * What a game's page draws, made once: the game replayed under the rule set, the audit's findings on that
 * replay (so the page shows what `kanshi audit` finds), and the walls the replay checked the log against.
 * The only place src/pages replays or audits; the drawing (game-page.ts, dead-wall.ts) takes this as it is.
 */
import { judgeReplay, type Finding } from '../audit/index.js';
import type { GameLog } from '../events/index.js';
import { handWalls, replayGame, type HandWalls, type ReplayResult } from '../replay/index.js';
import type { RuleSet } from '../rules/index.js';

export interface GamePageInput {
  /** The file the game was read from: the page's title when the log has no id. */
  file: string;
  game: GameLog;
  ruleSet: RuleSet;
  /** `game` replayed under `ruleSet.rules`. */
  replay: ReplayResult;
  /** The audit of `replay` under `ruleSet.rules`. */
  findings: Finding[];
  /** The walls of the game's hands (src/replay's handWalls), built when a hand's picture asks for one. */
  walls: HandWalls;
}

/** The game replayed, audited and its walls at hand, for `drawGamePage`. */
export function gamePageInput(file: string, game: GameLog, ruleSet: RuleSet): GamePageInput {
  const replay = replayGame(game, ruleSet);
  const { findings } = judgeReplay(replay, game.rule.redFives);
  return { file, game, ruleSet, replay, findings, walls: handWalls(game) };
}
