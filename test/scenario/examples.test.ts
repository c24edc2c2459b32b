/**
 * logs/examples is exactly what the scenarios write now (regenerate and compare), so the bundled
 * examples never go stale: after changing a scenario, run `npm run build && node dist/src/scenario/write-examples.js`.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_EXTENSION, INDEX_FILE, SCENARIOS, exampleFiles } from '../../src/scenario/index.js';
import { projectRoot, writeExamples } from '../../src/scenario/write-examples.js';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'logs', 'examples');
const HOW = 'regenerate with: npm run build && node dist/src/scenario/write-examples.js';

describe('logs/examples', () => {
  const files = exampleFiles();

  it('holds one file per scenario and the index, and no other mjlog', () => {
    expect(existsSync(EXAMPLES), `${EXAMPLES} is missing; ${HOW}`).toBe(true);
    const onDisk = readdirSync(EXAMPLES).filter((n) => n.endsWith(EXAMPLE_EXTENSION) || n === INDEX_FILE).sort();
    expect(onDisk, HOW).toEqual(files.map((f) => f.name).sort());
    expect(files.filter((f) => f.name.endsWith(EXAMPLE_EXTENSION))).toHaveLength(SCENARIOS.length);
  });

  it.each(files.map((f) => [f.name, f] as const))('%s is what the builder writes now', (name, f) => {
    expect(readFileSync(join(EXAMPLES, name), 'utf8') === f.content, `${name} is stale; ${HOW}`).toBe(true);
  });

  it('the builder writes the same bytes every run', () => {
    expect(exampleFiles()).toEqual(files);
  });

  it('the index lists every file and each of its checks', () => {
    const index = files.find((f) => f.name === INDEX_FILE)!.content;
    for (const s of SCENARIOS) {
      expect(index).toContain(`\`${s.name}${EXAMPLE_EXTENSION}\``);
      for (const k of s.checks.flatMap((c) => c.expect)) expect(index).toContain(`\`${k}\``);
    }
  });
});

describe('write-examples', () => {
  it('finds the project root from src/ and writes into a folder, deleting stale mjlog files only', () => {
    expect(existsSync(join(projectRoot(), 'package.json'))).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-examples-'));
    try {
      writeFileSync(join(dir, 'old-scenario.mjlog'), 'stale');
      writeFileSync(join(dir, 'README.md'), 'kept');
      const first = writeExamples(dir);
      expect(first.deleted).toEqual(['old-scenario.mjlog']);
      expect(first.changed).toHaveLength(first.written.length);
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('kept');
      expect(writeExamples(dir).changed).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
