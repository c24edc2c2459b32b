/**
 * `kanshi info` on a Tenhou lobby log (issues 27, 31 and 41): the rule from the lobby's GO type, and every
 * csrule flag that has a knob applied as the game declares it (effectiveRules), the others named
 * (fixtures/tenhou6-lobby.json; the corpus's mjlog lobby game Cherrling__mjlog2mjai__fabc0.xml,
 * `<GO rule csrule="0FE0BF0B,0000001F,…">`). The expected values are the csrule bits as
 * InjusticeJudge's example_arml_game.json describes them (docs/formats.md §5.7).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFile, requireCorpus } from '../support/corpus.js';
import { kanshiInProcess } from '../support/in-process.js';

const LOBBY = join(import.meta.dirname, '..', 'formats', 'fixtures', 'tenhou6-lobby.json');

/**
 * What csrule 0FE0BF0B,0000001F declares, bit by bit: word 0 = 0x1 no nagashi, 0x2 kiriage, 0x8 kandora at
 * once, 0x100 no four-winds abort, 0x200 no four-kan abort, 0x400 no four-riichi abort, 0x800 no
 * nine-terminals abort, 0x1000 no triple-ron abort with 0x2000 head bump, 0x800000 3-player tsumo split,
 * 0x1000000 renhou; bits 0x4, 0x20, 0x40, 0x80, 0x80000 clear (busting, kan dora, ura, kan ura, ippatsu as
 * Tenhou's); word 1 = 0x1 double-wind pair 2 fu, 0x8 suukantsu pao, 0x10 no kazoe yakuman.
 */
const DECLARED_0FE0BF0B = {
  nagashiMangan: false,
  kiriageMangan: 'always',
  kandoraTiming: 'immediate',
  suufonRenda: false,
  suukaikan: 'none',
  suuchaRiichi: false,
  kyuushuKyuuhai: false,
  multipleRon: 'atamahane',
  threePlayerTsumo: 'north-split',
  renhou: 'mangan',
  doubleWindPairFu: 2,
  yakumanPao: 'with-suukantsu',
  kazoeYakuman: 'sanbaiman',
  busting: 'ends-game',
  kandora: true,
  uraDora: true,
  kanUra: true,
  ippatsuYaku: true,
};

describe('kanshi info on a Tenhou lobby log', () => {
  it('reads it, and says in JSON which value of each knob judges it and where that value comes from', async () => {
    requireCorpus();
    const r = await kanshiInProcess('info', '--json', '--all', LOBBY, corpusFile('2019020120gm-0009-10011-215330df.xml'), corpusFile('Cherrling__mjlog2mjai__fabc0.xml'));
    expect(r.code, r.stderr).toBe(0);
    const [lobby, mjlog, csrule] = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lobby).toMatchObject({
      logId: '2024050112gm-000b-12345-0a1b2c3d',
      format: 'tenhou6',
      platform: 'tenhou',
      redFivesFrom: 'rule',
      rule: { redFives: false, redFiveSuits: 0, label: '四般南喰', lobbyRule: { csrule: expect.arrayContaining(['00000000']) } },
      handCount: 2,
    });
    // The lobby's GO type 000b: no red fives, declared; its csrule 00000000: Tenhou's ranked values, declared.
    expect(lobby.effectiveRules.akaDora).toMatchObject({ value: 0, from: 'declared', by: expect.stringMatching(/^GO type 0x000B: bit 0x0002 set/) });
    expect(lobby.effectiveRules.kiriageMangan).toMatchObject({ value: 'none', from: 'declared', by: expect.stringMatching(/^csrule\[0\] 0x00000002 clear/) });
    expect(lobby.lobbyRuleNotApplied).toBeUndefined();
    // An mjlog lobby game without csrule: its GO type says, and the profile the rest.
    expect(mjlog).toMatchObject({ redFivesFrom: 'rule', rule: { typeCode: 9, redFives: true } });
    expect(mjlog.rule.lobbyRule).toBeUndefined();
    expect(mjlog.effectiveRules.kandoraTiming).toEqual({ value: 'tenhou', from: 'profile' });
    // csrule 0FE0BF0B: every flag with a knob applied as declared, the rest named, the unexplained bit named.
    for (const [knob, value] of Object.entries(DECLARED_0FE0BF0B)) {
      expect(csrule.effectiveRules[knob], knob).toMatchObject({ value, from: 'declared', by: expect.stringMatching(/^csrule\[[01]\] 0x[0-9A-F]{8} (set|clear) \(/) });
    }
    expect(csrule.lobbyRuleNotApplied).toEqual({
      settings: [
        'no tenpai-yame',
        'sudden death',
        'kita (3-player)',
        'riichi with no draw left',
        'WRC rule on an ankan after riichi',
        'a tile whose four copies are in view is no wait',
        'leftover riichi sticks to the first place',
      ],
      unknownBits: ['csrule[1] 0x00000002'],
    });
  });

  it('lists only the values that differ from the profile without --all; a flag wins over the game', async () => {
    requireCorpus();
    const game = corpusFile('Cherrling__mjlog2mjai__fabc0.xml');
    const plain = JSON.parse((await kanshiInProcess('info', '--json', game)).stdout);
    expect(plain.effectiveRules.kandoraTiming).toMatchObject({ value: 'immediate', from: 'declared' });
    // tenhou's own value: not listed
    expect(plain.effectiveRules.busting).toBeUndefined();
    const flagged = JSON.parse((await kanshiInProcess('info', '--json', '--kandora-timing', 'tenhou', game)).stdout);
    expect(flagged.effectiveRules.kandoraTiming).toEqual({ value: 'tenhou', from: 'flag' });
  });

  it('says so in its text line, and nothing of the kind for a log whose rule says', async () => {
    requireCorpus();
    const r = await kanshiInProcess('info', LOBBY, corpusFile('2020052221gm-00a9-0000-6f0524c7.xml'), corpusFile('Cherrling__mjlog2mjai__fabc0.xml'));
    expect(r.code, r.stderr).toBe(0);
    const [lobby, ranked, csrule] = r.stdout.trim().split('\n');
    expect(lobby).toMatch(/4p 四般南喰 \(tenhou\) {2}2 hands .* {2}declared: akaDora 0$/);
    expect(ranked).not.toMatch(/lobby|red fives|declared/);
    // The first few declared values, and how many more (the whole list made a long line); then what no knob applies.
    expect(csrule).toMatch(/ {2}declared: kandoraTiming immediate, suukaikan none, [^,]+, [^,]+ and \d+ more \(--json lists them\)/);
    expect(csrule).toMatch(/ {2}lobby rule not applied \(no knob\): no tenpai-yame, sudden death, [^,]+ and \d+ more \(--json lists them\) {2}unknown lobby bits: csrule\[1\] 0x00000002$/);
  });
});
