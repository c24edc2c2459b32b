/**
 * The report's data: every number and list the page shows, read from the database for one rule set (and,
 * side by side, the others). Each statement is a GROUP BY over the rule set's rows, or an indexed lookup
 * with a LIMIT, so a database of a million games is read in seconds; no per-game subqueries here.
 */
import { viewerUrl } from '../events/index.js';
import { FACTS_VERSION, type RuleSetChoice, type RuleSetSummary, type StatsReport, type StatsTable, type Store, type StoredInference } from '../store/index.js';
import { num, rowsOf, schemaFeatures, sqlInt, sqlText, str, type Row, type SchemaFeatures } from './db.js';
import { readConformance, type KnobConformance } from './conformance.js';
import { handName, type CheckedKind, type FindingGroup, type FindingRow } from './findings.js';

export interface ReportOptions {
  /** Findings listed per kind; the rest are counted (default 200). */
  findingsPerKind?: number;
  /** The database's name as shown on the page. */
  databaseName?: string;
  /** When the report was made (default now); fixed in tests. */
  now?: Date;
}

export const DEFAULT_FINDINGS_PER_KIND = 200;

/** Games audited under the rule set, grouped by what describes them. */
export interface AuditedGroup {
  status: string;
  platform: string;
  format: string;
  players: number | null;
  lobby: string;
  year: string;
  games: number;
}

export interface RiichiKanTurns {
  turn: number;
  verdict: string;
  kans: number;
}

/** Wins by the number of kandora indicators shown under the rule, with dora from each source. */
export interface KandoraHits {
  kandoraIndicators: number;
  wins: number;
  /** Wins given at least one dora by the first indicator / by the kandora indicators. */
  firstHits: number;
  kandoraHits: number;
  firstDora: number;
  kandoraDora: number;
}

export interface TimingCell {
  kind: string;
  logged: string;
  rule: string;
  /** The replay's verdict on the two moments (kan_verdicts.reveal_verdict): conforms, differs, undecided, unrecorded. */
  verdict: string;
  kans: number;
}

/** What each rule set makes of the games the chosen one audited. */
export interface Comparison {
  ruleSets: RuleSetSummary[];
  /** Games each rule set audited among those of the chosen rule set, by rule set id. */
  sharedGames: Record<number, number>;
  /** kind → severity, and findings by rule set id, over the shared games. */
  findings: { kind: string; severity: string; counts: Record<number, number> }[];
}

export interface ReportData {
  generatedAt: string;
  database: string;
  features: SchemaFeatures;
  /**
   * Games of the rule set read by an older kanshi (another FACTS_VERSION): the values added since are
   * empty for them until they are audited again, and the plots built on those values leave them out.
   */
  staleGames: number;
  ruleSet: RuleSetSummary;
  stats: StatsReport;
  audited: AuditedGroup[];
  findings: FindingGroup[];
  /** Every kind the audit checks for, with its family: those without a finding are named as checked. */
  checkedKinds: CheckedKind[];
  findingsPerKind: number;
  riichiKansByTurn: RiichiKanTurns[];
  riichiKansSinceRiichi: RiichiKanTurns[] | null;
  kandoraHits: KandoraHits[] | null;
  kandoraTiming: TimingCell[];
  conformance: KnobConformance[];
  comparison: Comparison | null;
  /** What `kanshi infer --db` last found the logs say the rules are (null when it was never run on this database). */
  inference: StoredInference | null;
}

const SEVERITY_ORDER = ['error', 'warning', 'info'];

/** Reads everything the report shows for the chosen rule set (default: the latest audited). */
export function readReportData(store: Store, choice: RuleSetChoice = {}, options: ReportOptions = {}): ReportData {
  const stats = store.stats(choice);
  const ruleSet = stats.ruleSet;
  const id = sqlInt(ruleSet.ruleSetId);
  const features = schemaFeatures(store);
  const perKind = options.findingsPerKind ?? DEFAULT_FINDINGS_PER_KIND;
  const findings = readFindings(store, id, features, perKind);
  return {
    generatedAt: (options.now ?? new Date()).toISOString(),
    database: options.databaseName ?? store.file,
    features,
    staleGames: num(
      rowsOf(
        store,
        `SELECT sum(games) AS n FROM audit_groups
         WHERE rule_set_id = ${id} AND format IS NOT NULL AND facts_digest IS NOT ${sqlText(FACTS_VERSION)}`,
      )[0]?.n,
    ),
    ruleSet,
    stats,
    audited: readAudited(store, id),
    findings,
    checkedKinds: rowsOf(store, 'SELECT kind, family, rule FROM finding_kinds ORDER BY kind').map((r) => ({ kind: String(r.kind), family: str(r.family), rule: str(r.rule) })),
    findingsPerKind: perKind,
    riichiKansByTurn: rowsOf(
      store,
      `SELECT k.turn AS turn, ${verdictSql('v.legal')} AS verdict, count(*) AS kans
       FROM riichi_kan_verdicts v
       JOIN kans k ON k.game_id = v.game_id AND k.hand = v.hand AND k.event_index = v.event_index
       WHERE v.rule_set_id = ${id} GROUP BY k.turn, v.legal ORDER BY k.turn`,
    ).map((r) => ({ turn: num(r.turn), verdict: String(r.verdict), kans: num(r.kans) })),
    // riichi_kans.turns_since_riichi, counted without the view's joins to games, rule sets and tiles (a third
    // of the time on a million games): the kan's turn less its player's riichi declaration's.
    riichiKansSinceRiichi: features.turnsSinceRiichi
      ? rowsOf(
          store,
          `SELECT k.turn - rd.turn AS turn, ${verdictSql('v.legal')} AS verdict, count(*) AS kans
           FROM riichi_kan_verdicts v
           JOIN kans k ON k.game_id = v.game_id AND k.hand = v.hand AND k.event_index = v.event_index
           JOIN riichi_declarations rd ON rd.game_id = v.game_id AND rd.hand = v.hand AND rd.seat = k.seat
           WHERE v.rule_set_id = ${id} GROUP BY k.turn - rd.turn, v.legal ORDER BY k.turn - rd.turn`,
        ).map((r) => ({ turn: num(r.turn), verdict: String(r.verdict), kans: num(r.kans) }))
      : null,
    kandoraHits: features.kandoraDora ? readKandoraHits(store, id) : null,
    kandoraTiming: rowsOf(store, `SELECT kind, reveal_logged, reveal_rule, verdict, kans FROM kandora_timing WHERE rule_set_id = ${id}`).map((r) => ({
      kind: String(r.kind), logged: String(r.reveal_logged), rule: String(r.reveal_rule), verdict: String(r.verdict), kans: num(r.kans),
    })),
    conformance: readConformance(store, ruleSet, stats, findings),
    comparison: comparisonOf(store, ruleSet, stats.otherRuleSets),
    inference: store.latestInference(),
  };
}

const verdictSql = (legal: string) => `CASE ${legal} WHEN 1 THEN 'legal' WHEN 0 THEN 'illegal' ELSE 'not judged' END`;

/**
 * The rule set's games by status, platform, format, players, lobby and year (a game's date, else the first
 * four digits of a Tenhou log id): audit_groups holds them so, apart by facts version too.
 */
function readAudited(store: Store, id: string): AuditedGroup[] {
  return rowsOf(
    store,
    `SELECT status, platform, format, player_count AS players, lobby_level AS lobby, year, sum(games) AS games
     FROM audit_groups
     WHERE rule_set_id = ${id}
     GROUP BY 1, 2, 3, 4, 5, 6`,
  ).map((r) => ({
    status: String(r.status),
    platform: str(r.platform) ?? 'unread',
    format: str(r.format) ?? 'unread',
    players: r.players === null ? null : num(r.players),
    lobby: str(r.lobby) ?? 'unknown',
    year: str(r.year) ?? 'unknown',
    games: num(r.games),
  }));
}

function readFindings(store: Store, id: string, features: SchemaFeatures, perKind: number): FindingGroup[] {
  const kinds = rowsOf(
    store,
    `SELECT c.kind, c.severity, c.findings, c.games, k.rule, k.description, k.family
     FROM finding_counts c LEFT JOIN finding_kinds k ON k.kind = c.kind
     WHERE c.rule_set_id = ${id}`,
  );
  kinds.sort(
    (a, b) => SEVERITY_ORDER.indexOf(String(a.severity)) - SEVERITY_ORDER.indexOf(String(b.severity)) || num(b.findings) - num(a.findings) ||
      String(a.kind).localeCompare(String(b.kind)),
  );
  return kinds.map((k) => ({
    kind: String(k.kind),
    family: str(k.family),
    severity: String(k.severity),
    rule: str(k.rule),
    description: str(k.description) ?? '',
    findings: num(k.findings),
    games: num(k.games),
    rows: perKind > 0 ? findingRows(store, id, features, String(k.kind), String(k.severity), perKind) : [],
  }));
}

/** The first findings of one kind, by game: the (kind, rule_set_id, game_id, ordinal) index gives them in order. */
function findingRows(store: Store, id: string, features: SchemaFeatures, kind: string, severity: string, limit: number): FindingRow[] {
  const where = `f.rule_set_id = ${id} AND f.kind = ${sqlText(kind)} AND f.severity = ${sqlText(severity)}`;
  const rows = features.findingList
    ? rowsOf(
        store,
        `SELECT f.game_id, f.log_id, f.file, f.hand, f.kyoku_name, f.honba, f.seat, p.name AS player, f.message, f.details, f.viewer_url
         FROM finding_list f LEFT JOIN players p ON p.game_id = f.game_id AND p.seat = f.seat
         WHERE ${where} ORDER BY f.game_id LIMIT ${sqlInt(limit)}`,
      )
    : rowsOf(
        store,
        `SELECT f.game_id, g.log_id, g.platform, g.file, f.hand, ro.kyoku_name, ro.honba, f.seat, p.name AS player, f.message, f.details
         FROM findings f JOIN games g ON g.game_id = f.game_id
         LEFT JOIN hands ro ON ro.game_id = f.game_id AND ro.hand = f.hand
         LEFT JOIN players p ON p.game_id = f.game_id AND p.seat = f.seat
         WHERE ${where} ORDER BY f.game_id, f.ordinal LIMIT ${sqlInt(limit)}`,
      );
  return rows.map((r) => {
    const hand = r.hand === null || r.hand === undefined ? null : num(r.hand);
    const seat = r.seat === null || r.seat === undefined ? null : num(r.seat);
    const logId = str(r.log_id);
    return {
      gameId: num(r.game_id),
      logId,
      file: String(r.file ?? ''),
      hand,
      handName: handName(r.kyoku_name, r.honba),
      seat,
      player: str(r.player),
      message: String(r.message ?? ''),
      details: String(r.details ?? '{}'),
      url: features.findingList ? str(r.viewer_url) : r.platform === 'tenhou' ? viewerUrl(logId, seat, hand) : null,
    };
  });
}

/**
 * Wins by the number of kandora indicators shown under the rule (wins with none are left out: the plot
 * compares the kandora with the first indicator of the same wins). A JSON list of indicators has one comma
 * fewer than indicators and the first is the round's own, so the commas count the kandora; the rows
 * without a comma are dropped before the grouping sorts (a million games hold eight million wins): the
 * term `instr(indicators, ',') > 0` is the partial index win_dora_kandora's, which holds those rows alone.
 */
function readKandoraHits(store: Store, id: string): KandoraHits[] {
  return rowsOf(
    store,
    `SELECT n AS kandora_indicators, count(*) AS wins, total(first_dora > 0) AS first_hits, total(kandora > 0) AS kandora_hits,
            total(first_dora) AS first_dora, total(kandora) AS kandora_dora
     FROM (SELECT length(indicators) - length(replace(indicators, ',', '')) AS n, first_indicator_dora AS first_dora, kandora
           FROM win_dora
           WHERE rule_set_id = ${id} AND instr(indicators, ',') > 0 AND kandora IS NOT NULL AND first_indicator_dora IS NOT NULL)
     GROUP BY n ORDER BY n`,
  ).map((r) => ({
    kandoraIndicators: num(r.kandora_indicators),
    wins: num(r.wins),
    firstHits: num(r.first_hits),
    kandoraHits: num(r.kandora_hits),
    firstDora: num(r.first_dora),
    kandoraDora: num(r.kandora_dora),
  }));
}

/** The rule sets side by side, when another rule set audited some of the same games; else null. */
function comparisonOf(store: Store, chosen: RuleSetSummary, others: RuleSetSummary[]): Comparison | null {
  if (others.length === 0) return null;
  const c = readComparison(store, chosen, others);
  return c.ruleSets.length > 1 ? c : null;
}

function readComparison(store: Store, chosen: RuleSetSummary, others: RuleSetSummary[]): Comparison {
  const id = sqlInt(chosen.ruleSetId);
  const sharedGames: Record<number, number> = {};
  for (const r of rowsOf(
    store,
    `SELECT b.rule_set_id, count(*) AS games FROM audits a JOIN audits b ON b.game_id = a.game_id
     WHERE a.rule_set_id = ${id} AND a.status = 'ok' GROUP BY b.rule_set_id`,
  )) sharedGames[num(r.rule_set_id)] = num(r.games);
  const byKind = new Map<string, { kind: string; severity: string; counts: Record<number, number> }>();
  for (const r of rowsOf(
    store,
    `SELECT f.rule_set_id, f.kind, f.severity, count(*) AS findings
     FROM findings f JOIN audits a ON a.rule_set_id = ${id} AND a.game_id = f.game_id
     GROUP BY f.rule_set_id, f.kind, f.severity`,
  )) {
    const key = `${String(r.severity)}\u0000${String(r.kind)}`;
    const entry = byKind.get(key) ?? { kind: String(r.kind), severity: String(r.severity), counts: {} };
    entry.counts[num(r.rule_set_id)] = num(r.findings);
    byKind.set(key, entry);
  }
  const findings = [...byKind.values()].sort(
    (a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) || a.kind.localeCompare(b.kind),
  );
  // A rule set that audited none of these games (another platform's, in a run of mixed logs) has nothing to compare.
  return { ruleSets: [chosen, ...others.filter((o) => (sharedGames[num(o.ruleSetId)] ?? 0) > 0)], sharedGames, findings };
}

/** A table of the canned statistics by its key (`kansByLobby`, `rinshanByKind`, …). */
export function statsTable(stats: StatsReport, key: string): StatsTable | undefined {
  return stats.tables.find((t) => t.key === key);
}

export type { FindingGroup, FindingRow, KnobConformance, Row };
