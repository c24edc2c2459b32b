/**
 * The platforms a log can come from, as one table of data: what each is, how kanshi tells a log is from
 * it (the readers of src/formats apply it), and the profile its games are audited, verified and reported
 * under when the user names none.
 */
import type { Platform, SourceFormat } from '../events/index.js';
import type { ProfileName } from './profiles.js';

export interface PlatformInfo {
  platform: Platform;
  title: string;
  /** What in a log says it was played there. */
  recognisedBy: string;
  /** The profile its games are audited under when no --profile is given. */
  defaultProfile: ProfileName;
}

export const PLATFORM_TABLE: readonly PlatformInfo[] = Object.freeze([
  {
    platform: 'tenhou',
    title: 'Tenhou',
    recognisedBy: "mjlog XML (Tenhou's own format); tenhou.net/6 JSON with a Tenhou log id (ref, title), rule label (鳳南喰赤) or rank",
    defaultProfile: 'tenhou',
  },
  {
    platform: 'majsoul',
    title: 'Mahjong Soul',
    recognisedBy: "tenhou.net/6 JSON with Mahjong Soul's room names, ranks (雀士, 雀傑…) or game ids, as its converters write them",
    defaultProfile: 'majsoul',
  },
  {
    platform: 'unknown',
    title: 'unknown (editors, bots, other tools)',
    recognisedBy: 'anything else: mjai logs, and tenhou.net/6 JSON that names no platform',
    defaultProfile: 'tenhou',
  },
] as const satisfies readonly PlatformInfo[]);

/** The profile a platform's games are audited under when none is named. */
export function platformProfile(platform: Platform): ProfileName {
  return PLATFORM_TABLE.find((p) => p.platform === platform)!.defaultProfile;
}

/** A way of writing a score that some producers follow and Tenhou does not: not an error, so the comparison allows for it. */
export type LogConventionName = 'unrounded-fu' | 'ura-unrecorded';

export interface LogConvention {
  name: LogConventionName;
  /** The formats whose logs may follow it (the readers cannot tell the producer apart more finely). */
  formats: readonly SourceFormat[];
  /** What such a log writes. */
  what: string;
  /** What the comparison does about it. */
  handled: string;
  /** A log that shows it (file of ../shared/corpus/platforms, hand). */
  shownBy: string;
}

export const LOG_CONVENTIONS: readonly LogConvention[] = Object.freeze([
  {
    name: 'unrounded-fu',
    formats: ['mjai'],
    what: "a win's fu before rounding up to a multiple of 10 (akochan's hora fu: 38 for a 40-fu hand, whose fan and points are right)",
    handled: 'a logged fu that is not a multiple of 10 (nor chiitoitsu\'s 25) is rounded up before it is compared',
    shownBy: 'akochan__akochan__match_result_haifu_log_1000_0__be6e751f91.jsonl hand 5 (fu 38), a489dc39c1 hand 2 (fu 36)',
  },
  {
    name: 'ura-unrecorded',
    formats: ['mjai'],
    what: "a riichi win's hora with no ura_markers: the ura dora the producer counted cannot be seen",
    handled: 'the ura han are taken from what the log pays (the fewest, 0 to 12, that make the score agree) and stated as unchecked (finding ura-unrecorded, info), never a mismatch',
    shownBy: 'akochan__akochan__haifu_log_sample__96c122589c.jsonl hand 4 (one han above what the tiles show)',
  },
] as const satisfies readonly LogConvention[]);

/** The conventions a log of this format may follow. */
export function conventionsOf(format: SourceFormat): readonly LogConventionName[] {
  let list = CONVENTIONS_BY_FORMAT.get(format);
  if (!list) {
    list = Object.freeze(LOG_CONVENTIONS.filter((c) => c.formats.includes(format)).map((c) => c.name));
    CONVENTIONS_BY_FORMAT.set(format, list);
  }
  return list;
}

const CONVENTIONS_BY_FORMAT = new Map<SourceFormat, readonly LogConventionName[]>();
