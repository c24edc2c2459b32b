/**
 * The worker thread's task: audit a handful of files and send back the database rows and the totals,
 * built here so that the writer's thread only inserts.
 */
import { emptySummary, tallyAudit, type AuditSummary } from '../audit/index.js';
import type { Rules } from '../rules/index.js';
import { prepareAudit, type PreparedAudit } from '../store/index.js';
import { auditFile } from './audit-file.js';

export interface AuditTask {
  files: string[];
  rules: Rules;
  profile: string | null;
}

export interface AuditTaskResult {
  rows: PreparedAudit[];
  summary: AuditSummary;
}

export function auditFiles(task: AuditTask): AuditTaskResult {
  const summary = emptySummary();
  const rows = task.files.map((file) => {
    const audit = auditFile(file, { rules: task.rules, profile: task.profile });
    tallyAudit(summary, audit);
    return prepareAudit(audit);
  });
  return { rows, summary };
}

export default auditFiles;
