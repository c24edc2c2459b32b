/**
 * Writing audits: one transaction per batch, prepared statements, and per game "delete, then insert"
 * so that writing the same audit again leaves the database as it was.
 *
 * Facts (games, players, rounds, kans, reveals, wins, aborts, riichi declarations) hang off the game, found by its content hash.
 * They are the same under every rule set, so a game already stored with the same facts (same digest) is
 * not rewritten: auditing under a second profile, or re-running an audit, only replaces verdicts. When a
 * newer kanshi reads a file differently, the digest differs and the facts are replaced.
 * Verdicts (audits, kan_verdicts, riichi_kan_verdicts, win_dora, findings) hang off (rule set, game) and
 * are replaced only for the audit's own rule set, so other rule sets' verdicts are never touched.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { unreadHash, type GameAudit, type GameMeta } from '../audit/index.js';
import { ABORTS, AUDITS, FINDINGS, GAME_RULES, GAMES, HANDS, KAN_VERDICTS, KANS, PLAYERS, REVEALS, RIICHI_DECLARATIONS, RIICHI_KAN_VERDICTS, RULE_SETS, WIN_DORA, WINS, type AnyTable, type GameRuleRow, FACT_TABLE_NAMES, VERDICT_TABLE_NAMES } from './catalog.js';
import {
  abortValues, auditValues, columnIndex, findingValues, gameRuleValues, gameValues, handValues, insertColumns, kanValues, kanVerdictValues, playerValues, revealValues,
  riichiDeclarationValues, riichiKanValues, ruleSetValues, winDoraValues, winValues, type SqlValue,
} from './rows.js';
import { declarationOf, KNOBS } from '../rules/index.js';
import { addDrawTotals, addWinTotals, auditStatus, emptyAuditTotals, gameTotals, isAbort, storedPath } from './values.js';

type Database = BetterSqlite3.Database;
type Statement = BetterSqlite3.Statement;

/** Fact tables, children before parents (the order deletes must go in). */
const FACT_TABLES = [...FACT_TABLE_NAMES].reverse();
/** Verdict tables, children before parents. */
const VERDICT_TABLES = [...VERDICT_TABLE_NAMES].reverse();

/** Rows per multi-row INSERT: fewer calls into SQLite, well under its limit on bound values. */
const ROWS_PER_INSERT = 16;

function placeholders(count: number): string {
  return '(' + new Array<string>(count).fill('?').join(', ') + ')';
}

/**
 * Inserts rows of one table, bound by position and several rows per statement (at tens of rows per game
 * both matter). A row object's values are taken in the column list's order, after the key values.
 */
class TableInsert {
  private readonly statements = new Map<number, Statement>();
  private readonly head: string;
  private readonly width: number;

  constructor(
    private readonly db: Database,
    table: AnyTable,
  ) {
    const { keys, columns, set } = insertColumns(table);
    this.head = `INSERT INTO ${table.name} (${[...keys, ...columns, ...set].join(', ')}) VALUES `;
    this.width = keys.length + columns.length + set.length;
  }

  insert(key: readonly SqlValue[], rows: readonly SqlValue[][]): void {
    const k = key.length;
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const end = Math.min(rows.length, start + ROWS_PER_INSERT);
      const params = new Array<SqlValue>((end - start) * this.width);
      let at = 0;
      for (let i = start; i < end; i++) {
        const row = rows[i];
        for (let j = 0; j < k; j++) params[at++] = key[j];
        for (let j = 0; j < row.length; j++) params[at++] = row[j];
      }
      // Spread: better-sqlite3 binds arguments directly, where an array's elements are each fetched through
      // V8's API (docs/PERFORMANCE.md).
      this.statement(end - start).run(...params);
    }
  }

  private statement(rows: number): Statement {
    let stmt = this.statements.get(rows);
    if (!stmt) {
      stmt = this.db.prepare(this.head + new Array<string>(rows).fill(placeholders(this.width)).join(', '));
      this.statements.set(rows, stmt);
    }
    return stmt;
  }
}

/** A readable game's fact rows, as bound values, and their digest. */
export interface GameFacts {
  /** The games row's built columns, in table order (the writer adds facts_digest, `digest`). */
  game: SqlValue[];
  players: SqlValue[][];
  hands: SqlValue[][];
  kans: SqlValue[][];
  reveals: SqlValue[][];
  wins: SqlValue[][];
  aborts: SqlValue[][];
  riichiDeclarations: SqlValue[][];
  digest: string;
}

/**
 * A GameAudit turned into the rows the writer inserts: plain arrays of values. Building them is pure and
 * runs in the thread that audited the game, right after its audit, so that only rows wait for the write.
 */
export interface PreparedAudit {
  contentHash: string;
  /** The path as the batch names it (what the audit prints). */
  file: string;
  /** The path as `games.file` stores it (`storedPath`: absolute). */
  storedFile: string;
  rulesKey: string;
  /** The rule_sets row's built columns, in table order (the writer adds the first and last run's times). */
  ruleSet: SqlValue[];
  /** The reason a file gave no game; null when it did. */
  unreadError: string | null;
  /**
   * For a file read: the hash its path is stored under when it cannot be read (`unreadHash`), whose
   * record of an earlier failed read this read clears. Null for a file not read.
   */
  unreadPathHash: string | null;
  facts: GameFacts | null;
  verdicts: {
    /** The audits row's built columns, totals included (the writer adds `audited_at`). */
    audit: SqlValue[];
    kanVerdicts: SqlValue[][];
    riichiKans: SqlValue[][];
    winDora: SqlValue[][];
    findings: SqlValue[][];
    /** The knobs the game judged otherwise than the rule set's row says (game_rules). */
    gameRules: SqlValue[][];
  };
}

/**
 * The version of what ingest and replay make of a file (the fact rows). Games stored under another version
 * get their facts rewritten; raise it whenever a change to ingest or replay changes a fact row.
 */
export const FACTS_VERSION = 'facts-7';

export function gameFacts(audit: GameAudit, game: GameMeta): GameFacts {
  const players: SqlValue[][] = [];
  for (const p of game.players) players.push(playerValues(p, game));
  const hands: SqlValue[][] = [];
  const wins: SqlValue[][] = [];
  const aborts: SqlValue[][] = [];
  const riichiDeclarations: SqlValue[][] = [];
  const kans: SqlValue[][] = [];
  const reveals: SqlValue[][] = [];
  for (const r of audit.replay?.hands ?? []) {
    hands.push(handValues(r, null));
    for (const w of r.wins) wins.push(winValues(w, game));
    if (isAbort(r)) aborts.push(abortValues(r, null));
    for (const d of firstPerSeat(r.riichiDeclarations)) riichiDeclarations.push(riichiDeclarationValues(d, r));
    for (const k of r.kans) {
      kans.push(kanValues(k, null));
      // The kan's logged reveal, if the log turned its indicator over.
      if (k.revealEventIndex !== null && k.indicator !== null) reveals.push(revealValues(k, null));
    }
  }
  return {
    game: gameValues({ audit, game, totals: gameTotals(audit.replay) }, null),
    players,
    hands,
    kans,
    reveals,
    wins,
    aborts,
    riichiDeclarations,
    // The facts of the same bytes change only when kanshi reads logs differently: FACTS_VERSION says when.
    digest: FACTS_VERSION,
  };
}

/** rule_sets rows by rules key: built once, shared by every audit of a batch (read only). */
const ruleSetRows = new Map<string, SqlValue[]>();

function ruleSetRow(audit: GameAudit): SqlValue[] {
  let row = ruleSetRows.get(audit.ruleSet.key);
  if (!row) ruleSetRows.set(audit.ruleSet.key, (row = ruleSetValues(audit.ruleSet, null)));
  return row;
}

/** The rows of one audit, ready for the writer (pure; safe in any thread). */
export function prepareAudit(audit: GameAudit): PreparedAudit {
  const kanVerdicts: SqlValue[][] = [];
  const winDora: SqlValue[][] = [];
  const totals = emptyAuditTotals();
  const winKeys = new Set<string>();
  for (const r of audit.replay?.hands ?? []) {
    for (const k of r.kans) kanVerdicts.push(kanVerdictValues(k, null));
    for (const w of r.wins) {
      winDora.push(winDoraValues(w, null));
      addWinTotals(totals, w);
      winKeys.add(`${w.hand}:${w.eventIndex}`);
    }
  }
  addDrawTotals(totals, audit.findings, winKeys);
  const riichiKans: SqlValue[][] = [];
  for (const v of audit.riichiKans) riichiKans.push(riichiKanValues(v, null));
  const findings: SqlValue[][] = [];
  for (let i = 0; i < audit.findings.length; i++) findings.push(findingValues(audit.findings[i], i));
  return {
    contentHash: audit.contentHash,
    file: audit.file,
    storedFile: storedPath(audit.file),
    rulesKey: audit.ruleSet.key,
    ruleSet: ruleSetRow(audit),
    unreadError: audit.game === null ? auditStatus(audit).error : null,
    unreadPathHash: audit.game === null ? null : unreadHash(audit.file),
    facts: audit.game === null ? null : gameFacts(audit, audit.game),
    verdicts: { audit: auditValues(audit, totals), kanVerdicts, riichiKans, winDora, findings, gameRules: gameRuleRows(audit) },
  };
}

/**
 * The game_rules rows of an audit: each knob whose value judged the game otherwise than the rule set's row
 * says (declared by the game, or its platform's profile's under the rule set by platform), or whose declared
 * value a flag overrode.
 */
function gameRuleRows(audit: GameAudit): SqlValue[][] {
  const judged = audit.replay?.gameRules;
  if (!judged) return [];
  const row = audit.ruleSet.rules;
  const rows: SqlValue[][] = [];
  for (const { name } of KNOBS) {
    const value = judged.rules[name];
    const declaration = declarationOf(judged.declared, name);
    if (value === row[name] && (declaration === undefined || declaration.value === value)) continue;
    const from = judged.from[name];
    rows.push(
      gameRuleValues(
        { knob: name, value, from: from === 'profile' ? 'platform' : from, declared: declaration?.value ?? null, by: declaration?.by ?? null },
        null,
      ),
    );
  }
  return rows;
}

/** A game the database holds: its id, and the facts version that wrote its facts. */
interface KnownGame {
  gameId: number;
  factsDigest: string | null;
}

export class AuditWriter {
  private readonly batch: BetterSqlite3.Transaction<(audits: readonly PreparedAudit[]) => void>;
  private readonly upsertRuleSet: Statement;
  private readonly findGames: Statement;
  private readonly insertGame: Statement;
  private readonly updateGame: Statement;
  private readonly moveGame: Statement;
  private readonly upsertUnreadGame: Statement;
  private readonly findUnreadGame: Statement;
  private readonly deleteGame: Statement;
  private readonly findAudit: Statement;
  private readonly deleteFacts: Statement[];
  private readonly deleteVerdicts: Statement[];
  private readonly auditsOfGame: Statement;
  private readonly players: TableInsert;
  private readonly hands: TableInsert;
  private readonly kans: TableInsert;
  private readonly reveals: TableInsert;
  private readonly wins: TableInsert;
  private readonly aborts: TableInsert;
  private readonly riichiDeclarations: TableInsert;
  private readonly audits: TableInsert;
  private readonly kanVerdicts: TableInsert;
  private readonly riichiKanVerdicts: TableInsert;
  private readonly winDora: TableInsert;
  private readonly findings: TableInsert;
  private readonly gameRules: TableInsert;

  constructor(db: Database) {
    const ruleSets = insertColumns(RULE_SETS);
    const ruleSetColumns = [...ruleSets.columns, ...ruleSets.set];
    const games = insertColumns(GAMES);
    const gameColumns = [...games.columns, ...games.set];
    this.upsertRuleSet = db
      .prepare(
        `INSERT INTO rule_sets (${ruleSetColumns.join(', ')}) VALUES ${placeholders(ruleSetColumns.length)}
         ON CONFLICT (rules_key) DO UPDATE SET profile = excluded.profile, last_run_at = excluded.last_run_at
         RETURNING rule_set_id`,
      )
      .pluck();
    this.findGames = db.prepare(
      'SELECT g.content_hash, g.game_id, g.facts_digest FROM json_each(?) h JOIN games g ON g.content_hash = h.value',
    );
    this.insertGame = db.prepare(`INSERT INTO games (${gameColumns.join(', ')}) VALUES ${placeholders(gameColumns.length)}`);
    this.updateGame = db.prepare(`UPDATE games SET ${gameColumns.map((c) => `${c} = ?`).join(', ')} WHERE game_id = ?`);
    this.moveGame = db.prepare('UPDATE games SET file = ? WHERE game_id = ? AND file <> ?');
    // A file that gave no game: keep any facts an earlier, successful read stored (same bytes, so the
    // failure is kanshi's or the rule set's, not the file's), and record the error only when there are none.
    this.upsertUnreadGame = db
      .prepare(
        `INSERT INTO games (content_hash, file, error) VALUES (?, ?, ?)
         ON CONFLICT (content_hash) DO UPDATE SET file = excluded.file,
           error = CASE WHEN games.format IS NULL THEN excluded.error ELSE games.error END
         RETURNING game_id`,
      )
      .pluck();
    this.findUnreadGame = db.prepare('SELECT game_id FROM games WHERE content_hash = ? AND format IS NULL').pluck();
    this.deleteGame = db.prepare('DELETE FROM games WHERE game_id = ?');
    this.findAudit = db.prepare('SELECT 1 FROM audits WHERE rule_set_id = ? AND game_id = ?').pluck();
    this.auditsOfGame = db.prepare('SELECT rule_set_id FROM audits WHERE game_id = ?').pluck();
    this.deleteFacts = FACT_TABLES.map((t) => db.prepare(`DELETE FROM ${t} WHERE game_id = ?`));
    this.deleteVerdicts = VERDICT_TABLES.map((t) => db.prepare(`DELETE FROM ${t} WHERE rule_set_id = ? AND game_id = ?`));
    this.players = new TableInsert(db, PLAYERS);
    this.hands = new TableInsert(db, HANDS);
    this.kans = new TableInsert(db, KANS);
    this.reveals = new TableInsert(db, REVEALS);
    this.wins = new TableInsert(db, WINS);
    this.aborts = new TableInsert(db, ABORTS);
    this.riichiDeclarations = new TableInsert(db, RIICHI_DECLARATIONS);
    this.audits = new TableInsert(db, AUDITS);
    this.kanVerdicts = new TableInsert(db, KAN_VERDICTS);
    this.riichiKanVerdicts = new TableInsert(db, RIICHI_KAN_VERDICTS);
    this.winDora = new TableInsert(db, WIN_DORA);
    this.findings = new TableInsert(db, FINDINGS);
    this.gameRules = new TableInsert(db, GAME_RULES);
    this.batch = db.transaction((audits: readonly PreparedAudit[]) => this.writeAll(audits));
  }

  /**
   * Writes audits whose rows prepareAudit built (maybe in a worker thread) in one IMMEDIATE transaction:
   * all of it is in the file, or (error, kill, power cut) none of it is. IMMEDIATE takes the write lock up
   * front, so a second writer waits (busy timeout) instead of failing halfway.
   */
  writePrepared(audits: readonly PreparedAudit[]): void {
    if (audits.length === 0) return;
    this.batch.immediate(audits);
  }

  private writeAll(audits: readonly PreparedAudit[]): void {
    const at = new Date().toISOString();
    const ruleSets = new Map<string, number>();
    // The batch's games the database holds already, in one query: a new game needs no lookup of its own.
    const known = new Map<string, KnownGame>();
    const rows = this.findGames.all(JSON.stringify(audits.map((a) => a.contentHash))) as { content_hash: string; game_id: number; facts_digest: string | null }[];
    for (const r of rows) known.set(r.content_hash, { gameId: r.game_id, factsDigest: r.facts_digest });
    for (const audit of audits) {
      let ruleSetId = ruleSets.get(audit.rulesKey);
      if (ruleSetId === undefined) {
        ruleSetId = this.upsertRuleSet.get(...audit.ruleSet, at, at) as number;
        ruleSets.set(audit.rulesKey, ruleSetId);
      }
      const before = known.get(audit.contentHash);
      if (audit.unreadPathHash !== null) this.clearUnreadGame(audit.unreadPathHash);
      const gameId = audit.facts === null ? this.writeUnreadGame(audit) : this.writeGame(audit, audit.facts, before);
      // A game seen again later in the batch (a duplicate file) is known by then.
      known.set(audit.contentHash, { gameId, factsDigest: audit.facts?.digest ?? before?.factsDigest ?? null });
      this.writeVerdicts(ruleSetId, gameId, audit, at, before !== undefined || audit.facts === null);
    }
  }

  /**
   * A file read now that could not be read before (deleted during an audit, then restored; over a limit
   * since raised): its record as unreadable goes, with its verdicts under every rule set, so it is no
   * longer counted among the files that could not be read. A file still unreadable is audited again by
   * every resumed audit (it has no facts), so nothing lost here could not come back.
   */
  private clearUnreadGame(hash: string): void {
    const gameId = this.findUnreadGame.get(hash) as number | undefined;
    if (gameId === undefined) return;
    for (const ruleSetId of this.auditsOfGame.all(gameId) as number[]) {
      for (const del of this.deleteVerdicts) del.run(ruleSetId, gameId);
    }
    for (const del of this.deleteFacts) del.run(gameId);
    this.deleteGame.run(gameId);
  }

  private writeUnreadGame(audit: PreparedAudit): number {
    return this.upsertUnreadGame.get(audit.contentHash, audit.storedFile, audit.unreadError) as number;
  }

  /** The game's row (its id stays the same) and its facts, rewritten only when they changed. */
  private writeGame(audit: PreparedAudit, facts: GameFacts, known: KnownGame | undefined): number {
    if (known && known.factsDigest === facts.digest) {
      this.moveGame.run(audit.storedFile, known.gameId, audit.storedFile);
      return known.gameId;
    }
    const gameValues = [...facts.game, facts.digest];
    let gameId: number;
    if (known) {
      gameId = known.gameId;
      // Verdicts of every rule set were drawn from the facts being replaced: all go, so a resumed audit
      // under another rule set does them again instead of passing over verdicts of the old facts.
      for (const ruleSetId of this.auditsOfGame.all(gameId) as number[]) {
        for (const del of this.deleteVerdicts) del.run(ruleSetId, gameId);
      }
      this.updateGame.run(...gameValues, gameId);
      for (const del of this.deleteFacts) del.run(gameId);
    } else {
      gameId = Number(this.insertGame.run(gameValues).lastInsertRowid);
    }
    const key = [gameId];
    this.players.insert(key, facts.players);
    this.hands.insert(key, facts.hands);
    this.aborts.insert(key, facts.aborts);
    this.kans.insert(key, facts.kans);
    this.reveals.insert(key, facts.reveals);
    this.wins.insert(key, facts.wins);
    this.riichiDeclarations.insert(key, facts.riichiDeclarations);
    return gameId;
  }

  private writeVerdicts(ruleSetId: number, gameId: number, audit: PreparedAudit, at: string, existed: boolean): void {
    // Deleting is only needed when this rule set had audited the game before: never for a new game.
    if (existed && this.findAudit.get(ruleSetId, gameId) !== undefined) {
      for (const del of this.deleteVerdicts) del.run(ruleSetId, gameId);
    }
    const key = [ruleSetId, gameId];
    const v = audit.verdicts;
    this.audits.insert(key, [[...v.audit, at]]);
    this.kanVerdicts.insert(key, v.kanVerdicts);
    this.riichiKanVerdicts.insert(key, v.riichiKans);
    this.winDora.insert(key, v.winDora);
    this.findings.insert(key, v.findings);
    this.gameRules.insert(key, v.gameRules);
  }
}

/** A finding of a prepared audit with its game's file and log id (what `kanshi audit` lists with viewer links). */
export interface PreparedFinding {
  kind: string;
  severity: string;
  file: string;
  /** The game's Tenhou log id: null when it has none, or was not played on Tenhou (the viewer cannot open it). */
  logId: string | null;
  hand: number | null;
  seat: number | null;
  message: string;
  ordinal: number;
}

const GAME_LOG_ID = columnIndex(GAMES, 'log_id');
const GAME_PLATFORM = columnIndex(GAMES, 'platform');
const F = (c: string) => columnIndex(FINDINGS, c);
const [F_ORDINAL, F_KIND, F_SEVERITY, F_HAND, F_SEAT, F_MESSAGE] = [F('ordinal'), F('kind'), F('severity'), F('hand'), F('seat'), F('message')];

/** The findings of a prepared audit, read back from its rows (no query: the rows are at hand as they are written). */
export function preparedFindings(p: PreparedAudit): PreparedFinding[] {
  const game = p.facts?.game;
  const logId = game && game[GAME_PLATFORM] === 'tenhou' ? (game[GAME_LOG_ID] as string | null) : null;
  return p.verdicts.findings.map((f) => ({
    kind: f[F_KIND] as string,
    severity: f[F_SEVERITY] as string,
    file: p.file,
    logId,
    hand: f[F_HAND] as number | null,
    seat: f[F_SEAT] as number | null,
    message: f[F_MESSAGE] as string,
    ordinal: f[F_ORDINAL] as number,
  }));
}

/**
 * A seat's first riichi declaration of a hand: a log that declares twice (the replay reports a
 * riichi-repeated inconsistency) keeps one row, the table's one per seat and hand.
 */
function firstPerSeat<T extends { seat: number }>(declarations: readonly T[]): T[] {
  const seen = new Set<number>();
  return declarations.filter((d) => !seen.has(d.seat) && (seen.add(d.seat), true));
}
