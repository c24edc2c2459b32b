/**
 * A win's dora, counted once (src/tiles winDora) for the replay's record and for the scorer, against what
 * the logs themselves score: each corpus win's dora (yaku 52, which holds the 3-player nukidora too), ura
 * dora (53) and red fives (54) han, as its yaku list states them. Under the tenhou profile Tenhou's
 * reveals and rules are kanshi's, so the record (its view under the rule set, win_dora's dora; its red
 * fives, wins.red_dora) and the re-scored win must both say what the log says.
 */
import { describe, expect, it } from 'vitest';
import { readLogFile } from '../../src/ingest/index.js';
import { replayGame } from '../../src/replay/index.js';
import { resolveRules } from '../../src/rules/index.js';
import { corpusFiles, requireCorpus } from '../support/corpus.js';

const DORA = 52;
const URA = 53;
const AKA = 54;

describe("a win's dora, ura and red fives are the log's", () => {
  it('on every corpus win the log scores without a yakuman: in the record and in the score under tenhou', () => {
    requireCorpus();
    const rules = resolveRules({ profile: 'tenhou' });
    let wins = 0;
    let withUra = 0;
    let withRed = 0;
    let withKandora = 0;
    const differ: string[] = [];
    for (const file of corpusFiles()) {
      const name = file.replace(/.*\//, '');
      const replay = replayGame(readLogFile(file), rules);
      for (const hand of replay.hands) {
        for (const w of hand.wins) {
          if (w.yaku.length === 0 || w.yakuman.length > 0) continue;
          const logHan = (id: number) => w.yaku.filter((y) => y.id === id).reduce((n, y) => n + y.han, 0);
          const log = { dora: logHan(DORA), ura: logHan(URA), red: logHan(AKA) };
          wins++;
          if (log.ura > 0) withUra++;
          if (log.red > 0) withRed++;
          if ((w.rule.kandora ?? 0) > 0) withKandora++;
          const record = { dora: (w.rule.dora ?? NaN) + w.kitaCount, ura: w.rule.uraDora, red: w.redFiveCount };
          if (record.dora !== log.dora || record.ura !== log.ura || record.red !== log.red) {
            differ.push(`${name} hand ${w.hand}: record ${JSON.stringify(record)}, log ${JSON.stringify(log)}`);
          }
          const s = w.score;
          if (!s?.valid || s.yakuman.length > 0) continue;
          const scored = { dora: s.dora.dora + s.dora.kandora + s.dora.kita, ura: s.dora.ura + s.dora.kanUra, red: s.dora.red };
          if (scored.dora !== log.dora || scored.ura !== log.ura || scored.red !== log.red) {
            differ.push(`${name} hand ${w.hand}: scored ${JSON.stringify(scored)}, log ${JSON.stringify(log)}`);
          }
        }
      }
    }
    expect(differ).toEqual([]);
    expect(wins).toBeGreaterThan(13000);
    // Every source is exercised: ura and red fives on thousands of wins, kandora on hundreds.
    expect(withUra).toBeGreaterThan(1000);
    expect(withRed).toBeGreaterThan(1000);
    expect(withKandora).toBeGreaterThan(100);
  });
});
