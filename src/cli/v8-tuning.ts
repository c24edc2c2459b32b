/**
 * V8 tuning for kanshi's batches: thousands of small, similar games through the same code. Flags are
 * process-wide, so the worker threads get them too. Imported first by main.ts, before any audit code is
 * loaded. Each was measured against a build without it (docs/PERFORMANCE.md §2.3):
 *
 * - A larger interrupt budget (twice V8's default) lets each function gather more feedback before
 *   TurboFan compiles it, so fewer lukewarm functions are compiled, and recompiled, while the workers need
 *   the cores: it shortens the warm-up of a pass, not the steady state.
 * - Half V8's cumulative inlining budget: a single pass over the corpus spends much of its CPU in
 *   TurboFan's compiling (every worker compiles anew), and smaller graphs compile faster than the code
 *   they would inline gains.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--interrupt-budget=264000');
setFlagsFromString('--max-inlined-bytecode-size-cumulative=460');
