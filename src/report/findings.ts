/**
 * A finding as the report lists it, and a hand's name: what both the findings (data.ts) and the
 * conformance cards (conformance.ts) read, kept apart so neither module imports the other.
 */
import { num } from './db.js';

/** One finding as listed: where it is, what it says, and the viewer link (null without a Tenhou log id). */
export interface FindingRow {
  gameId: number;
  logId: string | null;
  file: string;
  /** Position of the hand in the game, 1-based; null for the whole game. */
  hand: number | null;
  /** What the game calls it: 'East 1-2' (kyoku and honba). */
  handName: string | null;
  seat: number | null;
  player: string | null;
  message: string;
  details: string;
  url: string | null;
}

export interface FindingGroup {
  kind: string;
  /** kan | scoring | legality | log (finding_kinds.family); null for a kind the database does not describe. */
  family: string | null;
  severity: string;
  rule: string | null;
  description: string;
  findings: number;
  games: number;
  /** The first `findingsPerKind`, by game. */
  rows: FindingRow[];
}

/** A kind the audit checks for, found or not (finding_kinds): the report names those with no finding too. */
export interface CheckedKind {
  kind: string;
  family: string | null;
  rule: string | null;
}

/** 'East 1', honba 2 → 'East 1-2' (the way hands are named on Tenhou's pages). */
export function handName(hand: unknown, honba: unknown): string | null {
  if (hand === null || hand === undefined) return null;
  return num(honba) > 0 ? `${String(hand)}-${num(honba)}` : String(hand);
}
