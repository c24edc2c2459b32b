import { afterEach, vi } from 'vitest';
import { runCli } from '../../src/cli/program.js';

/** Runs `kanshi ...args` in this process and captures what it writes (for commands that need no build). */
export async function kanshiInProcess(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  // Each run starts as a process does, with no exit status set by the run before.
  process.exitCode = undefined;
  try {
    const code = await runCli(['node', 'kanshi', ...args]);
    return { code, stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

/** `kanshiInProcess` with `cwd` as the current folder, as `kanshi` run there (then the folder it was). */
export async function kanshiInProcessAt(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const before = process.cwd();
  process.chdir(cwd);
  try {
    return await kanshiInProcess(...args);
  } finally {
    process.chdir(before);
  }
}

// A command that sets process.exitCode must not leak it into the next test.
afterEach(() => {
  process.exitCode = undefined;
});

/**
 * `kanshi(args, { cwd })` of test/support/cli.ts, in this process: a command's output and status without
 * a process start, for tests about what a command says rather than how its process behaves.
 */
export function kanshiRun(args: string[], options: { cwd?: string } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return options.cwd ? kanshiInProcessAt(options.cwd, ...args) : kanshiInProcess(...args);
}
