#!/usr/bin/env node
import './v8-tuning.js';
import { runCli } from './program.js';

// `kanshi … | head` closes the pipe early: stop quietly instead of crashing on EPIPE.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

process.exitCode = await runCli(process.argv);
