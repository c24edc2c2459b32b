/**
 * A game page says which values judged the game where they are not its rule set's row: the platform's
 * profile under the rule set `platform`, what the log declares (with what in the log declares it), and
 * what the command line pinned over it (docs/kan-rules.md §7, which value judges a game).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogFile } from '../../src/ingest/index.js';
import { buildGamePage } from '../../src/pages/index.js';
import { platformRuleSet, ruleSet } from '../../src/rules/index.js';
import { CORPUS_DIR, corpusFile } from '../support/corpus.js';

/** GO type 553 = 0x0229: bit 0x0200 (a chip game) declares kandora at once and kiriage mangan. */
const CHIP = corpusFile('dnovikoff__tenhou__log_test_data_chip.xml');
const MAJSOUL = join(CORPUS_DIR, 'platforms', 'logs', 'MajsoulPaipuConvert__sample_tenhou.json');
const PLAIN = corpusFile('2010091009gm-00a9-0000-83af2648.xml');

function rulesLine(file: string, set = platformRuleSet()): string {
  const html = buildGamePage(file, readLogFile(file), set).html;
  const line = /<p class="meta rules">rules: (.*?)<\/p>/.exec(html);
  expect(line, 'the page has its rules line').not.toBeNull();
  return line![1].replace(/&#39;|&apos;/g, "'");
}

describe('the rules line of a game page', () => {
  it("names the chip game's declared kandora timing and kiriage, and the GO type bit that declares them", () => {
    const line = rulesLine(CHIP, ruleSet({ profile: 'tenhou' }));
    expect(line).toMatch(/declared by the log: .*kandoraTiming immediate \(GO type 0x0229: bit 0x0200 set/);
    expect(line).toMatch(/kiriageMangan always \(GO type 0x0229/);
  });

  it('says a flag overrode the declaration, and no longer lists it as declared', () => {
    const line = rulesLine(CHIP, ruleSet({ profile: 'mleague', overrides: { kandoraTiming: 'tenhou' } }));
    expect(line).toMatch(/given on the command line: kandoraTiming tenhou/);
    expect(line).not.toMatch(/kandoraTiming immediate/);
  });

  it("under the rule set platform, names the platform's profile that judged a Mahjong Soul game and a Tenhou game", () => {
    expect(rulesLine(MAJSOUL)).toMatch(/^judged by majsoul's values, its platform's profile/);
    expect(rulesLine(PLAIN)).toMatch(/^judged by tenhou's values, its platform's profile$/);
  });

  it('says nothing differs for a plain Tenhou game under a named profile', () => {
    expect(rulesLine(PLAIN, ruleSet({ profile: 'tenhou' }))).toBe('every knob as the rule set says');
  });
});
