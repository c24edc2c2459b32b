/**
 * The shared corpus as the score tests read it: every hand of every log played on a Table once (cached
 * per test file), with the game's format, players and rule, its wins and its drawn hand.
 */
import { basename } from 'node:path';
import type { GameLog, GameEvent, RoundStartEvent, RyuukyokuEvent } from '../../src/events/index.js';
import { readLogFile } from '../../src/ingest/index.js';
import { resolveRules } from '../../src/rules/index.js';
import type { ScoreRules } from '../../src/score/index.js';
import { Table } from '../../src/table/index.js';
import { corpusFiles, PLATFORMS_DIR } from '../support/corpus.js';

export interface PlayedHand {
  /** The log's file name. */
  file: string;
  format: GameLog['format'];
  platform: GameLog['platform'];
  players: 3 | 4;
  rule: GameLog['rule'];
  /** 1-based, as docs/vocabulary.md counts hands. */
  hand: number;
  start: RoundStartEvent;
  events: GameEvent[];
  table: Table;
  /** The drawn hand's event, when the hand ended in one. */
  draw: RyuukyokuEvent | null;
}

/** Plays every hand of a game on a table, as src/replay does (no wall: the scorer needs none). */
export function playGame(file: string, game: GameLog): PlayedHand[] {
  const out: PlayedHand[] = [];
  const players = game.rule.playerCount;
  for (let i = 0; i < game.hands.length; i++) {
    const events = game.hands[i].events;
    const start = events[0];
    if (!start || start.type !== 'roundStart') continue;
    const table = new Table(start, { hand: i + 1, players, redFives: game.rule.redFives });
    let draw: RyuukyokuEvent | null = null;
    for (let e = 1; e < events.length; e++) {
      const ev = events[e];
      table.apply(ev, e);
      if (ev.type === 'ryuukyoku') draw = ev;
    }
    out.push({ file: basename(file), format: game.format, platform: game.platform, players, rule: game.rule, hand: i + 1, start, events, table, draw });
  }
  return out;
}

let corpusCache: PlayedHand[] | undefined;

/** Every hand of the shared corpus's logs (1,685 files), played once. */
export function corpusHands(): PlayedHand[] {
  if (corpusCache) return corpusCache;
  const hands: PlayedHand[] = [];
  for (const file of corpusFiles()) hands.push(...playGame(file, readLogFile(file)));
  corpusCache = hands;
  return hands;
}

/** The rules of a profile, with knob overrides: the scorer reads its scoring knobs and daiminkanPao. */
export function scoreRules(profile = 'tenhou', overrides: Record<string, unknown> = {}): ScoreRules {
  return resolveRules({ profile, overrides });
}

export { PLATFORMS_DIR };
