/**
 * What every rule knob is, kan or scoring, as data: its one name (used as is in code, as the database's
 * column in snake case, and kebab-cased as its command-line flag, which commander turns back into the
 * same name), what it decides, its values with their meaning, and the profiles that give each a value
 * with its evidence. knobs.ts and scoring.ts describe their knobs with these; profiles.ts joins them.
 */

/** The profiles, each a value for every knob. */
export const PROFILE_NAMES = ['tenhou', 'majsoul', 'mleague', 'ema', 'pro-strict'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];
export const DEFAULT_PROFILE: ProfileName = 'tenhou';

/** Which rules a knob belongs to: the kan procedure (docs/kan-rules.md), the score (docs/scoring.md) or the other actions (docs/legality.md). */
export type KnobGroup = 'kan' | 'scoring' | 'legality';

export interface KnobValueInfo<V> {
  value: V;
  /** What the value means, in one line. */
  meaning: string;
}

/** A knob of the rules `R`. */
export interface KnobDescriptorOf<R, K extends keyof R & string> {
  /** The one name: a rules key, a database column (snake case) and the option name commander derives from `flag`. */
  name: K;
  /** Command-line flag: `--` and the name in kebab case. */
  flag: string;
  /** What the knob decides. */
  description: string;
  group: KnobGroup;
  /** Where the knob and its evidence are documented: `docs/kan-rules.md §2`. */
  section: string;
  /** Allowed values with their meaning, in a stable order. */
  values: readonly KnobValueInfo<R[K]>[];
  /** Value in the default (`tenhou`) profile. */
  default: R[K];
}

/** `kandoraTiming` → `kandora-timing`. */
export function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/** A maker of knob descriptors for the rules `R`, of one group, documented in one file. */
export function knobMaker<R>(group: KnobGroup, doc: string) {
  return <K extends keyof R & string>(
    name: K,
    description: string,
    section: string,
    values: readonly KnobValueInfo<R[K]>[],
    defaultValue: R[K],
  ): KnobDescriptorOf<R, K> =>
    Object.freeze({
      name,
      flag: `--${kebabCase(name)}`,
      description,
      group,
      section: `${doc} ${section}`,
      values: Object.freeze(values.map((v) => Object.freeze(v))),
      default: defaultValue,
    });
}

/** A profile's value for one knob, and where it comes from. */
export interface ProfileValueOf<V> {
  value: V;
  /** True only when real logs show it (the corpus for Tenhou, the platform logs for Mahjong Soul). */
  verified: boolean;
  /** Where the value comes from. */
  source: string;
}

/** The values of one profile for every knob of the rules `R`, each with its evidence. */
export type ProfileValuesOf<R> = { readonly [K in keyof R]: ProfileValueOf<R[K]> };

/** A profile's value for the knob K of the rules R (K named, so that each value is checked against its knob). */
export interface ProfileValueFor<R, K extends keyof R> {
  value: R[K];
  verified: boolean;
  source: string;
}

/** One profile's values for every knob of the rules R. */
export type ProfileValuesFor<R> = { readonly [K in keyof R]: ProfileValueFor<R, K> };

/**
 * Makers of one group's profile values, each checked against its knob: `fromLog` for a value real logs
 * show, `secondary` for one that rests on other sources, `values` for a whole profile's.
 */
export function profileValueMakers<R>() {
  return {
    fromLog: <K extends keyof R>(value: R[K], source: string): ProfileValueFor<R, K> => ({ value, verified: true, source }),
    secondary: <K extends keyof R>(value: R[K], source: string): ProfileValueFor<R, K> => ({ value, verified: false, source }),
    values: (values: ProfileValuesFor<R>): ProfileValuesFor<R> => Object.freeze(values),
  };
}
