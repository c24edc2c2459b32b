/**
 * Wins written in notation for the scorer's unit tests: `hand('123m456p789s1122z', '1z', { tsumo: true })`
 * gives a WinInput (seat 1 South, dealer seat 0, ron from seat 0 unless said otherwise), melds as
 * `['pon', '777z', from]`. Tile ids: red fives (0m) are copy 0, other tiles the next copy free.
 */
import type { WinInput } from '../../src/score/index.js';
import { parseTiles, type TileId } from '../../src/tiles/index.js';

type MeldSpec = [type: 'chi' | 'pon' | 'daiminkan' | 'kakan' | 'ankan', tiles: string, from?: number];

export function tileIds(text: string, used: Uint8Array = new Uint8Array(34)): TileId[] {
  return parseTiles(text).map((t) => {
    if (t.red) {
      used[t.kind] |= 1;
      return t.kind * 4;
    }
    const five = t.kind < 27 && t.kind % 9 === 4;
    for (let c = five ? 1 : 0; c < 4; c++) {
      if (used[t.kind] & (1 << c)) continue;
      used[t.kind] |= 1 << c;
      return t.kind * 4 + c;
    }
    throw new Error(`a fifth copy in ${text}`);
  });
}

export function hand(
  concealed: string,
  win: string,
  extra: Partial<Omit<WinInput, 'melds' | 'doraIndicators' | 'uraIndicators'>> & { melds?: MeldSpec[]; dora?: string; ura?: string } = {},
): WinInput {
  const used = new Uint8Array(34);
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
    doraIndicators: dora ? tileIds(dora, new Uint8Array(34)) : [],
    uraIndicators: ura ? tileIds(ura, new Uint8Array(34)) : [],
    redFiveSuits: 7,
    honba: 0,
    riichiSticks: 0,
    ...rest,
  };
}
