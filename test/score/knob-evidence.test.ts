/**
 * The evidence for each `tenhou` scoring value: the corpus scored under every other value of every knob,
 * one knob at a time, given as a flag (so that it wins over what a game declares, as `--kiriage-mangan always`
 * does; docs/kan-rules.md §7), every other knob as the game declares it or tenhou's. The number of wins (and
 * drawn hands) that then disagree with the log is what src/rules/scoring.ts and docs/scoring.md §2 cite; a
 * knob the corpus cannot show gives 0. The two editor-typed results (corpus.test.ts) disagree under every
 * value and are left out. Whole corpus only (skipped with KANSHI_QUICK): one scoring of the corpus per value.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeRules, ruleSet, SCORING_KNOBS, type RuleSet } from '../../src/rules/index.js';
import { YAKU } from '../../src/events/index.js';
import { compareDrawWithLog, compareWithLog, scoreDraw, scoreHandWins, type ScoreRules } from '../../src/score/index.js';
import { drawInputOf, tableWinInputs } from '../../src/replay/index.js';
import { corpusHands, scoreRules, type PlayedHand } from './support.js';

const TYPED_RESULTS = /confusing_nakis_[12]\.json$/;

function disagreements(hands: readonly PlayedHand[], set: RuleSet): { wins: number; draws: number } {
  let wins = 0;
  let draws = 0;
  for (const h of hands) {
    const rules: ScoreRules = judgeRules(set, h.rule).rules;
    if (h.table.wins.length > 0 && !TYPED_RESULTS.test(h.file)) {
      const scores = scoreHandWins(tableWinInputs(h.table, rules, h.rule), rules);
      h.table.wins.forEach((w, i) => {
        if (compareWithLog(w.event, scores[i], { format: h.format, players: h.players }).length > 0) wins++;
      });
    }
    if (h.draw && compareDrawWithLog(h.draw, scoreDraw(drawInputOf(h.table, h.draw), rules), h.players).length > 0) draws++;
  }
  return { wins, draws };
}

/** `knob=value` → corpus wins / drawn hands that disagree with the log under it (every other knob at tenhou's value). */
const EVIDENCE: Record<string, [wins: number, draws: number]> = {
  // (none is tenhou's; the chip games declare always, and their two kiriage wins agree under it)
  'kiriageMangan=always': [1_397, 0],
  'kazoeYakuman=sanbaiman': [6, 0],
  'doubleYakuman=true': [4, 0],
  'yakumanStacking=false': [5, 0],
  'doubleWindPairFu=2': [10, 0],
  'rinshanTsumoFu=none': [8, 0],
  'atozuke=first-call': [669, 0],
  'ippatsuYaku=false': [1_070, 0],
  'uraDora=false': [1_930, 0],
  'kanUra=false': [131, 0],
  'kandora=false': [445, 0],
  'akaDora=0': [5_779, 0],
  'yakumanPao=with-suukantsu': [1, 0],
  'yakumanPao=none': [8, 0],
  'paoCompound=liable-yakuman': [2, 0],
  'paoRonHonba=discarder': [1, 0],
  'kitaInterrupts=false': [26, 0],
  'nagashiMangan=false': [0, 13],
  'notenPayments=false': [0, 2_238],
  'threePlayerNoten=3000': [0, 267],
  'threePlayerTsumo=north-split': [1_059, 5],
  'threePlayerHonba=300': [914, 0],
  'multipleRonHonba=each-winner': [41, 0],

  // The one ron before the winner's first draw was worth more than a mangan (docs/scoring.md §2).
  'renhou=mangan': [0, 0],
  'renhou=yakuman': [1, 0],
  'daiminkanPao=discarder-pays': [3, 0],
};

describe.skipIf(process.env.KANSHI_QUICK !== undefined)('the corpus against every other value of every scoring knob', () => {
  let hands: PlayedHand[];
  const tenhou = scoreRules('tenhou');
  const pinned = (overrides: Record<string, unknown> = {}) => ruleSet({ profile: 'tenhou', overrides });

  beforeAll(() => {
    hands = corpusHands();
  });

  it('agrees under tenhou (the editor-typed results aside)', () => {
    expect(disagreements(hands, pinned())).toEqual({ wins: 0, draws: 0 });
  });

  it('disagrees under each other value as often as the evidence says', () => {
    const found: Record<string, [number, number]> = {};
    for (const knob of SCORING_KNOBS) {
      for (const { value } of knob.values as readonly { value: unknown }[]) {
        if (value === tenhou[knob.name]) continue;
        const d = disagreements(hands, pinned({ [knob.name]: value }));
        found[`${knob.name}=${String(value)}`] = [d.wins, d.draws];
      }
    }
    const d = disagreements(hands, pinned({ daiminkanPao: 'discarder-pays' }));
    found['daiminkanPao=discarder-pays'] = [d.wins, d.draws];
    // Two knobs every game declares, counted from what the logs themselves state: 1,500 a honba moves the
    // honba's win in every 4-player hand won with honba (one win a hand: in a double ron only the first winner
    // takes them, multipleRonHonba), but the five-chip game's, which declares 1,500 and pays it; no open
    // tanyao undoes every win the log scores tanyao (yaku 8) with an open meld.
    const played = hands.filter((h) => !TYPED_RESULTS.test(h.file));
    const honba = played.filter((h) => h.players === 4 && h.start.honba > 0 && h.rule.chips !== 'five-chips' && h.table.wins.length > 0).length;
    const wins = played.flatMap((h) => h.table.wins.map((w) => ({ h, w })));
    const openTanyao = wins.filter(({ w }) => w.event.yaku.some((y) => y.id === YAKU.tanyao) && w.melds.some((m) => m.type !== 'ankan' && m.type !== 'kita')).length;
    expect(found).toEqual({ ...EVIDENCE, 'honbaPoints=1500': [honba, 0], 'openTanyao=false': [openTanyao, 0] });
  });
});
