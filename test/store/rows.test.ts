import { describe, expect, it } from 'vitest';
import { idList, yakuJson } from '../../src/store/rows.js';

describe('row values', () => {
  it('writes tile-id lists exactly as JSON.stringify would, unknown ids as null', () => {
    for (const ids of [[], [0], [135, 4, 0], [null], [12, null, 99], [0, 0]]) {
      expect(idList(ids)).toBe(JSON.stringify(ids));
      expect(JSON.parse(idList(ids))).toEqual(ids);
    }
  });

  it('writes yaku lists exactly as JSON.stringify would', () => {
    for (const yaku of [[], [{ id: 1, han: 1 }], [{ id: 0, han: 1 }, { id: 52, han: 3 }, { id: 54, han: 0 }], [{ id: -1, han: 2, name: '流し"満貫' }, { id: 7, han: 1 }], [{ id: 1, han: Infinity }, { id: 2, han: NaN }, { id: -0, han: 1e21 }]]) {
      expect(yakuJson(yaku)).toBe(JSON.stringify(yaku));
    }
  });
});
