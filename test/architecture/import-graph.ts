/**
 * The import graph of a source tree, read with the TypeScript compiler's parser (not a pattern): every
 * `import … from`, `export … from`, `import type`, side-effect `import '…'`, `import x = require('…')`,
 * dynamic `import('…')` and type-position `import('…').T`, with either quote or a template literal
 * without substitutions. `checkImports(root)` runs the three checks of docs/architecture.md on a folder
 * laid out as `src/` is (one folder a topic, each with its door `index.ts`, and `index.ts` at the top):
 * no file circles, folders meet only at their doors, and every folder imports only folders earlier in
 * FOLDER_ORDER. test/architecture/imports.test.ts runs it on src/, and imports-planted.test.ts on scratch
 * copies of src/ with a forbidden import planted, to see it fail.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The folders in the order of docs/architecture.md: each may import only those before it. */
export const FOLDER_ORDER = [
  'files',
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
  'infer',
  'store',
  'report',
  'pages',
  'fetch',
  'batch',
  'cli',
];

/** The package's own name: a source importing it by name would go around the graph. */
const PACKAGE_NAME = 'kanshi';

/** Every .ts source under `dir` (declaration files aside). */
export function sources(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
    });
}

/** One module specifier of a file, where it stands (1-based line) and whether it was a literal. */
export interface ImportSite {
  specifier: string | null;
  line: number;
  /** The statement's kind, for messages: `import`, `export`, `import()`, `import type()`, `require`. */
  how: string;
}

function literalText(node: ts.Node | undefined): string | null {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  return null;
}

/** Every module specifier of a source text, read from its syntax tree. A non-literal `import(x)` has specifier null. */
export function importSites(fileName: string, text: string): ImportSite[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const sites: ImportSite[] = [];
  const add = (node: ts.Node, specifier: string | null, how: string) =>
    sites.push({ specifier, how, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node, literalText(node.moduleSpecifier), 'import');
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier) add(node, literalText(node.moduleSpecifier), 'export');
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, literalText(node.moduleReference.expression), 'require');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, literalText(node.arguments[0]), 'import()');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, literalText(node.argument.literal), 'import type()');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return sites;
}

/** A relative specifier as the source file it names: `./x.js` → `x.ts`, `./x` → `x.ts` or `x/index.ts`. */
function resolveLocal(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidates = /\.[cm]?js$/.test(base) ? [base.replace(/\.([cm]?)js$/, '.$1ts')] : [base, `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? candidates[0];
}

/** Each source file's local imports (type-only ones included), as resolved .ts paths, and what the graph cannot follow. */
export function importGraph(root: string): { graph: Map<string, string[]>; unreadable: string[] } {
  const graph = new Map<string, string[]>();
  const unreadable: string[] = [];
  for (const file of sources(root)) {
    const targets: string[] = [];
    for (const site of importSites(file, readFileSync(file, 'utf8'))) {
      const where = `${relative(root, file)}:${site.line}`;
      if (site.specifier === null) unreadable.push(`${where}: ${site.how} of a computed specifier`);
      else if (site.specifier.startsWith('.') || site.specifier.startsWith('/')) targets.push(resolveLocal(file, site.specifier));
      else if (site.specifier === PACKAGE_NAME || site.specifier.startsWith(`${PACKAGE_NAME}/`)) {
        unreadable.push(`${where}: ${site.how} of the package itself ('${site.specifier}')`);
      }
    }
    graph.set(file, targets);
  }
  return { graph, unreadable };
}

/** Strongly connected components of more than one file (or a file importing itself): the import circles, relative to `root`. */
export function circles(graph: Map<string, string[]>, root: string): string[][] {
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
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.map((f) => relative(root, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return out;
}

/** What the checks found; every list empty when the tree keeps the rules. Paths are relative to the root. */
export interface ImportProblems {
  /** Local imports naming no source file, and imports the graph cannot follow (computed, or of the package by name). */
  missing: string[];
  /** Files importing each other, directly or through others. */
  circles: string[][];
  /** Imports of another folder's inner file (not its `index.ts`). */
  pastDoors: string[];
  /** Folders not in the order. */
  unordered: string[];
  /** Imports of a folder later in the order (`from → to (file)`). */
  backwards: string[];
}

/** The top folder of a source under `root` (null for a file at the top, such as `index.ts`). */
function folderOf(root: string, file: string): string | null {
  const parts = relative(root, file).split(/[\\/]/);
  return parts.length > 1 ? parts[0] : null;
}

/**
 * The three checks of docs/architecture.md on the tree under `root` (src/, or a copy of it): no import
 * circle; a folder reaches another only through its door (`index.ts`), the top files only through
 * folders' doors; every folder is in `order` and imports only folders before it.
 */
export function checkImports(root: string, order: readonly string[] = FOLDER_ORDER): ImportProblems {
  const { graph, unreadable } = importGraph(root);
  const rel = (f: string) => relative(root, f);
  const missing = [
    ...[...graph].flatMap(([file, targets]) => targets.filter((t) => !graph.has(t)).map((t) => `${rel(file)} → ${rel(t)}`)),
    ...unreadable,
  ];
  const pastDoors: string[] = [];
  const backwards: string[] = [];
  for (const [file, targets] of graph) {
    const from = folderOf(root, file);
    for (const t of targets) {
      const to = folderOf(root, t);
      if (to === null || to === from) continue;
      if (rel(t) !== `${to}/index.ts`) pastDoors.push(`${rel(file)} → ${rel(t)}`);
      if (from !== null && order.indexOf(to) > order.indexOf(from)) backwards.push(`${from} → ${to} (${rel(file)})`);
    }
  }
  const folders = new Set([...graph.keys()].map((f) => folderOf(root, f)).filter((f): f is string => f !== null));
  return { missing, circles: circles(graph, root), pastDoors, unordered: [...folders].filter((f) => !order.includes(f)), backwards };
}
