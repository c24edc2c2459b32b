import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHash, ruleSetFor } from '../../src/audit/index.js';
import { auditFile, inShard, parseShard, shardOf } from '../../src/batch/index.js';
import { unreadHash } from '../../src/audit/index.js';
import { corpusFiles } from '../support/corpus.js';

describe('--shard K/N', () => {
  it('parses K/N with 1 ≤ K ≤ N, and refuses the rest', () => {
    expect(parseShard('2/8')).toEqual({ index: 2, count: 8 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/2', '3/2', '1/0', '2', 'a/b', '-1/2', '1/2/3']) expect(parseShard(bad)).toHaveProperty('error');
  });

  it('puts a content hash in shard (first 8 hex digits mod N) + 1, each hash in exactly one shard', () => {
    expect(shardOf('00000005' + 'f'.repeat(56), 4)).toBe(2);
    expect(shardOf('ffffffff' + '0'.repeat(56), 2)).toBe(2);
    const hashes = corpusFiles().slice(0, 200).map((f) => contentHash(readFileSync(f)));
    for (const n of [1, 2, 3, 7]) {
      for (const h of hashes) {
        const shards = Array.from({ length: n }, (_, k) => k + 1).filter((k) => inShard(h, { index: k, count: n }));
        expect(shards).toEqual([shardOf(h, n)]);
      }
    }
    // Both halves get games.
    expect(new Set(hashes.map((h) => shardOf(h, 2)))).toEqual(new Set([1, 2]));
  });

  it('auditFile passes over a file of another shard (null, told which hash); an unreadable file goes by its path hash', () => {
    const rules = ruleSetFor({});
    const file = corpusFiles()[0];
    const hash = contentHash(readFileSync(file));
    const mine = { index: shardOf(hash, 3), count: 3 };
    const other = { index: (mine.index % 3) + 1, count: 3 };
    const told: string[] = [];
    expect(auditFile(file, rules, undefined, undefined, undefined, mine, (h) => told.push(h))?.contentHash).toBe(hash);
    expect(auditFile(file, rules, undefined, undefined, undefined, other, (h) => told.push(h))).toBeNull();
    expect(told).toEqual([hash]);
    // Over the byte limit: never read whole, stored under its path's hash, sharded by it.
    const big = join(mkdtempSync(join(tmpdir(), 'kanshi-shard-')), 'big.xml');
    writeFileSync(big, '<mjloggm ver="2.3"></mjloggm>');
    const unread = unreadHash(big);
    const limits = { maxLogBytes: 4 };
    const its = { index: shardOf(unread, 2), count: 2 };
    const not = { index: 3 - its.index, count: 2 };
    const a = auditFile(big, rules, undefined, undefined, limits, its);
    expect(a?.contentHash).toBe(unread);
    expect(a?.game).toBeNull();
    expect(auditFile(big, rules, undefined, undefined, limits, not)).toBeNull();
  });
});
