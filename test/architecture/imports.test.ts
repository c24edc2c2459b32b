/**
 * The one-way flow of docs/architecture.md, checked on the sources: no two files import each other,
 * directly or through others; a folder reaches another only through its door (`index.ts`); and the
 * folders depend on each other in the documented order, never back. The imports are read by the
 * TypeScript parser (import-graph.ts), every form and either quote; imports-planted.test.ts shows the
 * same check failing on copies of src/ with a forbidden import planted.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';
import { checkImports, circles, FOLDER_ORDER, importGraph, importSites } from './import-graph.js';

export { FOLDER_ORDER } from './import-graph.js';

const SRC = join(PROJECT_ROOT, 'src');

let srcGraph: Map<string, string[]> | null = null;

/** The other folders of src/ that the files of `folder` import (type-only imports included), sorted. */
function folderImports(folder: string): string[] {
  srcGraph ??= importGraph(SRC).graph;
  const top = (f: string) => relative(SRC, f).split(/[\\/]/);
  const found = new Set<string>();
  for (const [file, targets] of srcGraph) {
    if (top(file)[0] !== folder || top(file).length < 2) continue;
    for (const t of targets) if (top(t).length > 1 && top(t)[0] !== folder) found.add(top(t)[0]);
  }
  return [...found].sort();
}

describe('the import graph of src/', () => {
  const problems = checkImports(SRC);

  it('every local import names a file that exists, and every import can be followed', () => {
    expect(problems.missing).toEqual([]);
  });

  it('has no import circle: no two files import each other, directly or through others', () => {
    expect(problems.circles).toEqual([]);
  });

  it("reaches another folder only through its door (index.ts); src/index.ts only through folders' doors", () => {
    expect(problems.pastDoors).toEqual([]);
  });

  it('every folder is in the documented order, and imports only folders before it', () => {
    expect(problems.unordered).toEqual([]);
    expect(problems.backwards).toEqual([]);
  });

  it('sees every folder of the order, and imports between them (the graph is not empty)', () => {
    const { graph } = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(100);
    const folders = new Set([...graph.keys()].map((f) => f.slice(SRC.length + 1).split('/')[0]));
    for (const f of FOLDER_ORDER) expect(folders, f).toContain(f);
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
  });

  it('tools/ (the scenario builder) reaches src/ only through its doors, and src/ never reaches tools/', () => {
    const TOOLS = join(PROJECT_ROOT, 'tools');
    const { graph, unreadable } = importGraph(TOOLS);
    expect(unreadable).toEqual([]);
    const intoSrc = [...graph].flatMap(([file, targets]) => targets.filter((t) => !t.startsWith(TOOLS + '/')).map((t) => [file, t] as const));
    expect(intoSrc.length).toBeGreaterThan(10);
    const bad = intoSrc
      .filter(([, t]) => !/^src\/([a-z]+\/)?index\.ts$/.test(t.slice(PROJECT_ROOT.length + 1)))
      .map(([f, t]) => `${f.slice(PROJECT_ROOT.length + 1)} → ${t.slice(PROJECT_ROOT.length + 1)}`);
    expect(bad).toEqual([]);
    expect(circles(graph, PROJECT_ROOT)).toEqual([]);
    // src/ importing tools/ would name a file outside src/: the check reports it as missing.
    expect(problems.missing).toEqual([]);
  });

  it('src/audit reads no file: it takes IngestError from src/formats, not src/ingest (issue 32)', () => {
    expect(folderImports('audit')).not.toContain('ingest');
    expect(folderImports('audit')).toContain('formats');
  });

  it('src/files, the one atomic write, imports no other folder; the game pages and the fetcher write through it (issue 32)', () => {
    expect(folderImports('files')).toEqual([]);
    expect(folderImports('pages')).toContain('files');
    expect(folderImports('fetch')).toContain('files');
  });

  it('src/report reads the store and nothing before it in the pipeline; the game pages (src/pages) replay and audit (issue 32)', () => {
    const report = folderImports('report');
    expect(report).toContain('store');
    for (const earlier of ['replay', 'formats', 'ingest', 'audit', 'table', 'score', 'wall']) expect(report, earlier).not.toContain(earlier);
    expect(folderImports('pages')).toEqual(expect.arrayContaining(['audit', 'ingest', 'replay', 'report', 'wall']));
  });

  it('docs/architecture.md states this order and this import graph, folder by folder', () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8');
    const orderText = doc.slice(doc.indexOf('`src/files` → '), doc.indexOf('`src/cli`.') + '`src/cli`'.length);
    expect(orderText.split(/\s*→\s*/).map((w) => w.replace(/^`src\/|`$/g, ''))).toEqual(FOLDER_ORDER);
    const section = doc.slice(doc.indexOf('## The import graph, as checked'));
    const table = section.slice(0, section.indexOf('\n## '));
    const rows = new Map([...table.matchAll(/^\| `([a-z]+)` \| ([^|]+) \|$/gm)].map((m) => [m[1], m[2].trim() === '—' ? [] : m[2].trim().split(/,\s*/)]));
    expect([...rows.keys()]).toEqual(FOLDER_ORDER);
    for (const folder of FOLDER_ORDER) expect(rows.get(folder), folder).toEqual(folderImports(folder));
  });

  it('finds a circle when there is one (the check can fail)', () => {
    const a = join(SRC, 'x', 'a.ts');
    const b = join(SRC, 'x', 'b.ts');
    expect(circles(new Map([[a, [b]], [b, [a]]]), PROJECT_ROOT)).toEqual([['src/x/a.ts', 'src/x/b.ts']]);
  });

  it('reads every form of import, with either quote, and no import inside a string or a comment', () => {
    const text = [
      `import { a } from "./double.js";`,
      `import type { B } from './single.js';`,
      `import './side-effect.js';`,
      `export { c } from "./re-export.js";`,
      `export * from './star.js';`,
      `export type { D } from "./type-export.js";`,
      `import e = require("./equals.js");`,
      `const f = await import("./dynamic.js");`,
      'const g = await import(`./template.js`);',
      `type H = typeof import("./type-position.js");`,
      `const name = './computed.js'; const i = await import(name);`,
      `// import { j } from './comment.js';`,
      `const k = "import { l } from './string.js'";`,
      `import {`,
      `  m,`,
      `} from`,
      `  "./multi-line.js";`,
    ].join('\n');
    expect(importSites('x.ts', text).map((s) => `${s.how} ${s.specifier} :${s.line}`)).toEqual([
      'import ./double.js :1',
      'import ./single.js :2',
      'import ./side-effect.js :3',
      'export ./re-export.js :4',
      'export ./star.js :5',
      'export ./type-export.js :6',
      'require ./equals.js :7',
      'import() ./dynamic.js :8',
      'import() ./template.js :9',
      'import type() ./type-position.js :10',
      'import() null :11',
      'import ./multi-line.js :14',
    ]);
  });
});
