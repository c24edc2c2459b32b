/**
 * The worker thread's task: audit a handful of files and send their audits back.
 */
import type { GameAudit } from '../audit/index.js';
import type { Rules } from '../rules/index.js';
import { auditFile } from './audit-file.js';

export interface AuditTask {
  files: string[];
  rules: Rules;
  profile: string | null;
}

export default function auditTask(task: AuditTask): GameAudit[] {
  return task.files.map((file) => auditFile(file, { rules: task.rules, profile: task.profile }));
}
