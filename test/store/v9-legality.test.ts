/**
 * Schema version 9, the legality knobs (issue 33): a version-8 database migrated gets their rule_sets
 * columns, null for the rule sets audited before (as the scoring knobs' were in version 6), and
 * finding_kinds.family for every kind; a rule set audited afterwards has its values.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FINDING_KINDS } from '../../src/audit/index.js';
import { LEGALITY_KNOBS } from '../../src/rules/index.js';
import { openStore, SCHEMA_VERSION } from '../../src/store/index.js';
import { auditOf, readGames, tempDb } from './support.js';

const column = (name: string) => name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
const LEGALITY_COLUMNS = LEGALITY_KNOBS.map((k) => column(k.name));

describe('migrating a version-8 database to 9 (issue 33)', () => {
  it('adds the legality knobs, null for the rule sets audited before, and each finding kind its family', () => {
    const file = tempDb();
    const [game] = readGames(['2010081709gm-00a9-0000-fe3371ad.xml']);
    const store = openStore(file);
    store.writeBatch([auditOf(game, 'tenhou')]);
    store.close();
    const db = new Database(file);
    for (const v of db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'view'`).pluck().all() as string[]) db.exec(`DROP VIEW "${v}"`);
    db.exec(`${LEGALITY_COLUMNS.map((c) => `ALTER TABLE rule_sets DROP COLUMN ${c};`).join(' ')} ALTER TABLE finding_kinds DROP COLUMN family;`);
    // and what versions 10 and 11 added (the reveal verdicts, whose column the timing index holds; audit_groups)
    for (const t of db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'trigger'`).pluck().all() as string[]) db.exec(`DROP TRIGGER "${t}"`);
    db.exec('DROP INDEX kan_verdicts_timing; ALTER TABLE kan_verdicts DROP COLUMN reveal_verdict; DROP TABLE audit_groups; DROP INDEX riichi_kan_verdicts_by_reason; PRAGMA user_version = 8;');
    db.close();

    openStore(file).close();
    const migrated = new Database(file, { readonly: true });
    expect(migrated.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const before = migrated.prepare(`SELECT ${LEGALITY_COLUMNS.join(', ')} FROM rule_set_summary`).all();
    expect(before).toEqual([Object.fromEntries(LEGALITY_COLUMNS.map((c) => [c, null]))]);
    const families = migrated.prepare('SELECT kind, family FROM finding_kinds ORDER BY kind').all();
    expect(families).toEqual(
      Object.entries(FINDING_KINDS)
        .map(([kind, info]) => ({ kind, family: info.family }))
        .sort((a, b) => (a.kind < b.kind ? -1 : 1)),
    );
    expect(new Set(families.map((f) => (f as { family: string }).family))).toEqual(new Set(['kan', 'scoring', 'legality', 'log']));
    migrated.close();

    // Audited again under mleague: a new rule set with its legality values.
    const again = openStore(file);
    again.writeBatch([auditOf(game, 'mleague')]);
    again.close();
    const after = new Database(file, { readonly: true });
    expect(after.prepare(`SELECT ${LEGALITY_COLUMNS.join(', ')} FROM rule_sets WHERE profile = 'mleague'`).raw().get()).toEqual(['atamahane', 'none', 'plays-on', 'forbidden', 1]);
    after.close();
  });
});
