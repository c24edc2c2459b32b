/**
 * One game's audit: every check, each a pure function of the replay and the rules.
 */
import { createHash } from 'node:crypto';
import { IngestError, type GameLog } from '../ingest/index.js';
import { replayGame, type ReplayResult } from '../replay/index.js';
import { matchingProfile, rulesKey, type Rules } from '../rules/index.js';
import { checkChankan } from './chankan.js';
import { finding, type Finding } from './findings.js';
import { checkFourKans } from './four-kans.js';
import { checkIntegrity } from './integrity.js';
import { checkRestrictions } from './restrictions.js';
import { checkRiichiKans } from './riichi-kans.js';
import type { GameAudit, GameMeta, RiichiKanVerdict } from './types.js';

/** The findings and riichi-kan verdicts of a replayed game. */
export function auditReplay(replay: ReplayResult, rules: Rules): { findings: Finding[]; riichiKans: RiichiKanVerdict[] } {
  const riichi = checkRiichiKans(replay, rules);
  const findings = [
    ...riichi.findings,
    ...checkFourKans(replay, rules),
    ...checkChankan(replay, rules),
    ...checkRestrictions(replay),
    ...checkIntegrity(replay),
  ];
  findings.sort((a, b) => (a.round ?? -1) - (b.round ?? -1) || (a.eventIndex ?? -1) - (b.eventIndex ?? -1));
  return { findings, riichiKans: riichi.verdicts };
}

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The game without its rounds. Named fields in one literal, not `{ ...rest }`: a copied object gets a
 * hidden class of its own, and reads of a thousand games' objects each of their own class are slow.
 */
export function gameMeta(game: GameLog): GameMeta {
  return {
    format: game.format,
    gzip: game.gzip,
    logId: game.logId,
    rule: game.rule,
    lobby: game.lobby,
    players: game.players,
    seed: game.seed,
    final: game.final,
    ...(game.title !== undefined ? { title: game.title } : {}),
    roundCount: game.rounds.length,
  };
}

export interface AuditContext {
  rules: Rules;
  /** The profile the user named, if any (kept for the database). */
  profile?: string | null;
}

/** The rules' key and profile, kept per rules object and named profile: the same for every game of a batch. */
const ruleHeads = new WeakMap<Rules, Map<string | null, { rulesKey: string; profile: string | null }>>();

function ruleHead(ctx: AuditContext): { rulesKey: string; profile: string | null } {
  let byProfile = ruleHeads.get(ctx.rules);
  if (!byProfile) ruleHeads.set(ctx.rules, (byProfile = new Map()));
  const named = ctx.profile ?? null;
  let head = byProfile.get(named);
  if (!head) byProfile.set(named, (head = { rulesKey: rulesKey(ctx.rules), profile: named ?? matchingProfile(ctx.rules) ?? null }));
  return head;
}

/** An audit as one object literal (one hidden class for every game; see gameMeta). */
function gameAudit(file: string, hash: string, ctx: AuditContext, rest: Pick<GameAudit, 'game' | 'replay' | 'riichiKans' | 'findings'>): GameAudit {
  const { rulesKey, profile } = ruleHead(ctx);
  return {
    file,
    contentHash: hash,
    rules: ctx.rules,
    rulesKey,
    profile,
    game: rest.game,
    replay: rest.replay,
    riichiKans: rest.riichiKans,
    findings: rest.findings,
  };
}

/** Audits one parsed game. */
export function auditGame(file: string, hash: string, game: GameLog, ctx: AuditContext): GameAudit {
  const replay = replayGame(game, { kandoraTiming: ctx.rules.kandoraTiming });
  const { findings, riichiKans } = auditReplay(replay, ctx.rules);
  return gameAudit(file, hash, ctx, { game: gameMeta(game), replay, riichiKans, findings });
}

/** The audit of a file that could not be read: one ingest-error finding. */
export function failedAudit(file: string, hash: string, err: IngestError | Error, ctx: AuditContext): GameAudit {
  const position = err instanceof IngestError ? err.position : null;
  const reason = err instanceof IngestError ? err.reason : err.message;
  return gameAudit(file, hash, ctx, {
    game: null,
    replay: null,
    riichiKans: [],
    findings: [finding('ingest-error', { round: null, eventIndex: null }, position ? `${position}: ${reason}` : reason, { position, reason })],
  });
}
