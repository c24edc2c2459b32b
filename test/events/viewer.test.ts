import { describe, expect, it } from 'vitest';
import { viewerLogId, viewerUrl } from '../../src/events/index.js';

describe('viewerUrl', () => {
  it('opens a hand (ts, 0-based) from a seat (tw)', () => {
    expect(viewerUrl('2010081709gm-00a9-0000-fe3371ad', 2, 5)).toBe('https://tenhou.net/0/?log=2010081709gm-00a9-0000-fe3371ad&tw=2&ts=4');
  });

  it('sits at seat 0 without a seat, opens the game without a hand, and gives nothing without a log id', () => {
    expect(viewerUrl('2010081709gm-00a9-0000-fe3371ad', null, 1)).toBe('https://tenhou.net/0/?log=2010081709gm-00a9-0000-fe3371ad&tw=0&ts=0');
    expect(viewerUrl('2010081709gm-00a9-0000-fe3371ad', 1, null)).toBe('https://tenhou.net/0/?log=2010081709gm-00a9-0000-fe3371ad&tw=1');
    expect(viewerUrl(null, 1, 2)).toBeNull();
  });

  it('links only Tenhou games: a Mahjong Soul or mjai log id means nothing to the viewer', () => {
    expect(viewerLogId({ platform: 'tenhou', logId: 'x' })).toBe('x');
    expect(viewerLogId({ platform: 'majsoul', logId: 'x' })).toBeNull();
    expect(viewerLogId({ platform: 'unknown', logId: 'x' })).toBeNull();
  });
});

describe('a crafted log id (found in review)', () => {
  const crafted = '2012050716gm-0009-0000-85fac029&ts=7&tw=3#"><script>alert(2)</script>';

  it('gives no link: only a whole Tenhou log id is put into one', () => {
    expect(viewerUrl(crafted, 1, 2)).toBeNull();
    expect(viewerUrl('2012050716gm-0009-00000-85fac029', 1, 3)).toMatch(/&tw=1&ts=2$/);
  });

  it('gives no viewer_url in the views for a tenhou.net/6 JSON whose ref only holds a log id', async () => {
    const { readFileSync } = await import('node:fs');
    const { parseLog } = await import('../../src/ingest/index.js');
    const { auditGame, contentHash, ruleSetFor } = await import('../../src/audit/index.js');
    const { openStore } = await import('../../src/store/index.js');
    const { corpusFile } = await import('../support/corpus.js');
    const { tempDb } = await import('../store/support.js');
    const json = JSON.parse(readFileSync(corpusFile('2019021004gm-00a9-0000-e2f6516d.json'), 'utf8'));
    const file = tempDb();
    const store = openStore(file);
    for (const ref of [crafted, '2019021004gm-00a9-0000-e2f6516d']) {
      json.ref = ref;
      const bytes = Buffer.from(JSON.stringify(json));
      const game = parseLog(bytes, { file: 'x.json' });
      store.writeBatch([auditGame('x.json', contentHash(bytes), game, ruleSetFor({}))]);
    }
    const urls = [...store.query('SELECT g.log_id, max(k.viewer_url) FROM kan_list k JOIN games g USING (game_id) GROUP BY g.log_id ORDER BY 1').rows];
    store.close();
    expect(urls).toEqual([
      [crafted, null],
      ['2019021004gm-00a9-0000-e2f6516d', expect.stringMatching(/^https:\/\/tenhou\.net\/0\/\?log=2019021004gm-00a9-0000-e2f6516d&tw=\d&ts=\d+$/)],
    ]);
  });
});
