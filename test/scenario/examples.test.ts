/**
 * logs/examples is exactly what the scenarios write now (regenerate and compare), so the bundled
 * examples never go stale: after changing a scenario, run `npm run examples`.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDEX_FILE, SCENARIOS, exampleFileName, exampleFiles, isExampleLog } from '../../tools/scenario/index.js';
import { projectRoot, writeExamples } from '../../tools/scenario/write-examples.js';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'logs', 'examples');
const HOW = 'regenerate with: npm run examples';

describe('logs/examples', () => {
  const files = exampleFiles();

  it('holds one file per scenario and the index, and no other log', () => {
    expect(existsSync(EXAMPLES), `${EXAMPLES} is missing; ${HOW}`).toBe(true);
    const onDisk = readdirSync(EXAMPLES).filter((n) => isExampleLog(n) || n === INDEX_FILE).sort();
    expect(onDisk, HOW).toEqual(files.map((f) => f.name).sort());
    expect(files.filter((f) => isExampleLog(f.name)).map((f) => f.name)).toEqual(SCENARIOS.map(exampleFileName));
  });

  it('writes each scenario in its format: mjlog XML, tenhou.net/6 JSON as a .json file, mjai as .jsonl', () => {
    for (const s of SCENARIOS) {
      const f = files.find((x) => x.name === exampleFileName(s))!;
      if (s.format === 'tenhou6') {
        expect(f.name).toBe(`${s.name}.json`);
        expect(() => JSON.parse(f.content)).not.toThrow();
      } else if (s.format === 'mjai') {
        expect(f.name).toBe(`${s.name}.jsonl`);
        for (const line of f.content.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
      } else {
        expect(f.name).toBe(`${s.name}.mjlog`);
        if (!s.broken) expect(f.content).toMatch(/^<mjloggm ver="2.3">/);
      }
    }
    expect(SCENARIOS.some((s) => s.format === 'tenhou6')).toBe(true);
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
      expect(index).toContain(`\`${exampleFileName(s)}\``);
      for (const k of s.checks.flatMap((c) => c.expect)) expect(index).toContain(`\`${k}\``);
    }
  });
});

describe('write-examples', () => {
  it('finds the project root from src/ and writes into a folder, deleting stale scenario logs only', () => {
    expect(existsSync(join(projectRoot(), 'package.json'))).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-examples-'));
    try {
      writeFileSync(join(dir, 'old-scenario.mjlog'), 'stale');
      writeFileSync(join(dir, 'old-json-scenario.json'), '{}');
      writeFileSync(join(dir, 'README.md'), 'kept');
      writeFileSync(join(dir, 'notes.txt'), 'kept');
      const first = writeExamples(dir);
      expect(first.deleted.sort()).toEqual(['old-json-scenario.json', 'old-scenario.mjlog']);
      expect(first.changed).toHaveLength(first.written.length);
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('kept');
      expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('kept');
      expect(writeExamples(dir).changed).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
