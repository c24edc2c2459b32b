/**
 * tools/scenario (test tooling, compiled for `npm run examples` and the fuzz bench, never shipped): a builder that plays scripted hands on the table (src/table) and writes them as Tenhou
 * logs (mjlog XML, or tenhou.net/6 JSON) for situations Tenhou never produces, the scenarios made with it
 * (one per finding kind, with the audit result each must give), and the example files of `logs/examples`.
 * The only door of this folder.
 *
 *   mjlog({ seed?, type?, names? })      → MjlogBuilder (chainable; each step is an event of src/events
 *                                          applied to the round's Table, and refused if the table says it cannot be)
 *     .round({ kyoku?, honba?, hands?, dora?, kandora?, ura?, reserve?, dice? })   deals, writes INIT
 *     .draw(seat, tile?)                 live draw on the seat's turn, or its replacement draw after a kan
 *     .discard(seat, tile?) / .riichi(seat, tile?) / .tsumogiri(seat)   tile omitted: the tile just drawn
 *     .chi(seat, own) / .pon(seat, own?) / .daiminkan(seat, opts?)      on the last discard
 *     .ankan(seat, tile) / .kakan(seat, tile, opts?)                    on the seat's own turn; kandora follow
 *                                        src/replay's revealsAt under Tenhou's timing (opts.revealAtDeclaration: immediate)
 *     .ron(seat, win) / .tsumo(seat, win)   win = { yaku: { riichi: 1, …, dora: 1, ura: 0 } | yakuman: ['kokushi'], fu, points, limit?, deltas }:
 *                                        the value the log states, written by the script (the builder prices nothing)
 *     .exhaustiveDraw({ deltas? }) / .abort('kan4')   deltas: the noten payments, when someone pays
 *     .fill(turns) / .fillTo(seat, { liveLeft? }) / .exhaust({ deltas? })   tsumogiri filler turns
 *     .discardNotHeld(seat, tile) / .riichiOpenHand(seat, tile)          escape hatches (deliberate inconsistency)
 *     .drawSwapped(seat, wallIndex)                                      seeded: one deliberate wall mismatch
 *     .toXml() / .toTenhou6() / .roundEvents()                           the game as mjlog, as JSON, as events
 *   makeSeed(n)                          → a deterministic `mt19937ar-sha512-n288-base64,…` SHUFFLE seed
 *   SCENARIOS / scenario(name)           → { name, format?, description, checks: [{ profile, overrides?, expect }], … }
 *   exampleFiles() / scenarioIndex()     → the contents of logs/examples (`<name>.mjlog` or `.json`; write-examples.ts writes them)
 *
 * Example:
 *   mjlog()
 *     .round({ hands: [null, '3444m778899s333z', null, null] })
 *     .tsumogiri(0).draw(1).riichi(1)             // seat 1 declares riichi on the dealt hand
 *     .fillTo(1).draw(1, '4m').ankan(1, '4m')     // N → DORA
 *     .draw(1).discard(1)                         // replacement draw, tsumogiri
 *     .exhaust({ deltas: [-1000, 3000, -1000, -1000] })   // tsumogiri to the end, RYUUKYOKU with seat 1 tenpai
 *     .toXml();
 */
export {
  MjlogBuilder,
  ScenarioError,
  mjlog,
  type BuilderOptions,
  type DrawOptions,
  type KanOptions,
  type RoundOptions,
  type WinOptions,
} from './builder.js';
export { makeSeed } from './seed.js';
export { owariPoints } from './owari.js';
export { YAKU_ID, YAKUMAN_ID, type YakuName, type YakumanName } from './yaku.js';
export {
  SCENARIOS,
  scenario,
  type LogFormat,
  type RiichiKanRow,
  type Scenario,
  type ScenarioCheck,
  type Verdict,
} from './scenarios.js';
export {
  EXAMPLE_EXTENSIONS,
  INDEX_FILE,
  checkLabel,
  exampleFileName,
  exampleFiles,
  expectLabel,
  isExampleLog,
  scenarioIndex,
  type ExampleFile,
} from './examples.js';
