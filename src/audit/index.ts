export * from './findings.js';
export type * from './types.js';
export { auditGame, auditReplay, judgeReplay, brokenAudit, contentHash, failedAudit, gameMeta, unreadHash } from './audit.js';
export { checkLegality, checkLegalityKnobs, type LegalityRules as LegalityCheckRules } from './legality.js';
export { judgeRiichiKan } from './riichi-kans.js';
export { ruleSetFor } from './rule-sets.js';
export { impossibility } from './chankan.js';
export { emptySummary, judgedSeverities, mergeSummary, summaryLines, tallyAudit, type AuditSummary, type BatchNotes } from './tally.js';
