/**
 * A Tenhou lobby game in which kiriage decides a win (issue 41), built from a real corpus game: the
 * tenhou.net/6 file 2022081318gm-00a9-0000-6c91213c.json, whose last hand is a non-dealer 4-han 30-fu ron
 * paid 7,700 with one honba, given a lobby `rule` array and a `csrule` with kiriage set (csrule[0] bit 0x2,
 * docs/formats.md §5.7), and that win paid as the rules pay it under kiriage (満貫 8,000).
 */
import { readFileSync } from 'node:fs';
import { corpusFile } from './corpus.js';

export const KIRIAGE_SOURCE = '2022081318gm-00a9-0000-6c91213c.json';

// The rules, not kanshi: 30 fu × 2^(4+2) = 1,920 basic points; a non-dealer's ron pays 4 × basic rounded up
// to 100 (7,700), and under kiriage the 1,920 is a mangan's 2,000 (8,000); each honba 300 more.
export const PLAIN_RON = Math.ceil((4 * 30 * 2 ** (4 + 2)) / 100) * 100;
export const KIRIAGE_RON = 4 * 2000;

/** The lobby game's JSON text; throws if the source game is not the hand described above. */
export function kiriageLobbyGame(): string {
  const d = JSON.parse(readFileSync(corpusFile(KIRIAGE_SOURCE), 'utf8')) as { ref: string; lobby: number; rule: unknown; csrule?: string[]; sc: number[]; log: unknown[][] };
  const hand = d.log.at(-1)!;
  const [kyoku, honba, sticks] = hand[0] as number[];
  const end = hand.at(-1) as [string, number[], [number, number, number, string, ...string[]]];
  const [winner, from] = end[2];
  // South 4 (dealer seat 3), one honba, no sticks; seat 0 rons seat 3's discard: 4 han 30 fu, 7,700 + 300.
  const seen = JSON.stringify([kyoku, honba, sticks, winner, from, end[2][3], end[1]]);
  const expected = JSON.stringify([7, 1, 0, 0, 3, `30符4飜${PLAIN_RON}点`, [PLAIN_RON + 300, 0, 0, -(PLAIN_RON + 300)]]);
  if (seen !== expected) throw new Error(`${KIRIAGE_SOURCE}: the last hand is ${seen}, not ${expected}`);
  const paid = KIRIAGE_RON + 300 * honba;
  const more = paid - end[1][winner];
  end[1] = [paid, 0, 0, -paid];
  end[2][3] = `満貫${KIRIAGE_RON}点`;
  // The final scores (sc: each seat's points, then its result in thousands) carry the difference.
  const shift = (seat: number, by: number) => {
    d.sc[2 * seat] += by;
    d.sc[2 * seat + 1] = Math.round((d.sc[2 * seat + 1] + by / 1000) * 10) / 10;
  };
  shift(winner, more);
  shift(from, -more);
  // A lobby: the rule array (GO type 0009: between humans, hanchan, red fives, open tanyao), kiriage in csrule.
  d.ref = d.ref.replace('-00a9-0000-', '-0009-12345-');
  d.lobby = 12345;
  d.rule = ['202208130000', '202208312359', '0009', '0', '0', '0', '0'];
  d.csrule = ['00000002', '00000000', '', '', '25000', '30000', '30000', ...Array<string>(33).fill('')];
  return JSON.stringify(d);
}
