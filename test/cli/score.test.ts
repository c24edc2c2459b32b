/**
 * `kanshi score`, run in process on a program that registers just this command (it is not in
 * program.ts yet): text and JSON answers, the scoring knobs as flags, and a usage error (exit 2) for each
 * kind of bad input.
 */
import { Command, CommanderError } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CliError, EXIT } from '../../src/cli/common.js';
import { registerScoreCommand, scoreCommand } from '../../src/cli/score.js';

async function kanshiScore(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const program = new Command().name('kanshi').exitOverride().configureOutput({ writeErr: (t) => (stderr += t), writeOut: (t) => (stdout += t) });
  registerScoreCommand(program);
  try {
    await program.parseAsync(['node', 'kanshi', 'score', ...args]);
    return { code: EXIT.ok, stdout, stderr };
  } catch (err) {
    if (err instanceof CliError) return { code: err.exitCode, stdout, stderr: stderr + `kanshi: ${err.message}\n` };
    if (err instanceof CommanderError) return { code: err.exitCode === 0 ? EXIT.ok : EXIT.usage, stdout, stderr };
    throw err;
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('kanshi score', () => {
  it('scores a riichi pinfu tanyao ron, seat by seat', async () => {
    const r = await kanshiScore('234567m34p55678s', '--win', '5p', '--riichi', '--dora', '1m');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('yaku: riichi 1, pinfu 1, tanyao 1, dora 1');
    expect(r.stdout).toContain('han 4, fu 30');
    expect(r.stdout).toContain('points: 7700');
    // South wins; the player before it, East, dealt in.
    expect(r.stdout).toContain('payments: East pays 7700; South receives 7700');
  });

  it('names the winning tile as the library does: a red five 0p, a plain one 5p (issue 42: "won on 5p" for --win 0p)', async () => {
    const { tileToString } = await import('../../src/index.js');
    const red = await kanshiScore('234567m34p55678s', '--win', '0p', '--riichi', '--dora', '1m');
    expect(red.stdout.split('\n')[0]).toContain(`(won on ${tileToString(52)}, ryanmen)`);
    expect(tileToString(52)).toBe('0p');
    const plain = await kanshiScore('234567m34p55678s', '--win', '5p', '--riichi', '--dora', '1m');
    expect(plain.stdout.split('\n')[0]).toContain('(won on 5p, ryanmen)');
  });

  it('prints JSON: yaku ids, fu parts, payments and deltas by seat wind', async () => {
    const r = await kanshiScore('123m456p789s1122z', '--win', '1z', '--tsumo', '--dealer', '--honba', '1', '--sticks', '2', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.yaku.map((y: { id: number; han: number }) => [y.id, y.han])).toEqual([
      [0, 1],
      [10, 1],
      [14, 1],
    ]);
    // 123m 456p 789s 111z 22z, shanpon won on East by tsumo: base 20, closed East triplet 8, tsumo 2 = 30 fu;
    // 3 han as dealer: 2,000 all, +100 each for the honba, +2,000 of sticks.
    expect(j.fu).toBe(30);
    expect(j.fuParts.map((p: { reason: string }) => p.reason)).toEqual(['base', 'set', 'tsumo']);
    expect(j.deltas).toEqual({ East: 3 * 2100 + 2000, South: -2100, West: -2100, North: -2100 });
    expect(j.honbaPoints).toBe(300);
  });

  it('pays a 3-player tsumo with tsumo loss, and counts kita as dora', async () => {
    const r = await kanshiScore('111m999m123p456s9s', '--win', '9s', '--tsumo', '--players', '3', '--kita', '2', '--json');
    const j = JSON.parse(r.stdout);
    expect(r.code).toBe(0);
    expect(j.dora.kita).toBe(2);
    // Menzen tsumo + 2 kita = 3 han 40 fu: dealer (East) 2,600, West 1,300; nobody pays North's share.
    expect(j.deltas).toEqual({ East: -2600, South: 3900, West: -1300 });
  });

  it('takes the scoring knobs as flags on top of a profile', async () => {
    // Riichi, pinfu, tanyao and a dora: 4 han 30 fu, 7,700 without kiriage mangan.
    const fourThirty = ['234567m23p33s678s', '--win', '4p', '--riichi', '--dora', '1m', '--json'];
    const noKiriage = JSON.parse((await kanshiScore(...fourThirty)).stdout);
    expect([noKiriage.han, noKiriage.fu, noKiriage.points]).toEqual([4, 30, 7700]);
    const kiriage = JSON.parse((await kanshiScore(...fourThirty, '--kiriage-mangan', 'always')).stdout);
    expect(kiriage.points).toBe(8000);
    const mleague = JSON.parse((await kanshiScore(...fourThirty, '--profile', 'mleague')).stdout);
    expect(mleague.points).toBe(8000);
    const noUra = JSON.parse((await kanshiScore(...fourThirty, '--ura', '1m', '--ura-dora', 'false')).stdout);
    expect(noUra.dora.ura).toBe(0);
    const ura = JSON.parse((await kanshiScore(...fourThirty, '--ura', '1m')).stdout);
    expect(ura.dora.ura).toBe(1);
  });

  it('pays pao: the liable player pays all of a daisangen tsumo', async () => {
    const r = await kanshiScore('11m23p', '--win', '1p', '--tsumo', '--pon', '5z,6z,7z', '--pao', 'W', '--json');
    const j = JSON.parse(r.stdout);
    expect(j.yakuman.map((y: { id: number }) => y.id)).toEqual([39]);
    expect(j.liable).toBe('West');
    expect(j.deltas).toEqual({ East: 0, South: 32000, West: -32000, North: 0 });
  });

  it('says so when a win has no yaku: exit 0, worth nothing', async () => {
    const r = await kanshiScore('234m567p11s34s', '--win', '5s', '--chi', '678s');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no yaku: the win is worth nothing');
  });

  it.each([
    [['234567m34p55678s'], '--win TILE is required'],
    [['234567m34p55678s', '--win', '5p', '--ippatsu'], '--ippatsu needs --riichi'],
    [['234567m34p55678s', '--win', '5p', '--tsumo', '--chankan'], '--chankan is a ron on a kan'],
    [['234567m34p55678s', '--win', '5p', '--rinshan', '--tsumo'], '--rinshan needs a kan'],
    [['234567m34p55678s', '--win', '9p'], 'is not a winning hand'],
    [['234567m34p5567s', '--win', '5p'], 'HAND must have 13 tiles (or 10, 7, 4 or 1 after 1-4 melds), got 12'],
    [['234567m34p55678s', '--win', '5x'], '--win: '],
    [['234567m34p55678s', '--win', '5p', '--kiriage-mangan', 'maybe'], 'invalid value "maybe" for --kiriage-mangan (allowed: none, always)'],
    [['234567m34p55678s', '--win', '5p', '--profile', 'club'], 'unknown profile "club"'],
    [['234567m34p55678s', '--win', '5p', '--seat-wind', 'X'], '--seat-wind must be a wind'],
    [['234567m34p55678s', '--win', '5p', '--dealer', '--seat-wind', 'W'], '--dealer sits East'],
    [['234567m34p55678s', '--win', '5p', '--from', 'S'], '--from names the winner'],
    // It was ignored without a word (issue 34).
    [['234567m34p55678s', '--win', '5p', '--tsumo', '--from', 'W'], "--from names a ron's discarder: a tsumo has none"],
    [['1111m3p55678s', '--win', '2p', '--ankan', '1m'], 'five copies of 1m'],
    [['234567m34p55678s', '--win', '5p', '--dora', '2222m'], '--dora: a fifth 2m'],
    [['234567m34p55678s', '--win', '5p', '--dora', '55s5s'], "--dora: four plain 5s but the set's fourth 5s is red; write it 0s"],
    [['234567m34p55678s', '--win', '5p', '--ura', '1m'], '--ura: ura dora count only for a winner in riichi'],
    [['234567m34p55678s', '--win', '5p', '--players', '3'], '2m..8m'],
  ])('refuses %j with a usage error', async (args, message) => {
    const r = await kanshiScore(...args);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain(message);
  });

  it('scoreCommand is the command without the printing', () => {
    const report = scoreCommand('234567m34p55678s', { win: '5p', riichi: true });
    expect(report.score.points).toBe(3900);
    expect(report.request.input.seat).toBe(1);
  });
});

describe('kanshi score, the built command as a user runs it', () => {
  it('is registered: its help, a win scored in text and JSON, and bad input with exit 2', async () => {
    const { kanshi } = await import('../support/cli.js');
    const help = kanshi(['score', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--win <tile>/);
    expect(help.stdout).toMatch(/--kiriage-mangan <value>/);
    const r = kanshi(['score', '234567m34p55678s', '--win', '5p', '--riichi', '--dora', '1m']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^han 4, fu 30$/m);
    expect(r.stdout).toMatch(/^points: 7700$/m);
    const json = kanshi(['score', '234567m34p55678s', '--win', '5p', '--riichi', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ han: 3, fu: 30, points: 3900 });
    const bad = kanshi(['score', '234567m34p5567s', '--win', '5p']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^kanshi: /);
    expect(kanshi(['score', '234567m34p55678s', '--win', '5p', '--kiriage-mangan', 'sometimes']).stderr).toMatch(/invalid value "sometimes" for --kiriage-mangan/);
  });
});
