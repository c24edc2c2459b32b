/**
 * The canned statistics of `kanshi stats`, read from the schema's views for one rule set: kans per game
 * by kind and lobby, rinshan wins by kan kind, riichi kans and their verdicts, chankan and four kans,
 * kandora timing conformance, findings.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { isKnobName, KNOBS, type KnobName, type Rules } from '../rules/index.js';
import { StoreError } from './errors.js';
import { knobColumn } from './rows.js';

type Database = BetterSqlite3.Database;

export interface RuleSetSummary {
  ruleSetId: number;
  rulesKey: string;
  profile: string | null;
  rules: Rules;
  /** The knobs given on the command line, which win over what a game declares (rule_sets.pinned). */
  pinned: KnobName[];
  firstRunAt: string;
  lastRunAt: string;
  /** Files audited under it; read: those that gave a game; failed: those that did not. */
  gameCount: number;
  readGameCount: number;
  failedGameCount: number;
  /** Findings by severity. */
  errorCount: number;
  warningCount: number;
  infoCount: number;
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
    pinned: typeof r.pinned === 'string' && r.pinned !== '' ? (r.pinned.split(',').filter(isKnobName) as KnobName[]) : [],
    firstRunAt: r.first_run_at,
    lastRunAt: r.last_run_at,
    gameCount: r.games,
    readGameCount: r.games_read,
    failedGameCount: r.games_failed,
    errorCount: r.errors,
    warningCount: r.warnings,
    infoCount: r.infos,
  }));
}

/** Knob columns (snake_case) back to Rules: 0/1 to booleans where the knob is one. */
function rulesOf(row: Record<string, unknown>): Rules {
  const rules: Record<string, unknown> = {};
  for (const k of KNOBS) {
    const v = row[knobColumn(k.name)];
    // A scoring knob of a rule set audited before scoring existed has no value (null).
    rules[k.name] = v === null || v === undefined ? null : typeof k.default === 'boolean' ? v === 1 : v;
  }
  return rules as unknown as Rules;
}

/**
 * The rule sets a database holds, by name, for a message: a few names, and where to find every rules key
 * (each is some 700 characters: listing them whole made a 1,333-character error line).
 */
function ruleSetNames(sets: readonly RuleSetSummary[]): string {
  const SHOWN = 6;
  const names = sets.slice(0, SHOWN).map((s) => s.profile ?? `rule set ${s.ruleSetId} (no profile)`);
  const more = sets.length > SHOWN ? ` and ${sets.length - SHOWN} more` : '';
  return `it holds ${names.join(', ')}${more}; their rules keys: kanshi query "SELECT profile, rules_key FROM rule_sets"`;
}

export function chooseRuleSet(sets: readonly RuleSetSummary[], choice: RuleSetChoice = {}): RuleSetSummary {
  if (sets.length === 0) throw new StoreError('the database holds no audit yet (run kanshi audit first)');
  if (choice.rulesKey !== undefined) {
    const set = sets.find((s) => s.rulesKey === choice.rulesKey);
    if (!set) throw new StoreError(`no audit under the rules key "${choice.rulesKey}" in this database (${ruleSetNames(sets)})`);
    return set;
  }
  if (choice.profile !== undefined) {
    const set = sets.find((s) => s.profile === choice.profile);
    if (!set) throw new StoreError(`no audit under the profile "${choice.profile}" in this database (${ruleSetNames(sets)})`);
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
      scoreConformance(all('SELECT * FROM score_conformance WHERE rule_set_id = ? ORDER BY wins DESC, platform')),
      kanScoring(all('SELECT * FROM kan_scoring WHERE rule_set_id = ?')),
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
    (a, b) => num(b.player_count) - num(a.player_count) || LOBBY_ORDER.indexOf(String(a.lobby_level)) - LOBBY_ORDER.indexOf(String(b.lobby_level)),
  );
  const out = sorted.map((r) => ({
    playerCount: r.player_count, lobby: r.lobby_level, gameCount: r.games, kanCount: r.kans, ankanCount: r.ankan, daiminkanCount: r.daiminkan,
    kakanCount: r.kakan, kansPerGame: r.kans_per_game, ankansPerGame: r.ankan_per_game, daiminkansPerGame: r.daiminkan_per_game,
    kakansPerGame: r.kakan_per_game, robbedKanCount: r.robbed,
  }));
  if (out.length > 1) {
    const games = sumOf(out, 'gameCount');
    const total = (k: string) => sumOf(out, k);
    out.push({
      playerCount: null, lobby: 'all', gameCount: games, kanCount: total('kanCount'), ankanCount: total('ankanCount'),
      daiminkanCount: total('daiminkanCount'), kakanCount: total('kakanCount'), kansPerGame: ratio(total('kanCount'), games, 3),
      ankansPerGame: ratio(total('ankanCount'), games, 3), daiminkansPerGame: ratio(total('daiminkanCount'), games, 3),
      kakansPerGame: ratio(total('kakanCount'), games, 3), robbedKanCount: total('robbedKanCount'),
    });
  }
  return {
    key: 'kansByLobby',
    title: 'Kans per game by kind and lobby (completed kans; robbed ones apart)',
    layout: 'table',
    columns: [
      col('playerCount', 'players'), col('lobby'), col('gameCount', 'games'), col('kanCount', 'kans'), col('ankanCount', 'ankan'),
      col('daiminkanCount', 'daiminkan'), col('kakanCount', 'kakan'), col('kansPerGame', 'kans/game'), col('ankansPerGame', 'ankan/game'),
      col('daiminkansPerGame', 'daiminkan/game'), col('kakansPerGame', 'kakan/game'), col('robbedKanCount', 'robbed'),
    ],
    rows: out,
  };
}

function rinshanByKind(rows: Record<string, unknown>[]): StatsTable {
  const order = ['ankan', 'daiminkan', 'kakan'];
  const kans = rows.filter((r) => r.kind !== 'kita').sort((a, b) => order.indexOf(String(a.kind)) - order.indexOf(String(b.kind)));
  const kita = rows.filter((r) => r.kind === 'kita');
  const line = (r: Record<string, unknown>, kind: unknown) => ({
    kind, kanCount: r.kans, replacementDrawCount: r.replacement_draws, rinshanWinCount: r.rinshan_wins, rinshanWinPct: r.rinshan_win_pct,
  });
  const out = kans.map((r) => line(r, r.kind));
  if (out.length > 1) {
    const draws = sumOf(out, 'replacementDrawCount');
    const wins = sumOf(out, 'rinshanWinCount');
    out.push({ kind: 'all kans', kanCount: sumOf(out, 'kanCount'), replacementDrawCount: draws, rinshanWinCount: wins, rinshanWinPct: ratio(wins, draws, 2, 100) });
  }
  // 3-player: a kita also draws a replacement tile that can win (not a kan; "declared" counts the kita).
  for (const r of kita) out.push(line(r, 'kita (3p)'));
  return {
    key: 'rinshanByKind',
    title: 'Rinshan kaihou: wins on the replacement tile, by kan kind',
    layout: 'table',
    columns: [col('kind'), col('kanCount', 'completed'), col('replacementDrawCount', 'replacement draws'), col('rinshanWinCount', 'rinshan wins'), col('rinshanWinPct', 'win %')],
    rows: out,
  };
}

function riichiKanFrequency(r: Record<string, unknown>): StatsTable {
  return {
    key: 'riichiKans',
    title: 'Kans by a player in riichi',
    layout: 'record',
    columns: [
      col('gameCount', 'games'), col('riichiDeclarationCount', 'riichi declarations'), col('riichiKanCount', 'riichi kans'),
      col('per100Games', 'per 100 games'), col('per100Riichi', 'per 100 riichi'),
      col('legalCount', 'legal under the rules'), col('illegalCount', 'illegal under the rules'), col('notJudgedCount', 'not judged'),
    ],
    rows: [{
      gameCount: num(r.games), riichiDeclarationCount: num(r.riichi_declarations), riichiKanCount: num(r.riichi_kans),
      per100Games: r.per_100_games ?? null, per100Riichi: r.per_100_riichi ?? null,
      legalCount: num(r.legal), illegalCount: num(r.illegal), notJudgedCount: num(r.not_judged),
    }],
  };
}

function riichiKanVerdicts(rows: Record<string, unknown>[]): StatsTable {
  return {
    key: 'riichiKanVerdicts',
    title: 'Riichi-kan verdicts by reason',
    layout: 'table',
    columns: [col('verdict'), col('reason'), col('riichiKanCount', 'riichi kans'), col('gameCount', 'games')],
    rows: rows.map((r) => ({ verdict: r.verdict, reason: r.reason, riichiKanCount: r.riichi_kans, gameCount: r.games })),
  };
}

function chankanSuukaikan(r: Record<string, unknown>): StatsTable {
  return {
    key: 'chankanSuukaikan',
    title: 'Chankan and four kans',
    layout: 'record',
    columns: [
      col('gameCount', 'games'), col('handCount', 'hands'), col('chankanWinCount', 'chankan wins (on a kakan)'),
      col('chankanOnAnkanCount', 'chankan on an ankan (kokushi)'), col('chankanPer1000Games', 'chankan per 1000 games'),
      col('fourKanHandCount', 'hands with four kans'), col('fourKansOnePlayerCount', '… all four by one player'),
      col('suukaikanAbortCount', 'suukaikan aborts'), col('suukaikanPer1000Games', 'suukaikan per 1000 games'),
    ],
    rows: [{
      gameCount: num(r.games), handCount: num(r.hands), chankanWinCount: num(r.chankan_wins), chankanOnAnkanCount: num(r.chankan_on_ankan),
      chankanPer1000Games: r.chankan_per_1000_games ?? null, fourKanHandCount: num(r.four_kan_hands),
      fourKansOnePlayerCount: num(r.four_kans_one_player), suukaikanAbortCount: num(r.suukaikan_aborts),
      suukaikanPer1000Games: r.suukaikan_per_1000_games ?? null,
    }],
  };
}

function kandoraConformance(rows: Record<string, unknown>[]): StatsTable {
  const out = rows.map((r) => ({
    kind: r.kind, kanCount: r.kans, conformingCount: r.conforming, differingCount: r.differing, undecidedCount: r.undecided,
    unrecordedCount: r.unrecorded, conformingPct: r.conforming_pct,
  }));
  if (out.length > 1) {
    const conforming = sumOf(out, 'conformingCount');
    const decided = conforming + sumOf(out, 'differingCount');
    out.push({
      kind: 'all', kanCount: sumOf(out, 'kanCount'), conformingCount: conforming, differingCount: sumOf(out, 'differingCount'),
      undecidedCount: sumOf(out, 'undecidedCount'), unrecordedCount: sumOf(out, 'unrecordedCount'), conformingPct: ratio(conforming, decided, 2, 100),
    });
  }
  return {
    key: 'kandoraConformance',
    title: "Kandora timing: the logged reveal against the rule's, by kan kind",
    layout: 'table',
    columns: [
      col('kind'), col('kanCount', 'kans'), col('conformingCount', 'conforming'), col('differingCount', 'differing'),
      col('undecidedCount', 'undecided (log stops)'), col('unrecordedCount', 'unrecorded (JSON)'), col('conformingPct', 'conforming %'),
    ],
    rows: out,
  };
}

function findingCounts(rows: Record<string, unknown>[]): StatsTable {
  return {
    key: 'findings',
    title: 'Findings by kind',
    layout: 'table',
    columns: [col('severity'), col('kind'), col('findingCount', 'findings'), col('gameCount', 'games')],
    rows: rows.map((r) => ({ severity: r.severity, kind: r.kind, findingCount: r.findings, gameCount: r.games })),
  };
}

function scoreConformance(rows: Record<string, unknown>[]): StatsTable {
  const out = rows.map((r) => ({
    platform: r.platform, gameCount: r.games, winCount: r.wins, notRescoredCount: r.not_rescored, agreeingCount: r.agreeing,
    differingCount: r.differing, agreeingPct: r.agreeing_pct, yakuDiffers: r.yaku_differs, hanDiffers: r.han_differs,
    fuDiffers: r.fu_differs, pointsDiffers: r.points_differs, limitDiffers: r.limit_differs, paymentDiffers: r.payment_differs,
    drawsDiffering: r.draws_differing,
  }));
  if (out.length > 1) {
    const wins = sumOf(out, 'winCount');
    const agreeing = sumOf(out, 'agreeingCount');
    const total = (k: string) => sumOf(out, k);
    out.push({
      platform: 'all', gameCount: total('gameCount'), winCount: wins, notRescoredCount: total('notRescoredCount'), agreeingCount: agreeing,
      differingCount: total('differingCount'), agreeingPct: ratio(agreeing, wins - total('notRescoredCount'), 2, 100),
      yakuDiffers: total('yakuDiffers'), hanDiffers: total('hanDiffers'), fuDiffers: total('fuDiffers'), pointsDiffers: total('pointsDiffers'),
      limitDiffers: total('limitDiffers'), paymentDiffers: total('paymentDiffers'), drawsDiffering: total('drawsDiffering'),
    });
  }
  return {
    key: 'scoreConformance',
    title: 'Scoring conformance: each win re-scored against the log, by platform',
    layout: 'table',
    columns: [
      col('platform'), col('gameCount', 'games'), col('winCount', 'wins'), col('agreeingCount', 'agree'), col('differingCount', 'differ'),
      col('agreeingPct', 'agree %'), col('yakuDiffers', 'yaku'), col('hanDiffers', 'han'), col('fuDiffers', 'fu'), col('pointsDiffers', 'points'),
      col('limitDiffers', 'limit'), col('paymentDiffers', 'payment'), col('drawsDiffering', 'drawn hands differ'), col('notRescoredCount', 'not re-scored'),
    ],
    rows: out,
  };
}

const KAN_SCORING_ORDER = ['rinshan kaihou', 'chankan', 'sankantsu', 'suukantsu', 'kandora', 'kan fu', 'any han from kans'];

function kanScoring(rows: Record<string, unknown>[]): StatsTable {
  const sorted = [...rows].sort((a, b) => KAN_SCORING_ORDER.indexOf(String(a.source)) - KAN_SCORING_ORDER.indexOf(String(b.source)));
  return {
    key: 'kanScoring',
    title: 'What kans were worth: re-scored wins with rinshan kaihou, chankan, sankantsu, suukantsu, kandora, kan fu',
    layout: 'table',
    columns: [
      col('source'), col('winCount', 'wins'), col('per1000Wins', 'per 1000 wins'), col('averageBrought', 'brought (avg)'), col('unit'),
      col('averageHan', 'han of those wins (avg)'), col('averagePoints', 'points of those wins (avg)'),
    ],
    rows: sorted.map((r) => ({
      source: r.source, winCount: r.wins, per1000Wins: r.per_1000_wins, averageBrought: r.avg_brought, unit: r.unit,
      averageHan: r.avg_han, averagePoints: r.avg_points,
    })),
  };
}
