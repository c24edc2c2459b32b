/**
 * GameLog → mjai events (docs/formats.md §10): the dialect mjai-reviewer writes and Mortal reads, so the
 * output can be compared line by line with a real conversion.
 *
 * Kandora are written as `dora` events where the game's events have them. A hand whose indicators are
 * untimed (tenhou.net/6 JSON) must have them placed first, under a timing (src/replay `placeKandora`):
 * mjai times every reveal, and this writer invents no moment.
 */
import type { CallEvent, GameEvent, GameLog, RyuukyokuEvent, WinEvent } from '../../events/index.js';
import type { TileId } from '../../tiles/index.js';
import { UntimedKandoraError } from '../core/untimed.js';
import { MJAI_RYUKYOKU_REASONS, mjaiTileName } from './names.js';

/** One mjai event, its fields in the order mjai-reviewer writes them. */
export interface MjaiEvent {
  type: string;
  [field: string]: unknown;
}

/** The game as mjai events. */
export function toMjaiEvents(game: GameLog): MjaiEvent[] {
  const red = game.rule.redFives ? game.rule.redFiveSuits : 0;
  const tile = (id: TileId) => mjaiTileName(id, red);
  const names = game.players.map((p) => p.name);
  while (names.length < 4) names.push('');
  const out: MjaiEvent[] = [
    { type: 'start_game', names, kyoku_first: game.rule.length === 'tonpuu' ? 4 : 0, aka_flag: game.rule.redFives },
  ];
  let ended = false;
  game.hands.forEach((round, index) => {
    const events = round.events;
    const start = events[0];
    if (start?.type !== 'roundStart') return;
    if (start.untimedKandora !== undefined && start.untimedKandora.length > 0) throw new UntimedKandoraError('mjai', index + 1);
    // One ura list a hand: a winner not in riichi is shown it too, as mjai-reviewer writes it.
    const handUra = events.find((e): e is WinEvent => e.type === 'win' && e.uraIndicators.length > 0)?.uraIndicators ?? [];
    ended = false;
    for (const e of events) {
      const m = mjaiEvent(e, tile, game.rule.playerCount, handUra);
      if (m) out.push(m);
      if (e.type === 'win' || e.type === 'ryuukyoku') ended = true;
    }
    if (ended) out.push({ type: 'end_kyoku' });
  });
  // A log that stops inside a hand is not a finished game.
  if (ended) out.push({ type: 'end_game' });
  return out;
}

/** The game as mjai JSON lines, one event a line. */
export function writeMjai(game: GameLog): string {
  return toMjaiEvents(game).map((e) => JSON.stringify(e) + '\n').join('');
}

function mjaiEvent(e: GameEvent, tile: (id: TileId) => string, players: 3 | 4, handUra: readonly TileId[]): MjaiEvent | null {
  switch (e.type) {
    case 'roundStart': {
      const hands = e.hands.slice(0, 4).map((h, seat) => (seat < players ? h.map(tile) : Array<string>(13).fill('?')));
      return {
        type: 'start_kyoku',
        bakaze: ['E', 'S', 'W', 'N'][Math.floor(e.kyoku / 4) % 4],
        dora_marker: tile(e.doraIndicator),
        kyoku: (e.kyoku % 4) + 1,
        honba: e.honba,
        kyotaku: e.riichiStickCount,
        oya: e.dealer,
        scores: four(e.scores),
        tehais: hands,
      };
    }
    case 'draw':
      return { type: 'tsumo', actor: e.seat, pai: tile(e.tile) };
    case 'discard':
      return { type: 'dahai', actor: e.seat, pai: tile(e.tile), tsumogiri: e.tsumogiri };
    case 'call':
      return callEvent(e, tile);
    case 'kandora':
      return { type: 'dora', dora_marker: tile(e.indicator) };
    case 'riichi':
      return { type: e.step === 'declare' ? 'reach' : 'reach_accepted', actor: e.seat };
    case 'win':
      return {
        type: 'hora',
        actor: e.seat,
        target: e.from,
        deltas: four(e.scoreDeltas),
        // A win whose log recorded no ura keeps none: an empty list would claim there were none.
        ...(e.uraUnrecorded ? {} : { ura_markers: (e.uraIndicators.length > 0 ? e.uraIndicators : handUra).map(tile) }),
      };
    case 'ryuukyoku':
      return ryukyokuEvent(e);
    case 'disconnect':
    case 'reconnect':
      // mjai has no event for a player's connection.
      return null;
  }
}

function callEvent(e: CallEvent, tile: (id: TileId) => string): MjaiEvent {
  const without = (t: TileId) => {
    const rest = [...e.tiles];
    const i = rest.indexOf(t);
    if (i >= 0) rest.splice(i, 1);
    return rest.map(tile);
  };
  switch (e.meld) {
    case 'chi':
    case 'pon':
    case 'daiminkan':
      return { type: e.meld, actor: e.seat, target: e.from, pai: tile(e.called), consumed: without(e.called) };
    case 'kakan': {
      const added = e.added ?? e.tiles[0];
      return { type: 'kakan', actor: e.seat, pai: tile(added), consumed: without(added) };
    }
    case 'ankan':
      return { type: 'ankan', actor: e.seat, consumed: e.tiles.map(tile) };
    case 'kita':
      return { type: 'nukidora', actor: e.seat, pai: tile(e.tiles[0]) };
  }
}

/** A drawn hand: its deltas, and its kind (gimite's names), which mjai-reviewer's output does not keep. */
function ryukyokuEvent(e: RyuukyokuEvent): MjaiEvent {
  return { type: 'ryukyoku', reason: MJAI_RYUKYOKU_REASONS[e.reason], deltas: four(e.scoreDeltas) };
}

function four(values: readonly number[]): number[] {
  return [0, 1, 2, 3].map((i) => values[i] ?? 0);
}
