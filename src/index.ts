/**
 * kanshi as a library: the package's door (`import { … } from 'kanshi'`). A curated list of what a script
 * needs to read logs, replay and audit them under a rule set, and store the audits: each group below comes
 * from one folder's own door (`src/<folder>/index.ts`), never from its inner files. The command line
 * (`src/cli`) is not part of it, nor are the report, the downloader, the batch runner or the scenario builder.
 *
 *   const bytes = readLogBytes(file), game = parseLog(bytes, { file });   // GameLog: meta + rounds of events
 *   const rules = ruleSet({ profile: 'mleague' });                       // RuleSet: knob values, key, profile
 *   const replay = replayGame(game, rules.rules);                        // kans, wins, mismatches
 *   const { findings } = auditReplay(replay, rules.rules);               // score-mismatch among them
 *   const score = scoreWin(input, rules.rules);                          // one win: yaku, han, fu, payments
 *   openStore('kanshi.sqlite').writeBatch([auditGame(file, contentHash(bytes), game, rules)]);
 *   const json = formatNamed('tenhou6').write(game);                     // any log in any format
 */

/** Reading a log (src/ingest): mjlog XML (plain or gzip), tenhou.net/6 JSON, mjai JSON lines → GameLog. */
export {
  DEFAULT_LIMITS,
  IngestError,
  decodeGameType,
  parseLog,
  readLogBytes,
  readLogFile,
  type IngestLimits,
  type ParseOptions,
} from './ingest/index.js';

/**
 * The log formats (src/formats): each one's reader and writer behind one interface. A game read from a
 * format that does not time its kandora (tenhou.net/6) gets them placed (`placeKandora`) before a format
 * that does (mjlog, mjai) writes it.
 */
export { FORMATS, FORMAT_NAMES, formatNamed, toMjaiEvents, UntimedKandoraError, type LogFormat, type MjaiEvent } from './formats/index.js';

/** The event stream every format is read into (src/events): types, the schema version, the yaku and limits, viewer links. */
export {
  EVENTS_SCHEMA_VERSION,
  LIMITS,
  PLATFORMS,
  YAKU_TABLE,
  yakuTerm,
  viewerUrl,
  type CallEvent,
  type DiscardEvent,
  type DisconnectEvent,
  type DrawEvent,
  type FinalResult,
  type GameEvent,
  type GameEventType,
  type GameLog,
  type GameRule,
  type KandoraEvent,
  type LimitSpec,
  type LobbyLevel,
  type Platform,
  type Player,
  type ReconnectEvent,
  type RiichiEvent,
  type LoggedHand,
  type RoundStartEvent,
  type RyuukyokuEvent,
  type RyuukyokuReason,
  type Seat,
  type SourceFormat,
  type WinEvent,
  type Yaku,
  type YakuSpec,
} from './events/index.js';

/** Tiles (src/tiles): ids 0..135, kinds 0..33, notation (`1m`..`7z`, `0m/0p/0s` red fives), meld codes, dora. */
export {
  KIND_COUNT,
  MeldCodeError,
  NotationError,
  TILE_COUNT,
  countDora,
  decodeMeld,
  doraKindOf,
  encodeMeld,
  isRedFive,
  kindOf,
  kindToString,
  kindsToString,
  parseKinds,
  parseTiles,
  tileToString,
  tilesToString,
  type KanType,
  type Meld,
  type MeldType,
  type NotatedTile,
  type TileId,
  type TileKind,
} from './tiles/index.js';

/** Tenhou's walls rebuilt from a log's seed, and where each role sits in them (src/wall). */
export {
  WallError,
  gameWalls,
  indicatorIndex,
  initShuffleWall,
  liveDrawCount,
  parseSeed,
  replacementIndex,
  uraIndex,
  wallLayout,
  type GameWalls,
  type ParsedSeed,
  type HandWall,
  type WallLayout,
} from './wall/index.js';

/** The rule knobs (kan, then scoring), the five profiles with their evidence, and the rule set an audit runs under (src/rules). */
export {
  DEFAULT_PROFILE,
  KAN_KNOBS,
  KNOBS,
  KNOB_NAMES,
  PROFILES,
  PROFILE_NAMES,
  RulesError,
  defaultRules,
  differencesFrom,
  isProfileName,
  matchingProfile,
  profileRules,
  resolveRules,
  ruleSet,
  ruleSetOf,
  rulesCatalog,
  rulesKey,
  SCORING_KNOBS,
  type DaiminkanPao,
  type FifthKan,
  type KandoraTiming,
  type KanRules,
  type KnobDescriptor,
  type KnobName,
  type Profile,
  type ProfileName,
  type RiichiKan,
  type RuleSet,
  type Rules,
  type RulesCatalog,
  type RulesRequest,
  type ScoringKnobName,
  type ScoringRules,
  type Suukaikan,
} from './rules/index.js';

/** Hand analysis (src/hand): readings, waits, tenpai, and the verdict on an ankan after riichi. */
export {
  HandError,
  RIICHI_KAN_REASONS,
  isTenpai,
  judgeRiichiAnkan,
  readingToString,
  readings,
  toCounts,
  waits,
  type KindCounts,
  type Reading,
  type RiichiAnkanQuestion,
  type RiichiAnkanVerdict,
  type RiichiKanReason,
} from './hand/index.js';

/**
 * Scoring (src/score): a win's yaku, han, fu, points, limit and each seat's payment, and a drawn hand's
 * payments, under the scoring knobs; the comparison with what a log states.
 */
export {
  compareDrawWithLog,
  compareWithLog,
  fuPartText,
  readingText,
  scoreDraw,
  scoreHandWins,
  scoreWin,
  type DoraCounts,
  type DrawInput,
  type DrawScore,
  type FuPart,
  type ScoreComponent,
  type ScoredYaku,
  type ScoredYakuman,
  type ScoreMeld,
  type ScoreMismatch,
  type ScoreRules,
  type WinInput,
  type WinScore,
} from './score/index.js';

/** A game replayed on the table under a rule set (src/replay): every kan and win as plain records. */
export {
  drawInputOf,
  placeKandora,
  replayGame,
  scoreHand,
  tableWinInputs,
  winInputOf,
  revealFollows,
  revealsAt,
  revealVerdict,
  ruleRevealMoment,
  summarizeReplay,
  type GameSummary,
  type DoraView,
  type Inconsistency,
  type InconsistencyKind,
  type KanRecord,
  type KandoraCountMismatch,
  type ReplayResult,
  type RevealMoment,
  type RevealVerdict,
  type HandReplay,
  type TimingMismatch,
  type WallMismatch,
  type WallMismatchKind,
  type WinRecord,
} from './replay/index.js';

/** Auditing a game (src/audit): the findings (a closed list of kinds) and riichi-kan verdicts under a rule set. */
export {
  FINDING_KINDS,
  FINDING_KIND_NAMES,
  SEVERITY_ORDER,
  auditGame,
  auditReplay,
  contentHash,
  ruleSetFor,
  type Finding,
  type FindingDetails,
  type FindingKind,
  type GameAudit,
  type GameMeta,
  type RiichiKanVerdict,
  type Severity,
} from './audit/index.js';

/** The SQLite audit database (src/store, schemas/audit.sql): open or create it, write audits, query it. */
export {
  SCHEMA_VERSION,
  StoreError,
  openStore,
  type OpenStoreOptions,
  type QueryResult,
  type RuleSetChoice,
  type RuleSetSummary,
  type StatsReport,
  type Store,
} from './store/index.js';
