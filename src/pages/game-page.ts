/**
 * One game's kans as a page (`kanshi replay LOG --html FILE`): for each hand with a kan or a kita (or
 * every hand), the dead wall as tiles, each kan as a step (the meld, its replacement tile, its indicator
 * turned as logged beside the rule's moment, chankan and rinshan, the live tiles left), each win's
 * indicators as logged and under the rule, and the hand's findings with the Tenhou viewer link. One
 * self-contained HTML document: CSS and SVG inline, the tiles `<symbol>`s defined once, no script.
 */
import { basename } from 'node:path';
import type { Finding } from '../audit/index.js';
import { viewerLogId, viewerUrl, type GameEvent, type GameLog, type RoundStartEvent } from '../events/index.js';
import { isRevealed, type HandWalls, type KanRecord, type ReplayResult, type HandReplay, type WinRecord } from '../replay/index.js';
import { effectiveRules, platformProfile, type RuleSet } from '../rules/index.js';
import { kindOf, kindToString, tileToString, type TileId } from '../tiles/index.js';
import { wallLayout, type HandWall } from '../wall/index.js';
import { deadWallOf, deadWallSvg, loggedTurned, momentWords, replacementDraws, type DeadWallModel } from './dead-wall.js';
import { gamePageInput, type GamePageInput } from './input.js';
import { BACK_ID, escapeXml as esc, ring, TILE_CSS, TILE_H, TILE_W, tileRow, tileSymbols, tileUse, UNKNOWN_ID } from './tile-svg.js';

export interface GamePageOptions {
  /** Every hand, not only those with a kan or a kita. */
  allHands?: boolean;
  /** Only this hand (1-based), whatever it holds. */
  hand?: number;
  /** Also every hand with a finding (the pages `kanshi report --games` links findings to). */
  withFindings?: boolean;
  /** When the page was made (default now); fixed in tests. */
  now?: Date;
}

export interface GamePage {
  html: string;
  /** The hands drawn (1-based), each with its dead wall. */
  hands: number[];
  findings: Finding[];
  replay: ReplayResult;
}

/** A hand worth a picture by default: one with a kan (robbed ones too) or a kita. */
export const hasKanOrKita = (r: HandReplay): boolean => r.kans.length > 0 || r.kita.length > 0;

/** The page of one game under a rule set: replayed and audited (`gamePageInput`), then drawn. */
export function buildGamePage(file: string, game: GameLog, ruleSet: RuleSet, options: GamePageOptions = {}): GamePage {
  return drawGamePage(gamePageInput(file, game, ruleSet), options);
}

/** The page of a game already replayed and audited: nothing is read, replayed or audited here. */
export function drawGamePage(input: GamePageInput, options: GamePageOptions = {}): GamePage {
  const { file, game, ruleSet, replay, findings } = input;
  const flagged = new Set(options.withFindings ? findings.map((f) => f.hand) : []);
  const shown = replay.hands.filter((r) => (options.hand !== undefined ? r.hand === options.hand : options.allHands || hasKanOrKita(r) || flagged.has(r.hand)));
  const walls = wallsForPictures(game, input.walls);
  const sections = shown.map((r) => handSection(game, replay, r, walls(r), findings.filter((f) => f.hand === r.hand)));
  const html = pageHtml(file, game, ruleSet, replay, findings, shown, sections, options);
  return { html, hands: shown.map((r) => r.hand), findings, replay };
}

/** The walls the replay checked the log against (src/replay's handWalls), for the picture; null for a hand it built none for. */
function wallsForPictures(game: GameLog, walls: HandWalls): (r: HandReplay) => HandWall | null {
  return (r) => {
    const start = r.wall.built ? startOf(game, r) : null;
    return start ? walls.of(r.hand - 1, start).wall : null;
  };
}

const startOf = (game: GameLog, r: HandReplay): RoundStartEvent | null => {
  const e = game.hands[r.hand - 1]?.events[0];
  return e && e.type === 'roundStart' ? e : null;
};

const eventsOf = (game: GameLog, r: HandReplay): readonly GameEvent[] => game.hands[r.hand - 1]?.events ?? [];

const WIND_NAMES = ['East', 'South', 'West', 'North'];

/** 'East 1', with the honba: 'East 1, 2 honba'. */
export function handTitle(r: Pick<HandReplay, 'kyoku' | 'honba'>): string {
  return `${WIND_NAMES[Math.floor(r.kyoku / 4) % 4]} ${(r.kyoku % 4) + 1}${r.honba > 0 ? `, ${r.honba} honba` : ''}`;
}

/** A seat as the page names it: number, seat wind in the hand, and the player's name. */
function seatName(game: GameLog, r: HandReplay, seat: number): string {
  const players = game.rule.playerCount;
  const wind = WIND_NAMES[(seat - r.dealer + players) % players];
  const name = game.players.find((p) => p.seat === seat)?.name;
  return `seat ${seat} (${wind}${name ? `, ${esc(name)}` : ''})`;
}

const kindName = (t: TileId) => kindToString(kindOf(t));

function viewerLink(game: GameLog, seat: number | null | undefined, hand: number | null, text = 'Tenhou viewer'): string {
  const url = viewerUrl(viewerLogId(game), seat ?? 0, hand);
  return url ? `<a class="viewer" href="${esc(url)}" target="_blank" rel="noopener">${text}</a>` : '';
}

// ---------- a hand ----------

function handSection(game: GameLog, replay: ReplayResult, r: HandReplay, wall: HandWall | null, findings: Finding[]): string {
  const start = startOf(game, r);
  const events = eventsOf(game, r);
  const red = game.rule.redFives;
  const layout = wall?.layout ?? wallLayout(game.rule.playerCount);
  const kitaTiles = new Map<number, TileId>();
  for (const x of r.kita) {
    const e = events[x.eventIndex];
    if (e?.type === 'call') kitaTiles.set(x.eventIndex, e.called);
  }
  const model = start ? deadWallOf({ replay: r, start, wall, layout, kitaTiles, redFives: red }) : null;
  const totalDraws = layout.totalDraws - (model?.moved ?? 0);
  const left = totalDraws - r.liveDrawCount;
  const flagged = findings.filter((f) => f.severity !== 'info').length;
  const steps = handSteps(game, replay, r, findings, kitaTiles);
  const placed = new Set(steps.placed);
  const rest = findings.filter((f) => !placed.has(f));
  return `<section class="hand${flagged ? ' flagged' : ''}" id="hand-${r.hand}" data-hand="${r.hand}">
<h2>Hand ${r.hand} <small>${esc(handTitle(r))} · dealer ${seatName(game, r, r.dealer)}</small> ${viewerLink(game, 0, r.hand)}</h2>
<p class="meta">${endingText(game, r)} · ${r.kans.length} kan${r.kans.length === 1 ? '' : 's'}${r.kita.length ? ` · ${r.kita.length} kita` : ''} · live wall: ${layout.totalDraws} draws at the deal${model && model.moved ? `, ${model.moved} moved to the dead wall by kans and kita: ${totalDraws}` : ''}; ${r.liveDrawCount} drawn, ${Math.max(0, left)} left at the end</p>
<div class="hand-body">
<figure class="wall">${model ? deadWallSvg(model, red) : '<p class="note">No dead wall: the hand has no start.</p>'}
<figcaption>${model ? wallCaption(model, r) : ''}</figcaption></figure>
<ol class="steps">${steps.html || '<li class="step none">No kan or kita in this hand.</li>'}</ol>
</div>
${rest.length ? `<h3>Findings of the hand</h3><ul class="findings">${rest.map((f) => findingItem(game, r, f)).join('')}</ul>` : ''}
</section>`;
}

function wallCaption(model: DeadWallModel, r: HandReplay): string {
  const drawn = model.slots.filter((s) => s.marks.includes('used')).length;
  const turned = model.slots.filter((s) => s.role.kind === 'indicator' && s.marks.includes('turned')).length;
  const differs = model.slots.filter((s) => s.marks.includes('differs')).length;
  const source = model.seeded ? 'Every tile from the wall rebuilt from the seed (faded: never seen at the table)' : 'No seed: only the tiles the log shows; grey tiles are unknown';
  return `Left: the far end, where replacement tiles are taken; right: the live wall. ${drawn} replacement tile${drawn === 1 ? '' : 's'} drawn, ${turned} indicator${turned === 1 ? '' : 's'} turned as logged${differs ? `, <b class="differs">${differs} position${differs === 1 ? '' : 's'} where the log and the rule differ</b>` : ''}. ${source}.${r.wall.built || !r.wall.reason ? '' : ` (${esc(r.wall.reason)})`}`;
}

function endingText(game: GameLog, r: HandReplay): string {
  if (r.ending.kind === 'win') {
    return r.wins.map((w) => `${seatName(game, r, w.seat)} wins by ${w.tsumo ? 'tsumo' : `ron on seat ${w.from}`}${w.points !== undefined ? ` (${w.points.toLocaleString('en-US')})` : ''}`).join('; ');
  }
  if (r.ending.kind === 'ryuukyoku') return `drawn hand: ${esc(r.ending.reason ?? '')}`;
  return 'the log stops here (an excerpt)';
}

interface Steps {
  html: string;
  /** The findings shown at a step (the rest are listed under the hand). */
  placed: Finding[];
}

function handSteps(game: GameLog, replay: ReplayResult, r: HandReplay, findings: Finding[], kitaTiles: Map<number, TileId>): Steps {
  const placed: Finding[] = [];
  const at = (eventIndex: number) => {
    const found = findings.filter((f) => f.eventIndex === eventIndex);
    placed.push(...found);
    return found;
  };
  const items: { at: number; html: string }[] = [];
  for (const k of r.kans) items.push({ at: k.eventIndex, html: kanStep(game, replay, r, k, at(k.eventIndex)) });
  const draws = replacementDraws(r);
  for (const x of r.kita) {
    const draw = draws.find((d) => d.by === 'kita' && d.eventIndex === x.eventIndex);
    items.push({ at: x.eventIndex, html: kitaStep(game, r, x, kitaTiles.get(x.eventIndex) ?? null, draw?.n ?? null, at(x.eventIndex)) });
  }
  for (const w of r.wins) items.push({ at: w.eventIndex, html: winStep(game, r, w, at(w.eventIndex)) });
  if (r.ending.kind === 'ryuukyoku' && r.ending.eventIndex !== null && (r.kans.length || r.kita.length)) {
    items.push({ at: r.ending.eventIndex, html: `<li class="step ryuukyoku"><h3>Drawn hand: ${esc(r.ending.reason ?? '')}</h3>${stepFindings(game, r, at(r.ending.eventIndex))}</li>` });
  }
  items.sort((a, b) => a.at - b.at);
  return { html: items.map((i) => i.html).join('\n'), placed };
}

const MELD_DOWN = [0, 3];

/** A kan's four tiles as the table shows them: an ankan with its ends face down, an open kan with the called tile sideways. */
function meldPicture(k: KanRecord, red: boolean, players: number): string {
  const tiles = [...k.tiles];
  if (k.kind === 'ankan') return tileRow(tiles, red, { down: MELD_DOWN, label: `ankan ${kindName(k.tile)}` });
  // The called tile sideways, placed by where it came from (left, across, right of the caller).
  const called = k.kind === 'kakan' ? k.tiles.find((t) => t !== k.tile) ?? k.tile : k.tile;
  const others = tiles.filter((t) => t !== called);
  // Who fed it, counted round the table: the next seat (right), across, or the previous seat (left).
  const offset = (k.from - k.seat + players) % players;
  const pos = offset === players - 1 ? 0 : offset === 2 ? 1 : others.length;
  others.splice(pos, 0, called);
  return tileRow(others, red, { sideways: pos, label: `${k.kind} ${kindName(k.tile)}` });
}

function kanStep(game: GameLog, replay: ReplayResult, r: HandReplay, k: KanRecord, found: Finding[]): string {
  const red = game.rule.redFives;
  const differs = !k.robbed && k.revealVerdict === 'differs';
  const flags = [k.inRiichi ? 'in riichi' : '', k.afterCall ? 'right after a call' : '', k.afterReplacement ? 'chained (after a replacement draw)' : ''].filter(Boolean);
  const cls = ['step', 'kan', k.kind, differs ? 'differs' : '', found.some((f) => f.severity !== 'info') ? 'flagged' : '', k.robbed ? 'robbed' : '', k.rinshanWin ? 'rinshan' : ''].filter(Boolean).join(' ');
  const from = k.kind === 'ankan' ? '' : ` on seat ${k.from}’s ${k.kind === 'kakan' ? 'pon' : 'discard'}`;
  const rows: string[] = [];
  rows.push(row('meld', `${meldPicture(k, red, game.rule.playerCount)} <span>${esc(k.kind)} of ${kindName(k.tile)}${from}</span>`));
  if (k.robbed) {
    const robber = r.wins.find((w) => w.chankan || w.chankanOnAnkan);
    rows.push(row('chankan', `<b class="bad">robbed</b>${robber ? ` by ${seatName(game, r, robber.seat)}` : ''}: no replacement tile, no indicator`));
  } else if (k.replacement) {
    const rep = k.replacement;
    const check = rep.wall.expected === null ? '' : rep.wall.expected === rep.tile ? ', as the wall has it' : `, <b class="bad">the wall has ${tileToString(rep.wall.expected, red)}</b>`;
    rows.push(row('replacement', `${tileRow([rep.tile], red, { label: 'replacement tile' })} <span>R${rep.number + 1}${rep.wall.index !== null ? `, wall index ${rep.wall.index}` : ''}${check}${k.rinshanWin ? ' · <b class="good">wins: rinshan kaihou</b>' : ''}</span>`));
  } else {
    rows.push(row('replacement', k.afterDeclaration === 'ended' ? 'none: the hand ended at the declaration' : k.afterDeclaration === 'went-on' ? '<b class="bad">none: play went on without a replacement draw</b>' : 'none: the log stops'));
  }
  if (!k.robbed) rows.push(row('kandora', indicatorCell(k, red, replay.effectiveKandoraTiming, differs)));
  const liveAfter = k.robbed ? k.liveWallLeft : Math.max(0, k.liveWallLeft - 1);
  rows.push(row('live tiles', `${k.liveWallLeft} left at the declaration${k.robbed ? '' : ` → ${liveAfter}: the haitei end moved one tile into the dead wall`}`));
  return `<li class="${cls}" data-event-index="${k.eventIndex}">
<h3>Kan ${k.number} · ${seatName(game, r, k.seat)} · ${esc(k.kind)} ${kindName(k.tile)} <small>turn ${k.turn}${flags.length ? ` · ${flags.join(', ')}` : ''}</small> ${viewerLink(game, k.seat, r.hand, 'view')}</h3>
<table class="kan-facts">${rows.join('')}</table>${stepFindings(game, r, found)}</li>`;
}

const row = (head: string, body: string) => `<tr><th>${head}</th><td>${body}</td></tr>`;

/** The kan's indicator and its two moments, the log's and the rule's, side by side. */
function indicatorCell(k: KanRecord, red: boolean, timing: string, differs: boolean): string {
  const label = k.kandoraNumber === null ? '' : `K${k.kandoraNumber}`;
  const tile = k.indicator === null ? '' : tileRow([k.indicator], red, { label: `kandora indicator ${label}` });
  const shown = loggedTurned(k) ? 'turned' : isRevealed(k.revealRule) ? 'not turned by the log' : 'not turned';
  return `${tile} <span>${label}${label ? ': ' : ''}${shown}</span>
<table class="moments${differs ? ' differs' : ''}"><tr><th>logged</th><td class="logged">${momentWords(k.revealLogged)}</td></tr><tr><th>rule (${esc(timing)})</th><td class="rule">${momentWords(k.revealRule)}${differs ? ' <b class="differs">(differs)</b>' : ''}</td></tr></table>`;
}

function kitaStep(game: GameLog, r: HandReplay, x: HandReplay['kita'][number], tile: TileId | null, n: number | null, found: Finding[]): string {
  const red = game.rule.redFives;
  return `<li class="step kita" data-event-index="${x.eventIndex}"><h3>Kita · ${seatName(game, r, x.seat)}</h3>
<table class="kan-facts">${row('north', tileRow([tile], red, { label: 'kita' }))}${row('replacement', x.replacement === null ? 'none in the log' : `${tileRow([x.replacement], red, { label: 'replacement tile' })} <span>${n === null ? '' : `R${n + 1}`}</span>`)}</table>${stepFindings(game, r, found)}</li>`;
}

function winStep(game: GameLog, r: HandReplay, w: WinRecord, found: Finding[]): string {
  const red = game.rule.redFives;
  const how = w.tsumo
    ? w.rinshan ? 'tsumo on the replacement tile (rinshan kaihou)' : w.haitei ? 'tsumo on the last tile (haitei)' : 'tsumo'
    : w.chankan ? `ron on seat ${w.from}’s kakan (chankan)` : w.chankanOnAnkan ? `ron on seat ${w.from}’s ankan (chankan)` : w.onKita ? `ron on seat ${w.from}’s kita` : `ron on seat ${w.from}’s discard${w.houtei ? ' (houtei)' : ''}`;
  const view = (v: WinRecord['logged']) => `${tileRow(v.indicators, red, { label: 'indicators' })} <span>dora ${v.dora ?? '?'}</span>${w.riichi ? ` · ura ${tileRow(v.ura, red, { label: 'ura' })} <span>${v.uraDora ?? '?'}</span>` : ''}`;
  const same = sameView(w.logged, w.rule);
  const cls = ['step', 'win', w.rinshan ? 'rinshan' : '', w.chankan || w.chankanOnAnkan ? 'chankan' : '', same ? '' : 'differs'].filter(Boolean).join(' ');
  return `<li class="${cls}" data-event-index="${w.eventIndex}"><h3>Win · ${seatName(game, r, w.seat)} · ${how} ${tileRow([w.winningTile], red, { label: 'winning tile' })} ${viewerLink(game, w.seat, r.hand, 'view')}</h3>
<table class="kan-facts">${row('logged', view(w.logged))}${row('rule', same ? 'the same' : `${view(w.rule)} <b class="differs">(differs)</b>`)}</table>${stepFindings(game, r, found)}</li>`;
}

function sameView(a: WinRecord['logged'], b: WinRecord['logged']): boolean {
  return a.indicators.join() === b.indicators.join() && a.ura.join() === b.ura.join() && a.dora === b.dora && a.uraDora === b.uraDora;
}

function stepFindings(game: GameLog, r: HandReplay, found: Finding[]): string {
  return found.length ? `<ul class="findings">${found.map((f) => findingItem(game, r, f)).join('')}</ul>` : '';
}

function findingItem(game: GameLog, r: HandReplay | null, f: Finding): string {
  const link = r ? viewerLink(game, f.seat ?? null, r.hand, 'view') : '';
  return `<li class="finding sev-${f.severity}" data-kind="${esc(f.kind)}"><span class="sev">${esc(f.severity)}</span> <code>${esc(f.kind)}</code>${f.eventIndex !== null ? ` <small>event ${f.eventIndex}</small>` : ''}: ${esc(f.message)} ${link}</li>`;
}

// ---------- the page ----------

const CSS = `
:root { --fg: #1d1d1f; --muted: #66666b; --line: #dcdce0; --accent: #2f5d8a; --used: #2b6cb0; --turned: #dd8a00; --differs: #d62728; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 Helvetica, Arial, sans-serif; color: var(--fg); background: #fff; }
header, main, footer { max-width: 1180px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 16px; border-bottom: 1px solid var(--line); }
h1 { font-size: 22px; margin: 0 0 4px; } h1 small, h2 small, h3 small { font-weight: normal; color: var(--muted); }
h2 { font-size: 18px; margin: 26px 0 4px; padding-top: 8px; border-top: 2px solid var(--accent); }
h3 { font-size: 14px; margin: 0 0 4px; }
a { color: var(--accent); } a.viewer { font-size: 12px; font-weight: normal; }
p.meta, p.note, figcaption { color: var(--muted); margin: 4px 0 8px; }
table { border-collapse: collapse; font-size: 13px; }
th, td { text-align: left; vertical-align: middle; padding: 2px 10px 2px 0; }
table.hands th, table.hands td, table.players th, table.players td { border-bottom: 1px solid var(--line); }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.kan-hand td:first-child a { font-weight: 600; }
.hand-body { display: flex; flex-wrap: wrap; gap: 8px 28px; align-items: flex-start; }
figure.wall { margin: 6px 0; max-width: 480px; }
figure.wall svg { display: block; max-width: 100%; height: auto; }
ol.steps { list-style: none; padding: 0; margin: 6px 0; flex: 1 1 520px; }
li.step { border: 1px solid var(--line); border-left: 4px solid var(--line); border-radius: 4px; padding: 6px 10px; margin: 0 0 8px; }
li.step.kan { border-left-color: var(--used); } li.step.win { border-left-color: #2f855a; } li.step.kita { border-left-color: #805ad5; }
li.step.differs, li.step.flagged { border-left-color: var(--differs); background: #fff7f6; }
table.kan-facts > tbody > tr > th { color: var(--muted); font-weight: normal; width: 84px; }
table.kan-facts td > span { vertical-align: middle; }
table.moments { display: inline-table; margin-left: 10px; vertical-align: middle; }
table.moments th { font-weight: normal; color: var(--muted); padding-right: 6px; }
table.moments.differs td { color: var(--differs); font-weight: 600; }
svg.tiles { vertical-align: middle; }
b.differs, b.bad { color: var(--differs); } b.good { color: #2f855a; }
ul.findings { margin: 4px 0 0 18px; padding: 0; }
.sev-error .sev { color: #b3261e; font-weight: 600; } .sev-warning .sev { color: #a15c00; font-weight: 600; } .sev-info .sev { color: var(--accent); }
code { font-size: 12.5px; background: #f4f4f6; padding: 0 3px; }
.ring { fill: none; stroke-width: 2.6; }
.ring.used { stroke: var(--used); } .ring.turned { stroke: var(--turned); }
.ring.rule { stroke: var(--turned); stroke-dasharray: 4 3; } .ring.differs { stroke: var(--differs); stroke-width: 2.2; }
.dim { opacity: .42; }
g.live use { opacity: .25; }
.lbl { font: 10px sans-serif; fill: #555; text-anchor: middle; }
.edge { font: 9px sans-serif; fill: #888; } .edge-arrow { stroke: #888; fill: none; stroke-width: 1.2; }
.split { stroke: #999; stroke-dasharray: 3 3; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 18px; align-items: center; margin: 6px 0 10px; color: var(--muted); font-size: 12.5px; }
.legend svg { vertical-align: middle; }
${TILE_CSS}`;

function legend(): string {
  const item = (body: string, text: string) => `<span><svg viewBox="-4 -4 ${TILE_W + 8} ${TILE_H + 8}" width="${Math.round((TILE_W + 8) * 0.75)}" height="${Math.round((TILE_H + 8) * 0.75)}">${body}</svg> ${text}</span>`;
  const face = (cls?: string) => tileUse('t5p', 0, 0, { cls });
  return `<div class="legend">${[
    item(face() + ring('used', 0, 0), 'replacement tile drawn'),
    item(face() + ring('turned', 0, 0), 'indicator or ura turned over (as logged)'),
    item(face('dim') + ring('rule', 0, 0), 'the rule turns it, the log does not'),
    item(face() + ring('differs', 0, 0), 'the log and the rule differ'),
    item(face('dim'), 'from the seed, never seen'),
    item(tileUse(UNKNOWN_ID, 0, 0), 'unknown (no seed)'),
    item(tileUse(BACK_ID, 0, 0), 'face down'),
  ].join('')}<span>R1…: replacement tiles in drawing order · D: dora indicator · K1…: kandora · U, U1…: ura, kan-ura</span></div>`;
}

/**
 * Which values judged the game where they are not the rule set's row: its platform's profile (rule set
 * `platform`), what its log declares and with what, and what the command line pinned (docs/kan-rules.md §7).
 */
function judgedRulesText(game: GameLog, replay: ReplayResult, ruleSet: RuleSet): string {
  const parts: string[] = [];
  if (ruleSet.byPlatform) parts.push(`judged by ${platformProfile(game.platform)}'s values, its platform's profile`);
  const judged = Object.entries(effectiveRules(replay.gameRules));
  const declared = judged.filter(([, e]) => e?.from === 'declared').map(([k, e]) => `${k} ${String(e!.value)}${e!.by ? ` (${e!.by})` : ''}`);
  const pinned = judged.filter(([, e]) => e?.from === 'flag').map(([k, e]) => `${k} ${String(e!.value)}`);
  if (declared.length) parts.push(`declared by the log: ${declared.join('; ')}`);
  if (pinned.length) parts.push(`given on the command line: ${pinned.join('; ')}`);
  return parts.length ? parts.join(' · ') : 'every knob as the rule set says';
}

function pageHtml(
  file: string,
  game: GameLog,
  ruleSet: RuleSet,
  replay: ReplayResult,
  findings: Finding[],
  shown: HandReplay[],
  sections: string[],
  options: GamePageOptions,
): string {
  const name = game.logId ?? basename(file);
  const timing = replay.effectiveKandoraTiming === replay.kandoraTiming ? replay.kandoraTiming : `${replay.kandoraTiming} (${replay.effectiveKandoraTiming} in this game)`;
  const shownSet = new Set(shown.map((r) => r.hand));
  const perHand = (hand: number) => findings.filter((f) => f.hand === hand);
  const handRows = replay.hands.map((r) => {
    const fs = perHand(r.hand);
    const kinds = [...new Set(fs.map((f) => f.kind))].join(', ');
    const cell = shownSet.has(r.hand) ? `<a href="#hand-${r.hand}">${r.hand}</a>` : String(r.hand);
    return `<tr${hasKanOrKita(r) ? ' class="kan-hand"' : ''}><td class="n">${cell}</td><td>${esc(handTitle(r))}</td><td class="n">${r.kans.length || ''}</td><td class="n">${r.kita.length || ''}</td><td>${r.ending.kind === 'win' ? (r.wins.some((w) => w.rinshan) ? 'rinshan kaihou' : r.wins.some((w) => w.chankan || w.chankanOnAnkan) ? 'chankan' : r.wins.every((w) => w.tsumo) ? 'tsumo' : 'ron') : r.ending.kind === 'ryuukyoku' ? esc(r.ending.reason ?? '') : 'excerpt'}</td><td>${fs.length ? `${fs.length} <small>${esc(kinds)}</small>` : ''}</td></tr>`;
  });
  const players = game.players
    .map((p) => `<tr><td class="n">${p.seat}</td><td>${esc(p.name)}</td><td>${esc(p.danName ?? '')}</td><td class="n">${p.rate ?? ''}</td><td class="n">${game.final ? (game.final.scores[p.seat] ?? '').toLocaleString('en-US') : ''}</td></tr>`)
    .join('');
  const gameFindings = findings.filter((f) => f.hand === null);
  const noSeed = replay.seeded ? `wall rebuilt from the seed: ${replay.checkedTileCount.toLocaleString('en-US')} tiles checked, ${replay.wallMismatches.length} mismatches` : `no wall: ${esc(replay.seedNote ?? '')}; only the tiles the log shows are drawn`;
  // Every face, a 3-player page's too: a log that shows a 2m there still draws it.
  const symbols = tileSymbols();
  const which = options.hand !== undefined ? `hand ${options.hand}` : options.allHands ? 'every hand' : 'the hands with a kan or a kita';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="kanshi replay --html">
<title>kanshi: ${esc(name)}, the dead wall hand by hand</title>
<style>${CSS}</style>
</head>
<body>
${symbols}
<header>
<h1>${esc(name)} <small>${game.rule.playerCount}-player ${esc(game.rule.label)} · ${esc(game.format)}${game.platform !== 'tenhou' ? ` · ${esc(game.platform)}` : ''}</small> ${viewerLink(game, 0, null, 'Tenhou viewer')}</h1>
<p class="meta">rule set <code>${esc(ruleSet.profile ?? ruleSet.key)}</code> · kandora timing <code>${esc(timing)}</code> · ${noSeed} · ${findings.length} finding${findings.length === 1 ? '' : 's'} · showing ${which} · made ${esc((options.now ?? new Date()).toISOString())}</p>
<p class="meta rules">rules: ${esc(judgedRulesText(game, replay, ruleSet))}</p>
<table class="players"><thead><tr><th>seat</th><th>player</th><th>rank</th><th>rate</th><th>final score</th></tr></thead><tbody>${players}</tbody></table>
${legend()}
<details${replay.hands.length <= 20 ? ' open' : ''}><summary>${replay.hands.length} hands: ${replay.hands.filter(hasKanOrKita).length} with a kan or a kita</summary>
<table class="hands"><thead><tr><th>hand</th><th></th><th>kans</th><th>kita</th><th>ending</th><th>findings</th></tr></thead><tbody>${handRows.join('')}</tbody></table></details>
${gameFindings.length ? `<h3>Findings of the whole game</h3><ul class="findings">${gameFindings.map((f) => findingItem(game, null, f)).join('')}</ul>` : ''}
</header>
<main>
${sections.join('\n') || '<p class="note">No hand to show: this game has no kan and no kita (--all-hands shows every hand).</p>'}
</main>
<footer><p class="note">Made by <code>kanshi replay --html</code>. “logged” is what the log shows; “rule” is what the kandora timing of the rule set gives. Tiles: kanshi’s notation drawn as SVG (0m/0p/0s red fives, with a corner dot).</p></footer>
</body>
</html>
`;
}
