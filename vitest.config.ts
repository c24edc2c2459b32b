import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/temp-root.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every core: vitest's default for a run leaves one idle (one worker on two cores).
    maxWorkers: availableParallelism(),
    // Each worker process runs file after file, loading the modules (and the corpus caches of test/support)
    // once, instead of starting a process per file. The tests leave no state behind them: spies are
    // restored, every database and folder is a new temporary one.
    isolate: false,
  },
});
