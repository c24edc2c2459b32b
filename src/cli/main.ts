#!/usr/bin/env node
import './v8-tuning.js';
import { guardStandardOutput } from './output.js';
import { runCli } from './program.js';

// Every write to stdout checked: a short write continued, a failure one line and exit status 1, and
// `kanshi … | head` (EPIPE) a quiet stop (src/cli/output.ts).
guardStandardOutput();

process.exitCode = await runCli(process.argv);
