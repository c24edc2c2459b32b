/**
 * The parse-and-score peer: what a JavaScript user would run to check a Tenhou log's scores without kanshi.
 * @kobalab/tenhou-log (`convlog`) reads each four-player mjlog into 電脳麻将's paipu; @kobalab/majiang-core
 * replays every hand of it (a `Shoupai` per seat, every draw, discard, call and kan) and re-scores every win
 * with `Majiang.Util.hule`, from the replayed hand and the situation the replay tracked (riichi, ippatsu,
 * first go-round, rinshan, chankan, last tile, dora indicators revealed, honba, riichi sticks). Only the ura
 * indicators are taken from the log (a replay cannot know them). The win agrees when its points and every
 * seat's score change equal the log's.
 *
 * Written for the bench, independently of kanshi's code (test/score/majiang.ts feeds kanshi's own
 * WinInput to the same scorer; this peer knows nothing of kanshi).
 *
 *   node dist/bench/peer-score.js [--runs N]      (after npm run build)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

// The two packages' shapes, as far as the peer uses them.
interface Shoupai {
  readonly lizhi: boolean;
  zimo(p: string, check?: boolean): Shoupai;
  dapai(p: string, check?: boolean): Shoupai;
  fulou(m: string, check?: boolean): Shoupai;
  gang(m: string, check?: boolean): Shoupai;
  clone(): Shoupai;
}

interface HuleResult {
  defen: number;
  fenpei: number[];
  fu?: number;
  fanshu?: number;
  damanguan?: number;
}

interface MajiangCore {
  rule(param?: Record<string, unknown>): Record<string, unknown>;
  Shoupai: { fromString(text: string): Shoupai };
  Util: {
    hule(shoupai: Shoupai, rongpai: string | null, param: unknown): HuleResult | undefined;
    hule_param(param: Record<string, unknown>): unknown;
  };
}

interface Qipai {
  zhuangfeng: number;
  jushu: number;
  changbang: number;
  lizhibang: number;
  baopai: string;
  shoupai: string[];
}

interface LoggedHule {
  l: number;
  shoupai: string;
  baojia: number | null;
  fubaopai: string[] | null;
  defen: number;
  fenpei: number[];
}

type Entry =
  | { qipai: Qipai }
  | { zimo: { l: number; p: string } }
  | { gangzimo: { l: number; p: string } }
  | { dapai: { l: number; p: string } }
  | { fulou: { l: number; m: string } }
  | { gang: { l: number; m: string } }
  | { kaigang: { baopai: string } }
  | { hule: LoggedHule }
  | { pingju: unknown };

interface Paipu {
  title: string;
  log: Entry[][];
}

const require = createRequire(import.meta.url);
const convlog = require('@kobalab/tenhou-log') as (xml: string, id?: string) => Paipu;
const Majiang = require('@kobalab/majiang-core') as MajiangCore;

/** What the peer found in one pass. */
export interface ScorePeerPass {
  /** Files convlog read (four-player). */
  games: number;
  /** Files convlog or the replay refused. */
  refused: number;
  wins: number;
  /** Wins whose points and score changes majiang-core's score equals. */
  agree: number;
  /** The first few disagreements, for a reader to look at. */
  disagreements: string[];
}

/**
 * The game's rule as majiang-core has knobs for Tenhou's: red fives and open tanyao from the lobby (the
 * first line of convlog's title: `赤` red fives, `喰` open tanyao), kiriage mangan in chip (祝儀) games
 * (GO type bit 0x200, which convlog does not read), the rest Tenhou's fixed rule (a double-wind pair 4 fu,
 * yakuman that combine but no double yakuman, kazoe yakuman, pao). Five-chip games' 1,500-point honba
 * majiang-core has no knob for.
 */
function ruleOf(title: string, goType: number): Record<string, unknown> {
  const lobby = title.split('\n')[0];
  const red = lobby.includes('赤') ? 1 : 0;
  return Majiang.rule({
    '赤牌': { m: red, p: red, s: red },
    'クイタンあり': lobby.includes('喰'),
    '連風牌は2符': false,
    '役満の複合あり': true,
    'ダブル役満あり': false,
    '数え役満あり': true,
    '役満パオあり': true,
    '切り上げ満貫あり': (goType & 0x200) !== 0,
  });
}

/** A tile as majiang-core's notation has it, without the marks a discard carries (`_` tsumogiri, `*` riichi). */
function tileOf(p: string): string {
  return p.slice(0, 2);
}

/** Replays one hand and scores its wins; returns [wins, agreeing wins], disagreements appended to `notes`. */
function playHand(hand: Entry[], rule: Record<string, unknown>, id: string, notes: string[]): [number, number] {
  const first = hand[0] as { qipai: Qipai };
  const q = first.qipai;
  const shoupai = q.shoupai.map((s) => Majiang.Shoupai.fromString(s));
  const baopai = [q.baopai];
  const lizhi = [0, 0, 0, 0];
  const yifa = [false, false, false, false];
  let lizhibang = q.lizhibang;
  const changbang = q.changbang;
  let liveTiles = 136 - 14 - 13 * 4; // tiles left to draw before the last one
  let firstGoRound = true; // no call yet, and the last seat's first discard not made
  let pendingRiichi = -1; // a riichi discard not yet passed (its stick is paid when no one rons it)
  let lastDiscard = '';
  let lastGang: { l: number; m: string } | null = null; // a kakan or ankan that can be robbed
  let rinshan = false; // the hand's last draw was a replacement tile
  const wins: LoggedHule[] = [];
  const acceptRiichi = (): void => {
    if (pendingRiichi >= 0) {
      lizhibang++;
      pendingRiichi = -1;
    }
  };
  for (let i = 1; i < hand.length; i++) {
    const e = hand[i];
    if ('dapai' in e) {
      const { l, p } = e.dapai;
      shoupai[l].dapai(p);
      yifa[l] = false;
      if (p.endsWith('*')) {
        lizhi[l] = firstGoRound ? 2 : 1;
        yifa[l] = true;
        pendingRiichi = l;
      }
      if (firstGoRound && l === 3) firstGoRound = false;
      lastDiscard = tileOf(p);
      rinshan = false;
    } else if ('zimo' in e) {
      acceptRiichi();
      shoupai[e.zimo.l].zimo(e.zimo.p);
      liveTiles--;
      rinshan = false;
      lastGang = null;
    } else if ('gangzimo' in e) {
      shoupai[e.gangzimo.l].zimo(e.gangzimo.p);
      liveTiles--; // the dead wall is topped up from the live wall's end
      rinshan = true;
      lastGang = null;
      firstGoRound = false;
      yifa.fill(false);
    } else if ('fulou' in e) {
      acceptRiichi();
      shoupai[e.fulou.l].fulou(e.fulou.m);
      firstGoRound = false;
      yifa.fill(false);
    } else if ('gang' in e) {
      shoupai[e.gang.l].gang(e.gang.m);
      lastGang = e.gang;
    } else if ('kaigang' in e) {
      baopai.push(e.kaigang.baopai);
    } else if ('hule' in e) {
      wins.push(e.hule);
    }
  }
  // Scored at the hand's end: convlog writes a kandora revealed just before a win after the win.
  let agree = 0;
  for (let w = 0; w < wins.length; w++) {
    const h = wins[w];
    const l = h.l;
    let rongpai: string | null = null;
    let chankan = false;
    if (h.baojia !== null) {
      const dir = '_+=-'[(4 + h.baojia - l) % 4];
      if (lastGang !== null && lastGang.l === h.baojia) {
        // robbing a kan: the added tile of a kakan (its last digit), the kind of an ankan
        chankan = true;
        rongpai = lastGang.m[0] + lastGang.m[lastGang.m.length - 1] + dir;
      } else {
        rongpai = lastDiscard + dir;
      }
    }
    const param = Majiang.Util.hule_param({
      rule,
      zhuangfeng: q.zhuangfeng,
      menfeng: l,
      lizhi: lizhi[l],
      yifa: yifa[l],
      qianggang: chankan,
      lingshang: rinshan && rongpai === null,
      haidi: liveTiles > 0 || (rinshan && rongpai === null) ? 0 : rongpai === null ? 1 : 2,
      tianhu: firstGoRound && rongpai === null ? (l === 0 ? 1 : 2) : 0,
      baopai,
      fubaopai: lizhi[l] ? h.fubaopai : null,
      // a double ron: the first winner in turn from the discarder takes the honba and the sticks
      changbang: w === 0 ? changbang : 0,
      lizhibang: w === 0 ? lizhibang : 0,
    });
    const score = Majiang.Util.hule(shoupai[l].clone(), rongpai, param);
    const same =
      score !== undefined && score.defen === h.defen && score.fenpei.every((d, seat) => d === h.fenpei[seat]);
    if (same) agree++;
    else if (notes.length < 20) {
      notes.push(
        `${id} hand ${q.zhuangfeng}-${q.jushu}-${q.changbang} seat ${l}: logged ${h.defen} [${h.fenpei}] ${h.shoupai}; ` +
          `majiang-core ${score ? `${score.defen} [${score.fenpei}] ${score.fanshu ?? ''}han ${score.fu ?? ''}fu` : 'no win'}`,
      );
    }
  }
  return [wins.length, agree];
}

/** The four-player mjlog/xml files among `files` (tenhou.net/6 JSON and three-player logs aside), as text. */
export function fourPlayerLogs(files: readonly string[]): string[] {
  return files.filter((f) => fourPlayerMjlogText(f) !== null);
}

/**
 * A file's text when it is mjlog XML of a four-player game (GO type without the three-player bit 0x10),
 * else null; tenhou.net/6 JSON files are not read.
 */
export function fourPlayerMjlogText(file: string): string | null {
  if (file.endsWith('.json') || file.endsWith('.jsonl')) return null;
  const text = readText(file);
  const type = /<GO type="(\d+)"/.exec(text);
  return type !== null && (Number(type[1]) & 0x10) === 0 ? text : null;
}

function readText(file: string): string {
  let b = readFileSync(file);
  if (b[0] === 0x1f && b[1] === 0x8b) b = gunzipSync(b);
  return b.toString('utf8');
}

/** One pass: read, convert, replay and score every file (read and gunzip included). */
export function scorePeerPass(files: readonly string[]): ScorePeerPass {
  const out: ScorePeerPass = { games: 0, refused: 0, wins: 0, agree: 0, disagreements: [] };
  for (const f of files) scorePeerGame(readText(f), f, out);
  return out;
}

/** Converts, replays and scores one log's XML, counting it into `out`. */
export function scorePeerGame(xml: string, file: string, out: ScorePeerPass): void {
  let paipu: Paipu;
  try {
    paipu = convlog(xml, file);
  } catch {
    out.refused++;
    return;
  }
  const rule = ruleOf(paipu.title, Number(/<GO type="(\d+)"/.exec(xml)?.[1] ?? 0));
  const id = file.slice(file.lastIndexOf('/') + 1);
  let wins = 0;
  let agree = 0;
  try {
    for (const hand of paipu.log) {
      const [w, a] = playHand(hand, rule, id, out.disagreements);
      wins += w;
      agree += a;
    }
  } catch (err) {
    out.refused++;
    if (out.disagreements.length < 20) out.disagreements.push(`${id}: refused (${err instanceof Error ? err.message : String(err)})`);
    return;
  }
  out.games++;
  out.wins += wins;
  out.agree += agree;
}

export interface ScorePeerResult extends ScorePeerPass {
  /** games/s of each timed pass. */
  rates: number[];
  /** CPU time (user + system, this process) a game in the best pass, ms. */
  cpuMsPerGame: number;
}

/** Warm (one pass first), in-process, one thread: `runs` timed passes. */
export function scorePeer(files: readonly string[], runs = 3): ScorePeerResult {
  const first = scorePeerPass(files);
  const rates: number[] = [];
  let cpuMsPerGame = Infinity;
  for (let r = 0; r < runs; r++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const pass = scorePeerPass(files);
    const seconds = (performance.now() - t) / 1000;
    const used = process.cpuUsage(cpu);
    rates.push(pass.games / seconds);
    cpuMsPerGame = Math.min(cpuMsPerGame, (used.user + used.system) / 1000 / pass.games);
  }
  return { ...first, rates, cpuMsPerGame };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { corpusLogFiles } = await import('./corpus.js');
  const args = process.argv.slice(2);
  const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
  const files = fourPlayerLogs(corpusLogFiles());
  const r = scorePeer(files, runs);
  process.stdout.write(
    `peer: @kobalab/tenhou-log + @kobalab/majiang-core hule, ${files.length} four-player mjlog files, ${r.games} read, ${r.refused} refused\n` +
      `wins agreeing with the log's points and score changes: ${r.agree} of ${r.wins}\n` +
      `${r.rates.map((x) => x.toFixed(0)).join(', ')} games/s (best ${Math.max(...r.rates).toFixed(0)}), ${r.cpuMsPerGame.toFixed(2)} ms CPU a game (best pass)\n`,
  );
  for (const d of r.disagreements) process.stdout.write(`  ${d}\n`);
}
