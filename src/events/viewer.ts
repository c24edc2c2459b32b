/**
 * Links into Tenhou's web viewer, for a person to check a kan, win or finding with their own eyes.
 * `tw` is the seat the viewer sits at (0..3: the player concerned), `ts` the 0-based position of the hand
 * in the log (kanshi's round index). The same expression is written in SQL in schemas/audit.sql.
 */
import type { GameLog } from './events.js';

export const VIEWER_BASE = 'https://tenhou.net/0/?log=';

/**
 * A Tenhou log id, whole: `YYYYMMDDHHgm-TTTT-LLLL-HHHHHHHH` (date and hour, GO type in hex, lobby of 4 or
 * 5 digits, hash), e.g. `2010091009gm-00a9-0000-83af2648`. The one statement of its shape: ingest, fetch
 * and batch use it too.
 */
export const TENHOU_LOG_ID = /^\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}$/;

/**
 * The viewer URL of a hand (1-based, as everywhere in kanshi) seen from a seat, or null without a log id.
 * A missing seat sits the viewer at seat 0; a missing hand opens the game at its start. The viewer's `ts`
 * counts hands from 0.
 */
export function viewerUrl(logId: string | null | undefined, seat?: number | null, hand?: number | null): string | null {
  // Only a whole Tenhou log id: anything else (a crafted ref) would add its own parameters to the link.
  if (!logId || !TENHOU_LOG_ID.test(logId)) return null;
  return `${VIEWER_BASE}${logId}&tw=${seat ?? 0}${hand === null || hand === undefined ? '' : `&ts=${hand - 1}`}`;
}

/** The log id the viewer can open: only Tenhou's own games (a Mahjong Soul or mjai log id means nothing there). */
export function viewerLogId(game: Pick<GameLog, 'logId' | 'platform'>): string | null {
  return game.platform === 'tenhou' ? game.logId : null;
}
