/** `kanshi rules [--json]`: the rule knobs, their values and meaning, and the profiles with their evidence. */
import type { Command } from 'commander';
import { KNOBS, differencesFrom, matchingProfile, rulesCatalog, rulesKey, type RulesCatalog } from '../rules/index.js';
import { EXIT, out, outJson } from './common.js';
import { addRuleOptions, ruleSetFromOptions } from './rule-options.js';
import { addCommandHelp } from './help.js';

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(1, width - text.length));

const GROUP_HEADINGS: Record<string, string> = {
  kan: 'Kan knobs (docs/kan-rules.md)',
  scoring: 'Scoring knobs (docs/scoring.md)',
  legality: 'Legality knobs: the other actions (docs/legality.md)',
};

function printText(catalog: RulesCatalog, selected?: string): void {
  out('The rule knobs. Commands that replay or audit take --profile P and one flag per knob.');
  let group = '';
  for (const k of catalog.knobs) {
    if (k.group !== group) {
      group = k.group;
      out('');
      out(`== ${GROUP_HEADINGS[group] ?? group}`);
    }
    out('');
    out(`${k.name}  ${k.flag} <value>  (${k.section}; default ${String(k.default)})`);
    out(`  ${k.description}`);
    const width = Math.max(...k.values.map((v) => String(v.value).length)) + 3;
    for (const v of k.values) out(`    ${pad(String(v.value), width)}${v.meaning}`);
  }

  out('');
  out('Profiles (✓ seen in real Tenhou logs of the corpus; ? from secondary sources only)');
  const cells = catalog.profiles.map((p) =>
    catalog.knobs.map((k) => `${String(p.values[k.name].value)} ${p.values[k.name].verified ? '✓' : '?'}`),
  );
  const nameWidth = Math.max(...catalog.knobs.map((k) => k.name.length)) + 2;
  const colWidth = Math.max(...cells.flat().map((c) => c.length), ...catalog.profiles.map((p) => p.name.length + 1)) + 2;
  out('  ' + pad('', nameWidth) + catalog.profiles.map((p) => pad(p.name + (p.default ? '*' : ''), colWidth)).join('').trimEnd());
  catalog.knobs.forEach((k, i) => {
    out('  ' + pad(k.name, nameWidth) + cells.map((c) => pad(c[i], colWidth)).join('').trimEnd());
  });
  out(`  * default profile`);

  out('');
  out('Platforms (without --profile, each game is audited under its platform\'s profile)');
  for (const p of catalog.platforms) out(`  ${pad(p.platform, 9)}${pad(p.defaultProfile, 10)}${p.title}: ${p.recognisedBy}`);
  out('');
  out('Sources');
  for (const p of catalog.profiles) {
    out(`  ${p.name}: ${p.title}`);
    for (const k of catalog.knobs) {
      const v = p.values[k.name];
      out(`    ${pad(`${k.name} = ${String(v.value)}`, nameWidth + 16)}${v.verified ? '✓' : '?'} ${v.source}`);
    }
  }
  if (selected) {
    out('');
    out(selected);
  }
}

export function registerRulesCommand(program: Command): void {
  const command = program
    .command('rules')
    .description('list the rule knobs (kan, scoring, legality: values and meaning) and the rule profiles, marking which values real logs verify')
    .option('--json', 'print the knobs and profiles as JSON');
  addRuleOptions(command);
  addCommandHelp(command, {
    text: `
Each knob with its values (the default marked), what it means and the docs section; each profile with
the value it gives every knob and the evidence for it. With rule options, also the rules they resolve
to, and the profile they match.`,
    exit: [
      [EXIT.ok, 'the knobs and profiles were printed'],
      [EXIT.failed, 'stdout cannot be written'],
      [EXIT.usage, 'a usage error: an unknown option, profile or knob value (nothing was done)'],
    ],
    examples: `
  kanshi rules
  kanshi rules --profile mleague --kandora-timing immediate
  kanshi rules --json | jq '.profiles[].name'`,
  });
  command.action((options: Record<string, unknown>) => {
    const catalog = rulesCatalog();
    // With rule options, also show what they resolve to (a quick check of a flag combination).
    const asked = options.profile !== undefined || KNOBS.some((k) => options[k.name] !== undefined);
    const { rules } = ruleSetFromOptions(options);
    const selected = {
      profile: (options.profile as string | undefined) ?? catalog.defaultProfile,
      rules,
      rulesKey: rulesKey(rules),
      matchingProfile: matchingProfile(rules) ?? null,
    };
    if (options.json) {
      outJson({ ...catalog, selected }, 2);
      return;
    }
    printText(
      catalog,
      asked
        ? `Selected rules (--profile ${selected.profile}${differencesFrom(rules, selected.profile).length ? ', with overrides' : ''}): ` +
            KNOBS.map((k) => `${k.name}=${String(rules[k.name])}`).join(' ')
        : undefined,
    );
  });
}
