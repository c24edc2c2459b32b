/**
 * Real logs with one tag edited, each into something no table allows: the replay must say what and where,
 * at the round and event of the edit. Before the table model kanshi accepted each of them with no
 * inconsistency at all.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameLog } from '../../src/events/index.js';
import { IngestError, parseLog } from '../../src/ingest/index.js';
import { replayGame, type Inconsistency, type InconsistencyKind } from '../../src/replay/index.js';
import { Table } from '../../src/table/index.js';
import { encodeMeld, kindOf } from '../../src/tiles/index.js';
import { corpusFile } from '../support/corpus.js';
import { defaultRules } from '../../src/rules/index.js';

const xml = (file: string) => readFileSync(corpusFile(file), 'utf8');
const read = (text: string, file = 'mutated.xml'): GameLog => parseLog(Buffer.from(text), { file });
const inconsistencies = (game: GameLog): Inconsistency[] => replayGame(game, { ...defaultRules(), kandoraTiming: 'tenhou' }).inconsistencies;
const kinds = (xs: Inconsistency[]): InconsistencyKind[] => xs.map((x) => x.kind);

/** The tags of an mjlog as [start, end) offsets with their text. */
function tags(text: string): { text: string; start: number; end: number }[] {
  return [...text.matchAll(/<[A-Z][^>]*\/>/g)].map((m) => ({ text: m[0], start: m.index!, end: m.index! + m[0].length }));
}

function edit(text: string, at: { start: number; end: number }, replacement: string): string {
  return text.slice(0, at.start) + replacement + text.slice(at.end);
}

/** Where an event of a kind sits: its hand (1-based) and event index in the parsed game. */
function locate(game: GameLog, pick: (e: GameLog['hands'][number]['events'][number]) => boolean, nth = 0): { hand: number; eventIndex: number } {
  let seen = 0;
  for (let round = 0; round < game.hands.length; round++) {
    const events = game.hands[round].events;
    for (let eventIndex = 0; eventIndex < events.length; eventIndex++) if (pick(events[eventIndex]) && seen++ === nth) return { hand: round + 1, eventIndex };
  }
  throw new Error('no such event');
}

const CLEAN = '2010091009gm-00a9-0000-83af2648.xml';
const THREE_PLAYER_KITA = '2020010113gm-00b9-0000-d272b7a0.xml';

describe('the clean logs the mutations start from', () => {
  it.each([CLEAN, THREE_PLAYER_KITA])('%s replays with no inconsistency', (file) => {
    expect(inconsistencies(read(xml(file)))).toEqual([]);
  });
});

describe('one-tag mutations of real logs', () => {
  it('the same AGARI recorded twice: win-repeated at the copy', () => {
    const text = xml(CLEAN);
    const agari = tags(text).find((t) => t.text.startsWith('<AGARI') && !t.text.includes('owari'))!;
    const game = read(edit(text, agari, agari.text + agari.text));
    const found = inconsistencies(game);
    expect(kinds(found)).toEqual(['win-repeated']);
    const first = locate(game, (e) => e.type === 'win');
    expect(found[0]).toMatchObject({ hand: first.hand, eventIndex: first.eventIndex + 1 });
    expect(found[0].message).toMatch(/has already won this hand/);
  });

  it('a round that is not the last with no ending: hand-without-ending at its last event', () => {
    const text = xml(CLEAN);
    const ending = tags(text).find((t) => t.text.startsWith('<AGARI') || t.text.startsWith('<RYUUKYOKU'))!;
    const game = read(edit(text, ending, ''));
    const found = inconsistencies(game);
    expect(kinds(found)).toEqual(['hand-without-ending']);
    expect(found[0]).toMatchObject({ hand: 1, eventIndex: game.hands[0].events.length - 1 });
  });

  it('an exhaustive draw with live tiles still in the wall: exhaustive-draw-early', () => {
    const text = xml(CLEAN);
    const agari = tags(text).find((t) => t.text.startsWith('<AGARI') && !t.text.includes('owari'))!;
    const sc = /sc="([^"]*)"/.exec(agari.text)![1];
    const game = read(edit(text, agari, `<RYUUKYOKU ba="0,0" sc="${sc}" />`));
    const found = inconsistencies(game);
    expect(kinds(found)).toEqual(['exhaustive-draw-early']);
    const at = locate(game, (e) => e.type === 'ryuukyoku');
    expect(found[0]).toMatchObject(at);
    expect(found[0].message).toMatch(/\d+ live tiles still in the wall/);
  });

  it('a kita whose tile is not a North: kita-not-north at the kita', () => {
    const text = xml(THREE_PLAYER_KITA);
    const clean = read(text);
    const at = locate(clean, (e) => e.type === 'call' && e.meld === 'kita');
    // A tile the seat holds at that moment that is not a North.
    const events = clean.hands[at.hand - 1].events;
    const table = new Table(events[0] as never, { hand: at.hand, players: 3 });
    for (let i = 1; i < at.eventIndex; i++) table.apply(events[i], i);
    const kita = events[at.eventIndex] as { seat: number };
    const other = table.seats[kita.seat].concealed.find((t) => kindOf(t) !== 30)!;
    const tag = tags(text).filter((t) => t.text.startsWith('<N '))[countCallsBefore(clean, at)];
    const mutated = tag.text.replace(/m="\d+"/, `m="${encodeMeld({ type: 'kita', tiles: [other], called: other, fromOffset: 0 })}"`);
    const found = inconsistencies(read(edit(text, tag, mutated)));
    expect(found.find((x) => x.kind === 'kita-not-north')).toMatchObject({ ...at, seat: kita.seat });
  });

  it("a RYUUKYOKU shown hand listing tiles that seat never held: shown-hand-mismatch", () => {
    const text = xml(CLEAN);
    const ryuukyoku = tags(text).find((t) => /<RYUUKYOKU[^>]* hai\d="/.test(t.text))!;
    const [, seat, list] = / hai(\d)="([^"]*)"/.exec(ryuukyoku.text)!;
    const ids = list.split(',').map(Number);
    const stranger = [...Array(136).keys()].find((t) => !ids.includes(t) && !text.includes(`"${t},`) && kindOf(t) !== kindOf(ids[0]))!;
    const game = read(edit(text, ryuukyoku, ryuukyoku.text.replace(` hai${seat}="${list}"`, ` hai${seat}="${[stranger, ...ids.slice(1)].join(',')}"`)));
    const found = inconsistencies(game);
    expect(kinds(found)).toEqual(['shown-hand-mismatch']);
    expect(found[0]).toMatchObject({ ...locate(game, (e) => e.type === 'ryuukyoku' && e.shown.length > 0), seat: Number(seat) });
  });

  it('a tenhou.net/6 hand result 和了 with no winner detail: an ingest error at that result', () => {
    const doc = JSON.parse(readFileSync(corpusFile('2019021004gm-00a9-0000-e2f6516d.json'), 'utf8'));
    const round = doc.log.findIndex((k: unknown[]) => (k[16] as unknown[])[0] === '和了');
    doc.log[round][16] = doc.log[round][16].slice(0, 2);
    let error: unknown;
    try {
      parseLog(Buffer.from(JSON.stringify(doc)), { file: 'mutated.json' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).position).toBe(`log[${round}][16]`);
    expect((error as IngestError).reason).toMatch(/和了 has 1 entries after it, expected pairs of score changes and win details/);
  });

  it('REACH step 2 without step 1: riichi-not-declared at the acceptance', () => {
    const text = xml(CLEAN);
    const declare = tags(text).find((t) => t.text.startsWith('<REACH') && t.text.includes('step="1"'))!;
    const game = read(edit(text, declare, ''));
    const found = inconsistencies(game);
    expect(kinds(found)).toEqual(['riichi-not-declared']);
    expect(found[0]).toMatchObject(locate(game, (e) => e.type === 'riichi' && e.step === 'accepted'));
    expect(found[0].message).toMatch(/never declared it/);
  });
});

/** How many N tags come before the event (the mutated tag is found by its place among them). */
function countCallsBefore(game: GameLog, at: { hand: number; eventIndex: number }): number {
  let n = 0;
  for (let r = 0; r < at.hand; r++) {
    const events = game.hands[r].events;
    const end = r === at.hand - 1 ? at.eventIndex : events.length;
    for (let i = 0; i < end; i++) if (events[i].type === 'call') n++;
  }
  return n;
}
