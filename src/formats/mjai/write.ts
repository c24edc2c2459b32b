/**
 * GameLog → mjai events (docs/formats.md §10): the dialect mjai-reviewer writes and Mortal reads, so the
 * output can be compared line by line with a real conversion.
 *
 * Kandora are written as `dora` events at the moment of their reveal: as the log has it (mjlog `DORA`,
 * mjai `dora`), or, for a round that does not time its reveals (tenhou.net/6 JSON's `untimedKandora`) and
 * for every round when a timing is asked for, where the replay under that timing turns them over.
 */
import type { CallEvent, GameEvent, GameLog, RyuukyokuEvent, WinEvent } from '../events/index.js';
import { MJAI_RYUKYOKU_REASONS, mjaiTileName } from '../ingest/index.js';
import { isRevealed, replayGame, type KanRecord, type ReplayResult, type RoundReplay } from '../replay/index.js';
import type { KandoraTiming } from '../rules/index.js';
import type { TileId } from '../tiles/index.js';

/** One mjai event, its fields in the order mjai-reviewer writes them. */
export interface MjaiEvent {
  type: string;
  [field: string]: unknown;
}

export interface MjaiExportOptions {
  /**
   * Place every round's kandora where this timing reveals them, instead of where the log has them. Rounds
   * that do not time their reveals are placed under it in any case (default `tenhou`).
   */
  kandoraTiming?: KandoraTiming;
  /** The game's replay under that timing, when the caller has one already. */
  replay?: ReplayResult;
}

/** Where the kandora of the rounds that need a rule come from, and whether every round needs it. */
interface Placement {
  all: boolean;
  rounds: Map<number, RoundReplay> | null;
}

function isReplay(x: ReplayResult | MjaiExportOptions): x is ReplayResult {
  return 'rounds' in x && 'inconsistencies' in x;
}

/** The game as mjai events. `how`: a replay of the game (its timing places untimed reveals) or options. */
export function toMjaiEvents(game: GameLog, how: ReplayResult | MjaiExportOptions = {}): MjaiEvent[] {
  const options: MjaiExportOptions = isReplay(how) ? { replay: how } : how;
  const placement = placementOf(game, options);
  const red = game.rule.redFives ? game.rule.redFiveSuits : 0;
  const tile = (id: TileId) => mjaiTileName(id, red);
  const names = game.players.map((p) => p.name);
  while (names.length < 4) names.push('');
  const out: MjaiEvent[] = [
    { type: 'start_game', names, kyoku_first: game.rule.length === 'tonpuu' ? 4 : 0, aka_flag: game.rule.redFives },
  ];
  let ended = false;
  game.rounds.forEach((round, index) => {
    const events = round.events;
    const start = events[0];
    if (start?.type !== 'roundStart') return;
    const byRule = placement.all || start.untimedKandora !== undefined;
    const reveals = byRule ? ruleReveals(placement.rounds?.get(index)) : null;
    // One ura list a round: a winner not in riichi is shown it too, as mjai-reviewer writes it.
    const roundUra = events.find((e): e is WinEvent => e.type === 'win' && e.uraIndicators.length > 0)?.uraIndicators ?? [];
    ended = false;
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      if (e.type === 'kandora' && byRule) continue;
      const m = mjaiEvent(e, tile, game.rule.playerCount, roundUra);
      if (m) out.push(m);
      if (e.type === 'win' || e.type === 'ryuukyoku') ended = true;
      for (const indicator of reveals?.get(i) ?? []) out.push({ type: 'dora', dora_marker: tile(indicator) });
    }
    if (ended) out.push({ type: 'end_kyoku' });
  });
  // A log that stops inside a hand is not a finished game.
  if (ended) out.push({ type: 'end_game' });
  return out;
}

/** The game as mjai JSON lines (no line breaks inside, none at the end of each). */
export function toMjai(game: GameLog, how: ReplayResult | MjaiExportOptions = {}): string[] {
  return toMjaiEvents(game, how).map((e) => JSON.stringify(e));
}

function placementOf(game: GameLog, options: MjaiExportOptions): Placement {
  const all = options.kandoraTiming !== undefined;
  const needed = all || game.rounds.some((r) => r.events[0]?.type === 'roundStart' && r.events[0].untimedKandora !== undefined);
  if (!needed) return { all, rounds: null };
  const timing = options.kandoraTiming ?? options.replay?.kandoraTiming ?? 'tenhou';
  if (options.replay && options.replay.kandoraTiming !== timing) {
    throw new Error(`toMjai: the replay given is under ${options.replay.kandoraTiming}, the timing asked for is ${timing}`);
  }
  const replay = options.replay ?? replayGame(game, { kandoraTiming: timing });
  return { all, rounds: new Map(replay.hands.map((r) => [r.hand - 1, r])) };
}

/**
 * The indicators a round's kans turn over under the replay's timing, by the index of the event they follow:
 * at the declaration, right after the kan; after the replacement draw, right after it (before the discard,
 * as mjlog and mjai-reviewer write it); at the next kan, right after that declaration; after the discard,
 * right after it. Kans revealing at one place are in kan order (a table gives the oldest kan the next one).
 */
function ruleReveals(round: RoundReplay | undefined): Map<number, TileId[]> {
  const at = new Map<number, TileId[]>();
  for (const k of round?.kans ?? []) {
    if (!isRevealed(k.revealRule) || k.indicator === null) continue;
    const after = revealFollows(k);
    if (after === null) continue;
    const list = at.get(after) ?? [];
    list.push(k.indicator);
    at.set(after, list);
  }
  return at;
}

function revealFollows(k: KanRecord): number | null {
  switch (k.revealRule) {
    case 'declaration':
      return k.eventIndex;
    case 'after-replacement':
      return k.replacement?.eventIndex ?? (k.discardEventIndex !== null ? k.discardEventIndex - 1 : null);
    case 'next-kan':
      return k.nextDeclarationEventIndex;
    case 'after-discard':
      return k.discardEventIndex;
    default:
      return null;
  }
}

function mjaiEvent(e: GameEvent, tile: (id: TileId) => string, players: 3 | 4, roundUra: readonly TileId[]): MjaiEvent | null {
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
        ura_markers: (e.uraIndicators.length > 0 ? e.uraIndicators : roundUra).map(tile),
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
