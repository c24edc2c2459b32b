/**
 * `kanshi audit --shard K/N`: a stable split of the inputs by content, so that any machine can take any
 * shard of the same inputs and the shards' databases, merged (`kanshi merge`), hold every game once.
 * A file belongs to shard K when the first 8 hex digits of its content hash (SHA-256), read as an integer,
 * are K - 1 modulo N. A file that could not be read has no content hash: it goes by the hash it is stored
 * under (`unreadHash`, from its absolute path), so each machine must have such a file at the same path.
 */

/** Shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Parses `K/N` (1 ≤ K ≤ N ≤ 1,000,000); `{ error }` saying why otherwise. */
export function parseShard(text: string): Shard | { error: string } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) return { error: `--shard must be K/N (e.g. 1/4), got "${text}"` };
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > 1_000_000 || index < 1 || index > count) {
    return { error: `--shard K/N needs 1 ≤ K ≤ N (N at most 1000000), got "${text}"` };
  }
  return { index, count };
}

/** The shard (1-based) a content hash (hex SHA-256) belongs to among `count`. */
export function shardOf(hash: string, count: number): number {
  return (parseInt(hash.slice(0, 8), 16) % count) + 1;
}

/** Whether a content hash belongs to the shard (always, without one). */
export function inShard(hash: string, shard: Shard | null | undefined): boolean {
  return !shard || shard.count === 1 || shardOf(hash, shard.count) === shard.index;
}

export function shardText(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}
