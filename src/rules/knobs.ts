/**
 * The rule knobs of docs/kan-rules.md, as data. Each knob has one name, used as is in code, in the database,
 * and (kebab-cased, e.g. `--kandora-timing`) on the command line, where commander turns it back into
 * the same camelCase name.
 */

export const KANDORA_TIMINGS = ['tenhou', 'immediate', 'after-discard'] as const;
export const RIICHI_KAN_RULES = ['none', 'waits', 'strict'] as const;
export const SUUKAIKAN_RULES = ['abort', 'none'] as const;
export const FIFTH_KAN_RULES = ['forbidden', 'aborts'] as const;
export const DAIMINKAN_PAO_RULES = ['none', 'discarder-pays'] as const;

export type KandoraTiming = (typeof KANDORA_TIMINGS)[number];
export type RiichiKan = (typeof RIICHI_KAN_RULES)[number];
export type Suukaikan = (typeof SUUKAIKAN_RULES)[number];
export type FifthKan = (typeof FIFTH_KAN_RULES)[number];
export type DaiminkanPao = (typeof DAIMINKAN_PAO_RULES)[number];

/** A full set of knob values: what replay and audit take. */
export interface Rules {
  /** When a kan's new dora indicator is revealed (docs/kan-rules.md §2). */
  kandoraTiming: KandoraTiming;
  /** Which kans a riichi player may make (§3). */
  riichiKan: RiichiKan;
  /** After riichi, may a kan use a held set the drawn tile releases (§3)? */
  okuriKan: boolean;
  /** May kokushi musou rob an ankan (§5)? */
  kokushiAnkanChankan: boolean;
  /** Four kans by two or more players: abortive draw or not (§4). */
  suukaikan: Suukaikan;
  /** What a fifth kan does (§4). */
  fifthKan: FifthKan;
  /** Who pays for a win on the replacement tile of a daiminkan (§6). */
  daiminkanPao: DaiminkanPao;
}

export type KnobName = keyof Rules;
export type KnobValue = Rules[KnobName];

export interface KnobValueInfo<V> {
  value: V;
  /** What the value means, in one line. */
  meaning: string;
}

export interface KnobDescriptor<K extends KnobName = KnobName> {
  /** The one name: a `Rules` key, a database column or key, and the option name commander derives from `flag`. */
  name: K;
  /** Command-line flag: `--` and the name in kebab case. */
  flag: string;
  /** What the knob decides. */
  description: string;
  /** Section of docs/kan-rules.md. */
  section: string;
  /** Allowed values with their meaning, in a stable order. */
  values: readonly KnobValueInfo<Rules[K]>[];
  /** Value in the default (`tenhou`) profile. */
  default: Rules[K];
}

/** `kandoraTiming` → `kandora-timing`. */
export function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

function knob<K extends KnobName>(
  name: K,
  description: string,
  section: string,
  values: readonly KnobValueInfo<Rules[K]>[],
  defaultValue: Rules[K],
): KnobDescriptor<K> {
  return Object.freeze({
    name,
    flag: `--${kebabCase(name)}`,
    description,
    section,
    values: Object.freeze(values.map((v) => Object.freeze(v))),
    default: defaultValue,
  });
}

export const KNOBS = Object.freeze([
  knob(
    'kandoraTiming',
    "when a kan's new dora indicator (kandora) is revealed",
    '§2',
    [
      {
        value: 'tenhou',
        meaning:
          'ankan: at declaration, before the replacement draw; daiminkan/kakan: after the replacement draw, with ' +
          "that player's discard or next kan; never shown if the replacement tile wins",
      },
      { value: 'immediate', meaning: 'every kan at declaration (kakan once the chankan window has passed), before the replacement draw' },
      { value: 'after-discard', meaning: "every kan after the kan player's discard; never shown if the replacement tile wins" },
    ],
    'tenhou',
  ),
  knob(
    'riichiKan',
    'which kans a player in riichi may make',
    '§3',
    [
      { value: 'none', meaning: 'no kan at all after riichi' },
      { value: 'waits', meaning: 'ankan with the tile just drawn, and only if the waits stay the same' },
      {
        value: 'strict',
        meaning: 'waits, and the three held tiles must be a triplet in every reading of every winning hand',
      },
    ],
    'waits',
  ),
  knob(
    'okuriKan',
    'after riichi, may a kan use a set already held that the drawn tile releases (okuri-kan)',
    '§3',
    [
      { value: false, meaning: 'no: a riichi kan must be of the drawn tile' },
      { value: true, meaning: 'yes: the drawn tile may release a held set for a kan (waits rules still apply)' },
    ],
    false,
  ),
  knob(
    'kokushiAnkanChankan',
    'may kokushi musou tenpai rob an ankan (chankan on a closed kan)',
    '§5',
    [
      { value: false, meaning: 'no: only a kakan can be robbed' },
      { value: true, meaning: 'yes: kokushi musou tenpai may ron the tile of an ankan' },
    ],
    false,
  ),
  knob(
    'suukaikan',
    'four kans made by two or more players (suukaikan)',
    '§4',
    [
      { value: 'abort', meaning: "abortive draw after the fourth kan's replacement draw and discard, unless that discard is ronned" },
      { value: 'none', meaning: 'no abortive draw; play continues and a fifth kan is forbidden' },
    ],
    'abort',
  ),
  knob(
    'fifthKan',
    'what a fifth kan in one hand does',
    '§4',
    [
      { value: 'forbidden', meaning: 'it cannot be declared' },
      { value: 'aborts', meaning: 'it ends the hand at once' },
    ],
    'forbidden',
  ),
  knob(
    'daiminkanPao',
    "who pays for a rinshan tsumo on a daiminkan's replacement tile",
    '§6',
    [
      { value: 'none', meaning: 'a tsumo like any other: every other player pays' },
      { value: 'discarder-pays', meaning: 'the player whose discard was called for the daiminkan pays the whole win' },
    ],
    'none',
  ),
] as const satisfies readonly KnobDescriptor[]);

export const KNOB_NAMES: readonly KnobName[] = Object.freeze(KNOBS.map((k) => k.name));

export function isKnobName(name: string): name is KnobName {
  return (KNOB_NAMES as readonly string[]).includes(name);
}

export function knobDescriptor<K extends KnobName>(name: K): KnobDescriptor<K> {
  return KNOBS.find((k) => k.name === name) as unknown as KnobDescriptor<K>;
}
