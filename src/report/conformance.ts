/**
 * Conformance, knob by knob: for each rule knob, the cases in the logs that could show it, how many
 * do what the rule set says, and examples with viewer links. "Does this platform do what its rules say"
 * on one screen. The counts come from the canned statistics and the findings already read; the few
 * conforming examples from indexed lookups with a LIMIT.
 */
import { viewerUrl } from '../events/index.js';
import { KNOBS, getProfile, isProfileName, type KnobName } from '../rules/index.js';
import type { RuleSetSummary, StatsReport, Store } from '../store/index.js';
import { num, rowsOf, sqlInt, sqlText, str, type Row } from './db.js';
import { handName, type FindingGroup, type FindingRow } from './findings.js';

export interface ConformanceExample {
  verdict: 'differs' | 'conforms';
  logId: string | null;
  file: string;
  /** What the game calls the hand: 'East 1-2'. */
  handName: string | null;
  seat: number | null;
  text: string;
  url: string | null;
}

export interface KnobConformance {
  knob: KnobName;
  description: string;
  section: string;
  value: string;
  meaning: string;
  /** What the rule set's profile says of this knob, and whether real logs verified it. */
  profileClaim: { profile: string; verified: boolean; source: string } | null;
  /** What counts as a case: a place in the logs where the knob shows. */
  cases: string;
  caseCount: number;
  conforming: number;
  differing: number;
  /** Cases the logs cannot decide (a log that stops, a hand that cannot be judged). */
  undecided: number;
  note: string | null;
  examples: ConformanceExample[];
}

const EXAMPLES = 5;

export function readConformance(store: Store, ruleSet: RuleSetSummary, stats: StatsReport, findings: FindingGroup[]): KnobConformance[] {
  const id = sqlInt(ruleSet.ruleSetId);
  const table = (key: string) => stats.tables.find((t) => t.key === key)?.rows ?? [];
  const record = (key: string) => table(key)[0] ?? {};
  const group = (kind: string) => findings.find((f) => f.kind === kind);
  const count = (...kinds: string[]) => kinds.reduce((n, k) => n + (group(k)?.findings ?? 0), 0);
  const listed = (kinds: string[], keep: (r: FindingRow) => boolean = () => true) =>
    kinds.flatMap((k) => group(k)?.rows.filter(keep) ?? []);
  const differs = (rows: FindingRow[]) => rows.slice(0, EXAMPLES).map((r) => fromFinding(r, 'differs'));
  const conforms = (rows: FindingRow[]) => rows.slice(0, EXAMPLES).map((r) => fromFinding(r, 'conforms'));
  const sample = (sql: string, text: (r: Row) => string) => rowsOf(store, sql).map((r) => fromRow(r, text(r)));

  const out: KnobConformance[] = [];
  const add = (knob: KnobName, c: Omit<KnobConformance, 'knob' | 'description' | 'section' | 'value' | 'meaning' | 'profileClaim'>) => {
    const descriptor = KNOBS.find((k) => k.name === knob)!;
    const value = ruleSet.rules[knob];
    const claim = ruleSet.profile && isProfileName(ruleSet.profile) ? getProfile(ruleSet.profile).values[knob] : null;
    out.push({
      knob,
      description: descriptor.description,
      section: descriptor.section,
      value: String(value),
      meaning: descriptor.values.find((v) => v.value === value)?.meaning ?? '',
      profileClaim: claim && ruleSet.profile ? { profile: ruleSet.profile, verified: claim.verified, source: claim.source } : null,
      ...c,
    });
  };

  // kandoraTiming: every kan whose reveal the log can be judged on (kan_verdicts.reveal_verdict conforms or
  // differs); untimed logs (tenhou.net/6 JSON) by their count.
  const timing = table('kandoraConformance').filter((r) => r.kind !== 'all');
  const timed = timing.reduce((n, r) => n + num(r.conformingCount) + num(r.differingCount), 0);
  const timingDiffers = timing.reduce((n, r) => n + num(r.differingCount), 0);
  const unrecorded = timing.reduce((n, r) => n + num(r.unrecordedCount), 0);
  add('kandoraTiming', {
    cases: 'kans whose kandora reveal the log times (mjlog, mjai), and those whose indicator a log shows untimed where the rule never reveals it',
    caseCount: timed,
    conforming: timed - timingDiffers,
    differing: timingDiffers,
    undecided: timing.reduce((n, r) => n + num(r.undecidedCount), 0),
    note: unrecorded > 0
      ? `${unrecorded} kans in logs that do not time their reveals (tenhou.net/6 JSON) are judged by their number of kandora: ${count('kandora-count-mismatch')} kandora-count-mismatch findings.`
      : null,
    examples: [
      ...differs(listed(['kandora-timing-mismatch', 'kandora-count-mismatch'])),
      ...sample(
        `SELECT * FROM (${['ankan', 'daiminkan', 'kakan'].map((kind) => `SELECT * FROM (
           SELECT k.game_id, g.log_id, g.platform, g.file, k.hand, ro.kyoku_name, ro.honba, k.seat, k.kind, k.reveal_logged, v.reveal_rule
           FROM kans k
           JOIN kan_verdicts v ON v.rule_set_id = ${id} AND v.game_id = k.game_id AND v.hand = k.hand AND v.event_index = k.event_index
           JOIN games g ON g.game_id = k.game_id JOIN hands ro ON ro.game_id = k.game_id AND ro.hand = k.hand
           WHERE k.kind = ${sqlText(kind)} AND v.reveal_verdict = 'conforms'
           ORDER BY v.game_id, v.hand, v.event_index LIMIT 1)`).join(' UNION ALL ')})`,
        (r) => `${String(r.kind)}: kandora revealed at ${String(r.reveal_logged)}, as the rule says`,
      ),
    ],
  });

  // riichiKan and okuriKan: every kan by a player in riichi is judged; okuri-kan verdicts are okuriKan's.
  const riichi = record('riichiKans');
  const verdicts = table('riichiKanVerdicts');
  const okuri = verdicts.filter((r) => r.reason === 'okuri-kan').reduce((n, r) => n + num(r.riichiKanCount), 0);
  const judged = num(riichi.legalCount) + num(riichi.illegalCount);
  const legalSample = () =>
    sample(
      `SELECT v.game_id, g.log_id, g.platform, g.file, v.hand, ro.kyoku_name, ro.honba, k.seat, k.kind, v.waits_before
       FROM riichi_kan_verdicts v
       JOIN kans k ON k.game_id = v.game_id AND k.hand = v.hand AND k.event_index = v.event_index
       JOIN games g ON g.game_id = v.game_id JOIN hands ro ON ro.game_id = v.game_id AND ro.hand = v.hand
       WHERE v.rule_set_id = ${id} AND v.legal = 1 LIMIT 3`,
      (r) => `${String(r.kind)} in riichi, legal (waits ${String(r.waits_before ?? '?')} kept)`,
    );
  const isOkuri = (r: FindingRow) => r.details.includes('"okuri-kan"');
  add('riichiKan', {
    cases: 'kans by a player in riichi',
    caseCount: judged,
    conforming: num(riichi.legalCount),
    differing: num(riichi.illegalCount) - okuri,
    undecided: num(riichi.notJudgedCount),
    note: okuri > 0 ? `${okuri} illegal okuri-kans are counted under okuriKan.` : null,
    examples: [...differs(listed(['riichi-kan-illegal'], (r) => !isOkuri(r))), ...legalSample()],
  });
  add('okuriKan', {
    cases: 'kans by a player in riichi (each could release a held set)',
    caseCount: judged,
    conforming: judged - okuri,
    differing: okuri,
    undecided: num(riichi.notJudgedCount),
    note: null,
    examples: differs(listed(['riichi-kan-illegal'], isOkuri)),
  });

  // kokushiAnkanChankan: a ron on an ankan is the only case that shows it.
  const chankan = record('chankanSuukaikan');
  const onAnkan = num(chankan.chankanOnAnkanCount);
  const ankanIllegal = count('chankan-ankan-illegal');
  add('kokushiAnkanChankan', {
    cases: 'rons on an ankan (kokushi robbing a closed kan)',
    caseCount: onAnkan,
    conforming: Math.max(0, onAnkan - ankanIllegal),
    differing: ankanIllegal,
    undecided: 0,
    note: onAnkan === 0 ? 'No log robs an ankan; an ankan that kokushi tenpai could have robbed and did not is not counted.' : null,
    examples: [
      ...differs(listed(['chankan-ankan-illegal'])),
      ...conforms(listed(['chankan-win'], (r) => r.details.includes('"ankan"'))),
    ],
  });

  // suukaikan: hands with four kans by two or more players (four by one player never abort).
  const fourKanHands = num(chankan.fourKanHandCount) - num(chankan.fourKansOnePlayerCount);
  const suukaikanKinds = ['suukaikan-missing', 'suukaikan-unexpected', 'suukaikan-wrong-moment'];
  const suukaikanDiffers = count(...suukaikanKinds);
  add('suukaikan', {
    cases: 'hands with four kans by two or more players',
    caseCount: fourKanHands,
    conforming: Math.max(0, fourKanHands - suukaikanDiffers),
    differing: suukaikanDiffers,
    undecided: 0,
    note: `${num(chankan.suukaikanAbortCount)} four-kan aborts in the logs.`,
    examples: [...differs(listed(suukaikanKinds)), ...conforms(listed(['suukaikan-abort']))],
  });

  // fifthKan: only a hand that reaches a fifth kan shows it.
  const fifth = count('fifth-kan');
  const fifthAborts = count('fifth-kan-abort');
  add('fifthKan', {
    cases: 'hands that reach a fifth kan',
    caseCount: fifth + fifthAborts,
    conforming: fifthAborts,
    differing: fifth,
    undecided: 0,
    note: null,
    examples: [...differs(listed(['fifth-kan'])), ...conforms(listed(['fifth-kan-abort']))],
  });

  // daiminkanPao: a rinshan tsumo after a daiminkan shows who pays.
  const daiminkanRinshan = num(table('rinshanByKind').find((r) => r.kind === 'daiminkan')?.rinshanWinCount);
  const paoDiffers = count('daiminkan-pao-mismatch');
  add('daiminkanPao', {
    cases: 'rinshan tsumo after a daiminkan',
    caseCount: daiminkanRinshan,
    conforming: Math.max(0, daiminkanRinshan - paoDiffers),
    differing: paoDiffers,
    undecided: 0,
    note: null,
    examples: [
      ...differs(listed(['daiminkan-pao-mismatch'])),
      ...sample(
        `SELECT k.game_id, g.log_id, g.platform, g.file, k.hand, ro.kyoku_name, ro.honba, k.seat, k.from_seat
         FROM kans k
         JOIN audits a ON a.rule_set_id = ${id} AND a.game_id = k.game_id AND a.status = 'ok'
         JOIN games g ON g.game_id = k.game_id JOIN hands ro ON ro.game_id = k.game_id AND ro.hand = k.hand
         WHERE k.kind = 'daiminkan' AND k.rinshan_win = 1
           AND NOT EXISTS (SELECT 1 FROM findings f WHERE f.rule_set_id = ${id} AND f.game_id = k.game_id AND f.kind = 'daiminkan-pao-mismatch')
         LIMIT 3`,
        (r) => `rinshan tsumo after a daiminkan on seat ${num(r.from_seat)}'s discard, paid as the rule says`,
      ),
    ],
  });

  return out;
}

function fromFinding(r: FindingRow, verdict: ConformanceExample['verdict']): ConformanceExample {
  return { verdict, logId: r.logId, file: r.file, handName: r.handName, seat: r.seat, text: r.message, url: r.url };
}

function fromRow(r: Row, text: string): ConformanceExample {
  const logId = str(r.log_id);
  const seat = r.seat === null || r.seat === undefined ? null : num(r.seat);
  const hand = r.hand === null || r.hand === undefined ? null : num(r.hand);
  return {
    verdict: 'conforms',
    logId,
    file: String(r.file ?? ''),
    handName: handName(r.kyoku_name, r.honba),
    seat,
    text,
    url: r.platform === 'tenhou' ? viewerUrl(logId, seat, hand) : null,
  };
}
