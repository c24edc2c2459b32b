/**
 * Test support: checks every wall-visible fact of an mjlog against rebuilt walls, with a plain tag scan
 * (the ingest stage is not needed for this). A draw is a replacement draw when the last tag before it,
 * DORA/BYE/UN aside, is a kan or kita `N` by the same seat (docs/formats.md §2.5).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { manifest, type ManifestRow } from '../support/corpus.js';
import { decodeMeld } from '../../src/tiles/index.js';
import {
  haipaiIndices,
  indicatorIndex,
  liveDrawCount,
  liveDrawIndex,
  replacementIndex,
  uraIndex,
  type Players,
  type HandWall,
} from '../../src/wall/index.js';

/** MANIFEST.tsv rows (file, format, players, notes). */
export function manifestRows(): Pick<ManifestRow, 'file' | 'format' | 'players' | 'notes'>[] {
  return manifest();
}

/** File bytes as text, gunzipped when they start with the gzip magic 1f 8b. */
export function readLogText(path: string): string {
  const bytes = readFileSync(path);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
}

export interface Tag {
  name: string;
  /** Tile id of a draw/discard tag (`T77` → 77), else -1. */
  tile: number;
  attrs: Record<string, string>;
}

const TAG_RE = /<([A-Za-z]+)(\d*)((?:\s+[A-Za-z0-9_]+="[^"]*")*)\s*\/?>/g;
const ATTR_RE = /([A-Za-z0-9_]+)="([^"]*)"/g;

export function scanTags(text: string): Tag[] {
  const tags: Tag[] = [];
  for (const m of text.matchAll(TAG_RE)) {
    const attrs: Record<string, string> = {};
    for (const a of m[3].matchAll(ATTR_RE)) attrs[a[1]] = a[2];
    tags.push({ name: m[1], tile: m[2] === '' ? -1 : Number(m[2]), attrs });
  }
  return tags;
}

export interface CheckStats {
  rounds: number;
  haipaiHands: number;
  liveDraws: number;
  replacementDraws: number;
  kita: number;
  doraTags: number;
  doraHai: number;
  uraIndicators: number;
  exhaustiveDraws: number;
}

export function emptyStats(): CheckStats {
  return { rounds: 0, haipaiHands: 0, liveDraws: 0, replacementDraws: 0, kita: 0, doraTags: 0, doraHai: 0, uraIndicators: 0, exhaustiveDraws: 0 };
}

export function addStats(into: CheckStats, from: CheckStats): void {
  for (const k of Object.keys(into) as (keyof CheckStats)[]) into[k] += from[k];
}

const ints = (s: string | undefined) => (s ? s.split(',').map(Number) : []);

/** Players from `GO type` (bit 0x10 = 3-player). */
export function playersOf(tags: Tag[]): Players {
  const go = tags.find((t) => t.name === 'GO');
  return go && Number(go.attrs.type) & 0x10 ? 3 : 4;
}

/**
 * Checks every round of a log: `wallFor(i, initAttrs)` gives round i's wall. Returns the counts of facts
 * checked and a message per mismatch.
 */
export function checkLog(
  tags: Tag[],
  players: Players,
  wallFor: (round: number, init: Record<string, string>) => HandWall,
): { stats: CheckStats; errors: string[] } {
  const stats = emptyStats();
  const errors: string[] = [];
  let round = -1;
  let wall: HandWall | undefined;
  let live = 0;
  let replacements = 0;
  let doraTags = 0;
  let pendingSeat = -1;
  const fail = (what: string) => errors.push(`round ${round}: ${what}`);

  for (const tag of tags) {
    const { name } = tag;
    if (name === 'INIT') {
      round++;
      stats.rounds++;
      wall = wallFor(round, tag.attrs);
      live = replacements = doraTags = 0;
      pendingSeat = -1;
      const seed = ints(tag.attrs.seed);
      const dealer = Number(tag.attrs.oya);
      if (wall.tiles[indicatorIndex(wall.layout, 0)] !== seed[5]) fail(`dora indicator ${seed[5]} is not at ${indicatorIndex(wall.layout, 0)}`);
      if (wall.dice[0] !== seed[3] + 1 || wall.dice[1] !== seed[4] + 1) fail(`dice ${wall.dice} vs INIT ${seed[3] + 1},${seed[4] + 1}`);
      for (let seat = 0; seat < players; seat++) {
        const hand = ints(tag.attrs[`hai${seat}`]).sort((a, b) => a - b);
        const dealt = haipaiIndices(wall.layout, (seat - dealer + players) % players).map((i) => wall!.tiles[i]).sort((a, b) => a - b);
        if (hand.join() !== dealt.join()) fail(`seat ${seat} haipai ${hand} vs wall ${dealt}`);
        stats.haipaiHands++;
      }
      continue;
    }
    if (!wall) continue;
    if (name.length === 1 && tag.tile >= 0 && 'TUVW'.includes(name)) {
      const seat = 'TUVW'.indexOf(name);
      if (seat === pendingSeat) {
        const at = replacementIndex(wall.layout, replacements);
        if (wall.tiles[at] !== tag.tile) fail(`replacement draw ${replacements} ${tag.tile} is not at ${at} (${wall.tiles[at]})`);
        replacements++;
        stats.replacementDraws++;
      } else {
        const at = liveDrawIndex(wall.layout, live);
        if (wall.tiles[at] !== tag.tile) fail(`live draw ${live} ${tag.tile} is not at ${at} (${wall.tiles[at]})`);
        live++;
        stats.liveDraws++;
      }
      if (live > liveDrawCount(wall.layout, replacements)) fail(`live draw ${live} beyond the live wall's end (${replacements} replacements)`);
      pendingSeat = -1;
      continue;
    }
    if (name === 'DORA') {
      doraTags++;
      const at = indicatorIndex(wall.layout, doraTags);
      if (wall.tiles[at] !== Number(tag.attrs.hai)) fail(`DORA ${doraTags} ${tag.attrs.hai} is not at ${at}`);
      stats.doraTags++;
      continue;
    }
    if (name === 'BYE' || name === 'UN') continue;
    if (name === 'N') {
      const meld = decodeMeld(Number(tag.attrs.m));
      const makesReplacement = meld.type === 'ankan' || meld.type === 'daiminkan' || meld.type === 'kakan' || meld.type === 'kita';
      if (meld.type === 'kita') stats.kita++;
      pendingSeat = makesReplacement ? Number(tag.attrs.who) : -1;
      continue;
    }
    pendingSeat = -1;
    if (name === 'AGARI') {
      const dora = ints(tag.attrs.doraHai);
      const ura = ints(tag.attrs.doraHaiUra);
      if (dora.length !== doraTags + 1) fail(`doraHai has ${dora.length} indicators after ${doraTags} DORA tags`);
      dora.forEach((t, k) => {
        if (wall!.tiles[indicatorIndex(wall!.layout, k)] !== t) fail(`doraHai[${k}] ${t} is not at ${indicatorIndex(wall!.layout, k)}`);
      });
      if (ura.length > 0 && ura.length !== dora.length) fail(`doraHaiUra has ${ura.length} for ${dora.length} indicators`);
      ura.forEach((t, k) => {
        if (wall!.tiles[uraIndex(wall!.layout, k)] !== t) fail(`doraHaiUra[${k}] ${t} is not at ${uraIndex(wall!.layout, k)}`);
      });
      stats.doraHai += dora.length;
      stats.uraIndicators += ura.length;
    } else if (name === 'RYUUKYOKU' && tag.attrs.type === undefined) {
      stats.exhaustiveDraws++;
      if (live !== liveDrawCount(wall.layout, replacements)) {
        fail(`exhaustive draw after ${live} live draws, expected ${liveDrawCount(wall.layout, replacements)} with ${replacements} replacements`);
      }
    }
  }
  return { stats, errors };
}
