/**
 * Yaku names a scenario script may use: ingest's tables of mjlog ids (docs/formats.md §2.9). Dora, ura
 * and red fives are not names a script gives: the builder counts those itself.
 */
import { YAKU, YAKUMAN } from '../../src/events/index.js';

export type YakuName = Exclude<keyof typeof YAKU, 'dora' | 'ura' | 'akaDora'>;
export type YakumanName = keyof typeof YAKUMAN;

export const YAKU_ID: Readonly<Record<YakuName, number>> = YAKU;
export const YAKUMAN_ID: Readonly<Record<YakumanName, number>> = YAKUMAN;

export const DORA_YAKU = YAKU.dora;
export const URA_YAKU = YAKU.ura;
export const AKA_YAKU = YAKU.akaDora;
