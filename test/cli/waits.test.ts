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
    });
  });

  it('says "not tenpai", and names a wait on a kind held four times apart', async () => {
    const r = await kanshi('waits', '1111m234p567s789s');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '1111m234p567789s: not tenpai\n  (the shape also waits on 1m, but the hand holds all four: not a wait)\n',
    );
    const j = await kanshi('waits', '--json', '1111m234p567s789s');
    expect(JSON.parse(j.stdout)).toMatchObject({ tenpai: false, waits: [], heldFour: ['1m'] });
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
});
