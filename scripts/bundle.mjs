// Runs after tsc (npm run build): rewrites the three programs Node starts on its own (the CLI, a batch
// worker thread and the query's child process) where tsc wrote them, each as one file with the kanshi
// modules it loads at once inside, and what it imports only when needed (a command's module, and what only
// it uses) in dist/src/chunks/. Loading some 150 modules one by one cost each start about 0.2 s of CPU
// (resolving, reading and compiling them apart), paid by every command and by every worker of an audit
// (docs/PERFORMANCE.md). The other files of dist/ stay as tsc wrote them: the library (dist/src/index.js)
// imports them. Packages stay outside (node_modules), as do Node's own modules; a package is loaded with
// the chunk that imports it, so `kanshi --version` still loads no SQLite and no worker pool.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'dist', 'src');

/**
 * Each is written over itself. Code that finds a neighbour from import.meta.url runs from its program's
 * folder or from dist/src/chunks, so it names the neighbour through its folder (`../batch/worker.js`).
 */
const PROGRAMS = ['cli/main.js', 'cli/query-child.js', 'batch/worker.js'];

/** The first line a bundled program has after its shebang, and tsc's output never has. */
const BANNER = '// Bundled by scripts/bundle.mjs from tsc output.';

// Bundling its own output would lose the chunks it removes: the programs must be tsc's.
for (const program of PROGRAMS) {
  if (readFileSync(join(src, program), 'utf8').includes(BANNER)) {
    throw new Error(`dist/src/${program} is bundled already: run tsc first (npm run build does)`);
  }
}
rmSync(join(src, 'chunks'), { recursive: true, force: true });

await build({
  banner: { js: BANNER },
  entryPoints: PROGRAMS.map((p) => join(src, p)),
  outdir: src,
  outbase: src,
  allowOverwrite: true,
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // tsc's maps are read as the input's, so a stack trace still names the TypeScript source.
  sourcemap: true,
  logLevel: 'warning',
});
