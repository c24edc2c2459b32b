/**
 * Yaku names a scenario script may use: the mjlog ids of src/events (docs/formats.md §2.9), dora
 * (`dora`), ura (`ura`) and red fives (`akaDora`) among them, since a script states a win's whole value.
 */
import { YAKU, YAKUMAN } from '../../src/events/index.js';

export type YakuName = keyof typeof YAKU;
export type YakumanName = keyof typeof YAKUMAN;

export const YAKU_ID: Readonly<Record<YakuName, number>> = YAKU;
export const YAKUMAN_ID: Readonly<Record<YakumanName, number>> = YAKUMAN;
