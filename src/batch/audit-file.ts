/**
 * One file from path to GameAudit, never throwing: a file that cannot be read becomes an
 * `ingest-error` finding, and a failure of kanshi itself an `audit-error`, so a batch always goes on.
 */
import { readFileSync } from 'node:fs';
import { auditGame, brokenAudit, contentHash, failedAudit, type GameAudit } from '../audit/index.js';
import { IngestError, parseLog } from '../ingest/index.js';
import type { RuleSet } from '../rules/index.js';

/**
 * Audits one file; `alreadyDone(hash)` lets a resumed audit pass over files whose audit is stored (the
 * result is then null).
 */
export function auditFile(path: string, ruleSet: RuleSet): GameAudit;
export function auditFile(path: string, ruleSet: RuleSet, alreadyDone: (hash: string) => boolean): GameAudit | null;
export function auditFile(path: string, ruleSet: RuleSet, alreadyDone?: (hash: string) => boolean): GameAudit | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return failedAudit(path, contentHash(Buffer.from(`unreadable:${path}`)), new IngestError(`cannot read the file (${code})`), ruleSet);
  }
  const hash = contentHash(bytes);
  if (alreadyDone?.(hash)) return null;
  try {
    return auditGame(path, hash, parseLog(bytes, { file: path }), ruleSet);
  } catch (err) {
    if (err instanceof IngestError) return failedAudit(path, hash, err, ruleSet);
    return brokenAudit(path, hash, err, ruleSet);
  }
}
