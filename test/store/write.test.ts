import { basename } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { finding, unreadHash, type GameAudit } from '../../src/audit/index.js';
import { openStore, type Store } from '../../src/store/index.js';
import { resolveRules, rulesKey } from '../../src/rules/index.js';
import { manifest } from '../support/corpus.js';
import {
  FACT_TABLES, VERDICT_TABLES, auditOf, dump, readGames, rowCounts, sampleFiles, tempDb, unreadableAudit, writeInBatches,
  type ReadGame,
} from './support.js';

let games: ReadGame[];
let tenhou: GameAudit[];

beforeAll(() => {
  games = readGames(sampleFiles());
  tenhou = games.map((g) => auditOf(g, 'tenhou'));
});

function written(audits: readonly GameAudit[], batch = 16, file = tempDb()): string {
  const store = openStore(file);
  writeInBatches((a) => store.writeBatch(a), audits, batch);
  store.close();
  return file;
}

function sql<T = Record<string, unknown>>(file: string, query: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('writing audits', () => {
  it('stores every game, player, round, kan, reveal, win and abort of the replays', () => {
    const file = written(tenhou);
    const counts = rowCounts(file);
    const rounds = tenhou.flatMap((a) => a.replay!.hands);
    const kans = rounds.flatMap((r) => r.kans);
    expect(counts.games).toBe(games.length);
    expect(counts.players).toBe(sum(games.map((g) => g.game.players.length)));
    expect(counts.hands).toBe(rounds.length);
    expect(counts.kans).toBe(kans.length);
    expect(counts.reveals).toBe(kans.filter((k) => k.revealEventIndex !== null).length);
    expect(counts.wins).toBe(sum(rounds.map((r) => r.wins.length)));
    expect(counts.aborts).toBe(rounds.filter((r) => r.ending.kind === 'ryuukyoku' && !['exhaustive', 'nagashi-mangan'].includes(r.ending.reason!)).length);
    expect(counts.rule_sets).toBe(1);
    expect(counts.audits).toBe(games.length);
    expect(counts.kan_verdicts).toBe(kans.length);
    expect(counts.win_dora).toBe(counts.wins);
    expect(counts.findings).toBe(sum(tenhou.map((a) => a.findings.length)));

    // The facts agree with the independent counts of MANIFEST.tsv, file by file.
    const byFile = new Map(manifest().map((r) => [r.file, r]));
    const perGame = sql<{ file: string; ankan: number; daiminkan: number; kakan: number; riichi: number; chankan: number; kan4: number }>(
      file,
      `SELECT g.file,
              (SELECT count(*) FROM kans k WHERE k.game_id = g.game_id AND k.kind = 'ankan') AS ankan,
              (SELECT count(*) FROM kans k WHERE k.game_id = g.game_id AND k.kind = 'daiminkan') AS daiminkan,
              (SELECT count(*) FROM kans k WHERE k.game_id = g.game_id AND k.kind = 'kakan') AS kakan,
              (SELECT count(*) FROM kans k WHERE k.game_id = g.game_id AND k.in_riichi = 1) AS riichi,
              (SELECT count(*) FROM wins w WHERE w.game_id = g.game_id AND w.chankan = 1) AS chankan,
              (SELECT count(*) FROM aborts a WHERE a.game_id = g.game_id AND a.reason = 'suukaikan') AS kan4
       FROM games g`,
    );
    expect(perGame).toHaveLength(games.length);
    for (const row of perGame) {
      const m = byFile.get(basename(row.file))!;
      expect({ ...row, file: m.file }).toEqual({
        file: m.file, ankan: m.ankan, daiminkan: m.daiminkan, kakan: m.kakan, riichi: m.riichiAnkan, chankan: m.chankanWins, kan4: m.kan4Aborts,
      });
    }
  });

  it("stores each winner's own kans (version 13), counted here from the log's kan calls by that seat before the win", () => {
    const file = written(tenhou);
    const stored = sql<{ file: string; hand: number; event_index: number; seat: number; own_kans: number }>(
      file,
      'SELECT g.file, w.hand, w.event_index, w.seat, w.own_kans FROM wins w JOIN games g USING (game_id)',
    );
    const byFile = new Map(games.map((g) => [g.file, g.game]));
    let withKans = 0;
    for (const w of stored) {
      const events = byFile.get(w.file)!.hands[w.hand - 1].events;
      const calls = events.slice(0, w.event_index).filter((e) => e.type === 'call' && e.seat === w.seat && ['ankan', 'daiminkan', 'kakan'].includes(e.meld));
      expect(w.own_kans, `${basename(w.file)} hand ${w.hand} seat ${w.seat}`).toBe(calls.length);
      if (calls.length > 0) withKans++;
    }
    expect(withKans).toBeGreaterThan(10);
  });

  it('keeps the game meta, players, and a kan with its replacement draw and reveal as logged', () => {
    const file = written(tenhou);
    const [g] = sql(file, `SELECT * FROM games WHERE log_id = '2016052515gm-00a9-0000-c4d72066'`);
    expect(g).toMatchObject({ format: 'mjlog', player_count: 4, lobby: 0, lobby_level: 'houou', rule_label: '四鳳南喰赤', seeded: 1, wall_mismatches: 0, error: null });
    expect(g.content_hash).toMatch(/^[0-9a-f]{64}$/);
    const players = sql(file, 'SELECT seat, name, dan FROM players WHERE game_id = ? ORDER BY seat', g.game_id);
    expect(players).toHaveLength(4);
    const [abort] = sql(file, 'SELECT reason, kans, kan_players FROM aborts WHERE game_id = ?', g.game_id);
    expect(abort).toEqual({ reason: 'suukaikan', kans: 4, kan_players: 3 });
    // 2020052221gm-00a9-0000-6f0524c7: a rinshan tsumo after a kakan, whose indicator is never revealed.
    const rinshan = sql(file, `SELECT * FROM kan_list WHERE log_id = '2020052221gm-00a9-0000-6f0524c7' AND rinshan_win = 1`);
    expect(rinshan).toEqual([expect.objectContaining({ kind: 'kakan', robbed: 0, reveal_logged: 'never', kyoku_name: 'South 4', tile: '5z' })]);
    expect(rinshan[0].replacement).toMatch(/^[1-9][mpsz]$/);
    const [reveal] = sql(file, 'SELECT count(*) AS n FROM reveals r JOIN kans k ON k.game_id = r.game_id AND k.hand = r.hand AND k.event_index = r.kan_event_index WHERE k.indicator <> r.indicator');
    expect(reveal.n).toBe(0);
  });

  it('writing the same audits again changes nothing: every row the same, in any batch size', () => {
    const file = written(tenhou, 16);
    const counts = rowCounts(file);
    const rows = dump(file);
    const store = openStore(file);
    writeInBatches((a) => store.writeBatch(a), tenhou, 7);
    writeInBatches((a) => store.writeBatch(a), [...tenhou].reverse(), 1000);
    store.close();
    expect(rowCounts(file)).toEqual(counts);
    expect(dump(file)).toEqual(rows);
    // And equal to a database written once, in one batch.
    expect(dump(written(tenhou, 1000))).toEqual(rows);
  });

  it('keeps audits under different profiles apart: facts once, verdicts per rule set', () => {
    const file = written(tenhou);
    const tenhouCounts = rowCounts(file);
    const facts = dump(file, FACT_TABLES);
    const tenhouVerdicts = dump(file, VERDICT_TABLES);
    const strict = games.map((g) => auditOf(g, 'pro-strict'));
    const store = openStore(file);
    writeInBatches((a) => store.writeBatch(a), strict, 16);
    store.close();

    const counts = rowCounts(file);
    expect(dump(file, FACT_TABLES)).toEqual(facts);
    for (const t of ['audits', 'kan_verdicts', 'riichi_kan_verdicts', 'win_dora']) expect(counts[t], t).toBe(2 * tenhouCounts[t]);
    expect(counts.findings).toBe(tenhouCounts.findings + sum(strict.map((a) => a.findings.length)));
    expect(counts.rule_sets).toBe(2);

    // Each profile's verdicts are queryable apart, with the knob values beside them.
    const sets = sql(file, 'SELECT profile, riichi_kan, fifth_kan, okuri_kan FROM rule_sets ORDER BY profile');
    expect(sets).toEqual([
      { profile: 'pro-strict', riichi_kan: 'strict', fifth_kan: 'aborts', okuri_kan: 0 },
      { profile: 'tenhou', riichi_kan: 'waits', fifth_kan: 'forbidden', okuri_kan: 0 },
    ]);
    const illegal = sql<{ profile: string; n: number }>(
      file,
      `SELECT r.profile, count(v.game_id) AS n FROM rule_sets r LEFT JOIN riichi_kan_verdicts v ON v.rule_set_id = r.rule_set_id AND v.legal = 0
       GROUP BY r.profile ORDER BY r.profile`,
    );
    const expectedIllegal = sum(strict.map((a) => a.riichiKans.filter((v) => v.legal === false).length));
    expect(expectedIllegal).toBeGreaterThan(0);
    expect(illegal).toEqual([{ profile: 'pro-strict', n: expectedIllegal }, { profile: 'tenhou', n: 0 }]);

    // Re-writing one profile leaves the other's verdicts untouched.
    const strictVerdicts = dump(file, VERDICT_TABLES);
    const again = openStore(file);
    writeInBatches((a) => again.writeBatch(a), tenhou, 50);
    again.close();
    const after = dump(file, VERDICT_TABLES);
    expect(after).toEqual(strictVerdicts);
    for (const t of VERDICT_TABLES) for (const line of tenhouVerdicts[t]) expect(after[t]).toContain(line);
  });

  it('stores a timing rule\'s reveal moments and dora as verdicts; the facts stay those of the log', () => {
    const file = written(tenhou);
    const facts = dump(file, FACT_TABLES);
    const immediate = games.map((g) => auditOf(g, 'mleague'));
    const store = openStore(file);
    store.writeBatch(immediate);
    store.close();
    expect(dump(file, FACT_TABLES)).toEqual(facts);
    const moments = sql<{ profile: string; kind: string; reveal_rule: string; n: number }>(
      file,
      `SELECT r.profile, k.kind, v.reveal_rule, count(*) AS n FROM kan_verdicts v
       JOIN rule_sets r USING (rule_set_id) JOIN kans k USING (game_id, hand, event_index)
       WHERE k.robbed = 0 AND k.kind = 'kakan' AND k.rinshan_win = 0 GROUP BY 1, 2, 3`,
    );
    expect(moments.filter((m) => m.profile === 'mleague').map((m) => m.reveal_rule)).toContain('declaration');
    expect(moments.filter((m) => m.profile === 'tenhou').map((m) => m.reveal_rule)).not.toContain('declaration');
    // A rinshan tsumo after a kakan: under tenhou no kandora counts; under immediate it does.
    const dora = sql<{ profile: string; indicators: string }>(
      file,
      `SELECT r.profile, d.indicators FROM win_dora d JOIN rule_sets r USING (rule_set_id) JOIN wins w USING (game_id, hand, event_index)
       JOIN games g USING (game_id) WHERE g.log_id = '2020052221gm-00a9-0000-6f0524c7' AND w.rinshan = 1 ORDER BY r.profile`,
    );
    expect(dora.map((d) => [d.profile, JSON.parse(d.indicators).length])).toEqual([['mleague', 2], ['tenhou', 1]]);
  });

  it('keeps a row for a file that could not be read, and fills it in once it is read', () => {
    const file = tempDb();
    const store = openStore(file);
    const g = games[0];
    store.writeBatch([unreadableAudit('/logs/broken.mjlog', 'f'.repeat(64)), unreadableAudit(g.file, g.hash)]);
    // Broken file first, whatever directory the corpus lives in.
    let rows = sql(file, `SELECT g.file, g.error, g.player_count, a.status, a.error AS audit_error FROM games g JOIN audits a USING (game_id)
       ORDER BY g.file <> '/logs/broken.mjlog'`);
    expect(rows).toEqual([
      { file: '/logs/broken.mjlog', error: 'line 1 column 40: not well-formed XML', player_count: null, status: 'ingest-error', audit_error: 'line 1 column 40: not well-formed XML' },
      { file: g.file, error: 'line 1 column 40: not well-formed XML', player_count: null, status: 'ingest-error', audit_error: 'line 1 column 40: not well-formed XML' },
    ]);
    expect(sql(file, `SELECT kind, severity, details FROM findings`)).toEqual([
      { kind: 'ingest-error', severity: 'error', details: '{"position":"line 1 column 40","reason":"not well-formed XML"}' },
      { kind: 'ingest-error', severity: 'error', details: '{"position":"line 1 column 40","reason":"not well-formed XML"}' },
    ]);
    store.writeBatch([auditOf(g)]);
    rows = sql(file, `SELECT g.error, g.player_count, a.status FROM games g JOIN audits a USING (game_id) WHERE g.content_hash = '${g.hash}'`);
    expect(rows).toEqual([{ error: null, player_count: g.game.players.length, status: 'ok' }]);
    // A later failure of the same bytes (kanshi's, under some rule set) keeps the facts already read.
    const kans = rowCounts(file).kans;
    store.writeBatch([unreadableAudit(g.file, g.hash, 'majsoul')]);
    store.close();
    expect(rowCounts(file).kans).toBe(kans);
    expect(sql(file, `SELECT error FROM games WHERE content_hash = '${g.hash}'`)).toEqual([{ error: null }]);
  });

  it('clears the record of a file that could not be read (under every rule set) once the file at that path is read (issue 34)', () => {
    const file = tempDb();
    const store = openStore(file);
    const [g, other] = games;
    // Deleted during an audit: known by its path (unreadHash), under two rule sets; another file's stays.
    store.writeBatch([unreadableAudit(g.file, unreadHash(g.file), 'majsoul'), unreadableAudit(g.file, unreadHash(g.file))]);
    store.writeBatch([unreadableAudit(other.file, unreadHash(other.file))]);
    expect(store.stats().ruleSet.failedGameCount).toBe(2);
    // Restored, and audited again: read fine.
    store.writeBatch([auditOf(g)]);
    expect(store.stats().ruleSet.failedGameCount).toBe(1);
    store.close();
    expect(sql(file, `SELECT file, format IS NOT NULL AS read FROM games ORDER BY read`)).toEqual([
      { file: other.file, read: 0 },
      { file: g.file, read: 1 },
    ]);
    expect(sql(file, `SELECT count(*) AS n FROM findings WHERE kind = 'ingest-error'`)).toEqual([{ n: 1 }]);
    expect(sql(file, `SELECT count(*) AS n FROM audits`)).toEqual([{ n: 2 }]);
  });

  it('is one game when the same bytes come from two paths; the last path is kept', () => {
    const file = tempDb();
    const store = openStore(file);
    const a = auditOf(games[1]);
    store.writeBatch([a, { ...a, file: '/elsewhere/copy.mjlog' }]);
    store.close();
    expect(sql(file, 'SELECT file FROM games')).toEqual([{ file: '/elsewhere/copy.mjlog' }]);
    expect(rowCounts(file).audits).toBe(1);
  });

  it('writes a batch whole or not at all', () => {
    const file = written(tenhou.slice(0, 10));
    const before = dump(file);
    const bad = auditOf(games[12]);
    bad.findings = [{ ...finding('wall-mismatch', { hand: 1, eventIndex: 1 }, 'x', { what: 'live-draw', wallIndex: 1, expected: 2, logged: 3 }), severity: 'fatal' as never }];
    const store = openStore(file);
    expect(() => store.writeBatch([...tenhou.slice(10, 12), bad])).toThrow(/CHECK constraint failed/);
    store.close();
    expect(dump(file)).toEqual(before);
  });

  it('says which files are audited under which rules, so a resumed audit can skip them', () => {
    const file = written(tenhou.slice(0, 5));
    const store = openStore(file);
    const tenhouKey = rulesKey(resolveRules({ profile: 'tenhou' }));
    const strictKey = rulesKey(resolveRules({ profile: 'pro-strict' }));
    expect(store.auditedHashes(tenhouKey)).toEqual(new Set(tenhou.slice(0, 5).map((a) => a.contentHash)));
    expect(store.auditedHashes(strictKey)).toEqual(new Set());
    expect(store.isAudited(tenhou[0].contentHash, tenhouKey)).toBe(true);
    expect(store.isAudited(tenhou[0].contentHash, strictKey)).toBe(false);
    expect(store.isAudited(tenhou[6].contentHash, tenhouKey)).toBe(false);
    // whether a resumed audit has anything to look up at all
    expect(store.hasAuditsUnder(tenhouKey)).toBe(true);
    expect(store.hasAuditsUnder(strictKey)).toBe(false);
    store.close();
  });

  it('counts the stored findings by severity of the games a resumed audit passed over, under the rules it runs', () => {
    // Issue 14: --fail-on judges the games passed over by what their audit stored.
    const strict = games.map((g) => auditOf(g, 'pro-strict'));
    const file = written([...tenhou, ...strict]);
    const store = openStore(file);
    const tenhouKey = rulesKey(resolveRules({ profile: 'tenhou' }));
    const strictKey = rulesKey(resolveRules({ profile: 'pro-strict' }));
    const hashes = strict.map((a) => a.contentHash);
    const severities = (audits: GameAudit[]) => ({
      error: sum(audits.map((a) => a.findings.filter((f) => f.severity === 'error').length)),
      warning: sum(audits.map((a) => a.findings.filter((f) => f.severity === 'warning').length)),
      info: sum(audits.map((a) => a.findings.filter((f) => f.severity === 'info').length)),
    });
    expect(severities(strict).error).toBeGreaterThan(0);
    // each game audited under both: the audit under the rules key given counts
    expect(store.storedSeverities(hashes, strictKey)).toEqual({ games: games.length, severities: severities(strict) });
    expect(store.storedSeverities(hashes, tenhouKey)).toEqual({ games: games.length, severities: severities(tenhou) });
    // a hash given twice is one game; one the database does not hold, none; none given, nothing
    expect(store.storedSeverities([hashes[0], hashes[0], 'f'.repeat(64)], strictKey)).toEqual({ games: 1, severities: severities([strict[0]]) });
    expect(store.storedSeverities([], strictKey)).toEqual({ games: 0, severities: { error: 0, warning: 0, info: 0 } });
    store.close();
  });

  it('leaves the keys consistent: foreign keys and integrity check pass', () => {
    const file = written([...tenhou, ...games.map((g) => auditOf(g, 'majsoul'))]);
    const db = new Database(file, { readonly: true });
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('records a profile only for rules that are exactly that profile\'s', () => {
    const file = tempDb();
    const store = openStore(file);
    const custom = resolveRules({ profile: 'tenhou', overrides: { riichiKan: 'strict' } });
    store.writeBatch([auditOf(games[0], custom), auditOf(games[0], 'tenhou')]);
    store.close();
    expect(sql(file, 'SELECT profile, riichi_kan FROM rule_sets ORDER BY rule_set_id')).toEqual([
      { profile: null, riichi_kan: 'strict' },
      { profile: 'tenhou', riichi_kan: 'waits' },
    ]);
  });

  it('lists the rule sets with their counts, latest first', () => {
    const file = written(tenhou);
    const store: Store = openStore(file);
    store.writeBatch([...games.slice(0, 3).map((g) => auditOf(g, 'pro-strict')), unreadableAudit('/x.mjlog', 'e'.repeat(64), 'pro-strict')]);
    const sets = store.ruleSets();
    store.close();
    expect(sets.map((s) => [s.profile, s.gameCount, s.readGameCount, s.failedGameCount])).toEqual([
      ['pro-strict', 4, 3, 1],
      ['tenhou', games.length, games.length, 0],
    ]);
    expect(sets[0].rules).toEqual(resolveRules({ profile: 'pro-strict' }));
    expect(sets[0].errorCount).toBeGreaterThan(0);
  });
});

describe('facts rewritten by a newer kanshi (found in review)', () => {
  it('drop the verdicts every rule set drew from the old facts, so a resumed audit under another rule set does them again', async () => {
    const { prepareAudit } = await import('../../src/store/index.js');
    const file = tempDb();
    const store = openStore(file);
    const g = games[0];
    const old = (profile: 'tenhou' | 'mleague') => {
      const p = prepareAudit(auditOf(g, profile));
      return { ...p, facts: { ...p.facts!, digest: 'facts-old' } };
    };
    store.writePrepared([old('tenhou'), old('mleague')]);
    const mleague = rulesKey(resolveRules({ profile: 'mleague' }));
    expect(store.isAudited(g.hash, mleague)).toBe(false); // old facts: not done under the current version
    expect(store.hasAuditsUnder(mleague)).toBe(false);
    store.writePrepared([prepareAudit(auditOf(g, 'tenhou'))]);
    // The facts are current now, but mleague's verdicts were of the old ones: gone, so not passed over.
    expect(store.isAudited(g.hash, mleague)).toBe(false);
    const db = new Database(file, { readonly: true });
    const audits = db.prepare('SELECT r.profile FROM audits a JOIN rule_sets r USING (rule_set_id)').pluck().all();
    db.close();
    expect(audits).toEqual(['tenhou']);
    store.close();
  });
});
