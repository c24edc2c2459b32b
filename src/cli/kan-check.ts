import type { Command } from 'commander';
import {
  HandError,
  isOpenMeld,
  judgeRiichiAnkan,
  readingToString,
  type HandMeld,
  type RiichiAnkanVerdict,
} from '../hand/index.js';
import type { Rules } from '../rules/index.js';
import { kindToString, kindsToString, type TileKind } from '../tiles/index.js';
import { CliError, EXIT, out, parseIntOption, outJson } from './common.js';
import { addCommandHelp } from './help.js';
import { plural } from './format.js';
import { addRuleOptions, ruleSetFromOptions } from './rule-options.js';
import {
  addMeldOptions,
  meldsFromOptions,
  meldsJson,
  meldsText,
  parseKindsOption,
  parseTileOption,
  parseWaitingHand,
  RedFives,
} from './waits.js';

interface KanCheckOptions {
  hand: string;
  draw: string;
  kan?: string;
  melds?: number;
  ankans?: string;
  threePlayer: boolean;
  json: boolean;
}

export function registerKanCheckCommand(program: Command): void {
  const command = program
    .command('kan-check')
    .description('judge an ankan by a riichi player: legal or not under riichiKan (docs/kan-rules.md §3), and why')
    .requiredOption('--hand <hand>', 'concealed hand at riichi, before the draw: 13 tiles, or 10/7/4/1 after ankans (e.g. 3335666p111456s; 0m/0p/0s are red fives)')
    .requiredOption('--draw <tile>', 'the tile just drawn, e.g. 3p')
    .option('--kan <tile>', 'the kind kanned (default: the drawn tile; a kind held four times before the draw is an okuri-kan)')
    .option('--melds <n>', 'how many ankans were made before riichi, when their kinds are not given (default: read from the hand size)', parseIntOption('--melds', 0, 4))
    .option('--ankans <tiles>', 'the same as --ankan, one ankan per tile: 1p3z is --ankan 1p,3z')
    .option('--three-player', '3-player tile set: reject 2m..8m', false)
    .option('--json', 'print JSON: hand, draw, kan, melds, meldList, legal, reason, explanation, waitsBefore, waitsAfter, lostReading', false);
  addCommandHelp(command, {
    text: `
The rule flags are every command's (--profile, --riichi-kan, --okuri-kan true|false, …); only riichiKan
and okuriKan decide here. riichiKan: none = no kan after riichi; waits = the kan uses the drawn tile and
keeps the waits (Tenhou); strict = waits, and every reading of every winning hand keeps the kanned tiles
as a triplet. okuriKan true lets the drawn tile release a held set for the kan.

Waits are Tenhou's, of the concealed tiles only: copies in the player's kans (those made before, and
this one) exhaust no kind, so a kan of a kind that is itself a wait keeps the waits when the hand after
the kan still waits on it (docs/kan-rules.md §3). The melds made before riichi are ankans: give their
kinds with --ankan (checked: the concealed size, no fifth copy). A riichi hand is closed, so --chi,
--pon, --daiminkan and --kakan are refused.`,
    exit: [
      [EXIT.ok, 'the kan was judged, legal or not ("legal" with --json, or the first word of the last line)'],
      [EXIT.failed, 'stdout cannot be written'],
      [EXIT.usage, 'bad input: notation, tile count, a fifth copy, an unknown rule (nothing was judged)'],
    ],
    examples: `
  $ kanshi kan-check --hand 3335666p111456s --draw 3p --riichi-kan strict
  riichi hand 3335666p111456s, draw 3p, ankan 3p (riichiKan strict, okuriKan false)
  waits before: 4p 5p 7p
  waits after:  4p 5p 7p
  illegal (reading-lost): with 4p the reading 33p 345p 666p 111s 456s has no 3p triplet; the kan …

  $ kanshi kan-check --hand 1113444p222z --ankan 7z --draw 1p --json
  {"legal":true,"reason":"allowed",…,"waitsBefore":["2p","3p","5p"],"waitsAfter":["2p","3p","5p"]}

  $ kanshi kan-check --hand 13m444p789s11z --ankan 2m --draw 4p
  riichi hand 13m444p789s11z + ankan 2222m, draw 4p, ankan 4p (riichiKan waits, okuriKan false)
  waits before: 2m
  waits after:  2m
  legal (allowed): the waits stay 2m`,
  });
  addMeldOptions(command, 'Melds made before riichi (only ankans: a riichi hand is closed; repeat a flag, or list with commas):');
  addRuleOptions(command);
  command.action((options: KanCheckOptions & Record<string, unknown>) => {
    const { rules } = ruleSetFromOptions(options);
    // The hand, its ankans and the draw are one player's tiles: together they hold at most one red five a suit.
    const reds = new RedFives('--hand');
    const ankans = ankansFromOptions(options, reds);
    const meldCount = meldCountOf(options.melds, ankans);
    const { kinds } = parseWaitingHand('--hand', options.hand, options.threePlayer, meldCount, reds);
    const melds = meldCount ?? (13 - kinds.length) / 3;
    const draw = parseTileOption('--draw', options.draw, reds);
    // --kan names the kind kanned, from the tiles above: not a tile of its own.
    const kan = options.kan === undefined ? draw : parseTileOption('--kan', options.kan);
    reds.check();
    let verdict: RiichiAnkanVerdict;
    try {
      verdict = judgeRiichiAnkan({
        concealed: kinds,
        draw,
        kan,
        rule: rules.riichiKan,
        okuriKan: rules.okuriKan,
        ankans,
        threePlayer: options.threePlayer,
      });
    } catch (err) {
      if (err instanceof HandError) throw new CliError(`hand + draw${ankans ? ' + ankans' : ''}: ${err.message}`);
      throw err;
    }
    print(kinds, draw, kan, melds, ankans, options, rules, verdict);
  });
}

/**
 * The kinds of the ankans made before riichi, from --ankan and its alias --ankans; undefined when neither
 * is given. An open meld cannot come before riichi: --chi, --pon, --daiminkan and --kakan are refused.
 */
function ankansFromOptions(options: KanCheckOptions & Record<string, unknown>, reds: RedFives): TileKind[] | undefined {
  const melds = meldsFromOptions(options, reds);
  const open = melds?.find(isOpenMeld);
  if (open) {
    throw new CliError(`--${open.type}: a riichi hand is closed, so only ankans (--ankan) can have been made before riichi`);
  }
  const alias = options.ankans === undefined ? null : parseKindsOption('--ankans', options.ankans, reds);
  if (!melds && !alias) return undefined;
  return [...(melds ?? []).map((m) => m.first), ...(alias ?? [])];
}

function kansText(n: number): string {
  return plural(n, 'kan');
}

/** The number of melds, from --melds or --ankan/--ankans (they must agree); undefined when neither is given. */
function meldCountOf(melds: number | undefined, ankans: readonly TileKind[] | undefined): number | undefined {
  if (ankans !== undefined && melds !== undefined && ankans.length !== melds) {
    throw new CliError(`--ankan lists ${kansText(ankans.length)} but --melds is ${melds}`);
  }
  const n = melds ?? ankans?.length;
  if (n !== undefined && n > 4) throw new CliError(`--ankan lists ${kansText(n)}; a hand has at most 4 melds`);
  return n;
}

function print(
  kinds: readonly TileKind[],
  draw: TileKind,
  kan: TileKind,
  melds: number,
  ankans: readonly TileKind[] | undefined,
  options: KanCheckOptions,
  rules: Rules,
  v: RiichiAnkanVerdict,
): void {
  const names = (ks: readonly TileKind[]) => ks.map(kindToString);
  const ankanMelds: HandMeld[] = (ankans ?? []).map((first) => ({ type: 'ankan', first }));
  if (options.json) {
    outJson({
      hand: kindsToString(kinds),
      draw: kindToString(draw),
      kan: kindToString(kan),
      melds,
      meldList: meldsJson(ankanMelds),
      riichiKan: rules.riichiKan,
      okuriKan: rules.okuriKan,
      legal: v.legal,
      reason: v.reason,
      explanation: v.explanation,
      okuri: v.okuri,
      waitsBefore: names(v.waitsBefore),
      waitsAfter: v.waitsAfter && names(v.waitsAfter),
      lostReading: v.lostReading && { wait: kindToString(v.lostReading.wait), reading: readingToString(v.lostReading.reading) },
    });
    return;
  }
  const meldNote = ankanMelds.length > 0 ? ` + ${meldsText(ankanMelds)}` : melds > 0 ? ` + ${melds} ankan${melds > 1 ? 's' : ''}` : '';
  out(
    `riichi hand ${kindsToString(kinds)}${meldNote}, draw ${kindToString(draw)}, ankan ${kindToString(kan)} ` +
      `(riichiKan ${rules.riichiKan}, okuriKan ${rules.okuriKan})`,
  );
  out(`waits before: ${names(v.waitsBefore).join(' ') || '(none)'}`);
  out(`waits after:  ${v.waitsAfter ? names(v.waitsAfter).join(' ') || '(none)' : '(no kan possible)'}`);
  out(`${v.legal ? 'legal' : 'illegal'} (${v.reason}): ${v.explanation}`);
}
