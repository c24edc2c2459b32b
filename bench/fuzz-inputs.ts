/**
 * The fuzz test's inputs: seeded mutations of the shared corpus, and the resource attacks of issue 14
 * made at run time (never kept in the repository). Every input is a pure function of (seed, index), so a
 * failing input is remade by its number: `npm run fuzz -- --seed S --only N --keep DIR`.
 */
import { createWriteStream, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { mjlog } from '../tools/scenario/index.js';

// ---------- seeded randomness ----------

/** mulberry32: small, fast, and the same on every machine. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** 0 <= x < 1 */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** The generator of input `index` under `seed`: independent of every other input. */
export function inputRng(seed: number, index: number): Rng {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (index + 0x7f4a7c15), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return new Rng(h ^ (h >>> 16));
}

// ---------- the corpus ----------

export type SourceKind = 'mjlog' | 'tenhou6' | 'mjai';

export interface CorpusLog {
  name: string;
  /** The file as it is (gzip or not). */
  bytes: Buffer;
  gzip: boolean;
  /** Its text, decompressed. */
  text: string;
  kind: SourceKind;
}

/** Every log of the shared corpus (`logs/`) and of its platform corpus (`platforms/logs/`). */
export function loadCorpus(corpusDir: string): CorpusLog[] {
  const logs: CorpusLog[] = [];
  for (const sub of ['logs', join('platforms', 'logs')]) {
    const dir = join(corpusDir, sub);
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const bytes = readFileSync(join(dir, name));
      const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
      const text = (gzip ? gunzipSync(bytes) : bytes).toString('utf8');
      const first = text.trimStart()[0];
      const kind: SourceKind = first === '<' ? 'mjlog' : /^\s*\{\s*"type"\s*:/.test(text) ? 'mjai' : 'tenhou6';
      logs.push({ name, bytes, gzip, text, kind });
    }
  }
  if (logs.length === 0) throw new Error(`no corpus logs under ${corpusDir}`);
  return logs;
}

// ---------- mutants ----------

/** What a mutant must give: any located outcome, a refusal, or a refusal or a replay flag. */
export type Expectation = 'any' | 'refused' | 'refused-or-flagged' | 'read';

export const MUTATION_CLASSES = [
  'byte-flip',
  'truncate',
  'tag-delete',
  'tag-duplicate',
  'attr-edit',
  'meld-code',
  'tile-id-range',
  'tile-id-dup',
  'json-type',
  'json-length',
  'json-call',
  'json-tile-range',
  'json-tile-dup',
  'attack',
] as const;
export type MutationClass = (typeof MUTATION_CLASSES)[number];

/** How often each class is drawn (attacks are few: each is one of a dozen files). */
const WEIGHTS: Record<MutationClass, number> = {
  'byte-flip': 10,
  truncate: 6,
  'tag-delete': 10,
  'tag-duplicate': 8,
  'attr-edit': 10,
  'meld-code': 6,
  'tile-id-range': 6,
  'tile-id-dup': 6,
  'json-type': 8,
  'json-length': 8,
  'json-call': 6,
  'json-tile-range': 5,
  'json-tile-dup': 4,
  attack: 1.5,
};

export interface Mutant {
  index: number;
  cls: MutationClass;
  /** The corpus file it was made from, or the attack's name. */
  source: string;
  /** The mutant's bytes; attacks are files made once a run (`path`). */
  bytes?: Buffer;
  path?: string;
  /** The file ending it is written with (folders are walked by ending). */
  ext: string;
  expect: Expectation;
  /** What was changed. */
  note: string;
}

const XML_CLASSES: ReadonlySet<MutationClass> = new Set(['tag-delete', 'tag-duplicate', 'attr-edit', 'meld-code', 'tile-id-range', 'tile-id-dup']);
const JSON_CLASSES: ReadonlySet<MutationClass> = new Set(['json-type', 'json-length', 'json-call', 'json-tile-range', 'json-tile-dup']);
/** Classes that apply to tenhou.net/6 only (call strings and tile codes). */
const TENHOU6_CLASSES: ReadonlySet<MutationClass> = new Set(['json-call', 'json-tile-range', 'json-tile-dup']);

function drawClass(rng: Rng): MutationClass {
  const total = MUTATION_CLASSES.reduce((a, c) => a + WEIGHTS[c], 0);
  let x = rng.next() * total;
  for (const c of MUTATION_CLASSES) {
    x -= WEIGHTS[c];
    if (x < 0) return c;
  }
  return 'byte-flip';
}

function extOf(log: CorpusLog): string {
  const m = /\.(mjlog|xml|json|jsonl|ndjson|gz)$/i.exec(log.name);
  return m ? `.${m[1].toLowerCase()}` : log.kind === 'mjlog' ? '.mjlog' : '.json';
}

/**
 * Input `index` of the run under `seed`: the first inputs are the attacks, one each (made once a run by
 * `makeAttacks`), then mutants, now and then an attack again.
 */
export function makeMutant(corpus: readonly CorpusLog[], seed: number, index: number, attacks: readonly AttackFile[]): Mutant {
  const rng = inputRng(seed, index);
  let cls: MutationClass = index < attacks.length ? 'attack' : drawClass(rng);
  if (cls === 'attack') {
    if (attacks.length === 0) cls = 'byte-flip';
    else {
      const a = index < attacks.length ? attacks[index] : rng.pick(attacks);
      return { index, cls, source: a.name, path: a.path, ext: a.ext, expect: a.expect, note: a.note };
    }
  }
  const pool = corpus.filter((l) =>
    XML_CLASSES.has(cls) ? l.kind === 'mjlog' : TENHOU6_CLASSES.has(cls) ? l.kind === 'tenhou6' : JSON_CLASSES.has(cls) ? l.kind !== 'mjlog' : true,
  );
  const log = rng.pick(pool);
  const base = { index, cls, source: log.name, ext: extOf(log) };
  switch (cls) {
    case 'byte-flip': {
      const bytes = Buffer.from(log.bytes);
      const flips = 1 + rng.int(8);
      const at: number[] = [];
      for (let i = 0; i < flips; i++) {
        const p = rng.int(bytes.length);
        bytes[p] ^= 1 << rng.int(8);
        at.push(p);
      }
      return { ...base, bytes, expect: 'any', note: `bits flipped at bytes ${at.join(',')}` };
    }
    case 'truncate': {
      const cut = rng.int(log.bytes.length);
      return { ...base, bytes: log.bytes.subarray(0, cut), expect: 'any', note: `cut at byte ${cut} of ${log.bytes.length}` };
    }
    default: {
      const edit = XML_CLASSES.has(cls) ? mutateXml(cls, log.text, rng) : mutateJson(cls, log, rng);
      // A mutant of a gzip file is gzipped again half the time, so the gzip path reads mutants too.
      const bytes = log.gzip && rng.chance(0.5) ? gzipSync(edit.text) : Buffer.from(edit.text);
      return { ...base, bytes, expect: edit.expect, note: edit.note };
    }
  }
}

interface Edit {
  text: string;
  expect: Expectation;
  note: string;
}

// ---------- mjlog XML ----------

interface TagSpan {
  start: number;
  end: number;
  text: string;
  name: string;
}

function tagsOf(text: string): TagSpan[] {
  const tags: TagSpan[] = [];
  const re = /<([A-Za-z][A-Za-z0-9]*)[^>]*\/>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) tags.push({ start: m.index, end: m.index + m[0].length, text: m[0], name: m[1] });
  return tags;
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

const ATTR = /([A-Za-z][A-Za-z0-9]*)="([^"]*)"/g;

function attrsOf(tag: TagSpan): { name: string; value: string; start: number; end: number }[] {
  const out: { name: string; value: string; start: number; end: number }[] = [];
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(tag.text); m; m = ATTR.exec(tag.text)) {
    const valueStart = tag.start + m.index + m[1].length + 2;
    out.push({ name: m[1], value: m[2], start: valueStart, end: valueStart + m[2].length });
  }
  return out;
}

const TILE_TAG = /^[TUVWDEFG](\d+)$/;

function mutateXml(cls: MutationClass, text: string, rng: Rng): Edit {
  const tags = tagsOf(text);
  if (tags.length === 0) return { text: text.slice(0, text.length >> 1), expect: 'any', note: 'no tags: halved' };
  switch (cls) {
    case 'tag-delete': {
      const t = rng.pick(tags);
      return { text: splice(text, t.start, t.end, ''), expect: 'any', note: `deleted ${t.text.slice(0, 60)}` };
    }
    case 'tag-duplicate': {
      const t = rng.pick(tags);
      const where = rng.chance(0.5) ? t.end : rng.pick(tags).start;
      return { text: splice(text, where, where, t.text), expect: 'any', note: `copied ${t.text.slice(0, 60)} to byte ${where}` };
    }
    case 'attr-edit': {
      const withAttrs = tags.filter((t) => t.text.includes('="'));
      const t = rng.pick(withAttrs.length ? withAttrs : tags);
      const attrs = attrsOf(t);
      if (attrs.length === 0) return { text: splice(text, t.start, t.end, ''), expect: 'any', note: `deleted ${t.name}` };
      const a = rng.pick(attrs);
      const parts = a.value.split(',');
      const choices = [
        '',
        '-1',
        '999999999999',
        'abc',
        `${a.value},0`,
        parts.slice(1).join(','),
        parts.map((p) => (rng.chance(0.3) ? String(rng.int(300) - 20) : p)).join(','),
        String(rng.int(1 << 16)),
        a.value + a.value,
        '1e400',
      ];
      const value = rng.pick(choices);
      return { text: splice(text, a.start, a.end, value), expect: 'any', note: `<${t.name} ${a.name}="${a.value.slice(0, 40)}"> → "${value.slice(0, 40)}"` };
    }
    case 'meld-code': {
      const melds = tags.filter((t) => t.name === 'N');
      if (melds.length === 0) return mutateXml('attr-edit', text, rng);
      const t = rng.pick(melds);
      const m = attrsOf(t).find((a) => a.name === 'm');
      if (!m) return mutateXml('attr-edit', text, rng);
      const code = Number(m.value);
      const value = rng.chance(0.5) ? code ^ (1 << rng.int(16)) : rng.int(1 << 16);
      return { text: splice(text, m.start, m.end, String(value)), expect: 'any', note: `meld code ${code} → ${value}` };
    }
    case 'tile-id-range': {
      // Never accepted: a tile id out of 0..135 is refused.
      const bad = rng.chance(0.8) ? 136 + rng.int(900) : -1 - rng.int(5);
      const tileTags = tags.filter((t) => TILE_TAG.test(t.name));
      if (bad >= 0 && tileTags.length > 0 && rng.chance(0.6)) {
        const t = rng.pick(tileTags);
        return { text: splice(text, t.start, t.end, `<${t.name[0]}${bad}/>`), expect: 'refused', note: `${t.text} → <${t.name[0]}${bad}/>` };
      }
      const inits = tags.filter((t) => t.name === 'INIT');
      if (inits.length === 0) return { text, expect: 'any', note: 'no INIT' };
      const t = rng.pick(inits);
      const hai = attrsOf(t).filter((a) => /^hai[0-3]$/.test(a.name) && a.value !== '');
      const a = rng.pick(hai);
      const parts = a.value.split(',');
      const i = rng.int(parts.length);
      parts[i] = String(bad);
      return { text: splice(text, a.start, a.end, parts.join(',')), expect: 'refused', note: `INIT ${a.name}[${i}] → ${bad}` };
    }
    case 'tile-id-dup': {
      // A tile id used twice in a round: refused, or flagged by the replay (too-many-copies, a wall mismatch…).
      const inits = tags.map((t, i) => ({ t, i })).filter(({ t }) => t.name === 'INIT');
      if (inits.length === 0) return { text, expect: 'any', note: 'no INIT' };
      const r = rng.int(inits.length);
      const init = inits[r];
      const next = inits[r + 1]?.i ?? tags.length;
      const hands = attrsOf(init.t).filter((a) => /^hai[0-3]$/.test(a.name) && a.value !== '');
      const dealt = hands.flatMap((a) => a.value.split(',').map(Number));
      const draws = tags.slice(init.i + 1, next).filter((t) => /^[TUVW]\d+$/.test(t.name));
      if (draws.length > 0 && rng.chance(0.6)) {
        const d = rng.pick(draws);
        const seen = [...dealt, ...draws.filter((x) => x.start < d.start).map((x) => Number(x.name.slice(1)))];
        const id = rng.pick(seen);
        return { text: splice(text, d.start, d.end, `<${d.name[0]}${id}/>`), expect: 'refused-or-flagged', note: `round ${r + 1}: ${d.text} → <${d.name[0]}${id}/> (dealt or drawn before)` };
      }
      if (hands.length < 2) return { text, expect: 'any', note: 'one hand' };
      const [a, b] = [hands[0], hands[1 + rng.int(hands.length - 1)]];
      const aParts = a.value.split(',');
      const bParts = b.value.split(',');
      const j = rng.int(bParts.length);
      bParts[j] = aParts[rng.int(aParts.length)];
      return { text: splice(text, b.start, b.end, bParts.join(',')), expect: 'refused-or-flagged', note: `round ${r + 1}: ${b.name}[${j}] → a tile of ${a.name}` };
    }
    default:
      throw new Error(`not an XML class: ${cls}`);
  }
}

// ---------- JSON ----------

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every container (array or object) in a document, with its path. */
function containers(doc: Json, path = '$', out: { node: Json[] | { [k: string]: Json }; path: string }[] = []): typeof out {
  if (Array.isArray(doc)) {
    out.push({ node: doc, path });
    doc.forEach((v, i) => containers(v, `${path}[${i}]`, out));
  } else if (doc !== null && typeof doc === 'object') {
    out.push({ node: doc, path });
    for (const [k, v] of Object.entries(doc)) containers(v, `${path}.${k}`, out);
  }
  return out;
}

function randomValue(rng: Rng): Json {
  return rng.pick<Json>([null, 'x', '', 1.5, -1, 0, 60, 1e300, true, [], {}, [11, 12], { type: 'none' }, '11p1111', 'r60']);
}

/** The documents of a JSON log: one, or one a line (mjai and other JSON lines). */
function jsonDocs(log: CorpusLog): { docs: Json[]; lines: boolean } {
  try {
    return { docs: [JSON.parse(log.text) as Json], lines: false };
  } catch {
    return {
      docs: log.text
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Json),
      lines: true,
    };
  }
}

function jsonText(docs: Json[], lines: boolean): string {
  return lines ? docs.map((d) => JSON.stringify(d)).join('\n') + '\n' : JSON.stringify(docs[0]);
}

/** The tenhou.net/6 rounds of a parsed document (its `log`), or of each line. */
function rounds(docs: Json[]): Json[][] {
  const out: Json[][] = [];
  for (const d of docs) {
    const log = d !== null && typeof d === 'object' && !Array.isArray(d) ? d.log : Array.isArray(d) ? d : null;
    if (Array.isArray(log)) for (const k of log) if (Array.isArray(k)) out.push(k);
  }
  return out;
}

/** Codes that are no tile (and not 0 or 60, which mean something in a discard list). */
const NOT_TILE_CODES = [10, 20, 30, 40, 48, 49, 50, 54, 59, 61, 99, 100, -11, 111];

function mutateJson(cls: MutationClass, log: CorpusLog, rng: Rng): Edit {
  const { docs, lines } = jsonDocs(log);
  switch (cls) {
    case 'json-type': {
      const all = docs.flatMap((d, i) => containers(d, lines ? `line ${i + 1}` : '$'));
      const c = rng.pick(all);
      const keys = Array.isArray(c.node) ? c.node.map((_, i) => i) : Object.keys(c.node);
      if (keys.length === 0) return { text: jsonText(docs, lines), expect: 'any', note: `${c.path} empty` };
      const k = rng.pick<string | number>(keys);
      const value = randomValue(rng);
      (c.node as Record<string | number, Json>)[k] = value;
      return { text: jsonText(docs, lines), expect: 'any', note: `${c.path}[${k}] → ${JSON.stringify(value)}` };
    }
    case 'json-length': {
      if (lines && rng.chance(0.3)) {
        const i = rng.int(docs.length);
        const note = rng.chance(0.5) ? `line ${i + 1} deleted` : `line ${i + 1} repeated`;
        if (note.endsWith('deleted')) docs.splice(i, 1);
        else docs.splice(i, 0, docs[i]);
        return { text: jsonText(docs, lines), expect: 'any', note };
      }
      const arrays = docs.flatMap((d) => containers(d)).filter((c): c is { node: Json[]; path: string } => Array.isArray(c.node));
      if (arrays.length === 0) return { text: jsonText(docs, lines), expect: 'any', note: 'no arrays' };
      const { node, path } = rng.pick(arrays);
      const op = rng.int(4);
      if (op === 0 && node.length > 0) node.splice(rng.int(node.length), 1);
      else if (op === 1 && node.length > 0) node.splice(rng.int(node.length), 0, node[rng.int(node.length)]);
      else if (op === 2) node.length = node.length >> 1;
      else node.push(randomValue(rng));
      return { text: jsonText(docs, lines), expect: 'any', note: `${path}: ${['element deleted', 'element repeated', 'halved', 'element added'][op]}` };
    }
    case 'json-call': {
      const calls: { list: Json[]; i: number }[] = [];
      for (const k of rounds(docs)) {
        for (const list of k) if (Array.isArray(list)) list.forEach((v, i) => typeof v === 'string' && /[a-z]/.test(v) && calls.push({ list, i }));
      }
      if (calls.length === 0) return mutateJson('json-length', log, rng);
      const { list, i } = rng.pick(calls);
      const s = list[i] as string;
      const letterAt = s.search(/[a-z]/);
      const ops = [
        () => s.replace(/[a-z]/, rng.pick(['c', 'p', 'm', 'k', 'a', 'f', 'r', 'x'])),
        () => s.slice(0, letterAt) + s.slice(letterAt + 1, letterAt + 3) + s[letterAt] + s.slice(letterAt + 3),
        () => {
          const d = letterAt === 0 ? 1 + rng.int(Math.max(1, s.length - 1)) : rng.int(letterAt);
          return s.slice(0, d) + String(rng.int(10)) + s.slice(d + 1);
        },
        () => s.slice(0, s.length - 2),
        () => s + '11',
        () => s.toUpperCase(),
      ];
      const value = rng.pick(ops)();
      list[i] = value;
      return { text: jsonText(docs, lines), expect: 'any', note: `call "${s}" → "${value}"` };
    }
    case 'json-tile-range': {
      // Never accepted: a code that is no tile is refused.
      const spots: { list: Json[]; i: number; where: string }[] = [];
      rounds(docs).forEach((k, r) => {
        for (let base = 4; base < 16; base++) {
          const list = k[base];
          if (Array.isArray(list)) list.forEach((v, i) => typeof v === 'number' && v !== 0 && v !== 60 && spots.push({ list, i, where: `round ${r} [${base}][${i}]` }));
        }
        if (Array.isArray(k[2]) && k[2].length > 0) spots.push({ list: k[2], i: 0, where: `round ${r} dora` });
      });
      if (spots.length === 0) return mutateJson('json-type', log, rng);
      const s = rng.pick(spots);
      const code = rng.pick(NOT_TILE_CODES);
      const before = s.list[s.i];
      s.list[s.i] = code;
      return { text: jsonText(docs, lines), expect: 'refused', note: `${s.where}: ${JSON.stringify(before)} → ${code}` };
    }
    case 'json-tile-dup': {
      // Five copies of one tile in a dealt hand: refused (no game has five).
      const hands: { hand: Json[]; where: string }[] = [];
      rounds(docs).forEach((k, r) => {
        for (const base of [4, 7, 10, 13]) {
          const hand = k[base];
          if (Array.isArray(hand) && hand.length >= 5) hands.push({ hand, where: `round ${r} hand [${base}]` });
        }
      });
      if (hands.length === 0) return mutateJson('json-type', log, rng);
      const { hand, where } = rng.pick(hands);
      const code = rng.pick(hand.filter((c) => typeof c === 'number' && c < 50) as number[]) ?? 11;
      for (let i = 0; i < 5; i++) hand[i] = code;
      return { text: jsonText(docs, lines), expect: 'refused', note: `${where}: five copies of ${code}` };
    }
    default:
      throw new Error(`not a JSON class: ${cls}`);
  }
}

// ---------- the resource attacks of issue 14, made at run time ----------

export interface AttackFile {
  name: string;
  path: string;
  ext: string;
  expect: Expectation;
  note: string;
}

function* repeated(chunk: Buffer, total: number): Generator<Buffer> {
  for (let n = 0; n < total; n += chunk.length) yield chunk;
}

/** Gzips a stream of chunks straight to a file: nothing of it is held in memory. */
async function gzipTo(path: string, chunks: Iterable<Buffer>, rle = false): Promise<void> {
  await pipeline(Readable.from(chunks), createGzip({ level: 9, strategy: rle ? constants.Z_RLE : constants.Z_DEFAULT_STRATEGY }), createWriteStream(path));
}

/** A corpus mjlog's text up to and including its first INIT, and its tags after. */
function mjlogParts(xml: string): { head: string; body: string } {
  const init = xml.indexOf('<INIT');
  const headEnd = xml.indexOf('>', init) + 1;
  return { head: xml.slice(0, headEnd), body: xml.slice(xml.indexOf('>') + 1, xml.lastIndexOf('</mjloggm>')) };
}

/** A 4-player game of `rounds` rounds, each a chain of 16 pons (one after each discard), as tenhou.net/6 JSON. */
export function chainedCallsJson(roundCount: number): string {
  const b = mjlog();
  const K = ['1m', '2m', '3m', '4m', '6m', '7m', '8m', '9m', '1p', '2p', '3p', '4p', '6p', '7p', '8p', '9p'];
  for (let r = 0; r < roundCount; r++) {
    b.round({ kyoku: 0, honba: r, hands: ['144699m144699p1z', '112667m112667p5z', '223778m223778p+', '334889m334889p+'] });
    b.draw(0).discard(0, K[0]);
    for (let i = 1; i <= 16; i++) {
      const seat = i % 4;
      b.pon(seat);
      b.discard(seat, i < 16 ? K[i] : '1z');
    }
    // A value of no interest, stated as a log states it (toitoi 2 han, 30 fu: 500/1000 and the honba).
    b.draw(1, '5z').tsumo(1, { yaku: { toitoi: 2 }, fu: 30, points: 2000, deltas: [-1000 - 100 * r, 2000 + 300 * r, -500 - 100 * r, -500 - 100 * r] });
  }
  return b.toTenhou6();
}

/**
 * The attack files of issue 14, written into `dir` (a gzip bomb is made from a stream of spaces, never
 * held). `mjlogText` is a real 4-player mjlog to dress them in.
 */
export async function makeAttacks(dir: string, mjlogText: string, tenhou6Text: string): Promise<AttackFile[]> {
  mkdirSync(dir, { recursive: true });
  const { head, body } = mjlogParts(mjlogText);
  const files: AttackFile[] = [];
  const add = (name: string, ext: string, expect: Expectation, note: string) => {
    const path = join(dir, name + ext);
    files.push({ name, path, ext, expect, note });
    return path;
  };
  writeFileSync(
    add('doctype-external-entity', '.xml', 'refused', 'an XML DOCTYPE declaring an external entity (file:///etc/passwd) used in an attribute'),
    `<?xml version="1.0"?><!DOCTYPE mjloggm [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><mjloggm ver="2.3"><UN n0="&xxe;"/>${body}</mjloggm>`,
  );
  let entities = '<!ENTITY a0 "lollollollollollollollollollol">';
  for (let i = 1; i < 10; i++) entities += `<!ENTITY a${i} "${`&a${i - 1};`.repeat(10)}">`;
  writeFileSync(
    add('entity-expansion', '.xml', 'refused', 'nested entities expanding to 3 GB (a billion laughs), past fast-xml-parser\'s limit'),
    `<?xml version="1.0"?><!DOCTYPE mjloggm [${entities}]><mjloggm ver="2.3"><UN n0="&a9;"/>${body}</mjloggm>`,
  );
  writeFileSync(
    add('nested-elements-150', '.xml', 'refused', 'elements nested 150 deep inside the root'),
    `<mjloggm ver="2.3">${'<a>'.repeat(150)}${'</a>'.repeat(150)}${body}</mjloggm>`,
  );
  writeFileSync(add('go-type-3-players', '.xml', 'refused', 'a 4-player log whose GO type says 3 players'), mjlogText.replace(/<GO type="(\d+)"/, (_, t) => `<GO type="${Number(t) | 0x10}"`));
  writeFileSync(add('json-chained-calls-1008', '.json', 'read', 'a tenhou.net/6 game of 63 rounds, each a chain of 16 pons: 1,008 calls'), chainedCallsJson(63));
  writeFileSync(add('json-nested-100000', '.json', 'refused', 'JSON arrays nested 100,000 deep'), '['.repeat(100_000) + ']'.repeat(100_000));
  const doc = JSON.parse(tenhou6Text) as { log: unknown[] };
  writeFileSync(
    add('json-nested-in-log', '.json', 'refused', 'a tenhou.net/6 game with a round nested 5,000 deep'),
    JSON.stringify({ ...doc, log: [...doc.log.slice(1)] }).replace('"log":[', `"log":[${'['.repeat(5000)}${']'.repeat(5000)},`),
  );
  writeFileSync(add('json-rounds-101', '.json', 'refused', 'a tenhou.net/6 game of 101 rounds'), chainedCallsJson(101));
  writeFileSync(
    add('rounds-101', '.xml', 'refused', 'an mjlog of 101 rounds'),
    (() => {
      const init = body.indexOf('<INIT');
      const end = body.indexOf('<INIT', init + 1);
      const round = body.slice(init, end > 0 ? end : undefined).replace(/ owari="[^"]*"/, '');
      return `${mjlogText.slice(0, mjlogText.indexOf('<INIT'))}${round.repeat(101)}</mjloggm>`;
    })(),
  );
  writeFileSync(add('tags-60000', '.xml', 'refused', '60,000 draws and discards in 300 KB of plain XML'), head + '<T1/><D1/>'.repeat(30_000) + '</mjloggm>');
  writeFileSync(
    add('mjai-60000-lines', '.jsonl', 'refused', '60,000 mjai events'),
    '{"type":"start_game","names":["a","b","c","d"]}\n' + '{"type":"none"}\n'.repeat(60_000),
  );
  // A gzip of ~1 GB of spaces after a valid start: 1 MB on disk.
  await gzipTo(add('gzip-bomb-1GB', '.mjlog', 'refused', 'a 1 MB gzip that expands to 1 GiB'), [Buffer.from('<mjloggm ver="2.3">'), ...repeated(Buffer.alloc(1 << 20, 0x20), 1 << 30)], true);
  await gzipTo(
    add('gzip-text-node-200MB', '.mjlog', 'refused', 'a 200 KB gzip holding a 200 MB text node'),
    [Buffer.from('<mjloggm ver="2.3"><GO type="169"/>'), ...repeated(Buffer.alloc(1 << 20, 0x61), 200 << 20), Buffer.from('</mjloggm>')],
    true,
  );
  await gzipTo(add('gzip-draws-21M', '.mjlog', 'refused', '21 million draws and discards in 150 KB of gzip'), [
    Buffer.from(head),
    ...(function* () {
      const chunk = Buffer.from('<T1/><D1/><U2/><E2/><V3/><F3/><W4/><G4/>'.repeat(10_000));
      for (let i = 0; i < 263; i++) yield chunk;
    })(),
    Buffer.from('</mjloggm>'),
  ]);
  return files;
}

/** The attack files, dressed in two logs of the shared corpus at `corpusDir` (for tests and the fuzz run). */
export async function makeCorpusAttacks(dir: string, corpusDir: string): Promise<AttackFile[]> {
  const xml = readFileSync(join(corpusDir, 'logs', '2020052221gm-00a9-0000-6f0524c7.xml'), 'utf8');
  const json = readFileSync(join(corpusDir, 'logs', '2019021004gm-00a9-0000-e2f6516d.json'), 'utf8');
  return makeAttacks(dir, xml, json);
}
