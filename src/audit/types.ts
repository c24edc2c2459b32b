/**
 * One game's audit: what the store writes. Plain data (it crosses from worker threads to the writer).
 */
import type { GameLog } from '../events/index.js';
import type { RiichiKanReason } from '../hand/index.js';
import type { ReplayResult } from '../replay/index.js';
import type { RuleSet } from '../rules/index.js';
import type { Finding } from './findings.js';

/** The game without its events. */
export type GameMeta = Omit<GameLog, 'hands'> & { handCount: number };

/** The verdict on a kan by a player in riichi. */
export interface RiichiKanVerdict {
  /** Position of the hand in the game, 1-based (docs/vocabulary.md). */
  hand: number;
  /** The kan's event index in its round. */
  eventIndex: number;
  /** Null when the hand could not be judged (the log contradicts itself there; see replay inconsistencies). */
  legal: boolean | null;
  /** Why: one of src/hand's RIICHI_KAN_REASONS. */
  reason: RiichiKanReason;
  explanation: string;
  /** Tile notation (`2m`), before and after the kan; null when not judged on waits. */
  waitsBefore: string[] | null;
  waitsAfter: string[] | null;
}

export interface GameAudit {
  /** The path as given to the audit. */
  file: string;
  /** SHA-256 of the file's bytes: the game's identity in the database. */
  contentHash: string;
  /** The rules audited under, with their key and profile. */
  ruleSet: RuleSet;
  /** Null when the file could not be read (then `findings` holds the ingest error). */
  game: GameMeta | null;
  replay: ReplayResult | null;
  riichiKans: RiichiKanVerdict[];
  findings: Finding[];
}
