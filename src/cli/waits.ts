import { Option, type Command } from 'commander';
import {
  HandError,
  checkWaitingHandWithMelds,
  copiesLeft,
  meldKinds,
  meldToString,
  readingToString,
  readings,
  shapeWaits,
  toCounts,
  waitingSize,
  waits,
  WAITING_SIZES,
  type HandMeld,
  type HandMeldType,
} from '../hand/index.js';
import {
  NotationError,
  RED_FIVES_PER_SUIT,
  kindToString,
  kindsToString,
  parseTiles,
  redFivesWritten,
  tooManyRedFives,
  type NotatedTile,
  type TileKind,
} from '../tiles/index.js';
import { CliError, EXIT, out, outJson } from './common.js';
import { addCommandHelp } from './help.js';

const RED_SUITS = ['m', 'p', 's'] as const;

/**
 * The red fives written across the notations of one hand (the hand, its melds, the drawn tile). A set has
 * one per suit, so `0000m` is refused rather than read as four fives, and so is `0m` in the hand and again
 * in a meld or as the draw. `primary` (the hand's own argument) is named first.
 */
export class RedFives {
  private readonly where: Record<(typeof RED_SUITS)[number], string[]> = { m: [], p: [], s: [] };

  constructor(private readonly primary?: string) {}

  /** Records one notation's red fives; one that alone writes too many is refused at once, naming it. */
  add(name: string, tiles: readonly NotatedTile[]): void {
    const red = redFivesWritten(tiles);
    for (const suit of RED_SUITS) {
      if (red[suit] > RED_FIVES_PER_SUIT) throw new CliError(tooManyRedFives(name, suit, red[suit]));
      for (let i = 0; i < red[suit]; i++) this.where[suit].push(name);
    }
  }

  /** Refuses more red fives of a suit across the notations recorded than a set has: `HAND with --pon has 2 red 5m (0m), …`. */
  check(): void {
    for (const suit of RED_SUITS) {
      const names = this.where[suit];
      if (names.length <= RED_FIVES_PER_SUIT) continue;
      const distinct = [...new Set(names)].sort((a, b) => Number(b === this.primary) - Number(a === this.primary));
      const what = distinct.length === 1 ? distinct[0] : `${distinct[0]} with ${distinct.slice(1).join(' and ')}`;
      throw new CliError(tooManyRedFives(what, suit, names.length));
    }
  }
}

/**
 * Reads tile notation into kinds (red fives as fives); notation errors become usage errors (exit 2), and so
 * do more red fives of a suit than a set has, in this notation alone or, with `reds`, across the hand's.
 */
export function parseKindsOption(name: string, text: string, reds: RedFives = new RedFives()): TileKind[] {
  let tiles: NotatedTile[];
  try {
    tiles = parseTiles(text);
  } catch (err) {
    if (err instanceof NotationError) throw new CliError(`${name}: ${err.message}`);
    throw err;
  }
  reds.add(name, tiles);
  return tiles.map((t) => t.kind);
}

/** One tile, e.g. `3p` (or `0p`, a red five, read as a five). */
export function parseTileOption(name: string, text: string, reds?: RedFives): TileKind {
  const kinds = parseKindsOption(name, text, reds);
  if (kinds.length !== 1) throw new CliError(`${name} must be one tile such as 3p, got "${text}" (${kinds.length} tiles)`);
  return kinds[0];
}

/**
 * Counts a waiting hand (13, 10, 7, 4 or 1 tiles), with a clear error for anything else; with `melds`
 * (the number of melds given), the hand must have 13 - 3 x melds tiles.
 */
export function parseWaitingHand(
  name: string,
  text: string,
  threePlayer: boolean,
  melds?: number,
  reds?: RedFives,
): { kinds: TileKind[]; counts: number[] } {
  const kinds = parseKindsOption(name, text, reds);
  if (melds !== undefined && melds <= 4 && kinds.length !== waitingSize(melds)) {
    const made = melds === 1 ? '1 meld leaves' : `${melds} melds leave`;
    throw new CliError(`${made} ${waitingSize(melds)} concealed tiles, but ${name} has ${kinds.length}: "${text}"`);
  }
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

export const MELD_OPTIONS_HEADING = 'Melds the hand has made (repeat a flag, or list melds with commas):';

/** The meld flags, in the order they are listed and read. */
const MELD_FLAGS: { type: HandMeldType; flag: string; help: string }[] = [
  { type: 'chi', flag: '--chi <run>', help: 'a chi, by its three tiles: 345p' },
  { type: 'pon', flag: '--pon <tile>', help: 'a pon, by its tile: 7z (or 777z)' },
  { type: 'daiminkan', flag: '--daiminkan <tile>', help: 'an open kan of a discard: 9s (or 9999s)' },
  { type: 'kakan', flag: '--kakan <tile>', help: 'a pon made a kan: 1z (or 1111z)' },
  { type: 'ankan', flag: '--ankan <tile>', help: 'a closed kan: 2m (or 2222m)' },
];

/** Collects every use of a repeatable flag (a fresh array each time: commander keeps defaults between runs). */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Adds `--chi`, `--pon`, `--daiminkan`, `--kakan` and `--ankan` (repeatable, comma lists) to `command`. */
export function addMeldOptions(command: Command, heading = MELD_OPTIONS_HEADING): Command {
  for (const m of MELD_FLAGS) {
    command.addOption(new Option(m.flag, m.help).argParser(collect).helpGroup(heading));
  }
  return command;
}

/** The melds the meld flags give, by type in the order of MELD_FLAGS; null when none was given. */
export function meldsFromOptions(options: Record<string, unknown>, reds?: RedFives): HandMeld[] | null {
  const melds: HandMeld[] = [];
  let given = false;
  for (const { type } of MELD_FLAGS) {
    const values = options[type] as string[] | undefined;
    if (values === undefined) continue;
    given = true;
    for (const item of values.flatMap((v) => v.split(','))) melds.push(parseMeld(type, item.trim(), reds));
  }
  return given ? melds : null;
}

/** One meld: `345p` for a chi; one tile (`7z`) or the meld's own tiles (`777z`) for a pon or a kan. */
export function parseMeld(type: HandMeldType, text: string, reds?: RedFives): HandMeld {
  const flag = `--${type}`;
  const kinds = parseKindsOption(flag, text, reds).sort((a, b) => a - b);
  if (type === 'chi') {
    const run = kinds.length === 3 && kinds[0] < 27 && kinds[0] % 9 <= 6 && kinds[1] === kinds[0] + 1 && kinds[2] === kinds[0] + 2;
    if (!run) throw new CliError(`${flag} must be three numbered tiles in a run, such as 345p; got "${text}"`);
    return { type, first: kinds[0] };
  }
  const size = type === 'pon' ? 3 : 4;
  if ((kinds.length !== 1 && kinds.length !== size) || kinds.some((k) => k !== kinds[0])) {
    const example = type === 'pon' ? '7z (or 777z)' : '2m (or 2222m)';
    throw new CliError(`${flag} must be one tile such as ${example}; got "${text}" (list several with commas, or repeat the flag)`);
  }
  return { type, first: kinds[0] };
}

/** `ankan 2222m, pon 777z`. */
export function meldsText(melds: readonly HandMeld[]): string {
  return melds.map(meldToString).join(', ');
}

/** The melds as JSON: `[{"type":"ankan","tiles":"2222m"}]`. */
export function meldsJson(melds: readonly HandMeld[]): { type: HandMeldType; tiles: string }[] {
  return melds.map((m) => ({ type: m.type, tiles: kindsToString(meldKinds(m)) }));
}

/** Checks the concealed hand with the melds given (size, fifth copies, 3-player set); usage error otherwise. */
export function checkHandWithMelds(name: string, kinds: readonly TileKind[], melds: readonly HandMeld[], threePlayer: boolean): void {
  try {
    checkWaitingHandWithMelds(kinds, melds, { threePlayer });
  } catch (err) {
    if (err instanceof HandError) throw new CliError(`${name} with its melds: ${err.message}`);
    throw err;
  }
}

interface WaitsOptions {
  json: boolean;
  threePlayer: boolean;
}

export function registerWaitsCommand(program: Command): void {
  const command = program
    .command('waits')
    .description('print the waits of a concealed hand, with the readings of each winning hand')
    .argument('<hand>', 'concealed tiles: 13, or 10/7/4/1 after melds (e.g. 3335666p111456s; 0m/0p/0s are red fives)')
    .option('--json', 'print JSON: hand, melds, tenpai, waits, readings per wait, heldFour, noCopyLeft', false)
    .option('--three-player', '3-player tile set: reject 2m..8m (and chi)', false);
  addCommandHelp(command, {
    text: `
Waits are Tenhou's (docs/kan-rules.md §3): a kind is a wait unless the concealed hand itself holds all
four. A kind the hand holds all four of is never a wait (Tenhou calls a hand waiting only on such a kind
noten); it is listed apart, as "heldFour". Copies in the hand's melds exhaust nothing: a wait whose four
copies are all in the hand and its melds is still a wait (the hand is tenpai), listed again as
"noCopyLeft". The melds, when given, are checked: 13 - 3 x melds concealed tiles, no fifth copy across
the hand and the melds. Without them their number is read from the hand size.`,
    exit: [
      [EXIT.ok, 'the hand was read, tenpai or not'],
      [EXIT.failed, 'stdout cannot be written'],
      [EXIT.usage, 'bad input: notation, tile count, a fifth copy, melds that do not fit (nothing was printed)'],
    ],
    examples: `
  $ kanshi waits 3335666p111456s
  3335666p111456s: waits 4p 5p 7p
    4p: 33p 345p 666p 111s 456s | 333p 456p 66p 111s 456s
    5p: 333p 55p 666p 111s 456s
    7p: 333p 567p 66p 111s 456s

  $ kanshi waits 13m456p789s11z --ankan 2m
  13m456p789s11z, ankan 2222m: waits 2m
    2m: 123m 456p 789s 11z
    (no copy of 2m is left: the hand and its melds hold all four; still a wait, the hand is tenpai)

  $ kanshi waits --json 1111m234p567s789s
  {"hand":"1111m234p567789s","tiles":13,"melds":0,…,"tenpai":false,"waits":[],"heldFour":["1m"],…}`,
  });
  addMeldOptions(command);
  command.action((hand: string, options: WaitsOptions & Record<string, unknown>) => {
    const reds = new RedFives('HAND');
    const melds = meldsFromOptions(options, reds);
    const { kinds, counts } = parseWaitingHand('HAND', hand, options.threePlayer, melds?.length, reds);
    reds.check();
    if (melds) checkHandWithMelds('HAND', kinds, melds, options.threePlayer);
    printWaits(kinds, counts, melds ?? [], options.json);
  });
}

function printWaits(kinds: readonly TileKind[], counts: number[], melds: readonly HandMeld[], json: boolean): void {
  const found = waits(counts);
  const noCopyLeft = found.filter((w) => copiesLeft(counts, melds, w) === 0);
  const heldFour = shapeWaits(counts).filter((k) => !found.includes(k));
  const byWait = found.map((w) => {
    counts[w]++;
    const r = readings(counts).map(readingToString);
    counts[w]--;
    return { wait: kindToString(w), readings: r };
  });
  const hand = kindsToString(kinds);
  if (json) {
    outJson({
      hand,
      tiles: kinds.length,
      melds: (13 - kinds.length) / 3,
      meldList: meldsJson(melds),
      tenpai: found.length > 0,
      waits: found.map(kindToString),
      readings: Object.fromEntries(byWait.map((b) => [b.wait, b.readings])),
      heldFour: heldFour.map(kindToString),
      noCopyLeft: noCopyLeft.map(kindToString),
    });
    return;
  }
  const head = melds.length > 0 ? `${hand}, ${meldsText(melds)}` : hand;
  out(found.length > 0 ? `${head}: waits ${found.map(kindToString).join(' ')}` : `${head}: not tenpai`);
  for (const b of byWait) out(`  ${b.wait}: ${b.readings.join(' | ')}`);
  if (heldFour.length > 0) {
    const names = heldFour.map(kindToString).join(' ');
    out(`  (the shape also waits on ${names}, but the hand holds all four: not a wait)`);
  }
  for (const w of noCopyLeft) {
    const name = kindToString(w);
    out(`  (no copy of ${name} is left: the hand and its melds hold all four; still a wait, the hand is tenpai)`);
  }
}
