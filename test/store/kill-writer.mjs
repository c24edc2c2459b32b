// A child process for test/store/kill.test.ts: writes audits of corpus files into a database, batch after
// batch, with the built kanshi in dist/ (run `npx tsc -p tsconfig.build.json` first).
//
//   node test/store/kill-writer.mjs loop DB BATCH RULESETS FILE...   write every batch, over and over, printing
//                                                                      "committed N" after each commit (to be killed)
//   node test/store/kill-writer.mjs once DB BATCH RULESETS FILE...   write every batch once, skipping games already
//                                                                      audited under the batch's rules (a resumed audit)
//   node test/store/kill-writer.mjs plan DB BATCH RULESETS FILE...   print the batches as JSON: [["rulesKey|contentHash", …], …]
//
// Batches: for each of the first RULESETS rule sets of ruleSets(), the files in order, BATCH audits at a time
// (a batch may span rule sets). The audits are real replays with hand-made findings (one chankan-win per
// chankan), the same in every run. Large batches outgrow SQLite's page cache, so pages reach the WAL before
// the commit and a kill can leave uncommitted frames behind; KANSHI_TEST_CACHE_KIB makes the cache small.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'src');
const load = (folder) => import(pathToFileURL(join(DIST, folder, 'index.js')).href);
const [{ openStore, prepareAudit }, { parseLog }, { replayGame }, { resolveRules, ruleSetOf }, { finding }, { kindOf, kindToString }] = await Promise.all(
  ['store', 'ingest', 'replay', 'rules', 'audit', 'tiles'].map(load),
);

/** The profiles, then each with okuriKan and kokushiAnkanChankan flipped: twelve distinct rule sets. */
function ruleSets() {
  const sets = [];
  for (const overrides of [{}, { okuriKan: true }, { kokushiAnkanChankan: true }, { okuriKan: true, kokushiAnkanChankan: true }]) {
    for (const profile of ['tenhou', 'pro-strict', 'mleague']) sets.push(resolveRules({ profile, overrides }));
  }
  return sets;
}

const [mode, db, batchArg, ruleSetsArg, ...files] = process.argv.slice(2);
const batchSize = Number(batchArg);
const replays = new Map();

function audit(file, bytes, game, rules) {
  const replayKey = `${file}|${rules.kandoraTiming}`;
  if (!replays.has(replayKey)) replays.set(replayKey, replayGame(game, rules));
  const replay = replays.get(replayKey);
  const { hands, ...meta } = game;
  const findings = replay.hands.flatMap((r) =>
    r.wins.filter((w) => w.chankan).map((w) => finding('chankan-win', { hand: w.hand, eventIndex: w.eventIndex, seat: w.seat }, 'chankan', { tile: kindToString(kindOf(w.winningTile)), kan: 'kakan' })),
  );
  return {
    file, contentHash: createHash('sha256').update(bytes).digest('hex'), ruleSet: ruleSetOf(rules),
    game: { ...meta, handCount: hands.length }, replay, riichiKans: [], findings,
  };
}

const read = files.map((file) => {
  const bytes = readFileSync(file);
  return { file, bytes, game: parseLog(bytes, { file }) };
});
const audits = ruleSets()
  .slice(0, Number(ruleSetsArg))
  .flatMap((rules) => read.map((r) => audit(r.file, r.bytes, r.game, rules)));
const batches = [];
for (let i = 0; i < audits.length; i += batchSize) batches.push(audits.slice(i, i + batchSize));

if (mode === 'plan') {
  // Exit once stdout has taken it all: a pipe takes 64 KB at once, and process.exit would cut the rest.
  await new Promise((resolve) => process.stdout.write(JSON.stringify(batches.map((b) => b.map((a) => `${a.ruleSet.key}|${a.contentHash}`))) + '\n', resolve));
  process.exit(0);
}

const cache = process.env.KANSHI_TEST_CACHE_KIB;
const store = openStore(db, cache ? { cacheSizeKiB: Number(cache) } : {});
if (mode === 'once') {
  const done = new Map();
  const audited = (key) => done.get(key) ?? done.set(key, store.auditedHashes(key)).get(key);
  for (const batch of batches) store.writeBatch(batch.filter((a) => !audited(a.ruleSet.key).has(a.contentHash)));
  store.close();
} else {
  // Rows prepared up front (as the audit's workers do), so the loop's time is nearly all inside transactions.
  const prepared = batches.map((b) => b.map(prepareAudit));
  process.stdout.write('ready\n');
  for (let n = 1; ; n++) {
    store.writePrepared(prepared[(n - 1) % prepared.length]);
    process.stdout.write(`committed ${n}\n`);
  }
}
