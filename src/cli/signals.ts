/**
 * SIGINT (Ctrl-C) and SIGTERM for the commands that work through many files (audit, verify, info, export,
 * fetch): the first signal lets the file in progress finish, what is done is kept (printed, written,
 * committed), the rest is not started, and the command ends with 130 (SIGINT) or 143 (SIGTERM); a second
 * signal quits at once with the same status.
 *
 * A signal's handler runs only between turns of the event loop: a loop of synchronous work never sees it,
 * which is how `kanshi audit` on its main thread once ran to the end after Ctrl-C and exited 0. So each
 * loop asks `stopRequested()` before each file, which lets the event loop turn now and then.
 *
 * The commands that do one thing (report, merge, stats, one log's events or replay) install no handler:
 * the signal ends them at once, as it ends any program, and the shell reports 130 or 143. What they write
 * is written atomically (report), or in one transaction per input (merge), so nothing half-done is kept.
 */
import { EXIT, say } from './common.js';

export type StopSignal = 'SIGINT' | 'SIGTERM';

/** The exit status of a command stopped by each signal (128 + the signal's number, as a shell reports it). */
export const SIGNAL_EXIT: Readonly<Record<StopSignal, number>> = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated };

/** How often, at most, a loop lets the event loop turn to hear a signal. */
const YIELD_MS = 25;

export class SignalStop {
  private readonly controller = new AbortController();
  private received: StopSignal | null = null;
  private lastYield = Date.now();
  private readonly handlers: Record<StopSignal, () => void>;

  /** `what` finishes before the command stops: `the file in progress`, `the downloads in progress`. */
  constructor(what: string) {
    const on = (sig: StopSignal) => () => {
      if (this.received !== null) process.exit(SIGNAL_EXIT[this.received]);
      this.received = sig;
      const again = sig === 'SIGINT' ? 'Ctrl-C again' : 'SIGTERM again';
      say(`\nkanshi: ${sig === 'SIGINT' ? 'interrupted' : 'terminated'}: stopping after ${what} (${again} to quit at once)`);
      this.controller.abort();
    };
    this.handlers = { SIGINT: on('SIGINT'), SIGTERM: on('SIGTERM') };
    process.on('SIGINT', this.handlers.SIGINT);
    process.on('SIGTERM', this.handlers.SIGTERM);
  }

  /** Aborted on the first signal. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether a signal asked to stop (without letting one in). */
  get stopping(): boolean {
    return this.received !== null;
  }

  /** Lets a pending signal in (one turn of the event loop, at most every 25 ms), then says whether to stop. */
  async stopRequested(): Promise<boolean> {
    if (this.received === null && Date.now() - this.lastYield >= YIELD_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.lastYield = Date.now();
    }
    return this.received !== null;
  }

  /** 130 or 143 once a signal asked to stop, else null. */
  exitCode(): number | null {
    return this.received === null ? null : SIGNAL_EXIT[this.received];
  }

  /** Removes the handlers: a signal from now on ends the process at once. */
  dispose(): void {
    process.off('SIGINT', this.handlers.SIGINT);
    process.off('SIGTERM', this.handlers.SIGTERM);
  }
}

/** Stops on SIGINT and SIGTERM after `what`, until disposed. */
export function stopOnSignals(what: string): SignalStop {
  return new SignalStop(what);
}

/** The items, until a signal asks to stop: the item in progress is finished, no other is started. */
export async function* untilStopped<T>(items: AsyncIterable<T>, stop: SignalStop): AsyncGenerator<T> {
  for await (const item of items) {
    if (await stop.stopRequested()) return;
    yield item;
  }
}

/**
 * Runs a command's loop over its files with SIGINT and SIGTERM heard; once stopped, says how far it got
 * (`kanshi: verify stopped by Ctrl-C: 212 games verified, the rest not started`) and sets the exit status.
 */
export async function withSignalStop(what: string, work: (stop: SignalStop) => Promise<void>, done: () => string): Promise<void> {
  const stop = stopOnSignals(what);
  try {
    await work(stop);
  } finally {
    stop.dispose();
  }
  const code = stop.exitCode();
  if (code === null) return;
  say(`kanshi: stopped by ${code === EXIT.interrupted ? 'SIGINT (Ctrl-C)' : 'SIGTERM'}: ${done()}, the rest not started`);
  process.exitCode = code;
}
