import { describe, expect, it } from 'vitest';
import { kandoraRevealed, revealVerdict, ruleRevealMoment, type KanAftermath } from '../../src/replay/index.js';
import { defaultRules, judgeRules, ruleSet } from '../../src/rules/index.js';
import { countDora, doraKindOf } from '../../src/tiles/index.js';
import { decodeGameType } from '../../src/ingest/index.js';

const base: KanAftermath = { kind: 'kakan', robbed: false, replaced: true, nextKan: null, discard: { ronned: false }, rinshanWin: false, logEnded: false };

describe('reveal moments under each kandora timing', () => {
  it('tenhou: ankan at declaration, open kans after the replacement draw or at the next kan', () => {
    expect(ruleRevealMoment('tenhou', { ...base, kind: 'ankan' })).toBe('declaration');
    expect(ruleRevealMoment('tenhou', base)).toBe('after-replacement');
    expect(ruleRevealMoment('tenhou', { ...base, discard: null, nextKan: { robbed: false } })).toBe('next-kan');
    expect(ruleRevealMoment('tenhou', { ...base, discard: null, nextKan: { robbed: true } })).toBe('never');
    expect(ruleRevealMoment('tenhou', { ...base, discard: null, rinshanWin: true })).toBe('never');
    expect(ruleRevealMoment('tenhou', { ...base, robbed: true })).toBe('never');
    expect(ruleRevealMoment('tenhou', { ...base, discard: null, logEnded: true })).toBe('unknown');
  });

  it('immediate: every completed kan at declaration', () => {
    expect(ruleRevealMoment('immediate', { ...base, discard: null, rinshanWin: true })).toBe('declaration');
    expect(ruleRevealMoment('immediate', { ...base, robbed: true })).toBe('never');
  });

  it('after-discard: after a discard that passes, never when it is ronned or the replacement wins', () => {
    expect(ruleRevealMoment('after-discard', { ...base, kind: 'ankan' })).toBe('after-discard');
    expect(ruleRevealMoment('after-discard', { ...base, discard: { ronned: true } })).toBe('never');
    expect(ruleRevealMoment('after-discard', { ...base, discard: null, rinshanWin: true })).toBe('never');
  });

  it('after-replacement: every kan, ankan included, once its replacement tile is drawn, a rinshan win too (issue 27)', () => {
    expect(ruleRevealMoment('after-replacement', { ...base, kind: 'ankan' })).toBe('after-replacement');
    expect(ruleRevealMoment('after-replacement', base)).toBe('after-replacement');
    expect(ruleRevealMoment('after-replacement', { ...base, discard: null, nextKan: { robbed: false } })).toBe('after-replacement');
    expect(ruleRevealMoment('after-replacement', { ...base, discard: null, rinshanWin: true })).toBe('after-replacement');
    expect(ruleRevealMoment('after-replacement', { ...base, robbed: true, replaced: false })).toBe('never');
    expect(ruleRevealMoment('after-replacement', { ...base, replaced: false, discard: null, logEnded: true })).toBe('unknown');
  });

  it('the verdict on a reveal: an unknown moment decides nothing; an untimed one is unrecorded, unless the rule never reveals it', () => {
    expect(revealVerdict('declaration', 'declaration')).toBe('conforms');
    expect(revealVerdict('never', 'never')).toBe('conforms');
    expect(revealVerdict('never', 'declaration')).toBe('differs');
    expect(revealVerdict('after-discard', 'after-replacement')).toBe('differs');
    expect(revealVerdict('unknown', 'declaration')).toBe('undecided');
    expect(revealVerdict('declaration', 'unknown')).toBe('undecided');
    expect(revealVerdict('unknown', 'unknown')).toBe('undecided');
    expect(revealVerdict('unrecorded', 'after-replacement')).toBe('unrecorded');
    expect(revealVerdict('unrecorded', 'unknown')).toBe('unrecorded');
    // tenhou.net/6 JSON shows the indicator of a kakan won on its replacement tile: Tenhou's timing never turns it over
    expect(revealVerdict('unrecorded', 'never')).toBe('differs');
  });

  it('the number of kandora a timing turns over in a hand (docs/kan-rules.md §2): a kakan won on its replacement tile and a robbed kan', () => {
    // An ankan that went on, a kakan whose replacement tile won, and a kakan robbed (chankan), never completed.
    const kans = [{ aftermath: { ...base, kind: 'ankan' as const } }, { aftermath: { ...base, discard: null, rinshanWin: true } }, { aftermath: { ...base, robbed: true, replaced: false, discard: null } }];
    // tenhou: the ankan at its declaration; a minkan's indicator never, when its replacement tile wins.
    expect(kandoraRevealed(kans, 'tenhou')).toBe(1);
    // immediate and after-replacement: both completed kans, the rinshan win's too.
    expect(kandoraRevealed(kans, 'immediate')).toBe(2);
    expect(kandoraRevealed(kans, 'after-replacement')).toBe(2);
    // after-discard: the ankan, after its player's discard passed.
    expect(kandoraRevealed(kans, 'after-discard')).toBe(1);
    expect(kandoraRevealed([], 'immediate')).toBe(0);
  });

  it("a chip game (GO type bit 0x200) declares immediate kandora; a ranked game declares no timing; a flag wins over the declaration", () => {
    expect(judgeRules(defaultRules(), decodeGameType(553)).rules.kandoraTiming).toBe('immediate');
    expect(judgeRules(defaultRules(), decodeGameType(169)).rules.kandoraTiming).toBe('tenhou');
    expect(judgeRules(ruleSet({ profile: 'tenhou', overrides: { kandoraTiming: 'after-discard' } }), decodeGameType(553)).rules.kandoraTiming).toBe('after-discard');
  });
});

describe('dora from indicators', () => {
  it('wraps suits, winds and dragons; 1m points to 9m in 3-player', () => {
    expect(doraKindOf(8, 4)).toBe(0);
    expect(doraKindOf(0, 4)).toBe(1);
    expect(doraKindOf(0, 3)).toBe(8);
    expect(doraKindOf(30, 4)).toBe(27);
    expect(doraKindOf(33, 4)).toBe(31);
  });

  it('counts every copy for every indicator, and is unknown when an indicator is', () => {
    // indicators 1m and 1m: two copies of 2m in hand → 4 dora
    expect(countDora([0, 1], [4, 5, 40], 4)).toBe(4);
    expect(countDora([0, null], [4], 4)).toBeNull();
  });
});
