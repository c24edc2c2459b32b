import { describe, expect, it } from 'vitest';
import { viewerLogId, viewerUrl } from '../../src/events/index.js';

describe('viewerUrl', () => {
  it('opens a hand (ts, 0-based) from a seat (tw)', () => {
    expect(viewerUrl('2010081709gm-00a9-0000-fe3371ad', 2, 4)).toBe('https://tenhou.net/0/?log=2010081709gm-00a9-0000-fe3371ad&tw=2&ts=4');
  });

  it('sits at seat 0 without a seat, opens the game without a hand, and gives nothing without a log id', () => {
    expect(viewerUrl('2010081709gm-00a9-0000-fe3371ad', null, 0)).toBe('https://tenhou.net/0/?log=2010081709gm-00a9-0000-fe3371ad&tw=0&ts=0');
    expect(viewerUrl('2010081709gm-00a9-0000-fe3371ad', 1, null)).toBe('https://tenhou.net/0/?log=2010081709gm-00a9-0000-fe3371ad&tw=1');
    expect(viewerUrl(null, 1, 2)).toBeNull();
  });

  it('links only Tenhou games: a Mahjong Soul or mjai log id means nothing to the viewer', () => {
    expect(viewerLogId({ platform: 'tenhou', logId: 'x' })).toBe('x');
    expect(viewerLogId({ platform: 'majsoul', logId: 'x' })).toBeNull();
    expect(viewerLogId({ platform: 'unknown', logId: 'x' })).toBeNull();
  });
});
