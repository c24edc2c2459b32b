/**
 * mjlog's names for what it records in words: the `type` of a drawn hand. One vocabulary for reading and writing.
 */
import type { RyuukyokuReason } from '../../events/index.js';

/** `RYUUKYOKU type` → the reason (no type: an exhaustive draw). */
export const RYUUKYOKU_TYPES: Readonly<Record<string, RyuukyokuReason>> = {
  yao9: 'kyuushu-kyuuhai',
  reach4: 'suucha-riichi',
  ron3: 'sanchahou',
  kan4: 'suukaikan',
  kaze4: 'suufon-renda',
  nm: 'nagashi-mangan',
};

/** The reason → its `type` (null: written without one). */
export const RYUUKYOKU_TYPE_OF: Readonly<Record<RyuukyokuReason, string | null>> = {
  exhaustive: null,
  'kyuushu-kyuuhai': 'yao9',
  'suucha-riichi': 'reach4',
  sanchahou: 'ron3',
  suukaikan: 'kan4',
  'suufon-renda': 'kaze4',
  'nagashi-mangan': 'nm',
};
