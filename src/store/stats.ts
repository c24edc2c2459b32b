/**
 * The canned statistics of `kanshi stats`, read from the schema's views for one rule set: kans per game
 * by kind and lobby, rinshan wins by kan kind, riichi kans and their verdicts, chankan and four kans,
 * kandora timing conformance, findings.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { KNOBS, type Rules } from '../rules/index.js';
import { StoreError } from './errors.js';

type Database = BetterSqlite3.Database;

export interface RuleSetSummary {
  ruleSetId: number;
  rulesKey: string;
  profile: string | null;
  rules: Rules;
  firstRunAt: string;
  lastRunAt: string;
  /** Files audited under it; read: those that gave a game; failed: those that did not. */
  games: number;
  gamesRead: number;
  gamesFailed: number;
  errors: number;
  warnings: number;
  infos: number;
}

/** Which rule set to report on: by rules key, or the latest with a profile; by default the latest of all. */
export interface RuleSetChoice {
  rulesKey?: string;
  profile?: string;
}

export interface StatsColumn {
  /** The key in rows (and in JSON). */
  key: string;
  /** The heading printed. */
  label: string;
}

export interface StatsTable {
  key: string;
  title: string;
  /** `table`: rows of the same columns; `record`: one row, best shown as label/value lines. */
  layout: 'table' | 'record';
  columns: StatsColumn[];
  rows: Record<string, unknown>[];
}

export interface StatsReport {
  ruleSet: RuleSetSummary;
  /** The other rule sets in the database, latest first. */
  otherRuleSets: RuleSetSummary[];
  tables: StatsTable[];
}

interface SummaryRow {
  rule_set_id: number;
  rules_key: string;
  profile: string | null;
  first_run_at: string;
  last_run_at: string;
  games: number;
  games_read: number;
  games_failed: number;
  errors: number;
  warnings: number;
  infos: number;
  [knob: string]: unknown;
}

/** Every rule set in the database, latest run first. */
export function listRuleSets(db: Database): RuleSetSummary[] {
  const rows = db.prepare('SELECT * FROM rule_set_summary ORDER BY last_run_at DESC, rule_set_id DESC').all() as SummaryRow[];
  return rows.map((r) => ({
    ruleSetId: r.rule_set_id,
    rulesKey: r.rules_key,
    profile: r.profile,
    rules: rulesOf(r),
    firstRunAt: r.first_run_at,
    lastRunAt: r.last_run_at,
    games: r.games,
    gamesRead: r.games_read,
    gamesFailed: r.games_failed,
    errors: r.errors,
    warnings: r.warnings,
    infos: r.infos,
  }));
}

/** Knob columns back to Rules: 0/1 to booleans where the knob is one. */
function rulesOf(row: Record<string, unknown>): Rules {
  const rules: Record<string, unknown> = {};
  for (const k of KNOBS) rules[k.name] = typeof k.default === 'boolean' ? row[k.name] === 1 : row[k.name];
  return rules as unknown as Rules;
}

export function chooseRuleSet(sets: readonly RuleSetSummary[], choice: RuleSetChoice = {}): RuleSetSummary {
  if (sets.length === 0) throw new StoreError('the database holds no audit yet (run kanshi audit first)');
  const known = () => sets.map((s) => `${s.profile ?? '(custom)'}: ${s.rulesKey}`).join('; ');
  if (choice.rulesKey !== undefined) {
    const set = sets.find((s) => s.rulesKey === choice.rulesKey);
    if (!set) throw new StoreError(`no audit under the rules key "${choice.rulesKey}" in this database (rule sets: ${known()})`);
    return set;
  }
  if (choice.profile !== undefined) {
    const set = sets.find((s) => s.profile === choice.profile);
    if (!set) throw new StoreError(`no audit under the profile "${choice.profile}" in this database (rule sets: ${known()})`);
    return set;
  }
  return sets[0];
}

const LOBBY_ORDER = ['houou', 'tokujou', 'joukyuu', 'ippan'];

export function statsReport(db: Database, choice: RuleSetChoice = {}): StatsReport {
  const sets = listRuleSets(db);
  const ruleSet = chooseRuleSet(sets, choice);
  const id = ruleSet.ruleSetId;
  const all = (sql: string) => db.prepare(sql).all(id) as Record<string, unknown>[];
  const one = (sql: string) => (db.prepare(sql).get(id) as Record<string, unknown> | undefined) ?? {};
  return {
    ruleSet,
    otherRuleSets: sets.filter((s) => s !== ruleSet),
    tables: [
      kansByLobby(all('SELECT * FROM kan_stats WHERE rule_set_id = ?')),
      rinshanByKind(all('SELECT * FROM rinshan_stats WHERE rule_set_id = ?')),
      riichiKanFrequency(one('SELECT * FROM riichi_kan_frequency WHERE rule_set_id = ?')),
      riichiKanVerdicts(all('SELECT * FROM riichi_kan_stats WHERE rule_set_id = ? ORDER BY verdict, riichi_kans DESC, reason')),
      chankanSuukaikan(one('SELECT * FROM chankan_suukaikan_stats WHERE rule_set_id = ?')),
      kandoraConformance(all('SELECT * FROM kandora_conformance WHERE rule_set_id = ? ORDER BY kind')),
      findingCounts(all(`SELECT * FROM finding_counts WHERE rule_set_id = ?
                         ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, findings DESC, kind`)),
    ],
  };
}

const col = (key: string, label = key): StatsColumn => ({ key, label });
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const ratio = (n: number, d: number, digits: number, scale = 1): number | null => (d === 0 ? null : Number(((n * scale) / d).toFixed(digits)));
const sumOf = (rows: Record<string, unknown>[], key: string): number => rows.reduce((s, r) => s + num(r[key]), 0);

function kansByLobby(rows: Record<string, unknown>[]): StatsTable {
  const sorted = [...rows].sort(
    (a, b) => num(b.players) - num(a.players) || LOBBY_ORDER.indexOf(String(a.lobby_level)) - LOBBY_ORDER.indexOf(String(b.lobby_level)),
  );
  const out = sorted.map((r) => ({
    players: r.players, lobby: r.lobby_level, games: r.games, kans: r.kans, ankan: r.ankan, daiminkan: r.daiminkan, kakan: r.kakan,
    kans_per_game: r.kans_per_game, ankan_per_game: r.ankan_per_game, daiminkan_per_game: r.daiminkan_per_game,
    kakan_per_game: r.kakan_per_game, robbed_kakan: r.robbed,
  }));
  if (out.length > 1) {
    const games = sumOf(out, 'games');
    const total = (k: string) => sumOf(out, k);
    out.push({
      players: null, lobby: 'all', games, kans: total('kans'), ankan: total('ankan'), daiminkan: total('daiminkan'), kakan: total('kakan'),
      kans_per_game: ratio(total('kans'), games, 3), ankan_per_game: ratio(total('ankan'), games, 3),
      daiminkan_per_game: ratio(total('daiminkan'), games, 3), kakan_per_game: ratio(total('kakan'), games, 3), robbed_kakan: total('robbed_kakan'),
    });
  }
  return {
    key: 'kansByLobby',
    title: 'Kans per game by kind and lobby (robbed kakans apart)',
    layout: 'table',
    columns: [
      col('players'), col('lobby'), col('games'), col('kans'), col('ankan'), col('daiminkan'), col('kakan'),
      col('kans_per_game', 'kans/game'), col('ankan_per_game', 'ankan/game'), col('daiminkan_per_game', 'daiminkan/game'),
      col('kakan_per_game', 'kakan/game'), col('robbed_kakan', 'robbed'),
    ],
    rows: out,
  };
}

function rinshanByKind(rows: Record<string, unknown>[]): StatsTable {
  const order = ['ankan', 'daiminkan', 'kakan'];
  const kans = rows.filter((r) => r.kind !== 'kita').sort((a, b) => order.indexOf(String(a.kind)) - order.indexOf(String(b.kind)));
  const kita = rows.filter((r) => r.kind === 'kita');
  const line = (r: Record<string, unknown>, kind: unknown) => ({
    kind, declared: r.kans, replacement_draws: r.replacement_draws, rinshan_wins: r.rinshan_wins, rinshan_win_pct: r.rinshan_win_pct,
  });
  const out = kans.map((r) => line(r, r.kind));
  if (out.length > 1) {
    const draws = sumOf(out, 'replacement_draws');
    const wins = sumOf(out, 'rinshan_wins');
    out.push({ kind: 'all kans', declared: sumOf(out, 'declared'), replacement_draws: draws, rinshan_wins: wins, rinshan_win_pct: ratio(wins, draws, 2, 100) });
  }
  // 3-player: a kita also draws a replacement tile that can win (not a kan; "declared" counts the kita).
  for (const r of kita) out.push(line(r, 'kita (3p)'));
  return {
    key: 'rinshanByKind',
    title: 'Rinshan kaihou: wins on the replacement tile, by kan kind',
    layout: 'table',
    columns: [col('kind'), col('declared'), col('replacement_draws', 'replacement draws'), col('rinshan_wins', 'rinshan wins'), col('rinshan_win_pct', 'win %')],
    rows: out,
  };
}

function riichiKanFrequency(r: Record<string, unknown>): StatsTable {
  return {
    key: 'riichiKans',
    title: 'Kans by a player in riichi',
    layout: 'record',
    columns: [
      col('games'), col('riichi_declarations', 'riichi declarations'), col('riichi_kans', 'riichi kans'),
      col('per_100_games', 'per 100 games'), col('per_100_riichi', 'per 100 riichi'),
      col('legal', 'legal under the rules'), col('illegal', 'illegal under the rules'), col('not_judged', 'not judged'),
    ],
    rows: [{
      games: num(r.games), riichi_declarations: num(r.riichi_declarations), riichi_kans: num(r.riichi_kans),
      per_100_games: r.per_100_games ?? null, per_100_riichi: r.per_100_riichi ?? null,
      legal: num(r.legal), illegal: num(r.illegal), not_judged: num(r.not_judged),
    }],
  };
}

function riichiKanVerdicts(rows: Record<string, unknown>[]): StatsTable {
  return {
    key: 'riichiKanVerdicts',
    title: 'Riichi-kan verdicts by reason',
    layout: 'table',
    columns: [col('verdict'), col('reason'), col('riichi_kans', 'riichi kans'), col('games')],
    rows: rows.map((r) => ({ verdict: r.verdict, reason: r.reason, riichi_kans: r.riichi_kans, games: r.games })),
  };
}

function chankanSuukaikan(r: Record<string, unknown>): StatsTable {
  return {
    key: 'chankanSuukaikan',
    title: 'Chankan and four kans',
    layout: 'record',
    columns: [
      col('games'), col('hands'), col('chankan_wins', 'chankan wins (on a kakan)'), col('chankan_on_ankan', 'chankan on an ankan (kokushi)'),
      col('chankan_per_1000_games', 'chankan per 1000 games'), col('four_kan_hands', 'hands with four kans'),
      col('four_kans_one_player', '… all four by one player'), col('suukaikan_aborts', 'suukaikan aborts'),
      col('suukaikan_per_1000_games', 'suukaikan per 1000 games'),
    ],
    rows: [{
      games: num(r.games), hands: num(r.hands), chankan_wins: num(r.chankan_wins), chankan_on_ankan: num(r.chankan_on_ankan),
      chankan_per_1000_games: r.chankan_per_1000_games ?? null, four_kan_hands: num(r.four_kan_hands),
      four_kans_one_player: num(r.four_kans_one_player), suukaikan_aborts: num(r.suukaikan_aborts),
      suukaikan_per_1000_games: r.suukaikan_per_1000_games ?? null,
    }],
  };
}

function kandoraConformance(rows: Record<string, unknown>[]): StatsTable {
  const out = rows.map((r) => ({
    kind: r.kind, kans: r.kans, conforming: r.conforming, differing: r.differing, undecided: r.undecided, unrecorded: r.unrecorded,
    conforming_pct: r.conforming_pct,
  }));
  if (out.length > 1) {
    const conforming = sumOf(out, 'conforming');
    const decided = conforming + sumOf(out, 'differing');
    out.push({
      kind: 'all', kans: sumOf(out, 'kans'), conforming, differing: sumOf(out, 'differing'), undecided: sumOf(out, 'undecided'),
      unrecorded: sumOf(out, 'unrecorded'), conforming_pct: ratio(conforming, decided, 2, 100),
    });
  }
  return {
    key: 'kandoraTiming',
    title: "Kandora timing: the logged reveal against the rule's, by kan kind",
    layout: 'table',
    columns: [
      col('kind'), col('kans'), col('conforming'), col('differing'), col('undecided', 'undecided (log stops)'),
      col('unrecorded', 'unrecorded (JSON)'), col('conforming_pct', 'conforming %'),
    ],
    rows: out,
  };
}

function findingCounts(rows: Record<string, unknown>[]): StatsTable {
  return {
    key: 'findings',
    title: 'Findings by kind',
    layout: 'table',
    columns: [col('severity'), col('kind'), col('findings'), col('games')],
    rows: rows.map((r) => ({ severity: r.severity, kind: r.kind, findings: r.findings, games: r.games })),
  };
}
