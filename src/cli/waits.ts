import type { Command } from 'commander';
import { HandError, readingToString, readings, shapeWaits, toCounts, waits, WAITING_SIZES } from '../hand/index.js';
import { NotationError, kindToString, kindsToString, parseKinds, type TileKind } from '../tiles/index.js';
import { CliError, out } from './common.js';

/** Reads tile notation into kinds; notation and hand errors become usage errors (exit 2). */
export function parseKindsOption(name: string, text: string): TileKind[] {
  try {
    return parseKinds(text);
  } catch (err) {
    if (err instanceof NotationError) throw new CliError(`${name}: ${err.message}`);
    throw err;
  }
}

/** One tile, e.g. `3p` (or `0p`, a red five, read as a five). */
export function parseTileOption(name: string, text: string): TileKind {
  const kinds = parseKindsOption(name, text);
  if (kinds.length !== 1) throw new CliError(`${name} must be one tile such as 3p, got "${text}" (${kinds.length} tiles)`);
  return kinds[0];
}

/** Counts a waiting hand (13, 10, 7, 4 or 1 tiles), with a clear error for anything else. */
export function parseWaitingHand(name: string, text: string, threePlayer: boolean): { kinds: TileKind[]; counts: number[] } {
  const kinds = parseKindsOption(name, text);
  if (!WAITING_SIZES.includes(kinds.length)) {
    throw new CliError(`${name} must have 13 tiles (or 10, 7, 4 or 1 after 1-4 melds), got ${kinds.length}: "${text}"`);
  }
  return { kinds, counts: handCounts(name, kinds, threePlayer) };
}

export function handCounts(name: string, kinds: readonly TileKind[], threePlayer: boolean): number[] {
  try {
    return toCounts(kinds, { threePlayer });
  } catch (err) {
    if (err instanceof HandError) throw new CliError(`${name}: ${err.message}`);
    throw err;
  }
}

interface WaitsOptions {
  json: boolean;
  threePlayer: boolean;
}

export function registerWaitsCommand(program: Command): void {
  program
    .command('waits')
    .description('print the waits of a concealed hand, with the readings of each winning hand')
    .argument('<hand>', 'concealed tiles: 13, or 10/7/4/1 after melds (e.g. 3335666p111456s; 0m/0p/0s are red fives)')
    .option('--json', 'print JSON: hand, tenpai, waits, readings per wait, heldFour', false)
    .option('--three-player', '3-player tile set: reject 2m..8m', false)
    .addHelpText(
      'after',
      `
A kind the hand holds all four of is never a wait (no fifth copy exists; Tenhou calls a hand waiting
only on such a kind noten). It is listed apart, as "heldFour". Exit status: 0 when the hand was read
(tenpai or not), 2 on bad input.

Example:
  $ kanshi waits 3335666p111456s
  3335666p111456s: waits 4p 5p 7p
    4p: 33p 345p 666p 111s 456s | 333p 456p 66p 111s 456s
    5p: 333p 55p 666p 111s 456s
    7p: 333p 567p 66p 111s 456s

  $ kanshi waits --json 1111m234p567s789s
  {"hand":"1111m234p567789s","tiles":13,"melds":0,"tenpai":false,"waits":[],"readings":{},"heldFour":["1m"]}`,
    )
    .action((hand: string, options: WaitsOptions) => {
      const { kinds, counts } = parseWaitingHand('HAND', hand, options.threePlayer);
      printWaits(kinds, counts, options.json);
    });
}

function printWaits(kinds: readonly TileKind[], counts: number[], json: boolean): void {
  const found = waits(counts);
  const heldFour = shapeWaits(counts).filter((k) => !found.includes(k));
  const byWait = found.map((w) => {
    counts[w]++;
    const r = readings(counts).map(readingToString);
    counts[w]--;
    return { wait: kindToString(w), readings: r };
  });
  const hand = kindsToString(kinds);
  if (json) {
    out(
      JSON.stringify({
        hand,
        tiles: kinds.length,
        melds: (13 - kinds.length) / 3,
        tenpai: found.length > 0,
        waits: found.map(kindToString),
        readings: Object.fromEntries(byWait.map((b) => [b.wait, b.readings])),
        heldFour: heldFour.map(kindToString),
      }),
    );
    return;
  }
  out(found.length > 0 ? `${hand}: waits ${found.map(kindToString).join(' ')}` : `${hand}: not tenpai`);
  for (const b of byWait) out(`  ${b.wait}: ${b.readings.join(' | ')}`);
  if (heldFour.length > 0) {
    const names = heldFour.map(kindToString).join(' ');
    out(`  (the shape also waits on ${names}, but the hand holds all four: not a wait)`);
  }
}
