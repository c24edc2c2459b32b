import { describe, expect, it } from 'vitest';
import { readLogFile } from '../../src/ingest/index.js';
import type { GameEvent, GameLog } from '../../src/events/index.js';
import { isRevealed, replayGame } from '../../src/replay/index.js';
import { kindOf } from '../../src/tiles/index.js';
import { corpusFile, manifest } from '../support/corpus.js';
import { defaultRules } from '../../src/rules/index.js';

/** Tiles compared by kind and red-ness: JSON names no copy, so ids of the same kind may differ. */
const tile = (id: number | undefined) => (id === undefined ? '' : `${kindOf(id)}${id === 16 || id === 52 || id === 88 ? 'r' : ''}`);

function perPlayer(game: GameLog): string[][] {
  const seats: string[][] = [[], [], [], []];
  game.hands.forEach((round, r) => {
    for (const e of round.events) {
      if (e.type === 'draw') seats[e.seat].push(`${r} draw ${tile(e.tile)}`);
      if (e.type === 'discard') seats[e.seat].push(`${r} discard ${tile(e.tile)}${e.tsumogiri ? ' tsumogiri' : ''}`);
      if (e.type === 'call') seats[e.seat].push(`${r} ${e.meld} ${e.tiles.map(tile)} called ${tile(e.called)} from ${e.from}`);
    }
  });
  return seats;
}

/** The whole order of play, riichi and results included (JSON does not time its kandora reveals: see below). */
function order(game: GameLog): string[] {
  const line = (e: GameEvent): string | null => {
    switch (e.type) {
      case 'draw':
      case 'discard':
        return `${e.type} ${e.seat} ${tile(e.tile)}`;
      case 'call':
        return `${e.meld} ${e.seat}`;
      case 'riichi':
        return `riichi ${e.seat} ${e.step} ${e.scores ?? ''}`;
      case 'win':
        return `win ${e.seat} ${e.from} ${tile(e.winningTile)} ${e.doraIndicators.map(tile)} ${e.uraIndicators.map(tile)} ${e.scoreDeltas}`;
      case 'ryuukyoku':
        return `ryuukyoku ${e.reason} ${e.scoreDeltas}`;
      default:
        return null;
    }
  };
  return game.hands.flatMap((r) => r.events.map(line).filter((l): l is string => l !== null));
}

/** Each kan's indicator and its moment: as the mjlog logs it, and as the replay places JSON's under Tenhou's timing. */
function kandora(game: GameLog, moment: 'revealLogged' | 'revealRule'): string[] {
  return replayGame(game, { ...defaultRules(), kandoraTiming: 'tenhou' }).hands.flatMap((r) =>
    r.kans.map((k) => `${r.hand} ${k.kind} ${isRevealed(k[moment]) ? tile(k.indicator ?? undefined) : '-'} ${k[moment]}`),
  );
}

// The corpus holds seven games as both mjlog XML and tenhou.net/6 JSON (same log id).
const pairs = (() => {
  const byId = new Map<string, Set<string>>();
  for (const row of manifest()) {
    const id = /^(\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8})\.(xml|json|mjlog)$/.exec(row.file)?.[1];
    if (id) byId.set(id, (byId.get(id) ?? new Set()).add(row.file));
  }
  return [...byId].filter(([, files]) => [...files].some((f) => f.endsWith('.json')) && files.size > 1).map(([id, files]) => ({
    id,
    xml: [...files].find((f) => !f.endsWith('.json'))!,
    json: [...files].find((f) => f.endsWith('.json'))!,
  }));
})();

describe('the same game from XML and from tenhou.net/6 JSON', () => {
  it('finds the pairs in the corpus', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(7);
  });

  it.each(pairs)('$id: same draws, discards and calls for every player', ({ xml, json }) => {
    const a = readLogFile(corpusFile(xml));
    const b = readLogFile(corpusFile(json));
    expect(b.hands.length).toBe(a.hands.length);
    expect(perPlayer(b)).toEqual(perPlayer(a));
  });

  it.each(pairs)('$id: same order of play, riichi and results', ({ xml, json }) => {
    expect(order(readLogFile(corpusFile(json)))).toEqual(order(readLogFile(corpusFile(xml))));
  });

  it.each(pairs)("$id: JSON's untimed kandora, placed under Tenhou's timing, are where the mjlog logs them", ({ xml, json }) => {
    const fromJson = readLogFile(corpusFile(json));
    expect(fromJson.hands.every((r) => r.events.every((e) => e.type !== 'kandora'))).toBe(true);
    expect(kandora(fromJson, 'revealRule')).toEqual(kandora(readLogFile(corpusFile(xml)), 'revealLogged'));
  });
});
