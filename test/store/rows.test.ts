import { describe, expect, it } from 'vitest';
import { idList } from '../../src/store/rows.js';

describe('row values', () => {
  it('writes tile-id lists exactly as JSON.stringify would, unknown ids as null', () => {
    for (const ids of [[], [0], [135, 4, 0], [null], [12, null, 99], [0, 0]]) {
      expect(idList(ids)).toBe(JSON.stringify(ids));
      expect(JSON.parse(idList(ids))).toEqual(ids);
    }
  });
});
