/**
 * Counts in words for people, one rule for every message kanshi prints: `1 file`, `2 files`, `0 warnings`.
 * Here, beside the event vocabulary, because the folders that write messages (table, audit, batch, cli)
 * all import this one.
 */

/** `1 game`, `3 games`; an irregular plural is given (`plural(n, 'mismatch', 'mismatches')`). */
export function plural(n: number, word: string, pluralWord = `${word}s`): string {
  return `${n} ${n === 1 ? word : pluralWord}`;
}
