/**
 * Tenhou log ids and the forms users hold them in: bare ids, viewer URLs, raw-log URLs and the old
 * obfuscated `x` ids of the Flash client's history (docs/formats.md §9, §5.2). Pure functions.
 */

import { TENHOU_LOG_ID } from '../events/index.js';

/** `YYYYMMDDHHgm-TTTT-LLLL-HHHHHHHH`: date and hour, GO type in hex, lobby (4 or 5 digits), hash. */
export const LOG_ID_PATTERN = TENHOU_LOG_ID;

/** The same with the hash obfuscated: `x` followed by three 16-bit words in hex. */
export const OBFUSCATED_LOG_ID_PATTERN = /^(\d{10}gm-[0-9a-f]{4}-\d{4,5}-)x([0-9a-f]{12})$/;

/** A real or obfuscated id inside a longer text (archive pages, URLs). */
export const ANY_LOG_ID_SOURCE = '\\d{10}gm-[0-9a-f]{4}-\\d{4,5}-(?:[0-9a-f]{8}|x[0-9a-f]{12})';

const EXAMPLE_ID = '2016052515gm-00a9-0000-c4d72066';

export function isLogId(text: string): boolean {
  return LOG_ID_PATTERN.test(text);
}

export function isObfuscatedLogId(text: string): boolean {
  return OBFUSCATED_LOG_ID_PATTERN.test(text);
}

/**
 * The 34 constants Tenhou uses to obfuscate log ids. The same list is in Tenhou's own web client
 * (the log-id decoder of its minified viewer script) and in public decoders that fetch logs with it:
 * NegativeMjark/tenhou-log `tenhou-download-game-xml.py`, MahjongRepository/mahjong-portal
 * `server/online/parser.py`, teplofizik's TenhouViewer `Tenhou/TenhouHash.cs` (as mirrored in
 * nwalker/tenhouviewer).
 */
export const OBFUSCATION_TABLE: readonly number[] = Object.freeze([
  22136, 52719, 55146, 42104, 59591, 46934, 9248, 28891, 49597, 52974, 62844, 4015,
  18311, 50730, 43056, 17939, 64838, 38145, 27008, 39128, 35652, 63407, 65535, 23473,
  35164, 55230, 27536, 4386, 64920, 29075, 42617, 17294, 18868, 2081,
]);

/** Ids from this hour on take their table entry from the date; older ones use entry 0. */
const DATED_INDEX_FROM = '2010041111gm';

/**
 * Which table entry an obfuscated id uses: `int("3" + MMDDHH) % (33 - last digit of the hour)`.
 * The boundary hour follows Tenhou's own client, which compares with `<=`; NegativeMjark/tenhou-log
 * and mahjong-portal compare with `>` and would use entry 0 for that single hour.
 */
export function obfuscationTableIndex(id: string): number {
  if (id.slice(0, 12) < DATED_INDEX_FROM) return 0;
  return Number('3' + id.slice(4, 10)) % (33 - Number(id[9]));
}

/** Turns `…-x` + 12 hex digits into the real id: hash = hex4(a^b^T[i]) + hex4(b^c^T[i]^T[i+1]). */
export function decodeObfuscatedLogId(obfuscated: string): string {
  const m = OBFUSCATED_LOG_ID_PATTERN.exec(obfuscated);
  if (!m) {
    throw new LogRefError(obfuscated, `"${obfuscated}" is not an obfuscated log id (expected …-x followed by 12 hex digits)`);
  }
  const [prefix, words] = [m[1], m[2]];
  const a = parseInt(words.slice(0, 4), 16);
  const b = parseInt(words.slice(4, 8), 16);
  const c = parseInt(words.slice(8, 12), 16);
  const i = obfuscationTableIndex(obfuscated);
  const first = (a ^ b ^ OBFUSCATION_TABLE[i]) & 0xffff;
  const second = (b ^ c ^ OBFUSCATION_TABLE[i] ^ OBFUSCATION_TABLE[i + 1]) & 0xffff;
  return prefix + hex4(first) + hex4(second);
}

function hex4(word: number): string {
  return word.toString(16).padStart(4, '0');
}

/** A log named by a user: the real id, and the viewer settings when a URL carried them. */
export interface LogRef {
  /** The real log id (an obfuscated id is already decoded). */
  id: string;
  /** The viewer's `tw`: the seat shown at the bottom (0..3), when given. */
  seat: number | null;
  /** The hand the viewer opens, 1-based as everywhere in kanshi (the viewer's `ts` + 1), when given. */
  hand: number | null;
  /** The obfuscated `x` id as given, when it was one. */
  obfuscated: string | null;
}

/** Input that names no log; `input` is the text as given. */
export class LogRefError extends Error {
  constructor(
    readonly input: string,
    message: string,
  ) {
    super(message);
    this.name = 'LogRefError';
  }
}

/**
 * Reads one log reference: a log id (optionally `x`-obfuscated, optionally followed by `&tw=N&ts=K`
 * as in saved file names), a viewer URL (`/0/`, `/3/`, `/5/`, `/6/` with `?log=ID&tw=N&ts=K`) or a
 * raw-log URL (`/0/log/?ID`, `/5/mjlog2json.cgi?ID`). Hosts are not checked, so mirrors work.
 */
export function parseLogRef(text: string): LogRef {
  const input = text.trim();
  if (input === '') throw new LogRefError(text, 'an empty log reference');
  if (/^https?:\/\//i.test(input) || /^(?:www\.)?tenhou\.net\//i.test(input)) return parseLogUrl(input);
  const amp = input.indexOf('&');
  const idPart = amp < 0 ? input : input.slice(0, amp);
  const params = new URLSearchParams(amp < 0 ? '' : input.slice(amp + 1));
  return makeRef(input, idPart, params);
}

function parseLogUrl(input: string): LogRef {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(input) ? input : `https://${input}`);
  } catch {
    throw new LogRefError(input, `"${input}" is not a valid URL`);
  }
  if (/^#?json=/.test(url.hash)) {
    throw new LogRefError(input, `"${shorten(input)}" holds a whole tenhou.net/6 log, not a log id: save its JSON instead`);
  }
  // Viewer URLs carry `log=ID`; some put their parameters after `#` instead of `?`.
  const query = url.searchParams.has('log') ? url.searchParams : new URLSearchParams(url.hash.replace(/^#/, ''));
  const logParam = query.get('log');
  if (logParam !== null) return makeRef(input, logParam, query);
  // Raw-log URLs (`/0/log/?ID`, `/5/mjlog2json.cgi?ID`) put the bare id first in the query.
  const raw = decodeURIComponent(url.search.replace(/^\?/, ''));
  const amp = raw.indexOf('&');
  const first = amp < 0 ? raw : raw.slice(0, amp);
  if (first !== '' && !first.includes('=')) return makeRef(input, first, new URLSearchParams(amp < 0 ? '' : raw.slice(amp + 1)));
  throw new LogRefError(input, `"${shorten(input)}" names no log: expected a viewer URL with ?log=ID or a raw-log URL /0/log/?ID`);
}

function makeRef(input: string, idText: string, params: URLSearchParams): LogRef {
  const seat = viewerNumber(input, params, 'tw', 3);
  const ts = viewerNumber(input, params, 'ts', 99);
  const hand = ts === null ? null : ts + 1;
  let candidate = idText.trim();
  // Tenhou writes ids in lower case; accept an id typed in upper case.
  if (!LOG_ID_PATTERN.test(candidate) && !OBFUSCATED_LOG_ID_PATTERN.test(candidate)) candidate = candidate.toLowerCase();
  if (LOG_ID_PATTERN.test(candidate)) return { id: candidate, seat, hand, obfuscated: null };
  if (OBFUSCATED_LOG_ID_PATTERN.test(candidate)) {
    return { id: decodeObfuscatedLogId(candidate), seat, hand, obfuscated: candidate };
  }
  throw new LogRefError(
    input,
    `"${shorten(idText)}" is not a Tenhou log id (expected YYYYMMDDHHgm-TTTT-LLLL-HHHHHHHH such as ${EXAMPLE_ID}, ` +
      'an old …-x id, or a viewer URL)',
  );
}

function viewerNumber(input: string, params: URLSearchParams, name: 'tw' | 'ts', max: number): number | null {
  const value = params.get(name);
  if (value === null || value === '') return null;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > max) {
    throw new LogRefError(input, `"${shorten(input)}": ${name}=${value} is not a ${name === 'tw' ? 'seat 0..3' : 'hand number'}`);
  }
  return n;
}

function shorten(text: string): string {
  return text.length > 120 ? text.slice(0, 117) + '...' : text;
}
