/**
 * The values the catalog's columns take from an audit: small pure functions shared by several columns
 * (JSON lists written directly, a game's date, a win's han and limit as logged, the games' and audits'
 * totals). catalog.ts names each column's value with them; nothing here knows a table.
 */
import { resolve } from 'node:path';
import type { Finding, GameAudit } from '../audit/index.js';
import { LIMITS, YAKU, YAKUMAN, YAKUMAN_HAN, type Yaku } from '../events/index.js';
import type { HandReplay, ReplayResult, WinRecord } from '../replay/index.js';
import { isKan } from '../tiles/index.js';

export type SqlValue = number | string | null;

export const bit = (b: boolean): number => (b ? 1 : 0);
export const orNull = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);

/** A number as JSON.stringify writes it (null when not finite). */
function jsonNumber(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

/** `[{"id":1,"han":1},…]`, as JSON.stringify writes it, written directly: it runs on every win. */
export function yakuJson(yaku: readonly Yaku[]): string {
  let s = '[';
  for (let i = 0; i < yaku.length; i++) {
    const y = yaku[i];
    s += `${i > 0 ? ',' : ''}{"id":${jsonNumber(y.id)},"han":${jsonNumber(y.han)}${y.name === undefined ? '' : `,"name":${JSON.stringify(y.name)}`}}`;
  }
  return s + ']';
}

/** A JSON array of tile ids (null where unknown), written directly: it runs several times on every win. */
export function idList(ids: readonly (number | null)[]): string {
  let s = '[';
  for (let i = 0; i < ids.length; i++) {
    if (i > 0) s += ',';
    s += ids[i] === null ? 'null' : String(ids[i]);
  }
  return s + ']';
}

/** A knob's column: its name in snake_case (`kandoraTiming` → `kandora_timing`), as SQL names are. */
export function knobColumn(knob: string): string {
  return knob.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

/**
 * The path a game's file is stored under (`games.file`): absolute, so that `kanshi report --games` and the
 * `kanshi replay` commands of the report find the file from any folder, not only the one the audit ran in
 * (a path stored as typed, `logs/x.mjlog`, was looked for under the folder `report` ran in). What a
 * command prints about a file it audits keeps the path as typed.
 */
export function storedPath(file: string): string {
  return resolve(file);
}

/** `YYYYMMDDHH` at the start of a Tenhou log id (the hour is Japan time), or `YYYYMMDD` at the start of a file name. */
const LOG_ID_DATE = /^(\d{4})(\d{2})(\d{2})(\d{2})gm-/;
const NAME_DATE = /^(\d{4})(\d{2})(\d{2})/;

/**
 * The day a game was played, from its log id, else from its file name when that starts with a date
 * (`played_at_hour` only from a log id). Implausible dates give null rather than a wrong day.
 */
export function playedOn(logId: string | null, file: string): { played_on: string | null; played_at_hour: number | null } {
  const id = logId ? LOG_ID_DATE.exec(logId) : null;
  const m = id ?? NAME_DATE.exec(file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1));
  if (!m) return { played_on: null, played_at_hour: null };
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Tenhou opened in 2006; a date the calendar does not have is not a date.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2006 || year > 2099 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return { played_on: null, played_at_hour: null };
  const hour = id ? Number(id[4]) : null;
  return { played_on: `${m[1]}-${m[2]}-${m[3]}`, played_at_hour: hour !== null && hour < 24 ? hour : null };
}

/** `limit_name` by a limit code (0..5): src/events' names. */
export const LIMIT_NAMES: readonly string[] = LIMITS.map((l) => l.term);

/**
 * Han as scored: the yaku's han, YAKUMAN_HAN per yakuman the log lists (Tenhou counts no double yakuman);
 * null when the log names no yaku (mjai, some converted JSON): a win has at least one, so none means not
 * recorded, not 0 han.
 */
export function hanOf(w: WinRecord): number | null {
  if (w.yaku.length === 0 && w.yakuman.length === 0) return null;
  let han = YAKUMAN_HAN * w.yakuman.length;
  for (const y of w.yaku) han += y.han;
  return han;
}

/** The log's limit name: without yaku it is not known either, unless the log names one (a mangan or more). */
export function loggedLimitName(w: WinRecord): string | null {
  return w.limit === undefined || (hanOf(w) === null && !w.limit) ? null : (LIMIT_NAMES[w.limit] ?? null);
}

/** The re-scored yaku as JSON, `[{"id":…,"han":…}]` (no names), built by hand: it runs on every win. */
export function scoredYakuJson(w: WinRecord): string | null {
  const s = w.score;
  if (!s) return null;
  let yaku = '[';
  for (let i = 0; i < s.yaku.length; i++) yaku += `${i > 0 ? ',' : ''}{"id":${s.yaku[i].id},"han":${s.yaku[i].han}}`;
  return `${yaku}]`;
}

/** The re-scored yakuman ids as JSON, a double yakuman twice. */
export function scoredYakumanJson(w: WinRecord): string | null {
  const s = w.score;
  if (!s) return null;
  let yakuman = '[';
  for (const y of s.yakuman) for (let k = 0; k < y.multiplier; k++) yakuman += `${yakuman.length > 1 ? ',' : ''}${y.id}`;
  return `${yakuman}]`;
}

/** The components of the win's score mismatches, each once, comma-separated; null when none (or not re-scored). */
export function mismatchComponents(w: WinRecord): string | null {
  if (!w.score) return null;
  let components: string | null = null;
  for (const m of w.scoreMismatches ?? []) {
    if (components === null) components = m.component;
    else if (!components.split(',').includes(m.component)) components += `,${m.component}`;
  }
  return components;
}

/** The winner's own kans: the ankan, daiminkan and kakan among its melds when it wins. */
export function ownKanCount(w: WinRecord): number {
  let n = 0;
  for (const m of w.melds) if (isKan(m.type)) n++;
  return n;
}

export function kitaReplacements(r: HandReplay): number {
  let n = 0;
  for (const k of r.kita) if (k.replacement !== null) n++;
  return n;
}

/** Ryuukyoku reasons that end a hand before its wall runs out. */
const ABORTIVE = new Set(['kyuushu-kyuuhai', 'suucha-riichi', 'sanchahou', 'suukaikan', 'suufon-renda']);

/** The hand ended in an abortive draw (its `aborts` row). */
export function isAbort(r: HandReplay): boolean {
  return r.ending.kind === 'ryuukyoku' && !!r.ending.reason && ABORTIVE.has(r.ending.reason);
}

/** ok, or why the file gave no game: kanshi itself failed (audit-error) or the file is not a log. */
export function auditStatus(audit: GameAudit): { status: 'ok' | 'ingest-error' | 'audit-error'; error: string | null } {
  if (audit.game !== null) return { status: 'ok', error: null };
  const failure = audit.findings.find((f) => f.kind === 'audit-error') ?? audit.findings.find((f) => f.kind === 'ingest-error');
  return { status: failure?.kind === 'audit-error' ? 'audit-error' : 'ingest-error', error: failure?.message ?? 'the file could not be read' };
}

export function severityCount(findings: readonly Finding[], severity: Finding['severity']): number {
  let n = 0;
  for (const f of findings) if (f.severity === severity) n++;
  return n;
}

/** Details are plain data, but a stray bigint or cycle must not lose the whole batch. */
export function detailsJson(details: Finding['details']): string {
  try {
    return JSON.stringify(details, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '{}';
  } catch (err) {
    return JSON.stringify({ unserializable: (err as Error).message });
  }
}

// ---- the games' totals ---------------------------------------------------------------------------------

/** A game's totals over its kans and hands (the `games` columns marked as totals in the catalog). */
export interface GameTotals {
  completed_kans: number;
  ankans: number;
  daiminkans: number;
  kakans: number;
  robbed_kans: number;
  ankan_replacements: number;
  daiminkan_replacements: number;
  kakan_replacements: number;
  ankan_rinshan_wins: number;
  daiminkan_rinshan_wins: number;
  kakan_rinshan_wins: number;
  kitas: number;
  kita_replacement_draws: number;
  kita_rinshan_wins: number;
  riichis: number;
  kans_in_riichi: number;
}

/**
 * The totals, counted from the replay the fact rows come from: each is the count (or sum) of kans and
 * hands rows that the catalog's doc line names for its column.
 */
export function gameTotals(replay: ReplayResult | null): GameTotals {
  const t: GameTotals = {
    completed_kans: 0, ankans: 0, daiminkans: 0, kakans: 0, robbed_kans: 0, ankan_replacements: 0, daiminkan_replacements: 0, kakan_replacements: 0,
    ankan_rinshan_wins: 0, daiminkan_rinshan_wins: 0, kakan_rinshan_wins: 0, kitas: 0, kita_replacement_draws: 0, kita_rinshan_wins: 0,
    riichis: 0, kans_in_riichi: 0,
  };
  if (!replay) return t;
  for (const r of replay.hands) {
    let kanRinshanWin = false;
    for (const k of r.kans) {
      if (k.inRiichi) t.kans_in_riichi++;
      if (k.rinshanWin) kanRinshanWin = true;
      if (k.robbed) {
        t.robbed_kans++;
        continue;
      }
      t.completed_kans++;
      const replaced = (k.replacement?.tile ?? null) !== null ? 1 : 0;
      const won = k.rinshanWin ? 1 : 0;
      if (k.kind === 'ankan') {
        t.ankans++;
        t.ankan_replacements += replaced;
        t.ankan_rinshan_wins += won;
      } else if (k.kind === 'daiminkan') {
        t.daiminkans++;
        t.daiminkan_replacements += replaced;
        t.daiminkan_rinshan_wins += won;
      } else {
        t.kakans++;
        t.kakan_replacements += replaced;
        t.kakan_rinshan_wins += won;
      }
    }
    t.kitas += r.kita.length;
    t.kita_replacement_draws += kitaReplacements(r);
    t.riichis += r.riichiDeclarations.length;
    // A rinshan win in a hand with a kita is the kita's when no kan's replacement won it.
    if (r.kita.length > 0 && !kanRinshanWin) for (const w of r.wins) if (w.rinshan) t.kita_rinshan_wins++;
  }
  return t;
}

// ---- the audits' totals --------------------------------------------------------------------------------

/** The kan sources of kan_scoring, in its order, as the prefixes of their audits totals. */
export const KAN_SCORING_SOURCES = ['rinshan', 'chankan', 'sankantsu', 'suukantsu', 'kandora', 'kan_fu', 'kan_han'] as const;
export type KanSource = (typeof KAN_SCORING_SOURCES)[number];

/** An audit's totals over its wins (the `audits` columns marked as totals in the catalog): counts and sums. */
export interface AuditTotals {
  wins: number;
  wins_not_rescored: number;
  wins_agreeing: number;
  wins_differing: number;
  wins_yaku_differ: number;
  wins_han_differ: number;
  wins_fu_differ: number;
  wins_points_differ: number;
  wins_limit_differ: number;
  wins_payment_differ: number;
  draws_differing: number;
  valid_wins: number;
  /** Per source S of KAN_SCORING_SOURCES: [S_wins, S_brought, S_wins_han, S_wins_points]. */
  sources: Record<KanSource, [number, number, number, number]>;
}

export function emptyAuditTotals(): AuditTotals {
  return {
    wins: 0, wins_not_rescored: 0, wins_agreeing: 0, wins_differing: 0,
    wins_yaku_differ: 0, wins_han_differ: 0, wins_fu_differ: 0, wins_points_differ: 0, wins_limit_differ: 0, wins_payment_differ: 0,
    draws_differing: 0,
    valid_wins: 0,
    sources: { rinshan: [0, 0, 0, 0], chankan: [0, 0, 0, 0], sankantsu: [0, 0, 0, 0], suukantsu: [0, 0, 0, 0], kandora: [0, 0, 0, 0], kan_fu: [0, 0, 0, 0], kan_han: [0, 0, 0, 0] },
  };
}

/** The han of the first yaku of that id in the re-scored list, or null. */
function scoredYakuHan(w: WinRecord, id: number): number | null {
  for (const y of w.score?.yaku ?? []) if (y.id === id) return y.han;
  return null;
}

function addSource(t: AuditTotals, source: KanSource, brought: number | null, han: number, points: number): void {
  if (brought === null) return;
  const s = t.sources[source];
  s[0]++;
  s[1] += brought;
  s[2] += han;
  s[3] += points;
}

/** Adds one win (as its win_dora row stores it) to the audit's totals. */
export function addWinTotals(t: AuditTotals, w: WinRecord): void {
  t.wins++;
  const s = w.score;
  if (!s) {
    t.wins_not_rescored++;
    return;
  }
  const mismatches = w.scoreMismatches?.length ?? 0;
  if (mismatches === 0) t.wins_agreeing++;
  else t.wins_differing++;
  const components = mismatchComponents(w);
  if (components !== null) addDifferingComponents(t, components);
  if (!s.valid) return;
  t.valid_wins++;
  addSource(t, 'rinshan', scoredYakuHan(w, YAKU.rinshanKaihou), s.han, s.points);
  addSource(t, 'chankan', scoredYakuHan(w, YAKU.chankan), s.han, s.points);
  addSource(t, 'sankantsu', scoredYakuHan(w, YAKU.sankantsu), s.han, s.points);
  addSource(t, 'suukantsu', s.yakuman.some((y) => y.id === YAKUMAN.suukantsu && y.multiplier > 0) ? 1 : null, s.han, s.points);
  const kandora = w.rule.kandora;
  const noYakuman = !s.yakuman.some((y) => y.multiplier > 0);
  addSource(t, 'kandora', kandora !== null && kandora > 0 && noYakuman ? kandora : null, s.han, s.points);
  addSource(t, 'kan_fu', s.kanFu > 0 ? s.kanFu : null, s.han, s.points);
  addSource(t, 'kan_han', s.kanHan > 0 ? s.kanHan : null, s.han, s.points);
}

/**
 * Counts a differing win by the components that differ (rare: a function of its own, so that the first
 * one met does not throw away addWinTotals' optimized code).
 */
function addDifferingComponents(t: AuditTotals, components: string): void {
  const parts = components.split(',');
  if (parts.includes('yaku')) t.wins_yaku_differ++;
  if (parts.includes('han')) t.wins_han_differ++;
  if (parts.includes('fu')) t.wins_fu_differ++;
  if (parts.includes('points')) t.wins_points_differ++;
  if (parts.includes('limit')) t.wins_limit_differ++;
  if (parts.includes('payment')) t.wins_payment_differ++;
}

/**
 * Adds the drawn hands whose payments differ: the hands (not null) of the audit's score-mismatch findings
 * at no win of its win_dora rows (`winKeys`: `hand:event_index` of each).
 */
export function addDrawTotals(t: AuditTotals, findings: readonly Finding[], winKeys: ReadonlySet<string>): void {
  let hands: Set<number> | null = null;
  for (const f of findings) {
    if (f.kind !== 'score-mismatch' || f.hand === null) continue;
    if (f.eventIndex !== null && winKeys.has(`${f.hand}:${f.eventIndex}`)) continue;
    (hands ??= new Set()).add(f.hand);
  }
  t.draws_differing += hands?.size ?? 0;
}
