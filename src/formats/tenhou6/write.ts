/**
 * tenhou.net/6 JSON (docs/formats.md §5) written from a scripted game's events: the same game the
 * builder writes as mjlog, in the form src/ingest/json.ts reads. Each player's takes and discards are kept
 * apart and the kandora reveals lose their moments: the round's dora list holds every indicator turned
 * over, nothing says when.
 */
import { YAKU_NAMES, type CallEvent, type GameEvent, type RoundStartEvent, type RyuukyokuEvent, type WinEvent } from '../events/index.js';
import { decodeGameType, ruleLabel } from '../ingest/index.js';
import { isRedFive, kindOf, type TileId } from '../tiles/index.js';
import { finalPoints } from './scoring.js';

export interface Tenhou6Game {
  /** The mjlog GO type bitfield: the rule label and red fives. */
  type: number;
  lobby: number;
  names: readonly string[];
  /** Each round's events, its round start first. */
  rounds: readonly (readonly GameEvent[])[];
  /** Scores at the end of the game. */
  scores: readonly number[];
}

/** Takes and discards hold tile codes and call strings; discards also 60 (tsumogiri) and 0 (after a daiminkan). */
type Item = number | string;

const LIMIT_NAMES = ['', '満貫', '跳満', '倍満', '三倍満', '役満'];

const DRAWN_HAND_LABELS: Record<RyuukyokuEvent['reason'], string> = {
  exhaustive: '流局',
  'nagashi-mangan': '流し満貫',
  'kyuushu-kyuuhai': '九種九牌',
  'suucha-riichi': '四家立直',
  sanchahou: '三家和了',
  'suufon-renda': '四風連打',
  suukaikan: '四槓散了',
};

/** The document: one line per round, so a diff shows which round changed. */
export function tenhou6Text(game: Tenhou6Game): string {
  const rule = decodeGameType(game.type);
  // Tenhou's 4-player labels drop the 四 in JSON (鳳南喰赤).
  const disp = ruleLabel(rule).replace(/^四/, '');
  const points = finalPoints(game.scores);
  const sc = game.scores.flatMap((s, i) => [s, points[i]]);
  const rounds = game.rounds.map((events) => JSON.stringify(roundArray(events, rule.redFives)));
  const head = `"name":${JSON.stringify(game.names)},"rule":${JSON.stringify({ disp, aka: rule.redFives ? 1 : 0 })},"lobby":${game.lobby}`;
  return `{${head},\n"log":[\n${rounds.join(',\n')}\n],\n"sc":${JSON.stringify(sc)}}\n`;
}

/** A tile id as a JSON tile code: 11-19 m, 21-29 p, 31-39 s, 41-47 z, 51-53 red fives. */
function code(tile: TileId, redFives: boolean): number {
  const kind = kindOf(tile);
  if (isRedFive(tile, redFives)) return 51 + Math.floor(kind / 9);
  return kind < 27 ? (Math.floor(kind / 9) + 1) * 10 + (kind % 9) + 1 : 41 + kind - 27;
}

/** Tile codes in the order JSON writes hands and call strings: by kind, a red five after the plain ones. */
function codes(tiles: readonly TileId[], redFives: boolean): number[] {
  const key = (t: TileId) => 2 * kindOf(t) + (isRedFive(t, redFives) ? 1 : 0);
  return [...tiles].sort((a, b) => key(a) - key(b)).map((t) => code(t, redFives));
}

/** One kyoku: `[[kyoku, honba, sticks], scores, dora, ura, haipai0, takes0, discards0, …, result]`. */
function roundArray(events: readonly GameEvent[], redFives: boolean): unknown[] {
  const start = events[0] as RoundStartEvent;
  const takes: Item[][] = [[], [], [], []];
  const discards: Item[][] = [[], [], [], []];
  const dora = [start.doraIndicator];
  let ura: TileId[] = [];
  /** Seats whose next discard declares riichi. */
  const declaring = new Set<number>();
  const result: unknown[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'draw':
        takes[e.seat].push(code(e.tile, redFives));
        break;
      case 'riichi':
        if (e.step === 'declare') declaring.add(e.seat);
        break;
      case 'discard': {
        const tile = e.tsumogiri ? 60 : code(e.tile, redFives);
        discards[e.seat].push(declaring.delete(e.seat) ? `r${tile}` : tile);
        break;
      }
      case 'call':
        callItem(e, takes[e.seat], discards[e.seat], redFives);
        break;
      case 'kandora':
        dora.push(e.indicator);
        break;
      case 'win':
        // One ura list for the round: the riichi winners' (a double ron shares it).
        if (ura.length === 0) ura = e.uraIndicators;
        if (result.length === 0) result.push('和了');
        result.push(e.scoreDeltas, winDetail(e, start));
        break;
      case 'ryuukyoku':
        result.push(...drawnHand(e));
        break;
    }
  }
  const seats = [0, 1, 2, 3].flatMap((s) => [codes(start.hands[s], redFives), takes[s], discards[s]]);
  return [[start.kyoku, start.honba, start.riichiStickCount], start.scores, dora.map((t) => code(t, redFives)), ura.map((t) => code(t, redFives)), ...seats, result];
}

/**
 * A call as JSON writes it: chi, pon and daiminkan in the caller's takes (a daiminkan also leaves a 0 in
 * its discards), kakan, ankan and kita in its discards. The letter stands where the called tile sits
 * among the meld's tiles: first from the kamicha, second from the toimen, last from the shimocha.
 */
function callItem(e: CallEvent, takes: Item[], discards: Item[], redFives: boolean): void {
  const called = code(e.called, redFives);
  const own = codes(
    e.tiles.filter((t) => t !== e.called && t !== e.added),
    redFives,
  );
  const offset = (e.from - e.seat + 4) % 4;
  const at = offset === 3 ? 0 : offset === 2 ? 1 : own.length;
  const around = (letter: string) => own.slice(0, at).join('') + letter + own.slice(at).join('');
  switch (e.meld) {
    case 'chi':
      takes.push(`c${called}${own.join('')}`);
      break;
    case 'pon':
      takes.push(around(`p${called}`));
      break;
    case 'daiminkan':
      takes.push(around(`m${called}`));
      discards.push(0);
      break;
    case 'kakan':
      // The pon's string with the added tile after a `k` in place of its `p`.
      discards.push(around(`k${code(e.added!, redFives)}${called}`));
      break;
    case 'ankan': {
      const all = codes(e.tiles, redFives);
      discards.push(`${all.slice(0, 3).join('')}a${all[3]}`);
      break;
    }
    case 'kita':
      discards.push(`f${called}`);
      break;
  }
}

/** `[who, fromWho, paoWho, "30符1飜1000点", "立直(1飜)", …]`: JSON leaves out the 0-han entries (ura 0). */
function winDetail(e: WinEvent, start: RoundStartEvent): unknown[] {
  const han = e.yaku.reduce((a, y) => a + y.han, 0);
  const value = e.limit > 0 ? LIMIT_NAMES[e.limit] : `${e.fu}符${han}飜`;
  const yaku =
    e.yakuman.length > 0 ? e.yakuman.map((id) => `${YAKU_NAMES[id]}(役満)`) : e.yaku.filter((y) => y.han > 0).map((y) => `${YAKU_NAMES[y.id]}(${y.han}飜)`);
  return [e.seat, e.from, e.pao ?? e.seat, value + paid(e, start), ...yaku];
}

/** What the win is paid, honba aside: `1000点` (ron), `2000点∀` (dealer's tsumo, each), `1000-2000点` (others' tsumo). */
function paid(e: WinEvent, start: RoundStartEvent): string {
  if (e.from !== e.seat) return `${e.points}点`;
  const payment = (seat: number) => -e.scoreDeltas[seat] - 100 * start.honba;
  const other = [0, 1, 2, 3].find((s) => s !== e.seat && s !== start.dealer)!;
  if (e.seat === start.dealer) return `${payment(other)}点∀`;
  return `${payment(other)}-${payment(start.dealer)}点`;
}

/** `["流局", deltas]`, `["全員不聴"]` when nobody was tenpai, or an abort's label. */
function drawnHand(e: RyuukyokuEvent): unknown[] {
  if (e.reason === 'exhaustive' && e.shown.length === 0) return ['全員不聴'];
  const label = DRAWN_HAND_LABELS[e.reason];
  return e.scoreDeltas.some((d) => d !== 0) || e.reason === 'exhaustive' || e.reason === 'nagashi-mangan' ? [label, e.scoreDeltas] : [label];
}
