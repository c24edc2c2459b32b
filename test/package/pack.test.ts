/**
 * kanshi as a package: `npm pack` of the built project, installed into an empty folder as a user would,
 * then its `kanshi` command, and the README's "As a library" example compiled with the project's tsc
 * against the installed declarations and run, printing the output the README shows.
 *
 * The install is offline when it can be: the consumer gets a lock file made from the project's own (the
 * package itself from the tarball, the rest at the project's locked versions), so `npm ci --offline` takes
 * every tarball from the npm cache the project's `npm ci` filled. Only when a tarball is missing from the
 * cache does it ask the registry (`--prefer-offline`). Install scripts are skipped: better-sqlite3's would
 * download or compile its native addon, so the project's own build of it (the same locked version) is
 * copied in instead. `npm pack --ignore-scripts` packs the dist/ that `npm test` built (no rebuild under
 * the other tests' feet). Everything, npm's own logs included, is written under one temporary folder, removed
 * at the end.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';

interface LockEntry {
  version?: string;
  dev?: boolean;
  dependencies?: Record<string, string>;
  [key: string]: unknown;
}

interface PackResult {
  filename: string;
  files: { path: string }[];
}

/**
 * What a TypeScript consumer adds itself: Node's types. better-sqlite3's, which kanshi's declarations refer
 * to as well, come with kanshi (a dependency), so a consumer without them still compiles.
 */
const CONSUMER_TYPES = ['@types/node'];
const ADDON = join('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

let work: string;
let consumer: string;
let packed: PackResult;

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 90_000 });
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0) {
    throw new Error(`${what} failed (status ${r.status}${r.error ? `, ${r.error.message}` : ''}):\n${r.stderr.slice(-4000)}\n${r.stdout.slice(-2000)}`);
  }
  return r.stdout;
}

/**
 * The lock path a package named `name` resolves to from the package at `from` (Node's lookup: the nearest
 * node_modules/name above it), in the project's lock file.
 */
function lockPath(packages: Record<string, LockEntry>, from: string, name: string): string {
  for (let dir = from; ; ) {
    const path = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[path]) return path;
    if (!dir) throw new Error(`package-lock.json has no ${name} for ${from || 'the project'}`);
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

/**
 * package.json and package-lock.json of a project that depends on the tarball (and, for development, on
 * CONSUMER_TYPES), at the versions the project's own lock file holds.
 */
function writeConsumer(dir: string, tarball: string): void {
  const project = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const spec = `file:${tarball}`;
  const devDependencies = Object.fromEntries(CONSUMER_TYPES.map((name) => [name, lock.packages[`node_modules/${name}`]!.version!]));
  const manifest = { name: 'kanshi-consumer', private: true, type: 'module', dependencies: { kanshi: spec }, devDependencies };
  const packages: Record<string, LockEntry> = {
    '': { name: manifest.name, dependencies: manifest.dependencies, devDependencies },
    'node_modules/kanshi': {
      version: project.version,
      resolved: spec,
      license: project.license,
      dependencies: project.dependencies,
      bin: project.bin,
      engines: project.engines,
    },
  };
  // kanshi's dependencies: every entry of the project's lock that its production tree needs.
  for (const [path, entry] of Object.entries(lock.packages)) if (path && !entry.dev) packages[path] = entry;
  // The consumer's type packages and what they need in turn.
  const todo = CONSUMER_TYPES.map((name) => `node_modules/${name}`);
  for (let path = todo.pop(); path !== undefined; path = todo.pop()) {
    const entry = lock.packages[path]!;
    packages[path] = entry;
    for (const name of Object.keys(entry.dependencies ?? {})) {
      const dep = lockPath(lock.packages, path, name);
      if (!packages[dep]) todo.push(dep);
    }
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ name: manifest.name, lockfileVersion: 3, requires: true, packages }, null, 2));
}

/** The README's "As a library" section: its TypeScript example and the output it shows. */
function readmeExample(): { code: string; output: string } {
  const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## As a library\n');
  if (start < 0) throw new Error('README.md has no "## As a library" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const block = (lang: string) => {
    const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(section);
    if (!m) throw new Error(`README.md's "As a library" section has no \`\`\`${lang} block`);
    return m[1]!;
  };
  return { code: block('ts'), output: block('text') };
}

describe('kanshi as an npm package', () => {
  beforeAll(() => {
    for (const built of ['dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/cli/main.js']) {
      if (!existsSync(join(PROJECT_ROOT, built))) throw new Error(`${built} is missing: run "npm run build" first (npm test does it)`);
    }
    work = mkdtempSync(join(tmpdir(), 'kanshi-pack-'));
    const out = ok(run('npm', ['pack', '--ignore-scripts', '--json', '--logs-dir', join(work, 'npm-logs'), '--pack-destination', work], PROJECT_ROOT), 'npm pack');
    packed = (JSON.parse(out) as PackResult[])[0]!;

    consumer = join(work, 'consumer');
    mkdirSync(consumer);
    writeConsumer(consumer, join('..', packed.filename));
    const install = ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel', 'error', '--logs-dir', join(work, 'npm-logs')];
    const offline = run('npm', [...install, '--offline'], consumer);
    if (offline.status !== 0) {
      // A tarball the npm cache does not hold (another cache than the project's npm ci used): ask the registry.
      ok(run('npm', [...install, '--prefer-offline'], consumer), 'npm ci in the consumer');
    }
    // better-sqlite3's install script was skipped: the project's build of its addon, same locked version.
    const version = (dir: string) => JSON.parse(readFileSync(join(dir, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')).version;
    expect(version(consumer)).toBe(version(PROJECT_ROOT));
    mkdirSync(dirname(join(consumer, ADDON)), { recursive: true });
    copyFileSync(join(PROJECT_ROOT, ADDON), join(consumer, ADDON));
  }, 120_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('packs the built code, its declarations, the schemas and the example logs, and no tests, benchmarks, tools (the scenario builder) or sources', () => {
    const paths = packed.files.map((f) => f.path);
    for (const needed of [
      'package.json',
      'README.md',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/cli/main.js',
      'dist/src/batch/worker.js',
      'dist/src/cli/query-child.js',
      'schemas/audit.sql',
      'schemas/events.schema.json',
      'logs/examples/kakan-dora-at-declaration.mjlog',
    ]) {
      expect(paths).toContain(needed);
    }
    expect(paths.filter((p) => /^(test|bench|src|scripts|tools|dist\/bench|dist\/tools|node_modules)\//.test(p) || p.endsWith('.map'))).toEqual([]);
  });

  it('installs the kanshi command, which prints its usage, audits an example log into a database and queries it', () => {
    const bin = join(consumer, 'node_modules', '.bin', 'kanshi');
    const help = run(bin, ['--help'], consumer);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: kanshi /);
    expect(help.stdout).toMatch(/\baudit\b/);

    const log = join('node_modules', 'kanshi', 'logs', 'examples', 'suukaikan-abort.mjlog');
    // A worker thread (dist/src/batch/worker.js) audits it; schemas/audit.sql makes the database.
    const audit = run(bin, ['audit', log, '--db', 'cli.sqlite', '--workers', '1', '--json', '--no-progress'], consumer);
    expect(audit.stderr).toBe('');
    expect(audit.status).toBe(0);
    // A child process (dist/src/cli/query-child.js) reads it.
    const query = run(bin, ['query', '--db', 'cli.sqlite', '--format', 'csv', 'SELECT kind FROM findings'], consumer);
    expect(query.stderr).toBe('');
    expect(query.stdout).toBe('kind\nsuukaikan-abort\n');
  });

  it("compiles the README's example with tsc (strict, nodenext) against the installed types, and runs it", () => {
    const { code, output } = readmeExample();
    writeFileSync(join(consumer, 'example.ts'), code);
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', types: ['node'] },
        files: ['example.ts'],
      }),
    );
    const tsc = run(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], consumer);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    const example = run(process.execPath, ['example.js'], consumer);
    expect(example.stderr).toBe('');
    expect(example.stdout).toBe(output);
  });

  it('opens an audit database through the library (schemas/audit.sql found in the installed package)', () => {
    writeFileSync(
      join(consumer, 'store.mjs'),
      `import { auditGame, contentHash, openStore, parseLog, readLogBytes, ruleSet } from 'kanshi';
const file = 'node_modules/kanshi/logs/examples/suukaikan-abort.mjlog';
const bytes = readLogBytes(file);
const rules = ruleSet({ profile: 'tenhou' });
const audit = auditGame(file, contentHash(bytes), parseLog(bytes, { file }), rules);
const store = openStore('library.sqlite');
store.writeBatch([audit]);
console.log(JSON.stringify({ audited: store.isAudited(audit.contentHash, rules.key), games: store.rowCounts().games, findings: audit.findings.map((f) => f.kind) }));
store.close();
`,
    );
    const r = run(process.execPath, ['store.mjs'], consumer);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ audited: true, games: 1, findings: ['suukaikan-abort'] });
  });
});
