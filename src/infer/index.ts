/**
 * src/infer: what a set of logs says the rules are, knob by knob (docs/kan-rules.md §9). The only door
 * of this folder.
 *
 *   new RuleInference(baseFor, profile?) → .addGame(file, game) for each game → .result(): Inference
 */
export { RuleInference, type Inference, type KnobInference, type UnexplainedCase, type ValueTally } from './infer.js';
