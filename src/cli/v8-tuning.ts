/**
 * V8 tuning for kanshi's batches: thousands of small, similar games through the same code. A larger
 * interrupt budget (twice V8's default) lets each function gather more feedback before TurboFan compiles
 * it, so fewer lukewarm functions are compiled, and recompiled, while the workers need the cores: it
 * shortens the warm-up of a pass, not the steady state (docs/PERFORMANCE.md). Flags are process-wide, so
 * the worker threads get it too. Imported first by main.ts, before any audit code is loaded.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--interrupt-budget=264000');
