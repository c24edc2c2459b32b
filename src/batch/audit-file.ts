/**
 * One file from path to GameAudit, never throwing: a file that cannot be read (or is over a limit, or
 * reaches one of V8's) becomes an `ingest-error` finding, and a failure of kanshi itself an
 * `audit-error`, so a batch always goes on.
 */
import { auditGame, brokenAudit, contentHash, failedAudit, unreadHash, type GameAudit } from '../audit/index.js';
import type { RuleSet } from '../rules/index.js';
import type { Platform } from '../events/index.js';
import { asIngestError, IngestError, parseLog, readLogBytes, type IngestLimits } from '../ingest/index.js';
import { inShard, type Shard } from './shard.js';

/**
 * A log read before its task, on the batch's thread (a stream named on the command line: `-`,
 * `/dev/fd/N`, read through the event loop, where Ctrl-C is heard): its bytes, or why it could not be read.
 */
export interface ReadBefore {
  path: string;
  bytes?: Uint8Array;
  reason?: string;
  position?: string | null;
}

/** What a task audits: a file's path, read by the task; or a log read before it. */
export type TaskInput = string | ReadBefore;

/** The path an input is known by. */
export function inputPath(input: TaskInput): string {
  return typeof input === 'string' ? input : input.path;
}

/** The bytes of an input: the file read (readLogBytes), or those read before; throws IngestError. */
export function inputBytes(input: TaskInput, limits?: Partial<IngestLimits>): Uint8Array {
  if (typeof input === 'string') return readLogBytes(input, limits);
  if (input.bytes) return input.bytes;
  throw new IngestError(input.reason ?? 'not read', input.position ?? null, input.path);
}

/**
 * Audits one file under its platform's rule set (`platform` overrides the one the log says);
 * `alreadyDone(hash)` lets a resumed audit pass over files whose audit is stored (the result is then null);
 * `limits` are what one log may cost to read (the defaults where not given); with `shard`, a file whose
 * content hash belongs to another shard is neither parsed nor audited (the result is null, and
 * `otherShard(hash)` is told), read once all the same, since its hash is known only from its bytes.
 */
export function auditFile(input: TaskInput, ruleSet: RuleSet, platform?: Platform): GameAudit;
export function auditFile(
  input: TaskInput,
  ruleSet: RuleSet,
  platform: Platform | undefined,
  alreadyDone: ((hash: string) => boolean) | undefined,
  limits?: Partial<IngestLimits>,
  shard?: Shard | null,
  otherShard?: (hash: string) => void,
): GameAudit | null;
export function auditFile(
  input: TaskInput,
  ruleSet: RuleSet,
  platform?: Platform,
  alreadyDone?: (hash: string) => boolean,
  limits?: Partial<IngestLimits>,
  shard?: Shard | null,
  otherShard?: (hash: string) => void,
): GameAudit | null {
  const elsewhere = (hash: string): boolean => {
    if (inShard(hash, shard)) return false;
    otherShard?.(hash);
    return true;
  };
  // A file that gives no game is kept under the rule set of the platform it was said to be, or of unknown logs.
  const fallback = ruleSet;
  const path = inputPath(input);
  let bytes: Uint8Array;
  try {
    bytes = inputBytes(input, limits);
  } catch (err) {
    // Unreadable, or larger than the limit (never read whole): known by its path.
    const hash = unreadHash(path);
    if (elsewhere(hash) || alreadyDone?.(hash)) return null;
    return failedAudit(path, hash, asIngestError(err) ?? new IngestError(String(err)), fallback);
  }
  const hash = contentHash(bytes);
  if (elsewhere(hash) || alreadyDone?.(hash)) return null;
  let game;
  try {
    game = parseLog(bytes, { file: path, ...(platform ? { platform } : {}), ...(limits ? { limits } : {}) });
  } catch (err) {
    const ingest = asIngestError(err);
    if (ingest) return failedAudit(path, hash, ingest, fallback);
    return brokenAudit(path, hash, err, fallback);
  }
  try {
    return auditGame(path, hash, game, ruleSet);
  } catch (err) {
    // The replay and the checks never throw on a log's content: what they throw is kanshi's own failure.
    return brokenAudit(path, hash, err, ruleSet);
  }
}
