/**
 * What `kanshi infer --db FILE` found (src/infer), kept beside the audits so that the report can say what
 * the logs say the rules are: one `inferences` row, and an `inferred_knobs` row per knob value.
 */
import type { Database } from 'better-sqlite3';
import type { Inference } from '../infer/index.js';

/** The latest inference stored, as the report shows it. */
export interface StoredInference {
  inferenceId: number;
  inferredAt: string;
  profile: string;
  gameCount: number;
  winCount: number;
  drawnHandCount: number;
  kanCount: number;
  flags: string;
  /** How many wins or drawn hands no value of any knob explains. */
  unexplainedCount: number;
  knobs: {
    knob: string;
    cases: string;
    inferred: string | null;
    /** untouched, tie, weak, inferred, convention or declared (null: stored before version 12). */
    status: string | null;
    values: { value: string; agree: number; disagree: number; jointly: number; tied: boolean; convention: boolean }[];
  }[];
}

/** Stores an inference in one transaction; returns its id. */
export function saveInference(db: Database, inference: Inference, at: Date = new Date()): number {
  const write = db.transaction(() => {
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO inferences (inferred_at, profile, game_count, win_count, drawn_hand_count, kan_count, flags, unexplained, contradicted)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        at.toISOString(),
        inference.profile,
        inference.games,
        inference.wins,
        inference.drawnHands,
        inference.kans,
        inference.flags.join(' '),
        JSON.stringify(inference.unexplained),
        JSON.stringify(inference.contradicted),
      );
    const id = Number(lastInsertRowid);
    const row = db.prepare(
      `INSERT INTO inferred_knobs (inference_id, knob, value, cases, agree_count, disagree_count, joint_count, inferred, status, tied, convention, deciding)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const k of inference.knobs) {
      for (const v of k.values) {
        const inferred = k.inferred !== null && v.value === k.inferred;
        const convention = k.convention !== undefined && v.value === k.convention;
        row.run(
          id,
          k.knob,
          String(v.value),
          k.cases,
          v.agree,
          v.disagree,
          v.jointly,
          inferred ? 1 : 0,
          k.status,
          k.tied?.includes(v.value) ? 1 : 0,
          convention ? 1 : 0,
          inferred || convention ? JSON.stringify(k.deciding) : null,
        );
      }
    }
    return id;
  });
  return write();
}

/** The latest inference stored, or null when there is none (or the database predates schema 8). */
export function latestInference(db: Database): StoredInference | null {
  const has = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'inferences'`).get();
  if (!has) return null;
  const head = db.prepare(`SELECT * FROM inferences ORDER BY inference_id DESC LIMIT 1`).get() as Record<string, unknown> | undefined;
  if (!head) return null;
  const id = Number(head.inference_id);
  const rows = db
    .prepare(`SELECT knob, value, cases, agree_count, disagree_count, joint_count, inferred, status, tied, convention FROM inferred_knobs WHERE inference_id = ? ORDER BY rowid`)
    .all(id) as Record<string, unknown>[];
  const knobs: StoredInference['knobs'] = [];
  for (const r of rows) {
    let k = knobs.at(-1);
    if (!k || k.knob !== r.knob) {
      k = { knob: String(r.knob), cases: String(r.cases), inferred: null, status: r.status === null || r.status === undefined ? null : String(r.status), values: [] };
      knobs.push(k);
    }
    if (Number(r.inferred) === 1) k.inferred = String(r.value);
    k.values.push({
      value: String(r.value),
      agree: Number(r.agree_count),
      disagree: Number(r.disagree_count),
      jointly: Number(r.joint_count),
      tied: Number(r.tied) === 1,
      convention: Number(r.convention) === 1,
    });
  }
  return {
    inferenceId: id,
    inferredAt: String(head.inferred_at),
    profile: String(head.profile),
    gameCount: Number(head.game_count),
    winCount: Number(head.win_count),
    drawnHandCount: Number(head.drawn_hand_count),
    kanCount: Number(head.kan_count),
    flags: String(head.flags),
    unexplainedCount: (JSON.parse(String(head.unexplained)) as unknown[]).length,
    knobs,
  };
}
