/**
 * Kandora placed in the event stream under the replay's timing: for a writer that times every reveal
 * (mjlog, mjai) given a log that does not (tenhou.net/6 JSON), or to write any log as a timing would have
 * revealed its kandora. The moments are the replay's (revealFollows), the indicators the log's (or the
 * wall's).
 */
import type { GameEvent, GameLog, RoundStartEvent } from '../events/index.js';
import { isRevealed, revealFollows } from './timing.js';
import type { HandReplay, ReplayResult } from './types.js';

/**
 * The game with each hand's kandora where the replay's timing reveals them: the hands whose indicators are
 * untimed, or every hand with `all`. A hand placed keeps its other events in order; its kandora events
 * follow the events the kans' moments name, in kan order (a table gives the oldest kan the next indicator).
 */
export function placeKandora(game: GameLog, replay: ReplayResult, options: { all?: boolean } = {}): GameLog {
  const byHand = new Map(replay.hands.map((h) => [h.hand - 1, h]));
  const rounds = game.hands.map((round, index) => {
    const start = round.events[0];
    if (start?.type !== 'roundStart' || (!options.all && start.untimedKandora === undefined)) return round;
    return { events: placed(round.events, start, byHand.get(index)) };
  });
  return { ...game, hands: rounds };
}

function placed(events: readonly GameEvent[], start: RoundStartEvent, hand: HandReplay | undefined): GameEvent[] {
  const after = new Map<number, number[]>();
  for (const k of hand?.kans ?? []) {
    if (!isRevealed(k.revealRule) || k.indicator === null) continue;
    const follows = revealFollows(k);
    if (follows === null) continue;
    const list = after.get(follows) ?? [];
    list.push(k.indicator);
    after.set(follows, list);
  }
  const { untimedKandora: _untimed, ...timedStart } = start;
  const out: GameEvent[] = [timedStart];
  for (let i = 1; i < events.length; i++) {
    if (events[i].type !== 'kandora') out.push(events[i]);
    for (const indicator of after.get(i) ?? []) out.push({ type: 'kandora', indicator });
  }
  return out;
}
