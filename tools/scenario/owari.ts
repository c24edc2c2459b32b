/**
 * The final points of `owari` (mjlog) and `sc` (tenhou.net/6 JSON) on a game's last ending: bookkeeping
 * of the game's end, not a hand's value (kanshi reads these points into the database and checks nothing
 * with them).
 */

/**
 * Final points as Tenhou writes them: (score − 30000) / 1000 rounded with 0.5 toward zero (五捨六入),
 * plus uma +20/+10/−10/−20; the top takes what makes the sum zero (the oka). Equal scores rank by seat,
 * as on Tenhou.
 */
export function owariPoints(scores: readonly number[]): number[] {
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
