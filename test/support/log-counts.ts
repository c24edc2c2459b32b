/**
 * Counts read straight from the logs' text, for tests whose expected numbers the MANIFEST has no column
 * for: a regular expression over mjlog tags, JSON.parse over tenhou.net/6 rounds and mjai lines. It shares
 * no code with src/ (no ingest, no table, no replay), so a number kanshi gets wrong cannot come back here
 * as the expected value.
 *
 * Tenhou's own encodings read here: a meld code's bit 0x4 is a chi, 0x8 a pon, 0x10 a kakan, 0x20 (of the
 * rest) a kita, and an ankan has from-bits 0 (docs/formats.md); GO type bit 0x10 is a 3-player game; a
 * tenhou.net/6 round is [[kyoku, honba, sticks], scores, dora indicators, ura indicators, then for each seat
 * its haipai, takes and discards, then the result] (a take holding `m` is a daiminkan, a discard holding
 * `a` or `k` an ankan or kakan).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CORPUS_LOGS, PLATFORMS_DIR, manifest, platformManifest } from './corpus.js';

/** What one log says, counted from its text. */
export interface LogCounts {
  file: string;
  /** Seats dealt a hand: GO type bit 0x10 in mjlog, the haipai given in tenhou.net/6, four in mjai. */
  players: 3 | 4;
  format: 'mjlog' | 'tenhou6' | 'mjai';
  /** AGARI tags, winners of a 和了 result, mjai `hora` events (a double ron counts twice). */
  wins: number;
  /** Wins the log scores as a yakuman (an AGARI with `yakuman=`, a 和了 listing a `(役満)` yaku). */
  yakumanWins: number;
  /** Hands that end without a win: RYUUKYOKU tags, tenhou.net/6 results other than 和了, mjai `ryukyoku`. */
  draws: number;
  /** Hands won by two players on one discard. */
  doubleRons: number;
  /** Hands aborted by three rons (RYUUKYOKU type="ron3", 三家和了). */
  tripleRonAborts: number;
  /** What the `immediate` kandora timing changes against the log, counted by docs/kan-rules.md §2's rules. */
  immediate: ImmediateCounts;
}

/**
 * Under `immediate` every kan that stands turns its indicator over at its declaration (a robbed kakan never
 * stands). Against what the log shows:
 * - `lateReveals` (mjlog): kans whose DORA tag came after their replacement draw, or never came because the
 *   hand ended first. A DORA tag goes to the oldest kan still without one; a kan the log stops after is
 *   undecided and not counted;
 * - `roundsShort` (tenhou.net/6, which lists indicators without their moment): rounds listing fewer kandora
 *   than kans stood;
 * - `winsShort`: wins that saw fewer kandora than kans stood before them.
 */
export interface ImmediateCounts {
  lateReveals: number;
  roundsShort: number;
  winsShort: number;
}

interface Tag {
  name: string;
  attrs: string;
}

function text(path: string): string {
  let bytes = readFileSync(path);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  return bytes.toString('utf8');
}

function attr(tag: Tag, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag.attrs)?.[1];
}

function meldOf(tag: Tag): number {
  return Number(attr(tag, 'm'));
}

function isKan(m: number): boolean {
  if (m & 0x4 || m & 0x8) return false;
  return (m & 0x10) !== 0 || (m & 0x20) === 0;
}

function isKakan(m: number): boolean {
  return !(m & 0x4) && !(m & 0x8) && (m & 0x10) !== 0;
}

/** A kakan robbed: the AGARI (or the first of a double ron) follows its N tag at once. */
function robbedBefore(tags: Tag[], agari: number): boolean {
  let j = agari - 1;
  while (j >= 0 && tags[j].name === 'AGARI') j--;
  return j >= 0 && tags[j].name === 'N' && isKakan(meldOf(tags[j]));
}

function countMjlog(file: string, body: string): LogCounts {
  const tags: Tag[] = [...body.matchAll(/<([A-Za-z]+)\d*([^>]*)>/g)].map(([, name, attrs]) => ({ name, attrs }));
  const go = tags.find((t) => t.name === 'GO');
  const counts = emptyCounts(file, 'mjlog', go && Number(attr(go, 'type')) & 0x10 ? 3 : 4);
  // Per hand: kans still without their DORA tag (and whether they have drawn since), kans that stood, wins.
  let waiting: { drew: boolean }[] = [];
  let stood = 0;
  let winsInHand = 0;
  const endHand = () => {
    counts.immediate.lateReveals += waiting.length;
    waiting = [];
    stood = 0;
    if (winsInHand >= 2) counts.doubleRons++;
    winsInHand = 0;
  };
  tags.forEach((t, i) => {
    if (t.name === 'INIT') endHand();
    else if (t.name === 'N' && isKan(meldOf(t))) {
      waiting.push({ drew: false });
      stood++;
    } else if (/^[TUVW]$/.test(t.name)) {
      for (const k of waiting) k.drew = true;
    } else if (t.name === 'DORA') {
      const k = waiting.shift();
      if (k?.drew) counts.immediate.lateReveals++;
    } else if (t.name === 'AGARI') {
      counts.wins++;
      winsInHand++;
      if (attr(t, 'yakuman') !== undefined) counts.yakumanWins++;
      const robbed = robbedBefore(tags, i);
      if (robbed && tags[i - 1].name === 'N') waiting.pop();
      const shown = (attr(t, 'doraHai') ?? '').split(',').length - 1;
      if (stood - (robbed ? 1 : 0) > shown) counts.immediate.winsShort++;
    } else if (t.name === 'RYUUKYOKU') {
      counts.draws++;
      if (attr(t, 'type') === 'ron3') counts.tripleRonAborts++;
    }
    if (t.name === 'AGARI' && tags[i + 1]?.name !== 'AGARI') endHand();
    if (t.name === 'RYUUKYOKU') endHand();
  });
  // Kans the log stops after (an excerpt) are undecided: not counted.
  return counts;
}

type Round = unknown[];

/** The rounds of a tenhou.net/6 document: one game, an array of split rounds, or one round object a line. */
function tenhou6Rounds(body: string): Round[] {
  let docs: unknown[];
  try {
    docs = [JSON.parse(body)];
  } catch {
    docs = body.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  }
  const logOf = (d: unknown) => (d as { log: Round[] }).log;
  return docs.flatMap((d) => (Array.isArray(d) ? d.flatMap(logOf) : logOf(d)));
}

function countTenhou6(file: string, body: string): LogCounts {
  const rounds = tenhou6Rounds(body);
  const dealt = [0, 1, 2, 3].filter((s) => (rounds[0][4 + 3 * s] as unknown[]).length > 0).length;
  const counts = emptyCounts(file, 'tenhou6', dealt === 3 ? 3 : 4);
  for (const round of rounds) {
    let kans = 0;
    for (let s = 0; s < 4; s++) {
      for (const t of round[5 + 3 * s] as unknown[]) if (typeof t === 'string' && t.includes('m')) kans++;
      for (const d of round[6 + 3 * s] as unknown[]) if (typeof d === 'string' && /[ak]/.test(d)) kans++;
    }
    const result = round[16] as unknown[];
    const shown = (round[2] as unknown[]).length - 1;
    if (result[0] !== '和了') {
      counts.draws++;
      if (result[0] === '三家和了') counts.tripleRonAborts++;
      if (kans > shown) counts.immediate.roundsShort++;
      continue;
    }
    const details = [];
    for (let i = 2; i < result.length; i += 2) details.push(result[i] as (string | number)[]);
    const yakuOf = (d: (string | number)[]) => d.slice(4).map(String);
    // A chankan robs the kakan, which never stands (one a round: the hand ends).
    const robbed = details.some((d) => yakuOf(d).some((y) => y.startsWith('槍槓'))) ? 1 : 0;
    counts.wins += details.length;
    counts.yakumanWins += details.filter((d) => yakuOf(d).some((y) => y.includes('(役満)'))).length;
    if (details.length === 2) counts.doubleRons++;
    if (kans - robbed > shown) {
      counts.immediate.roundsShort++;
      counts.immediate.winsShort += details.length;
    }
  }
  return counts;
}

function countMjai(file: string, body: string): LogCounts {
  const counts = emptyCounts(file, 'mjai', 4);
  for (const line of body.split('\n')) {
    if (!line.trim()) continue;
    const type = (JSON.parse(line) as { type?: string }).type;
    if (type === 'hora') counts.wins++;
    if (type === 'ryukyoku') counts.draws++;
  }
  return counts;
}

function emptyCounts(file: string, format: LogCounts['format'], players: 3 | 4): LogCounts {
  return { file, players, format, wins: 0, yakumanWins: 0, draws: 0, doubleRons: 0, tripleRonAborts: 0, immediate: { lateReveals: 0, roundsShort: 0, winsShort: 0 } };
}

/** Counts one log file: mjlog (plain or gzip), tenhou.net/6 JSON (any of its shapes) or mjai lines. */
export function countLog(path: string, format: LogCounts['format'], file = path): LogCounts {
  const body = text(path);
  if (format === 'mjlog') return countMjlog(file, body);
  if (format === 'mjai') return countMjai(file, body);
  return countTenhou6(file, body);
}

let corpusCache: LogCounts[] | undefined;

/** Every file of the shared corpus, counted from its text, in MANIFEST order. */
export function corpusLogCounts(): LogCounts[] {
  corpusCache ??= manifest().map((r) => countLog(join(CORPUS_LOGS, r.file), r.format === 'json' ? 'tenhou6' : 'mjlog', r.file));
  return corpusCache;
}

/** Every file of the platform corpus, counted from its text, with its MANIFEST row's platform and format. */
export function platformLogCounts(): (LogCounts & { platform: string; manifestFormat: string })[] {
  return platformManifest().map((r) => ({
    ...countLog(join(PLATFORMS_DIR, 'logs', r.file), r.format === 'mjai-jsonl' ? 'mjai' : 'tenhou6', r.file),
    platform: r.platform,
    manifestFormat: r.format,
  }));
}

/** The sum of a count over rows (logs counted, MANIFEST rows). */
export function sumOf<T>(rows: readonly T[], count: (row: T) => number): number {
  return rows.reduce((sum, row) => sum + count(row), 0);
}
