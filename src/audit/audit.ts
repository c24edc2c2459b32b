/**
 * One game's audit: every check, each a pure function of the replay and the rules.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { GameLog } from '../events/index.js';
import { IngestError } from '../formats/index.js';
import { replayGame, type ReplayResult } from '../replay/index.js';
import { declarationOf, type GameRules, type RuleSet, type Rules } from '../rules/index.js';
import { checkChankan } from './chankan.js';
import { finding, type Finding } from './findings.js';
import { checkFourKans } from './four-kans.js';
import { checkIntegrity } from './integrity.js';
import { checkLegality } from './legality.js';
import { checkDaiminkanPayments } from './payments.js';
import { checkRestrictions } from './restrictions.js';
import { checkRiichiKans } from './riichi-kans.js';
import { checkScores } from './scores.js';
import type { GameAudit, GameMeta, RiichiKanVerdict } from './types.js';
import { checkWins } from './wins.js';

/**
 * The findings and riichi-kan verdicts of a replayed game. `redFives`: the game has red fives (its rule
 * says so), for the messages that name tiles (`0m` for a red five, docs/vocabulary.md).
 */
export function auditReplay(replay: ReplayResult, rules: Rules, redFives = false): { findings: Finding[]; riichiKans: RiichiKanVerdict[] } {
  const riichi = checkRiichiKans(replay, rules);
  const payments = checkDaiminkanPayments(replay.hands, rules);
  const findings = [
    ...riichi.findings,
    ...checkFourKans(replay.hands, rules),
    ...checkChankan(replay.hands, rules),
    ...checkRestrictions(replay.hands),
    ...payments,
    ...checkScores(replay, payments),
    ...checkWins(replay, redFives),
    ...checkLegality(replay, rules),
    ...checkIntegrity(replay),
  ];
  findings.sort((a, b) => (a.hand ?? 0) - (b.hand ?? 0) || (a.eventIndex ?? -1) - (b.eventIndex ?? -1));
  return { findings, riichiKans: riichi.verdicts };
}

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The content hash a file that was not read whole is stored under: one per path (absolute, so the same
 * file named from another folder is the same record). The writer clears the record kept under it once
 * the file at that path is read.
 */
export function unreadHash(path: string): string {
  return contentHash(Buffer.from(`unreadable:${resolve(path)}`));
}

/**
 * The game without its hands. Named fields in one literal, not `{ ...rest }`: a copied object gets a
 * hidden class of its own (docs/PERFORMANCE.md).
 */
export function gameMeta(game: GameLog): GameMeta {
  return {
    format: game.format,
    platform: game.platform,
    gzip: game.gzip,
    logId: game.logId,
    rule: game.rule,
    lobby: game.lobby,
    players: game.players,
    seed: game.seed,
    final: game.final,
    title: game.title,
    handCount: game.hands.length,
  };
}

/** An audit as one object literal (one hidden class for every game; see gameMeta). */
function gameAudit(file: string, hash: string, ruleSet: RuleSet, rest: Pick<GameAudit, 'game' | 'replay' | 'riichiKans' | 'findings'>): GameAudit {
  return {
    file,
    contentHash: hash,
    ruleSet,
    game: rest.game,
    replay: rest.replay,
    riichiKans: rest.riichiKans,
    findings: rest.findings,
  };
}

/**
 * Says on a finding which value of its knob judged the game, and where it came from; a value the game's
 * log declares, or a flag gave over it, is named in the message too.
 */
function judgedBy(f: Finding, judged: GameRules): void {
  const knob = f.rule!;
  const value = judged.rules[knob];
  const from = judged.from[knob];
  const declaration = declarationOf(judged.declared, knob);
  f.judgedBy = from === 'declared' && declaration ? { value, from, by: declaration.by } : { value, from };
  if (from === 'declared' && declaration) f.message += ` (${knob} ${String(value)}: the game declares it, ${declaration.by})`;
  else if (from === 'flag' && declaration && declaration.value !== value) f.message += ` (${knob} ${String(value)}: given on the command line; the game declares ${String(declaration.value)})`;
}

/**
 * The findings and riichi-kan verdicts of a replayed game under the rules that judged it (the replay's
 * gameRules), each finding with its knob's value and where it came from, and a lobby's settings no knob
 * applies said first. `redFives`: the game has red fives, for the messages that name tiles.
 */
export function judgeReplay(replay: ReplayResult, redFives = false): { findings: Finding[]; riichiKans: RiichiKanVerdict[] } {
  const judged = replay.gameRules;
  const { findings, riichiKans } = auditReplay(replay, judged.rules, redFives);
  const { notApplied, unknownBits } = judged.declared;
  if (notApplied.length > 0 || unknownBits.length > 0) {
    const parts = [...(notApplied.length > 0 ? [`sets what no knob applies: ${notApplied.join(', ')}`] : []), ...(unknownBits.length > 0 ? [`sets bits no public source explains: ${unknownBits.join(', ')}`] : [])];
    findings.unshift(
      finding('lobby-rule-not-applied', { hand: null, eventIndex: null }, `the game's lobby rule ${parts.join('; and ')}`, { settings: [...notApplied], unknownBits: [...unknownBits] }),
    );
  }
  for (const f of findings) if (f.rule) judgedBy(f, judged);
  return { findings, riichiKans };
}

/** Audits one parsed game. */
export function auditGame(file: string, hash: string, game: GameLog, ruleSet: RuleSet): GameAudit {
  const replay = replayGame(game, ruleSet);
  const { findings, riichiKans } = judgeReplay(replay, game.rule.redFives);
  return gameAudit(file, hash, ruleSet, { game: gameMeta(game), replay, riichiKans, findings });
}

/** The audit of a file that could not be read: one ingest-error finding. */
export function failedAudit(file: string, hash: string, err: IngestError, ruleSet: RuleSet): GameAudit {
  return gameAudit(file, hash, ruleSet, {
    game: null,
    replay: null,
    riichiKans: [],
    findings: [
      finding('ingest-error', { hand: null, eventIndex: null }, err.position ? `${err.position}: ${err.reason}` : err.reason, {
        position: err.position,
        reason: err.reason,
      }),
    ],
  });
}

/**
 * The audit of a file kanshi itself failed on (a bug to report): one audit-error finding. An IngestError
 * (the log's fault, wherever it was found) is an ingest-error instead: `audit-error` stays for kanshi's
 * own bugs.
 */
export function brokenAudit(file: string, hash: string, err: unknown, ruleSet: RuleSet): GameAudit {
  if (err instanceof IngestError) return failedAudit(file, hash, err, ruleSet);
  const e = err instanceof Error ? err : new Error(String(err));
  return gameAudit(file, hash, ruleSet, {
    game: null,
    replay: null,
    riichiKans: [],
    findings: [finding('audit-error', { hand: null, eventIndex: null }, `kanshi failed on this file: ${e.message}`, { stack: e.stack ?? e.message })],
  });
}
