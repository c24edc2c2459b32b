/**
 * src/files: the one atomic write every whole file goes through (the report, game pages, fetched and
 * exported logs): a temporary file beside the target, then a rename; nothing left behind either way.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeLogFile, walkInputs } from '../../src/batch/index.js';
import { removeStaleTempFiles, TEMP_PREFIX, tempFileName, writeFileAtomic } from '../../src/files/index.js';

const ID = '2016052515gm-00a9-0000-c4d72066';

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'kanshi-files-'));
}

describe('writeFileAtomic', () => {
  it('writes text as UTF-8 and bytes as they are, returning the bytes written, and leaves only the final file', async () => {
    const dir = folder();
    const page = join(dir, 'page.html');
    expect(await writeFileAtomic(page, 'kan 槓 ✓')).toBe(Buffer.byteLength('kan 槓 ✓', 'utf8'));
    expect(readFileSync(page, 'utf8')).toBe('kan 槓 ✓');
    const log = join(dir, `${ID}.json`);
    expect(await writeFileAtomic(log, Buffer.from('{"x":1}'), { fsync: true })).toBe(7);
    expect(readFileSync(log, 'utf8')).toBe('{"x":1}');
    expect(readdirSync(dir).sort()).toEqual([`${ID}.json`, 'page.html']);
  });

  it('replaces a file that is there, whole', async () => {
    const dir = folder();
    const page = join(dir, 'report.html');
    writeFileSync(page, 'the old report, longer than the new one');
    await writeFileAtomic(page, 'new');
    expect(readFileSync(page, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['report.html']);
  });

  it('writes many files to one folder at once, each whole', async () => {
    const dir = folder();
    const texts = Array.from({ length: 20 }, (_, i) => `page ${i} `.repeat(1000 + i));
    await Promise.all(texts.map((t, i) => writeFileAtomic(join(dir, `p${i % 5}-${i}.html`), t)));
    expect(readdirSync(dir)).toHaveLength(20);
    texts.forEach((t, i) => expect(readFileSync(join(dir, `p${i % 5}-${i}.html`), 'utf8')).toBe(t));
  });

  it('throws and leaves nothing when the folder is missing', async () => {
    const dir = folder();
    await expect(writeFileAtomic(join(dir, 'missing', `${ID}.json`), Buffer.from('x'))).rejects.toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('throws and removes its temporary when the rename fails (the target is a folder), the folder untouched', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'page.html'));
    writeFileSync(join(dir, 'page.html', 'inside'), 'x');
    await expect(writeFileAtomic(join(dir, 'page.html'), 'text')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['page.html']);
    expect(readdirSync(join(dir, 'page.html'))).toEqual(['inside']);
  });
});

describe('temporary files', () => {
  it('have names that the folder walk of kanshi info and audit never reads', async () => {
    const name = tempFileName(`${ID}.mjlog`);
    expect(name.startsWith(TEMP_PREFIX)).toBe(true);
    expect(name).toMatch(new RegExp(`^\\.kanshi-tmp-${process.pid}-[0-9a-f]{8}-${ID}\\.mjlog\\.tmp$`));
    expect(looksLikeLogFile(name)).toBe(false);
    const dir = folder();
    writeFileSync(join(dir, name), '<mjloggm ver="2.3"><GO type="169"');
    const walked = [];
    for await (const item of walkInputs([dir])) walked.push(item);
    expect(walked).toEqual([]);
  });

  it('are removed when abandoned, and only then', async () => {
    const dir = folder();
    const mine = tempFileName(`${ID}.mjlog`);
    const liveOld = `.kanshi-tmp-${process.ppid}-00000000-${ID}.mjlog.tmp`;
    const liveNew = `.kanshi-tmp-${process.ppid}-11111111-${ID}.json.tmp`;
    for (const name of [mine, liveOld, liveNew, '.hidden-note', `${ID}.mjlog`]) writeFileSync(join(dir, name), 'x');
    const twoDaysAgo = (Date.now() - 2 * 24 * 3600 * 1000) / 1000;
    utimesSync(join(dir, liveOld), twoDaysAgo, twoDaysAgo);
    expect(await removeStaleTempFiles(dir)).toEqual([join(dir, liveOld)]);
    expect(readdirSync(dir).sort()).toEqual(['.hidden-note', mine, liveNew, `${ID}.mjlog`].sort());
    expect(await removeStaleTempFiles(join(dir, 'missing'))).toEqual([]);
  });
});
