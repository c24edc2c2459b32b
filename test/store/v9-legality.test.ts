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
import { auditOf, databaseAsOf, readGames, tempDb } from './support.js';

const column = (name: string) => name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
const LEGALITY_COLUMNS = LEGALITY_KNOBS.map((k) => column(k.name));

describe('migrating a version-8 database to 9 (issue 33)', () => {
  it('adds the legality knobs, null for the rule sets audited before, and each finding kind its family', () => {
    const file = tempDb();
    const [game] = readGames(['2010081709gm-00a9-0000-fe3371ad.xml']);
    const store = openStore(file);
    store.writeBatch([auditOf(game, 'tenhou')]);
    store.close();
    const v8 = databaseAsOf(file, 8);
    openStore(v8).close();
    const migrated = new Database(v8, { readonly: true });
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
    const again = openStore(v8);
    again.writeBatch([auditOf(game, 'mleague')]);
    again.close();
    const after = new Database(v8, { readonly: true });
    expect(after.prepare(`SELECT ${LEGALITY_COLUMNS.join(', ')} FROM rule_sets WHERE profile = 'mleague'`).raw().get()).toEqual(['atamahane', 'none', 'plays-on', 'forbidden', 1]);
    after.close();
  });
});
