/**
 * What a game's log says its rules are, as knob values, and the rules that judge the game: a knob given on
 * the command line (pinned in the rule set) wins; else what the game declares; else the profile's value
 * (docs/kan-rules.md §7, "Which value judges a game"). A log declares its rules through:
 * - the GO type (mjlog's `<GO type>`, a lobby's `rule[2]`, a Tenhou log id, a tenhou.net/6 rule label):
 *   red fives (bit 0x0002), open tanyao (0x0004), and Tenhou's chip games (0x0200, five chips 0x0400), whose
 *   rule rounds 4 han 30 fu up to a mangan, turns kandora over at once, and (five chips) pays 1,500 a honba;
 * - a Tenhou lobby's csrule (docs/formats.md §5.7): each flag with a knob declares it set or clear;
 * - a tenhou.net/6 `rule` object or an mjai `aka_flag`: the red fives.
 * Ingest only reads these (src/formats keeps them as written); this is the one place that turns them into
 * knob values.
 */
import type { GameRule, Platform } from '../events/index.js';
import { KNOBS, type KnobName, type KnobValue, type Rules } from './knobs.js';
import type { RuleSet } from './rule-set.js';

/** Where the value that judges a game comes from. */
export type KnobSource = 'flag' | 'declared' | 'profile';

/** A knob value a game's log states, and what in the log states it. */
export interface Declaration {
  knob: KnobName;
  value: KnobValue;
  /** What in the log says so, in words: `csrule[0] 0x00000008 (kandora turned over at once)`. */
  by: string;
}

/** Everything a game's log declares of its rules. */
export interface GameDeclarations {
  /** Knob values the log states; a later one for the same knob replaces an earlier (the csrule after the GO type). */
  declarations: readonly Declaration[];
  /** Settings the log states that no knob applies (the lobby's sudden death, agari-yame…), in words. */
  notApplied: readonly string[];
  /** Set flags no public source explains (`csrule[0] 0x40000000`): named, never guessed. */
  unknownBits: readonly string[];
}

/** The rules that judge one game, and where each value comes from. */
export interface GameRules {
  readonly rules: Rules;
  readonly from: Readonly<Record<KnobName, KnobSource>>;
  readonly declared: GameDeclarations;
  /** The rule set's own values (its profile's, and its flags), before what the game declares. */
  readonly base: Rules;
}

/** A knob's value for a game and where it comes from (with what declares it, for a declared value). */
export interface EffectiveRule {
  value: KnobValue;
  from: KnobSource;
  by?: string;
}

/**
 * The knobs that judge a game, each with its value and where it comes from: those whose value differs
 * from the rule set's own or that a flag gives, or every knob with `all` (kanshi info --json's effectiveRules).
 */
export function effectiveRules(judged: GameRules, all = false): Partial<Record<KnobName, EffectiveRule>> {
  const out: Partial<Record<KnobName, EffectiveRule>> = {};
  for (const k of KNOBS) {
    const value = judged.rules[k.name];
    const from = judged.from[k.name];
    if (!all && value === judged.base[k.name] && from !== 'flag') continue;
    const by = from === 'declared' ? declarationOf(judged.declared, k.name)?.by : undefined;
    out[k.name] = by !== undefined ? { value, from, by } : { value, from };
  }
  return out;
}

type Declare = (set: boolean) => [KnobName, KnobValue] | null;

/** A csrule flag: its word (0 or 1) and bit, what it means when set, and the knob it declares, if any. */
interface CsruleFlag {
  word: 0 | 1;
  bit: number;
  words: string;
  declare?: Declare;
}

/**
 * The csrule flags as InjusticeJudge's example_arml_game.json describes them, citing Tenhou's blog
 * (docs/formats.md §5.7). Two flags it marks with a question mark (csrule[0] 0x40000000, csrule[1] 0x2) are
 * not listed: kanshi reports them as unknown bits.
 */
const CSRULE_FLAGS: readonly CsruleFlag[] = [
  { word: 0, bit: 0x00000001, words: 'no nagashi mangan', declare: (set) => ['nagashiMangan', !set] },
  { word: 0, bit: 0x00000002, words: 'kiriage mangan', declare: (set) => ['kiriageMangan', set ? 'always' : 'none'] },
  { word: 0, bit: 0x00000004, words: 'no busting (play goes on below zero)', declare: (set) => ['busting', set ? 'plays-on' : 'ends-game'] },
  { word: 0, bit: 0x00000008, words: 'kandora turned over at once', declare: (set) => ['kandoraTiming', set ? 'immediate' : 'tenhou'] },
  { word: 0, bit: 0x00000010, words: 'no dora' },
  { word: 0, bit: 0x00000020, words: 'no kan dora', declare: (set) => ['kandora', !set] },
  { word: 0, bit: 0x00000040, words: 'no ura dora', declare: (set) => ['uraDora', !set] },
  { word: 0, bit: 0x00000080, words: 'no kan ura dora', declare: (set) => ['kanUra', !set] },
  { word: 0, bit: 0x00000100, words: 'no four-winds abort', declare: (set) => ['suufonRenda', !set] },
  { word: 0, bit: 0x00000200, words: 'no four-kan abort', declare: (set) => ['suukaikan', set ? 'none' : 'abort'] },
  { word: 0, bit: 0x00000400, words: 'no four-riichi abort', declare: (set) => ['suuchaRiichi', !set] },
  { word: 0, bit: 0x00000800, words: 'no nine-terminals abort', declare: (set) => ['kyuushuKyuuhai', !set] },
  { word: 0, bit: 0x00001000, words: 'no triple-ron abort' },
  { word: 0, bit: 0x00002000, words: 'head bump (atamahane): one winner of a multiple ron' },
  { word: 0, bit: 0x00004000, words: 'no agari-yame' },
  { word: 0, bit: 0x00008000, words: 'no tenpai-yame' },
  { word: 0, bit: 0x00010000, words: 'no renchan on a dealer win' },
  { word: 0, bit: 0x00020000, words: 'no renchan on dealer tenpai' },
  { word: 0, bit: 0x00040000, words: 'final scores rounded' },
  { word: 0, bit: 0x00080000, words: 'no ippatsu', declare: (set) => ['ippatsuYaku', !set] },
  { word: 0, bit: 0x00100000, words: 'double round wind' },
  { word: 0, bit: 0x00200000, words: 'sudden death' },
  { word: 0, bit: 0x00400000, words: 'kita (3-player)' },
  { word: 0, bit: 0x00800000, words: '3-player tsumo split evenly', declare: (set) => ['threePlayerTsumo', set ? 'north-split' : 'tsumo-loss'] },
  // Renhou as a mangan: Tenhou's lobbies value it so (no renhou in its ranked rules; docs/scoring.md §6).
  { word: 0, bit: 0x01000000, words: 'renhou', declare: (set) => ['renhou', set ? 'mangan' : 'none'] },
  { word: 0, bit: 0x02000000, words: 'riichi with no draw left' },
  { word: 0, bit: 0x04000000, words: 'WRC rule on an ankan after riichi' },
  { word: 0, bit: 0x08000000, words: 'a tile whose four copies are in view is no wait' },
  { word: 1, bit: 0x00000001, words: 'a double-wind pair worth 2 fu', declare: (set) => ['doubleWindPairFu', set ? 2 : 4] },
  { word: 1, bit: 0x00000004, words: 'leftover riichi sticks to the first place' },
  { word: 1, bit: 0x00000008, words: 'pao for suukantsu', declare: (set) => ['yakumanPao', set ? 'with-suukantsu' : 'daisangen-daisuushii'] },
  { word: 1, bit: 0x00000010, words: 'no kazoe yakuman', declare: (set) => ['kazoeYakuman', set ? 'sanbaiman' : 'yakuman'] },
];

const KNOWN_BITS = [0, 0];
for (const f of CSRULE_FLAGS) KNOWN_BITS[f.word] |= f.bit;

function hex(n: number): string {
  return `0x${n.toString(16).toUpperCase().padStart(8, '0')}`;
}

function hexWord(text: string | undefined): number {
  return text && /^[0-9a-fA-F]{1,8}$/.test(text) ? Number.parseInt(text, 16) >>> 0 : 0;
}

/** A Tenhou lobby's csrule flags as knob values, the flags without a knob, and the bits no source explains. */
function csruleDeclarations(csrule: readonly string[], out: Declaration[], notApplied: string[], unknownBits: string[]): void {
  const words = [hexWord(csrule[0]), hexWord(csrule[1])];
  const flag = (word: number, bit: number) => (words[word] & bit) !== 0;
  const at = (f: CsruleFlag, set: boolean) => `csrule[${f.word}] ${hex(f.bit)} ${set ? 'set' : 'clear'} (${f.words})`;
  for (const f of CSRULE_FLAGS) {
    const set = flag(f.word, f.bit);
    const d = f.declare?.(set);
    if (d) out.push({ knob: d[0], value: d[1], by: at(f, set) });
    else if (set && !(f.word === 0 && (f.bit & (0x1000 | 0x2000)) !== 0)) notApplied.push(f.words);
  }
  // Triple ron and head bump: one knob. Head bump leaves one winner; without it, no triple-ron abort pays every winner.
  const headBump = flag(0, 0x2000);
  const noTripleAbort = flag(0, 0x1000);
  out.push({
    knob: 'multipleRon',
    value: headBump ? 'atamahane' : noTripleAbort ? 'all' : 'triple-aborts',
    by: headBump ? 'csrule[0] 0x00002000 set (head bump)' : `csrule[0] 0x00001000 ${noTripleAbort ? 'set (no triple-ron abort)' : 'clear (a triple ron aborts)'}`,
  });
  for (let word = 0; word < 2; word++) {
    const unknown = words[word] & ~KNOWN_BITS[word];
    for (let bit = 1; bit !== 0 && bit <= 0x80000000; bit = (bit << 1) >>> 0) if ((unknown & bit) !== 0) unknownBits.push(`csrule[${word}] ${hex(bit)}`);
  }
}

/** What the game's log declares of its rules (docs/kan-rules.md §7). */
export function declaredRules(rule: GameRule): GameDeclarations {
  const out: Declaration[] = [];
  const notApplied: string[] = [];
  const unknownBits: string[] = [];
  const red = rule.redFives ? 'red fives' : 'no red fives';
  if (rule.typeCode !== null) {
    const type = `GO type 0x${rule.typeCode.toString(16).toUpperCase().padStart(4, '0')}`;
    out.push({ knob: 'akaDora', value: rule.redFives ? 3 : 0, by: `${type}: bit 0x0002 ${rule.redFives ? 'clear' : 'set'} (${red})` });
    out.push({ knob: 'openTanyao', value: rule.openTanyao, by: `${type}: bit 0x0004 ${rule.openTanyao ? 'clear (open tanyao)' : 'set (no open tanyao)'}` });
    if (rule.chips !== 'none') {
      const chips = `${type}: bit 0x0200 set (a chip game)`;
      out.push({ knob: 'kiriageMangan', value: 'always', by: chips });
      out.push({ knob: 'kandoraTiming', value: 'immediate', by: chips });
      out.push({ knob: 'honbaPoints', value: rule.chips === 'five-chips' ? 1500 : 300, by: `${type}: bit 0x0400 ${rule.chips === 'five-chips' ? 'set (five chips)' : 'clear'}` });
    }
  } else {
    out.push({ knob: 'akaDora', value: rule.redFives ? 3 : 0, by: rule.redFivesFrom === 'tiles' ? `the tiles the log shows (${red})` : `the log's rule (${red})` });
  }
  if (rule.lobbyRule) csruleDeclarations(rule.lobbyRule.csrule, out, notApplied, unknownBits);
  return { declarations: out, notApplied, unknownBits };
}

/** The knobs a rule set pins (given on the command line): they win over what a game declares. */
function pinnedOf(set: RuleSet | Rules): ReadonlySet<KnobName> {
  return 'pinned' in set && Array.isArray(set.pinned) ? new Set(set.pinned as KnobName[]) : NO_PINS;
}

const NO_PINS: ReadonlySet<KnobName> = new Set();

/**
 * Judged rules by rule set (the object itself) and what a game declares: most games of a batch share both,
 * so the lookup is a short key in the rule set's own map.
 */
const JUDGED = new WeakMap<RuleSet | Rules, Map<string, GameRules>>();

/**
 * The rules that judge a game: the rule set's values (a rule set by platform: those of the game's
 * platform's profile), each knob the game declares replaced by the declared value unless the rule set pins
 * it (a flag). Plain Rules pin nothing. Kept for a frozen rule set or Rules (a RuleSet always is); rules
 * that may still change are judged afresh.
 */
export function judgeRules(set: RuleSet | Rules, rule: GameRule, platform: Platform = 'unknown'): GameRules {
  const ruleSet = 'rules' in set && 'key' in set ? (set as RuleSet) : null;
  let judgedBySet = JUDGED.get(set);
  if (!judgedBySet) {
    judgedBySet = new Map();
    if (Object.isFrozen(set)) JUDGED.set(set, judgedBySet);
  }
  const cacheKey = `${ruleSet?.byPlatform ? platform : ''}|${rule.typeCode}|${rule.redFives}|${rule.redFivesFrom}|${rule.openTanyao}|${rule.chips}|${rule.lobbyRule?.csrule.slice(0, 2).join(',') ?? ''}`;
  const cached = judgedBySet.get(cacheKey);
  if (cached) return cached;
  const base = ruleSet ? (ruleSet.byPlatform?.[platform] ?? ruleSet.rules) : (set as Rules);
  const pinned = pinnedOf(set);
  const declared = declaredRules(rule);
  const rules = { ...base } as Record<KnobName, KnobValue>;
  const from = {} as Record<KnobName, KnobSource>;
  for (const k of KNOBS) from[k.name] = pinned.has(k.name) ? 'flag' : 'profile';
  for (const d of declared.declarations) {
    if (pinned.has(d.knob)) continue;
    rules[d.knob] = d.value;
    from[d.knob] = 'declared';
  }
  const judged: GameRules = Object.freeze({ rules: Object.freeze(rules) as unknown as Rules, from: Object.freeze(from), declared, base });
  if (judgedBySet.size > 1000) judgedBySet.clear();
  judgedBySet.set(cacheKey, judged);
  return judged;
}

/** The declaration that decided a knob of a game (the last one for it), if any. */
export function declarationOf(declared: GameDeclarations, knob: KnobName): Declaration | undefined {
  let found: Declaration | undefined;
  for (const d of declared.declarations) if (d.knob === knob) found = d;
  return found;
}
