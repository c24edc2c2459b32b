import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkInputs, type InputItem } from '../../src/batch/index.js';

const LOG = '<mjloggm ver="2.3"></mjloggm>';

/** root/a.mjlog, root/b.mjlog, root/sub/c.mjlog, root/notes.txt */
function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'kanshi-inputs-'));
  mkdirSync(join(root, 'sub'));
  for (const f of ['a.mjlog', 'b.mjlog', join('sub', 'c.mjlog')]) writeFileSync(join(root, f), LOG);
  writeFileSync(join(root, 'notes.txt'), 'not a log');
  return root;
}

async function walk(paths: string[]): Promise<InputItem[]> {
  const items: InputItem[] = [];
  for await (const item of walkInputs(paths)) items.push(item);
  return items;
}

const files = (items: InputItem[]) => items.map((i) => (i.kind === 'file' ? i.path : `missing ${i.path}`));

describe('walking the inputs of a batch', () => {
  it('walks a folder recursively, files before subfolders, log endings only', async () => {
    const root = tree();
    expect(files(await walk([root]))).toEqual([join(root, 'a.mjlog'), join(root, 'b.mjlog'), join(root, 'sub', 'c.mjlog')]);
  });

  it('reads a file named on the command line whatever its ending', async () => {
    const root = tree();
    expect(files(await walk([join(root, 'notes.txt')]))).toEqual([join(root, 'notes.txt')]);
  });

  it('walks a path given twice once', async () => {
    const root = tree();
    const a = join(root, 'a.mjlog');
    expect(files(await walk([a, a, root, root]))).toEqual([a, join(root, 'b.mjlog'), join(root, 'sub', 'c.mjlog')]);
  });

  it('passes over a file or folder inside a folder also given, whichever comes first', async () => {
    const root = tree();
    const all = files(await walk([root]));
    expect(files(await walk([join(root, 'sub', 'c.mjlog'), root]))).toEqual(all);
    expect(files(await walk([root, join(root, 'sub'), join(root, 'a.mjlog')]))).toEqual(all);
  });

  it('sees through links: a linked file or folder is the same input as its target', async () => {
    const root = tree();
    const elsewhere = mkdtempSync(join(tmpdir(), 'kanshi-inputs-link-'));
    symlinkSync(root, join(elsewhere, 'root'));
    symlinkSync(join(root, 'a.mjlog'), join(elsewhere, 'a.mjlog'));
    expect(files(await walk([root, join(elsewhere, 'root'), join(elsewhere, 'a.mjlog')]))).toEqual(files(await walk([root])));
  });

  it('keeps a folder beside another whose name it starts with', async () => {
    const root = tree();
    mkdirSync(join(root, 'sub2'));
    writeFileSync(join(root, 'sub2', 'd.mjlog'), LOG);
    expect(files(await walk([join(root, 'sub'), join(root, 'sub2')]))).toEqual([join(root, 'sub', 'c.mjlog'), join(root, 'sub2', 'd.mjlog')]);
  });

  it('reports a missing path in its place, once however often it is given', async () => {
    const root = tree();
    const gone = join(root, 'gone.mjlog');
    const items = await walk([gone, join(root, 'a.mjlog'), gone]);
    expect(files(items)).toEqual([`missing ${gone}`, join(root, 'a.mjlog')]);
    expect(items[0]).toMatchObject({ kind: 'missing', reason: expect.stringMatching(/ENOENT/) });
  });
});
