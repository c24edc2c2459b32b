/**
 * Test support for src/store: real GameAudits from corpus files (ingest + replay, with hand-made findings
 * and riichi-kan verdicts so the tests do not depend on the audit checks), temporary databases, and table
 * dumps that compare databases by content.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { finding, type Finding, type GameAudit, type GameMeta, type RiichiKanVerdict } from '../../src/audit/index.js';
import { parseLog } from '../../src/ingest/index.js';
import type { GameLog } from '../../src/events/index.js';
import { replayGame } from '../../src/replay/index.js';
import { resolveRules, ruleSet, ruleSetOf, type ProfileName, type Rules, defaultRules } from '../../src/rules/index.js';
import { CORPUS_LOGS, PLATFORMS_DIR, corpusFile, manifest, requireCorpus } from '../support/corpus.js';
import { copyOf, sharedFolder } from '../support/shared.js';
import { CATALOG, type Catalog } from '../../src/store/catalog.js';
import { schemaAsOf, tableAt } from '../../src/store/ddl.js';
import { APPLICATION_ID } from '../../src/store/index.js';

export function tempDb(name = 'audit.sqlite'): string {
  return join(mkdtempSync(join(tmpdir(), 'kanshi-store-')), name);
}

/**
 * A new copy of the corpus and the platform logs audited under tenhou, then mleague (kanshi audit in this
 * process, on its thread), which test/store/v7.test.ts and v11.test.ts each add their own rows to: the
 * audits are made once per test run (test/support/shared.ts).
 */
export async function corpusAndPlatformsDb(): Promise<string> {
  requireCorpus();
  const dir = await sharedFolder('corpus-and-platforms', async (into) => {
    const { kanshiInProcess } = await import('../support/in-process.js');
    for (const profile of ['tenhou', 'mleague']) {
      const r = await kanshiInProcess('audit', CORPUS_LOGS, join(PLATFORMS_DIR, 'logs'), '--db', join(into, 'audit.sqlite'), '--profile', profile, '--workers', '0', '--no-progress', '--json');
      // Exit 1 says some platform logs cannot be read, as they cannot; 2 would be a usage error.
      if (r.code === 2) throw new Error(`kanshi audit --profile ${profile}: ${r.stderr}`);
    }
  });
  return copyOf(join(dir, 'audit.sqlite'));
}

/** A varied sample of the corpus: every chankan and four-kan abort, 3-player, JSON, gzip, excerpts, riichi kans. */
export function sampleFiles(): string[] {
  const rows = manifest();
  const picked = new Set<string>();
  const some = (rs: typeof rows, n: number) => rs.slice(0, n).forEach((r) => picked.add(r.file));
  some(rows.filter((r) => r.chankanWins > 0 || r.kan4Aborts > 0), 100);
  some(rows.filter((r) => r.players === 3), 6);
  some(rows.filter((r) => r.format === 'json'), 6);
  some(rows.filter((r) => r.format === 'gz'), 6);
  some(rows.filter((r) => /no owari/.test(r.notes)), 6);
  some(rows.filter((r) => r.riichiAnkan > 0), 8);
  some(rows.filter((_, i) => i % 60 === 0), 100);
  return [...picked].sort();
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface ReadGame {
  file: string;
  hash: string;
  game: GameLog;
}

export function readGames(names: readonly string[]): ReadGame[] {
  return names.map((name) => {
    const file = corpusFile(name);
    const bytes = readFileSync(file);
    return { file, hash: sha256(bytes), game: parseLog(bytes, { file }) };
  });
}

function meta(game: GameLog): GameMeta {
  const { hands, ...rest } = game;
  return { ...rest, handCount: hands.length };
}

/**
 * The audit of a read game under a profile (or rules): the real replay; findings and riichi-kan verdicts
 * made by hand: a chankan-win per chankan, a suukaikan-abort per four-kan abort, and a riichi-kan verdict
 * per kan in riichi that `strict` rules call illegal for every other one (so profiles disagree).
 */
export function auditOf(g: ReadGame, profile: ProfileName | Rules = 'tenhou'): GameAudit {
  const rules = typeof profile === 'string' ? resolveRules({ profile }) : profile;
  const replay = replayGame(g.game, { ...defaultRules(), kandoraTiming: rules.kandoraTiming });
  const findings: Finding[] = [];
  const riichiKans: RiichiKanVerdict[] = [];
  let inRiichi = 0;
  for (const round of replay.hands) {
    for (const w of round.wins) {
      if (w.chankan) findings.push(finding('chankan-win', { hand: w.hand, eventIndex: w.eventIndex, seat: w.seat }, `chankan by seat ${w.seat}`, { tile: '5p', kan: 'kakan' }));
    }
    if (round.ending.reason === 'suukaikan') {
      findings.push(finding('suukaikan-abort', { hand: round.hand, eventIndex: round.ending.eventIndex }, 'four-kan abort', { kans: round.ending.kanCount, players: round.ending.kanPlayerCount, fourthKan: 'ankan' }));
    }
    for (const k of round.kans) {
      if (!k.inRiichi) continue;
      const illegal = rules.riichiKan === 'strict' && inRiichi++ % 2 === 0;
      riichiKans.push({
        hand: k.hand,
        eventIndex: k.eventIndex,
        legal: !illegal,
        reason: illegal ? 'reading-lost' : 'allowed',
        explanation: illegal ? 'a reading is lost (made up by the test)' : 'the waits stay the same',
        waitsBefore: ['2m', '5m'],
        waitsAfter: illegal ? ['2m'] : ['2m', '5m'],
      });
      if (illegal) {
        findings.push(
          finding('riichi-kan-illegal', { hand: k.hand, eventIndex: k.eventIndex, seat: k.seat }, 'illegal riichi kan: quote " and, comma', {
            revealed: null,
            kan: k.kind,
            tile: '3p',
            reason: 'reading-lost',
            riichiKan: 'strict',
            okuriKan: false,
            waitsBefore: ['2m', '5m'],
            waitsAfter: ['2m'],
          }),
        );
      }
    }
  }
  return {
    file: g.file,
    contentHash: g.hash,
    ruleSet: ruleSetOf(rules),
    game: meta(g.game),
    replay,
    riichiKans,
    findings,
  };
}

/** The audit of a file that could not be read. */
export function unreadableAudit(file: string, hash: string, profile: ProfileName = 'tenhou'): GameAudit {
  return {
    file,
    contentHash: hash,
    ruleSet: ruleSet({ profile }),
    game: null,
    replay: null,
    riichiKans: [],
    findings: [finding('ingest-error', { hand: null, eventIndex: null }, 'line 1 column 40: not well-formed XML', { position: 'line 1 column 40', reason: 'not well-formed XML' })],
  };
}

export function writeInBatches(write: (a: GameAudit[]) => void, audits: readonly GameAudit[], size: number): void {
  for (let i = 0; i < audits.length; i += size) write(audits.slice(i, i + size));
}

// ---- reading a database back ------------------------------------------------------------------------

export const FACT_TABLES = ['games', 'players', 'hands', 'kans', 'reveals', 'wins', 'aborts'] as const;
export const VERDICT_TABLES = ['audits', 'kan_verdicts', 'riichi_kan_verdicts', 'win_dora', 'findings'] as const;
/** Columns that say when, not what: left out when databases are compared. */
const TIME_COLUMNS = new Set(['first_run_at', 'last_run_at', 'audited_at']);

export function openRaw(file: string): Database.Database {
  return new Database(file, { readonly: true });
}

export function tables(db: Database.Database): string[] {
  return db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
}

export function rowCounts(file: string): Record<string, number> {
  const db = openRaw(file);
  try {
    return Object.fromEntries(tables(db).map((t) => [t, db.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number]));
  } finally {
    db.close();
  }
}

/**
 * Every table's rows as sorted JSON lines, with game_id and rule_set_id replaced by the game's content
 * hash and the rules key (so two databases written in another order compare equal) and times left out.
 */
export function dump(file: string, only?: readonly string[]): Record<string, string[]> {
  const db = openRaw(file);
  try {
    const hashes = new Map(db.prepare('SELECT game_id, content_hash FROM games').raw().all() as [number, string][]);
    const keys = new Map(db.prepare('SELECT rule_set_id, rules_key FROM rule_sets').raw().all() as [number, string][]);
    const out: Record<string, string[]> = {};
    for (const t of only ?? tables(db)) {
      const rows = db.prepare(`SELECT * FROM "${t}"`).all() as Record<string, unknown>[];
      out[t] = rows
        .map((r) => {
          const row: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(r)) {
            if (TIME_COLUMNS.has(k)) continue;
            row[k] = k === 'game_id' ? hashes.get(v as number) : k === 'rule_set_id' ? keys.get(v as number) : v;
          }
          return JSON.stringify(row);
        })
        .sort();
    }
    return out;
  } finally {
    db.close();
  }
}

/** A row as better-sqlite3 reads it. */
export type Row = Record<string, unknown>;

/** The rows of one statement, the file opened read-only for it. */
export function rows(file: string, sql: string): Row[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as Row[];
  } finally {
    db.close();
  }
}

/** Every row of a view (or table), ordered by all its columns. */
export function view(file: string, name: string): Row[] {
  const db = new Database(file, { readonly: true });
  try {
    const n = db.prepare('SELECT count(*) FROM pragma_table_info(?)').pluck().get(name) as number;
    return db.prepare(`SELECT * FROM ${name} ORDER BY ${Array.from({ length: n }, (_, i) => i + 1).join(', ')}`).all() as Row[];
  } finally {
    db.close();
  }
}

/**
 * The rows of a database in one of the schema as an older version had it (the catalog as of `version`,
 * src/store/ddl.ts schemaAsOf): every column that version had, copied; audit_groups filled by its triggers as
 * the audits go in, and tiles by its own SQL. From version 5 on (before it, tables and keys had other names).
 */
export function databaseAsOf(fresh: string, version: number, catalog: Catalog = CATALOG): string {
  if (version < 5) throw new Error(`databaseAsOf: version ${version} named its tables otherwise; use a frozen fixture`);
  const old = tempDb(`v${version}.sqlite`);
  const db = new Database(old);
  db.exec(schemaAsOf(catalog, version, APPLICATION_ID));
  db.exec(`ATTACH DATABASE '${fresh.replaceAll("'", "''")}' AS src`);
  db.transaction(() => {
    for (const t of catalog.tables) {
      const at = tableAt(catalog, t, version);
      if (!at || t.name === 'tiles') continue;
      // A column the fresh database no longer has (a retired knob's) stays null.
      const columns = at.columns.filter((c) => !/\bGENERATED\b/.test(c.type) && c.column.until === undefined).map((c) => `"${c.name}"`).join(', ');
      db.exec(`INSERT INTO main."${at.name}" (${columns}) SELECT ${columns} FROM src."${at.name}"`);
    }
  })();
  db.exec('DETACH DATABASE src');
  db.close();
  return old;
}
