import { describe, expect, it } from 'vitest';
import { BASE64_SCHEME, HEX_SCHEME, INIT_SHUFFLE_SCHEME, NO_SEED_REASON, WallError, parseSeed } from '../../src/wall/index.js';

const key624 = Buffer.alloc(2496);
for (let i = 0; i < 624; i++) key624.writeUInt32LE((i * 2654435761) >>> 0, 4 * i);
const base64Seed = `${BASE64_SCHEME},${key624.toString('base64')}`;

function thrown(fn: () => unknown): WallError {
  try {
    fn();
  } catch (e) {
    if (e instanceof WallError) return e;
    throw e;
  }
  throw new Error('expected a WallError');
}

describe('parseSeed', () => {
  it('base64: 624 little-endian words, one stream per game, hashed, current dead wall', () => {
    const s = parseSeed(base64Seed);
    expect(s).toMatchObject({ scheme: BASE64_SCHEME, buildable: true, stream: 'game', hashed: true, era: 'current' });
    if (!s.buildable) throw new Error();
    expect(s.key).toHaveLength(624);
    expect(s.key[1]).toBe(2654435761);
  });

  it('2009 hex SHUFFLE: the words as the key, one stream per game, hashed, legacy dead wall', () => {
    const s = parseSeed(`${HEX_SCHEME},06AA9AE4,DA374A46,6B21D0F1`);
    expect(s).toMatchObject({ scheme: HEX_SCHEME, buildable: true, stream: 'game', hashed: true, era: 'legacy' });
    expect(s.buildable && [...s.key]).toEqual([0x06aa9ae4, 0xda374a46, 0x6b21d0f1]);
  });

  it('old INIT shuffle attribute: a per-round key, raw outputs, legacy dead wall', () => {
    const s = parseSeed(`${INIT_SHUFFLE_SCHEME},C41242CB,F46A04D2`);
    expect(s).toMatchObject({ scheme: INIT_SHUFFLE_SCHEME, buildable: true, stream: 'round', hashed: false, era: 'legacy' });
  });

  it('no seed at all (JSON logs, SHUFFLE-less XML) says why no wall can be built', () => {
    for (const text of [undefined, null, '', '  ']) {
      expect(parseSeed(text)).toEqual({ scheme: 'none', buildable: false, reason: NO_SEED_REASON });
    }
    expect(NO_SEED_REASON).toMatch(/no wall seed/);
  });

  it('rejects unknown schemes and malformed payloads with WallError codes', () => {
    expect(thrown(() => parseSeed('xorshift,1234')).code).toBe('unknown-scheme');
    expect(thrown(() => parseSeed('xorshift,1234')).message).toMatch(/known: mt19937ar-sha512-n288-base64/);
    expect(thrown(() => parseSeed(`${BASE64_SCHEME},AAAA`)).message).toMatch(/expected 2496 bytes \(624 words\), got 3/);
    expect(thrown(() => parseSeed(`${BASE64_SCHEME},not base64!`)).code).toBe('malformed-seed');
    expect(thrown(() => parseSeed(`${BASE64_SCHEME}`)).code).toBe('malformed-seed');
    expect(thrown(() => parseSeed(`${HEX_SCHEME},12,XYZ`)).code).toBe('malformed-seed');
    expect(thrown(() => parseSeed(`${INIT_SHUFFLE_SCHEME},`)).code).toBe('malformed-seed');
    expect(thrown(() => parseSeed(`${HEX_SCHEME},123456789`)).code).toBe('malformed-seed');
  });
});
