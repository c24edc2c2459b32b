import type { Command } from 'commander';
import { HandError, judgeRiichiAnkan, readingToString, waitingSize, type RiichiAnkanVerdict } from '../hand/index.js';
import type { Rules } from '../rules/index.js';
import { kindToString, kindsToString, type TileKind } from '../tiles/index.js';
import { CliError, out, parseIntOption } from './common.js';
import { addRuleOptions, ruleSetFromOptions } from './rule-options.js';
import { parseKindsOption, parseTileOption, parseWaitingHand } from './waits.js';

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
    .option('--melds <n>', 'ankans made before riichi (default: read from the hand size)', parseIntOption('--melds', 0, 4))
    .option('--ankans <tiles>', 'the kinds of those ankans, e.g. 1p3z (sets --melds; their kinds are never waits)')
    .option('--three-player', '3-player tile set: reject 2m..8m', false)
    .option('--json', 'print JSON: legal, reason, explanation, waitsBefore, waitsAfter, lostReading', false)
    .addHelpText(
      'after',
      `
The rule flags are every command's (--profile, --riichi-kan, --okuri-kan true|false, …); only riichiKan
and okuriKan decide here. riichiKan: none = no kan after riichi; waits = the kan uses the drawn tile and
keeps the waits (Tenhou); strict = waits, and every reading of every winning hand keeps the kanned tiles
as a triplet. okuriKan true lets the drawn tile release a held set for the kan.
Exit status: 0 when the kan was judged, legal or not (see "legal" / the first word of the last line);
2 on bad input (notation, tile count, a fifth copy, an unknown rule).

Examples:
  $ kanshi kan-check --hand 3335666p111456s --draw 3p --riichi-kan strict
  riichi hand 3335666p111456s, draw 3p, ankan 3p (riichiKan strict, okuriKan false)
  waits before: 4p 5p 7p
  waits after:  4p 5p 7p
  illegal (reading-lost): with 4p the reading 33p 345p 666p 111s 456s has no 3p triplet; the kan removes it

  $ kanshi kan-check --hand 1113444p222z --melds 1 --draw 1p --json
  {"legal":true,"reason":"allowed",...,"waitsBefore":["2p","3p","5p"],"waitsAfter":["2p","3p","5p"]}`,
    );
  addRuleOptions(command);
  command.action((options: KanCheckOptions & Record<string, unknown>) => {
    const { rules } = ruleSetFromOptions(options);
    const { kinds } = parseWaitingHand('--hand', options.hand, options.threePlayer);
    const draw = parseTileOption('--draw', options.draw);
    const kan = options.kan === undefined ? draw : parseTileOption('--kan', options.kan);
    const ankans = options.ankans === undefined ? undefined : parseKindsOption('--ankans', options.ankans);
    const melds = checkMelds(kinds.length, options.melds, ankans);
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
    print(kinds, draw, kan, melds, options, rules, verdict);
  });
}

/** The number of melds, from --melds, --ankans or the hand size; they must agree. */
function checkMelds(size: number, melds: number | undefined, ankans: readonly TileKind[] | undefined): number {
  const fromSize = (13 - size) / 3;
  if (ankans !== undefined && melds !== undefined && ankans.length !== melds) {
    throw new CliError(`--ankans lists ${ankans.length} kans but --melds is ${melds}`);
  }
  const n = melds ?? ankans?.length ?? fromSize;
  if (n > 4) throw new CliError(`--ankans lists ${n} kans; at most 4 melds`);
  if (waitingSize(n) !== size) {
    const melds = n === 1 ? '1 meld leaves' : `${n} melds leave`;
    throw new CliError(`${melds} ${waitingSize(n)} concealed tiles, but --hand has ${size}`);
  }
  return n;
}

function print(
  kinds: readonly TileKind[],
  draw: TileKind,
  kan: TileKind,
  melds: number,
  options: KanCheckOptions,
  rules: Rules,
  v: RiichiAnkanVerdict,
): void {
  const names = (ks: readonly TileKind[]) => ks.map(kindToString);
  if (options.json) {
    out(
      JSON.stringify({
        hand: kindsToString(kinds),
        draw: kindToString(draw),
        kan: kindToString(kan),
        melds,
        riichiKan: rules.riichiKan,
        okuriKan: rules.okuriKan,
        legal: v.legal,
        reason: v.reason,
        explanation: v.explanation,
        okuri: v.okuri,
        waitsBefore: names(v.waitsBefore),
        waitsAfter: v.waitsAfter && names(v.waitsAfter),
        lostReading: v.lostReading && { wait: kindToString(v.lostReading.wait), reading: readingToString(v.lostReading.reading) },
      }),
    );
    return;
  }
  const meldNote = melds > 0 ? ` + ${melds} ankan${melds > 1 ? 's' : ''}` : '';
  out(
    `riichi hand ${kindsToString(kinds)}${meldNote}, draw ${kindToString(draw)}, ankan ${kindToString(kan)} ` +
      `(riichiKan ${rules.riichiKan}, okuriKan ${rules.okuriKan})`,
  );
  out(`waits before: ${names(v.waitsBefore).join(' ') || '(none)'}`);
  out(`waits after:  ${v.waitsAfter ? names(v.waitsAfter).join(' ') || '(none)' : '(no kan possible)'}`);
  out(`${v.legal ? 'legal' : 'illegal'} (${v.reason}): ${v.explanation}`);
}
