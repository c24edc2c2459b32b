/**
 * What the logs say the rules are. Each game is replayed once under its base rule set (the profile its
 * platform is audited under, or the one asked for); then every value of every knob is tried on what the
 * replay saw, one knob at a time:
 *
 * - a scoring knob: every win and drawn hand re-scored under the value (src/replay's scoreHand on the
 *   hand's table) agrees with the log or not;
 * - kandoraTiming: every kan whose reveal the log times shows the moment the value gives it or not (and a
 *   hand whose log lists its kandora untimed, their number);
 * - the other kan knobs: the audit's checks under the value (auditReplay) flag a place or not; the places
 *   are those some value flags.
 *
 * A case that some value explains and another does not decides the knob; decide.ts turns a knob's deciding
 * cases into its status (inferred, weak, tie, convention, untouched) and value. Knobs interact (kiriage and
 * red fives both move points): a win that no single value explains is tried under pairs of values of two
 * knobs that each change its score; one a pair explains counts for both values (`jointly`). The wins and
 * drawn hands nothing explains are the logs' own errors (`unexplained`), and so are the cases only a value
 * the group's other logs contradict explains (`contradicted`).
 */
import { auditReplay, checkLegalityKnobs } from '../audit/index.js';
import type { GameEvent, GameLog, Platform } from '../events/index.js';
import { KAN_KNOBS, KNOBS, LEGALITY_KNOBS, SCORING_KNOBS, type KnobName, type KnobValue, type Rules } from '../rules/index.js';
import { effectiveTiming, isRevealed, REVEAL_MOMENT_WORDS, replayGame, revealVerdict, ruleRevealMoment, scoreHand, type HandScores } from '../replay/index.js';
import { Table } from '../table/index.js';
import { decideKnob, type DecidingCase, type Evidence, type KnobStatus, type KnobVerdict } from './decide.js';

export interface ValueTally {
  value: KnobValue;
  /** Cases that agree with the log under this value (the other knobs at the base). */
  agree: number;
  disagree: number;
  /** Cases that agree only with this value and one of another knob (joint search). */
  jointly: number;
}

export interface KnobInference {
  knob: KnobName;
  /** What a case is for this knob. */
  cases: string;
  /** The value the logs support (status `inferred` or `weak`); null otherwise. */
  inferred: KnobValue | null;
  /** How far the logs decide the knob (src/infer/decide.ts). */
  status: KnobStatus;
  values: ValueTally[];
  /** tie: the values that agree most often, which no case tells apart. */
  tied?: KnobValue[];
  /** The inferred value's closest rival: the value the fewest cases tell it from. */
  rival?: KnobValue;
  /** The cases that tell the inferred value (a convention's order) from its closest rival. */
  deciding: DecidingCase[];
  /** convention: the order of events the logs follow, their producer's and not a rule. */
  convention?: KnobValue;
}

export interface UnexplainedCase {
  file: string;
  logId: string | null;
  hand: number;
  eventIndex: number;
  seat: number | null;
  what: 'win' | 'drawn hand';
  /** Under the base rules: what differs, one line each. */
  differences: string[];
}

export interface Inference {
  games: number;
  wins: number;
  drawnHands: number;
  kans: number;
  /** The profile the flags start from: the one asked for, or the platform's of most games. */
  profile: string;
  knobs: KnobInference[];
  inferred: Partial<Record<KnobName, KnobValue | null>>;
  /** The inferred rule set as `kanshi audit` flags: `--profile P` and each inferred value that differs from P's. */
  flags: string[];
  /** The wins and drawn hands no value of any knob explains: the logs' own errors. */
  unexplained: UnexplainedCase[];
  /**
   * The cases only a value explains that the group's other logs contradict (decide.ts): the logs' errors
   * too, not a rule. One entry a case, with every knob whose other value it agrees under.
   */
  contradicted: ContradictedCase[];
}

export interface ContradictedCase extends DecidingCase {
  /** Per knob: the values the case agrees under, and the value the group's logs give the knob. */
  agreesUnder: { knob: KnobName; values: KnobValue[]; logs: KnobValue }[];
  /** Under the base rules: what differs, one line each. */
  differences: string[];
}

/** Scoring knobs that only 3-player games show (4-player games are not tried under them). */
const THREE_PLAYER_KNOBS: ReadonlySet<KnobName> = new Set(['kitaInterrupts', 'threePlayerNoten', 'threePlayerTsumo', 'threePlayerHonba']);

const CASES: Partial<Record<KnobName, string>> = {
  kandoraTiming: 'kans whose reveal the log times, and hands whose log lists its kandora untimed (their number)',
  riichiKan: 'kans by a player in riichi that some value flags',
  okuriKan: 'kans by a player in riichi that some value flags',
  kokushiAnkanChankan: 'rons on an ankan that some value flags',
  suukaikan: 'hands with four kans that some value flags',
  fifthKan: 'fifth kans that some value flags',
  daiminkanPao: 'rinshan tsumo after a daiminkan that some value flags (and every win and drawn hand re-scored)',
  multipleRon: 'hands with two or more rons, or a triple-ron abort, that some value flags',
  abortiveDraws: 'abortive draws, and hands that went on past four winds or four riichi, that some value flags',
  busting: 'games that went on after a score below zero',
  kuikae: 'chi and pon followed by a discard that some value flags',
  riichiUnderThousand: 'riichi declared with fewer than 1,000 points',
};
const SCORING_CASES = 'wins and drawn hands re-scored under the value';

/** Knobs whose evidence is the order in which a log writes events: a rule only where the platform wrote the log. */
const ORDER_OF_EVENTS: ReadonlySet<KnobName> = new Set(['kandoraTiming']);

/** A knob's values, in its order. */
function knobValues(name: KnobName): KnobValue[] {
  return KNOBS.find((k) => k.name === name)!.values.map((v) => v.value);
}

interface Counter {
  agree: number;
  disagree: number;
  jointly: number;
}

/** One win or drawn hand of a hand: agrees under the base, and what differs there. */
interface ScoreCase {
  what: 'win' | 'drawn hand';
  eventIndex: number;
  seat: number | null;
}

export class RuleInference {
  private readonly counters = new Map<KnobName, Map<string, Counter>>();
  /** Per knob, the cases that tell its values apart. */
  private readonly evidence = new Map<KnobName, Evidence[]>();
  /** The game being added: where its cases are. */
  private current: { file: string; game: GameLog } | null = null;
  private readonly unexplained: UnexplainedCase[] = [];
  private readonly platforms = new Map<Platform, number>();
  private games = 0;
  private wins = 0;
  private drawnHands = 0;
  private kans = 0;

  /** The knobs a hand's scores are tried under (the scoring knobs, and daiminkanPao, which moves payments), each value with its counter. */
  private readonly scoringPlan: { name: KnobName; values: { value: KnobValue; counter: Counter }[] }[];

  /** @param baseFor the rule set a game is judged from (its platform's profile, or the one asked for) and that profile's name. */
  constructor(private readonly baseFor: (game: GameLog) => { rules: Rules; profile: string }, private readonly askedProfile?: string) {
    for (const k of KNOBS) {
      const values = new Map<string, Counter>();
      for (const v of k.values) values.set(String(v.value), { agree: 0, disagree: 0, jointly: 0 });
      this.counters.set(k.name, values);
      this.evidence.set(k.name, []);
    }
    const names = [...SCORING_KNOBS.map((k) => k.name as KnobName), 'daiminkanPao' as KnobName];
    this.scoringPlan = names.map((name) => ({
      name,
      values: KNOBS.find((k) => k.name === name)!.values.map((v) => ({ value: v.value, counter: this.counters.get(name)!.get(String(v.value))! })),
    }));
  }

  /** Adds one game's evidence. */
  addGame(file: string, game: GameLog): void {
    const { rules: base } = this.baseFor(game);
    this.games++;
    this.platforms.set(game.platform, (this.platforms.get(game.platform) ?? 0) + 1);
    this.current = { file, game };
    const replay = replayGame(game, base);
    for (const h of replay.hands) this.kans += h.kans.length;
    this.kanTiming(game, replay, base);
    this.kanChecks(replay, base);
    this.legalityChecks(replay, base);
    for (let index = 0; index < game.hands.length; index++) this.scoreHandKnobs(file, game, index, base);
    this.current = null;
  }

  /** Keeps a case as evidence on the knob when it tells the values apart (agrees under some, not under all). */
  private decides(knob: KnobName, where: Omit<DecidingCase, 'file' | 'logId'>, agrees: readonly boolean[], differences: readonly string[]): void {
    if (agrees.every((a) => a === agrees[0])) return;
    const { file, game } = this.current!;
    this.evidence.get(knob)!.push({ at: { file, logId: game.logId, ...where }, agrees, platform: game.platform, differences });
  }

  private count(knob: KnobName, value: KnobValue, agrees: boolean, n = 1): void {
    const c = this.counters.get(knob)!.get(String(value))!;
    if (agrees) c.agree += n;
    else c.disagree += n;
  }

  /** kandoraTiming: each timed kan's logged moment against each value's; untimed hands by their number. */
  private kanTiming(game: GameLog, replay: ReturnType<typeof replayGame>, base: Rules): void {
    const values = knobValues('kandoraTiming') as Rules['kandoraTiming'][];
    const at = values.indexOf(base.kandoraTiming);
    for (let h = 0; h < replay.hands.length; h++) {
      const hand = replay.hands[h];
      const start = game.hands[hand.hand - 1]?.events[0];
      const untimed = start?.type === 'roundStart' ? start.untimedKandora : undefined;
      if (untimed !== undefined) {
        if (hand.kans.length === 0) continue;
        const agrees = values.map((t) => {
          const timing = effectiveTiming(t, game.rule);
          let revealed = 0;
          for (const k of hand.kans) if (k.aftermath && isRevealed(ruleRevealMoment(timing, k.aftermath))) revealed++;
          return revealed === untimed.length;
        });
        values.forEach((t, i) => this.count('kandoraTiming', t, agrees[i]));
        const differs = agrees[at] ? [] : [`the log lists ${untimed.length} kandora, the ${base.kandoraTiming} timing reveals another number`];
        this.decides('kandoraTiming', { hand: hand.hand, seat: null, eventIndex: null, what: 'kandora count' }, agrees, differs);
        continue;
      }
      for (const k of hand.kans) {
        if (!k.aftermath || k.revealLogged === 'unknown' || k.revealLogged === 'unrecorded') continue;
        const moments = values.map((t) => ruleRevealMoment(effectiveTiming(t, game.rule), k.aftermath!));
        const agrees = moments.map((m) => revealVerdict(k.revealLogged, m) !== 'differs');
        values.forEach((t, i) => this.count('kandoraTiming', t, agrees[i]));
        const differs = agrees[at] ? [] : [`the log reveals the kandora ${REVEAL_MOMENT_WORDS[k.revealLogged]}, the ${base.kandoraTiming} timing ${REVEAL_MOMENT_WORDS[moments[at]]}`];
        this.decides('kandoraTiming', { hand: hand.hand, seat: k.seat, eventIndex: k.eventIndex, what: k.kind }, agrees, differs);
      }
    }
  }

  /** The other kan knobs: the places some value's checks flag; each value agrees where it flags none. */
  private kanChecks(replay: ReturnType<typeof replayGame>, base: Rules): void {
    if (replay.hands.every((h) => h.kans.length === 0)) return;
    for (const knob of KAN_KNOBS) {
      if (knob.name === 'kandoraTiming') continue;
      this.flagCount(knob, base, (rules) => auditReplay(replay, rules).findings);
    }
  }

  /** The legality knobs, as the kan knobs: the places some value's legality checks flag. */
  private legalityChecks(replay: ReturnType<typeof replayGame>, base: Rules): void {
    for (const knob of LEGALITY_KNOBS) this.flagCount(knob, base, (rules) => checkLegalityKnobs(replay, rules));
  }

  /** Counts, for each value of the knob, the places (hand and event) its findings flag among those any value flags. */
  private flagCount(
    knob: { name: KnobName; values: readonly { value: KnobValue }[] },
    base: Rules,
    findings: (rules: Rules) => readonly { kind: string; rule?: KnobName; severity: string; hand: number | null; eventIndex: number | null; seat?: number; message: string }[],
  ): void {
    /** Per value, the places it flags, each with what its findings there say. */
    const flagged: Map<string, string[]>[] = [];
    const places = new Map<string, Omit<DecidingCase, 'file' | 'logId'>>();
    for (const v of knob.values) {
      const rules = { ...base, [knob.name]: v.value } as Rules;
      const map = new Map<string, string[]>();
      for (const f of findings(rules)) {
        if (f.rule !== knob.name || f.severity === 'info') continue;
        const key = `${f.hand}:${f.eventIndex}`;
        map.set(key, [...(map.get(key) ?? []), f.message]);
        if (!places.has(key)) places.set(key, { hand: f.hand ?? 0, seat: f.seat ?? null, eventIndex: f.eventIndex, what: f.kind });
      }
      flagged.push(map);
    }
    knob.values.forEach((v, i) => {
      this.count(knob.name, v.value, false, flagged[i].size);
      this.count(knob.name, v.value, true, places.size - flagged[i].size);
    });
    const atBase = flagged[knob.values.findIndex((v) => v.value === base[knob.name])];
    for (const [key, where] of places) this.decides(knob.name, where, flagged.map((map) => !map.has(key)), atBase?.get(key) ?? []);
  }

  /** The scoring knobs (and daiminkanPao, which moves payments) on one hand's wins and drawn hand. */
  private scoreHandKnobs(file: string, game: GameLog, index: number, base: Rules): void {
    const events = game.hands[index].events;
    const start = events[0];
    if (!start || start.type !== 'roundStart') return;
    if (!events.some((e) => e.type === 'win' || e.type === 'ryuukyoku')) return;
    const players = game.rule.playerCount;
    const table = new Table(start, { hand: index + 1, players, redFives: game.rule.redFives });
    for (let i = 1; i < events.length; i++) table.apply(events[i], i);
    table.finish();
    const cases = scoreCases(table, events);
    if (cases.length === 0) return;
    for (const c of cases) {
      if (c.what === 'win') this.wins++;
      else this.drawnHands++;
    }
    const baseScores = scoreHand(table, events, game, base);
    const baseOk = verdicts(baseScores, cases);
    const baseText = baseOk.every((ok) => ok) ? cases.map(() => '') : differences(baseScores, cases);
    /** Per case, the variants (knob=value) that change its verdict or its differences: the joint search's candidates. */
    const movers: { knob: KnobName; value: KnobValue }[][] = cases.map(() => []);
    const fixedAlone = cases.map(() => false);
    let baseAgree = 0;
    for (let c = 0; c < cases.length; c++) if (baseOk[c]) baseAgree++;
    const baseDisagree = cases.length - baseAgree;
    const hand = handFacts(table, events, baseScores);
    const where = cases.map((c) => ({ hand: index + 1, seat: c.seat, eventIndex: c.eventIndex, what: c.what }));
    const baseLines = baseText.map((t) => t.split('\n').filter((l) => l !== ''));
    for (const { name, values } of this.scoringPlan) {
      if (players === 4 && THREE_PLAYER_KNOBS.has(name)) continue;
      if (!canMove(name, hand, game)) {
        // The knob cannot change a score of this hand: every value agrees as the base does.
        for (const v of values) {
          v.counter.agree += baseAgree;
          v.counter.disagree += baseDisagree;
        }
        continue;
      }
      /** Per case, whether it agrees under each value. */
      const agrees: boolean[][] = cases.map(() => []);
      for (const v of values) {
        if (v.value === base[name]) {
          v.counter.agree += baseAgree;
          v.counter.disagree += baseDisagree;
          for (let c = 0; c < cases.length; c++) agrees[c].push(baseOk[c]);
          continue;
        }
        const scores = scoreHand(table, events, game, { ...base, [name]: v.value } as Rules);
        const ok = verdicts(scores, cases);
        // What differs is needed only for a case the base does not explain (the joint search's candidates).
        const text = baseDisagree > 0 ? differences(scores, cases) : baseText;
        for (let c = 0; c < cases.length; c++) {
          if (ok[c]) v.counter.agree++;
          else v.counter.disagree++;
          agrees[c].push(ok[c]);
          if (text[c] !== baseText[c]) movers[c].push({ knob: name, value: v.value });
          if (ok[c] && !baseOk[c]) fixedAlone[c] = true;
        }
      }
      for (let c = 0; c < cases.length; c++) this.decides(name, where[c], agrees[c], baseLines[c]);
    }
    for (let c = 0; c < cases.length; c++) {
      if (baseOk[c] || fixedAlone[c]) continue;
      const pair = jointly(table, events, game, base, cases, c, movers[c]);
      if (pair) {
        for (const p of pair) {
          this.counters.get(p.knob)!.get(String(p.value))!.jointly++;
          this.decides(p.knob, where[c], knobValues(p.knob).map((v) => v === p.value), baseLines[c]);
        }
        continue;
      }
      this.unexplained.push({
        file,
        logId: game.logId,
        hand: index + 1,
        eventIndex: cases[c].eventIndex,
        seat: cases[c].seat,
        what: cases[c].what,
        differences: baseLines[c],
      });
    }
  }

  /**
   * The verdict on one knob. An order of events (kandoraTiming) is the rule of the game only in the logs of
   * the platform that ran it; a log no platform wrote (a bot's mjai, an editor's) shows its producer's order:
   * a convention, reported as such when no platform's log decides the knob.
   */
  private verdict(name: KnobName, base: KnobValue | undefined): KnobVerdict {
    const values = knobValues(name);
    const all = this.evidence.get(name)!;
    if (!ORDER_OF_EVENTS.has(name)) return decideKnob(values, all, base);
    const rule = decideKnob(values, all.filter((e) => e.platform !== 'unknown'), base);
    if (rule.status !== 'untouched') return rule;
    const shown = decideKnob(values, all, base);
    if (shown.inferred === null) return shown;
    return { ...shown, status: 'convention', inferred: null, convention: shown.inferred };
  }

  result(): Inference {
    let platform: Platform = 'tenhou';
    let most = -1;
    for (const [p, n] of this.platforms) if (n > most) [platform, most] = [p, n];
    const sample = this.games > 0 ? this.baseFor({ platform } as GameLog) : null;
    const profile = this.askedProfile ?? sample?.profile ?? 'tenhou';
    const baseRules = sample?.rules;
    const knobs: KnobInference[] = [];
    const inferred: Partial<Record<KnobName, KnobValue | null>> = {};
    const flags: string[] = [`--profile ${profile}`];
    const contradicted = new Map<string, ContradictedCase>();
    for (const k of KNOBS) {
      const values = k.values.map((v) => ({ value: v.value, ...this.counters.get(k.name)!.get(String(v.value))! }));
      const { status, inferred: value, tied, rival, deciding, convention, contrary } = this.verdict(k.name, baseRules?.[k.name]);
      for (const c of contrary) {
        const key = `${c.at.file}\n${c.at.hand}\n${c.at.eventIndex}\n${c.at.what}`;
        let entry = contradicted.get(key);
        if (!entry) contradicted.set(key, (entry = { ...c.at, agreesUnder: [], differences: [...c.differences] }));
        entry.agreesUnder.push({ knob: k.name, values: c.agreesWith, logs: (value ?? convention)! });
      }
      inferred[k.name] = value;
      knobs.push({
        knob: k.name,
        cases: CASES[k.name] ?? SCORING_CASES,
        inferred: value,
        status,
        values,
        ...(tied ? { tied } : {}),
        ...(rival !== undefined ? { rival } : {}),
        deciding,
        ...(convention !== undefined ? { convention } : {}),
      });
      if (value !== null && baseRules && value !== baseRules[k.name]) flags.push(`${k.flag} ${String(value)}`);
    }
    return {
      games: this.games,
      wins: this.wins,
      drawnHands: this.drawnHands,
      kans: this.kans,
      profile,
      knobs,
      inferred,
      flags,
      unexplained: this.unexplained,
      contradicted: [...contradicted.values()],
    };
  }
}

/** What decides whether a knob can change any score of a hand (so that it need not be tried there). */
interface HandFacts {
  wins: number;
  riichiWin: boolean;
  openWin: boolean;
  rinshanWin: boolean;
  yakumanWin: boolean;
  /** A win of 13 han or more without a yakuman (kazoe). */
  kazoeWin: boolean;
  /** A win of 4 han 30 fu or 3 han 60 fu (1,920 basic points before any rounding up): kiriage's. */
  kiriageWin: boolean;
  /** A winner whose seat wind is the round's (a double-wind pair is possible). */
  doubleWindWinner: boolean;
  kans: boolean;
  honba: boolean;
  /** The hand ended in an exhaustive draw (noten payments, nagashi mangan). */
  exhaustive: boolean;
}

function handFacts(table: Table, events: readonly GameEvent[], base: HandScores): HandFacts {
  const start = table.start;
  const f: HandFacts = {
    wins: table.wins.length,
    riichiWin: false,
    openWin: false,
    rinshanWin: false,
    yakumanWin: false,
    kazoeWin: false,
    kiriageWin: false,
    doubleWindWinner: false,
    kans: table.kans.length > 0,
    honba: start.honba > 0,
    exhaustive: false,
  };
  table.wins.forEach((w, i) => {
    const s = base.wins[i].score;
    if (w.riichi) f.riichiWin = true;
    if (w.melds.some((m) => m.type !== 'ankan' && m.type !== 'kita')) f.openWin = true;
    if (w.rinshan) f.rinshanWin = true;
    if (s.yakuman.length > 0) f.yakumanWin = true;
    if (s.yakuman.length === 0 && s.han >= 13) f.kazoeWin = true;
    if (s.yakuman.length === 0 && ((s.han === 4 && s.fu === 30) || (s.han === 3 && s.fu === 60))) f.kiriageWin = true;
    if ((w.event.seat - start.dealer + table.players) % table.players === start.kyoku >> 2) f.doubleWindWinner = true;
  });
  const at = table.ending?.kind === 'ryuukyoku' ? table.ending.eventIndex : null;
  const end = at === null ? undefined : events[at];
  f.exhaustive = end?.type === 'ryuukyoku' && (end.reason === 'exhaustive' || end.reason === 'nagashi-mangan');
  return f;
}

/**
 * Whether a knob can change a score of the hand: each knob's rule applies only where its situation arises
 * (ura dora only to a riichi win, noten payments only at an exhaustive draw …). Where it cannot, every
 * value scores as the base does; a knob with no such condition here is always tried.
 */
function canMove(name: KnobName, h: HandFacts, game: GameLog): boolean {
  switch (name) {
    case 'nagashiMangan':
    case 'notenPayments':
    case 'threePlayerNoten':
      return h.exhaustive;
    case 'kiriageMangan':
      return h.kiriageWin;
    case 'kazoeYakuman':
      return h.kazoeWin;
    case 'doubleYakuman':
    case 'yakumanStacking':
    case 'yakumanPao':
    case 'paoCompound':
    case 'paoRonHonba':
      return h.yakumanWin;
    case 'ippatsuYaku':
    case 'uraDora':
      return h.riichiWin;
    case 'kanUra':
      return h.riichiWin && h.kans;
    case 'kandora':
      return h.wins > 0 && h.kans;
    case 'akaDora':
      return h.wins > 0 && game.rule.redFives;
    case 'rinshanTsumoFu':
    case 'daiminkanPao':
      return h.rinshanWin;
    case 'doubleWindPairFu':
      return h.doubleWindWinner;
    case 'atozuke':
    case 'openTanyao':
      return h.openWin;
    case 'multipleRonHonba':
      return h.wins > 1;
    case 'honbaPoints':
    case 'threePlayerHonba':
      return h.wins > 0 && h.honba;
    default:
      return h.wins > 0 || h.exhaustive;
  }
}

/** The hand's wins (in order) and its drawn hand, as the scorer sees them. */
function scoreCases(table: Table, events: readonly GameEvent[]): ScoreCase[] {
  const out: ScoreCase[] = table.wins.map((w) => ({ what: 'win' as const, eventIndex: w.eventIndex, seat: w.event.seat }));
  const at = table.ending?.kind === 'ryuukyoku' ? table.ending.eventIndex : null;
  if (at !== null && events[at]?.type === 'ryuukyoku') out.push({ what: 'drawn hand', eventIndex: at, seat: null });
  return out;
}

/** Per case: does the log agree with the score (a win: valid and no mismatch; a drawn hand: no mismatch)? */
function verdicts(s: HandScores, cases: readonly ScoreCase[]): boolean[] {
  return cases.map((c, i) => {
    if (c.what === 'win') return s.wins[i].score.valid && s.wins[i].mismatches.length === 0;
    return !s.mismatches.some((m) => m.eventIndex === c.eventIndex);
  });
}

/** Per case: what differs, one line each (an invalid win says why). */
function differences(s: HandScores, cases: readonly ScoreCase[]): string[] {
  return cases.map((c, i) => {
    if (c.what === 'win') {
      const w = s.wins[i];
      if (!w.score.valid) return w.score.problem ?? 'no win';
      return w.mismatches.map((m) => m.message).join('\n');
    }
    return s.mismatches.filter((m) => m.eventIndex === c.eventIndex).map((m) => m.message).join('\n');
  });
}

/** A pair of values of two knobs, each of which moves the case, under which the case agrees; or null. */
function jointly(
  table: Table,
  events: readonly GameEvent[],
  game: GameLog,
  base: Rules,
  cases: readonly ScoreCase[],
  c: number,
  movers: readonly { knob: KnobName; value: KnobValue }[],
): { knob: KnobName; value: KnobValue }[] | null {
  for (let a = 0; a < movers.length; a++) {
    for (let b = a + 1; b < movers.length; b++) {
      if (movers[a].knob === movers[b].knob) continue;
      const rules = { ...base, [movers[a].knob]: movers[a].value, [movers[b].knob]: movers[b].value } as Rules;
      if (verdicts(scoreHand(table, events, game, rules), cases)[c]) return [movers[a], movers[b]];
    }
  }
  return null;
}
