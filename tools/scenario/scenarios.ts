/**
 * The scenarios, family by family (scenarios/), in the order logs/examples/SCENARIOS.md lists them.
 * `logs/examples/<name>.mjlog` (`.json` for a scenario written as tenhou.net/6 JSON) holds what each script
 * writes (write-examples.ts).
 */
import type { Scenario } from './scenario.js';
import { CHANKAN } from './scenarios/chankan.js';
import { DAMAGED } from './scenarios/damaged.js';
import { DEAD_WALL } from './scenarios/dead-wall.js';
import { FOUR_KANS } from './scenarios/four-kans.js';
import { KANDORA } from './scenarios/kandora.js';
import { LEGALITY } from './scenarios/legality.js';
import { RIICHI_KANS } from './scenarios/riichi-kans.js';
import { WINS } from './scenarios/wins.js';

export type { LogFormat, RiichiKanRow, Scenario, ScenarioCheck, Verdict } from './scenario.js';

export const SCENARIOS: readonly Scenario[] = [...RIICHI_KANS, ...CHANKAN, ...FOUR_KANS, ...DEAD_WALL, ...KANDORA, ...DAMAGED, ...WINS, ...LEGALITY];

/** The scenario of that name; throws for an unknown name. */
export function scenario(name: string): Scenario {
  const s = SCENARIOS.find((x) => x.name === name);
  if (!s) throw new Error(`unknown scenario "${name}" (scenarios: ${SCENARIOS.map((x) => x.name).join(', ')})`);
  return s;
}
