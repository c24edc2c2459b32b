/**
 * The totals `kanshi audit` prints at the end: games, unreadable files, kans by kind, riichi kans and
 * findings by kind and severity.
 */
import { plural } from '../events/index.js';
import type { KanType } from '../tiles/index.js';
import { FINDING_KINDS, type FindingKind, type Severity } from './findings.js';
import type { GameAudit } from './types.js';

export interface AuditSummary {
  gameCount: number;
  failedFileCount: number;
  /** Kans declared, by kind: robbed ones included, as `kanshi info` counts them. */
  kanCounts: Record<KanType, number>;
  /** Declared kans robbed by a ron (chankan); counted in kanCounts too. */
  robbedKanCount: number;
  /** Kans declared by a player in riichi. */
  riichiKanCount: number;
  /** Riichi kans the rules forbid. */
  illegalRiichiKanCount: number;
  chankanWinCount: number;
  rinshanWinCount: number;
  findingCounts: Partial<Record<FindingKind, number>>;
  severityCounts: Record<Severity, number>;
}

export function emptySummary(): AuditSummary {
  return {
    gameCount: 0,
    failedFileCount: 0,
    kanCounts: { ankan: 0, daiminkan: 0, kakan: 0 },
    robbedKanCount: 0,
    riichiKanCount: 0,
    illegalRiichiKanCount: 0,
    chankanWinCount: 0,
    rinshanWinCount: 0,
    findingCounts: {},
    severityCounts: { error: 0, warning: 0, info: 0 },
  };
}

/** Adds one game's audit to the totals. */
export function tallyAudit(s: AuditSummary, a: GameAudit): void {
  if (a.game === null) s.failedFileCount++;
  else s.gameCount++;
  for (const hand of a.replay?.hands ?? []) {
    for (const k of hand.kans) {
      s.kanCounts[k.kind]++;
      if (k.robbed) s.robbedKanCount++;
    }
    for (const w of hand.wins) {
      if (w.chankan || w.chankanOnAnkan) s.chankanWinCount++;
      if (w.rinshan) s.rinshanWinCount++;
    }
  }
  s.riichiKanCount += a.riichiKans.length;
  s.illegalRiichiKanCount += a.riichiKans.filter((v) => v.legal === false).length;
  for (const f of a.findings) {
    s.findingCounts[f.kind] = (s.findingCounts[f.kind] ?? 0) + 1;
    s.severityCounts[f.severity]++;
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
  return { error: s.severityCounts.error + (p?.error ?? 0), warning: s.severityCounts.warning + (p?.warning ?? 0), info: s.severityCounts.info + (p?.info ?? 0) };
}

/** Readable lines of a summary (with a batch's notes, the lines on duplicates and games passed over where there are some). */
export function summaryLines(s: AuditSummary, notes?: BatchNotes): string[] {
  const kans = s.kanCounts.ankan + s.kanCounts.daiminkan + s.kanCounts.kakan;
  const lines = [
    `games audited: ${s.gameCount}${s.failedFileCount ? `, files that could not be read: ${s.failedFileCount}` : ''}`,
  ];
  if (notes?.duplicateFiles) {
    const n = notes.duplicateFiles;
    lines.push(`${plural(n, 'duplicate file')} (same content as another input: one game to the database, counted once)`);
  }
  if (notes?.passedOver) {
    const p = notes.passedOverSeverities;
    lines.push(
      `passed over: ${plural(notes.passedOver, 'game')} audited already under these rules (--force audits them again); ` +
        `their stored findings (${plural(p.error, 'error')}, ${plural(p.warning, 'warning')}, ${p.info} info) count toward --fail-on`,
    );
  }
  lines.push(
    `kans: ${kans} (ankan ${s.kanCounts.ankan}, daiminkan ${s.kanCounts.daiminkan}, kakan ${s.kanCounts.kakan}); ${s.robbedKanCount} of them robbed (chankan)`,
    `riichi kans: ${s.riichiKanCount} (${s.illegalRiichiKanCount} illegal under the rules)`,
    `rinshan wins: ${s.rinshanWinCount}; chankan wins: ${s.chankanWinCount}`,
    `findings: ${plural(s.severityCounts.error, 'error')}, ${plural(s.severityCounts.warning, 'warning')}, ${s.severityCounts.info} info`,
  );
  const kinds = (Object.keys(s.findingCounts) as FindingKind[]).sort();
  for (const kind of kinds) lines.push(`  ${kind.padEnd(26)} ${String(s.findingCounts[kind]).padStart(7)}  (${FINDING_KINDS[kind].severity})`);
  return lines;
}

/** Adds one summary's totals into another (partial summaries come back from worker threads). */
export function mergeSummary(into: AuditSummary, from: AuditSummary): void {
  into.gameCount += from.gameCount;
  into.failedFileCount += from.failedFileCount;
  for (const k of Object.keys(into.kanCounts) as KanType[]) into.kanCounts[k] += from.kanCounts[k];
  into.robbedKanCount += from.robbedKanCount;
  into.riichiKanCount += from.riichiKanCount;
  into.illegalRiichiKanCount += from.illegalRiichiKanCount;
  into.chankanWinCount += from.chankanWinCount;
  into.rinshanWinCount += from.rinshanWinCount;
  for (const [kind, n] of Object.entries(from.findingCounts) as [FindingKind, number][]) into.findingCounts[kind] = (into.findingCounts[kind] ?? 0) + n;
  for (const sev of Object.keys(into.severityCounts) as Severity[]) into.severityCounts[sev] += from.severityCounts[sev];
}
