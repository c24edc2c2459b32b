/**
 * One file from path to GameAudit, never throwing: a file that cannot be read becomes an
 * `ingest-error` finding, and a failure of kanshi itself an `audit-error`, so a batch always goes on.
 */
import { readFileSync } from 'node:fs';
import { auditGame, brokenAudit, contentHash, failedAudit, type GameAudit, type RuleSets } from '../audit/index.js';
import type { Platform } from '../events/index.js';
import { IngestError, parseLog } from '../ingest/index.js';

/**
 * Audits one file under its platform's rule set (`platform` overrides the one the log says);
 * `alreadyDone(hash)` lets a resumed audit pass over files whose audit is stored (the result is then null).
 */
export function auditFile(path: string, ruleSets: RuleSets, platform?: Platform): GameAudit;
export function auditFile(path: string, ruleSets: RuleSets, platform: Platform | undefined, alreadyDone: (hash: string) => boolean): GameAudit | null;
export function auditFile(path: string, ruleSets: RuleSets, platform?: Platform, alreadyDone?: (hash: string) => boolean): GameAudit | null {
  // A file that gives no game is kept under the rule set of the platform it was said to be, or of unknown logs.
  const fallback = ruleSets[platform ?? 'unknown'];
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    return failedAudit(path, contentHash(Buffer.from(`unreadable:${path}`)), new IngestError(`cannot read the file (${code})`), fallback);
  }
  const hash = contentHash(bytes);
  if (alreadyDone?.(hash)) return null;
  try {
    const game = parseLog(bytes, platform ? { file: path, platform } : { file: path });
    return auditGame(path, hash, game, ruleSets[game.platform]);
  } catch (err) {
    if (err instanceof IngestError) return failedAudit(path, hash, err, fallback);
    return brokenAudit(path, hash, err, fallback);
  }
}
