/**
 * A computed score against the log's: yaku (ids and han), han, fu, points, limit and every seat's score
 * change, each difference a ScoreMismatch naming the component, both values and, when the difference
 * comes from a kan (chankan, rinshan kaihou, sankantsu, suukantsu, ippatsu broken by a kan, kan fu), the
 * kan's call event and kind. Only what the log states is compared: tenhou.net/6 JSON gives no fu for limit
 * hands and omits a 0-han ura; mjai may give no yaku at all.
 */
import { limitTerm, YAKU, YAKUMAN, yakuTerm, type RyuukyokuEvent, type SourceFormat, type WinEvent } from '../events/index.js';
import type { LogConventionName } from '../rules/index.js';
import { fuPartText } from './names.js';
import type { DrawScore, KanRef, ScoreMismatch, WinScore } from './types.js';

export interface CompareOptions {
  /** The log's format: what it states (default: mjlog XML's, which states everything). */
  format?: SourceFormat;
  /** Seats that play (3 or 4): payments are compared for these. */
  players?: 3 | 4;
  /** The conventions the log may follow (src/rules LOG_CONVENTIONS): `unrounded-fu` rounds a logged fu up first. */
  conventions?: readonly LogConventionName[];
}

/** A logged fu as compared: rounded up to 10 when the log may write it unrounded (chiitoitsu's 25 stays). */
function loggedFu(fu: number, conventions: readonly LogConventionName[] | undefined): number {
  if (fu === 25 || fu % 10 === 0 || !conventions?.includes('unrounded-fu')) return fu;
  return Math.ceil(fu / 10) * 10;
}

/** Yaku as `id → han`, repeated ids summed (JSON names nukidora apart from dora, both id 52), 0-han entries dropped. */
function yakuMap(list: readonly { id: number; han: number }[]): Map<number, number> {
  const map = new Map<number, number>();
  for (const y of list) {
    if (y.han === 0) continue;
    map.set(y.id, (map.get(y.id) ?? 0) + y.han);
  }
  return map;
}

function yakuListText(map: ReadonlyMap<number, number>): string {
  return [...map.entries()].sort((a, b) => a[0] - b[0]).map(([id, han]) => `${id}:${han}`).join(',') || 'none';
}

/** Han by yaku id (ids 0..63), for the logged and the computed list: scratch, as the scorer's. */
const LOGGED_HAN = new Int32Array(64);
const COMPUTED_HAN = new Int32Array(64);

/** Do the two lists give every id the same han (0-han entries as absent)? False for an id outside 0..63, to be looked at closely. */
function sameYaku(logged: readonly { id: number; han: number }[], computed: readonly { id: number; han: number }[]): boolean {
  LOGGED_HAN.fill(0);
  COMPUTED_HAN.fill(0);
  for (let i = 0; i < logged.length; i++) {
    const id = logged[i].id;
    if (id < 0 || id >= 64) return false;
    LOGGED_HAN[id] += logged[i].han;
  }
  for (let i = 0; i < computed.length; i++) {
    const id = computed[i].id;
    if (id < 0 || id >= 64) return false;
    COMPUTED_HAN[id] += computed[i].han;
  }
  for (let id = 0; id < 64; id++) if (LOGGED_HAN[id] !== COMPUTED_HAN[id]) return false;
  return true;
}

/** The same yakuman ids, in any order? */
function sameYakuman(logged: readonly number[], computed: readonly { id: number }[]): boolean {
  if (logged.length !== computed.length) return false;
  for (let i = 0; i < logged.length; i++) {
    let inLog = 0;
    let inScore = 0;
    for (let j = 0; j < logged.length; j++) if (logged[j] === logged[i]) inLog++;
    for (let j = 0; j < computed.length; j++) if (computed[j].id === logged[i]) inScore++;
    if (inLog !== inScore) return false;
  }
  return true;
}

/** The kans behind a yaku, when it comes from kans. */
function kansForYaku(id: number, computed: WinScore): KanRef[] {
  const k = computed.kans;
  if (id === YAKU.chankan) return k.robbed ? [k.robbed] : [];
  if (id === YAKU.rinshanKaihou) return k.rinshan ? [k.rinshan] : [];
  if (id === YAKU.sankantsu || id === YAKUMAN.suukantsu) return [...k.melds];
  if (id === YAKU.ippatsu) return [...k.afterRiichi];
  const scored = computed.yaku.find((y) => y.id === id);
  return scored?.kans ? [...scored.kans] : [];
}

function withKans(m: ScoreMismatch, kans: readonly KanRef[]): ScoreMismatch {
  return kans.length > 0 ? { ...m, kans: [...kans] } : m;
}

function kanText(kans: readonly KanRef[]): string {
  return kans.length > 0 ? ` (${kans.map((k) => `${k.kind} at event ${k.eventIndex}`).join(', ')})` : '';
}

/** The differences between a logged win and its computed score. */
export function compareWithLog(logged: WinEvent, computed: WinScore, options: CompareOptions = {}): ScoreMismatch[] {
  const format = options.format ?? 'mjlog';
  const players = options.players ?? 4;
  const out: ScoreMismatch[] = [];
  // mjlog and tenhou.net/6 JSON always list the yaku (an empty list is a claim too); mjai may carry none.
  const statesYaku = format !== 'mjai' || logged.yaku.length > 0 || logged.yakuman.length > 0;
  // A yaku the reader could not name (id -1, a finding of its own) makes the lists incomparable id by id:
  // the han total, fu, points and payments are still compared.
  const unknownYaku = logged.yaku.some((y) => y.id < 0);
  // The usual case, every yaku and yakuman the same, is told without building anything.
  if (statesYaku && !unknownYaku && !(sameYaku(logged.yaku, computed.yaku) && sameYakuman(logged.yakuman, computed.yakuman))) {
    const a = yakuMap(logged.yaku);
    const b = yakuMap(computed.yaku);
    const ids = new Set<number>([...a.keys(), ...b.keys()]);
    for (const id of [...ids].sort((x, y) => x - y)) {
      const la = a.get(id);
      const cb = b.get(id);
      if (la === cb) continue;
      const kans = kansForYaku(id, computed);
      const what = la === undefined ? `the log lacks ${yakuTerm(id)} (${cb} han)` : cb === undefined ? `the log scores ${yakuTerm(id)} (${la} han), the hand does not give it` : `${yakuTerm(id)}: the log scores ${la} han, the hand gives ${cb}`;
      out.push(withKans({ component: 'yaku', yakuId: id, logged: la === undefined ? 'absent' : `${id}:${la}`, computed: cb === undefined ? 'absent' : `${id}:${cb}`, message: what + kanText(kans) }, kans));
    }
    const ly = [...logged.yakuman].sort((x, y) => x - y);
    const cy = computed.yakuman.map((y) => y.id).sort((x, y) => x - y);
    if (ly.join(',') !== cy.join(',')) {
      const kans: KanRef[] = [];
      for (const id of new Set([...ly, ...cy])) if (!ly.includes(id) || !cy.includes(id)) kans.push(...kansForYaku(id, computed));
      out.push(withKans({
        component: 'yaku',
        logged: ly.join(',') || 'none',
        computed: cy.join(',') || 'none',
        message: `yakuman: the log scores ${ly.map(yakuTerm).join(', ') || 'none'}, the hand gives ${cy.map(yakuTerm).join(', ') || 'none'}${kanText(kans)}`,
      }, kans));
    }
  }
  if (statesYaku) {
    let loggedHan = 0;
    for (const y of logged.yaku) loggedHan += y.han;
    if (logged.yakuman.length > 0) loggedHan = 0;
    if (loggedHan !== computed.han) {
      out.push({ component: 'han', logged: loggedHan, computed: computed.han, message: `han: the log scores ${loggedHan}, the hand gives ${computed.han} (${yakuListText(yakuMap(computed.yaku))})` });
    }
  }
  // mjlog states fu on every win; JSON only below the limits (its 0 is "not said"), mjai when it has it.
  const statesFu = format === 'mjlog' || logged.fu > 0;
  const fu = loggedFu(logged.fu, options.conventions);
  if (statesFu && fu !== computed.fu) {
    const kans: KanRef[] = [];
    for (const p of computed.fuParts) if (p.kan) kans.push(p.kan);
    const breakdown = computed.fuParts.map(fuPartText).join(', ');
    out.push(withKans({ component: 'fu', logged: logged.fu, computed: computed.fu, message: `fu: the log says ${logged.fu}, the hand has ${computed.fu} (${breakdown})` }, kans));
  }
  const statesPoints = format !== 'mjai' || logged.points > 0;
  if (statesPoints && logged.points !== computed.points) {
    out.push({ component: 'points', logged: logged.points, computed: computed.points, message: `points: the log says ${logged.points}, the hand is worth ${computed.points}` });
  }
  const statesLimit = format !== 'mjai' || statesYaku || logged.fu > 0;
  if (statesLimit && !limitAgrees(logged.limit, computed)) {
    out.push({ component: 'limit', logged: logged.limit, computed: computed.limit, message: `limit: the log says ${limitWords(logged.limit)}, the hand reaches ${limitWords(computed.limit)}` });
  }
  comparePayments(logged.scoreDeltas, computed.deltas, players, out);
  return out;
}

/**
 * Does the log's limit agree with the score's? A hand that kiriage rounds up (1,920 basic points paid as
 * 2,000: limit 0, basic 2,000) is paid as a mangan, and logs name it either way: Tenhou's tenhou.net/6
 * points string says 満貫 (a lobby game with kiriage set in its csrule), its mjlog chip games write limit 0
 * (ten="30,12000,0"). Both agree; what it pays is compared apart.
 */
function limitAgrees(logged: number, computed: WinScore): boolean {
  if (logged === computed.limit) return true;
  return logged === 1 && computed.limit === 0 && computed.basicPoints === 2000;
}

/** A limit in a message: `no limit` rather than the table's `none`, the code itself when it is no limit. */
function limitWords(limit: number): string {
  return limit === 0 ? 'no limit' : (limitTerm(limit) ?? String(limit));
}

function comparePayments(logged: readonly number[], computed: readonly number[], players: number, out: ScoreMismatch[]): void {
  for (let s = 0; s < players; s++) {
    const l = logged[s] ?? 0;
    const c = computed[s] ?? 0;
    if (l === c) continue;
    out.push({ component: 'payment', seat: s, logged: l, computed: c, message: `seat ${s}: the log changes its score by ${l}, the scorer by ${c}` });
  }
}

/** The differences between a logged drawn hand's score changes and the computed ones. */
export function compareDrawWithLog(logged: RyuukyokuEvent, computed: DrawScore, players: 3 | 4 = 4): ScoreMismatch[] {
  const out: ScoreMismatch[] = [];
  comparePayments(logged.scoreDeltas, computed.deltas, players, out);
  return out;
}
