/**
 * A game's page in two steps (issue 32): `gamePageInput` reads nothing and replays and audits once;
 * `drawGamePage` draws that input and nothing else: no replay, no audit, no file of its own.
 */
import { describe, expect, it } from 'vitest';
import { auditGame } from '../../src/audit/index.js';
import { readLogFile } from '../../src/ingest/index.js';
import { buildGamePage, drawGamePage, gamePageInput } from '../../src/pages/index.js';
import { replayGame } from '../../src/replay/index.js';
import { ruleSet } from '../../src/rules/index.js';
import { corpusFile } from '../support/corpus.js';

// Under mleague the audit flags two kandora reveals of this game (test/pages/game-page.test.ts).
const FOUR_KANS = corpusFile('2016052515gm-00a9-0000-c4d72066.xml');
const now = new Date(0);

describe('gamePageInput and drawGamePage', () => {
  const game = readLogFile(FOUR_KANS);
  const mleague = ruleSet({ profile: 'mleague' });
  const input = gamePageInput(FOUR_KANS, game, mleague);

  it('the input is the game replayed and audited under the rule set, as kanshi audit does it', () => {
    expect(input.game).toBe(game);
    expect(input.ruleSet).toBe(mleague);
    expect(input.replay).toEqual(replayGame(game, mleague));
    // The findings an audit of the game has: kanshi audit's own (auditGame), each with its knob's value.
    expect(input.findings).toEqual(auditGame(FOUR_KANS, 'h', game, mleague).findings);
    expect(input.findings.filter((f) => f.rule).every((f) => f.judgedBy !== undefined)).toBe(true);
    expect(input.findings.some((f) => f.kind === 'kandora-timing-mismatch')).toBe(true);
    expect(input.walls.seedNote).toBeNull();
  });

  it('drawn, it is the page buildGamePage makes, byte for byte, whatever hands are shown', () => {
    for (const options of [{}, { allHands: true }, { hand: 2 }, { withFindings: true }]) {
      const drawn = drawGamePage(input, { ...options, now });
      const built = buildGamePage(FOUR_KANS, game, mleague, { ...options, now });
      expect(drawn.html).toBe(built.html);
      expect(drawn.hands).toEqual(built.hands);
    }
  });

  it('draws the findings it is given and no others: the drawing audits nothing itself', () => {
    const page = drawGamePage(input, { now });
    expect(page.findings).toBe(input.findings);
    expect(page.html).toContain('kandora-timing-mismatch');
    const none = drawGamePage({ ...input, findings: [] }, { now });
    expect(none.findings).toEqual([]);
    expect(none.html).not.toContain('kandora-timing-mismatch');
    expect(none.html).toContain(' · 0 findings · ');
  });
});
