/**
 * The time left of a long job, for a progress bar. cli-progress's own estimate divides by the rate of its
 * last few updates, which early in a batch (worker threads starting, the first files slow) is far too low:
 * "2m20s" for a five-second job. Here the rate is measured from the first progress on, over windows of a
 * second or more, smoothed from one window to the next, and nothing is shown until there is something to
 * measure.
 */

/** No estimate before this long, unless this share of the work is done. */
export const ETA_HIDDEN_MS = 3000;
export const ETA_SHOWN_AFTER_FRACTION = 0.05;
/** The rate is measured over windows of at least this long; each moves the smoothed rate by SMOOTHING of the way. */
const WINDOW_MS = 1000;
const SMOOTHING = 0.3;

export class EtaEstimator {
  /** Where the current window started (the first progress, then each window's end); null before any progress. */
  private windowStart: { at: number; done: number } | null = null;
  /** Units per ms, smoothed over the windows; null until the first window is complete. */
  private rate: number | null = null;

  constructor(
    private readonly total: number,
    private readonly startedAt: number = Date.now(),
  ) {}

  /**
   * Takes the count done at `now` and returns the milliseconds left, or null while it is too early to say:
   * before a full window of progress has been measured, and in the first seconds unless a good share is
   * done. The time before the first progress (workers starting) is not measured: it does not come again.
   */
  update(done: number, now: number = Date.now()): number | null {
    if (done <= 0) return null;
    if (this.windowStart === null) {
      this.windowStart = { at: now, done };
      return null;
    }
    const span = now - this.windowStart.at;
    if (span >= WINDOW_MS) {
      const measured = (done - this.windowStart.done) / span;
      this.rate = this.rate === null ? measured : this.rate + SMOOTHING * (measured - this.rate);
      this.windowStart = { at: now, done };
    }
    if (done >= this.total) return 0;
    if (this.rate === null || this.rate <= 0) return null;
    const elapsed = now - this.startedAt;
    if (elapsed < ETA_HIDDEN_MS && done / this.total < ETA_SHOWN_AFTER_FRACTION) return null;
    return (this.total - done) / this.rate;
  }
}

/** `4s`, `2m05s`, `1h02m`; `…` when there is no estimate. */
export function formatEta(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '…';
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
