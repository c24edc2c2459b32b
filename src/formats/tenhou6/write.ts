/**
 * GameLog → tenhou.net/6 JSON (docs/formats.md §5), the form Tenhou's viewer and editor open and
 * read.ts reads. Each player's takes and discards are kept apart, and kandora reveals lose their moments:
 * a hand's dora list holds every indicator turned over (or listed untimed), nothing says when. The seed
 * and the dice are not kept; a win's value is written as Tenhou's text (`30符1飜1000点`, `1000-2000点`).
 */
import { LIMITS, YAKU_TABLE, type CallEvent, type GameEvent, type GameLog, type RoundStartEvent, type RyuukyokuEvent, type WinEvent } from '../../events/index.js';
import { isRedFive, kindOf, type TileId } from '../../tiles/index.js';

/** Takes and discards hold tile codes and call strings; discards also 60 (tsumogiri) and 0 (after a daiminkan). */
type Item = number | string;


const DRAWN_HAND_LABELS: Record<RyuukyokuEvent['reason'], string> = {
  exhaustive: '流局',
  'nagashi-mangan': '流し満貫',
  'kyuushu-kyuuhai': '九種九牌',
  'suucha-riichi': '四家立直',
  sanchahou: '三家和了',
  'suufon-renda': '四風連打',
  suukaikan: '四槓散了',
};

/** The game as tenhou.net/6 JSON text: one line per hand, so a diff shows which hand changed. */
export function writeTenhou6(game: GameLog): string {
  const rule = game.rule;
  const red = rule.redFives ? rule.redFiveSuits : 0;
  // Tenhou's 4-player labels drop the 四 in JSON (鳳南喰赤).
  const disp = rule.label.replace(/^四/, '');
  const aka = red === 7 || red === 0 ? { aka: red === 7 ? 1 : 0 } : { aka51: red & 1 ? 1 : 0, aka52: red & 2 ? 1 : 0, aka53: red & 4 ? 1 : 0 };
  const four = [0, 1, 2, 3].map((seat) => game.players.find((p) => p.seat === seat) ?? null);
  const head: Record<string, unknown> = {};
  if (game.title) head.title = game.title;
  if (game.logId !== null) head.ref = game.logId;
  head.name = four.map((p) => p?.name ?? '');
  if (four.some((p) => p?.danName)) head.dan = four.map((p) => p?.danName ?? '');
  if (four.some((p) => p?.rate !== null && p?.rate !== undefined)) head.rate = four.map((p) => p?.rate ?? 0);
  if (four.some((p) => p?.sex)) head.sx = four.map((p) => p?.sex ?? '');
  head.rule = { disp, ...aka };
  if (rule.lobbyRule) {
    // A lobby's own fields, as they were written.
    head.rule = rule.lobbyRule.rule;
    head.csrule = rule.lobbyRule.csrule;
  } else if (rule.redFivesFrom === 'tiles') {
    // Red fives the reader took from the tiles: an empty `csrule` has them taken from the tiles again,
    // where the log id's GO type would decide them.
    head.csrule = [];
  }
  if (game.lobby !== null) head.lobby = game.lobby;
  const hands = game.hands.map((round) => JSON.stringify(handArray(round.events, red, rule.playerCount)));
  const fields = Object.entries(head).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  const sc = game.final ? `,\n"sc":${JSON.stringify(game.final.scores.flatMap((score, i) => [score, game.final!.gamePoints[i]]))}` : '';
  return `{${fields.join(',')},\n"log":[\n${hands.join(',\n')}\n]${sc}}\n`;
}

/** A tile id as a JSON tile code: 11-19 m, 21-29 p, 31-39 s, 41-47 z, 51-53 red fives. */
function code(tile: TileId, redFives: number): number {
  const kind = kindOf(tile);
  if (isRedFive(tile, redFives)) return 51 + Math.floor(kind / 9);
  return kind < 27 ? (Math.floor(kind / 9) + 1) * 10 + (kind % 9) + 1 : 41 + kind - 27;
}

/** Tile codes in the order JSON writes hands and call strings: by kind, a red five after the plain ones. */
function codes(tiles: readonly TileId[], redFives: number): number[] {
  const key = (t: TileId) => 2 * kindOf(t) + (isRedFive(t, redFives) ? 1 : 0);
  return [...tiles].sort((a, b) => key(a) - key(b)).map((t) => code(t, redFives));
}

/** One hand: `[[kyoku, honba, sticks], scores, dora, ura, haipai0, takes0, discards0, …, result]`. */
function handArray(events: readonly GameEvent[], redFives: number, players: number): unknown[] {
  const start = events[0] as RoundStartEvent;
  const takes: Item[][] = [[], [], [], []];
  const discards: Item[][] = [[], [], [], []];
  const dora = [start.doraIndicator, ...(start.untimedKandora ?? [])];
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
        // One ura list for the hand: the riichi winners' (a double ron shares it).
        if (ura.length === 0) ura = e.uraIndicators;
        if (result.length === 0) result.push('和了');
        result.push(e.scoreDeltas, winDetail(e, start));
        break;
      case 'ryuukyoku':
        result.push(...drawnHand(e, players));
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
function callItem(e: CallEvent, takes: Item[], discards: Item[], redFives: number): void {
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
  const value = e.limit > 0 ? LIMITS[e.limit]?.tenhou : `${e.fu}符${han}飜`;
  const yaku =
    e.yakuman.length > 0
      ? e.yakuman.map((id) => `${YAKU_TABLE[id]?.tenhou}(役満)`)
      : e.yaku.filter((y) => y.han > 0).map((y) => `${y.id >= 0 ? YAKU_TABLE[y.id]?.tenhou : y.name}(${y.han}飜)`);
  return [e.seat, e.from, e.pao ?? e.seat, value + paid(e, start), ...yaku];
}

/** What the win is paid, honba aside: `1000点` (ron), `2000点∀` (dealer's tsumo, each), `1000-2000点` (others' tsumo). */
function paid(e: WinEvent, start: RoundStartEvent): string {
  if (e.from !== e.seat) return `${e.points}点`;
  const payment = (seat: number) => -e.scoreDeltas[seat] - 100 * start.honba;
  const payers = [0, 1, 2, 3].filter((s) => s !== e.seat && e.scoreDeltas[s] < 0);
  const other = payers.find((s) => s !== start.dealer);
  if (other === undefined) return `${e.points}点`;
  if (e.seat === start.dealer) return `${payment(other)}点∀`;
  return `${payment(other)}-${payment(start.dealer)}点`;
}

/**
 * `["流局", deltas]`; `["全員聴牌"]` or `["全員不聴"]` when nobody pays (everyone shown tenpai, or nobody
 * shown and no points moved); an abort's label. A hand the log stops inside has an empty result.
 */
function drawnHand(e: RyuukyokuEvent, players: number): unknown[] {
  const moved = e.scoreDeltas.some((d) => d !== 0);
  if (e.reason === 'exhaustive' && !moved) return [e.shown.length === players ? '全員聴牌' : '全員不聴'];
  const label = DRAWN_HAND_LABELS[e.reason];
  return moved || e.reason === 'exhaustive' || e.reason === 'nagashi-mangan' ? [label, e.scoreDeltas] : [label];
}
