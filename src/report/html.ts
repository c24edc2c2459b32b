/**
 * The page: one HTML document with its CSS inline and its plots as inline SVG, no script and no request
 * anywhere, so it opens offline and can be mailed or archived as one file.
 */
import { basename } from 'node:path';
import { KNOBS, byPlatformText, isByPlatform } from '../rules/index.js';
import type { RuleSetSummary, StatsTable } from '../store/index.js';
import type { ConformanceExample, KnobConformance } from './conformance.js';
import type { AuditedGroup, ReportData } from './data.js';
import type { CheckedKind, FindingGroup, FindingRow } from './findings.js';
import { num } from './db.js';
import { replayCommand, ruleFlags, type FindingLinks } from './game-links.js';

/** A plot drawn, or null when it had nothing to show (`missing` says why, in words). */
export interface DrawnChart {
  id: string;
  title: string;
  caption: string;
  svg: string;
}

export type Charts = Record<string, DrawnChart | null>;

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const fmt = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? v.toLocaleString('en-US') : String(v);
  return String(v);
};

export function ruleSetName(s: RuleSetSummary): string {
  return s.profile ?? `custom #${s.ruleSetId}`;
}

const CSS = `
:root { --fg: #1d1d1f; --muted: #6b6b70; --line: #dcdce0; --bg-alt: #f6f6f8; --accent: #2f5d8a; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 Helvetica, Arial, sans-serif; color: var(--fg); background: #fff; }
header, main { max-width: 1180px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 18px; border-bottom: 1px solid var(--line); }
h1 { font-size: 24px; margin: 0 0 4px; }
h1 small { font-weight: normal; color: var(--muted); font-size: 15px; }
h2 { font-size: 19px; margin: 32px 0 8px; padding-top: 8px; border-top: 2px solid var(--accent); }
h3 { font-size: 15px; margin: 20px 0 6px; }
p.meta, p.caption, p.note { color: var(--muted); margin: 4px 0 10px; }
p.stale { border-left: 4px solid #d62728; padding: 6px 10px; background: #fff4f4; }
nav ul { list-style: none; padding: 0; margin: 8px 0 12px; display: flex; flex-wrap: wrap; gap: 6px 16px; }
a { color: var(--accent); }
table { border-collapse: collapse; margin: 6px 0 14px; font-size: 13px; }
th, td { border-bottom: 1px solid var(--line); padding: 3px 10px 3px 0; text-align: left; vertical-align: top; }
th { font-weight: 600; white-space: nowrap; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; padding-right: 14px; }
tbody tr:nth-child(even) { background: var(--bg-alt); }
.grid { display: flex; flex-wrap: wrap; gap: 12px 36px; align-items: flex-start; }
/* A table box: the caption below wraps to the plot's width instead of widening the figure. */
figure { margin: 8px 0 16px; display: table; }
figure > p.caption { display: table-caption; caption-side: bottom; }
figure svg { height: auto; display: block; }
figcaption { font-weight: 600; margin-bottom: 4px; }
.sev-error { color: #b3261e; font-weight: 600; }
.sev-warning { color: #a15c00; font-weight: 600; }
.sev-info { color: #2f5d8a; }
details { margin: 4px 0 10px; }
summary { cursor: pointer; padding: 3px 0; }
td.msg { max-width: 620px; }
td.page code.cmd { font-size: 11px; word-break: break-all; display: inline-block; max-width: 360px; }
.tag { display: inline-block; padding: 0 6px; border-radius: 3px; font-size: 12px; }
.tag.ok { background: #e3f3e1; color: #1e6b1a; }
.tag.bad { background: #fde4e1; color: #9b1c12; }
.tag.none { background: #eee; color: #555; }
.knob { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; margin: 10px 0; }
.knob h3 { margin: 4px 0; }
.knob ul { margin: 4px 0 4px 18px; padding: 0; }
code { font-size: 12.5px; background: var(--bg-alt); padding: 0 3px; }
/* A rules key is one 700-character word: broken anywhere, it stays within the page. */
code.key { overflow-wrap: anywhere; word-break: break-all; }
details.knobs > summary { color: var(--accent); }
footer { color: var(--muted); max-width: 1180px; margin: 30px auto 20px; padding: 0 20px; font-size: 12px; }
`;

interface Section {
  id: string;
  title: string;
  body: string;
}

export function renderHtml(data: ReportData, charts: Charts, links: FindingLinks = {}): string {
  // Findings first: they are what the page is read for; the rule set's knobs are folded above them.
  const sections: Section[] = [
    { id: 'findings', title: 'Findings', body: findingsSection(data, charts, links) },
    { id: 'audited', title: 'What was audited', body: auditedSection(data, charts) },
    { id: 'kans', title: 'Kans and rinshan', body: kansSection(data, charts) },
    { id: 'riichi-kans', title: 'Kans in riichi', body: riichiSection(data, charts) },
    { id: 'kandora', title: 'Kandora', body: kandoraSection(data, charts) },
    { id: 'chankan', title: 'Chankan and four kans', body: chankanSection(data, charts) },
    { id: 'scoring', title: 'Scoring and what kans were worth', body: scoringSection(data) },
    { id: 'conformance', title: 'Conformance, knob by knob', body: conformanceSection(data) },
  ];
  if (data.comparison) sections.push({ id: 'rule-sets', title: 'Rule sets side by side', body: comparisonSection(data, charts) });
  if (data.inference) sections.push({ id: 'inferred-rules', title: 'What these logs say the rules are', body: inferenceSection(data.inference) });
  const s = data.ruleSet;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="kanshi report">
<title>kanshi report: ${esc(ruleSetName(s))}, ${esc(fmt(s.readGameCount))} games</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>kanshi report <small>${esc(ruleSetName(s))} · ${esc(fmt(s.readGameCount))} games</small></h1>
<p class="meta">database <code>${esc(data.database)}</code> · schema v${data.features.version} · rule set audited ${esc(s.firstRunAt)} to ${esc(s.lastRunAt)} · report made ${esc(data.generatedAt)}</p>
${data.staleGames > 0 ? `<p class="stale"><strong>${esc(fmt(data.staleGames))} game${data.staleGames === 1 ? '' : 's'} of this rule set ${data.staleGames === 1 ? 'was' : 'were'} read by an older kanshi</strong>: the values added since (riichi declarations, dora by source, win values, game totals) are empty for ${data.staleGames === 1 ? 'it' : 'them'}, and the plots built on them leave ${data.staleGames === 1 ? 'it' : 'them'} out. Run <code>kanshi audit</code> on the same logs again: it re-reads only those.</p>` : ''}
<nav><ul>${sections.map((x) => `<li><a href="#${x.id}">${esc(x.title)}</a></li>`).join('')}</ul></nav>
</header>
<main>
${rulesBlock(s, data.stats.otherRuleSets)}
${sections.map((x) => `<section id="${x.id}">\n<h2>${esc(x.title)}</h2>\n${x.body}\n</section>`).join('\n')}
</main>
<footer>Made by <code>kanshi report</code> from the audit database; the numbers are views of it (<code>kanshi stats</code>, <code>kanshi query</code>). Viewer links open Tenhou’s viewer at the hand (<code>ts</code>) seen from the seat concerned (<code>tw</code>).</footer>
</body>
</html>
`;
}

function rulesBlock(s: RuleSetSummary, others: readonly RuleSetSummary[]): string {
  const rows = KNOBS.map((k) => {
    const value = s.rules[k.name];
    const meaning = k.values.find((v) => v.value === value)?.meaning ?? '';
    return `<tr><th><code>${esc(k.name)}</code></th><td><code>${esc(String(value))}</code></td><td>${esc(meaning)}</td></tr>`;
  }).join('');
  // The knobs, folded: unfolded they filled the first screen and pushed the findings below it.
  const what = isByPlatform(s.profile) ? `<p>${esc(byPlatformText())}.</p>` : '';
  const otherSets =
    others.length === 0
      ? ''
      : `<p>The database holds other rule sets too: ${others.map((o) => `${esc(ruleSetName(o))} (${esc(fmt(o.gameCount))} files)`).join(', ')}; a report of one: <code>kanshi report --profile NAME</code> (or <code>--rules-key</code>).</p>`;
  return `<h2 id="rules">Rule set: ${esc(ruleSetName(s))}</h2>
${what}${otherSets}
<p>${esc(fmt(s.gameCount))} files audited: ${esc(fmt(s.readGameCount))} games read${s.failedGameCount ? `, ${esc(fmt(s.failedGameCount))} files could not be read` : ''}; findings: <span class="sev-error">${esc(fmt(s.errorCount))} errors</span>, <span class="sev-warning">${esc(fmt(s.warningCount))} warnings</span>, <span class="sev-info">${esc(fmt(s.infoCount))} info</span> (<a href="#findings">below</a>).</p>
<details class="knobs"><summary>Its ${KNOBS.length} knobs, and its rules key</summary>
<table><thead><tr><th>knob</th><th>value</th><th>meaning</th></tr></thead><tbody>${rows}</tbody></table>
<p class="meta">rules key <code class="key">${esc(s.rulesKey)}</code></p>
</details>`;
}

function figure(chart: DrawnChart | null | undefined, missing: string): string {
  if (!chart) return `<p class="note">${esc(missing)}</p>`;
  return `<figure class="plot" id="plot-${esc(chart.id)}"><figcaption>${esc(chart.title)}</figcaption>${chart.svg}<p class="caption">${esc(chart.caption)}</p></figure>`;
}

/** A plain table: headings, then rows; numeric columns right-aligned. */
function table(headings: string[], rows: unknown[][], numeric: boolean[] = []): string {
  const th = headings.map((h, i) => `<th${numeric[i] ? ' class="n"' : ''}>${esc(h)}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${r.map((v, i) => `<td${numeric[i] ?? typeof v === 'number' ? ' class="n"' : ''}>${esc(fmt(v))}</td>`).join('')}</tr>`)
    .join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A canned statistics table of `kanshi stats`, the same numbers as on the terminal. */
function statsTableHtml(t: StatsTable | undefined): string {
  if (!t) return '';
  if (t.layout === 'record') {
    const row = t.rows[0] ?? {};
    return table(['', ''], t.columns.map((c) => [c.label, row[c.key] ?? null]));
  }
  if (t.rows.length === 0) return '<p class="note">(none)</p>';
  return table(t.columns.map((c) => c.label), t.rows.map((r) => t.columns.map((c) => r[c.key] ?? null)));
}

function tally(groups: AuditedGroup[], key: (g: AuditedGroup) => string): [string, number][] {
  const m = new Map<string, number>();
  for (const g of groups) m.set(key(g), (m.get(key(g)) ?? 0) + g.games);
  return [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function auditedSection(data: ReportData, charts: Charts): string {
  const ok = data.audited.filter((g) => g.status === 'ok');
  const failed = data.audited.filter((g) => g.status !== 'ok');
  const small = (title: string, rows: [string, number][]) => `<div><h3>${esc(title)}</h3>${table([title.split(' ').pop()!, 'games'], rows)}</div>`;
  const years = tally(ok, (g) => g.year).sort((a, b) => a[0].localeCompare(b[0]));
  return `<p>${esc(fmt(ok.reduce((n, g) => n + g.games, 0)))} games read${failed.length ? `, ${esc(fmt(failed.reduce((n, g) => n + g.games, 0)))} files not (${tally(failed, (g) => g.status).map(([k, n]) => `${esc(k)}: ${n}`).join(', ')})` : ''}.</p>
<div class="grid">
${small('by platform', tally(ok, (g) => g.platform))}
${small('by format', tally(ok, (g) => g.format))}
${small('by lobby', tally(ok, (g) => `${g.players === null ? '?' : `${g.players}p`} ${g.lobby}`))}
${small('by year', years)}
</div>
${figure(charts.gamesByYear, 'No game was read.')}`;
}

/** The finding families (finding_kinds.family) in the order the report shows them, each with its heading. */
const FAMILIES: readonly { family: string; short: string; title: string }[] = [
  { family: 'kan', short: 'kans', title: 'Kans: riichi kans, four kans, chankan, kandora, liability' },
  { family: 'scoring', short: 'scores', title: 'Scores: every win and drawn hand re-scored' },
  { family: 'legality', short: 'every other action', title: 'Every other action: furiten, riichi, calls, aborts, scores carried' },
  { family: 'log', short: 'the log itself', title: 'The log itself: files read, wall, consistency' },
];

function findingsSection(data: ReportData, charts: Charts, links: FindingLinks): string {
  const flags = ruleFlags(data.ruleSet.rules, data.ruleSet.profile);
  const known = new Set(FAMILIES.map((f) => f.family));
  const families = [...FAMILIES, { family: null, short: 'other kinds', title: 'Other kinds' }].map(({ family, short, title }) => {
    const inFamily = (f: string | null) => (family === null ? f === null || !known.has(f) : f === family);
    const groups = data.findings.filter((f) => inFamily(f.family));
    const found = new Set(groups.map((g) => g.kind));
    const clean = data.checkedKinds.filter((k) => inFamily(k.family) && !found.has(k.kind));
    const id = family ?? 'other';
    const count = groups.reduce((n, g) => n + g.findings, 0);
    const part = groups.length === 0 && clean.length === 0 ? '' : familyPart(id, title, groups, clean, data, (r) => pageCell(r, flags, links));
    return { id, short, count, part };
  });
  // One line to each family's part, with its count: a family with nothing found says so at once.
  const shown = families.filter((f) => f.part !== '');
  const index = `<p class="families">By family: ${shown.map((f) => `<a href="#findings-${esc(f.id)}">${esc(f.short)}</a> ${esc(fmt(f.count))}`).join(' · ')}.</p>`;
  const none = data.findings.length === 0 ? '<p>No findings under this rule set.</p>' : figure(charts.findings, '');
  return `${none}
${index}
<p class="note">Findings by family, each kind with the knob that decides it; the kinds checked for that found nothing are named under each. At most ${esc(fmt(data.findingsPerKind))} findings a kind are listed (by game); the link opens Tenhou’s viewer at the hand, seen from the seat concerned. Games without a Tenhou log id (other platforms, files without an id) have no link. ${links.pages?.size ? 'The page link opens the game’s own page (written by <code>kanshi report --games</code>): its dead wall and kans, hand by hand.' : 'The command writes the game’s own page for the finding’s hand (its dead wall and kans); <code>kanshi report --games DIR</code> writes them all and links them here.'}</p>
${shown.map((f) => f.part).join('\n')}`;
}

/** One family's findings: a count a kind, each kind's list, and the kinds checked with nothing found. */
function familyPart(id: string, title: string, groups: readonly FindingGroup[], clean: readonly CheckedKind[], data: ReportData, page: (r: FindingRow) => string): string {
  const knob = (rule: string | null) => {
    if (!rule) return '';
    const value = data.ruleSet.rules[rule as keyof typeof data.ruleSet.rules];
    return value === null || value === undefined ? rule : `${rule} = ${String(value)}`;
  };
  const counts = groups.length > 0 ? table(['severity', 'kind', 'findings', 'games', 'knob', 'when'], groups.map((f) => [f.severity, f.kind, f.findings, f.games, knob(f.rule), f.description])) : '';
  const lists = groups.map((f) => findingList(f, data.findingsPerKind, page)).join('\n');
  const nothing = clean.length > 0 ? `<p class="note checked">Checked, none found: ${clean.map((k) => `<code>${esc(k.kind)}</code>${k.rule ? ` (${esc(knob(k.rule))})` : ''}`).join(', ')}.</p>` : '';
  return `<div class="family" id="findings-${esc(id)}" data-family="${esc(id)}">
<h3>${esc(title)}</h3>
${counts}
${nothing}
${lists}
</div>`;
}

function findingList(f: FindingGroup, cap: number, page: (r: FindingRow) => string): string {
  const rest = f.findings - f.rows.length;
  const rows = f.rows.map((r) => findingRow(r, page(r))).join('');
  const more = rest > 0 ? `<p class="note">… and ${esc(fmt(rest))} more (${esc(fmt(f.findings))} in all; <code>kanshi query "SELECT * FROM findings WHERE kind = '${esc(f.kind)}'"</code>).</p>` : '';
  return `<details class="finding-kind" data-kind="${esc(f.kind)}"${f.rows.length <= 20 ? ' open' : ''}>
<summary><span class="sev-${esc(f.severity)}">${esc(f.severity)}</span> <code>${esc(f.kind)}</code>: ${esc(fmt(f.findings))} in ${esc(fmt(f.games))} games${f.findings > cap ? ` (first ${esc(fmt(cap))} listed)` : ''}</summary>
<table class="findings"><thead><tr><th>game</th><th>hand</th><th>seat</th><th>message</th><th>viewer</th><th>game page</th></tr></thead><tbody>${rows}</tbody></table>
${more}</details>`;
}

function gameCell(logId: string | null, file: string): string {
  return logId ? `<span title="${esc(file)}">${esc(logId)}</span>` : `<span title="${esc(file)}">${esc(basename(file))}</span>`;
}

function seatCell(seat: number | null, player?: string | null): string {
  if (seat === null) return '';
  return player ? `${seat} <span class="meta">${esc(player)}</span>` : String(seat);
}

function linkCell(url: string | null): string {
  return url ? `<a class="viewer" href="${esc(url)}" target="_blank" rel="noopener">view</a>` : '<span class="note">no Tenhou log id</span>';
}

function findingRow(r: FindingRow, page: string): string {
  return `<tr class="finding"><td>${gameCell(r.logId, r.file)}</td><td>${esc(r.handName ?? 'whole game')}</td><td>${seatCell(r.seat, r.player)}</td><td class="msg">${esc(r.message)}</td><td>${linkCell(r.url)}</td><td class="page">${page}</td></tr>`;
}

/** The game's page for a finding: a link to it when written (at the finding's hand), else the command that writes it. */
function pageCell(r: FindingRow, flags: readonly string[], links: FindingLinks): string {
  const href = links.pages?.get(r.file);
  if (href) return `<a class="game-page" href="${esc(href)}${r.hand === null ? '' : `#hand-${r.hand}`}">page</a>`;
  return `<code class="cmd">${esc(replayCommand(r, flags))}</code>`;
}

function kansSection(data: ReportData, charts: Charts): string {
  const t = (k: string) => data.stats.tables.find((x) => x.key === k);
  return `<div class="grid">${figure(charts.kansPerGame, 'No kans in the games audited.')}${figure(charts.rinshan, 'No replacement draws in the games audited.')}</div>
<h3>${esc(t('kansByLobby')?.title)}</h3>${statsTableHtml(t('kansByLobby'))}
<h3>${esc(t('rinshanByKind')?.title)}</h3>${statsTableHtml(t('rinshanByKind'))}`;
}

function riichiSection(data: ReportData, charts: Charts): string {
  const t = (k: string) => data.stats.tables.find((x) => x.key === k);
  const since = data.features.turnsSinceRiichi
    ? 'No kan was made in riichi.'
    : 'Turns since riichi need the riichi declarations of schema v4: audit the logs again with this kanshi (kanshi audit --force).';
  return `<div class="grid">${figure(charts.riichiByTurn, 'No kan was made in riichi.')}${figure(charts.riichiSinceRiichi, since)}</div>
<div class="grid"><div><h3>${esc(t('riichiKans')?.title)}</h3>${statsTableHtml(t('riichiKans'))}</div>
<div><h3>${esc(t('riichiKanVerdicts')?.title)}</h3>${statsTableHtml(t('riichiKanVerdicts'))}</div></div>`;
}

function kandoraSection(data: ReportData, charts: Charts): string {
  const t = data.stats.tables.find((x) => x.key === 'kandoraConformance');
  const hitsMissing = data.features.kandoraDora
    ? 'No win came after a kandora was revealed.'
    : 'The kandora hit rate needs the dora by source of schema v4: audit the logs again with this kanshi (kanshi audit --force).';
  const hits = data.kandoraHits
    ? table(
        ['kandora shown', 'wins', 'first indicator: wins with dora', 'kandora: wins with dora', 'dora per win: first indicator', 'dora per win per kandora indicator'],
        data.kandoraHits.map((h) => [
          h.kandoraIndicators, h.wins, h.firstHits, h.kandoraHits, ratio(h.firstDora, h.wins), h.kandoraIndicators ? ratio(h.kandoraDora, h.wins * h.kandoraIndicators) : null,
        ]),
        [true, true, true, true, true, true],
      )
    : '';
  return `${figure(charts.kandoraHits, hitsMissing)}
${hits}
<h3>Reveal timing</h3>
<p>Rule: <code>kandoraTiming=${esc(String(data.ruleSet.rules.kandoraTiming))}</code>.</p>
<div class="grid">${figure(charts.kandoraConformance, 'No kan revealed a kandora.')}${figure(charts.kandoraTiming, 'No kan revealed a kandora.')}</div>
${statsTableHtml(t)}`;
}

const ratio = (n: number, d: number): number | null => (d === 0 ? null : Number((n / d).toFixed(3)));

function chankanSection(data: ReportData, charts: Charts): string {
  const t = data.stats.tables.find((x) => x.key === 'chankanSuukaikan');
  return `<div class="grid">${figure(charts.chankanFourKans, 'No game was read.')}<div>${statsTableHtml(t)}</div></div>`;
}

function scoringSection(data: ReportData): string {
  const t = (k: string) => data.stats.tables.find((x) => x.key === k);
  return `<p>Every win re-scored under the rule set (yaku, han, fu, points, limit and each seat's payment) and compared with what the log states; a difference is a <code>score-mismatch</code> finding. The wins of a platform scored under another platform's profile differ where the rules do.</p>
<h3>${esc(t('scoreConformance')?.title)}</h3>${statsTableHtml(t('scoreConformance'))}
<h3>${esc(t('kanScoring')?.title)}</h3>${statsTableHtml(t('kanScoring'))}
<p class="note">brought: the han the yaku or the kandora added, the fu of the winner's kans (before rounding), 1 for suukantsu; the han and points are those of the whole win.</p>`;
}

function inferenceSection(r: NonNullable<ReportData['inference']>): string {
  const touched = r.knobs.filter((k) => k.inferred !== null);
  const undecided = (status: string) => r.knobs.filter((k) => k.inferred === null && (k.status ?? 'untouched') === status).map((k) => k.knob);
  const rows = touched.map((k) => {
    const best = k.values.find((v) => v.value === k.inferred)!;
    const others = k.values.filter((v) => v !== best).map((v) => `${v.value}: ${fmt(v.disagree)}`).join(', ');
    return [k.knob, k.inferred ?? '', k.status ?? '', best.agree, best.disagree, others];
  });
  const notDecided = [
    ['untouched', 'no case tells their values apart'],
    ['tie', 'the best values tie'],
    ['convention', "a producer's order of events, not a rule"],
  ]
    .map(([status, words]) => [undecided(status), words] as const)
    .filter(([knobs]) => knobs.length > 0)
    .map(([knobs, words]) => `${knobs.join(', ')} (${words})`);
  return `<p>What <code>kanshi infer --db</code> found on ${esc(fmt(r.gameCount))} games (${esc(fmt(r.winCount))} wins, ${esc(fmt(r.drawnHandCount))} drawn hands, ${esc(fmt(r.kanCount))} kans), ${esc(r.inferredAt)}: every win and drawn hand re-scored under every value of every scoring knob, every kan judged under each kan knob's values; a knob gets a value only where the logs decide it, the one that agrees most often (docs/scoring.md §9). The logs' own errors, which no value explains: ${esc(fmt(r.unexplainedCount))}.</p>
${table(['knob', 'the logs say', 'status', 'agree', 'disagree', 'disagree under the other values'], rows, [false, false, false, true, true, false])}
<p class="note">status: inferred on 3 or more deciding cases, weak on fewer, declared where only the games' own declarations (their GO type, a lobby's csrule) touch the knob (agree and disagree count the undeclared games' cases then). As <code>kanshi audit</code> flags: <code>${esc(r.flags)}</code>. Not decided by these logs: ${esc(notDecided.join('; ') || 'none')}.</p>`;
}

function conformanceSection(data: ReportData): string {
  const intro = `<p>For each knob of the rule set: the places in the logs that could show it, how many do what the rule set says, and examples with viewer links. A knob with no case is one these logs cannot tell about.</p>`;
  const summary = table(
    ['knob', 'value', 'cases', 'conform', 'differ', 'undecided', 'verdict'],
    data.conformance.map((c) => [c.knob, c.value, c.caseCount, c.conforming, c.differing, c.undecided, verdictText(c)]),
    [false, false, true, true, true, true, false],
  );
  return `${intro}${summary}${data.conformance.map(knobCard).join('\n')}`;
}

function verdictText(c: KnobConformance): string {
  if (c.caseCount === 0 && c.differing === 0) return 'not shown by these logs';
  if (c.differing === 0) return 'conforms';
  return `${c.differing} differ`;
}

function knobCard(c: KnobConformance): string {
  const tag = c.caseCount === 0 && c.differing === 0 ? '<span class="tag none">no case</span>' : c.differing === 0 ? '<span class="tag ok">conforms</span>' : `<span class="tag bad">${esc(fmt(c.differing))} differ</span>`;
  const claim = c.profileClaim
    ? `<p class="meta">profile ${esc(c.profileClaim.profile)}: ${c.profileClaim.verified ? 'verified by real logs' : 'not verified by real logs'} (${esc(c.profileClaim.source)})</p>`
    : '';
  const examples = c.examples.length
    ? `<ul>${c.examples.map(exampleItem).join('')}</ul>`
    : '<p class="note">No example in the logs.</p>';
  return `<div class="knob" id="knob-${esc(c.knob)}">
<h3><code>${esc(c.knob)}=${esc(c.value)}</code> ${tag}</h3>
<p>${esc(c.description)}: ${esc(c.meaning)} <span class="meta">(${esc(c.section)})</span></p>
${claim}
<p>Cases: ${esc(c.cases)}: <b>${esc(fmt(c.caseCount))}</b>; conform ${esc(fmt(c.conforming))}, differ ${esc(fmt(c.differing))}${c.undecided ? `, undecided ${esc(fmt(c.undecided))}` : ''}.${c.note ? ` ${esc(c.note)}` : ''}</p>
${examples}
</div>`;
}

function exampleItem(e: ConformanceExample): string {
  const where = [e.logId ?? basename(e.file), e.handName, e.seat === null ? null : `seat ${e.seat}`].filter(Boolean).join(', ');
  const link = e.url ? ` <a class="viewer" href="${esc(e.url)}" target="_blank" rel="noopener">view</a>` : '';
  return `<li class="example ${e.verdict}"><span class="tag ${e.verdict === 'differs' ? 'bad' : 'ok'}">${e.verdict}</span> ${esc(where)}: ${esc(e.text)}${link}</li>`;
}

function comparisonSection(data: ReportData, charts: Charts): string {
  const c = data.comparison!;
  const names = c.ruleSets.map((s) => ruleSetName(s));
  const knobRows = KNOBS.map((k) => {
    const values = c.ruleSets.map((s) => String(s.rules[k.name]));
    return [k.name, ...values];
  });
  const differs = (row: unknown[]) => new Set(row.slice(1)).size > 1;
  const knobTable = `<table><thead><tr><th>knob</th>${names.map((n) => `<th>${esc(n)}</th>`).join('')}</tr></thead><tbody>${knobRows
    .map((r) => `<tr${differs(r) ? ' class="differs"' : ''}><th><code>${esc(r[0])}</code></th>${r.slice(1).map((v) => `<td>${differs(r) ? `<b>${esc(v)}</b>` : esc(v)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
  const games = ['games audited (all)', ...c.ruleSets.map((s) => s.readGameCount)];
  const shared = [`… of the ${num(c.sharedGames[data.ruleSet.ruleSetId])} games of ${ruleSetName(data.ruleSet)}`, ...c.ruleSets.map((s) => c.sharedGames[s.ruleSetId] ?? 0)];
  const findingRows = c.findings.map((f) => [`${f.severity}: ${f.kind}`, ...c.ruleSets.map((s) => f.counts[s.ruleSetId] ?? 0)]);
  return `<p>The database holds ${c.ruleSets.length} rule sets. Findings are counted over the games ${esc(ruleSetName(data.ruleSet))} audited, so each column judges the same games (where that rule set audited them).</p>
${knobTable}
${table(['', ...names], [games, shared, ...findingRows])}
${figure(charts.comparison, 'No findings under any rule set.')}`;
}
