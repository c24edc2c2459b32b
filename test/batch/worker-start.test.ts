/**
 * Starting and stopping worker threads never takes the process down. On Node 20, a worker terminated while
 * require() instantiated an ES module aborted the whole process (FATAL ERROR: v8::Module::IsGraphAsync …);
 * piscina loads a worker's module with require() first, and a short audit ends its pool while a worker may
 * still be starting (about one run in 150 of a two-file audit on two workers died so). A stress test of
 * starting and stopping pools did not hit it often enough to be a test; this checks the way out instead:
 * the workers cannot take the require() path.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { WORKER_EXEC_ARGV } from '../../src/batch/index.js';
import { PROJECT_ROOT } from '../support/cli.js';

/** The built worker module, as the pool loads it. */
const DIST_WORKER = join(PROJECT_ROOT, 'dist', 'src', 'batch', 'worker.js');

describe('worker threads', () => {
  it('load kanshi with import(), not require(): require() of the worker module throws in them', async () => {
    const code = await new Promise<string>((resolve, reject) => {
      const w = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
         try { require(workerData); parentPort.postMessage('required'); } catch (e) { parentPort.postMessage(String(e.code)); }`,
        { eval: true, workerData: DIST_WORKER, execArgv: [...WORKER_EXEC_ARGV] },
      );
      w.once('message', (m: string) => {
        void w.terminate();
        resolve(m);
      });
      w.once('error', reject);
    });
    // A Node without require(esm) refuses it too, with the same code.
    expect(code).toBe('ERR_REQUIRE_ESM');
  });
});
