/**
 * src/infer: what a set of logs says the rules are, knob by knob (docs/scoring.md §9). The only door
 * of this folder.
 *
 *   new RuleInference(baseFor, profile?) → .addGame(file, game) for each game → .result(): Inference
 */
export { RuleInference, type ContradictedCase, type Inference, type KnobInference, type UnexplainedCase, type ValueTally } from './infer.js';
export { WEAK_BELOW, type DecidingCase, type KnobStatus } from './decide.js';
