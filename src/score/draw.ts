/**
 * What a drawn hand pays: at an exhaustive draw, nagashi mangan (paid as a mangan tsumo, no honba) or
 * else the noten payments; nothing at an abortive draw. The riichi sticks stay on the table.
 */
import type { ScoringRules } from '../rules/index.js';
import { handPayments } from './points.js';
import type { DrawInput, DrawScore } from './types.js';

export function scoreDraw(input: DrawInput, rules: ScoringRules): DrawScore {
  const deltas = [0, 0, 0, 0];
  if (input.reason !== 'exhaustive' && input.reason !== 'nagashi-mangan') return { deltas, kind: 'none' };
  if (rules.nagashiMangan && input.nagashi.length > 0) {
    // Each nagashi is paid as a mangan tsumo (basic points 2,000), honba aside.
    for (const seat of input.nagashi) {
      const pay = handPayments(2000, seat, seat, input.dealer, input.players, rules);
      for (let s = 0; s < 4; s++) {
        deltas[s] -= pay[s];
        deltas[seat] += pay[s];
      }
    }
    return { deltas, kind: 'nagashi-mangan' };
  }
  if (!rules.notenPayments) return { deltas, kind: 'none' };
  let tenpai = 0;
  for (let s = 0; s < input.players; s++) if (input.tenpai[s]) tenpai++;
  if (tenpai === 0 || tenpai === input.players) return { deltas, kind: 'noten' };
  const pool = input.players === 4 ? 3000 : rules.threePlayerNoten;
  const noten = input.players - tenpai;
  for (let s = 0; s < input.players; s++) deltas[s] = input.tenpai[s] ? pool / tenpai : -pool / noten;
  return { deltas, kind: 'noten' };
}
