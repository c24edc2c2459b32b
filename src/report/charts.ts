/**
 * The report's plots as Vega-Lite specs: pure functions of the report's data. A plot with nothing to
 * show is null (the page says so in words instead of drawing empty axes).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { AuditedGroup, Comparison, KandoraHits, RiichiKanTurns, TimingCell } from './data.js';
import type { FindingGroup } from './findings.js';
import type { Row } from './db.js';
import { num } from './db.js';

export interface Chart {
  /** Unique in the page: the SVG's ids are prefixed with it. */
  id: string;
  title: string;
  /** One or two sentences under the plot: what is counted. */
  caption: string;
  spec: TopLevelSpec;
}

const KAN_KINDS = ['ankan', 'daiminkan', 'kakan'];
const KAN_COLORS = ['#4c78a8', '#f58518', '#54a24b'];
const VERDICTS = ['legal', 'illegal', 'not judged'];
const VERDICT_COLORS = ['#54a24b', '#e45756', '#9d9d9d'];
const SEVERITIES = ['error', 'warning', 'info'];
const SEVERITY_COLORS = ['#e45756', '#f58518', '#4c78a8'];
const LOBBY_ORDER = ['houou', 'tokujou', 'joukyuu', 'ippan'];

/** One look for every plot: the page's font, no chart border, quiet axes. */
const CONFIG = {
  font: 'Helvetica, Arial, sans-serif',
  view: { stroke: null },
  // labelLimit 0: no label is cut (Vega's 180 px cut "chankan (kakan robbed)" to "chankan (kakan robb…").
  axis: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', gridColor: '#e6e6e6', labelLimit: 0 },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal' },
  background: 'white',
  padding: 8,
} as const;

function spec(body: Record<string, unknown>): TopLevelSpec {
  return { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', config: CONFIG, ...body } as TopLevelSpec;
}

const pct = (n: number, d: number): number | null => (d === 0 ? null : Number(((100 * n) / d).toFixed(2)));

/**
 * The Wilson score interval (95%) of a proportion, in percent: how far a rate read from few cases can be
 * trusted (rinshan and kandora rates are small numbers over small samples).
 */
export function wilson(successes: number, trials: number, z = 1.96): [number, number] | null {
  if (trials === 0) return null;
  const p = successes / trials;
  const d = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / d;
  return [Number((100 * Math.max(0, centre - half)).toFixed(2)), Number((100 * Math.min(1, centre + half)).toFixed(2))];
}

export function gamesByYearChart(audited: AuditedGroup[]): Chart | null {
  const byKey = new Map<string, { year: string; platform: string; games: number }>();
  for (const g of audited) {
    if (g.status !== 'ok') continue;
    const key = `${g.year}\u0000${g.platform}`;
    const e = byKey.get(key) ?? { year: g.year, platform: g.platform, games: 0 };
    e.games += g.games;
    byKey.set(key, e);
  }
  const values = [...byKey.values()];
  if (values.length === 0) return null;
  return {
    id: 'games-by-year',
    title: 'Games audited by year and platform',
    caption: 'The year from the game’s date, else from the first four digits of its Tenhou log id; unknown when neither gives it.',
    spec: spec({
      width: { step: 28 },
      height: 200,
      data: { values },
      mark: { type: 'bar', tooltip: true },
      encoding: {
        x: { field: 'year', type: 'ordinal', title: 'year', sort: 'ascending' },
        y: { field: 'games', type: 'quantitative', title: 'games' },
        color: { field: 'platform', type: 'nominal', title: 'platform' },
      },
    }),
  };
}

export function findingsChart(findings: FindingGroup[]): Chart | null {
  if (findings.length === 0) return null;
  const values = findings.map((f) => ({ kind: f.kind, severity: f.severity, findings: f.findings }));
  // One explicit order for the bars and their labels (a sort by value does not carry across layers).
  const order = [...values].sort((a, b) => b.findings - a.findings || a.kind.localeCompare(b.kind)).map((v) => v.kind);
  return {
    id: 'findings-by-kind',
    title: 'Findings by kind and severity',
    caption: 'Every finding of the rule set’s audit, coloured by severity.',
    spec: spec({
      width: 460,
      height: { step: 22 },
      data: { values },
      encoding: { y: { field: 'kind', type: 'nominal', sort: order, title: null } },
      layer: [
        {
          mark: { type: 'bar', tooltip: true },
          encoding: {
            x: { field: 'findings', type: 'quantitative', title: 'findings' },
            color: {
              field: 'severity', type: 'nominal', scale: { domain: SEVERITIES, range: SEVERITY_COLORS }, title: 'severity',
              legend: { orient: 'bottom', direction: 'horizontal' },
            },
          },
        },
        {
          mark: { type: 'text', align: 'left', dx: 3, fontSize: 11 },
          encoding: { x: { field: 'findings', type: 'quantitative' }, text: { field: 'findings', type: 'quantitative' } },
        },
      ],
    }),
  };
}

/** Kans per game by kind, one bar per lobby (players × lobby level), stacked by kind. */
export function kansPerGameChart(kansByLobby: Row[]): Chart | null {
  const rows = kansByLobby.filter((r) => r.lobby !== 'all' && num(r.gameCount) > 0);
  if (rows.length === 0) return null;
  const lobbyName = (r: Row) => `${r.playerCount === null ? '?' : `${num(r.playerCount)}p`} ${r.lobby === null ? 'unknown' : String(r.lobby)}`;
  const order = [...rows]
    .sort((a, b) => num(b.playerCount) - num(a.playerCount) || rank(LOBBY_ORDER, a.lobby) - rank(LOBBY_ORDER, b.lobby))
    .map(lobbyName);
  const values = rows.flatMap((r) =>
    KAN_KINDS.map((kind) => ({ lobby: lobbyName(r), games: num(r.gameCount), kind, kans: num(r[`${kind}Count`]), per_game: num(r[`${kind}sPerGame`]) })),
  );
  return {
    id: 'kans-per-game',
    title: 'Kans per game by kind and lobby',
    caption: 'Completed kans (robbed kakans apart) divided by the games of each lobby; the number of games is under each bar.',
    spec: spec({
      width: { step: 56 },
      height: 220,
      data: { values },
      transform: [{ calculate: "datum.lobby + ' (' + datum.games + ')'", as: 'label' }],
      mark: { type: 'bar', tooltip: true },
      encoding: {
        x: { field: 'label', type: 'nominal', title: 'lobby (games)', sort: order.map(String), axis: { labelAngle: -30 } },
        y: { field: 'per_game', type: 'quantitative', title: 'kans per game', stack: 'zero' },
        color: { field: 'kind', type: 'nominal', scale: { domain: KAN_KINDS, range: KAN_COLORS }, title: 'kan' },
        order: { field: 'kind', sort: 'ascending' },
      },
    }),
  };
}

/** The height a label over a bar needs, as a factor of the value it stands on. */
const LABEL_ROOM = 1.15;

/** A percentage axis's end: a round number with room for a label above `highest`, at most 100. */
export function rateAxisTop(highest: number): number {
  const wanted = Math.max(highest * LABEL_ROOM, 1);
  const power = 10 ** Math.floor(Math.log10(wanted));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= wanted)! * power;
  return Math.min(100, step);
}

/** Rinshan kaihou rate by kan kind, with its 95% interval: wins on the replacement tile per replacement draw. */
export function rinshanChart(rinshanByKind: Row[]): Chart | null {
  const rows = rinshanByKind.filter((r) => KAN_KINDS.includes(String(r.kind)) && num(r.replacementDrawCount) > 0);
  if (rows.length === 0) return null;
  const values = rows.map((r) => {
    const ci = wilson(num(r.rinshanWinCount), num(r.replacementDrawCount))!;
    return {
      kind: String(r.kind), draws: num(r.replacementDrawCount), wins: num(r.rinshanWinCount),
      rate: pct(num(r.rinshanWinCount), num(r.replacementDrawCount)), low: ci[0], high: ci[1],
    };
  });
  // The axis is made to hold every interval and the label above it: left to itself it ended at the nice
  // number just past the highest interval, and that whisker's label stood above the axis, over the title.
  const top = rateAxisTop(Math.max(...values.map((v) => v.high)));
  for (const v of values) Object.assign(v, { labelAt: Math.min(v.high, top / LABEL_ROOM) });
  return {
    id: 'rinshan-rate',
    title: 'Rinshan kaihou rate by kan kind',
    caption: 'Wins on the replacement tile per replacement draw, with the 95% (Wilson) interval; the label gives wins / draws.',
    spec: spec({
      width: { step: 80 },
      height: 220,
      data: { values },
      transform: [{ calculate: "datum.wins + ' / ' + datum.draws", as: 'label' }],
      encoding: { x: { field: 'kind', type: 'nominal', title: 'kan', sort: KAN_KINDS, axis: { labelAngle: 0 } } },
      layer: [
        {
          mark: { type: 'bar', tooltip: true },
          encoding: {
            y: { field: 'rate', type: 'quantitative', title: 'rinshan rate (%)', scale: { domain: [0, top], nice: false } },
            color: { field: 'kind', type: 'nominal', scale: { domain: KAN_KINDS, range: KAN_COLORS }, legend: null },
          },
        },
        { mark: { type: 'rule', strokeWidth: 1.5, clip: true }, encoding: { y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } } },
        {
          mark: { type: 'text', dy: -6, baseline: 'bottom', fontSize: 11 },
          encoding: { y: { field: 'labelAt', type: 'quantitative' }, text: { field: 'label', type: 'nominal' } },
        },
      ],
    }),
  };
}

/** Kans by a player in riichi, by turn (`since: false`) or by turns since the riichi declaration. */
export function riichiTurnsChart(rows: RiichiKanTurns[] | null, since: boolean): Chart | null {
  if (!rows || rows.length === 0) return null;
  return {
    id: since ? 'riichi-kans-since-riichi' : 'riichi-kans-by-turn',
    title: since ? 'Riichi kans by turns since riichi' : 'Riichi kans by turn',
    caption: since
      ? 'The kan’s turn less the riichi discard’s turn (the kan player’s own discards), coloured by the verdict under the rule set.'
      : 'The kan player’s turn (1 + their discards so far) at each kan made in riichi, coloured by the verdict under the rule set.',
    spec: spec({
      width: { step: 18 },
      height: 180,
      data: { values: rows },
      mark: { type: 'bar', tooltip: true },
      encoding: {
        x: { field: 'turn', type: 'ordinal', title: since ? 'turns since riichi' : 'turn', axis: { labelAngle: 0 } },
        y: { field: 'kans', type: 'quantitative', title: 'kans in riichi' },
        color: { field: 'verdict', type: 'nominal', scale: { domain: VERDICTS, range: VERDICT_COLORS }, title: 'verdict' },
      },
    }),
  };
}

/**
 * Kandora hit rate: of the wins with n kandora indicators shown, how often the kandora gave the winner
 * at least one dora, beside how often the hand's first indicator did.
 */
export function kandoraHitsChart(hits: KandoraHits[] | null): Chart | null {
  if (!hits) return null;
  const withKandora = hits.filter((h) => h.kandoraIndicators > 0 && h.wins > 0);
  if (withKandora.length === 0) return null;
  const values = withKandora.flatMap((h) => [
    { n: h.kandoraIndicators, source: 'first indicator', wins: h.wins, hits: h.firstHits, rate: pct(h.firstHits, h.wins) },
    { n: h.kandoraIndicators, source: 'kandora indicators', wins: h.wins, hits: h.kandoraHits, rate: pct(h.kandoraHits, h.wins) },
  ]);
  return {
    id: 'kandora-hits',
    title: 'Kandora hit rate',
    caption: 'Share of wins given at least one dora by the kandora indicators, beside the hand’s first indicator, by how many kandora the rule had revealed at the win.',
    spec: spec({
      width: { step: 32 },
      height: 200,
      data: { values },
      mark: { type: 'bar', tooltip: true },
      encoding: {
        x: { field: 'n', type: 'ordinal', title: 'kandora indicators shown at the win', axis: { labelAngle: 0 } },
        xOffset: { field: 'source', type: 'nominal' },
        y: { field: 'rate', type: 'quantitative', title: 'wins with dora from it (%)', scale: { domain: [0, 100] } },
        color: { field: 'source', type: 'nominal', scale: { range: ['#9d9d9d', '#b279a2'] }, title: 'indicator' },
      },
    }),
  };
}

/** Chankan and four kans per 1000 games. */
export function chankanFourKansChart(record: Row, games: number): Chart | null {
  if (games === 0) return null;
  const measures: [string, string][] = [
    ['chankanWinCount', 'chankan (kakan robbed)'],
    ['chankanOnAnkanCount', 'chankan on an ankan'],
    ['fourKanHandCount', 'hands with four kans'],
    ['fourKansOnePlayerCount', '… four by one player'],
    ['suukaikanAbortCount', 'suukaikan aborts'],
  ];
  const values = measures.map(([key, label]) => ({ measure: label, count: num(record[key]), per_1000: Number(((1000 * num(record[key])) / games).toFixed(2)) }));
  return {
    id: 'chankan-four-kans',
    title: 'Chankan and four kans per 1000 games',
    caption: `Over the ${games} games audited; the label gives the count.`,
    spec: spec({
      width: 420,
      height: { step: 24 },
      data: { values },
      transform: [{ calculate: "datum.count + ''", as: 'label' }],
      encoding: { y: { field: 'measure', type: 'nominal', sort: values.map((v) => v.measure), title: null } },
      layer: [
        { mark: { type: 'bar', color: '#72b7b2', tooltip: true }, encoding: { x: { field: 'per_1000', type: 'quantitative', title: 'per 1000 games' } } },
        { mark: { type: 'text', align: 'left', dx: 3, fontSize: 11 }, encoding: { x: { field: 'per_1000', type: 'quantitative' }, text: { field: 'label', type: 'nominal' } } },
      ],
    }),
  };
}

const MOMENTS = ['declaration', 'after-replacement', 'next-kan', 'after-discard', 'never', 'unknown', 'unrecorded'];

/** The values of kan_verdicts.reveal_verdict (the replay's verdict on a kan's two moments), which each cell carries. */
const TIMING_VERDICTS = ['conforms', 'differs', 'undecided', 'unrecorded'];

/** Each kan's logged reveal moment against the rule's, counted, one panel per kan kind. */
export function kandoraTimingChart(cells: TimingCell[], timing: string): Chart | null {
  if (cells.length === 0) return null;
  return {
    id: 'kandora-timing',
    title: 'Kandora reveal: logged moment against the rule’s',
    caption: `Kans by the moment the log turns the kandora over (rows) and the moment kandoraTiming=${timing} says (columns), coloured by the replay’s verdict on the two; the diagonal conforms where both moments are known.`,
    spec: spec({
      data: { values: cells },
      facet: { column: { field: 'kind', type: 'nominal', title: null, sort: KAN_KINDS, header: { labelFontSize: 12 } } },
      spec: {
        width: { step: 34 },
        height: { step: 24 },
        layer: [
          {
            mark: { type: 'rect', tooltip: true },
            encoding: {
              x: { field: 'rule', type: 'nominal', title: 'rule', sort: MOMENTS, axis: { labelAngle: -40 } },
              y: { field: 'logged', type: 'nominal', title: 'logged', sort: MOMENTS },
              color: { field: 'verdict', type: 'nominal', scale: { domain: TIMING_VERDICTS, range: ['#a1d99b', '#fc9272', '#d9d9d9', '#c6dbef'] }, title: null },
            },
          },
          {
            mark: { type: 'text', fontSize: 11 },
            encoding: {
              x: { field: 'rule', type: 'nominal', sort: MOMENTS },
              y: { field: 'logged', type: 'nominal', sort: MOMENTS },
              text: { field: 'kans', type: 'quantitative' },
            },
          },
        ],
      },
    }),
  };
}

/** Kandora timing conformance by kan kind: conforming, differing, undecided, unrecorded, stacked. */
export function kandoraConformanceChart(rows: Row[]): Chart | null {
  const parts = ['conforming', 'differing', 'undecided', 'unrecorded'];
  const values = rows
    .filter((r) => r.kind !== 'all')
    .flatMap((r) => parts.map((part) => ({ kind: String(r.kind), part, kans: num(r[`${part}Count`]) })))
    .filter((v) => v.kans > 0);
  if (values.length === 0) return null;
  return {
    id: 'kandora-conformance',
    title: 'Kandora timing conformance by kan kind',
    caption: 'Undecided: the log stops before the moment is known; unrecorded: the log shows the indicator but not when (tenhou.net/6 JSON).',
    spec: spec({
      width: 420,
      height: { step: 26 },
      data: { values },
      mark: { type: 'bar', tooltip: true },
      encoding: {
        y: { field: 'kind', type: 'nominal', title: null, sort: KAN_KINDS },
        x: { field: 'kans', type: 'quantitative', title: 'kans', stack: 'zero' },
        color: { field: 'part', type: 'nominal', scale: { domain: parts, range: ['#54a24b', '#e45756', '#bab0ac', '#9ecae9'] }, title: null },
        order: { field: 'part', sort: 'ascending' },
      },
    }),
  };
}

/** Findings by kind under each rule set, over the games the chosen rule set audited: a table of counts. */
export function comparisonChart(comparison: Comparison | null, name: (ruleSetId: number) => string): Chart | null {
  if (!comparison || comparison.findings.length === 0) return null;
  const sets = comparison.ruleSets.map((s) => name(s.ruleSetId));
  const values = comparison.findings.flatMap((f) =>
    comparison.ruleSets.map((s) => ({ kind: f.kind, severity: f.severity, ruleSet: name(s.ruleSetId), findings: f.counts[s.ruleSetId] ?? 0 })),
  );
  return {
    id: 'rule-set-comparison',
    title: 'Findings by kind under each rule set',
    caption: 'Over the games the chosen rule set audited; the shade grows with the count (log scale), blank where a rule set finds none.',
    spec: spec({
      width: { step: 90 },
      height: { step: 24 },
      data: { values },
      encoding: {
        x: { field: 'ruleSet', type: 'nominal', sort: sets, title: null, axis: { orient: 'top', labelAngle: 0 } },
        y: { field: 'kind', type: 'nominal', title: null },
      },
      layer: [
        {
          transform: [{ filter: 'datum.findings > 0' }],
          mark: { type: 'rect', tooltip: true },
          encoding: { color: { field: 'findings', type: 'quantitative', scale: { type: 'log', scheme: 'oranges' }, legend: null } },
        },
        { mark: { type: 'text', fontSize: 11 }, encoding: { text: { field: 'findings', type: 'quantitative' } } },
      ],
    }),
  };
}

function rank(order: string[], value: unknown): number {
  const i = order.indexOf(String(value));
  return i < 0 ? order.length : i;
}
