/**
 * The mjlog `GO type` bitfield (docs/formats.md §2.3), Tenhou's rule labels, and rank names.
 */
import { TENHOU_LOG_ID, type GameRule, type LobbyLevel } from '../../events/index.js';

const LEVELS: readonly LobbyLevel[] = ['ippan', 'joukyuu', 'tokujou', 'houou'];
const LEVEL_CHARS = ['般', '上', '特', '鳳'];

export function decodeGameType(type: number): GameRule {
  const players = type & 0x10 ? 3 : 4;
  const redFives = (type & 0x02) === 0;
  const openTanyao = (type & 0x04) === 0;
  const length = type & 0x08 ? 'hanchan' : 'tonpuu';
  const level = ((type & 0x20) ? 2 : 0) | ((type & 0x80) ? 1 : 0);
  const speed = type & 0x1000 ? 'hyper' : type & 0x40 ? 'fast' : 'normal';
  const rule: GameRule = {
    typeCode: type,
    playerCount: players,
    redFives,
    redFiveSuits: redFives ? 7 : 0,
    openTanyao,
    length,
    lobbyLevel: LEVELS[level],
    speed,
    vsHumans: (type & 0x01) !== 0,
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
  const level = LEVELS.indexOf(rule.lobbyLevel);
  return (
    (rule.vsHumans ? 0x01 : 0) |
    (rule.redFives ? 0 : 0x02) |
    (rule.openTanyao ? 0 : 0x04) |
    (rule.length === 'hanchan' ? 0x08 : 0) |
    (rule.playerCount === 3 ? 0x10 : 0) |
    (level & 2 ? 0x20 : 0) |
    (level & 1 ? 0x80 : 0) |
    (rule.speed === 'fast' ? 0x40 : rule.speed === 'hyper' ? 0x1000 : 0)
  );
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
