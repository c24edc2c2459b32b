/**
 * The platforms a log can come from, as one table of data: what each is, how kanshi tells a log is from
 * it (the readers of src/formats apply it), and the profile its games are audited, verified and reported
 * under when the user names none.
 */
import type { Platform } from '../events/index.js';
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
