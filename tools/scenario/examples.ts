/**
 * The bundled example files (`logs/examples`): one log per scenario (mjlog XML, or tenhou.net/6 JSON for a
 * scenario about that format) and SCENARIOS.md listing what each shows and what the audit must find in it.
 * Pure: the same text every run, so the files can be committed and a test can regenerate and compare them.
 */
import { SCENARIOS, type LogFormat, type Scenario, type ScenarioCheck } from './scenarios.js';

export interface ExampleFile {
  /** File name inside `logs/examples`. */
  name: string;
  content: string;
}

/** The file extension of each format a scenario can be written in. */
export const EXAMPLE_EXTENSIONS: Readonly<Record<LogFormat, string>> = { mjlog: '.mjlog', tenhou6: '.json', mjai: '.jsonl' };
export const INDEX_FILE = 'SCENARIOS.md';

/** A scenario's log file, by its extension (the files write-examples owns, and deletes when stale). */
export function isExampleLog(name: string): boolean {
  return Object.values(EXAMPLE_EXTENSIONS).some((ext) => name.endsWith(ext));
}

/** `tenhou`, or `tenhou + okuriKan=true` for a check with overrides. */
export function checkLabel(check: ScenarioCheck): string {
  const overrides = Object.entries(check.overrides ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  return [check.profile, ...overrides].join(' + ');
}

/** `[]`, or the kinds with a count when one repeats: `kandora-timing-mismatch ×5`. */
export function expectLabel(kinds: readonly string[]): string {
  if (kinds.length === 0) return 'nothing';
  const counts = new Map<string, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([k, n]) => (n > 1 ? `\`${k}\` ×${n}` : `\`${k}\``)).join(', ');
}

export function exampleFileName(s: Scenario): string {
  return s.name + EXAMPLE_EXTENSIONS[s.format ?? 'mjlog'];
}

/** SCENARIOS.md: each file, what it shows, and the findings expected under each rule set. */
export function scenarioIndex(scenarios: readonly Scenario[] = SCENARIOS): string {
  const lines = [
    '# Example logs',
    '',
    'Written by `tools/scenario` (`npm run examples`); do not edit by hand:',
    '`test/scenario/examples.test.ts` regenerates them and fails when they differ. Each file is plain mjlog XML',
    '(one turn per line) that Tenhou itself would never write: every kan situation the audit knows, made',
    'consistent by the builder (tile ids, turn order, hand sizes, wall counts, Tenhou\'s tag order around kans).',
    'Files without a SHUFFLE tag skip the wall check; the two seeded ones deal and draw from the wall. The `.json`',
    'file is the same kind of game written as tenhou.net/6 JSON (one round per line), which lists kandora without their moments.',
    'Each win\'s score and each drawn hand\'s payments are written by hand in its scenario, from the rules, never by',
    'kanshi\'s scorer: `test/scenario/values.test.ts` checks every win against @kobalab/majiang-core, an independent one.',
    '',
    '`kanshi audit logs/examples/<file> --profile <profile>` must report exactly these finding kinds',
    '(severities error, warning and info):',
    '',
    '| file | profile | expected findings |',
    '|---|---|---|',
  ];
  for (const s of scenarios) {
    s.checks.forEach((c, i) => {
      lines.push(`| ${i === 0 ? `\`${exampleFileName(s)}\`` : ''} | ${checkLabel(c)} | ${expectLabel(c.expect)} |`);
    });
  }
  lines.push('', '## What each file shows', '');
  for (const s of scenarios) {
    lines.push(`- \`${exampleFileName(s)}\`: ${s.description}`);
  }
  lines.push('');
  return lines.join('\n');
}

/** Every file of `logs/examples`, in a stable order. */
export function exampleFiles(scenarios: readonly Scenario[] = SCENARIOS): ExampleFile[] {
  return [
    ...scenarios.map((s) => ({ name: exampleFileName(s), content: s.build() })),
    { name: INDEX_FILE, content: scenarioIndex(scenarios) },
  ];
}
