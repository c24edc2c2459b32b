import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A null and a full device of the test's own (character devices 1,3 and 1,7, as /dev/null and /dev/full
 * are), so that a write that replaced its target replaces them and not the system's; null, said on the
 * console, where this user cannot make device nodes (mknod needs root).
 */
export function deviceNodes(): { null: string; full: string } | null {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-devices-'));
  const nodes = { null: join(dir, 'null'), full: join(dir, 'full') };
  const made = spawnSync('mknod', [nodes.null, 'c', '1', '3'], { encoding: 'utf8' });
  if (made.status !== 0 || spawnSync('mknod', [nodes.full, 'c', '1', '7']).status !== 0) {
    console.warn(`not testing devices: mknod failed (${(made.stderr || made.error?.message || '').trim()}); run as root to test them`);
    return null;
  }
  return nodes;
}
