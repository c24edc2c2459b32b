/**
 * Tile ids for tiles written as kinds (tenhou.net/6 codes, mjai names, notation): the one place that
 * decides which of a kind's four ids a tile gets. A red five is copy 0 of its five (ids 16, 52, 88) where
 * the game has one in that suit; any other tile takes the lowest copy not yet given, a five of such a suit
 * copies 1..3. Nothing is refused here: `take` answers -1 and each caller words its refusal.
 */
import { TILE_COUNT, type TileId, type TileKind } from './tile.js';

export class TileAllocator {
  private readonly used = new Uint8Array(TILE_COUNT);

  /** `redFiveSuits`: the mask of suits with a red five (1 m, 2 p, 4 s; 7 all, 0 none). */
  constructor(readonly redFiveSuits: number) {}

  /** Copy 0 of this kind is a red five in this game. */
  hasRedFive(kind: TileKind): boolean {
    return kind < 27 && kind % 9 === 4 && (this.redFiveSuits & (1 << ((kind / 9) | 0))) !== 0;
  }

  isUsed(id: TileId): boolean {
    return this.used[id] === 1;
  }

  /** Marks an id as given (a tile placed by id, or the allocator rebuilt from tiles already given). */
  mark(id: TileId): void {
    this.used[id] = 1;
  }

  /**
   * The id for a tile of `kind`, the red five when `red`, given from now on; -1 when there is none: no
   * red five in that suit, the red five given already, or every plain copy given.
   */
  take(kind: TileKind, red: boolean): TileId {
    if (red) {
      if (!this.hasRedFive(kind) || this.used[kind * 4]) return -1;
      this.used[kind * 4] = 1;
      return kind * 4;
    }
    for (let c = this.hasRedFive(kind) ? 1 : 0; c < 4; c++) {
      if (!this.used[kind * 4 + c]) {
        this.used[kind * 4 + c] = 1;
        return kind * 4 + c;
      }
    }
    return -1;
  }

  /** The plain copies of a kind not yet given, lowest first (a red five is never among them). */
  freePlain(kind: TileKind): TileId[] {
    const free: TileId[] = [];
    for (let c = this.hasRedFive(kind) ? 1 : 0; c < 4; c++) if (!this.used[kind * 4 + c]) free.push(kind * 4 + c);
    return free;
  }
}
