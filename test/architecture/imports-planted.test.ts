/**
 * The import check can fail: each case copies src/ into a scratch folder, plants one forbidden import
 * (a double-quoted back import from src/tiles into src/table, an inner file of another folder, a
 * circle, a dynamic import), and runs the same checkImports as imports.test.ts on the copy. The copy
 * with nothing planted passes, so each failure is the planted line's.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';
import { checkImports, type ImportProblems } from './import-graph.js';

const scratch = mkdtempSync(join(tmpdir(), 'kanshi-imports-'));
let copies = 0;

/** A fresh copy of src/ with `files` (path under src → text) added; its problems. */
function plant(files: Record<string, string>): ImportProblems {
  const root = join(scratch, `src-${++copies}`);
  cpSync(join(PROJECT_ROOT, 'src'), root, { recursive: true, filter: (from) => !from.endsWith('.wasm') });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  return checkImports(root);
}

const NONE: ImportProblems = { missing: [], circles: [], pastDoors: [], unordered: [], backwards: [] };

describe('the import check on a scratch copy of src/', () => {
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('passes the copy as it is', () => {
    expect(plant({})).toEqual(NONE);
  });

  it('fails a double-quoted back import from src/tiles into src/table', () => {
    const problems = plant({ 'tiles/planted.ts': 'import { Table } from "../table/index.js";\nexport const planted = Table;\n' });
    expect(problems).toEqual({ ...NONE, backwards: ['tiles → table (tiles/planted.ts)'] });
  });

  it('fails a type-only back import and a dynamic one, either quote', () => {
    const problems = plant({
      'wall/planted.ts': 'import type { Rules } from "../rules/index.js";\nexport type Planted = Rules;\n',
      'events/planted.ts': "export const load = () => import('../replay/index.js');\n",
    });
    expect(problems.backwards.sort()).toEqual(['events → replay (events/planted.ts)', 'wall → rules (wall/planted.ts)']);
  });

  it("fails an import of another folder's inner file, even an earlier folder's", () => {
    const problems = plant({ 'table/planted.ts': 'import { kindOf } from "../tiles/tile.js";\nexport const planted = kindOf;\n' });
    expect(problems).toEqual({ ...NONE, pastDoors: ['table/planted.ts → tiles/tile.ts'] });
  });

  it('fails a circle of two files of one folder, and an import of a file that does not exist', () => {
    const problems = plant({
      'tiles/planted-a.ts': 'import { b } from "./planted-b.js";\nexport const a = () => b;\n',
      'tiles/planted-b.ts': "import { a } from './planted-a.js';\nexport const b = () => a;\n",
      'tiles/planted-c.ts': 'export { gone } from "./gone.js";\n',
    });
    expect(problems).toEqual({ ...NONE, circles: [['tiles/planted-a.ts', 'tiles/planted-b.ts']], missing: ['tiles/planted-c.ts → tiles/gone.ts'] });
  });

  it('fails a folder the order does not know, and an import it cannot follow', () => {
    const problems = plant({ 'tiles/planted.ts': 'const where = "../table/index.js";\nexport const load = () => import(where);\n' });
    expect(problems).toEqual({ ...NONE, missing: ['tiles/planted.ts:2: import() of a computed specifier'] });
    const root = join(scratch, `src-${++copies}`);
    cpSync(join(PROJECT_ROOT, 'src', 'events'), join(root, 'events'), { recursive: true });
    cpSync(join(PROJECT_ROOT, 'src', 'tiles'), join(root, 'planted'), { recursive: true });
    cpSync(join(PROJECT_ROOT, 'src', 'tiles'), join(root, 'tiles'), { recursive: true });
    expect(checkImports(root).unordered).toEqual(['planted']);
  });
});
