import { describe, expect, it } from 'vitest';
import { plural } from '../../src/events/index.js';

describe('plural (issue 16: one helper for every count kanshi prints)', () => {
  it('1 file, 0 files, 2 files; an irregular plural when given', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(2, 'warning')).toBe('2 warnings');
    expect(plural(1, 'mismatch', 'mismatches')).toBe('1 mismatch');
    expect(plural(3, 'inconsistency', 'inconsistencies')).toBe('3 inconsistencies');
  });
});
