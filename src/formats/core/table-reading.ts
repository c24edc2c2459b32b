/**
 * What every reader that plays its log on a Table (tenhou.net/6, mjai) does the same way: tile ids given
 * as tiles appear (src/tiles' allocator; the refusals worded here), the held id of a tile played, the
 * winner's tile and hand at a win, and the riichi sticks deposited. The table (src/table) knows whose
 * move it is and what each seat holds; these small functions read it. Each reader words its own errors.
 */
import type { GameEvent, LoggedHand, ReadWarning, Seat } from '../../events/index.js';
import type { Table } from '../../table/index.js';
import { isRedFive, kindOf, TileAllocator, type TileId, type TileKind } from '../../tiles/index.js';
import { IngestError } from './errors.js';

/** How a format names a tile in its messages: tenhou.net/6 `tile code 15`, `red five 51`; mjai `5m`, `5mr`. */
export type TileNamer = (kind: TileKind, red: boolean) => string;

/**
 * A fresh id for a tile a log shows (dealt, drawn, turned over), from src/tiles' allocator, which gives
 * ids in the order tiles appear; a tile the allocator has none for is an IngestError at `position`.
 */
export function takeLogTile(alloc: TileAllocator, kind: TileKind, red: boolean, name: TileNamer, position: string): TileId {
  let id = alloc.take(kind, red);
  // Hand-made exports sometimes write a red game's four fives all as plain fives: the fourth is copy 0.
  if (id < 0 && !red && alloc.hasRedFive(kind)) id = alloc.take(kind, true);
  if (id >= 0) return id;
  if (red) {
    throw new IngestError(alloc.hasRedFive(kind) ? `${name(kind, true)} appears twice in one hand` : `${name(kind, true)} in a game without a red five in that suit`, position);
  }
  throw new IngestError(`more than ${alloc.hasRedFive(kind) ? 3 : 4} copies of ${name(kind, false)} in one hand`, position);
}

/** An allocator that knows every id the events so far have given out (dealt, indicated, drawn). */
export function allocatorAfter(events: readonly GameEvent[], redFiveSuits: number): TileAllocator {
  const alloc = new TileAllocator(redFiveSuits);
  for (const e of events) {
    if (e.type === 'roundStart') {
      for (const hand of e.hands) for (const t of hand) alloc.mark(t);
      alloc.mark(e.doraIndicator);
      for (const t of e.untimedKandora ?? []) alloc.mark(t);
    } else if (e.type === 'draw' || e.type === 'kandora') {
      alloc.mark(e.type === 'draw' ? e.tile : e.indicator);
    }
  }
  return alloc;
}

/**
 * The held id of a tile a seat plays: the first copy of that kind and redness that is not `avoid` (a
 * discard names the tile just drawn only when it says so), else `avoid` itself; -1 when none is held.
 */
export function heldId(hand: readonly TileId[], kind: TileKind, red: boolean, redFiveSuits: number, avoid: TileId | null = null): TileId {
  let found = -1;
  for (let i = 0; i < hand.length; i++) {
    const t = hand[i];
    if (kindOf(t) !== kind || isRedFive(t, redFiveSuits) !== red) continue;
    found = t;
    if (t !== avoid) break;
  }
  return found;
}

/** Distinct held ids for several tiles (a call's own tiles), or the index of the first one not held. */
export function heldIds(hand: readonly TileId[], tiles: readonly { kind: TileKind; red: boolean }[], redFiveSuits: number): TileId[] | { missing: number } {
  const rest = [...hand];
  const ids: TileId[] = [];
  for (let i = 0; i < tiles.length; i++) {
    const id = heldId(rest, tiles[i].kind, tiles[i].red, redFiveSuits);
    if (id < 0) return { missing: i };
    rest.splice(rest.indexOf(id), 1);
    ids.push(id);
  }
  return ids;
}

/**
 * The winner's tile and concealed hand (the winning tile included) from the table: a tsumo wins on the
 * tile just drawn; a ron on the tile on offer (`pick` chooses among an ankan's four, robbed by kokushi).
 * A string says what the table lacks: `no-draw` (a tsumo without a tile just drawn) or `no-offer`. Whether
 * the tile on offer is the discarder's is the table's to check (a win-tile inconsistency), not the reader's.
 */
export function winnerHand(
  table: Table,
  seat: Seat,
  from: Seat,
  pick: ((tiles: readonly TileId[]) => TileId | undefined) | null = null,
): { winningTile: TileId; hand: TileId[] } | 'no-draw' | 'no-offer' {
  const s = table.seats[seat];
  if (from === seat) {
    if (s.drawn === null) return 'no-draw';
    return { winningTile: s.drawn, hand: [...s.concealed] };
  }
  const o = table.offer;
  if (o.kind === 'none') return 'no-offer';
  const winningTile = o.kind === 'ankan' && o.kan && pick ? (pick(o.kan.tiles) ?? o.tile) : o.tile;
  return { winningTile, hand: [...s.concealed, winningTile] };
}

/** Riichi sticks deposited among the events (riichi accepted). */
export function acceptedRiichiCount(events: readonly GameEvent[]): number {
  let n = 0;
  for (const e of events) if (e.type === 'riichi' && e.step === 'accepted') n++;
  return n;
}

/** A warning for each yaku a reader could not name (id -1), located at its win: the game is read all the same. */
export function unknownYakuWarnings(hands: readonly LoggedHand[]): ReadWarning[] {
  const out: ReadWarning[] = [];
  hands.forEach((h, index) => {
    h.events.forEach((e, eventIndex) => {
      if (e.type !== 'win') return;
      for (const y of e.yaku) {
        if (y.id >= 0) continue;
        out.push({ kind: 'unknown-yaku', hand: index + 1, eventIndex, message: `seat ${e.seat}'s win names a yaku "${y.name ?? '?'}" (${y.han} han) that the format does not define` });
      }
    });
  });
  return out;
}

/** The warnings when there are any, else undefined: a game read cleanly has no warnings. */
export function warningsIfAny(warnings: ReadWarning[]): ReadWarning[] | undefined {
  return warnings.length > 0 ? warnings : undefined;
}
