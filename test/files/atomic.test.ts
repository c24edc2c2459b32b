/**
 * src/files: the one atomic write every whole file goes through (the report, game pages, fetched and
 * exported logs): a temporary file beside the target, then a rename; nothing left behind either way.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeLogFile, walkInputs } from '../../src/batch/index.js';
import { deviceNodes } from '../support/devices.js';
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

describe('writeFileAtomic on what is not a regular file (issue 42: a device, pipe or link became a regular file)', () => {
  it('follows a link and replaces the file it leads to, the link kept; a link that leads nowhere creates its target', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real', 'report.html'), 'old');
    symlinkSync(join('real', 'report.html'), join(dir, 'report.html'));
    symlinkSync(join(dir, 'report.html'), join(dir, 'twice.html'));
    await writeFileAtomic(join(dir, 'twice.html'), 'new');
    expect(lstatSync(join(dir, 'twice.html')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(dir, 'report.html')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real', 'report.html'), 'utf8')).toBe('new');
    expect(readdirSync(join(dir, 'real'))).toEqual(['report.html']);
    symlinkSync(join('real', 'later.html'), join(dir, 'later.html'));
    await writeFileAtomic(join(dir, 'later.html'), 'made');
    expect(readFileSync(join(dir, 'real', 'later.html'), 'utf8')).toBe('made');
    expect(lstatSync(join(dir, 'later.html')).isSymbolicLink()).toBe(true);
  });

  it('writes through a device, which stays a device, and throws its write error (ENOSPC from a full device)', async (ctx) => {
    // Nodes of this test's own (mknod, as root) of the null and full devices: a regression replaces them, not /dev's.
    const devices = deviceNodes();
    if (!devices) return ctx.skip();
    expect(await writeFileAtomic(devices.null, 'x'.repeat(1000))).toBe(1000);
    expect(statSync(devices.null).isCharacterDevice()).toBe(true);
    await expect(writeFileAtomic(devices.full, 'x')).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(statSync(devices.full).isCharacterDevice()).toBe(true);
  });

  it('writes through a named pipe to its reader, which stays a pipe', async () => {
    const dir = folder();
    const pipe = join(dir, 'out.html');
    execFileSync('mkfifo', [pipe]);
    const reader = new Promise<string>((resolve, reject) => {
      let text = '';
      createReadStream(pipe, 'utf8').on('data', (d) => (text += d)).on('end', () => resolve(text)).on('error', reject);
    });
    const page = '<p>kan</p>'.repeat(20_000);
    expect(await writeFileAtomic(pipe, page)).toBe(page.length);
    // Bounded: a pipe renamed over instead of written to leaves its reader waiting for ever.
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('(nothing came through the pipe in 5 s)'), 5000).unref());
    expect(await Promise.race([reader, late])).toBe(page);
    expect(lstatSync(pipe).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['out.html']);
  });

  it('refuses a socket and a folder, changing nothing', async () => {
    const dir = folder();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(dir, 'sock.html'), resolve));
    try {
      await expect(writeFileAtomic(join(dir, 'sock.html'), 'x')).rejects.toThrow('a socket, not a file: not written');
      expect(lstatSync(join(dir, 'sock.html')).isSocket()).toBe(true);
    } finally {
      server.close();
    }
    mkdirSync(join(dir, 'page.html'));
    await expect(writeFileAtomic(join(dir, 'page.html'), 'x')).rejects.toMatchObject({ code: 'EISDIR' });
    expect(readdirSync(dir).sort()).toEqual(['page.html']);
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
