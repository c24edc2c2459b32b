/**
 * One view of a win (issue 32): the dora a win's record states under the rule set (`WinRecord.rule`, the
 * database's win_dora.dora) are the dora it was scored with, under every timing. Before, the scorer took
 * the log's indicators and the record the rule's: under mleague (kandora at once) five corpus wins had a
 * row stating dora the score did not count (2018060200gm-00a9-0000-20015615 hand 1: 4 and none).
 */
import { describe, expect, it } from 'vitest';
import { readLogFile } from '../../src/ingest/index.js';
import { replayGame } from '../../src/replay/index.js';
import { resolveRules } from '../../src/rules/index.js';
import { corpusFiles, requireCorpus } from '../support/corpus.js';

describe("a win's dora: the record's are the score's", () => {
  for (const profile of ['tenhou', 'mleague']) {
    it(`under ${profile}, on every corpus win re-scored without a yakuman`, () => {
      requireCorpus();
      const rules = resolveRules({ profile });
      let wins = 0;
      const differ: string[] = [];
      for (const file of corpusFiles()) {
        const replay = replayGame(readLogFile(file), rules);
        for (const hand of replay.hands) {
          for (const w of hand.wins) {
            const s = w.score;
            if (!s?.valid || s.yakuman.length > 0 || w.rule.dora === null) continue;
            wins++;
            let scored = 0;
            for (const y of s.yaku) if (y.id === 52) scored += y.han;
            // Yaku 52 holds the nukidora too (one a kita); the record counts indicators only.
            if (scored - w.kitaCount !== w.rule.dora) differ.push(`${file.replace(/.*\//, '')} hand ${w.hand}: record ${w.rule.dora}, scored ${scored - w.kitaCount}`);
            // The split the database stores (win_dora.first_indicator_dora, kandora) is the scorer's by source.
            if (w.rule.firstIndicatorDora !== s.dora.dora || w.rule.kandora !== s.dora.kandora) {
              differ.push(`${file.replace(/.*\//, '')} hand ${w.hand}: split ${w.rule.firstIndicatorDora}+${w.rule.kandora}, scored ${s.dora.dora}+${s.dora.kandora}`);
            }
          }
        }
      }
      expect(wins).toBeGreaterThan(13000);
      expect(differ).toEqual([]);
    });
  }
});
