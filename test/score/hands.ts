/**
 * Wins written in notation for the scorer's unit tests: `hand('123m456p789s1122z', '1z', { tsumo: true })`
 * gives a WinInput (seat 1 South, dealer seat 0, ron from seat 0 unless said otherwise), melds as
 * `['pon', '777z', from]`. Tile ids: red fives (0m) are copy 0, other tiles the next copy free.
 */
import type { WinInput } from '../../src/score/index.js';
import { parseTiles, TileAllocator, type TileId } from '../../src/tiles/index.js';

type MeldSpec = [type: 'chi' | 'pon' | 'daiminkan' | 'kakan' | 'ankan', tiles: string, from?: number];

export function tileIds(text: string, alloc = new TileAllocator(7)): TileId[] {
  return parseTiles(text).map((t) => {
    const id = alloc.take(t.kind, t.red);
    if (id < 0) throw new Error(`a fifth copy (or a second red five) in ${text}`);
    return id;
  });
}

export function hand(
  concealed: string,
  win: string,
  extra: Partial<Omit<WinInput, 'melds' | 'doraIndicators' | 'uraIndicators'>> & { melds?: MeldSpec[]; dora?: string; ura?: string } = {},
): WinInput {
  const used = new TileAllocator(7);
  const { melds = [], dora = '', ura = '', ...rest } = extra;
  const seat = rest.seat ?? 1;
  const tsumo = rest.tsumo ?? false;
  return {
    seat,
    from: tsumo ? seat : (rest.from ?? (seat + 3) % 4),
    dealer: 0,
    players: 4,
    roundWind: 0,
    seatWind: (seat - (rest.dealer ?? 0) + (rest.players ?? 4)) % (rest.players ?? 4),
    concealed: tileIds(concealed, used),
    winningTile: tileIds(win, used)[0],
    melds: melds.map(([type, tiles, from]) => {
      const ids = tileIds(tiles, used);
      return { type, tiles: ids, called: ids[0], from: type === 'ankan' ? seat : (from ?? (seat + 3) % 4) };
    }),
    kitaTiles: [],
    tsumo,
    riichi: 'none',
    ippatsu: false,
    chankan: false,
    rinshan: false,
    haitei: false,
    houtei: false,
    blessing: 'none',
    doraIndicators: dora ? tileIds(dora) : [],
    uraIndicators: ura ? tileIds(ura) : [],
    redFiveSuits: 7,
    honba: 0,
    riichiSticks: 0,
    ...rest,
  };
}
