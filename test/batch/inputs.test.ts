import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { emptyWalkReport, inputProblem, notLogsText, notReadMessages, walkInputs, type InputItem, type WalkReport } from '../../src/batch/index.js';
import { readLogBytes } from '../../src/ingest/index.js';
import { PROJECT_ROOT } from '../support/cli.js';
import { kanshiInProcess } from '../support/in-process.js';

const LOG = '<mjloggm ver="2.3"></mjloggm>';

/** root/a.mjlog, root/b.mjlog, root/sub/c.mjlog, root/notes.txt */
function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'kanshi-inputs-'));
  mkdirSync(join(root, 'sub'));
  for (const f of ['a.mjlog', 'b.mjlog', join('sub', 'c.mjlog')]) writeFileSync(join(root, f), LOG);
  writeFileSync(join(root, 'notes.txt'), 'not a log');
  return root;
}

async function walk(paths: string[], report?: WalkReport): Promise<InputItem[]> {
  const items: InputItem[] = [];
  for await (const item of walkInputs(paths, report)) items.push(item);
  return items;
}

const files = (items: InputItem[]) => items.map((i) => (i.kind === 'missing' ? `missing ${i.path}` : i.path));

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
    expect(items[0]).toMatchObject({ kind: 'missing', reason: 'no such file or folder' });
  });
});

describe('what a walk passed over (issue 14)', () => {
  it('counts the files inside folders that are not logs, by extension, and the paths that held no log file', async () => {
    const root = tree();
    writeFileSync(join(root, 'sub', 'b.txt'), 'x');
    writeFileSync(join(root, 'sub', 'photo.PNG'), 'x');
    writeFileSync(join(root, 'README'), 'x');
    // hidden files are never logs and not counted (a checkout's .git would drown the count)
    writeFileSync(join(root, '.DS_Store'), 'x');
    mkdirSync(join(root, '.git'));
    writeFileSync(join(root, '.git', 'config'), 'x');
    // a link to a file is a file; a link to a folder is not followed, and is no file passed over (but said: notRead)
    symlinkSync(join(root, 'notes.txt'), join(root, 'link.txt'));
    symlinkSync(join(root, 'sub'), join(root, 'linked-folder'));
    const empty = mkdtempSync(join(tmpdir(), 'kanshi-inputs-empty-'));
    const onlyText = mkdtempSync(join(tmpdir(), 'kanshi-inputs-text-'));
    writeFileSync(join(onlyText, 'log.txt'), LOG);
    const report = emptyWalkReport();
    const items = await walk([empty, root, onlyText, join(root, 'notes.txt')], report);
    expect(items).toHaveLength(3); // notes.txt is inside root, given too: walked once, and not as a log
    expect(report).toEqual({
      files: 3,
      empty: [empty, onlyText],
      notLogs: { '.txt': 4, '.png': 1, '': 1 },
      notRead: [{ path: join(root, 'linked-folder'), why: 'a link to a folder, not followed (name the folder itself to read it)' }],
    });
    expect(notLogsText(report.notLogs)).toBe('skipped 6 files that are not logs (by extension: .txt 4, no extension 1, .png 1)');
    expect(notLogsText({ '.txt': 1 })).toBe('skipped 1 file that is not a log (by extension: .txt 1)');
    expect(notLogsText({})).toBeNull();
  });

  it('a file named on the command line is a log file given, whatever its ending; a missing path is no empty one', async () => {
    const root = tree();
    const report = emptyWalkReport();
    await walk([join(root, 'notes.txt'), join(root, 'gone')], report);
    expect(report).toEqual({ files: 1, empty: [], notLogs: {}, notRead: [] });
  });

  it('every command that walks paths says "no log files found in PATH", exit 1 when no path held one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kanshi-inputs-empty-'));
    writeFileSync(join(empty, 'notes.txt'), 'x');
    const out = mkdtempSync(join(tmpdir(), 'kanshi-inputs-out-'));
    for (const args of [['info'], ['verify'], ['export', '--format', 'mjai', '--out', out], ['export', '--format', 'mjai']]) {
      process.exitCode = undefined; // a command's exit status stays in this process: each is judged alone
      const r = await kanshiInProcess(...args, empty);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(`kanshi: no log files found in ${empty}\n`);
    }
    // another path holds a log: the notice, and the exit status of what was read
    process.exitCode = undefined;
    const r = await kanshiInProcess('info', empty, join(PROJECT_ROOT, 'logs', 'examples', 'chankan.mjlog'));
    expect(r.stderr).toBe(`kanshi: no log files found in ${empty}\n`);
    expect(r.code).toBe(0);
  });
});

const PIPE_REASON = 'a named pipe, not a file: not read (a pipe is read as standard input, - or /dev/stdin, or as /dev/fd/N)';

/** A Unix socket bound at `path` (closed when the test's process ends; the node stays). */
async function socketAt(path: string): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  server.unref();
}

describe('entries that are neither files nor folders (issue 34: passed over without a word; issue 42: not counted)', () => {
  it('names each link to a folder and dangling link it passes over; a pipe or socket named like a log is an input, read by none of the walk', async () => {
    const root = tree();
    const other = mkdtempSync(join(tmpdir(), 'kanshi-inputs-other-'));
    writeFileSync(join(other, 'd.mjlog'), LOG);
    symlinkSync(other, join(root, 'more'));
    symlinkSync(other, join(root, 'more.mjlog'));
    execFileSync('mkfifo', [join(root, 'pipe.mjlog')]);
    execFileSync('mkfifo', [join(root, 'pipe')]);
    await socketAt(join(root, 'socket.xml'));
    symlinkSync(join(root, 'pipe.mjlog'), join(root, 'to-pipe.xml'));
    symlinkSync(join(root, 'nowhere'), join(root, 'dangling'));
    // A dangling link named like a log is still read, and fails on its own line as a missing file.
    symlinkSync(join(root, 'nowhere.mjlog'), join(root, 'dangling.mjlog'));
    const report = emptyWalkReport();
    const items = await walk([root], report);
    const inputs = ['a.mjlog', 'b.mjlog', 'dangling.mjlog', 'pipe.mjlog', 'socket.xml', 'to-pipe.xml', join('sub', 'c.mjlog')].map((f) => join(root, f));
    expect(files(items)).toEqual(inputs);
    // A pipe not named like a log is passed over by its ending, as a file of that name would be.
    expect(report.notLogs).toEqual({ '.txt': 1, '': 1 });
    expect(notReadMessages(report).sort()).toEqual(
      [
        `${join(root, 'dangling')}: a link that leads nowhere: not read`,
        `${join(root, 'more')}: a link to a folder, not followed (name the folder itself to read it)`,
        `${join(root, 'more.mjlog')}: a link to a folder, not followed (name the folder itself to read it)`,
      ].sort(),
    );
    // Reading them is refused at once, with what they are: no wait for a pipe's writer.
    expect(() => readLogBytes(join(root, 'pipe.mjlog'))).toThrow(`${join(root, 'pipe.mjlog')}: ${PIPE_REASON}`);
    expect(() => readLogBytes(join(root, 'to-pipe.xml'))).toThrow(PIPE_REASON);
    expect(() => readLogBytes(join(root, 'socket.xml'))).toThrow(`${join(root, 'socket.xml')}: a socket, not a file: not read`);
    expect(() => readLogBytes('/dev/null')).toThrow('/dev/null: a device, not a file: not read');
  });

  it('the commands say so on stderr, one line each, and count the pipe as a file that cannot be read', async () => {
    const root = tree();
    execFileSync('mkfifo', [join(root, 'pipe.mjlog')]);
    symlinkSync(join(root, 'sub'), join(root, 'linked'));
    for (const command of ['info', 'verify']) {
      const r = await kanshiInProcess(command, root);
      expect(r.stderr).toContain(`kanshi: ${join(root, 'pipe.mjlog')}: ${PIPE_REASON}\n`);
      expect(r.stderr).toContain(`kanshi: ${join(root, 'linked')}: a link to a folder, not followed (name the folder itself to read it)\n`);
      expect(r.code).toBe(1);
    }
  });

  it('named on the command line: a pipe, a socket or a device is refused, and -, /dev/stdin and /dev/fd/N are streams, each read once', async () => {
    const root = tree();
    execFileSync('mkfifo', [join(root, 'pipe.xml')]);
    await socketAt(join(root, 'socket.xml'));
    const items = await walk([join(root, 'pipe.xml'), join(root, 'socket.xml'), '/dev/null', '-', '/dev/fd/3', '/dev/stdin', '/dev/fd/0', join(root, 'a.mjlog')]);
    expect(items).toEqual([
      { kind: 'missing', path: join(root, 'pipe.xml'), reason: PIPE_REASON },
      { kind: 'missing', path: join(root, 'socket.xml'), reason: 'a socket, not a file: not read' },
      { kind: 'missing', path: '/dev/null', reason: 'a device, not a file: not read' },
      { kind: 'stream', path: '-' },
      { kind: 'stream', path: '/dev/fd/3' },
      { kind: 'file', path: join(root, 'a.mjlog') },
    ]);
    expect(inputProblem(join(root, 'pipe.xml'))).toBe(PIPE_REASON);
    expect(inputProblem('/dev/fd/3')).toBeNull();
    expect(inputProblem(root)).toBeNull();
  });
});
