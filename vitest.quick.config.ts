import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:quick`: every test but the slow equivalence, differential and crash tests, for day-to-day
 * work (about three minutes on two cores, against seven). `npm test` (and CI) runs them all.
 */
export const SLOW_TESTS = [
  // 102,000 random hands against @kobalab/majiang-core: their waits, and 102,000 riichi ankan verdicts
  'test/hand/majiang-core.test.ts',
  'test/hand/majiang-riichi-kan.test.ts',
  // the mjlog tokenizer against fast-xml-parser on every XML file of the corpus
  'test/formats/mjlog/tokenizer.test.ts',
  // every corpus and platform log through every format and back
  'test/formats/roundtrip.test.ts',
  // the WebAssembly walls against the JavaScript reference for every seed of the corpus
  'test/wall/wasm.test.ts',
  // SIGKILL of writers mid-transaction, and re-runs; whole audits in subprocesses with worker threads
  'test/store/kill.test.ts',
  'test/cli/audit.test.ts',
  // an audit beside a kanshi query that runs past the audit's 10 s lock wait (12 s)
  'test/store/readers-and-writers.test.ts',
  // SIGINT and SIGTERM sent to audits of the whole corpus, each run again to completion once
  'test/cli/signals.test.ts',
  // the corpus and platform logs audited under two profiles: schema 7's totals against the wins' JSON, fresh and migrated
  'test/store/v7.test.ts',
  // the fetcher against a fault-injecting server: retries, timeouts, delays measured at the server
  'test/fetch/download.test.ts',
  'test/cli/fetch.test.ts',
  // 600 fuzz inputs through the worker and the CLI; the report audited and opened in Chromium
  'test/bench/fuzz.test.ts',
  'test/report/report.test.ts',
  // npm pack installed into an empty folder, and a consumer compiled against its types
  'test/package/pack.test.ts',
];

export default mergeConfig(
  base,
  defineConfig({
    // KANSHI_QUICK: the scoring differential takes its fixed sample of the corpus wins, and the knob
    // evidence (one scoring of the corpus per knob value) is skipped.
    test: { exclude: [...configDefaults.exclude, ...SLOW_TESTS], env: { KANSHI_QUICK: '1' } },
  }),
);
