/**
 * What a scenario is: one scripted game for a situation Tenhou never (or rarely) produces, with the
 * findings `kanshi audit` must report for it under each listed rule profile. The scenarios themselves are
 * in scenarios/, one file a family; scenarios.ts lists them in the order of logs/examples/SCENARIOS.md.
 */
import type { FindingKind } from '../../src/audit/index.js';
import type { ProfileName, Rules } from '../../src/rules/index.js';

/**
 * `n` score mismatches: a win's differing components are a finding each (its yaku, han, fu, points, limit,
 * each seat's payment). Under a profile whose scoring knobs are not Tenhou's (pro-strict: no ura dora, no
 * kazoe yakuman), a win the script valued as Tenhou does is re-scored otherwise.
 */
export function scoreMismatches(n: number): FindingKind[] {
  return Array<FindingKind>(n).fill('score-mismatch');
}

export interface ScenarioCheck {
  /** kanshi rule profile. */
  profile: ProfileName;
  /** Knob values that replace the profile's. */
  overrides?: Partial<Rules>;
  /** The exact multiset of finding kinds (any severity) the audit reports for the file under these rules. */
  expect: FindingKind[];
}

export type Verdict = 'legal' | 'illegal';

/** How a scenario's log is written: mjlog XML (`toXml`) or tenhou.net/6 JSON (`toTenhou6`). */
export type LogFormat = 'mjlog' | 'tenhou6' | 'mjai';

/** A riichi kan of docs/kan-rules.md §3 and its verdicts, for the tests that judge it directly. */
export interface RiichiKanRow {
  /** The row of the §3 test-vector table, or null for a kan that is not in it. */
  row: number | null;
  kind: 'ankan' | 'daiminkan';
  /** Under riichiKan `waits` and `strict` (okuriKan false). */
  waits: Verdict;
  strict: Verdict;
  /** Under `waits` with okuriKan true, where it differs. */
  waitsOkuriKan?: Verdict;
}

export interface Scenario {
  /** File name without its extension; kebab case. */
  name: string;
  /** The log's format; default mjlog. */
  format?: LogFormat;
  /** What the file shows, in one or two sentences. */
  description: string;
  checks: ScenarioCheck[];
  /**
   * What a replay under the `tenhou` kandora timing reports, where the scenario's point is one of these
   * (each absent count is 0).
   */
  replay?: { inconsistencies?: number; wallMismatches?: number; timingMismatches?: number; kandoraCountMismatches?: number };
  riichiKan?: RiichiKanRow;
  /** The file is deliberately not a readable log: ingest must fail with an IngestError. */
  broken?: boolean;
  /** The file's text (in its format). */
  build(): string;
}

export const RIICHI_KAN: FindingKind = 'riichi-kan-illegal';
