import { describe, expect, it } from 'vitest';
import { systemErrorText } from '../../src/ingest/index.js';

describe('system errors in words (issue 16: no bare ENOENT)', () => {
  it('says what the common codes mean, and Node\'s own words for the others', () => {
    const err = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(systemErrorText(err('ENOENT', "ENOENT: no such file or directory, open 'x'"))).toBe('no such file or folder');
    expect(systemErrorText(err('EACCES', "EACCES: permission denied, open 'x'"))).toBe('permission denied');
    expect(systemErrorText({ code: 'EISDIR' })).toBe('is a folder, not a file');
    expect(systemErrorText(err('ENOTEMPTY', "ENOTEMPTY: directory not empty, rmdir 'x'"))).toBe('directory not empty');
    expect(systemErrorText(new Error('something else'))).toBe('something else');
  });
});
