/**
 * Play once: a reader that plays a hand on a Table to read it (tenhou.net/6 JSON, to rebuild the order of
 * play; mjai, to know each seat's tile ids) hands that table on with the hand's events, and the replay goes
 * on from where the reader stopped (the events the reader wrote after playing, a tenhou.net/6 hand's
 * result, are still to apply) instead of playing the hand on a new table again (docs/architecture.md,
 * "Play once").
 *
 * A table applies events deterministically, so a table made with the same start and options that has
 * applied the same events is the table the replay would build. It is taken once, by the first replay:
 * a replay mutates it (its finish, the inconsistencies it adds), and a later replay of the same log plays
 * afresh. Kept by the events list, weakly: a log that is never replayed (`kanshi events`, `export`)
 * lets its tables go with it.
 */
import type { GameEvent } from '../events/index.js';
import type { Table, TableOptions } from './table.js';

const PLAYED = new WeakMap<readonly GameEvent[], Table>();

/** A reader hands on the table it played `events` on (events 1 .. table.eventCount - 1 applied, in order). */
export function handOn(events: readonly GameEvent[], table: Table): void {
  PLAYED.set(events, table);
}

/**
 * The table a reader played these events on, if a new table made with `options` would be the same one;
 * null otherwise (the caller makes its own). Given once: it is the caller's from then on.
 */
export function playedTable(events: readonly GameEvent[], options: TableOptions): Table | null {
  const table = PLAYED.get(events);
  if (table === undefined) return null;
  PLAYED.delete(events);
  const start = events[0];
  return start?.type === 'roundStart' && table.madeAs(start, options) && table.eventCount <= events.length ? table : null;
}
