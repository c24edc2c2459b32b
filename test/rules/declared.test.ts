/**
 * What a game's log declares of its rules, and the rule of precedence (docs/kan-rules.md §7): a flag, else
 * the game's declaration, else the profile. The expected values are the GO type's bits (docs/formats.md
 * §2.3) and the csrule flags as InjusticeJudge's example_arml_game.json describes them (§5.7); on the
 * corpus's two lobby games, each declared value is checked against what the games' own logs show.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgeReplay } from '../../src/audit/index.js';
import { decodeGameType, readLogFile } from '../../src/ingest/index.js';
import { replayGame } from '../../src/replay/index.js';
import { declaredRules, defaultRules, judgeRules, KNOBS, ruleSet, type GameRules } from '../../src/rules/index.js';
import { corpusFile, requireCorpus } from '../support/corpus.js';

const values = (g: GameRules) => Object.fromEntries(g.declared.declarations.map((d) => [d.knob, d.value]));

describe('what the GO type declares', () => {
  it('a ranked game (0x00A9): red fives and open tanyao, nothing of kiriage, honba or kandora', () => {
    expect(values(judgeRules(defaultRules(), decodeGameType(0xa9)))).toEqual({ akaDora: 3, openTanyao: true });
  });

  it('no red fives (bit 0x0002 set), no open tanyao (bit 0x0004 set)', () => {
    expect(values(judgeRules(defaultRules(), decodeGameType(0xa9 | 0x2 | 0x4)))).toEqual({ akaDora: 0, openTanyao: false });
  });

  it("a chip game (0x0200): kiriage and kandora at once; five chips (0x0400) 1,500 a honba", () => {
    expect(values(judgeRules(defaultRules(), decodeGameType(553)))).toMatchObject({ kiriageMangan: 'always', kandoraTiming: 'immediate', honbaPoints: 300 });
    expect(values(judgeRules(defaultRules(), decodeGameType(1569)))).toMatchObject({ kiriageMangan: 'always', kandoraTiming: 'immediate', honbaPoints: 1500 });
  });
});

describe("what a lobby's csrule declares", () => {
  const lobby = (csrule: string[]) => ({ ...decodeGameType(0x0009), lobbyRule: { rule: ['', '', '0009', '0', '0', '0', '0'], csrule } });

  it('every flag with a knob, set or clear; the triple-ron abort and head bump into one knob', () => {
    const clear = declaredRules(lobby(['00000000', '00000000']));
    expect(Object.fromEntries(clear.declarations.filter((d) => d.by.startsWith('csrule')).map((d) => [d.knob, d.value]))).toEqual({
      nagashiMangan: true,
      kiriageMangan: 'none',
      busting: 'ends-game',
      kandoraTiming: 'tenhou',
      kandora: true,
      uraDora: true,
      kanUra: true,
      suufonRenda: true,
      suukaikan: 'abort',
      suuchaRiichi: true,
      kyuushuKyuuhai: true,
      ippatsuYaku: true,
      threePlayerTsumo: 'tsumo-loss',
      renhou: 'none',
      doubleWindPairFu: 4,
      yakumanPao: 'daisangen-daisuushii',
      kazoeYakuman: 'yakuman',
      multipleRon: 'triple-aborts',
    });
    expect([clear.notApplied, clear.unknownBits]).toEqual([[], []]);
    expect(values(judgeRules(defaultRules(), lobby(['00001000', '0'])))).toMatchObject({ multipleRon: 'all' });
    expect(values(judgeRules(defaultRules(), lobby(['00003000', '0'])))).toMatchObject({ multipleRon: 'atamahane' });
    expect(values(judgeRules(defaultRules(), lobby(['00080004', '00000010'])))).toMatchObject({ ippatsuYaku: false, busting: 'plays-on', kazoeYakuman: 'sanbaiman' });
  });

  it('names the flags no knob applies and the bits no public source explains, never guessing them', () => {
    const d = declaredRules(lobby(['40204010', '00000006']));
    expect(d.notApplied).toEqual(['no dora', 'no agari-yame', 'sudden death', 'leftover riichi sticks to the first place']);
    expect(d.unknownBits).toEqual(['csrule[0] 0x40000000', 'csrule[1] 0x00000002']);
  });
});

describe('the rule of precedence', () => {
  it('a flag wins over the declaration; a profile does not; plain rules pin nothing', () => {
    const chip = decodeGameType(553);
    expect(judgeRules(ruleSet({ profile: 'pro-strict' }), chip).rules.kandoraTiming).toBe('immediate');
    expect(judgeRules(ruleSet({ profile: 'pro-strict' }), chip).from.kandoraTiming).toBe('declared');
    const pinned = judgeRules(ruleSet({ profile: 'tenhou', overrides: { kandoraTiming: 'after-discard' } }), chip);
    expect([pinned.rules.kandoraTiming, pinned.from.kandoraTiming]).toEqual(['after-discard', 'flag']);
    expect(judgeRules(defaultRules(), chip).rules.kandoraTiming).toBe('immediate');
    expect(judgeRules(ruleSet({ profile: 'mleague' }), decodeGameType(0xa9)).from.kandoraTiming).toBe('profile');
  });
});

describe("the corpus's lobby games against their own logs (csrule 0FE0BF0B,0000001F)", () => {
  /** The yaku ids of every AGARI of an mjlog, read from its text. */
  const yakuOfWins = (text: string) =>
    [...text.matchAll(/<AGARI [^>]*?yaku="([^"]*)"/g)].map((m) => m[1].split(',').filter((_, i) => i % 2 === 0).map(Number));

  it.each(['Cherrling__mjlog2mjai__fabc0.xml', 'dnovikoff__tenhou__log_test_data_newattr2023.xml'])(
    '%s: 0 findings under every declared value, and where another value is refuted by the log, it is what the log shows',
    (name) => {
      requireCorpus();
      const file = corpusFile(name);
      const game = readLogFile(file);
      const tenhou = ruleSet({ profile: 'tenhou' });
      const judged = judgeRules(tenhou, game.rule);
      const findingsUnder = (set: ReturnType<typeof ruleSet>) =>
        judgeReplay(replayGame(game, set)).findings.filter((f) => f.kind !== 'lobby-rule-not-applied');
      expect(findingsUnder(tenhou)).toEqual([]);
      // The knobs whose other values the log refutes: a finding (a score that differs, a rule broken) under them.
      const refuted = new Set<string>();
      for (const k of KNOBS) {
        if (judged.from[k.name] !== 'declared') continue;
        for (const v of k.values) {
          if (v.value === judged.rules[k.name]) continue;
          const set = ruleSet({ profile: 'tenhou', overrides: { [k.name]: v.value } });
          if (findingsUnder(set).some((f) => f.kind === 'score-mismatch' || f.rule === k.name)) refuted.add(k.name);
        }
      }
      // What the log's own wins show: ippatsu (yaku 2) scored, red fives (yaku 54) scored.
      const wins = yakuOfWins(readFileSync(file, 'utf8'));
      const shown = new Set([...(wins.some((y) => y.includes(2)) ? ['ippatsuYaku'] : []), ...(wins.some((y) => y.includes(54)) ? ['akaDora'] : [])]);
      expect(shown.size).toBeGreaterThan(0);
      expect(refuted).toEqual(shown);
      expect([judged.rules.ippatsuYaku, judged.rules.akaDora]).toEqual([true, 3]);
    },
  );
});
