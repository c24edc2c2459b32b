import { describe, expect, it } from 'vitest';
import { kanshiInProcess } from '../support/in-process.js';

const kanshi = kanshiInProcess;

describe('kanshi waits', () => {
  it('prints the waits and the readings of each winning hand', async () => {
    const r = await kanshi('waits', '3335666p111456s');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '3335666p111456s: waits 4p 5p 7p\n' +
        '  4p: 33p 345p 666p 111s 456s | 333p 456p 66p 111s 456s\n' +
        '  5p: 333p 55p 666p 111s 456s\n' +
        '  7p: 333p 567p 66p 111s 456s\n',
    );
  });

  it('prints JSON, for hands with melds too', async () => {
    const r = await kanshi('waits', '1113444p222z', '--json');
    expect(JSON.parse(r.stdout)).toEqual({
      hand: '1113444p222z',
      tiles: 10,
      melds: 1,
      tenpai: true,
      waits: ['2p', '3p', '5p'],
      readings: {
        '2p': ['11p 123p 444p 222z', '111p 234p 44p 222z'],
        '3p': ['111p 33p 444p 222z'],
        '5p': ['111p 345p 44p 222z'],
      },
      heldFour: [],
      meldList: [],
      noCopyLeft: [],
    });
  });

  it('takes the melds the hand has made; copies in them exhaust no kind (Tenhou)', async () => {
    const r = await kanshi('waits', '13m456p789s11z', '--ankan', '2m');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '13m456p789s11z, ankan 2222m: waits 2m\n' +
        '  2m: 123m 456p 789s 11z\n' +
        '  (no copy of 2m is left: the hand and its melds hold all four; still a wait, the hand is tenpai)\n',
    );
    // mjx's IsTenpai case: a single 1m beside pons of 1m, 1p, 1s and 9m is tenpai (tenhou.net/man).
    const j = await kanshi('waits', '1m', '--pon', '1m,1p', '--pon', '111s', '--pon', '9m', '--json');
    expect(JSON.parse(j.stdout)).toMatchObject({
      melds: 4,
      meldList: [
        { type: 'pon', tiles: '111m' },
        { type: 'pon', tiles: '111p' },
        { type: 'pon', tiles: '111s' },
        { type: 'pon', tiles: '999m' },
      ],
      tenpai: true,
      waits: ['1m'],
      noCopyLeft: ['1m'],
    });
    const all = await kanshi('waits', '5p', '--chi', '345p', '--daiminkan', '9999s', '--kakan', '1z', '--ankan', '7z', '--json');
    expect(JSON.parse(all.stdout)).toMatchObject({
      meldList: [
        { type: 'chi', tiles: '345p' },
        { type: 'daiminkan', tiles: '9999s' },
        { type: 'kakan', tiles: '1111z' },
        { type: 'ankan', tiles: '7777z' },
      ],
      waits: ['5p'],
      noCopyLeft: [],
    });
  });

  it('checks the hand with its melds: size, fifth copies, notation, 3 players', async () => {
    const cases: [string[], RegExp][] = [
      [['13m456p789s11z', '--ankan', '2m,5z'], /2 melds leave 7 concealed tiles, but HAND has 10/],
      [['13m456p789s1z', '--ankan', '2m', '--pon', '1z'], /2 melds leave 7 concealed tiles, but HAND has 9/],
      [['13m456p789s11z', '--ankan', '1m'], /HAND with its melds: five copies of 1m/],
      [['1m', '--pon', '1m,1p,1s,9m,9p'], /at most 4 melds/],
      [['13m456p789s11z', '--chi', '235m'], /--chi must be three numbered tiles in a run, such as 345p; got "235m"/],
      [['13m456p789s11z', '--ankan', '1m3z'], /--ankan must be one tile such as 2m \(or 2222m\); got "1m3z"/],
      [['13m456p789s11z', '--pon', '11z'], /--pon must be one tile such as 7z \(or 777z\)/],
      [['19m456p789s11z', '--chi', '789p', '--three-player'], /there is no chi in a 3-player game/],
      [['19m456p789s11z', '--ankan', '5m', '--three-player'], /5m does not exist in a 3-player game/],
    ];
    for (const [args, message] of cases) {
      const r = await kanshi('waits', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });

  it('says "not tenpai", and names a wait on a kind held four times apart', async () => {
    const r = await kanshi('waits', '1111m234p567s789s');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '1111m234p567789s: not tenpai\n  (the shape also waits on 1m, but the hand holds all four: not a wait)\n',
    );
    const j = await kanshi('waits', '--json', '1111m234p567s789s');
    expect(JSON.parse(j.stdout)).toMatchObject({ tenpai: false, waits: [], heldFour: ['1m'], noCopyLeft: [] });
  });

  it('reads thirteen orphans', async () => {
    const r = await kanshi('waits', '19m19p19s1234567z', '--json');
    expect(JSON.parse(r.stdout).waits).toHaveLength(13);
  });

  it('rejects bad hands with exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['123m456p789s11223z'], /HAND must have 13 tiles .* got 14/],
      [['11111m23456789p'], /HAND: five copies of 1m/],
      [['123'], /HAND: .*no suit letter/],
      [['2m3m4m11p'], /HAND must have 13 tiles/],
      [['234m456p789s1122z', '--three-player'], /2m does not exist in a 3-player game/],
      [[], /missing required argument 'hand'/],
    ];
    for (const [args, message] of cases) {
      const r = await kanshi('waits', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });

  it('refuses more red fives than a set has, in the hand or across the hand and its melds (issue 14)', async () => {
    // was read as 5555m, four red fives
    const four = await kanshi('waits', '0000m123p456s789s');
    expect(four.code).toBe(2);
    expect(four.stderr).toBe('kanshi: HAND has 4 red 5m (0m), but a set has one\n');
    const meld = await kanshi('waits', '0m23m456s789s1z', '--pon', '0m');
    expect(meld.code).toBe(2);
    expect(meld.stderr).toBe('kanshi: HAND with --pon has 2 red 5m (0m), but a set has one\n');
    const chi = await kanshi('waits', '0m23m456p789s1z', '--chi', '340m');
    expect(chi.stderr).toBe('kanshi: HAND with --chi has 2 red 5m (0m), but a set has one\n');
    // one red five a suit is fine, wherever it is written
    expect((await kanshi('waits', '0m23m456s789s1z', '--pon', '5m')).code).toBe(0);
    expect((await kanshi('waits', '0m23m0p46p789s1z', '--chi', '340s')).code).toBe(0);
  });
});
