/** Knobs and profiles as plain data, for listing (`kanshi rules`) and for JSON output. */
import type { KnobGroup } from './descriptor.js';
import { KNOBS, type KnobName, type KnobValue } from './knobs.js';
import { PLATFORM_TABLE, type PlatformInfo } from './platforms.js';
import { DEFAULT_PROFILE, PROFILES, type ProfileName } from './profiles.js';

export interface RulesCatalog {
  defaultProfile: ProfileName;
  knobs: {
    name: KnobName;
    flag: string;
    description: string;
    group: KnobGroup;
    section: string;
    default: KnobValue;
    values: { value: KnobValue; meaning: string }[];
  }[];
  profiles: {
    name: ProfileName;
    title: string;
    default: boolean;
    verified: boolean;
    values: Record<KnobName, { value: KnobValue; verified: boolean; source: string }>;
  }[];
  /** Each platform, how a log is told to be from it, and the profile its games are audited under by default. */
  platforms: PlatformInfo[];
}

export function rulesCatalog(): RulesCatalog {
  return {
    defaultProfile: DEFAULT_PROFILE,
    knobs: KNOBS.map((k) => ({
      name: k.name,
      flag: k.flag,
      description: k.description,
      group: k.group,
      section: k.section,
      default: k.default,
      values: k.values.map((v) => ({ value: v.value, meaning: v.meaning })),
    })),
    profiles: PROFILES.map((p) => ({
      name: p.name,
      title: p.title,
      default: p.name === DEFAULT_PROFILE,
      verified: p.verified,
      values: Object.fromEntries(KNOBS.map((k) => [k.name, { ...p.values[k.name] }])) as RulesCatalog['profiles'][number]['values'],
    })),
    platforms: PLATFORM_TABLE.map((p) => ({ ...p })),
  };
}
