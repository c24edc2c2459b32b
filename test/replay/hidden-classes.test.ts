import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/cli.js';
import { corpusFiles, platformManifest, PLATFORMS_DIR } from '../support/corpus.js';

/**
 * Records built by spreading another object (`{ ...finish(), eventCount }`) each get a V8 hidden class of
 * their own, and every read of them goes megamorphic (docs/PERFORMANCE.md). Nothing else notices: the
 * results stay right and a batch is only a little slower. Counting the classes needs V8's natives syntax,
 * so this runs the built code in a child process with the flag.
 */
function hiddenClassCounts(files: string[]): Record<string, number> {
  const auditFile = pathToFileURL(join(PROJECT_ROOT, 'dist', 'src', 'batch', 'audit-file.js')).href;
  const rules = pathToFileURL(join(PROJECT_ROOT, 'dist', 'src', 'audit', 'index.js')).href;
  const script = `
    const { auditFile } = await import(${JSON.stringify(auditFile)});
    const { ruleSetFor } = await import(${JSON.stringify(rules)});
    const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
    const classes = (objects) => objects.reduce((reps, o) => (reps.some((r) => sameMap(r, o)) ? reps : [...reps, o]), []).length;
    const tenhou = ruleSetFor({ profile: 'tenhou' });
    const audits = ${JSON.stringify(files)}.map((f) => auditFile(f, tenhou)).filter((a) => a.game !== null);
    process.stdout.write(JSON.stringify({
      audits: classes(audits),
      games: classes(audits.map((a) => a.game)),
      rules: classes(audits.map((a) => a.game.rule)),
      wins: classes(audits.flatMap((a) => a.replay.hands.flatMap((h) => h.wins))),
      rounds: classes(audits.flatMap((a) => a.replay.hands)),
      roundCount: audits.flatMap((a) => a.replay.hands).length,
    }));`;
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as Record<string, number>;
}

describe('replay records', () => {
  it('share a few hidden classes across games, not one each', () => {
    const counts = hiddenClassCounts(corpusFiles().slice(0, 60));
    expect(counts.roundCount).toBeGreaterThan(300);
    // a few, not one per object: a title or not, a field's representation
    expect(counts.rounds).toBeLessThanOrEqual(4);
    expect(counts.games).toBeLessThanOrEqual(4);
    expect(counts.audits).toBeLessThanOrEqual(4);
  });

  it("keep one hidden class per kind across every format and lobby: game rules, win records, game metas", () => {
    // Tenhou mjlog and tenhou.net/6 (lobby and not), Mahjong Soul conversions, mjai: seven classes when
    // each reader spread its additions into a rule of its own.
    const files = [...corpusFiles().slice(0, 60), ...platformManifest().map((r) => join(PLATFORMS_DIR, 'logs', r.file))];
    const counts = hiddenClassCounts(files);
    expect(counts.rules).toBeLessThanOrEqual(2);
    // a win's record, its score set once the hand is scored (and its ura assumed where a log records none)
    expect(counts.wins).toBe(1);
    // a game's meta, with or without a title (tenhou.net/6), from every reader
    expect(counts.games).toBe(1);
  });
});
