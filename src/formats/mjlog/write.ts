/**
 * GameLog → mjlog XML, as Tenhou writes it (docs/formats.md §2), so that any log kanshi reads can be opened
 * where mjlog is expected and read back to the same events. The seed is kept (SHUFFLE), so `kanshi verify`
 * of the file checks its walls again.
 *
 * The events are played on a Table (src/table) as they are written, for what mjlog states and events do
 * not carry: the melds of a winning hand, and the nine-terminals declarer's hand. mjlog times every kandora (`DORA`): a hand whose indicators
 * are untimed (tenhou.net/6 JSON) must have them placed first (src/replay `placeKandora`).
 *
 * What mjlog cannot hold from another format is written as the nearest value Tenhou would: the dice of a
 * log that has none (tenhou.net/6, mjai) as 1 and 1; a yaku known only by its name is left out.
 */
import type { CallEvent, GameEvent, GameLog, Player, RoundStartEvent, RyuukyokuEvent, WinEvent } from '../../events/index.js';
import { Table } from '../../table/index.js';
import { encodeMeld, sortIds } from '../../tiles/index.js';
import { encodeGameType } from '../core/game-type.js';
import { UntimedKandoraError } from '../core/untimed.js';
import { RYUUKYOKU_TYPE_OF } from './names.js';

type Attrs = [string, string][];

/** Draw and discard tag letters by seat. */
const DRAW_LETTERS = 'TUVW';
const DISCARD_LETTERS = 'DEFG';

/** Tags after which a line break comes: one turn a line (Tenhou writes one line; both read the same). */
const BREAK_BEFORE = new Set(['SHUFFLE', 'GO', 'UN', 'TAIKYOKU', 'INIT', 'AGARI', 'RYUUKYOKU']);

/** Points as mjlog writes them: in hundreds. */
function hundreds(points: number): string {
  return String(points / 100);
}

/** A name as mjlog writes it: every UTF-8 byte %-escaped, as Tenhou does. */
function escapedName(name: string): string {
  return [...Buffer.from(name, 'utf8')].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

function tag(name: string, attrs: Attrs = []): string {
  return (BREAK_BEFORE.has(name) || /^[TUVW]\d/.test(name) ? '\n' : '') + `<${name}${attrs.map(([k, v]) => ` ${k}="${v}"`).join('')}/>`;
}

/** The game as mjlog XML text. */
export function writeMjlog(game: GameLog): string {
  const players = game.rule.playerCount;
  let out = '<mjloggm ver="2.3">';
  if (game.seed !== null) out += tag('SHUFFLE', [['seed', game.seed], ['ref', '']]);
  const lobbyRule = game.rule.lobbyRule;
  const lobbyFields: [string, string][] = lobbyRule ? [['rule', lobbyRule.rule.join(',')], ['csrule', lobbyRule.csrule.join(',')]] : [];
  out += tag('GO', [['type', String(game.rule.typeCode ?? encodeGameType(game.rule))], ['lobby', String(game.lobby ?? 0)], ...lobbyFields]);
  out += tag('UN', playerAttrs(game.players));
  out += tag('TAIKYOKU', [['oya', '0']]);
  const last = lastEnding(game);
  game.hands.forEach((round, index) => {
    out += new HandWriter(round.events, index, players, last).write();
  });
  return out + '\n</mjloggm>\n';
}

/** `UN`: names, and dan, rate and sex where the log knows them (a list the log does not have is left out). */
function playerAttrs(players: readonly Player[]): Attrs {
  const four = [0, 1, 2, 3].map((seat) => players.find((p) => p.seat === seat) ?? null);
  const attrs: Attrs = four.map((p, seat) => [`n${seat}`, escapedName(p?.name ?? '')]);
  if (players.some((p) => p.dan !== null)) attrs.push(['dan', four.map((p) => String(p?.dan ?? 0)).join(',')]);
  // Rates with two decimals, as Tenhou writes them.
  if (players.some((p) => p.rate !== null)) attrs.push(['rate', four.map((p) => (p?.rate ?? 1500).toFixed(2)).join(',')]);
  if (players.some((p) => p.sex !== null)) attrs.push(['sx', four.map((p) => p?.sex ?? 'C').join(',')]);
  return attrs;
}

/** The game's last win or drawn hand, which carries `owari` (the final scores and points). */
function lastEnding(game: GameLog): GameEvent | null {
  for (let h = game.hands.length - 1; h >= 0; h--) {
    const events = game.hands[h].events;
    for (let i = events.length - 1; i >= 0; i--) if (events[i].type === 'win' || events[i].type === 'ryuukyoku') return game.final ? events[i] : null;
  }
  return null;
}

/** One hand's tags, its events played on a table for the melds of each winning hand. */
class HandWriter {
  private readonly start: RoundStartEvent;
  private readonly table: Table;
  /** Each seat's score now: deposits as they are made, each ending's deltas. */
  private readonly scores: number[];
  private out = '';

  constructor(
    private readonly events: readonly GameEvent[],
    private readonly index: number,
    private readonly players: 3 | 4,
    private readonly lastEnding: GameEvent | null,
  ) {
    this.start = events[0] as RoundStartEvent;
    this.table = new Table(this.start, { hand: index + 1, players });
    this.scores = [0, 1, 2, 3].map((s) => this.start.scores[s] ?? 0);
  }

  write(): string {
    const start = this.start;
    if (start.untimedKandora !== undefined && start.untimedKandora.length > 0) throw new UntimedKandoraError('mjlog', this.index + 1);
    // The dice minus one; a log without dice ([0, 0]) as 1 and 1.
    const dice = start.dice[0] > 0 ? [start.dice[0] - 1, start.dice[1] - 1] : [0, 0];
    const init: Attrs = [
      ['seed', [start.kyoku, start.honba, start.riichiStickCount, dice[0], dice[1], start.doraIndicator].join(',')],
      ['ten', this.scores.map(hundreds).join(',')],
      ['oya', String(start.dealer)],
    ];
    for (let seat = 0; seat < 4; seat++) init.push([`hai${seat}`, (start.hands[seat] ?? []).join(',')]);
    if (start.shuffle !== undefined) init.push(['shuffle', start.shuffle]);
    this.out += tag('INIT', init);
    for (let i = 1; i < this.events.length; i++) {
      const e = this.events[i];
      this.event(e);
      this.table.apply(e, i);
    }
    return this.out;
  }

  /** The tag of one event, written before the table applies it (a win's melds are the table's then). */
  private event(e: GameEvent): void {
    switch (e.type) {
      case 'draw':
        this.out += tag(`${DRAW_LETTERS[e.seat]}${e.tile}`);
        return;
      case 'discard':
        this.out += tag(`${DISCARD_LETTERS[e.seat]}${e.tile}`);
        return;
      case 'call':
        this.out += tag('N', [['who', String(e.seat)], ['m', String(meldCode(e))]]);
        return;
      case 'kandora':
        this.out += tag('DORA', [['hai', String(e.indicator)]]);
        return;
      case 'riichi':
        if (e.step === 'declare') this.out += tag('REACH', [['who', String(e.seat)], ['step', '1']]);
        else {
          if (e.scores) for (let s = 0; s < 4; s++) this.scores[s] = e.scores[s] ?? 0;
          else this.scores[e.seat] -= 1000;
          const ten: Attrs = e.scores ? [['ten', this.scores.map(hundreds).join(',')]] : [];
          this.out += tag('REACH', [['who', String(e.seat)], ...ten, ['step', '2']]);
        }
        return;
      case 'win':
        this.out += tag('AGARI', this.winAttrs(e));
        return;
      case 'ryuukyoku':
        this.out += tag('RYUUKYOKU', this.drawnHandAttrs(e));
        return;
      case 'disconnect':
        this.out += tag('BYE', [['who', String(e.seat)]]);
        return;
      case 'reconnect':
        this.out += tag('UN', [[`n${e.seat}`, '']]);
        return;
      case 'roundStart':
        return;
    }
  }

  private winAttrs(e: WinEvent): Attrs {
    const attrs: Attrs = [['ba', `${e.honba},${e.riichiStickCount}`], ['hai', e.hand.join(',')]];
    const melds = this.table.seats[e.seat].melds;
    // mjlog lists a winning hand's melds latest first.
    if (melds.length > 0) attrs.push(['m', [...melds].reverse().map((m) => String(meldCode({ ...m, meld: m.type, seat: e.seat }))).join(',')]);
    attrs.push(['machi', String(e.winningTile)], ['ten', `${e.fu},${e.points},${e.limit}`]);
    if (e.yakuman.length > 0) attrs.push(['yakuman', e.yakuman.join(',')]);
    else {
      const known = e.yaku.filter((y) => y.id >= 0);
      if (known.length > 0) attrs.push(['yaku', known.map((y) => `${y.id},${y.han}`).join(',')]);
    }
    attrs.push(['doraHai', e.doraIndicators.join(',')]);
    if (e.uraIndicators.length > 0) attrs.push(['doraHaiUra', e.uraIndicators.join(',')]);
    attrs.push(['who', String(e.seat)], ['fromWho', String(e.from)]);
    if (e.pao !== undefined) attrs.push(['paoWho', String(e.pao)]);
    return this.ending(e, attrs);
  }

  private drawnHandAttrs(e: RyuukyokuEvent): Attrs {
    const type = RYUUKYOKU_TYPE_OF[e.reason];
    const attrs: Attrs = type === null ? [] : [['type', type]];
    attrs.push(['ba', `${e.honba},${e.riichiStickCount}`]);
    const shown: Attrs = e.shown.map(({ seat, hand }) => [`hai${seat}`, hand.join(',')]);
    // Tenhou shows the nine-terminals declarer's hand; a log that does not (tenhou.net/6) has it on the table.
    const declarer = e.reason === 'kyuushu-kyuuhai' && shown.length === 0 ? this.table.seatHoldingDraw() : null;
    if (declarer !== null) shown.push([`hai${declarer}`, sortIds([...this.table.seats[declarer].concealed]).join(',')]);
    return this.ending(e, attrs, shown);
  }

  /** `sc` (each seat's score before and its change, in hundreds), the shown hands, and `owari` on the game's last ending. */
  private ending(e: WinEvent | RyuukyokuEvent, attrs: Attrs, after: Attrs = []): Attrs {
    attrs.push(['sc', this.scores.map((score, s) => `${hundreds(score)},${hundreds(e.scoreDeltas[s] ?? 0)}`).join(',')]);
    attrs.push(...after);
    for (let s = 0; s < 4; s++) this.scores[s] += e.scoreDeltas[s] ?? 0;
    const final = e === this.lastEnding ? e.final : undefined;
    if (final) attrs.push(['owari', [0, 1, 2, 3].map((s) => `${hundreds(final.scores[s] ?? 0)},${(final.gamePoints[s] ?? 0).toFixed(1)}`).join(',')]);
    return attrs;
  }
}

/** A meld's mjlog code: the one the log had, or encoded from the meld (`from` the discarder, `seat` the caller). */
function meldCode(m: { meld: CallEvent['meld']; seat: number; tiles: readonly number[]; called: number; from: number; added?: number; code?: number }): number {
  if (m.code !== undefined) return m.code;
  return encodeMeld({ type: m.meld, tiles: [...m.tiles], called: m.called, fromOffset: (m.from - m.seat + 4) % 4, ...(m.added !== undefined ? { added: m.added } : {}) });
}
