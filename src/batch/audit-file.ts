/**
 * One file from path to GameAudit, never throwing: a file that cannot be read becomes an
 * `ingest-error` finding, and a failure of kanshi itself an `audit-error`, so a batch always goes on.
 */
import { readFileSync } from 'node:fs';
import { auditGame, contentHash, failedAudit, finding, type AuditContext, type GameAudit } from '../audit/index.js';
import { IngestError, parseLog } from '../ingest/index.js';

/**
 * Audits one file; `alreadyDone(hash)` lets a resumed audit pass over files whose audit is stored (the
 * result is then null).
 */
export function auditFile(path: string, ctx: AuditContext): GameAudit;
export function auditFile(path: string, ctx: AuditContext, alreadyDone: (hash: string) => boolean): GameAudit | null;
export function auditFile(path: string, ctx: AuditContext, alreadyDone?: (hash: string) => boolean): GameAudit | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return failedAudit(path, contentHash(Buffer.from(`unreadable:${path}`)), new IngestError(`cannot read the file (${code})`), ctx);
  }
  const hash = contentHash(bytes);
  if (alreadyDone?.(hash)) return null;
  try {
    return auditGame(path, hash, parseLog(bytes, { file: path }), ctx);
  } catch (err) {
    if (err instanceof IngestError) return failedAudit(path, hash, err, ctx);
    const failed = failedAudit(path, hash, err as Error, ctx);
    const e = err as Error;
    failed.findings = [finding('audit-error', { round: null, eventIndex: null }, `kanshi failed on this file: ${e.message}`, { stack: e.stack ?? String(e) })];
    return failed;
  }
}
