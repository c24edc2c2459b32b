/**
 * A batch's totals as its tasks report, in whatever order they come: each content counted once, as the
 * database keys games, however many files hold it and whichever worker met it first.
 */
import { emptySummary, mergeSummary, type AuditSummary } from '../audit/index.js';
import type { AuditTaskResult } from './worker.js';

export class BatchCount {
  /** The totals of the games audited, each distinct content once. */
  readonly summary: AuditSummary = emptySummary();
  /** Files with the same bytes as another file of the batch (audited or passed over). */
  duplicates = 0;
  /** Files left to other shards. */
  otherShards = 0;
  /** Files reported so far: audited, passed over or left to other shards. */
  done = 0;
  /** Every content met, audited or passed over: 64 hex characters a file, a few MB for 50,000. */
  private readonly seen = new Set<string>();
  /**
   * The contents passed over, in the order met. Another worker may audit the same content in this batch
   * and report after (its commit came before this one's check): it is then counted as audited.
   */
  private readonly passed = new Set<string>();

  accept(result: Pick<AuditTaskResult, 'hashes' | 'tallies' | 'passedOver' | 'otherShards'>): void {
    result.hashes.forEach((hash, i) => {
      // A duplicate was written all the same: the same rows again, as a second run would (the game's file
      // becomes the path named last); only the totals count the game once.
      if (this.passed.delete(hash)) {
        this.duplicates++;
        mergeSummary(this.summary, result.tallies[i]);
      } else if (this.seen.has(hash)) this.duplicates++;
      else {
        this.seen.add(hash);
        mergeSummary(this.summary, result.tallies[i]);
      }
    });
    for (const hash of result.passedOver) {
      if (this.seen.has(hash)) this.duplicates++;
      else {
        this.seen.add(hash);
        this.passed.add(hash);
      }
    }
    this.otherShards += result.otherShards;
    this.done += result.hashes.length + result.passedOver.length + result.otherShards;
  }

  /** The content hashes of the games passed over, each once. */
  passedOver(): string[] {
    return [...this.passed];
  }
}
