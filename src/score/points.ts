/**
 * From han and fu (or yakuman) to points, and from points to what each seat pays: the limits, the ron
 * and tsumo splits (4-player, and 3-player under the rules' tsumo rule), honba and riichi sticks.
 */
import type { ScoringRules } from '../rules/index.js';

/** Rounds up to the next 100, as every payment is. */
export function ceil100(x: number): number {
  return Math.ceil(x / 100) * 100;
}

/** Is 1,920 basic points rounded up to a mangan (kiriage mangan)? A game's declared rule is in `rules` (src/rules judgeRules). */
export function kiriage(rules: ScoringRules): boolean {
  return rules.kiriageMangan === 'always';
}

/** Basic points and the limit reached (0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman). */
export function basicPoints(han: number, fu: number, yakuman: number, rules: ScoringRules, roundUp = false): { basic: number; limit: number } {
  if (yakuman > 0) return { basic: 8000 * yakuman, limit: 5 };
  if (han >= 13) return rules.kazoeYakuman === 'yakuman' ? { basic: 8000, limit: 5 } : { basic: 6000, limit: 4 };
  if (han >= 11) return { basic: 6000, limit: 4 };
  if (han >= 8) return { basic: 4000, limit: 3 };
  if (han >= 6) return { basic: 3000, limit: 2 };
  if (han >= 5) return { basic: 2000, limit: 1 };
  const basic = fu * 2 ** (han + 2);
  if (basic >= 2000) return { basic: 2000, limit: 1 };
  // Kiriage pays a mangan, but the hand reaches no limit: Tenhou's chip games write limit 0 (ten="30,12000,0").
  if (roundUp && basic === 1920) return { basic: 2000, limit: 0 };
  return { basic, limit: 0 };
}

/** Who pays and how much, for basic points `basic` (honba and sticks aside); four entries. */
export function handPayments(
  basic: number,
  winner: number,
  from: number,
  dealer: number,
  players: 3 | 4,
  rules: ScoringRules,
  out: number[] = [0, 0, 0, 0],
): number[] {
  out[0] = out[1] = out[2] = out[3] = 0;
  const dealerWins = winner === dealer;
  if (from !== winner) {
    out[from] = ceil100(basic * (dealerWins ? 6 : 4));
    return out;
  }
  // The share a fourth player would have paid in 3-player: lost (tsumo loss), or split between the two payers.
  const missing = players === 3 && rules.threePlayerTsumo === 'north-split' ? ceil100(basic * (dealerWins ? 2 : 1)) : 0;
  const extra = missing > 0 ? ceil100(missing / 2) : 0;
  for (let s = 0; s < players; s++) {
    if (s === winner) continue;
    out[s] = ceil100(basic * (dealerWins || s === dealer ? 2 : 1)) + extra;
  }
  return out;
}

/** Points per honba: 4-player by honbaPoints (Tenhou's five-chip games declare 1,500), 3-player by threePlayerHonba (Tenhou 200). */
export function honbaUnit(players: 3 | 4, rules: ScoringRules): number {
  return players === 3 ? rules.threePlayerHonba : rules.honbaPoints;
}
