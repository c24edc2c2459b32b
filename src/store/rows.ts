/**
 * A GameAudit as table rows: one pure function per table, each giving the named parameters of its INSERT.
 * The column lists are the tables' columns in schemas/audit.sql (minus keys the writer adds: game_id,
 * rule_set_id); the types make each row builder name every column.
 */
import { resolve } from 'node:path';
import type { Finding, GameAudit, GameMeta, RiichiKanVerdict } from '../audit/index.js';
import { LIMITS, YAKU, YAKU_TABLE, YAKUMAN, YAKUMAN_HAN, type Yaku } from '../events/index.js';
import type { KanRecord, ReplayResult, RiichiDeclaration, HandReplay, WinRecord } from '../replay/index.js';
import { KNOBS, type Rules } from '../rules/index.js';

export type SqlValue = number | string | null;
type Row<C extends readonly string[]> = Record<C[number], SqlValue>;

const bit = (b: boolean): number => (b ? 1 : 0);
const orNull = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);

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

// ---- rule sets ---------------------------------------------------------------------------------------

/** A knob's column: its name in snake_case (`kandoraTiming` → `kandora_timing`), as SQL names are. */
export function knobColumn(knob: string): string {
  return knob.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

/** The knob columns' values; booleans are 0/1. */
export function knobValues(rules: Rules): Record<string, SqlValue> {
  const values: Record<string, SqlValue> = {};
  for (const k of KNOBS) {
    const v = rules[k.name];
    values[knobColumn(k.name)] = typeof v === 'boolean' ? bit(v) : v;
  }
  return values;
}

// ---- games -------------------------------------------------------------------------------------------

/** The game's totals over its kans and rounds rows (schema v4): what the statistics add up, one row per game. */
export const GAME_TOTAL_COLUMNS = [
  'completed_kans', 'ankans', 'daiminkans', 'kakans', 'robbed_kans', 'ankan_replacements', 'daiminkan_replacements', 'kakan_replacements',
  'ankan_rinshan_wins', 'daiminkan_rinshan_wins', 'kakan_rinshan_wins', 'kitas', 'kita_replacement_draws', 'kita_rinshan_wins',
  'riichis', 'kans_in_riichi',
] as const;
export type GameTotals = Row<typeof GAME_TOTAL_COLUMNS>;

/**
 * The totals, counted from the replay the fact rows come from: each is the count (or sum) of kans and
 * rounds rows that schemas/audit.sql names for its column, and the v4 migration computes in SQL.
 */
export function gameTotals(replay: ReplayResult | null): GameTotals {
  const t = {
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
    t.kita_replacement_draws += countKitaReplacements(r);
    t.riichis += r.riichiDeclarations.length;
    // A rinshan win in a hand with a kita is the kita's when no kan's replacement won it.
    if (r.kita.length > 0 && !kanRinshanWin) for (const w of r.wins) if (w.rinshan) t.kita_rinshan_wins++;
  }
  return t;
}

export const GAME_COLUMNS = [
  'content_hash', 'log_id', 'file', 'error', 'format', 'platform', 'gzip', 'player_count', 'lobby', 'lobby_level', 'type_code',
  'rule_label', 'red_fives', 'open_tanyao', 'length', 'speed', 'vs_humans', 'seed_kind', 'seeded', 'seed_note',
  'hand_count', 'complete', 'wall_checked', 'wall_mismatches', 'inconsistencies', 'title', 'played_on', 'played_at_hour',
  ...GAME_TOTAL_COLUMNS,
] as const;
export type GameRow = Row<typeof GAME_COLUMNS>;

/**
 * The path a game's file is stored under (`games.file`): absolute, so that `kanshi report --games` and the
 * `kanshi replay` commands of the report find the file from any folder, not only the one the audit ran in
 * (a path stored as typed, `logs/x.mjlog`, was looked for under the folder `report` ran in). What a
 * command prints about a file it audits keeps the path as typed.
 */
export function storedPath(file: string): string {
  return resolve(file);
}

export function gameRow(audit: GameAudit, game: GameMeta): GameRow {
  const replay = audit.replay;
  return {
    content_hash: audit.contentHash,
    log_id: game.logId,
    file: storedPath(audit.file),
    error: null,
    format: game.format,
    platform: game.platform,
    gzip: bit(game.gzip),
    player_count: game.rule.playerCount,
    lobby: game.lobby,
    lobby_level: game.rule.lobbyLevel,
    type_code: game.rule.typeCode,
    rule_label: game.rule.label,
    red_fives: bit(game.rule.redFives),
    open_tanyao: bit(game.rule.openTanyao),
    length: game.rule.length,
    speed: game.rule.speed,
    vs_humans: bit(game.rule.vsHumans),
    // The seed itself is kilobytes of base64 and lives in the log; its scheme is what queries group by.
    seed_kind: game.seed === null ? null : game.seed.split(',')[0],
    seeded: replay ? bit(replay.seeded) : null,
    seed_note: replay ? replay.seedNote : null,
    hand_count: game.handCount,
    complete: bit(game.final !== null),
    wall_checked: replay ? replay.checkedTileCount : null,
    wall_mismatches: replay ? replay.wallMismatches.length : null,
    inconsistencies: replay ? replay.inconsistencies.length : null,
    title: game.title && game.title.length > 0 ? game.title.join('\n') : null,
    ...playedOn(game.logId, audit.file),
    ...gameTotals(replay),
  };
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

export const PLAYER_COLUMNS = ['seat', 'name', 'dan', 'dan_name', 'rate', 'sex', 'final_score', 'final_points'] as const;
export type PlayerRow = Row<typeof PLAYER_COLUMNS>;

export function playerRows(game: GameMeta): PlayerRow[] {
  const rows: PlayerRow[] = [];
  for (const p of game.players) {
    rows.push({
      seat: p.seat,
      name: p.name,
      dan: p.dan,
      dan_name: p.danName,
      rate: p.rate,
      sex: p.sex,
      final_score: orNull(game.final?.scores[p.seat]),
      final_points: orNull(game.final?.gamePoints[p.seat]),
    });
  }
  return rows;
}

// ---- rounds, kans, reveals, wins, aborts ---------------------------------------------------------------

export const HAND_COLUMNS = [
  'hand', 'kyoku', 'honba', 'dealer', 'wall_built', 'wall_note', 'ending', 'ending_reason', 'ending_event_index',
  'kans', 'kan_players', 'kita', 'kita_replacements', 'riichi', 'live_draws', 'replacement_draws', 'event_count',
] as const;
export type HandRow = Row<typeof HAND_COLUMNS>;

export function handRow(r: HandReplay): HandRow {
  return {
    hand: r.hand,
    kyoku: r.kyoku,
    honba: r.honba,
    dealer: r.dealer,
    wall_built: bit(r.wall.built),
    wall_note: orNull(r.wall.reason),
    ending: r.ending.kind,
    ending_reason: orNull(r.ending.reason),
    ending_event_index: r.ending.eventIndex,
    kans: r.ending.kanCount,
    kan_players: r.ending.kanPlayerCount,
    kita: r.kita.length,
    kita_replacements: countKitaReplacements(r),
    riichi: r.riichiDeclarations.length,
    live_draws: r.liveDrawCount,
    replacement_draws: r.replacementDrawCount,
    event_count: r.eventCount,
  };
}

function countKitaReplacements(r: HandReplay): number {
  let n = 0;
  for (const k of r.kita) if (k.replacement !== null) n++;
  return n;
}

export const KAN_COLUMNS = [
  'hand', 'event_index', 'number', 'seat', 'kind', 'tile', 'tiles', 'from_seat', 'turn', 'live_wall_left', 'in_riichi',
  'after_call', 'after_replacement', 'drawn_tile', 'robbed', 'replacement_tile', 'replacement_event_index',
  'replacement_number', 'replacement_wall_index', 'rinshan_win', 'kandora_number', 'indicator', 'indicator_wall_index',
  'reveal_event_index', 'reveal_logged', 'discard_event_index', 'next_declaration_event_index',
] as const;
export type KanRow = Row<typeof KAN_COLUMNS>;

export function kanRow(k: KanRecord): KanRow {
  return {
    hand: k.hand,
    event_index: k.eventIndex,
    number: k.number,
    seat: k.seat,
    kind: k.kind,
    tile: k.tile,
    tiles: idList(k.tiles),
    from_seat: k.from,
    turn: k.turn,
    live_wall_left: k.liveWallLeft,
    in_riichi: bit(k.inRiichi),
    after_call: bit(k.afterCall),
    after_replacement: bit(k.afterReplacement),
    drawn_tile: k.drawnTile,
    robbed: bit(k.robbed),
    replacement_tile: k.replacement?.tile ?? null,
    replacement_event_index: k.replacement?.eventIndex ?? null,
    replacement_number: k.replacement?.number ?? null,
    replacement_wall_index: k.replacement?.wall.index ?? null,
    rinshan_win: bit(k.rinshanWin),
    kandora_number: k.kandoraNumber,
    indicator: k.indicator,
    indicator_wall_index: k.indicatorWall.index,
    reveal_event_index: k.revealEventIndex,
    reveal_logged: k.revealLogged,
    discard_event_index: k.discardEventIndex,
    next_declaration_event_index: k.nextDeclarationEventIndex,
  };
}

export const REVEAL_COLUMNS = ['hand', 'event_index', 'kan_event_index', 'kandora_number', 'indicator', 'wall_index', 'wall_tile', 'moment'] as const;
export type RevealRow = Row<typeof REVEAL_COLUMNS>;

/** The kan's logged reveal, if the log turned its indicator over. */
export function revealRow(k: KanRecord): RevealRow | null {
  if (k.revealEventIndex === null || k.indicator === null) return null;
  return {
    hand: k.hand,
    event_index: k.revealEventIndex,
    kan_event_index: k.eventIndex,
    kandora_number: k.kandoraNumber,
    indicator: k.indicator,
    wall_index: k.indicatorWall.index,
    wall_tile: k.indicatorWall.expected,
    moment: k.revealLogged,
  };
}

export const WIN_COLUMNS = [
  'hand', 'event_index', 'seat', 'from_seat', 'tsumo', 'winning_tile', 'chankan', 'chankan_on_ankan', 'rinshan', 'haitei',
  'houtei', 'on_kita', 'riichi', 'kans_before', 'kita', 'yaku', 'yakuman', 'dora_han_logged', 'indicators',
  'ura_indicators', 'dora', 'ura_dora', 'han', 'fu', 'points', 'limit_name', 'red_dora', 'kita_dora',
] as const;
export type WinRow = Row<typeof WIN_COLUMNS>;

/** `wins.limit_name` by the log's limit code (0..5): src/events' names. */
export const LIMIT_NAMES: readonly string[] = LIMITS.map((l) => l.term);

/**
 * Han as scored: the yaku's han, YAKUMAN_HAN per yakuman the log lists (Tenhou counts no double yakuman);
 * null when the log names no yaku (mjai, some converted JSON): a win has at least one, so none means not
 * recorded, not 0 han.
 */
function hanOf(w: WinRecord): number | null {
  if (w.yaku.length === 0 && w.yakuman.length === 0) return null;
  let han = YAKUMAN_HAN * w.yakuman.length;
  for (const y of w.yaku) han += y.han;
  return han;
}

export function winRow(w: WinRecord): WinRow {
  const han = hanOf(w);
  return {
    hand: w.hand,
    event_index: w.eventIndex,
    seat: w.seat,
    from_seat: w.from,
    tsumo: bit(w.tsumo),
    winning_tile: w.winningTile,
    chankan: bit(w.chankan),
    chankan_on_ankan: bit(w.chankanOnAnkan),
    rinshan: bit(w.rinshan),
    haitei: bit(w.haitei),
    houtei: bit(w.houtei),
    on_kita: bit(w.onKita),
    riichi: bit(w.riichi),
    kans_before: w.earlierKanCount,
    kita: w.kitaCount,
    yaku: yakuJson(w.yaku),
    yakuman: idList(w.yakuman),
    dora_han_logged: w.doraHanLogged,
    indicators: idList(w.logged.indicators),
    ura_indicators: idList(w.logged.ura),
    dora: w.logged.dora,
    ura_dora: w.logged.uraDora,
    han,
    // A hand has at least 20 fu: 0 is a log that does not say (limit hands in tenhou.net/6, mjai).
    fu: w.fu ? w.fu : null,
    points: w.points ?? null,
    // Without yaku the limit is not known either, unless the log names one (a mangan or more).
    limit_name: w.limit === undefined || (han === null && !w.limit) ? null : (LIMIT_NAMES[w.limit] ?? null),
    red_dora: w.redFiveCount,
    kita_dora: w.kitaCount,
  };
}

export const RIICHI_DECLARATION_COLUMNS = ['hand', 'event_index', 'seat', 'turn', 'tile', 'tsumogiri', 'accepted'] as const;
export type RiichiDeclarationRow = Row<typeof RIICHI_DECLARATION_COLUMNS>;

export function riichiDeclarationRow(hand: number, r: RiichiDeclaration): RiichiDeclarationRow {
  return {
    hand,
    event_index: r.eventIndex,
    seat: r.seat,
    turn: r.turn,
    tile: r.tile,
    tsumogiri: r.tsumogiri === null ? null : bit(r.tsumogiri),
    accepted: bit(r.accepted),
  };
}

/** The closed list of yaku: every mjlog id 0..54 with a romaji name (`rinshan-kaihou`), the Japanese one and whether it is a yakuman. */
export interface YakuRow {
  yaku_id: number;
  name: string;
  name_ja: string;
  yakuman: number;
}

export function yakuRows(): YakuRow[] {
  // The table's key in kebab case: rinshanKaihou → rinshan-kaihou, kokushi13 → kokushi-13.
  const kebab = (camel: string) => camel.replace(/[A-Z0-9]+/g, (m) => '-' + m.toLowerCase());
  return YAKU_TABLE.map((y) => ({ yaku_id: y.id, name: kebab(y.key), name_ja: y.tenhou, yakuman: bit(y.yakuman) }));
}

export const ABORT_COLUMNS = ['hand', 'event_index', 'reason', 'kans', 'kan_players'] as const;
export type AbortRow = Row<typeof ABORT_COLUMNS>;

/** Ryuukyoku reasons that end a hand before its wall runs out. */
const ABORTIVE = new Set(['kyuushu-kyuuhai', 'suucha-riichi', 'sanchahou', 'suukaikan', 'suufon-renda']);

export function abortRow(r: HandReplay): AbortRow | null {
  if (r.ending.kind !== 'ryuukyoku' || !r.ending.reason || !ABORTIVE.has(r.ending.reason)) return null;
  return { hand: r.hand, event_index: r.ending.eventIndex, reason: r.ending.reason, kans: r.ending.kanCount, kan_players: r.ending.kanPlayerCount };
}

// ---- verdicts ----------------------------------------------------------------------------------------

export const AUDIT_COLUMNS = [
  'status', 'error', 'effective_kandora_timing', 'timing_mismatches', 'errors', 'warnings', 'infos', 'audited_at',
] as const;
export type AuditRow = Row<typeof AUDIT_COLUMNS>;

/** ok, or why the file gave no game: kanshi itself failed (audit-error) or the file is not a log. */
export function auditStatus(audit: GameAudit): { status: 'ok' | 'ingest-error' | 'audit-error'; error: string | null } {
  if (audit.game !== null) return { status: 'ok', error: null };
  const failure = audit.findings.find((f) => f.kind === 'audit-error') ?? audit.findings.find((f) => f.kind === 'ingest-error');
  return { status: failure?.kind === 'audit-error' ? 'audit-error' : 'ingest-error', error: failure?.message ?? 'the file could not be read' };
}

function severityCount(findings: readonly Finding[], severity: Finding['severity']): number {
  let n = 0;
  for (const f of findings) if (f.severity === severity) n++;
  return n;
}

export function auditRow(audit: GameAudit, at: string): AuditRow {
  const { status, error } = auditStatus(audit);
  return {
    status,
    error,
    effective_kandora_timing: audit.replay?.effectiveKandoraTiming ?? null,
    timing_mismatches: audit.replay?.timingMismatches.length ?? 0,
    errors: severityCount(audit.findings, 'error'),
    warnings: severityCount(audit.findings, 'warning'),
    infos: severityCount(audit.findings, 'info'),
    audited_at: at,
  };
}

export const KAN_VERDICT_COLUMNS = ['hand', 'event_index', 'reveal_rule', 'kan_kind', 'kan_reveal_logged', 'reveal_verdict'] as const;
export type KanVerdictRow = Row<typeof KAN_VERDICT_COLUMNS>;

/**
 * The rule's moment with the kan's kind and logged moment (as its kans row has them), and the replay's
 * verdict on the two (version 10), which the timing statistics count.
 */
export function kanVerdictRow(k: KanRecord): KanVerdictRow {
  return { hand: k.hand, event_index: k.eventIndex, reveal_rule: k.revealRule, kan_kind: k.kind, kan_reveal_logged: k.revealLogged, reveal_verdict: k.revealVerdict };
}

export const RIICHI_KAN_COLUMNS = ['hand', 'event_index', 'legal', 'reason', 'explanation', 'waits_before', 'waits_after'] as const;
export type RiichiKanRow = Row<typeof RIICHI_KAN_COLUMNS>;

export function riichiKanRow(v: RiichiKanVerdict): RiichiKanRow {
  return {
    hand: v.hand,
    event_index: v.eventIndex,
    legal: v.legal === null ? null : bit(v.legal),
    reason: v.reason,
    explanation: v.explanation,
    waits_before: v.waitsBefore === null ? null : v.waitsBefore.join(' '),
    waits_after: v.waitsAfter === null ? null : v.waitsAfter.join(' '),
  };
}

/** win_dora's columns of the win re-scored (version 6; the view win_scores shows them). */
export const WIN_SCORE_COLUMNS = ['valid', 'yaku', 'yakuman', 'han', 'fu', 'points', 'limit_name', 'deltas', 'kan_fu', 'kan_han', 'mismatches', 'components'] as const;
export const WIN_DORA_COLUMNS = ['hand', 'event_index', 'indicators', 'ura_indicators', 'dora', 'ura_dora', 'kandora', 'first_indicator_dora', ...WIN_SCORE_COLUMNS] as const;
/** A win's verdicts under the rule set: its dora by indicator, and the win re-scored (null columns when it was not). */
export type WinDoraRow = Row<typeof WIN_DORA_COLUMNS>;

/** The win's view under the rule set (WinRecord.rule: its indicators and dora, split by source) and its score, copied. */
export function winDoraRow(w: WinRecord): WinDoraRow {
  const row: WinDoraRow = {
    kandora: w.rule.kandora,
    first_indicator_dora: w.rule.firstIndicatorDora,
    hand: w.hand,
    event_index: w.eventIndex,
    indicators: idList(w.rule.indicators),
    ura_indicators: idList(w.rule.ura),
    dora: w.rule.dora,
    ura_dora: w.rule.uraDora,
    valid: null,
    yaku: null,
    yakuman: null,
    han: null,
    fu: null,
    points: null,
    limit_name: null,
    deltas: null,
    kan_fu: null,
    kan_han: null,
    mismatches: null,
    components: null,
  };
  const s = w.score;
  if (!s) return row;
  // Built by hand: JSON.stringify of a fresh object per yaku was a tenth of the store's time on a pass.
  let yaku = '[';
  for (let i = 0; i < s.yaku.length; i++) yaku += `${i > 0 ? ',' : ''}{"id":${s.yaku[i].id},"han":${s.yaku[i].han}}`;
  let yakuman = '[';
  for (const y of s.yakuman) for (let k = 0; k < y.multiplier; k++) yakuman += `${yakuman.length > 1 ? ',' : ''}${y.id}`;
  const mismatches = w.scoreMismatches ?? [];
  let components: string | null = null;
  for (const m of mismatches) {
    if (components === null) components = m.component;
    else if (!components.split(',').includes(m.component)) components += `,${m.component}`;
  }
  row.valid = bit(s.valid);
  row.yaku = `${yaku}]`;
  row.yakuman = `${yakuman}]`;
  row.han = s.han;
  row.fu = s.fu;
  row.points = s.points;
  row.limit_name = LIMIT_NAMES[s.limit] ?? 'none';
  row.deltas = `[${s.deltas.join(',')}]`;
  row.kan_fu = s.kanFu;
  row.kan_han = s.kanHan;
  row.mismatches = mismatches.length;
  row.components = components;
  return row;
}

/**
 * The audit's totals over its win_dora rows and score-mismatch findings (version 7): what the views
 * score_conformance and kan_scoring add up, one audits row per game instead of every win. Each equals a
 * count or sum over the rows that schemas/audit.sql names for its column, and the migration to version 7
 * computes in SQL (src/store/schema.ts auditTotalsSql).
 */
export const AUDIT_TOTAL_COLUMNS = [
  // score_conformance: the win_dora rows, how their re-scoring compares with the log
  'wins', 'wins_not_rescored', 'wins_agreeing', 'wins_differing',
  'wins_yaku_differ', 'wins_han_differ', 'wins_fu_differ', 'wins_points_differ', 'wins_limit_differ', 'wins_payment_differ',
  'draws_differing',
  // kan_scoring: among the wins re-scored as valid, for each source of value a kan brings, the wins with it,
  // what it brought (summed), and those wins' han and points (summed)
  'valid_wins',
  'rinshan_wins', 'rinshan_brought', 'rinshan_wins_han', 'rinshan_wins_points',
  'chankan_wins', 'chankan_brought', 'chankan_wins_han', 'chankan_wins_points',
  'sankantsu_wins', 'sankantsu_brought', 'sankantsu_wins_han', 'sankantsu_wins_points',
  'suukantsu_wins', 'suukantsu_brought', 'suukantsu_wins_han', 'suukantsu_wins_points',
  'kandora_wins', 'kandora_brought', 'kandora_wins_han', 'kandora_wins_points',
  'kan_fu_wins', 'kan_fu_brought', 'kan_fu_wins_han', 'kan_fu_wins_points',
  'kan_han_wins', 'kan_han_brought', 'kan_han_wins_han', 'kan_han_wins_points',
] as const;
/** The audits row's totals (written after AUDIT_COLUMNS); all 0 for a game without wins. */
export type AuditTotals = { [C in (typeof AUDIT_TOTAL_COLUMNS)[number]]: number };

/** The kan sources of kan_scoring, in its order, as the prefixes of their AUDIT_TOTAL_COLUMNS. */
export const KAN_SCORING_SOURCES = ['rinshan', 'chankan', 'sankantsu', 'suukantsu', 'kandora', 'kan_fu', 'kan_han'] as const;
type KanSource = (typeof KAN_SCORING_SOURCES)[number];

export function emptyAuditTotals(): AuditTotals {
  return {
    wins: 0, wins_not_rescored: 0, wins_agreeing: 0, wins_differing: 0,
    wins_yaku_differ: 0, wins_han_differ: 0, wins_fu_differ: 0, wins_points_differ: 0, wins_limit_differ: 0, wins_payment_differ: 0,
    draws_differing: 0,
    valid_wins: 0,
    rinshan_wins: 0, rinshan_brought: 0, rinshan_wins_han: 0, rinshan_wins_points: 0,
    chankan_wins: 0, chankan_brought: 0, chankan_wins_han: 0, chankan_wins_points: 0,
    sankantsu_wins: 0, sankantsu_brought: 0, sankantsu_wins_han: 0, sankantsu_wins_points: 0,
    suukantsu_wins: 0, suukantsu_brought: 0, suukantsu_wins_han: 0, suukantsu_wins_points: 0,
    kandora_wins: 0, kandora_brought: 0, kandora_wins_han: 0, kandora_wins_points: 0,
    kan_fu_wins: 0, kan_fu_brought: 0, kan_fu_wins_han: 0, kan_fu_wins_points: 0,
    kan_han_wins: 0, kan_han_brought: 0, kan_han_wins_han: 0, kan_han_wins_points: 0,
  };
}

/** The han of the first yaku of that id in the re-scored list (as the JSON's first `{"id":N,"han":` gives it), or null. */
function yakuHan(w: WinRecord, id: number): number | null {
  for (const y of w.score?.yaku ?? []) if (y.id === id) return y.han;
  return null;
}

function addSource(t: AuditTotals, source: KanSource, brought: number | null, row: WinDoraRow): void {
  if (brought === null) return;
  t[`${source}_wins`]++;
  t[`${source}_brought`] += brought;
  t[`${source}_wins_han`] += row.han as number;
  t[`${source}_wins_points`] += row.points as number;
}

/** Adds one win (its win_dora row, and the win it was made from for the re-scored yaku) to the audit's totals. */
export function addWinTotals(t: AuditTotals, row: WinDoraRow, w: WinRecord): void {
  t.wins++;
  if (row.valid === null) t.wins_not_rescored++;
  const mismatches = row.mismatches as number | null;
  if (mismatches === 0) t.wins_agreeing++;
  if (mismatches !== null && mismatches > 0) t.wins_differing++;
  if (row.components !== null) addDifferingComponents(t, String(row.components));
  if (row.valid !== 1) return;
  t.valid_wins++;
  addSource(t, 'rinshan', yakuHan(w, YAKU.rinshanKaihou), row);
  addSource(t, 'chankan', yakuHan(w, YAKU.chankan), row);
  addSource(t, 'sankantsu', yakuHan(w, YAKU.sankantsu), row);
  addSource(t, 'suukantsu', w.score?.yakuman.some((y) => y.id === YAKUMAN.suukantsu && y.multiplier > 0) ? 1 : null, row);
  const kandora = row.kandora as number | null;
  addSource(t, 'kandora', kandora !== null && kandora > 0 && row.yakuman === '[]' ? kandora : null, row);
  const kanFu = row.kan_fu as number | null;
  addSource(t, 'kan_fu', kanFu !== null && kanFu > 0 ? kanFu : null, row);
  const kanHan = row.kan_han as number | null;
  addSource(t, 'kan_han', kanHan !== null && kanHan > 0 ? kanHan : null, row);
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

export const FINDING_COLUMNS = ['ordinal', 'kind', 'severity', 'hand', 'event_index', 'seat', 'rule', 'message', 'details'] as const;
export type FindingRow = Row<typeof FINDING_COLUMNS>;

export function findingRow(f: Finding, ordinal: number): FindingRow {
  return {
    ordinal,
    kind: f.kind,
    severity: f.severity,
    hand: f.hand,
    event_index: f.eventIndex,
    seat: orNull(f.seat),
    rule: orNull(f.rule),
    message: f.message,
    details: detailsJson(f.details),
  };
}

/** Details are plain data, but a stray bigint or cycle must not lose the whole batch. */
function detailsJson(details: Finding['details']): string {
  try {
    return JSON.stringify(details, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '{}';
  } catch (err) {
    return JSON.stringify({ unserializable: (err as Error).message });
  }
}
