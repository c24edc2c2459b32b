/**
 * src/table: one model of a hand at the table, shared by the replay, tenhou.net/6 JSON ingest and the
 * scenario builder. The only door of this folder.
 *
 *   new Table(roundStart, { round, players, wall?, layout? })   the hand as dealt
 *   table.apply(event, index)    one event: checks what the table requires, then changes it; a broken
 *                                requirement becomes an Inconsistency at that event, never an exception
 *   table.finish()               the ending (`none` for a log that stops mid-hand)
 *
 * State, read-only from outside: `seats` (concealed tiles, melds, kita, river, riichi, the tile just
 * drawn), `actor` and `phase` (whose move, and which: draw, replacement, act), `offer` (the tile another
 * player could ron on), the wall cursor (`liveDraws`, `replacements`, `liveLeft()`, `nextLiveIndex()`,
 * `nextReplacementIndex()`, positions from src/wall), `kans` (each as the table saw it: replacement,
 * logged reveal, next declaration, next discard and what followed), `indicators`, `wins`, `ending`,
 * and what the log got wrong: `inconsistencies`, `wallMismatches` (with a rebuilt wall), `wallChecked`.
 *
 * A reader that plays a hand to read it hands its table on (`handOn`), and the replay goes on with it
 * (`playedTable`): each hand is played once (played.ts).
 *
 * Beside it, the scores of a hand (scores.ts): a riichi deposit, an ending's changes, the scores a hand
 * leaves and a win's value from its change, with what a stick and a honba are worth given by the caller.
 */
export { Table, type TableOptions } from './table.js';
export { handOn, playedTable } from './played.js';
export { afterChanges, afterDeposit, pointsFromDeltas, scoresLeft, type StickValues } from './scores.js';
export type * from './types.js';
