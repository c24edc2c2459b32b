import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

/** The shared corpus: `KANSHI_CORPUS`, or `../shared/corpus` beside the project root. */
export const CORPUS_DIR = resolve(process.env.KANSHI_CORPUS ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus'));
export const CORPUS_LOGS = join(CORPUS_DIR, 'logs');

export function requireCorpus(): void {
  if (!existsSync(join(CORPUS_DIR, 'MANIFEST.tsv'))) {
    throw new Error(
      `The shared corpus is missing: expected ${CORPUS_DIR}/MANIFEST.tsv. ` +
        'Put ../shared/corpus beside the project or set KANSHI_CORPUS to its folder.',
    );
  }
}

export interface ManifestRow {
  file: string;
  format: 'xml' | 'gz' | 'json';
  players: number;
  kansTotal: number;
  ankan: number;
  daiminkan: number;
  kakan: number;
  riichiAnkan: number;
  rinshanWins: number;
  chankanWins: number;
  kan4Aborts: number;
  notes: string;
}

let manifestCache: ManifestRow[] | undefined;

export function manifest(): ManifestRow[] {
  if (manifestCache) return manifestCache;
  requireCorpus();
  const lines = readFileSync(join(CORPUS_DIR, 'MANIFEST.tsv'), 'utf8').split(/\r?\n/).filter((l) => l.trim());
  const header = lines[0].split('\t');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`MANIFEST.tsv has no column ${name}`);
    return i;
  };
  const c = {
    file: col('file'), format: col('format'), players: col('players'), kans: col('kans_total'), ankan: col('ankan'),
    daiminkan: col('daiminkan'), kakan: col('kakan'), riichi: col('riichi_ankan'), rinshan: col('rinshan_wins'),
    chankan: col('chankan_wins'), kan4: col('kan4_aborts'), notes: col('notes'),
  };
  manifestCache = lines.slice(1).map((line) => {
    const f = line.split('\t');
    return {
      file: f[c.file], format: f[c.format] as ManifestRow['format'], players: Number(f[c.players]),
      kansTotal: Number(f[c.kans]), ankan: Number(f[c.ankan]), daiminkan: Number(f[c.daiminkan]), kakan: Number(f[c.kakan]),
      riichiAnkan: Number(f[c.riichi]), rinshanWins: Number(f[c.rinshan]), chankanWins: Number(f[c.chankan]),
      kan4Aborts: Number(f[c.kan4]), notes: f[c.notes] ?? '',
    };
  });
  return manifestCache;
}

/** A MANIFEST count summed over the whole corpus (kans by kind, riichi ankans, rinshan and chankan wins, four-kan aborts). */
export function manifestTotal(key: 'kansTotal' | 'ankan' | 'daiminkan' | 'kakan' | 'riichiAnkan' | 'rinshanWins' | 'chankanWins' | 'kan4Aborts'): number {
  return manifest().reduce((sum, r) => sum + r[key], 0);
}

/** The platform corpus (`platforms/`): logs from Mahjong Soul converters, mjai producers and per-round files. */
export const PLATFORMS_DIR = join(CORPUS_DIR, 'platforms');

/** A row of `platforms/MANIFEST.tsv`. */
export interface PlatformRow {
  file: string;
  platform: string;
  format: string;
  rounds: number;
  hasKans: number;
  notes: string;
}

let platformCache: PlatformRow[] | undefined;

export function platformManifest(): PlatformRow[] {
  platformCache ??= readFileSync(join(PLATFORMS_DIR, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const c = line.split('\t');
      return { file: c[0], platform: c[1], format: c[2], rounds: Number(c[7]), hasKans: Number(c[8]), notes: c[9] ?? '' };
    });
  return platformCache;
}

export function corpusFiles(): string[] {
  requireCorpus();
  return readdirSync(CORPUS_LOGS).sort().map((f) => join(CORPUS_LOGS, f));
}

export function corpusFile(name: string): string {
  requireCorpus();
  return join(CORPUS_LOGS, name);
}

/**
 * A new folder holding the corpus `times` over, as `times` subfolders of links to the corpus files: an
 * audit walks every link (the same path given twice is walked once, so repeating the argument would not).
 */
export function corpusTimesOver(times: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'kanshi-corpus-x'));
  const files = corpusFiles();
  for (let i = 0; i < times; i++) {
    const sub = join(dir, `copy-${i}`);
    mkdirSync(sub);
    for (const file of files) symlinkSync(file, join(sub, basename(file)));
  }
  return dir;
}
