/**
 * The mjlog `GO type` bitfield (docs/formats.md §2.3), Tenhou's rule labels, and rank names.
 */
import { TENHOU_LOG_ID, type GameRule, type LobbyLevel, type LobbyRule } from '../../events/index.js';

const LEVELS: readonly LobbyLevel[] = ['ippan', 'joukyuu', 'tokujou', 'houou'];
const LEVEL_CHARS = ['般', '上', '特', '鳳'];

/**
 * The bits of the GO type (docs/formats.md §2.3): the one place that knows them. A set `noRedFives` or
 * `noOpenTanyao` bit turns the rule off; the level is two bits (`levelHigh` 2, `levelLow` 1: ippan 0 …
 * houou 3); `fiveChips` counts only with `chips`.
 */
const GAME_TYPE_BIT = Object.freeze({
  vsHumans: 0x01,
  noRedFives: 0x02,
  noOpenTanyao: 0x04,
  hanchan: 0x08,
  threePlayer: 0x10,
  levelHigh: 0x20,
  fast: 0x40,
  levelLow: 0x80,
  chips: 0x200,
  fiveChips: 0x400,
  hyper: 0x1000,
});

export function decodeGameType(type: number): GameRule {
  const bit = (b: number) => (type & b) !== 0;
  const B = GAME_TYPE_BIT;
  const redFives = !bit(B.noRedFives);
  const rule: GameRule = {
    typeCode: type,
    playerCount: bit(B.threePlayer) ? 3 : 4,
    redFives,
    redFiveSuits: redFives ? 7 : 0,
    // Written though absent, so that every game's rule has one hidden class (docs/PERFORMANCE.md §2.4).
    redFivesFrom: undefined,
    lobbyRule: undefined,
    openTanyao: !bit(B.noOpenTanyao),
    length: bit(B.hanchan) ? 'hanchan' : 'tonpuu',
    lobbyLevel: LEVELS[(bit(B.levelHigh) ? 2 : 0) | (bit(B.levelLow) ? 1 : 0)],
    speed: bit(B.hyper) ? 'hyper' : bit(B.fast) ? 'fast' : 'normal',
    vsHumans: bit(B.vsHumans),
    chips: !bit(B.chips) ? 'none' : bit(B.fiveChips) ? 'five-chips' : 'chips',
    label: '',
  };
  rule.label = ruleLabel(rule);
  return rule;
}

/** Tenhou's short label, e.g. 四鳳南喰赤 (with 速 or 光 for fast games). */
export function ruleLabel(rule: Omit<GameRule, 'label' | 'redFiveSuits'>): string {
  return (
    (rule.playerCount === 3 ? '三' : '四') +
    LEVEL_CHARS[LEVELS.indexOf(rule.lobbyLevel)] +
    (rule.length === 'hanchan' ? '南' : '東') +
    (rule.openTanyao ? '喰' : '') +
    (rule.redFives ? '赤' : '') +
    (rule.speed === 'fast' ? '速' : rule.speed === 'hyper' ? '光' : '')
  );
}

/** The GO type bitfield of a rule (the inverse of decodeGameType for the fields it keeps). */
export function encodeGameType(rule: Pick<GameRule, 'playerCount' | 'lobbyLevel' | 'length' | 'openTanyao' | 'redFives' | 'speed' | 'vsHumans'>): number {
  const B = GAME_TYPE_BIT;
  const level = LEVELS.indexOf(rule.lobbyLevel);
  return (
    (rule.vsHumans ? B.vsHumans : 0) |
    (rule.redFives ? 0 : B.noRedFives) |
    (rule.openTanyao ? 0 : B.noOpenTanyao) |
    (rule.length === 'hanchan' ? B.hanchan : 0) |
    (rule.playerCount === 3 ? B.threePlayer : 0) |
    (level & 2 ? B.levelHigh : 0) |
    (level & 1 ? B.levelLow : 0) |
    (rule.speed === 'fast' ? B.fast : rule.speed === 'hyper' ? B.hyper : 0)
  );
}

/**
 * The rule of a game whose log has no GO type (mjai, most tenhou.net/6 JSON), from what the log does say:
 * the players, the red fives and (mjai) the length; the rest as a ranked game's usual (against people,
 * open tanyao, ippan, normal speed). Its `typeCode` is that of the rule made, which a caller that wants
 * to say "none" replaces.
 */
export function gameRuleOf(said: Pick<GameRule, 'playerCount' | 'redFives'> & Partial<Pick<GameRule, 'length'>>): GameRule {
  return decodeGameType(
    encodeGameType({ playerCount: said.playerCount, redFives: said.redFives, length: said.length ?? 'hanchan', openTanyao: true, lobbyLevel: 'ippan', speed: 'normal', vsHumans: true }),
  );
}

/**
 * gameRuleOf's rule saying it has no GO type (`typeCode` null), with the suits of its red fives, its label
 * (none unless given) and, where the log has them, where its red fives were read and its lobby's own rule.
 * Set on decodeGameType's object rather than spread into a new one: every game's rule keeps one hidden class.
 */
export function untypedRule(
  said: Pick<GameRule, 'playerCount' | 'redFives' | 'redFiveSuits'> & Partial<Pick<GameRule, 'length' | 'label' | 'redFivesFrom' | 'lobbyRule'>>,
): GameRule {
  const rule = gameRuleOf(said);
  rule.typeCode = null;
  rule.redFiveSuits = said.redFiveSuits;
  rule.label = said.label ?? '';
  rule.redFivesFrom = said.redFivesFrom;
  rule.lobbyRule = said.lobbyRule;
  return rule;
}

/** Rebuilds the rule from a tenhou.net/6 label such as `鳳南喰赤`, `三鳳南喰赤` or `上東喰赤速`. */
export function parseRuleLabel(label: string, redFives: boolean | null): GameRule | null {
  const m = /^([三四]?)([般上特鳳])([東南])(喰?)(赤?)([速光]?)/.exec(label);
  if (!m) return null;
  const players = m[1] === '三' ? 3 : 4;
  const level = LEVEL_CHARS.indexOf(m[2]);
  const length = m[3] === '南' ? 'hanchan' : 'tonpuu';
  const openTanyao = m[4] === '喰';
  const red = redFives ?? m[5] === '赤';
  const speed = m[6] === '速' ? 'fast' : m[6] === '光' ? 'hyper' : 'normal';
  const typeCode = encodeGameType({ playerCount: players, lobbyLevel: LEVELS[level], length, openTanyao, redFives: red, speed, vsHumans: true });
  return decodeGameType(typeCode);
}

/** Rank names by `dan` index (TCJS `da`): 0 新人, 1..9 = 9級..1級, 10 初段 … 19 十段, 20 天鳳位. */
export const DAN_NAMES: readonly string[] = [
  '新人', '９級', '８級', '７級', '６級', '５級', '４級', '３級', '２級', '１級',
  '初段', '二段', '三段', '四段', '五段', '六段', '七段', '八段', '九段', '十段', '天鳳位',
];

const FULL_WIDTH_DIGITS = '０１２３４５６７８９';

/** Rank index of a rank name; accepts half-width digits (`6級`) as well. */
export function danIndex(name: string): number | null {
  const normal = name.replace(/[0-9]/g, (d) => FULL_WIDTH_DIGITS[Number(d)]);
  const i = DAN_NAMES.indexOf(normal);
  return i < 0 ? null : i;
}

/** The GO type hidden in a log id (`2019021004gm-00a9-0000-e2f6516d` → 0x00a9). */
export function typeFromLogId(logId: string): number | null {
  const m = /^\d{10}gm-([0-9a-f]{4})-/.exec(logId);
  return m ? parseInt(m[1], 16) : null;
}

/** A Tenhou log id at the start of a file name, if any (`…gm-00a9-0000-e2f6516d.xml`). */
export const LOG_ID_PATTERN = new RegExp(TENHOU_LOG_ID.source.slice(1, -1));

export function logIdFromName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? name;
  const m = new RegExp('^' + LOG_ID_PATTERN.source).exec(base);
  return m ? m[0] : null;
}

/** The GO type a lobby's `rule` fields carry (four hex digits at [2]), or null when it has none. */
export function lobbyGameType(rule: readonly string[]): number | null {
  const code = rule[2];
  return typeof code === 'string' && /^[0-9a-fA-F]{1,4}$/.test(code) ? Number.parseInt(code, 16) : null;
}

/**
 * A lobby's `rule` and `csrule` fields, kept as written: what they declare of the game's rules is src/rules'
 * to say (declaredRules).
 */
export function readLobbyRule(rule: readonly string[], csrule: readonly string[]): LobbyRule {
  return { rule: [...rule], csrule: [...csrule] };
}
