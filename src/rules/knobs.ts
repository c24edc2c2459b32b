/**
 * The rule knobs, as data (descriptor.ts): the kan knobs of docs/kan-rules.md described here, and the
 * scoring knobs of docs/scoring.md (scoring.ts) and the legality knobs of docs/legality.md (legality.ts) after them. `Rules` is one value for every knob: what
 * the replay, the audit and the scorer take.
 */
import { kebabCase, knobMaker, type KnobDescriptorOf, type KnobValueInfo } from './descriptor.js';
import { LEGALITY_KNOBS, type LegalityRules } from './legality.js';
import { SCORING_KNOBS, type ScoringRules } from './scoring.js';

export { kebabCase, type KnobValueInfo };

export const KANDORA_TIMINGS = ['tenhou', 'immediate', 'after-replacement', 'after-discard'] as const;
export const RIICHI_KAN_RULES = ['none', 'waits', 'strict'] as const;
export const SUUKAIKAN_RULES = ['abort', 'abort-on-declaration', 'none'] as const;
export const FIFTH_KAN_RULES = ['forbidden', 'aborts'] as const;
export const DAIMINKAN_PAO_RULES = ['none', 'discarder-pays', 'discarder-pays-chained'] as const;

export type KandoraTiming = (typeof KANDORA_TIMINGS)[number];
export type RiichiKan = (typeof RIICHI_KAN_RULES)[number];
export type Suukaikan = (typeof SUUKAIKAN_RULES)[number];
export type FifthKan = (typeof FIFTH_KAN_RULES)[number];
export type DaiminkanPao = (typeof DAIMINKAN_PAO_RULES)[number];

/** The kan knobs' values. */
export interface KanRules {
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

/** A full set of knob values, kan, scoring and legality: what the replay, the audit and the scorer take. */
export type Rules = KanRules & ScoringRules & LegalityRules;

export type KnobName = keyof Rules;
export type KnobValue = Rules[KnobName];
export type KanKnobName = keyof KanRules;

/** A knob of the rules. */
export type KnobDescriptor<K extends KnobName = KnobName> = KnobDescriptorOf<Rules, K>;

const knob = knobMaker<KanRules>('kan', 'docs/kan-rules.md');

/** The kan knobs, in the order of their key. */
export const KAN_KNOBS = Object.freeze([
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
      {
        value: 'after-replacement',
        meaning: 'every kan, ankan included, right after the replacement draw, before the discard or another kan (shown for a rinshan win too)',
      },
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
      { value: 'abort-on-declaration', meaning: 'abortive draw as soon as the fourth kan is declared (a kakan once nobody robbed it): no replacement draw' },
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
      {
        value: 'discarder-pays-chained',
        meaning: "discarder-pays, and also when the kan player makes another kan in the same turn and wins on that kan's replacement tile",
      },
    ],
    'none',
  ),
] as const satisfies readonly KnobDescriptorOf<KanRules, keyof KanRules>[]);

/** Every knob: the kan knobs, the scoring knobs, then the legality knobs (the order of rulesKey and of the flags). */
export const KNOBS: readonly KnobDescriptor[] = Object.freeze([...KAN_KNOBS, ...SCORING_KNOBS, ...LEGALITY_KNOBS] as unknown as readonly KnobDescriptor[]);

export const KNOB_NAMES: readonly KnobName[] = Object.freeze(KNOBS.map((k) => k.name));

export function isKnobName(name: string): name is KnobName {
  return (KNOB_NAMES as readonly string[]).includes(name);
}

export function knobDescriptor<K extends KnobName>(name: K): KnobDescriptor<K> {
  return KNOBS.find((k) => k.name === name) as unknown as KnobDescriptor<K>;
}
