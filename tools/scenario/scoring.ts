/**
 * Hand values and payments as Tenhou writes them in `AGARI ten` and `sc` (no kiriage mangan), the
 * exhaustive draw's noten payments, and the final `owari` points. Pure functions of numbers: the
 * builder decides han and fu, these turn them into points so every `sc` adds up.
 */

export interface HandValue {
  /** Hand value without honba and riichi sticks (AGARI `ten` second field; for a tsumo the total paid). */
  points: number;
  /** 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman (AGARI `ten` third field). */
  limit: number;
  /** Payment by each seat, without honba: index = seat, the winner's entry is 0. */
  payments: number[];
}

export interface WinValueInput {
  han: number;
  fu: number;
  /** Number of yakuman (0 for an ordinary hand); a yakuman hand ignores han and fu. */
  yakuman: number;
  winner: number;
  /** The discarder, or the winner for a tsumo. */
  from: number;
  dealer: number;
  players?: number;
}

function ceil100(x: number): number {
  return Math.ceil(x / 100) * 100;
}

/** Basic points (the value a non-dealer's tsumo is paid from) and the limit reached. */
export function basicPoints(han: number, fu: number, yakuman: number): { basic: number; limit: number } {
  if (yakuman > 0) return { basic: 8000 * yakuman, limit: 5 };
  if (han >= 13) return { basic: 8000, limit: 5 };
  if (han >= 11) return { basic: 6000, limit: 4 };
  if (han >= 8) return { basic: 4000, limit: 3 };
  if (han >= 6) return { basic: 3000, limit: 2 };
  if (han >= 5) return { basic: 2000, limit: 1 };
  const basic = fu * 2 ** (han + 2);
  return basic >= 2000 ? { basic: 2000, limit: 1 } : { basic, limit: 0 };
}

/** What each seat pays for a win (without honba and riichi sticks). */
export function winValue(input: WinValueInput): HandValue {
  const players = input.players ?? 4;
  const { basic, limit } = basicPoints(input.han, input.fu, input.yakuman);
  const payments = new Array<number>(4).fill(0);
  const dealerWins = input.winner === input.dealer;
  if (input.from !== input.winner) {
    payments[input.from] = ceil100(basic * (dealerWins ? 6 : 4));
  } else {
    for (let s = 0; s < players; s++) {
      if (s === input.winner) continue;
      payments[s] = ceil100(basic * (dealerWins || s === input.dealer ? 2 : 1));
    }
  }
  return { points: payments.reduce((a, b) => a + b, 0), limit, payments };
}

/**
 * Score changes of a win: the hand's payments, honba (300 per honba on a ron from the discarder,
 * 100 per honba from each payer on a tsumo) and the riichi sticks on the table to the winner.
 */
export function winDeltas(value: HandValue, winner: number, tsumo: boolean, honba: number, sticks: number): number[] {
  const deltas = new Array<number>(4).fill(0);
  const payers = value.payments.map((p, s) => (p > 0 ? s : -1)).filter((s) => s >= 0);
  for (const s of payers) {
    const extra = tsumo ? 100 * honba : 300 * honba;
    deltas[s] -= value.payments[s] + extra;
    deltas[winner] += value.payments[s] + extra;
  }
  deltas[winner] += 1000 * sticks;
  return deltas;
}

/** Noten payments of an exhaustive draw: 3000 points from the noten players to the tenpai players. */
export function notenDeltas(tenpai: readonly boolean[], players = 4): number[] {
  const deltas = new Array<number>(4).fill(0);
  const yes = tenpai.slice(0, players).filter(Boolean).length;
  if (yes === 0 || yes === players) return deltas;
  for (let s = 0; s < players; s++) deltas[s] = tenpai[s] ? 3000 / yes : -3000 / (players - yes);
  return deltas;
}

/**
 * Final points as Tenhou writes them in `owari`: (score − 30000) / 1000 rounded with 0.5 toward zero
 * (五捨六入), plus uma +20/+10/−10/−20; the top takes what makes the sum zero (the oka). Equal scores
 * rank by seat, as on Tenhou.
 */
export function finalPoints(scores: readonly number[]): number[] {
  const order = scores.map((s, seat) => ({ s, seat })).sort((a, b) => b.s - a.s || a.seat - b.seat);
  const uma = [20, 10, -10, -20];
  const points = new Array<number>(scores.length).fill(0);
  let others = 0;
  order.forEach(({ s, seat }, rank) => {
    if (rank === 0) return;
    const hundreds = s / 100 - 300;
    const rounded = Math.sign(hundreds) * Math.floor((Math.abs(hundreds) + 4) / 10);
    points[seat] = rounded + uma[rank];
    others += points[seat];
  });
  points[order[0].seat] = -others;
  return points;
}
