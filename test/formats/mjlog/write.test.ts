/**
 * The mjlog writer against Tenhou's own mjlog: what it writes of a game read from another format.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MJLOG } from '../../../src/formats/index.js';
import { parseLog } from '../../../src/ingest/index.js';
import { placeKandora, replayGame } from '../../../src/replay/index.js';
import { defaultRules } from '../../../src/rules/index.js';
import { corpusFile, PLATFORMS_DIR } from '../../support/corpus.js';

const yao9 = (text: string) => [...text.matchAll(/<RYUUKYOKU type="yao9"[^>]*>/g)].map((m) => m[0]);

/** A tag's shown hands as seat → kinds (tile ids differ between a tenhou.net/6 copy and the original; kinds do not). */
function shownKinds(tag: string): Record<string, number[]> {
  return Object.fromEntries([...tag.matchAll(/hai(\d)="([\d,]+)"/g)].map((m) => [m[1], m[2].split(',').map((id) => Number(id) >> 2)]));
}

describe('a nine-terminals abort written as mjlog', () => {
  it("shows the declarer's hand of a tenhou.net/6 copy as Tenhou's own mjlog of the same game does", () => {
    // mjx's tenhou.net/6 copy of a Tenhou game (no hand shown at the abort) and Tenhou's mjlog of it.
    const name = '2010112714gm-00a9-0000-d497e395';
    const copy = join(PLATFORMS_DIR, 'logs', `mjx_mjscore__${name}.json`);
    const game = parseLog(readFileSync(copy), { file: copy });
    // Its kandora placed first, as kanshi export does (mjlog times every kandora).
    const written = yao9(MJLOG.write(placeKandora(game, replayGame(game, defaultRules()))));
    const tenhou = yao9(readFileSync(corpusFile(`${name}.xml`), 'utf8'));
    expect(tenhou).toHaveLength(1);
    expect(written).toHaveLength(1);
    expect(shownKinds(written[0])).toEqual(shownKinds(tenhou[0]));
    expect(Object.keys(shownKinds(written[0]))).toEqual(['3']);
  });
});
