import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/common.js';
import { kanshiInProcess } from '../support/in-process.js';
import { addRuleOptions, ruleSetFromOptions } from '../../src/cli/rule-options.js';

const rulesFromOptions = (o: Record<string, unknown>) => ruleSetFromOptions(o).rules;
import { KNOBS, rulesCatalog } from '../../src/rules/index.js';

const kanshi = kanshiInProcess;

describe('kanshi rules', () => {
  it('--json prints the knobs and profiles, and the default rules as selected', async () => {
    const r = await kanshi('rules', '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const json = JSON.parse(r.stdout);
    const catalog = rulesCatalog();
    expect(json.knobs).toEqual(catalog.knobs);
    expect(json.profiles).toEqual(catalog.profiles);
    expect(json.defaultProfile).toBe('tenhou');
    expect(json.selected).toMatchObject({ profile: 'tenhou', matchingProfile: 'tenhou', rules: { riichiKan: 'waits' } });
    expect(json.profiles.find((p: { name: string }) => p.name === 'mleague').values.suukaikan).toMatchObject({ value: 'none', verified: false });
  });

  it('lists knobs with values and meanings, and the profile matrix with verified marks', async () => {
    const r = await kanshi('rules');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('kandoraTiming  --kandora-timing <value>');
    expect(r.stdout).toContain('    after-discard   ');
    expect(r.stdout).toMatch(/kandoraTiming\s+tenhou ✓\s+tenhou ✓\s+immediate \?\s+immediate \?\s+tenhou \?/);
    expect(r.stdout).toMatch(/fifthKan\s+forbidden \?\s+forbidden \?\s+forbidden \?\s+forbidden \?\s+aborts \?/);
    expect(r.stdout).toMatch(/daiminkanPao\s+none ✓\s+none \?\s+none \?\s+none \?\s+none \?/);
    expect(r.stdout).toMatch(/multipleRon\s+triple-aborts ✓\s+triple-aborts \?\s+atamahane \?\s+all \?\s+atamahane \?/);
    // One heading a group, in the order of the flags.
    expect([...r.stdout.matchAll(/^== (\w+)/gm)].map((m) => m[1])).toEqual(['Kan', 'Scoring', 'Legality']);
    expect(r.stdout).not.toContain('Selected rules');
  });

  it('shows what rule options resolve to', async () => {
    const r = await kanshi('rules', '--json', '--profile', 'majsoul', '--okuri-kan', 'true');
    expect(JSON.parse(r.stdout).selected).toMatchObject({ profile: 'majsoul', matchingProfile: null, rules: { okuriKan: true, kokushiAnkanChankan: true } });
    const t = await kanshi('rules', '--profile', 'ema');
    expect(t.stdout).toContain('Selected rules (--profile ema): kandoraTiming=immediate riichiKan=waits');
  });

  it('bad profile or value: one line on stderr, exit 2', async () => {
    const p = await kanshi('rules', '--profile', 'mahjongsoul');
    expect(p.code).toBe(2);
    expect(p.stderr).toBe('kanshi: unknown profile "mahjongsoul" for --profile (profiles: tenhou, majsoul, mleague, ema, pro-strict)\n');
    const v = await kanshi('rules', '--fifth-kan', 'sometimes');
    expect(v.code).toBe(2);
    expect(v.stderr).toBe('kanshi: invalid value "sometimes" for --fifth-kan (allowed: forbidden, aborts)\n');
  });
});

describe('rule options helper', () => {
  function parse(...args: string[]): Record<string, unknown> {
    const cmd = addRuleOptions(new Command('x').exitOverride());
    cmd.parse(args, { from: 'user' });
    return cmd.opts();
  }

  it('adds --profile and one flag per knob, from the descriptors', () => {
    const cmd = addRuleOptions(new Command('x'));
    expect(cmd.options.map((o) => o.long)).toEqual(['--profile', ...KNOBS.map((k) => k.flag)]);
    // commander's option names are the knob names
    expect(cmd.options.slice(1).map((o) => o.attributeName())).toEqual(KNOBS.map((k) => k.name));
  });

  it('turns parsed options into Rules', () => {
    expect(rulesFromOptions(parse())).toMatchObject({ kandoraTiming: 'tenhou', okuriKan: false });
    expect(rulesFromOptions(parse('--profile', 'pro-strict', '--kandora-timing', 'immediate', '--kokushi-ankan-chankan', 'true'))).toMatchObject({
      kandoraTiming: 'immediate',
      riichiKan: 'strict',
      okuriKan: false,
      kokushiAnkanChankan: true,
      suukaikan: 'abort',
      fifthKan: 'aborts',
      daiminkanPao: 'none',
      // the scoring knobs too, from the profile or a flag
      kazoeYakuman: 'sanbaiman',
    });
    expect(rulesFromOptions(parse('--double-wind-pair-fu', '2', '--ippatsu-yaku', 'false'))).toMatchObject({ doubleWindPairFu: 2, ippatsuYaku: false, kazoeYakuman: 'yakuman' });
    expect(() => rulesFromOptions(parse('--double-wind-pair-fu', '3'))).toThrow('invalid value "3" for --double-wind-pair-fu (allowed: 4, 2)');
  });

  it('throws CliError naming the flag and the allowed values', () => {
    expect(() => rulesFromOptions(parse('--riichi-kan', 'loose'))).toThrow(CliError);
    expect(() => rulesFromOptions(parse('--riichi-kan', 'loose'))).toThrow('invalid value "loose" for --riichi-kan (allowed: none, waits, strict)');
    expect(() => rulesFromOptions(parse('--profile', 'x'))).toThrow(/unknown profile "x" for --profile/);
  });
});
