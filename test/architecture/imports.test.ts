/**
 * The one-way flow of docs/architecture.md, checked on the sources: no two files import each other,
 * directly or through others; a folder reaches another only through its door (`index.ts`); and the
 * folders depend on each other in the documented order, never back.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';

const SRC = join(PROJECT_ROOT, 'src');

/** The folders in the order of docs/architecture.md: each may import only those before it. */
export const FOLDER_ORDER = [
  'tiles',
  'wall',
  'events',
  'table',
  'formats',
  'ingest',
  'rules',
  'hand',
  'score',
  'replay',
  'audit',
  'store',
  'report',
  'fetch',
  'batch',
  'cli',
  'scenario',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each source file's relative imports (type-only ones included), as resolved .ts paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g)) {
      targets.push(resolve(dirname(file), m[1].replace(/\.js$/, '.ts')));
    }
    for (const m of text.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)) targets.push(resolve(dirname(file), m[1].replace(/\.js$/, '.ts')));
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): the import circles. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.map((f) => relative(PROJECT_ROOT, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return out;
}

/** The top folder of a source under src/ (null for src/index.ts). */
function folderOf(file: string): string | null {
  const parts = relative(SRC, file).split('/');
  return parts.length > 1 ? parts[0] : null;
}

describe('the import graph of src/', () => {
  const graph = importGraph();

  it('every relative import names a file that exists', () => {
    const missing = [...graph].flatMap(([file, targets]) => targets.filter((t) => !graph.has(t)).map((t) => `${relative(PROJECT_ROOT, file)} → ${relative(PROJECT_ROOT, t)}`));
    expect(missing).toEqual([]);
  });

  it('has no import circle: no two files import each other, directly or through others', () => {
    expect(circles(graph)).toEqual([]);
  });

  it("reaches another folder only through its door (index.ts); src/index.ts only through folders' doors", () => {
    const bad: string[] = [];
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      for (const t of targets) {
        const to = folderOf(t);
        if (to === null || to === from) continue;
        if (relative(SRC, t) !== `${to}/index.ts`) bad.push(`${relative(PROJECT_ROOT, file)} → ${relative(PROJECT_ROOT, t)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('every folder is in the documented order, and imports only folders before it', () => {
    const folders = new Set([...graph.keys()].map(folderOf).filter((f): f is string => f !== null));
    expect([...folders].filter((f) => !FOLDER_ORDER.includes(f))).toEqual([]);
    const back: string[] = [];
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      if (from === null) continue;
      for (const t of targets) {
        const to = folderOf(t);
        if (to !== null && to !== from && FOLDER_ORDER.indexOf(to) > FOLDER_ORDER.indexOf(from)) back.push(`${from} → ${to} (${relative(PROJECT_ROOT, file)})`);
      }
    }
    expect(back).toEqual([]);
  });

  it('finds a circle when there is one (the check can fail)', () => {
    const a = join(SRC, 'x', 'a.ts');
    const b = join(SRC, 'x', 'b.ts');
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toEqual([['src/x/a.ts', 'src/x/b.ts']]);
  });
});
