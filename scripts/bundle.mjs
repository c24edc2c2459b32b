// Runs after tsc (npm run build): rewrites the three programs Node starts on its own (the CLI, a batch
// worker thread and the query's child process) as one file each, with every kanshi module inside, where tsc
// wrote them. Loading some 150 modules one by one cost each start about 0.2 s of CPU (resolving, reading
// and compiling them apart), paid by every command and by every worker of an audit (docs/PERFORMANCE.md).
// The other files of dist/ stay as tsc wrote them: the library (dist/src/index.js) imports them.
// Packages stay outside (node_modules), as do Node's own modules.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'dist', 'src');

/** Each is written over itself: a program's paths to its neighbours (import.meta.url) stay right. */
export const PROGRAMS = ['cli/main.js', 'cli/query-child.js', 'batch/worker.js'];

await build({
  entryPoints: PROGRAMS.map((p) => join(src, p)),
  outdir: src,
  outbase: src,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // tsc's maps are read as the input's, so a stack trace still names the TypeScript source.
  sourcemap: true,
  logLevel: 'warning',
});
