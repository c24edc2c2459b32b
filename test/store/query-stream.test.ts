/**
 * streamQuery runs a statement in a child process. The child sends its last rows and exits at once, so
 * a parent busy at that moment (a loaded machine, a long batch of rows to print) may learn of the exit
 * before it has read those messages: the rows must still all arrive, and the query end normally.
 */
import { describe, expect, it } from 'vitest';
import { openStore, streamQuery } from '../../src/store/index.js';
import { tempDb } from './support.js';

describe('streamQuery', () => {
  it('a parent busy while the child finishes still gets every row, and no "process ended" failure', async () => {
    const db = tempDb();
    openStore(db).close();
    for (let i = 0; i < 5; i++) {
      const opening = streamQuery(db, 'SELECT value FROM json_each(\'[1,2,3]\')');
      // Busy long enough for the child to start, send everything and exit before this thread looks.
      const until = Date.now() + 400;
      while (Date.now() < until) {
        // spin
      }
      const stream = await opening;
      const rows: unknown[][] = [];
      for await (const batch of stream) rows.push(...batch);
      expect(rows).toEqual([[1], [2], [3]]);
    }
  }, 30_000);
});
