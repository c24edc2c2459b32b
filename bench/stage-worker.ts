/**
 * Benchmark worker: runs one stage of the pipeline on a few files and returns how many games it did.
 * Nothing crosses back but the count, so a stage is measured without the cost of sending results.
 */
import { readFileSync } from 'node:fs';
import { auditGame, contentHash } from '../src/audit/index.js';
import { bytesToText, parseLog } from '../src/ingest/index.js';
import { replayGame } from '../src/replay/index.js';
import { defaultRules, ruleSet as makeRuleSet } from '../src/rules/index.js';

export type Stage = 'read' | 'ingest' | 'replay' | 'audit';

export interface StageTask {
  stage: Stage;
  files: string[];
}

const ruleSet = makeRuleSet({ profile: 'tenhou' });

export function runStage(stage: Stage, file: string): void {
  const bytes = readFileSync(file);
  if (stage === 'read') {
    bytesToText(bytes);
    return;
  }
  const game = parseLog(bytes, { file });
  if (stage === 'ingest') return;
  if (stage === 'replay') {
    replayGame(game, defaultRules());
    return;
  }
  auditGame(file, contentHash(bytes), game, ruleSet);
}

export default function stageTask(task: StageTask): number {
  for (const f of task.files) runStage(task.stage, f);
  return task.files.length;
}
