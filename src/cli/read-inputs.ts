/**
 * The loop every command that reads many logs runs (info, verify, infer, export): the inputs walked, each
 * read (a file, or a stream named on the command line), until a signal asks to stop.
 */
import { walkInputs, type WalkReport } from '../batch/index.js';
import type { GameLog } from '../events/index.js';
import { ReadAborted } from '../ingest/index.js';
import { fileFailure, readLogInput, type ReadOptions } from './common.js';
import { untilStopped, type SignalStop } from './signals.js';

/** One input: its game, or why it could not be read (`position: reason`, or the walk's reason). */
export type ReadInput = { path: string; game: GameLog; error?: undefined } | { path: string; game?: undefined; error: string };

/**
 * Each input of the walk, read, in order. A signal stops the walk before the next input, and stops a
 * stream's reading at once (a pipe may wait for its writer for ever): that input is then not read, and
 * no failure.
 */
export async function* readInputs(paths: readonly string[], walk: WalkReport, read: ReadOptions, stop: SignalStop): AsyncGenerator<ReadInput> {
  for await (const item of untilStopped(walkInputs(paths, walk), stop)) {
    if (item.kind === 'missing') {
      yield { path: item.path, error: item.reason };
      continue;
    }
    let game: GameLog;
    try {
      game = await readLogInput(item.path, read, stop.signal);
    } catch (err) {
      if (err instanceof ReadAborted) return;
      yield { path: item.path, error: fileFailure(err).message };
      continue;
    }
    yield { path: item.path, game };
  }
}
