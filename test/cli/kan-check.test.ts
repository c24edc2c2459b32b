import { describe, expect, it } from 'vitest';
import { kanshiInProcess } from '../support/in-process.js';

const kanshi = kanshiInProcess;

describe('kanshi kan-check', () => {
  it('judges a legal kan under waits (the default), exit 0', async () => {
    const r = await kanshi('kan-check', '--hand', '3335666p111456s', '--draw', '3p');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'riichi hand 3335666p111456s, draw 3p, ankan 3p (riichiKan waits, okuriKan false)\n' +
        'waits before: 4p 5p 7p\n' +
        'waits after:  4p 5p 7p\n' +
        'legal (allowed): the waits stay 4p 5p 7p\n',
    );
  });

  it('judges an illegal kan under strict, still exit 0, with the lost reading', async () => {
    const r = await kanshi('kan-check', '--hand', '3335666p111456s', '--draw', '3p', '--riichi-kan', 'strict', '--json');
    expect(r.code).toBe(0);
    const v = JSON.parse(r.stdout);
    expect(v).toMatchObject({
      legal: false,
      reason: 'reading-lost',
      waitsBefore: ['4p', '5p', '7p'],
      waitsAfter: ['4p', '5p', '7p'],
      lostReading: { wait: '4p', reading: '33p 345p 666p 111s 456s' },
      riichiKan: 'strict',
    });
    expect(v.explanation).toMatch(/no 3p triplet/);
  });

  it('prints the §3 vectors as JSON under each rule', async () => {
    const rows: [string[], string, boolean][] = [
      [['--hand', '3444m778899s333z', '--draw', '4m'], 'waits', false],
      [['--hand', '3444m 778899s 333z', '--draw', '3z'], 'strict', true],
      [['--hand', '222333444p23m11z', '--draw', '4p'], 'waits', true],
      [['--hand', '222333444p23m11z', '--draw', '4p'], 'strict', false],
      [['--hand', '22p56p789p678888s', '--draw', '5s', '--kan', '8s'], 'waits', false],
      [['--hand', '22p56p789p678888s', '--draw', '5s', '--kan', '8s', '--okuri-kan', 'true'], 'waits', true],
      [['--hand', '1113444p222z', '--melds', '1', '--draw', '1p'], 'waits', true],
      [['--hand', '1113444p222z', '--draw', '1p'], 'strict', false],
      [['--hand', '3335666p111456s', '--draw', '3p'], 'none', false],
    ];
    for (const [args, rule, legal] of rows) {
      const r = await kanshi('kan-check', ...args, '--riichi-kan', rule, '--json');
      expect(r.code, args.join(' ')).toBe(0);
      expect(JSON.parse(r.stdout).legal, `${args.join(' ')} ${rule}`).toBe(legal);
    }
  });

  it('prints waits as notation and null waitsAfter when the kan cannot be made', async () => {
    const r = await kanshi('kan-check', '--hand', '3335666p111456s', '--draw', '0p', '--json');
    const v = JSON.parse(r.stdout);
    expect(v.draw).toBe('5p');
    expect(v.reason).toBe('kan-tile-not-four');
    expect(v.waitsAfter).toBeNull();
  });

  it('takes the kinds of earlier ankans (--ankan, or its alias --ankans); they exhaust no wait (Tenhou)', async () => {
    const r = await kanshi('kan-check', '--hand', '1113444p222z', '--ankans', '5p', '--draw', '1p', '--json');
    expect(JSON.parse(r.stdout)).toMatchObject({
      melds: 1,
      meldList: [{ type: 'ankan', tiles: '5555p' }],
      waitsBefore: ['2p', '3p', '5p'],
      waitsAfter: ['2p', '3p', '5p'],
      legal: true,
    });
    // Waiting on 2m, all four of which are in the ankan: tenpai, and the kan of 4p keeps the wait.
    const karaten = await kanshi('kan-check', '--hand', '13m444p789s11z', '--ankan', '2m', '--draw', '4p');
    expect(karaten.stdout).toBe(
      'riichi hand 13m444p789s11z + ankan 2222m, draw 4p, ankan 4p (riichiKan waits, okuriKan false)\n' +
        'waits before: 2m\n' +
        'waits after:  2m\n' +
        'legal (allowed): the waits stay 2m\n',
    );
    const two = await kanshi('kan-check', '--hand', '1113p222z', '--ankan', '5p', '--ankans', '6p', '--draw', '1p', '--json');
    expect(JSON.parse(two.stdout)).toMatchObject({ melds: 2, waitsBefore: ['2p', '3p'], waitsAfter: ['3p'], reason: 'waits-change' });
  });

  it('allows the kan of a kind that is itself a wait when the waits stay (Tenhou; Mortal refuses it)', async () => {
    const r = await kanshi('kan-check', '--hand', '2345556677888p', '--draw', '8p', '--json');
    expect(JSON.parse(r.stdout)).toMatchObject({
      legal: true,
      reason: 'allowed',
      waitsBefore: ['2p', '5p', '6p', '7p', '8p'],
      waitsAfter: ['2p', '5p', '6p', '7p', '8p'],
    });
    const strict = await kanshi('kan-check', '--hand', '2345556677888p', '--draw', '8p', '--riichi-kan', 'strict', '--json');
    expect(JSON.parse(strict.stdout)).toMatchObject({ legal: false, reason: 'reading-lost' });
  });

  it('rejects bad input with exit 2 and a clear message', async () => {
    const cases: [string[], RegExp][] = [
      [['--hand', '3335666p11145s', '--draw', '3p'], /--hand must have 13 tiles .* got 12/],
      [['--hand', '3335666p111456x', '--draw', '3p'], /--hand: .*unexpected "x"/],
      [['--hand', '33333566p11145s', '--draw', '2p'], /--hand: five copies of 3p/],
      [['--hand', '3335666p111456s', '--draw', '6p', '--kan', '6p6p'], /--kan must be one tile/],
      [['--hand', '3335666p111456s', '--draw', '3p', '--melds', '1'], /1 meld leaves 10 concealed tiles, but --hand has 13/],
      [['--hand', '3335666p111456s', '--draw', '3p', '--melds', '9'], /--melds must be an integer between 0 and 4/],
      [['--hand', '1113444p222z', '--draw', '1p', '--ankans', '4p'], /five copies of 4p/],
      [['--hand', '1113444p222z', '--draw', '1p', '--ankan', '1p'], /hand \+ draw \+ ankans: five copies of 1p/],
      [['--hand', '1113444p222z', '--draw', '1p', '--ankan', '5p', '--melds', '2'], /--ankan lists 1 kan but --melds is 2/],
      [['--hand', '1113444p22z', '--draw', '1p', '--ankan', '5p'], /1 meld leaves 10 concealed tiles, but --hand has 9/],
      [['--hand', '1113444p222z', '--draw', '1p', '--pon', '7z'], /--pon: a riichi hand is closed, so only ankans \(--ankan\) can have been made before riichi/],
      [['--hand', '1113444p222z', '--draw', '1p', '--chi', '789s'], /--chi: a riichi hand is closed/],
      [['--hand', '3335666p111456s', '--draw', '3p', '--riichi-kan', 'loose'], /invalid value "loose" for --riichi-kan \(allowed: none, waits, strict\)/],
      [['--hand', '3335666p111456s'], /required option '--draw <tile>'/],
      [['--hand', '111999m1p567s777z', '--draw', '5m', '--three-player'], /5m does not exist in a 3-player game/],
    ];
    for (const [args, message] of cases) {
      const r = await kanshi('kan-check', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });

  it('has help with an example and the exit statuses', async () => {
    const r = await kanshi('kan-check', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Examples:\n {2}\$ kanshi kan-check --hand 3335666p111456s --draw 3p --riichi-kan strict/);
    expect(r.stdout).toMatch(/Exit status:\n {2}0 {4}the kan was judged, legal or not/);
  });

  it('refuses more red fives than a set has across the hand, its ankans and the draw (issue 14)', async () => {
    const draw = await kanshi('kan-check', '--hand', '0p55p456s789s1z', '--ankan', '7z', '--draw', '0p');
    expect(draw.code).toBe(2);
    expect(draw.stderr).toBe('kanshi: --hand with --draw has 2 red 5p (0p), but a set has one\n');
    const ankans = await kanshi('kan-check', '--hand', '0p55p456s789s1z', '--ankans', '0p', '--draw', '5p');
    expect(ankans.stderr).toBe('kanshi: --hand with --ankans has 2 red 5p (0p), but a set has one\n');
    const ankan = await kanshi('kan-check', '--hand', '55p5p456s789s1z', '--ankan', '0s', '--draw', '0s');
    expect(ankan.stderr).toBe('kanshi: --ankan with --draw has 2 red 5s (0s), but a set has one\n');
    const hand = await kanshi('kan-check', '--hand', '000p456s789s1122z', '--draw', '1z');
    expect(hand.stderr).toBe('kanshi: --hand has 3 red 5p (0p), but a set has one\n');
    // --kan names the kind kanned (from the hand and the draw), not another tile: one red five in all
    const kan = await kanshi('kan-check', '--hand', '0p55p456s789s1z', '--ankan', '7z', '--draw', '5p', '--kan', '0p');
    expect(kan.code, kan.stderr).toBe(0);
    expect(kan.stdout).toMatch(/^legal \(allowed\)/m);
  });
});
