/**
 * `kanshi score HAND --win TILE …`: one win scored under a profile and the scoring knobs: its yaku, han,
 * fu with their breakdown, points, limit and what every seat pays. Seats are named by their wind: the
 * dealer is East; the winner sits at --seat-wind (East with --dealer); a ron's discarder at --from
 * (default: the player before the winner). Not registered in program.ts yet (the integrator adds it).
 */
import { Option, type Command } from 'commander';
import { limitTerm } from '../events/index.js';
import { HAND_MELD_TYPES, type HandMeld } from '../hand/index.js';
import {
  fuPartText,
  readingText,
  scoreWin,
  type Blessing,
  type RiichiKind,
  type ScoreMeld,
  type ScoreRules,
  type WinInput,
  type WinScore,
} from '../score/index.js';
import { kindToString, NotationError, parseTiles, TileAllocator, type NotatedTile, type TileId, type TileKind } from '../tiles/index.js';
import { CliError, EXIT, out, parseIntOption, outJson } from './common.js';
import { addCommandHelp } from './help.js';
import { scoredYakuJson } from './format.js';
import { addRuleOptions, ruleSetFromOptions } from './rule-options.js';
import { addMeldOptions, checkHandWithMelds, meldsFromOptions, meldsText, parseTileOption, parseWaitingHand, RedFives } from './waits.js';

const WIND_LETTERS = ['E', 'S', 'W', 'N'] as const;
const WIND_NAMES = ['East', 'South', 'West', 'North'] as const;


/** What the command was asked, read and checked. */
export interface ScoreRequest {
  input: WinInput;
  rules: ScoreRules;
  profile: string;
  /** The melds as given, for printing. */
  melds: HandMeld[];
}

/** The command's answer: the request and the score. */
export interface ScoreReport {
  request: ScoreRequest;
  score: WinScore;
}

function windOption(name: string, text: string, players: 3 | 4): number {
  const i = WIND_LETTERS.indexOf(text.trim().toUpperCase() as (typeof WIND_LETTERS)[number]);
  if (i < 0) throw new CliError(`${name} must be a wind: E, S, W or N; got "${text}"`);
  if (i === 3 && players === 3 && name !== '--round-wind') throw new CliError(`${name} N: a 3-player game has no North seat`);
  return i;
}

/** Tile ids for notated tiles (src/tiles' allocator, every suit with its red five): a set never holds a kind five times nor a red five twice. */
class TileIds {
  private readonly alloc = new TileAllocator(7);

  take(tile: NotatedTile, what: string): TileId {
    const k: TileKind = tile.kind;
    const id = this.alloc.take(k, tile.red);
    if (id >= 0) return id;
    const name = kindToString(k);
    if (tile.red) throw new CliError(`${what}: a second red ${name}; the set has one`);
    throw new CliError(this.alloc.hasRedFive(k) ? `${what}: four plain ${name} but the set's fourth ${name} is red; write it 0${name[1]}` : `${what}: a fifth ${name}`);
  }
}

function notated(name: string, text: string): NotatedTile[] {
  try {
    return parseTiles(text);
  } catch (err) {
    if (err instanceof NotationError) throw new CliError(`${name}: ${err.message}`);
    throw err;
  }
}

/** Reads and checks the command line into the scorer's input; every mistake is a CliError (exit 2). */
export function scoreRequest(hand: string, options: Record<string, unknown>): ScoreRequest {
  const players = options.players === undefined ? 4 : Number(options.players);
  if (players !== 3 && players !== 4) throw new CliError(`--players must be 3 or 4, got "${String(options.players)}"`);
  if (typeof options.win !== 'string') throw new CliError('--win TILE is required: the tile the hand wins on, e.g. 3p');
  const threePlayer = players === 3;
  const reds = new RedFives('HAND');
  const given = meldsFromOptions(options, reds);
  const melds = given ?? [];
  const { kinds } = parseWaitingHand('HAND', hand, threePlayer, given?.length, reds);
  parseTileOption('--win', options.win, reds);
  reds.check();
  if (melds.length > 0) checkHandWithMelds('HAND', kinds, melds, threePlayer);

  const tsumo = options.tsumo === true;
  const riichi: RiichiKind = options.doubleRiichi === true ? 'double' : options.riichi === true ? 'riichi' : 'none';
  const open = melds.some((m) => m.type !== 'ankan');
  const kans = melds.filter((m) => m.type === 'ankan' || m.type === 'daiminkan' || m.type === 'kakan').length;
  const kita = options.kita === undefined ? 0 : (options.kita as number);
  if (kita > 0 && !threePlayer) throw new CliError('--kita: only a 3-player game sets Norths aside');
  if (riichi !== 'none' && open) throw new CliError('--riichi: a riichi hand is closed, so only ankans (--ankan) can be melds');
  if (options.ippatsu === true && riichi === 'none') throw new CliError('--ippatsu needs --riichi (or --double-riichi)');
  if (options.from !== undefined && tsumo) throw new CliError("--from names a ron's discarder: a tsumo has none (drop --from or --tsumo)");
  if (options.chankan === true && tsumo) throw new CliError('--chankan is a ron on a kan: not with --tsumo');
  if (options.rinshan === true && !tsumo) throw new CliError('--rinshan is a tsumo on a replacement tile: add --tsumo');
  if (options.rinshan === true && kans === 0 && kita === 0) throw new CliError('--rinshan needs a kan among the melds (or, 3-player, --kita)');
  if (options.haitei === true && !tsumo) throw new CliError('--haitei is a tsumo on the last tile: add --tsumo');
  if (options.houtei === true && tsumo) throw new CliError('--houtei is a ron on the last discard: not with --tsumo');
  if (options.haitei === true && options.rinshan === true) throw new CliError('--haitei and --rinshan: a replacement tile is never the haitei');

  const roundWind = options.roundWind === undefined ? 0 : windOption('--round-wind', options.roundWind as string, players);
  const dealerWins = options.dealer === true;
  const seatWind = options.seatWind === undefined ? (dealerWins ? 0 : 1) : windOption('--seat-wind', options.seatWind as string, players);
  if (dealerWins && seatWind !== 0) throw new CliError(`--dealer sits East, but --seat-wind is ${WIND_LETTERS[seatWind]}`);
  // Seats are winds: the dealer, East, is seat 0.
  const seat = seatWind;
  const before = (seat + players - 1) % players;
  const from = tsumo ? seat : options.from === undefined ? before : windOption('--from', options.from as string, players);
  if (!tsumo && from === seat) throw new CliError('--from names the winner: a ron comes from another player (or use --tsumo)');
  const pao = options.pao === undefined ? null : windOption('--pao', options.pao as string, players);
  if (pao === seat) throw new CliError('--pao names the winner: the liable player is another');

  // Tile ids, red fives as copy 0: the hand, the winning tile, then the melds.
  const ids = new TileIds();
  const concealed = notated('HAND', hand).map((t) => ids.take(t, 'HAND'));
  const winningTile = ids.take(notated('--win', options.win)[0], '--win');
  const scoreMelds: ScoreMeld[] = [];
  for (const type of HAND_MELD_TYPES) {
    const values = options[type] as string[] | undefined;
    for (const item of (values ?? []).flatMap((v) => v.split(','))) {
      const written = notated(`--${type}`, item.trim());
      const meld = melds[scoreMelds.length];
      const size = type === 'chi' || type === 'pon' ? 3 : 4;
      // `7z` stands for the meld's tiles (`777z`): the red five written, if any, is one of them.
      const tiles: NotatedTile[] = written.length === size ? written : [written[0], ...Array.from({ length: size - 1 }, () => ({ kind: written[0].kind, red: false }))];
      if (meld.type === 'chi' && written.length === 3) tiles.sort((a, b) => a.kind - b.kind);
      const meldIds = tiles.map((t) => ids.take(t, `--${type}`));
      scoreMelds.push({ type, tiles: meldIds, called: meldIds[0], from: type === 'ankan' ? seat : before });
    }
  }
  // Indicators are tiles of the same set: a fifth copy of a kind is refused there too.
  const dora = options.dora === undefined ? [] : notated('--dora', options.dora as string).map((t) => ids.take(t, '--dora'));
  const ura = options.ura === undefined ? [] : notated('--ura', options.ura as string).map((t) => ids.take(t, '--ura'));
  // Kan indicators come with anybody's kans, not only the winner's: up to five, whatever the hand shows.
  if (dora.length > 5) throw new CliError(`--dora lists ${dora.length} indicators; a hand shows at most 5 (the first and four kan indicators)`);
  if (ura.length > 0 && riichi === 'none') throw new CliError('--ura: ura dora count only for a winner in riichi; add --riichi');
  if (ura.length > dora.length) throw new CliError(`--ura lists ${ura.length} indicators but --dora ${dora.length}: one ura under each indicator`);

  // --profile and every knob flag, as every command takes them (the kan knob daiminkanPao counts too).
  const { rules, profile } = ruleSetFromOptions(options);
  const profileName = profile ?? 'tenhou';
  const blessing: Blessing = 'none';
  const input: WinInput = {
    seat,
    from,
    dealer: 0,
    players,
    roundWind,
    seatWind,
    concealed,
    winningTile,
    melds: scoreMelds,
    kitaTiles: Array.from({ length: kita }, () => ids.take({ kind: 30, red: false }, '--kita')),
    tsumo,
    riichi,
    ippatsu: options.ippatsu === true,
    chankan: options.chankan === true,
    rinshan: options.rinshan === true,
    haitei: options.haitei === true,
    houtei: options.houtei === true,
    blessing,
    doraIndicators: dora,
    uraIndicators: ura,
    redFiveSuits: rules.akaDora === 0 ? 0 : threePlayer ? 6 : 7,
    honba: (options.honba as number | undefined) ?? 0,
    riichiSticks: (options.sticks as number | undefined) ?? 0,
    pao,
  };
  return { input, rules, profile: profileName, melds };
}

/** Scores the win the command line describes. */
export function scoreCommand(hand: string, options: Record<string, unknown>): ScoreReport {
  const request = scoreRequest(hand, options);
  const score = scoreWin(request.input, request.rules);
  if (!score.valid && score.reading === null) {
    throw new CliError(`HAND with --win ${String(options.win)}${request.melds.length ? ` and ${meldsText(request.melds)}` : ''} is not a winning hand: ${score.problem}`);
  }
  return { request, score };
}

function seatName(seat: number): string {
  return WIND_NAMES[seat];
}

/** The report as text lines. */
export function scoreText(report: ScoreReport): string[] {
  const { input } = report.request;
  const s = report.score;
  const lines: string[] = [];
  const how = input.tsumo ? 'tsumo' : `ron from ${seatName(input.from)}`;
  const who = `${seatName(input.seat)} seat${input.seat === input.dealer ? ' (dealer)' : ''}, ${WIND_NAMES[input.roundWind]} round, ${input.players} players, profile ${report.request.profile}`;
  lines.push(`${s.reading ? readingText(s.reading, input.melds, input.winningTile) : ''}: ${how}; ${who}`);
  if (!s.valid) {
    lines.push(`no yaku: the win is worth nothing (${s.problem})`);
    return lines;
  }
  if (s.yakuman.length > 0) {
    lines.push(`yakuman: ${s.yakuman.map((y) => (y.multiplier > 1 ? `${y.name} (x${y.multiplier})` : y.name)).join(', ')}`);
  } else {
    lines.push(`yaku: ${s.yaku.map((y) => `${y.name} ${y.han}`).join(', ')}`);
    lines.push(`han ${s.han}, fu ${s.fu}`);
  }
  lines.push(`fu: ${s.fuParts.map(fuPartText).join(', ') || 'none (kokushi musou)'}${s.yakuman.length > 0 ? ` = ${s.fu} (no part of a yakuman's value)` : ''}`);
  const limit = s.limit > 0 ? ` (${limitTerm(s.limit)}${s.yakuman.length === 0 && s.limit === 5 ? ', kazoe' : ''})` : s.basicPoints === 2000 ? ' (kiriage mangan)' : '';
  lines.push(`points: ${s.points}${limit}`);
  const pays: string[] = [];
  for (let seat = 0; seat < input.players; seat++) {
    if (seat === input.seat || s.deltas[seat] === 0) continue;
    pays.push(`${seatName(seat)} pays ${-s.deltas[seat]}`);
  }
  const extras = [s.honbaPoints > 0 ? `${s.honbaPoints} honba` : '', s.stickPoints > 0 ? `${s.stickPoints} from riichi sticks` : ''].filter(Boolean).join(', ');
  lines.push(`payments: ${pays.join(', ')}; ${seatName(input.seat)} receives ${s.deltas[input.seat]}${extras ? ` (${extras} included)` : ''}${s.liable !== undefined ? `; ${seatName(s.liable)} is liable (pao)` : ''}`);
  return lines;
}

/** The report as one JSON object. */
export function scoreJson(report: ScoreReport): Record<string, unknown> {
  const { input } = report.request;
  const s = report.score;
  const bySeat = (values: readonly number[]): Record<string, number> => Object.fromEntries(WIND_NAMES.slice(0, input.players).map((w, i) => [w, values[i]]));
  return {
    profile: report.request.profile,
    rules: report.request.rules,
    winner: seatName(input.seat),
    dealer: input.seat === input.dealer,
    tsumo: input.tsumo,
    from: input.tsumo ? null : seatName(input.from),
    valid: s.valid,
    ...(s.problem ? { problem: s.problem } : {}),
    reading: s.reading ? readingText(s.reading, input.melds, input.winningTile) : null,
    wait: s.reading?.wait ?? null,
    ...scoredYakuJson(s),
    dora: s.dora,
    points: s.points,
    limit: s.limit,
    basicPoints: s.basicPoints,
    payments: bySeat(s.payments),
    deltas: bySeat(s.deltas),
    honbaPoints: s.honbaPoints,
    stickPoints: s.stickPoints,
    liable: s.liable === undefined ? null : seatName(s.liable),
  };
}

function flag(name: string, help: string): Option {
  return new Option(name, help);
}

/** Adds `kanshi score` to the program (the integrator registers it in program.ts). */
export function registerScoreCommand(program: Command): void {
  const command = program
    .command('score')
    .description('score one win: yaku, han, fu (with their breakdown), points, and what every seat pays')
    .argument('<hand>', 'concealed tiles without the winning tile: 13, or 10/7/4/1 after melds (0m/0p/0s are red fives)')
    .option('--win <tile>', 'the winning tile, e.g. 3p (required)')
    .option('--tsumo', 'won by tsumo (default: ron)')
    .option('--from <wind>', "a ron's discarder, by seat wind E|S|W|N (default: the player before the winner; not with --tsumo)")
    .option('--riichi', 'the winner declared riichi')
    .option('--double-riichi', 'double riichi (declared on the first discard, no call before)')
    .option('--ippatsu', 'won within one go-around of riichi, no call in between')
    .option('--rinshan', 'tsumo on a replacement tile (rinshan kaihou)')
    .option('--chankan', 'ron on a kan being made (chankan)')
    .addOption(flag('--haitei', 'tsumo on the last live tile').conflicts('houtei'))
    .addOption(flag('--houtei', 'ron on the last discard').conflicts('haitei'))
    .option('--round-wind <wind>', 'the round: E|S|W|N (default E)')
    .option('--seat-wind <wind>', "the winner's seat wind: E|S|W|N (default S; E with --dealer)")
    .option('--dealer', 'the winner is the dealer (East)')
    .option('--dora <tiles>', 'dora indicators: the first, then kan indicators (e.g. 1m,5p)')
    .option('--ura <tiles>', 'ura indicators under them, for a winner in riichi')
    .option('--honba <n>', 'honba counters', parseIntOption('--honba', 0, 100))
    .option('--sticks <n>', 'riichi sticks on the table (the winner\'s own included)', parseIntOption('--sticks', 0, 100))
    .option('--players <n>', '3 or 4 (default 4)')
    .option('--kita <n>', '3-player: Norths the winner set aside (each a nukidora)', parseIntOption('--kita', 0, 4))
    .option('--pao <wind>', 'the player liable for a daisangen or daisuushii (who fed its last set), by seat wind')
    .option('--json', 'print JSON: reading, wait, yaku, yakuman, han, fu, fuParts, dora, points, limit, payments and deltas by seat wind');
  addCommandHelp(command, {
    text: `
Seats are named by their wind: the dealer is East. Melds are scored as called from the player before the
winner (ankans as the winner's own), in the order chi, pon, daiminkan, kakan, ankan; a pao yakuman has a
liable player only when --pao names one. Dora indicators name tiles: --dora 4z makes North the dora.
The scoring knobs are docs/scoring.md's (kanshi rules lists every knob); a profile gives them all, a
flag changes one: --profile ema --kiriage-mangan always.`,
    exit: [
      [EXIT.ok, 'the win was scored (a hand with no yaku scores nothing, and says so)'],
      [EXIT.failed, 'stdout cannot be written'],
      [EXIT.usage, 'bad input: notation, tile counts, a situation that cannot be, a hand that is not complete, an unknown rule'],
    ],
    examples: `
  $ kanshi score 234567m34p55678s --win 5p --riichi --dora 1m
  $ kanshi score 123m456p789s1122z --win 1z --tsumo --dealer --json
  $ kanshi score 11m --win 1m --pon 5z,6z,7z --pao W --seat-wind S`,
  });
  addMeldOptions(command);
  addRuleOptions(command);
  command.action((hand: string, options: Record<string, unknown>) => {
    const report = scoreCommand(hand, options);
    if (options.json === true) outJson(scoreJson(report));
    else for (const line of scoreText(report)) out(line);
  });
}
