/**
 * Wall seeds as Tenhou writes them (docs/formats.md §2.10, §3.5, §6): the `SHUFFLE seed` attribute of a
 * game, or the `shuffle` attribute old (2008-2009) logs put on each `INIT`.
 *
 * Three schemes, all MT19937 `init_by_array` on the seed's words (each proven on every round of the corpus
 * files that use it, test/wall/corpus.test.ts):
 * - `mt19937ar-sha512-n288-base64,<base64>` (SHUFFLE): 624 words; one stream per game, 288 outputs per
 *   round hashed with SHA-512 into the 144 words that shuffle the wall.
 * - `mt19937ar-sha512-n288,<32 hex words>` (SHUFFLE, 2009): the same with the hex words as the key.
 * - `mt19937ar,<8 or 32 hex words>` (INIT `shuffle`, 2008-2009): a fresh key every round, and the raw
 *   generator outputs (no hashing) shuffle the wall.
 * Both 2008-2009 schemes use the `legacy` dead-wall arrangement (layout.ts).
 */
import type { WallEra } from './layout.js';
import { WallError } from './errors.js';

export const BASE64_SCHEME = 'mt19937ar-sha512-n288-base64';
export const HEX_SCHEME = 'mt19937ar-sha512-n288';
export const INIT_SHUFFLE_SCHEME = 'mt19937ar';

export type SeedScheme = typeof BASE64_SCHEME | typeof HEX_SCHEME | typeof INIT_SHUFFLE_SCHEME | 'none';

/** The base64 seed decodes to exactly this many words (a full MT19937 state's worth of key). */
export const SEED_KEY_WORDS = 624;

export interface BuildableSeed {
  scheme: typeof BASE64_SCHEME | typeof HEX_SCHEME | typeof INIT_SHUFFLE_SCHEME;
  buildable: true;
  /** `game`: one generator stream for the whole game (SHUFFLE tag); `round`: this seed is one INIT's own. */
  stream: 'game' | 'round';
  /** Whether each round's outputs go through SHA-512 before shuffling (not in the old per-INIT scheme). */
  hashed: boolean;
  /** Dead-wall arrangement of its walls: `current` for base64 seeds, `legacy` for the 2008-2009 schemes. */
  era: WallEra;
  /** The `init_by_array` key. */
  key: Uint32Array;
}

export interface UnbuildableSeed {
  scheme: 'none';
  buildable: false;
  /** Why no wall can be rebuilt, fit to show a user. */
  reason: string;
}

export type ParsedSeed = BuildableSeed | UnbuildableSeed;

export const NO_SEED_REASON = 'the log carries no wall seed (no SHUFFLE tag or INIT shuffle attribute; tenhou.net/6 JSON logs never do)';

const HEX_WORD_RE = /^[0-9A-Fa-f]{1,8}$/;

/**
 * Reads a seed string (`<scheme>,<payload>`). `undefined`, `null` or an empty string mean the log had no
 * seed and give `{ scheme: 'none', buildable: false, reason }`. An unknown scheme or a payload that does
 * not fit its scheme throws WallError.
 */
export function parseSeed(text: string | undefined | null): ParsedSeed {
  if (text == null || text.trim() === '') return { scheme: 'none', buildable: false, reason: NO_SEED_REASON };
  const s = text.trim();
  const comma = s.indexOf(',');
  const scheme = comma < 0 ? s : s.slice(0, comma);
  const payload = comma < 0 ? '' : s.slice(comma + 1).trim();
  switch (scheme) {
    case BASE64_SCHEME:
      return { scheme, buildable: true, stream: 'game', hashed: true, era: 'current', key: decodeBase64Key(payload) };
    case HEX_SCHEME:
      return { scheme, buildable: true, stream: 'game', hashed: true, era: 'legacy', key: decodeHexWords(scheme, payload) };
    case INIT_SHUFFLE_SCHEME:
      return { scheme, buildable: true, stream: 'round', hashed: false, era: 'legacy', key: decodeHexWords(scheme, payload) };
    default:
      throw new WallError(
        `unknown wall seed scheme "${scheme.slice(0, 60)}" (known: ${BASE64_SCHEME}, ${HEX_SCHEME}, ${INIT_SHUFFLE_SCHEME})`,
        'unknown-scheme',
      );
  }
}

function decodeBase64Key(payload: string): Uint32Array {
  const bytes = Buffer.from(payload, 'base64');
  // A canonical payload encodes back to itself (the cheap check, and the usual case); anything else must
  // at least be in the alphabet, since Buffer.from silently skips what is not.
  if (bytes.toString('base64') !== payload && !isBase64(payload)) throw new WallError(`${BASE64_SCHEME} seed: the payload is not base64`);
  if (bytes.length !== SEED_KEY_WORDS * 4) {
    throw new WallError(`${BASE64_SCHEME} seed: expected ${SEED_KEY_WORDS * 4} bytes (${SEED_KEY_WORDS} words), got ${bytes.length}`);
  }
  const key = new Uint32Array(SEED_KEY_WORDS);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let i = 0; i < SEED_KEY_WORDS; i++) key[i] = view.getUint32(4 * i, true);
  return key;
}

/** Base64 alphabet with up to two `=` at the end (Buffer.from would silently skip anything else). */
function isBase64(text: string): boolean {
  return text.length > 0 && !NOT_BASE64.test(text);
}

const NOT_BASE64 = /[^A-Za-z0-9+/=]|=[^=]/;

function decodeHexWords(scheme: string, payload: string): Uint32Array {
  const parts = payload === '' ? [] : payload.split(',');
  if (parts.length === 0 || !parts.every((p) => HEX_WORD_RE.test(p))) {
    throw new WallError(`${scheme} seed: expected comma-separated hex words, got "${payload.slice(0, 60)}"`);
  }
  return Uint32Array.from(parts, (p) => parseInt(p, 16));
}
