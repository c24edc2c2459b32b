/**
 * The totals `kanshi audit` prints at the end: games, unreadable files, kans by kind, riichi kans and
 * findings by kind and severity.
 */
import type { KanType } from '../tiles/index.js';
import { FINDING_KINDS, type FindingKind, type Severity } from './findings.js';
import type { GameAudit } from './types.js';

export interface AuditSummary {
  games: number;
  failedFiles: number;
  kans: Record<KanType, number>;
  riichiKans: number;
  /** Riichi kans the rules forbid. */
  illegalRiichiKans: number;
  chankanWins: number;
  rinshanWins: number;
  findings: Partial<Record<FindingKind, number>>;
  severities: Record<Severity, number>;
}

export function emptySummary(): AuditSummary {
  return {
    games: 0,
    failedFiles: 0,
    kans: { ankan: 0, daiminkan: 0, kakan: 0 },
    riichiKans: 0,
    illegalRiichiKans: 0,
    chankanWins: 0,
    rinshanWins: 0,
    findings: {},
    severities: { error: 0, warning: 0, info: 0 },
  };
}

/** Adds one game's audit to the totals. */
export function tallyAudit(s: AuditSummary, a: GameAudit): void {
  if (a.game === null) s.failedFiles++;
  else s.games++;
  for (const round of a.replay?.rounds ?? []) {
    for (const k of round.kans) if (!k.robbed) s.kans[k.kind]++;
    for (const w of round.wins) {
      if (w.chankan || w.chankanOnAnkan) s.chankanWins++;
      if (w.rinshan) s.rinshanWins++;
    }
  }
  s.riichiKans += a.riichiKans.length;
  s.illegalRiichiKans += a.riichiKans.filter((v) => v.legal === false).length;
  for (const f of a.findings) {
    s.findings[f.kind] = (s.findings[f.kind] ?? 0) + 1;
    s.severities[f.severity]++;
  }
}

/**
 * What a batch says besides the totals of the games it audited: the inputs it did not audit as games.
 * Games are counted as the database keys them, by content: a second file with the same bytes is a
 * duplicate, not a game.
 */
export interface BatchNotes {
  /** Games passed over: audited already under these rules (resume). */
  passedOver: number;
  /** The findings stored for them, by severity: they are part of the verdict `--fail-on` judges. */
  passedOverSeverities: Record<Severity, number>;
  /** Files with the same content as another input of the batch. */
  duplicateFiles: number;
}

/** The findings `--fail-on` judges: those of the games audited now and those stored for the games passed over. */
export function judgedSeverities(s: AuditSummary, notes?: BatchNotes): Record<Severity, number> {
  const p = notes?.passedOverSeverities;
  return { error: s.severities.error + (p?.error ?? 0), warning: s.severities.warning + (p?.warning ?? 0), info: s.severities.info + (p?.info ?? 0) };
}

/** Readable lines of a summary (with a batch's notes, the lines on duplicates and games passed over where there are some). */
export function summaryLines(s: AuditSummary, notes?: BatchNotes): string[] {
  const kans = s.kans.ankan + s.kans.daiminkan + s.kans.kakan;
  const lines = [
    `games audited: ${s.games}${s.failedFiles ? `, files that could not be read: ${s.failedFiles}` : ''}`,
  ];
  if (notes?.duplicateFiles) {
    const n = notes.duplicateFiles;
    lines.push(`${n} duplicate file${n === 1 ? '' : 's'} (same content as another input: one game to the database, counted once)`);
  }
  if (notes?.passedOver) {
    const p = notes.passedOverSeverities;
    lines.push(
      `passed over: ${notes.passedOver} game${notes.passedOver === 1 ? '' : 's'} audited already under these rules (--force audits them again); ` +
        `their stored findings (${p.error} errors, ${p.warning} warnings, ${p.info} info) count toward --fail-on`,
    );
  }
  lines.push(
    `kans: ${kans} (ankan ${s.kans.ankan}, daiminkan ${s.kans.daiminkan}, kakan ${s.kans.kakan}); robbed kakans are not counted`,
    `riichi kans: ${s.riichiKans} (${s.illegalRiichiKans} illegal under the rules)`,
    `rinshan wins: ${s.rinshanWins}; chankan wins: ${s.chankanWins}`,
    `findings: ${s.severities.error} errors, ${s.severities.warning} warnings, ${s.severities.info} info`,
  );
  const kinds = (Object.keys(s.findings) as FindingKind[]).sort();
  for (const kind of kinds) lines.push(`  ${kind.padEnd(26)} ${String(s.findings[kind]).padStart(7)}  (${FINDING_KINDS[kind].severity})`);
  return lines;
}

/** Adds one summary's totals into another (partial summaries come back from worker threads). */
export function mergeSummary(into: AuditSummary, from: AuditSummary): void {
  into.games += from.games;
  into.failedFiles += from.failedFiles;
  for (const k of Object.keys(into.kans) as KanType[]) into.kans[k] += from.kans[k];
  into.riichiKans += from.riichiKans;
  into.illegalRiichiKans += from.illegalRiichiKans;
  into.chankanWins += from.chankanWins;
  into.rinshanWins += from.rinshanWins;
  for (const [kind, n] of Object.entries(from.findings) as [FindingKind, number][]) into.findings[kind] = (into.findings[kind] ?? 0) + n;
  for (const sev of Object.keys(into.severities) as Severity[]) into.severities[sev] += from.severities[sev];
}
