/**
 * Inputs that are not files (issue 42): a named pipe named on the command line hung `audit`, `info`,
 * `verify` and `infer` for ever, deaf to Ctrl-C (a blocking open, waiting for a writer); one inside a
 * folder was said on stderr but neither stored nor counted; `kanshi audit <(cat log.xml)` said
 * `/dev/fd/63: no such file`. Each process here is bounded: one that hangs is killed and fails its test.
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';
import { kanshiInProcess } from '../support/in-process.js';
import { deviceNodes } from '../support/devices.js';

const MAIN = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
const EXAMPLES = join(PROJECT_ROOT, 'logs', 'examples');
const CHANKAN = join(EXAMPLES, 'chankan.mjlog');
const FIFTH = join(EXAMPLES, 'fifth-kan.mjlog');
const PIPE_REASON = 'a named pipe, not a file: not read (a pipe is read as standard input, - or /dev/stdin, or as /dev/fd/N)';

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface Running {
  pid: number;
  /** Writes to the child's standard input or descriptor 3 (each a pipe), and closes it. */
  send(fd: 0 | 3, text: string): void;
  /** The child's end, or a failure (the child killed) past `ms`. */
  ended(ms: number): Promise<Ended>;
  kill(signal: NodeJS.Signals): void;
}

/** The built CLI with standard input and descriptor 3 as pipes that stay open until `send` closes them. */
function start(args: string[], cwd: string): Running {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const closed = new Promise<Ended>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return {
    pid: child.pid!,
    send(fd, text) {
      const stream = fd === 0 ? child.stdin! : (child.stdio[3] as NodeJS.WritableStream);
      stream.end(text);
    },
    async ended(ms) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`kanshi ${args.join(' ')} still ran after ${ms} ms (killed); stderr: ${stderr}`));
        }, ms);
      });
      try {
        return await Promise.race([closed, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    kill(signal) {
      child.kill(signal);
    },
  };
}

/**
 * Waits (polling, bounded) until the process waits on descriptor `fd` in its event loop: the descriptor is
 * among those its epoll instances watch (`tfd:` lines of /proc/PID/fdinfo). Node catches SIGINT from its
 * start, so the signal mask says nothing about the command's own handler; a read in progress does.
 */
async function waitsOn(pid: number, fd: number, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  const watched = new RegExp(`^tfd:\\s+${fd}\\s`, 'm');
  for (;;) {
    for (const entry of readdirSync(`/proc/${pid}/fd`)) {
      let link = '';
      try {
        link = readlinkSync(`/proc/${pid}/fd/${entry}`);
      } catch {
        continue;
      }
      if (link === 'anon_inode:[eventpoll]' && watched.test(readFileSync(`/proc/${pid}/fdinfo/${entry}`, 'utf8'))) return;
    }
    if (Date.now() > until) throw new Error(`process ${pid} never waited on descriptor ${fd}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A Unix socket bound at `path`; the node stays when the test's process ends. */
async function socketAt(path: string): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  server.unref();
}

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'kanshi-not-files-'));
}

describe('named on the command line', () => {
  it('a named pipe, a socket and a device are refused at once, one line each; /dev/fd/N and - are read as streams', async () => {
    const dir = scratch();
    execFileSync('mkfifo', [join(dir, 'p.xml')]);
    await socketAt(join(dir, 's.mjlog'));
    const run = start(['info', 'p.xml', 's.mjlog', '/dev/null', '/dev/fd/3', '-', '/dev/stdin'], dir);
    run.send(3, readFileSync(CHANKAN, 'utf8'));
    run.send(0, readFileSync(FIFTH, 'utf8'));
    const r = await run.ended(20_000);
    expect(r.stderr).toBe(
      [`kanshi: p.xml: ${PIPE_REASON}`, 'kanshi: s.mjlog: a socket, not a file: not read', 'kanshi: /dev/null: a device, not a file: not read', ''].join('\n'),
    );
    // Each stream once (- and /dev/stdin are one), in the order given.
    expect(r.stdout.split('\n').filter(Boolean).map((l) => l.split('  ')[0])).toEqual(['/dev/fd/3', '-']);
    expect(r.stdout).toContain('chankan wins 1');
    expect(r.code).toBe(1);
  });

  it('audit: a pipe inside a folder is an unreadable input, stored and counted with its reason; a stream is audited', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'logs'));
    copyFileSync(CHANKAN, join(dir, 'logs', 'chankan.mjlog'));
    execFileSync('mkfifo', [join(dir, 'logs', 'pipe.xml')]);
    await socketAt(join(dir, 'logs', 'socket.mjlog'));
    const run = start(['audit', 'logs', '/dev/fd/3', '--db', 'a.sqlite', '--json', '--no-progress'], dir);
    run.send(3, readFileSync(FIFTH, 'utf8'));
    const r = await run.ended(30_000);
    const summary = JSON.parse(r.stdout);
    expect(summary.gameCount).toBe(2);
    expect(summary.failedFileCount).toBe(2);
    const unreadable = summary.examples.filter((e: { kind: string }) => e.kind === 'ingest-error').map((e: { file: string; message: string }) => [e.file, e.message]);
    expect(unreadable).toEqual([
      [join('logs', 'pipe.xml'), PIPE_REASON],
      [join('logs', 'socket.mjlog'), 'a socket, not a file: not read'],
    ]);
    const db = new Database(join(dir, 'a.sqlite'), { readonly: true });
    const games = db.prepare('SELECT file, error FROM games ORDER BY file').all();
    db.close();
    expect(games).toEqual([
      { file: '/dev/fd/3', error: null },
      { file: join(dir, 'logs', 'chankan.mjlog'), error: null },
      { file: join(dir, 'logs', 'pipe.xml'), error: PIPE_REASON },
      { file: join(dir, 'logs', 'socket.mjlog'), error: 'a socket, not a file: not read' },
    ]);
    // Two inputs could not be read: the audit says so and fails (exit status 1).
    expect(r.stderr).toContain('kanshi: 2 inputs could not be read');
    expect(r.code).toBe(1);
  });
});

describe('a database that is a named pipe', () => {
  it('is refused at once (SQLite opening it waited for a writer, for ever)', async () => {
    const dir = scratch();
    execFileSync('mkfifo', [join(dir, 'p.sqlite')]);
    const r = await start(['stats', '--db', 'p.sqlite'], dir).ended(20_000);
    expect(r.stderr).toBe('kanshi: cannot open p.sqlite: a named pipe, not a database file\n');
    expect(r.code).toBe(1);
  });
});

describe('Ctrl-C while a stream waits for its writer', () => {
  for (const command of ['verify', 'audit']) {
    it(`${command} - stops at once, exit 130`, async () => {
      const dir = scratch();
      const run = start([command, '-', '--db', 'a.sqlite', '--no-progress'].slice(0, command === 'audit' ? 5 : 2), dir);
      await waitsOn(run.pid, 0);
      run.kill('SIGINT');
      const r = await run.ended(10_000);
      expect(r.code).toBe(130);
      expect(r.stderr).toContain('kanshi: interrupted');
    });
  }
});

describe('outputs that are not files', () => {
  it('report -o on a full device says ENOSPC in one line, exit 1, the device kept; replay --html through a link replaces its target', async (ctx) => {
    // Device nodes of the test's own: a regression replaces them, not /dev/null and /dev/full.
    const devices = deviceNodes();
    if (!devices) return ctx.skip();
    const dir = scratch();
    const db = join(dir, 'a.sqlite');
    expect((await kanshiInProcess('audit', CHANKAN, '--db', db, '--no-progress')).code).toBe(0);
    const full = await kanshiInProcess('report', '--db', db, '-o', devices.full);
    expect(full.stderr).toBe(`kanshi: cannot write ${devices.full}: no space left on the device\n`);
    expect(full.code).toBe(1);
    expect(statSync(devices.full).isCharacterDevice()).toBe(true);
    expect((await kanshiInProcess('report', '--db', db, '-o', devices.null)).code).toBe(0);
    expect(statSync(devices.null).isCharacterDevice()).toBe(true);
    mkdirSync(join(dir, 'pages'));
    symlinkSync(join('pages', 'chankan.html'), join(dir, 'page.html'));
    const page = await kanshiInProcess('replay', CHANKAN, '--html', join(dir, 'page.html'));
    expect(page.code, page.stderr).toBe(0);
    expect(lstatSync(join(dir, 'page.html')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'pages', 'chankan.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });
});
