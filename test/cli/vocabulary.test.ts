/**
 * One vocabulary across commands (docs/vocabulary.md): the JSON of info, verify, replay, events, audit and
 * stats shares its field names with one meaning and one type each, camelCase, counts named `…Count`; every
 * per-game object says its file and log id; and info and audit count the corpus's kans alike.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditedCorpus } from '../support/audited-corpus.js';
import { kanshiRun } from '../support/in-process.js';
import { CORPUS_LOGS, corpusFile, requireCorpus } from '../support/corpus.js';

const GAMES = ['2010081709gm-00a9-0000-fe3371ad.xml', '2011020414gm-00a9-0000-ef18f336.xml'];

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object';

function kindOf(v: unknown): Kind | null {
  if (v === null) return null;
  if (Array.isArray(v)) return 'array';
  return typeof v as Kind;
}

/** Every field name in a JSON value (maps keyed by data, such as findingCounts' kinds, left out), with the types it has. */
function fields(value: unknown, out: Map<string, Set<Kind>>, where: string, seen: Map<string, Set<string>>): void {
  if (Array.isArray(value)) {
    for (const v of value) fields(v, out, where, seen);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    const kind = kindOf(v);
    if (!out.has(key)) out.set(key, new Set());
    if (kind) out.get(key)!.add(kind);
    if (!seen.has(key)) seen.set(key, new Set());
    seen.get(key)!.add(where);
    // Objects keyed by data, not by field names: kinds, severities, file extensions, knob names.
    if (/Counts(ByExtension)?$/.test(key) || key === 'rules' || key === 'rule' || key === 'effectiveRules') continue;
    fields(v, out, where, seen);
  }
}

/** A command's JSON documents, the command run in this process. */
async function json(args: string[]): Promise<unknown[]> {
  const r = await kanshiRun(args);
  expect(r.code, r.stderr).toBe(0);
  // One document (stats prints it indented), or one per line.
  if (r.stdout.startsWith('{\n')) return [JSON.parse(r.stdout) as unknown];
  return r.stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{') || l.startsWith('['))
    .map((l) => JSON.parse(l) as unknown);
}

describe('the JSON of every command speaks one vocabulary', () => {
  requireCorpus();
  const files = GAMES.map(corpusFile);
  const db = join(mkdtempSync(join(tmpdir(), 'kanshi-vocabulary-')), 'audit.sqlite');
  const outputs: Record<string, unknown[]> = {};
  beforeAll(async () => {
    outputs.info = await json(['info', '--json', ...files]);
    outputs.verify = await json(['verify', '--json', ...files]);
    outputs.replay = await json(['replay', '--json', files[0]]);
    outputs.events = (await json(['events', '--meta', files[0]])).slice(0, 1);
    outputs.audit = await json(['audit', '--json', '--db', db, '--workers', '0', ...files]);
    outputs.stats = await json(['stats', '--json', '--db', db]);
  });

  it('gives each field name one type wherever it appears (a count is never a list elsewhere)', () => {
    const types = new Map<string, Set<Kind>>();
    const where = new Map<string, Set<string>>();
    for (const [command, values] of Object.entries(outputs)) for (const v of values) fields(v, types, command, where);
    const mixed = [...types].filter(([, kinds]) => kinds.size > 1).map(([k, kinds]) => `${k}: ${[...kinds].sort().join('/')}`);
    expect(mixed).toEqual([]);
    // The names the old commands disagreed on (issue 16), now one type each.
    expect(types.get('players')).toEqual(new Set(['array']));
    expect(types.get('playerCount')).toEqual(new Set(['number']));
    expect(types.get('rule')).toEqual(new Set(['object']));
    expect(types.get('wallMismatches')).toEqual(new Set(['array']));
    expect(types.get('wallMismatchCount')).toEqual(new Set(['number']));
    expect(types.get('hand')).toEqual(new Set(['number']));
    expect(types.has('round')).toBe(false);
    expect(types.has('riichiAnkans')).toBe(false);
  });

  it('names fields in camelCase, and every name ending in Count is a number', () => {
    const types = new Map<string, Set<Kind>>();
    for (const values of Object.values(outputs)) for (const v of values) fields(v, types, '', new Map());
    expect([...types.keys()].filter((k) => /_/.test(k))).toEqual([]);
    const counts = [...types].filter(([k]) => k.endsWith('Count'));
    expect(counts.length).toBeGreaterThan(10);
    for (const [k, kinds] of counts) expect([k, [...kinds]]).toEqual([k, ['number']]);
    // A plural name is a list: a number under one is a count misnamed (quantities in a unit, points and
    // seconds (`cpuSeconds` too), and rates per so many games are no counts).
    const measures = /^(points|seconds)$|Seconds$|Points$|Per\d*[A-Z]\w*$|^per\d+/;
    const pluralNumbers = [...types].filter(([k, kinds]) => /[a-z]s$/.test(k) && !measures.test(k) && kinds.has('number')).map(([k]) => k);
    expect(pluralNumbers).toEqual([]);
  });

  it('says in every per-game object which file and which log it is', () => {
    const perGame = [...outputs.info, ...outputs.verify, ...outputs.replay, ...outputs.events] as Record<string, unknown>[];
    expect(perGame).toHaveLength(2 + 2 + 1 + 1);
    for (const o of perGame) {
      expect(o.file).toEqual(expect.any(String));
      expect(o.logId).toMatch(/^\d{10}gm-/);
    }
  });

  it('counts the hands 1-based in the flag, the text and the JSON', async () => {
    const [replay] = outputs.replay as { hands: { hand: number; kans: { hand: number }[] }[] }[];
    expect(replay.hands.map((h) => h.hand)).toEqual(replay.hands.map((_, i) => i + 1));
    for (const h of replay.hands) for (const k of h.kans) expect(k.hand).toBe(h.hand);
    const withKan = replay.hands.find((h) => h.kans.length > 0)!;
    const one = (await json(['replay', '--json', '--hand', String(withKan.hand), files[0]]))[0] as { hands: { hand: number }[] };
    expect(one.hands.map((h) => h.hand)).toEqual([withKan.hand]);
    const text = await kanshiRun(['replay', '--hand', String(withKan.hand), files[0]]);
    expect(text.stdout).toContain(`Hand ${withKan.hand}:`);
  });
});

describe('kans are counted the same everywhere', () => {
  it('info and audit give the corpus the same declared kans by kind, and the same robbed ones', async () => {
    requireCorpus();
    const info = (await json(['info', '--json', CORPUS_LOGS])) as { kanCounts: Record<string, number>; robbedKanCount: number; riichiKanCount: number }[];
    const total = { ankan: 0, daiminkan: 0, kakan: 0, robbed: 0, riichi: 0 };
    for (const g of info) {
      total.ankan += g.kanCounts.ankan;
      total.daiminkan += g.kanCounts.daiminkan;
      total.kakan += g.kanCounts.kakan;
      total.robbed += g.robbedKanCount;
      total.riichi += g.riichiKanCount;
    }
    // `kanshi audit <corpus> --json`, run once for the tests that read it.
    const audit = (await auditedCorpus()).summary as { kanCounts: Record<string, number>; robbedKanCount: number; riichiKanCount: number };
    expect({ ...audit.kanCounts, robbed: audit.robbedKanCount, riichi: audit.riichiKanCount }).toEqual(total);
    expect(total.kakan).toBeGreaterThan(500);
    expect(total.robbed).toBeGreaterThan(0);
  });
});

describe('a rule set with knobs changed', () => {
  it('is reported by its name, and stats and report select it by that name', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'kanshi-vocabulary-')), 'audit.sqlite');
    const example = join('logs', 'examples', 'kakan-dora-at-declaration.mjlog');
    const [audit] = (await json(['audit', '--json', '--db', db, '--workers', '0', '--profile', 'tenhou', '--kandora-timing', 'immediate', example])) as { profile: string }[];
    expect(audit.profile).toBe('tenhou+kandoraTiming=immediate');
    await json(['audit', '--json', '--db', db, '--workers', '0', '--profile', 'tenhou', example]);
    const [stats] = (await json(['stats', '--json', '--db', db, '--profile', 'tenhou+kandoraTiming=immediate'])) as { ruleSet: { profile: string; rules: { kandoraTiming: string } } }[];
    expect(stats.ruleSet).toMatchObject({ profile: 'tenhou+kandoraTiming=immediate', rules: { kandoraTiming: 'immediate' } });
    const out = join(mkdtempSync(join(tmpdir(), 'kanshi-vocabulary-')), 'r.html');
    const report = await kanshiRun(['report', '--db', db, '--profile', 'tenhou+kandoraTiming=immediate', '--out', out]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain('rule set tenhou+kandoraTiming=immediate');
  });
});
