/**
 * src/wall: Tenhou's walls rebuilt from a log's seed, and where each role sits in them.
 * The only door to this folder. Knows nothing of events: the replay engine asks it for walls and positions.
 *
 * Seeds
 *   parseSeed(text | undefined) → ParsedSeed. Buildable schemes (all MT19937 init_by_array on the words):
 *     mt19937ar-sha512-n288-base64,<base64>  SHUFFLE (2010-): 624 words; one stream per game; SHA-512; era current
 *     mt19937ar-sha512-n288,<32 hex words>   SHUFFLE (2009): same algorithm, hex key;                  era legacy
 *     mt19937ar,<8|32 hex words>             INIT `shuffle` attribute (2008-09): own key per round;
 *                                            raw outputs, no SHA-512;                                  era legacy
 *   `{ scheme: 'none', buildable: false, reason }` when there is no seed (JSON logs, SHUFFLE-less XML).
 *   Unknown schemes and malformed payloads throw WallError (`code`: malformed-seed | unknown-scheme | …).
 *
 * Walls
 *   gameWalls(shuffleSeed | ParsedSeed, players) → GameWalls; `.round(i)` → HandWall, i = 0-based index
 *     of the INIT in the file (honba repeats count); rounds are built lazily in order and cached.
 *   initShuffleWall(initShuffleAttr | ParsedSeed, players) → HandWall, for old logs' per-INIT seeds.
 *   HandWall = { players, tiles: Uint8Array (tiles[index] = tile id), dice: [d1, d2] (1..6), layout }
 *   Building blocks (tests, tools): Mt19937, hashRoundOutputs, shuffleWall, diceOf, nextHandWall.
 *
 * Positions: indices into HandWall.tiles. The first argument is a layout (`wall.layout`, always right)
 * or a player count (meaning the current era). Counters are 0-based "how many came before".
 *                                                 4-player          3-player
 *   haipaiIndices(l, seatOffsetFromDealer)        dealer 135..132, 119..116, 103..100, 87 (3p: 107..104,
 *     13 indices in dealing order (4-4-4-1)       95..92, 83..80, 71); seat s after the dealer: 4s lower
 *                                                 in each block, s lower for the single tile
 *   liveDrawIndex(l, j)     live draw j           83 − j            68 − j
 *   replacementIndex(l, r)  rinshan / kita draw r 1,0,3,2           1,0,3,2,5,4,7,6   (legacy: r)
 *   indicatorIndex(l, k)    k=0 dora, 1..4 kan    5 + 2k            9 + 2k            (legacy: 4+2k / 8+2k)
 *   uraIndex(l, k)          ura under indicator k 4 + 2k            8 + 2k            (legacy: 5+2k / 9+2k)
 *   liveDrawCount(l, r)     live draws in all     70 − r            55 − r   r = kans + kita so far
 *   lastLiveIndex(l, r)     the haitei's index    14 + r            14 + r
 *   liveDrawsLeft(l, liveDraws, r)  live tiles still to draw (0 = haitei drawn: no more kans)
 *   seatOffsetFromDealer(players, seat, dealer); wallLayout(players, era) → all of it as frozen data.
 *   haipai / liveDraw / replacementDraw / doraIndicator / uraIndicator(wall, n): the tiles themselves.
 */
export { Mt19937 } from './mt19937.js';
export {
  BASE64_SCHEME,
  HEX_SCHEME,
  INIT_SHUFFLE_SCHEME,
  NO_SEED_REASON,
  SEED_KEY_WORDS,
  parseSeed,
  type BuildableSeed,
  type ParsedSeed,
  type SeedScheme,
  type UnbuildableSeed,
} from './seed.js';
export { WallError, type WallErrorCode } from './errors.js';
export { checkPlayers, wallSize, type Players } from './players.js';
export { ROUND_OUTPUTS, ROUND_RND, diceOf, hashRoundOutputs, nextHandWall, shuffleWall, type WallRecipe } from './shuffle.js';
export { GameWalls, MAX_ROUNDS, gameWalls, initShuffleWall, type WallEngine } from './game.js';
export { wasmSha512 } from './wasm.js';
export {
  DEAD_WALL_SIZE,
  HAIPAI_SIZE,
  doraIndicator,
  haipai,
  haipaiIndices,
  indicatorIndex,
  lastLiveIndex,
  liveDraw,
  liveDrawCount,
  liveDrawIndex,
  liveDrawsLeft,
  replacementDraw,
  replacementIndex,
  seatOffsetFromDealer,
  uraIndex,
  uraIndicator,
  wallLayout,
  type LayoutRef,
  type HandWall,
  type WallEra,
  type WallLayout,
} from './layout.js';
