import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ArchiveError, InflateError, MAX_ARCHIVE_PAGE_BYTES, extractArchiveLogIds, gunzipAtMost, parseLogList } from '../../src/fetch/index.js';
import { gzipBomb } from './tenhou-server.js';

describe('parseLogList', () => {
  it('reads one id or URL a line, with comments and blank lines', () => {
    const text = [
      '# phoenix games to audit',
      '2016052515gm-00a9-0000-c4d72066',
      '',
      '   https://tenhou.net/0/?log=2010091009gm-00a9-0000-83af2648&tw=2   # the chankan game',
      'https://tenhou.net/3/#log=2020052221gm-00a9-0000-6f0524c7',
      '2012090306gm-0089-0000-x666f4d41e26b\r',
    ].join('\n');
    const { entries, problems } = parseLogList(text);
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.line, e.ref.id, e.ref.seat])).toEqual([
      [2, '2016052515gm-00a9-0000-c4d72066', null],
      [4, '2010091009gm-00a9-0000-83af2648', 2],
      [5, '2020052221gm-00a9-0000-6f0524c7', null],
      [6, '2012090306gm-0089-0000-dc81a77a', null],
    ]);
  });

  it('names the line of every bad entry', () => {
    const { entries, problems } = parseLogList('2016052515gm-00a9-0000-c4d72066\nnot-an-id\n\n2016052515gm-00a9 extra\n');
    expect(entries).toHaveLength(1);
    expect(problems.map((p) => p.line)).toEqual([2, 4]);
    expect(problems[0].message).toMatch(/"not-an-id" is not a Tenhou log id/);
    expect(problems[1].message).toMatch(/expected one log id or URL, found several words/);
  });
});

describe('extractArchiveLogIds', () => {
  // The shape of a phoenix archive page (scc*.html), as docs/formats.md §9 shows it.
  const page = [
    '00:00 | 19 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2013022000gm-00a9-0000-3827d34d">牌譜</a> | ヤキン(+50.0) A(+10.0) B(-20.0) C(-40.0)<br>',
    '00:01 | 24 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2013022000gm-00a9-0000-03d248be">牌譜</a> | D(+60.0) E(+5.0) F(-25.0) G(-40.0)<br>',
    '00:02 | 24 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2013022000gm-00a9-0000-3827d34d">牌譜</a> | repeated<br>',
  ].join('\r\n');

  it('extracts log ids from log= links, in order, each once', () => {
    expect(extractArchiveLogIds(Buffer.from(page, 'utf8'))).toEqual(['2013022000gm-00a9-0000-3827d34d', '2013022000gm-00a9-0000-03d248be']);
  });

  it('reads gzip archives (recognised by magic bytes) and pages in other encodings', () => {
    expect(extractArchiveLogIds(gzipSync(Buffer.from(page, 'utf8')))).toHaveLength(2);
    const shiftJisLike = Buffer.concat([Buffer.from([0x8e, 0x6c, 0x95, 0xf0]), Buffer.from(' | <a href="http://tenhou.net/0/?log=2013022000gm-00a9-0000-3827d34d">')]);
    expect(extractArchiveLogIds(shiftJisLike)).toEqual(['2013022000gm-00a9-0000-3827d34d']);
  });

  it('finds nothing in a page without links, and refuses a broken gzip stream', () => {
    expect(extractArchiveLogIds(Buffer.from('00:00 | 19 | results only<br>'))).toEqual([]);
    expect(() => extractArchiveLogIds(gzipSync(Buffer.from(page)).subarray(0, 30))).toThrow(ArchiveError);
  });

  it('refuses a gzip bomb at 64 MiB of page, with a message instead of running out of memory', () => {
    expect(MAX_ARCHIVE_PAGE_BYTES).toBe(64 * 1024 * 1024);
    // 600 MiB inflated: more than V8 can hold as one string.
    expect(() => extractArchiveLogIds(gzipBomb(600 * 1024 * 1024))).toThrow(
      new ArchiveError('the page decompresses to more than 67,108,864 bytes (an archive page is a few MB)'),
    );
  });

  it('reads a page of exactly the cap and refuses one byte more, plain or gzip', () => {
    const link = Buffer.from('<a href="http://tenhou.net/0/?log=2013022000gm-00a9-0000-3827d34d">');
    const padded = (n: number) => Buffer.concat([link, Buffer.alloc(n - link.length, 0x20)]);
    expect(extractArchiveLogIds(padded(1000), 1000)).toEqual(['2013022000gm-00a9-0000-3827d34d']);
    expect(extractArchiveLogIds(gzipSync(padded(1000)), 1000)).toHaveLength(1);
    expect(() => extractArchiveLogIds(padded(1001), 1000)).toThrow(new ArchiveError('the page has 1,001 bytes, more than 1,000 (an archive page is a few MB)'));
    expect(() => extractArchiveLogIds(gzipSync(padded(1001)), 1000)).toThrow(
      new ArchiveError('the page decompresses to more than 1,000 bytes (an archive page is a few MB)'),
    );
  });
});

describe('gunzipAtMost', () => {
  it('inflates every member of a stream up to the cap, and says why it stops', () => {
    expect(gunzipAtMost(gzipBomb(3000), 3000)).toEqual(Buffer.alloc(3000));
    expect(gunzipAtMost(Buffer.concat([gzipSync('ab'), gzipSync('cd')]), 4).toString()).toBe('abcd');
    const tooLarge = (() => {
      try {
        gunzipAtMost(gzipBomb(3001), 3000);
      } catch (err) {
        return err;
      }
    })();
    expect(tooLarge).toBeInstanceOf(InflateError);
    expect(tooLarge).toMatchObject({ tooLarge: true, message: 'decompresses to more than 3,000 bytes' });
    expect(() => gunzipAtMost(gzipSync('abc').subarray(0, 8), 3000)).toThrow(new InflateError('is not a whole gzip stream (unexpected end of file)', false));
  });
});
