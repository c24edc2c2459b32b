/**
 * A reader's table handed on to the replay (src/table played.ts): given when a new table made with the
 * replay's options would be the same, once, and never for a list of events it was not played on.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, RoundStartEvent } from '../../src/events/index.js';
import { handOn, playedTable, Table } from '../../src/table/index.js';
import { wallLayout } from '../../src/wall/index.js';

const start: RoundStartEvent = {
  type: 'roundStart', kyoku: 0, honba: 0, riichiStickCount: 0, dice: [0, 0], doraIndicator: 135, scores: [25000, 25000, 25000, 25000], dealer: 0,
  hands: [0, 1, 2, 3].map((s) => Array.from({ length: 13 }, (_, i) => s * 13 + i)),
};

function played(options = { hand: 3, players: 4 as const, redFives: true }): { events: GameEvent[]; table: Table } {
  const events: GameEvent[] = [start, { type: 'draw', seat: 0, tile: 60 }, { type: 'discard', seat: 0, tile: 60, tsumogiri: true }];
  const table = new Table(start, options);
  for (let i = 1; i < events.length; i++) table.apply(events[i], i);
  handOn(events, table);
  return { events, table };
}

describe("the reader's table, handed on", () => {
  it('is given to the first replay made with the same options, having applied the events played, and only once', () => {
    const { events, table } = played();
    expect(playedTable(events, { hand: 3, players: 4, wall: null, redFives: true })).toBe(table);
    expect(table.eventCount).toBe(3);
    expect(playedTable(events, { hand: 3, players: 4, wall: null, redFives: true })).toBeNull();
  });

  it('is refused where a new table would differ: another hand number, red fives, layout or start', () => {
    for (const options of [
      { hand: 4, players: 4 as const },
      { hand: 3, players: 4 as const, redFives: false },
      { hand: 3, players: 4 as const, layout: wallLayout(4) },
    ]) {
      const { events } = played();
      expect(playedTable(events, options)).toBeNull();
    }
    const { events } = played();
    expect(playedTable([{ ...start }, ...events.slice(1)], { hand: 3, players: 4 })).toBeNull();
  });
});
