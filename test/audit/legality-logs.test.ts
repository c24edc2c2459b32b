/**
 * The legality checks on real corpus logs, each edited in the test to break one rule (docs/legality.md):
 * the finding's hand and seat come from the edited log and the rule written down, and the same log
 * unedited gives no such finding.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditReplay, type Finding, type FindingKind } from '../../src/audit/index.js';
import { parseLog } from '../../src/ingest/index.js';
import { replayGame } from '../../src/replay/index.js';
import { resolveRules } from '../../src/rules/index.js';
import { countsToMajiang, fromMajiangTile, Majiang } from '../hand/majiang.js';
import { corpusFile } from '../support/corpus.js';
import { kanshiInProcess } from '../support/in-process.js';

function audit(text: string, name: string, overrides: Record<string, string> = {}): Finding[] {
  const game = parseLog(Buffer.from(text), { file: name });
  const rules = resolveRules({ profile: 'tenhou', overrides });
  return auditReplay(replayGame(game, rules), rules).findings;
}

/** Where the findings of a kind are: hand and seat. */
function at(findings: readonly Finding[], kind: FindingKind): { hand: number | null; seat: number | undefined }[] {
  return findings.filter((f) => f.kind === kind).map((f) => ({ hand: f.hand, seat: f.seat }));
}

const kindOfId = (id: number) => id >> 2;
const isTerminalOrHonour = (kind: number) => kind >= 27 || kind % 9 === 0 || kind % 9 === 8;

/** An mjlog split around hand `n` (1-based): the text before it, the hand's tags, the text after. */
function mjlogHand(text: string, n: number): { before: string; hand: string; after: string } {
  const starts = [...text.matchAll(/<INIT /g)].map((m) => m.index);
  const from = starts[n - 1];
  const to = starts[n] ?? text.indexOf('</mjloggm>');
  return { before: text.slice(0, from), hand: text.slice(from, to), after: text.slice(to) };
}

function editHand(text: string, n: number, edit: (hand: string) => string): string {
  const { before, hand, after } = mjlogHand(text, n);
  const edited = edit(hand);
  expect(edited, 'the edit changes the hand').not.toBe(hand);
  return before + edited + after;
}

/** A tenhou.net/6 tile code's kind (11-19 m, 21-29 p, 31-39 s, 41-47 z; 51-53 the red fives). */
function codeKind(code: number): number {
  if (code >= 51) return (code - 51) * 9 + 4;
  return (Math.floor(code / 10) - 1) * 9 + (code % 10) - 1;
}

describe('nine terminals where the log shows no hand (tenhou.net/6)', () => {
  const name = '2019080322gm-00a9-0000-81e85e04.json';
  const text = readFileSync(corpusFile(name), 'utf8');
  const doc = JSON.parse(text) as { log: unknown[][] };
  const r = doc.log.findIndex((round) => (round[16] as unknown[])[0] === '九種九牌');
  const round = doc.log[r] as number[][];
  // The declarer is the seat that drew and did not discard: one draw more than its discards.
  const seat = [0, 1, 2, 3].find((s) => round[5 + 3 * s].length > round[6 + 3 * s].length)!;
  const held = [...round[4 + 3 * seat], ...round[5 + 3 * seat]];
  const kinds = (codes: readonly number[]) => new Set(codes.map(codeKind).filter(isTerminalOrHonour));

  it('the abort as Tenhou wrote it: the declarer on its first draw with nine kinds, no finding', () => {
    expect(r).toBeGreaterThanOrEqual(0);
    expect(round[6 + 3 * seat]).toEqual([]);
    expect(kinds(held).size).toBe(9);
    expect(audit(text, name)).toEqual([]);
  });

  it('edited to eight kinds: abortive-draw-unfounded at the hand and the declarer, kept by the mjlog export', async () => {
    // Swap one terminal or honour the declarer holds once for a simple of which the round shows fewer than four.
    const dealt = round[4 + 3 * seat];
    const i = dealt.findIndex((c) => isTerminalOrHonour(codeKind(c)) && held.filter((h) => codeKind(h) === codeKind(c)).length === 1);
    const seen = doc.log[r].flatMap((x) => (Array.isArray(x) ? x : [])).filter((c): c is number => typeof c === 'number' && c >= 11);
    const simple = [12, 13, 14, 16, 17, 18, 22, 23, 24, 26, 27, 28].find((c) => seen.filter((x) => codeKind(x) === codeKind(c)).length < 4)!;
    dealt[i] = simple;
    const edited = [...dealt, ...round[5 + 3 * seat]];
    expect(kinds(edited).size).toBe(8);
    const editedText = JSON.stringify(doc);
    const expected = [{ hand: r + 1, seat }];
    const findings = audit(editedText, name);
    expect(at(findings, 'abortive-draw-unfounded')).toEqual(expected);
    expect(findings.map((f) => f.kind)).toEqual(['abortive-draw-unfounded']);
    expect(findings[0].message).toMatch(/holds 8 kinds of terminals and honours, not nine/);

    // kanshi export --format mjlog writes the declarer's hand (hai<seat>), as Tenhou's own mjlog does.
    const dir = mkdtempSync(join(tmpdir(), 'kanshi-nine-'));
    const file = join(dir, name);
    writeFileSync(file, editedText);
    const exported = await kanshiInProcess('export', file, '--format', 'mjlog');
    expect(exported.code, exported.stderr).toBe(0);
    const tag = exported.stdout.match(/<RYUUKYOKU type="yao9"[^>]*>/)?.[0] ?? '';
    const hai = tag.match(new RegExp(`hai${seat}="([\\d,]+)"`))?.[1].split(',').map(Number) ?? [];
    expect(hai.map(kindOfId)).toEqual(edited.map(codeKind).sort((a, b) => a - b));
    expect(at(audit(exported.stdout, 'exported.mjlog'), 'abortive-draw-unfounded')).toEqual(expected);
  });
});

describe('nagashi mangan names the seat it pays', () => {
  const name = '2019082700gm-00a9-0000-63d1f136.xml';
  const text = readFileSync(corpusFile(name), 'utf8');
  const tag = 'sc="319,-20,140,-20,221,80,310,-40"';

  it('paid to seat 2, whose discards make it: no finding; paid to seat 1 instead: abortive-draw-unfounded at seat 1', () => {
    expect(mjlogHand(text, 4).hand).toContain(`<RYUUKYOKU type="nm" ba="0,1" ${tag}`);
    expect(at(audit(text, name), 'abortive-draw-unfounded')).toEqual([]);
    // Nagashi mangan needs every discard a terminal or an honour: seat 1 (E tags) discarded a simple.
    const river = [...mjlogHand(text, 4).hand.matchAll(/<E(\d+)\/>/g)].map((m) => kindOfId(Number(m[1])));
    expect(river.some((k) => !isTerminalOrHonour(k))).toBe(true);
    const edited = editHand(text, 4, (hand) => hand.replace(tag, 'sc="319,-20,140,80,221,-20,310,-40"'));
    const findings = audit(edited, name).filter((f) => f.kind === 'abortive-draw-unfounded');
    expect(at(findings, 'abortive-draw-unfounded')).toEqual([{ hand: 4, seat: 1 }]);
    expect(findings[0].message).toMatch(/seat 1 is paid for nagashi mangan, and it discarded \d[mpsz], a simple/);
  });
});

describe('four riichi names the seat whose riichi would be the fourth', () => {
  const name = '2018040923gm-00a9-0000-1833afca.xml';
  const text = readFileSync(corpusFile(name), 'utf8');
  const lastDeclarer = (hand: string) => Number([...hand.matchAll(/<REACH who="(\d)" step="1"\/>/g)].at(-1)?.[1]);

  it('four riichi accepted, then the abort: no finding', () => {
    expect(mjlogHand(text, 3).hand).toContain('<RYUUKYOKU type="reach4"');
    expect(at(audit(text, name), 'abortive-draw-unfounded')).toEqual([]);
  });

  it("the fourth riichi's discard not accepted: unfounded at its seat", () => {
    const edited = editHand(text, 3, (hand) => hand.replace('<REACH who="1" ten="273,230,217,240" step="2"/>', ''));
    expect(at(audit(edited, name), 'abortive-draw-unfounded')).toEqual([{ hand: 3, seat: lastDeclarer(mjlogHand(edited, 3).hand) }]);
  });

  it('three players in riichi: unfounded at the last declarer', () => {
    const edited = editHand(text, 3, (hand) => hand.replace(/<REACH who="1"[^>]*\/>/g, ''));
    const seat = lastDeclarer(mjlogHand(edited, 3).hand);
    expect(seat).toBe(3);
    const findings = audit(edited, name).filter((f) => f.kind === 'abortive-draw-unfounded');
    expect(at(findings, 'abortive-draw-unfounded')).toEqual([{ hand: 3, seat }]);
    expect(findings[0].message).toMatch(/3 players declared riichi, not four/);
  });
});

describe('triple ron and head bump under multipleRon', () => {
  const ron3 = 'mjx-project__mjx__tests_cpp_resources_mjlog_upd-aft-ron3.xml';
  const ron3Text = readFileSync(corpusFile(ron3), 'utf8');
  const abortHand = 7;
  const abortTag = ron3Text.match(/<RYUUKYOKU type="ron3"[^>]*\/>/)![0];
  /** The seat of the discard just before the abort (D, E, F, G are seats 0 to 3). */
  const discarder = 'DEFG'.indexOf(ron3Text.slice(0, ron3Text.indexOf(abortTag)).match(/<([DEFG])\d+\/>$/)![1]);

  it('triple-aborts: the abort is right; all and atamahane pay the rons: multiple-ron-mismatch at the discarder', () => {
    expect(mjlogHand(ron3Text, abortHand).hand).toContain(abortTag);
    expect(audit(ron3Text, ron3).filter((f) => f.kind === 'multiple-ron-mismatch' || f.kind === 'abortive-draw-unfounded')).toEqual([]);
    for (const value of ['all', 'atamahane']) {
      expect(at(audit(ron3Text, ron3, { multipleRon: value }), 'multiple-ron-mismatch'), value).toEqual([{ hand: abortHand, seat: discarder }]);
    }
  });

  it('the three rons paid instead: under triple-aborts multiple-ron-mismatch at the discarder, under all none', () => {
    // Each claimant shown in the abort wins on the discard; the values are left to the score check.
    const tile = Number(ron3Text.slice(0, ron3Text.indexOf(abortTag)).match(/<[DEFG](\d+)\/>$/)![1]);
    const claimants = [...abortTag.matchAll(/hai(\d)="([\d,]+)"/g)].map((m) => ({ seat: Number(m[1]), hai: m[2].split(',').map(Number) }));
    expect(claimants).toHaveLength(3);
    const scores = abortTag.match(/sc="([^"]+)"/)![1];
    const agari = claimants.map(({ seat, hai }) => {
      const hand = [...hai, tile].sort((a, b) => a - b).join(',');
      return `<AGARI ba="1,0" hai="${hand}" machi="${tile}" ten="30,1000,0" yaku="8,1" doraHai="90" who="${seat}" fromWho="${discarder}" sc="${scores}" />`;
    });
    const edited = editHand(ron3Text, abortHand, (hand) => hand.replace(abortTag, agari.join('')));
    expect(at(audit(edited, ron3), 'multiple-ron-mismatch')).toEqual([{ hand: abortHand, seat: discarder }]);
    expect(at(audit(edited, ron3, { multipleRon: 'all' }), 'multiple-ron-mismatch')).toEqual([]);
  });

  it('a triple-ron abort on a discard that completes fewer than three hands: abortive-draw-unfounded at the first that it does not', () => {
    // The hand cut after its first discard, the abort put there (its shown hands dropped).
    const { hand } = mjlogHand(ron3Text, abortHand);
    const first = hand.match(/<([DEFG])(\d+)\/>/)!;
    const seat = 'DEFG'.indexOf(first[1]);
    const tile = Number(first[2]);
    const cut = hand.slice(0, hand.indexOf(first[0]) + first[0].length) + abortTag.replace(/ hai\d="[\d,]*"/g, '');
    const edited = editHand(ron3Text, abortHand, () => cut);
    // Who could ron it: the others' dealt hands (nobody has drawn yet but the dealer), waits by majiang-core.
    const dealt = (s: number) => hand.match(new RegExp(`hai${s}="([\\d,]+)"`))![1].split(',').map(Number);
    const waitsOn = (s: number) => {
      const counts = new Array<number>(34).fill(0);
      for (const id of dealt(s)) counts[kindOfId(id)]++;
      return (Majiang.Util.tingpai(Majiang.Shoupai.fromString(countsToMajiang(counts))) ?? []).map(fromMajiangTile).includes(kindOfId(tile));
    };
    const others = [1, 2, 3].map((i) => (seat + i) % 4);
    const cannot = others.filter((s) => !waitsOn(s));
    expect(cannot.length).toBeGreaterThan(0);
    expect(at(audit(edited, ron3), 'abortive-draw-unfounded')).toEqual([{ hand: abortHand, seat: cannot[0] }]);
  });

  it('atamahane: of a double ron only the first after the discarder wins; the other is named', () => {
    const name = 'mjx-project__mjx__tests_cpp_resources_mjlog_double-ron.xml';
    const text = readFileSync(corpusFile(name), 'utf8');
    const wins = [...text.matchAll(/<AGARI [^>]*who="(\d)" fromWho="(\d)"/g)].map((m) => ({ who: Number(m[1]), from: Number(m[2]), at: m.index }));
    const pair = wins.findIndex((w, i) => i > 0 && wins[i - 1].from === w.from && !text.slice(wins[i - 1].at, w.at).includes('<INIT'));
    const [a, b] = [wins[pair - 1], wins[pair]];
    const hand = text.slice(0, a.at).split('<INIT ').length - 1;
    // In turn order after the discarder, the farther winner is bumped.
    const order = (s: number) => (s - a.from + 4) % 4;
    const bumped = order(a.who) > order(b.who) ? a.who : b.who;
    expect(at(audit(text, name), 'multiple-ron-mismatch')).toEqual([]);
    expect(at(audit(text, name, { multipleRon: 'atamahane' }), 'multiple-ron-mismatch')).toEqual([{ hand, seat: bumped }]);
  });
});

describe('abortiveDraws none names the seat that ended the hand in an abort', () => {
  /** Each abort tag of a Tenhou mjlog and the seat that made it, read from the log: the tag before the abort. */
  function aborts(text: string, type: string): { hand: number; seat: number }[] {
    return [...text.matchAll(new RegExp(`<RYUUKYOKU type="${type}"`, 'g'))].map((m) => {
      const before = text.slice(0, m.index);
      const hand = before.split('<INIT ').length - 1;
      // yao9: the seat whose draw (T, U, V, W) came last; kaze4: the fourth discard's (D, E, F, G); reach4: the last REACH.
      const seat =
        type === 'yao9'
          ? 'TUVW'.indexOf(before.match(/<([TUVW])\d+\/>\s*$/)![1])
          : type === 'kaze4'
            ? 'DEFG'.indexOf(before.match(/<([DEFG])\d+\/>\s*$/)![1])
            : Number([...before.matchAll(/<REACH who="(\d)"/g)].at(-1)![1]);
      return { hand, seat };
    });
  }

  it.each([
    ['2010112714gm-00a9-0000-d497e395.xml', 'yao9'],
    ['2020010103gm-00a9-0000-d1152180.xml', 'kaze4'],
    ['2018040923gm-00a9-0000-1833afca.xml', 'reach4'],
  ])('%s (%s)', (name, type) => {
    const text = readFileSync(corpusFile(name), 'utf8');
    const expected = aborts(text, type);
    expect(expected.length).toBeGreaterThan(0);
    expect(at(audit(text, name), 'abortive-draw-unexpected')).toEqual([]);
    expect(at(audit(text, name, { abortiveDraws: 'none' }), 'abortive-draw-unexpected')).toEqual(expected);
  });
});
