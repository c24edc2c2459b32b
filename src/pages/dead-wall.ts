/**
 * One hand's dead wall, as a picture: which tile sits where (from the wall rebuilt from the seed, or only
 * the tiles the log shows), which role each position has (replacement tile, indicator, ura), and what the
 * hand did with it: replacement tiles drawn, indicators turned as logged and as the rule turns them, ura
 * shown, and the tiles the live wall lost to it. A pure model (`deadWallOf`), then its SVG (`deadWallSvg`).
 */
import type { RoundStartEvent } from '../events/index.js';
import { isRevealed, REVEAL_MOMENT_WORDS, type KanRecord, type RevealMoment, type HandReplay } from '../replay/index.js';
import { kindOf, kindToString, tileToString, type TileId } from '../tiles/index.js';
import { DEAD_WALL_SIZE, indicatorIndex, replacementIndex, uraIndex, type HandWall, type WallLayout } from '../wall/index.js';
import { BACK_ID, escapeXml, faceId, ring, TILE_H, TILE_W, tileUse, UNKNOWN_ID } from './tile-svg.js';

export type SlotRole =
  | { kind: 'replacement'; n: number }
  | { kind: 'indicator'; k: number }
  | { kind: 'ura'; k: number }
  /** A tile the live wall gave the dead wall (the haitei end moves one tile in for every kan and kita). */
  | { kind: 'moved' };

/** How a position is marked: a replacement tile drawn, an indicator or ura turned over (as logged), one the rule turns over, and logged ≠ rule. */
export type SlotMark = 'used' | 'turned' | 'rule' | 'differs';

export interface DeadWallSlot {
  /** Index into the hand's wall (src/wall: 0 is the dead wall's far end). */
  index: number;
  /** Column of the picture: index >> 1 (7 stacks of two at the deal). */
  stack: number;
  /** The upper tile of its stack (the indicators, in the current layout). */
  upper: boolean;
  role: SlotRole;
  /** `R1` replacement draw 1, `D` the dora indicator, `K2` kandora indicator 2, `U` ura, `U2` kan-ura 2, `` moved in. */
  label: string;
  /** The tile: as the log shows it, else the wall's; null when neither says. */
  tile: TileId | null;
  /** The table saw it (drawn, turned over, shown as ura); otherwise known from the seed alone, or unknown. */
  seen: boolean;
  marks: SlotMark[];
  /** Still in the live wall when the hand ended (a position the dead wall reaches only after more kans or kita). */
  live: boolean;
  /** What the position is and what happened to it, in words (hover text). */
  note: string;
}

export interface DeadWallModel {
  hand: number;
  players: 3 | 4;
  era: WallLayout['era'];
  /** The tiles come from the wall rebuilt from the seed. */
  seeded: boolean;
  /** Tiles the live wall gave the dead wall in this hand (one per kan or kita). */
  moved: number;
  stacks: number;
  slots: DeadWallSlot[];
}

/** A replacement draw of the hand, kan or kita, numbered as the wall counts them. */
export interface ReplacementDraw {
  n: number;
  tile: TileId;
  seat: number;
  /** `kan 2 (kakan 5z)` or `kita`. */
  by: string;
  eventIndex: number;
}

export interface DeadWallInput {
  replay: HandReplay;
  start: RoundStartEvent;
  /** The wall rebuilt from the seed, when the replay built one for this hand. */
  wall: HandWall | null;
  layout: WallLayout;
  /** Kita tiles by the kita's event index (3-player); the replay keeps only who and when. */
  kitaTiles?: ReadonlyMap<number, TileId>;
  redFives: boolean;
}

const REVEALING: ReadonlySet<RevealMoment> = new Set(['declaration', 'after-replacement', 'next-kan', 'after-discard', 'unrecorded']);

/** The log shows the kan's indicator (with its moment, or untimed). */
export const loggedTurned = (k: KanRecord): boolean => REVEALING.has(k.revealLogged);

/** Every replacement draw of the hand in wall order: a kan's carries its number; a kita's is counted among them. */
export function replacementDraws(replay: HandReplay): ReplacementDraw[] {
  const draws: ReplacementDraw[] = [];
  for (const k of replay.kans) {
    if (!k.replacement) continue;
    draws.push({ n: k.replacement.number, tile: k.replacement.tile, seat: k.seat, by: `kan ${k.number} (${k.kind} ${kindToString(kindOf(k.tile))})`, eventIndex: k.replacement.eventIndex });
  }
  for (const x of replay.kita) {
    if (x.replacement === null) continue;
    // The replacement follows its kita: every draw made before the kita comes before it in the dead wall.
    const before = replay.kans.filter((k) => k.replacement && k.replacement.eventIndex < x.eventIndex).length +
      replay.kita.filter((y) => y.replacement !== null && y.eventIndex < x.eventIndex).length;
    draws.push({ n: before, tile: x.replacement, seat: x.seat, by: 'kita', eventIndex: x.eventIndex });
  }
  return draws.sort((a, b) => a.n - b.n);
}

/** Tiles the live wall lost to the dead wall: one per replacement draw, and one per kan whose draw the log skips. */
export function movedTiles(replay: HandReplay, layout: WallLayout): number {
  const skipped = replay.kans.filter((k) => !k.robbed && !k.replacement && k.afterDeclaration === 'went-on').length;
  return Math.min(replay.replacementDrawCount + skipped, layout.replacement.length);
}

const roleLabel = (role: SlotRole): string =>
  role.kind === 'replacement' ? `R${role.n + 1}` : role.kind === 'indicator' ? (role.k === 0 ? 'D' : `K${role.k}`) : role.kind === 'ura' ? (role.k === 0 ? 'U' : `U${role.k}`) : '';


export const momentWords = (m: RevealMoment): string => REVEAL_MOMENT_WORDS[m];

/** Where each role sits in this layout, by wall index. */
function rolesByIndex(layout: WallLayout): Map<number, SlotRole> {
  const roles = new Map<number, SlotRole>();
  layout.replacement.forEach((_, n) => roles.set(replacementIndex(layout, n), { kind: 'replacement', n }));
  for (let k = 0; k < layout.indicator.length; k++) {
    roles.set(indicatorIndex(layout, k), { kind: 'indicator', k });
    roles.set(uraIndex(layout, k), { kind: 'ura', k });
  }
  return roles;
}

/** The dead wall of one hand: every position from the far end to the last tile the live wall gave it. */
export function deadWallOf(input: DeadWallInput): DeadWallModel {
  const { replay, start, wall, layout, redFives } = input;
  const t = (tile: TileId) => tileToString(tile, redFives);
  const moved = movedTiles(replay, layout);
  const lastDead = DEAD_WALL_SIZE - 1 + moved;
  const stacks = (lastDead >> 1) + 1;
  const roles = rolesByIndex(layout);
  const draws = new Map(replacementDraws(replay).map((d) => [d.n, d]));
  const kanOf = new Map<number, KanRecord>();
  for (const k of replay.kans) if (k.kandoraNumber !== null && !kanOf.has(k.kandoraNumber)) kanOf.set(k.kandoraNumber, k);
  const riichiWins = replay.wins.filter((w) => w.riichi);
  const uraShown = Math.max(0, ...riichiWins.map((w) => w.logged.ura.length));
  const uraRule = Math.max(0, ...riichiWins.map((w) => w.rule.ura.length));
  const slots: DeadWallSlot[] = [];
  for (let index = 0; index < stacks * 2; index++) {
    const fromWall = wall ? wall.tiles[index] : null;
    const role: SlotRole = index < DEAD_WALL_SIZE || layout.players === 3 ? (roles.get(index) ?? { kind: 'moved' }) : { kind: 'moved' };
    const live = index > lastDead;
    const slot: DeadWallSlot = { index, stack: index >> 1, upper: (index & 1) === (layout.era === 'current' ? 1 : 0), role, label: roleLabel(role), tile: fromWall, seen: false, marks: [], live, note: '' };
    const where = `wall index ${index}`;
    const known = (tile: TileId | null) => (tile === null ? 'unknown (no seed, and the log never shows it)' : `${t(tile)}${slot.seen ? '' : ', known from the seed, never seen at the table'}`);
    if (role.kind === 'replacement') {
      const d = draws.get(role.n);
      if (d) {
        slot.tile = d.tile;
        slot.seen = true;
        slot.marks.push('used');
        slot.note = `${slot.label}: replacement tile ${role.n + 1} (${where}): ${t(d.tile)}, drawn by seat ${d.seat} after ${d.by}${fromWall !== null && fromWall !== d.tile ? `; the wall has ${t(fromWall)} here` : ''}`;
        if (fromWall !== null && fromWall !== d.tile) slot.marks.push('differs');
      } else {
        slot.note = `${slot.label}: replacement tile ${role.n + 1} (${where}): not drawn; ${known(fromWall)}`;
      }
    } else if (role.kind === 'indicator') {
      indicatorSlot(slot, role.k, start, kanOf.get(role.k), fromWall, t, where, known);
    } else if (role.kind === 'ura') {
      const w = riichiWins.find((x) => x.logged.ura.length > role.k);
      const shown = w?.logged.ura[role.k] ?? null;
      const under = role.k === 0 ? 'the dora indicator' : `kandora indicator ${role.k}`;
      if (shown !== null && w) {
        slot.tile = shown;
        slot.seen = true;
        slot.marks.push('turned');
      }
      const ruleShows = uraRule > role.k;
      if (ruleShows && !slot.seen) slot.marks.push('rule');
      if (ruleShows !== uraShown > role.k) slot.marks.push('differs');
      slot.note = `${slot.label}: ura indicator under ${under} (${where}): ${shown !== null && w ? `${t(shown)}, shown for seat ${w.seat}'s riichi win` : known(fromWall)}` +
        (ruleShows !== uraShown > role.k ? `; the rule ${ruleShows ? 'shows' : 'does not show'} it, the log ${ruleShows ? 'does not' : 'does'}` : '');
    } else {
      slot.note = `${where}: ${live ? 'still in the live wall at the hand’s end' : 'given to the dead wall by the live wall (a kan or kita moved the haitei one tile on)'}; ${known(fromWall)}`;
    }
    if (live && role.kind !== 'moved') slot.note += '; still in the live wall at the hand’s end';
    slots.push(slot);
  }
  return { hand: replay.hand, players: layout.players, era: layout.era, seeded: wall !== null, moved, stacks, slots };
}

function indicatorSlot(
  slot: DeadWallSlot,
  k: number,
  start: RoundStartEvent,
  kan: KanRecord | undefined,
  fromWall: TileId | null,
  t: (tile: TileId) => string,
  where: string,
  known: (tile: TileId | null) => string,
): void {
  if (k === 0) {
    slot.tile = start.doraIndicator;
    slot.seen = true;
    slot.marks.push('turned');
    slot.note = `D: dora indicator (${where}): ${t(start.doraIndicator)}, turned over at the deal`;
    return;
  }
  const untimed = start.untimedKandora;
  if (!kan) {
    // tenhou.net/6 JSON can list an indicator no kan of the replay owns; else nothing turned it.
    const listed = untimed?.[k - 1];
    if (listed !== undefined) {
      slot.tile = listed;
      slot.seen = true;
      slot.marks.push('turned', 'differs');
    }
    slot.note = `${slot.label}: kandora indicator ${k} (${where}): ${listed !== undefined ? `${t(listed)}, listed by the log with no kan to turn it` : `no kan turned it; ${known(fromWall)}`}`;
    return;
  }
  const logged = loggedTurned(kan);
  const rule = isRevealed(kan.revealRule);
  if (kan.indicator !== null && (logged || fromWall === null)) slot.tile = kan.indicator;
  if (logged) {
    slot.seen = true;
    slot.marks.push('turned');
  } else if (rule) slot.marks.push('rule');
  const differs = kan.revealVerdict === 'differs';
  if (differs) slot.marks.push('differs');
  const what = logged ? t(slot.tile ?? kan.indicator!) : known(slot.tile);
  slot.note = `${slot.label}: kandora indicator ${k} (${where}): ${what}; kan ${kan.number} (seat ${kan.seat} ${kan.kind} ${kindToString(kindOf(kan.tile))}): logged ${momentWords(kan.revealLogged)}, rule ${momentWords(kan.revealRule)}${differs ? ' (differs)' : ''}`;
}

// ---------- the picture ----------

const GAP = 4;
const PAD = 6;
const LABEL = 13;
const ROW_GAP = 5;
const SPLIT = 10;

/** The picture: stacks left to right from the dead wall's far end (where replacement tiles are taken) to the live wall. */
export function deadWallSvg(model: DeadWallModel, redFives: boolean): string {
  const colX = (stack: number) => PAD + stack * (TILE_W + GAP) + (stack >= DEAD_WALL_SIZE / 2 ? SPLIT : 0);
  const upperY = PAD + LABEL;
  const lowerY = upperY + TILE_H + ROW_GAP;
  const width = colX(model.stacks - 1) + TILE_W + PAD + 44;
  const height = lowerY + TILE_H + LABEL + PAD;
  const parts: string[] = [];
  for (const s of model.slots) {
    const x = colX(s.stack);
    const y = s.upper ? upperY : lowerY;
    const id = s.live && s.tile === null ? BACK_ID : s.tile === null ? UNKNOWN_ID : faceId(s.tile, redFives);
    const cls = ['slot', s.role.kind, ...s.marks, s.seen ? 'seen' : s.tile === null ? 'unknown' : 'hidden', s.live ? 'live' : ''].filter(Boolean).join(' ');
    const rings = [
      s.marks.includes('used') ? ring('used', x, y) : s.marks.includes('turned') ? ring('turned', x, y) : s.marks.includes('rule') ? ring('rule', x, y) : '',
      s.marks.includes('differs') ? ring('differs', x - 3, y - 3, (TILE_W + 6) / TILE_W) : '',
    ].join('');
    const label = s.label
      ? `<text class="lbl" x="${x + TILE_W / 2}" y="${s.upper ? upperY - 4 : lowerY + TILE_H + 11}">${s.label}</text>`
      : '';
    parts.push(`<g class="${cls}" data-index="${s.index}"><title>${escapeXml(s.note)}</title>${tileUse(id, x, y, { cls: s.seen || s.live ? undefined : 'dim' })}${rings}${label}</g>`);
  }
  if (model.stacks > DEAD_WALL_SIZE / 2) {
    // The tiles right of this line were live at the deal: kans and kita moved them in.
    const x = colX(DEAD_WALL_SIZE / 2) - (GAP + SPLIT) / 2;
    parts.push(`<path class="split" d="M${x} ${PAD} V${height - PAD}"/>`);
  }
  const arrowX = colX(model.stacks - 1) + TILE_W + 8;
  parts.push(`<text class="edge" x="${arrowX}" y="${lowerY + 4}">live</text><text class="edge" x="${arrowX}" y="${lowerY + 16}">wall</text><path class="edge-arrow" d="M${arrowX} ${lowerY + 22}h26l-5 -4m5 4l-5 4"/>`);
  const layout = `${model.players}-player${model.era === 'legacy' ? ', 2008-09 layout' : ''}`;
  const title = `Hand ${model.hand}: the dead wall (${layout}), ${model.seeded ? 'every tile from the wall rebuilt from the seed' : 'only the tiles the log shows'}`;
  return `<svg class="dead-wall" data-dead-wall="" data-hand="${model.hand}" data-players="${model.players}" data-stacks="${model.stacks}" role="img" aria-label="${escapeXml(title)}" viewBox="0 0 ${width} ${height}" width="${Math.round(width * 1.25)}" height="${Math.round(height * 1.25)}"><title>${escapeXml(title)}</title>${parts.join('')}</svg>`;
}
