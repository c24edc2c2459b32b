-- kanshi audit database: the DDL of the current schema version (src/store reads this file at run time).
--
-- Two kinds of rows:
--   facts     what a log says and what the replay saw in it, whatever the rules: games, players, hands,
--             kans, reveals, wins, aborts. Keyed by the game (games.content_hash, the SHA-256 of the file),
--             so the same file audited twice, or under several rule sets, is one game.
--   verdicts  what a rule set makes of a game: audits, kan_verdicts, riichi_kan_verdicts, win_dora,
--             findings. Keyed by (rule_set_id, game_id), so audits under different rules stay apart.
-- Writing a game again replaces its rows (delete, then insert, in one transaction per batch): re-running an
-- audit leaves every row count unchanged.
--
-- Tiles are stored as Tenhou ids 0..135 (kind = id / 4; 16, 52 and 88 are the red fives); the `tiles`
-- table names them. Lists of tiles are JSON arrays of ids. Booleans are 0/1. Seats are 0..3; `hand` is the
-- position of the hand in the game, 1-based (as in every command and JSON output; docs/vocabulary.md), and
-- kyoku what the game calls it (0 = East 1); event indexes count the hand's events from its start (0).
-- Names are snake_case. A plural column is a count (kans, riichis); the things themselves are rows of a
-- table (kans) or, for tiles and yaku, JSON arrays in columns that say so (`kanshi query --format json`
-- nests them).
--
-- Viewer links (`viewer_url` in the views): https://tenhou.net/0/?log=LOG_ID&tw=SEAT&ts=HAND-1, where tw is the
-- seat the viewer sits at (the player concerned; 0 when none) and ts the hand counted from 0 (hand - 1;
-- left out for a whole game). NULL when the game has no Tenhou log id (games.log_id NULL, or a platform other
-- than tenhou: Mahjong Soul and mjai log ids mean nothing to Tenhou's viewer), and when the log id is not one
-- in shape (31 or 32 of 0-9, a-z and '-': a crafted ref could otherwise add its own parameters to the link).
-- src/events/viewer.ts writes the same links for the command line.
--
-- Changing the schema: bump `PRAGMA user_version` at the end of this file and SCHEMA_VERSION in
-- src/store/schema.ts, and add the step from the previous version to MIGRATIONS there.

-- Rule sets (audit runs): one row per distinct set of knob values, whatever the number of runs.
-- The knob columns are the knobs (src/rules KNOBS) in snake_case: kandoraTiming is kandora_timing.
CREATE TABLE rule_sets (
  rule_set_id         INTEGER PRIMARY KEY,
  rules_key           TEXT    NOT NULL UNIQUE,   -- rulesKey(rules): `kandoraTiming=tenhou;riichiKan=waits;…`
  profile             TEXT,                      -- the profile the rules are exactly, if any
  kandora_timing        TEXT    NOT NULL,
  riichi_kan            TEXT    NOT NULL,
  okuri_kan             INTEGER NOT NULL CHECK (okuri_kan IN (0, 1)),
  kokushi_ankan_chankan INTEGER NOT NULL CHECK (kokushi_ankan_chankan IN (0, 1)),
  suukaikan             TEXT    NOT NULL,
  fifth_kan             TEXT    NOT NULL,
  daiminkan_pao         TEXT    NOT NULL,
  first_run_at        TEXT    NOT NULL,          -- ISO 8601, UTC
  last_run_at         TEXT    NOT NULL,
  -- version 6: the scoring knobs (docs/scoring.md §2), null for a rule set audited before scoring existed
  kiriage_mangan        ANY,
  honba_points          ANY,
  kazoe_yakuman         ANY,
  double_yakuman        ANY,
  yakuman_stacking      ANY,
  double_wind_pair_fu   ANY,
  rinshan_tsumo_fu      ANY,
  atozuke               ANY,
  ippatsu_yaku          ANY,
  ura_dora              ANY,
  kan_ura               ANY,
  kandora               ANY,
  aka_dora              ANY,
  yakuman_pao           ANY,
  pao_compound          ANY,
  pao_ron_honba         ANY,
  kita_interrupts       ANY,
  nagashi_mangan        ANY,
  noten_payments        ANY,
  three_player_noten    ANY,
  three_player_tsumo    ANY,
  three_player_honba    ANY,
  multiple_ron_honba    ANY,
  open_tanyao           ANY,
  renhou                ANY
) STRICT;

-- Games: one row per distinct file content. A file that could not be read keeps its row, with `error`
-- set and the other facts null.
CREATE TABLE games (
  game_id         INTEGER PRIMARY KEY,
  content_hash    TEXT    NOT NULL UNIQUE,  -- SHA-256 of the file's bytes, hex
  log_id          TEXT,                     -- Tenhou log id, when the log or its file name gives it
  file            TEXT    NOT NULL,         -- the path it was last audited from
  error           TEXT,                     -- why the file could not be read (no facts then)
  format          TEXT,                     -- mjlog | tenhou6 | mjai
  platform        TEXT,                     -- tenhou | majsoul | unknown: where the game was played, as the log says (or --platform)
  gzip            INTEGER,
  player_count    INTEGER,                  -- 3 or 4
  lobby           INTEGER,                  -- lobby number (0 = ranked)
  lobby_level     TEXT,                     -- ippan | joukyuu | tokujou | houou
  type_code       INTEGER,                  -- mjlog GO type bitfield
  rule_label      TEXT,                     -- e.g. 四鳳南喰赤
  red_fives       INTEGER,
  open_tanyao     INTEGER,
  length          TEXT,                     -- tonpuu | hanchan
  speed           TEXT,                     -- normal | fast | hyper
  vs_humans       INTEGER,
  seed_kind       TEXT,                     -- the SHUFFLE seed's scheme (text before the first comma)
  seeded          INTEGER,                  -- a wall could be rebuilt from the seed
  seed_note       TEXT,                     -- why not, when not
  hand_count      INTEGER,
  complete        INTEGER,                  -- the log reaches the game's end (not an excerpt)
  wall_checked    INTEGER,                  -- tiles compared with the rebuilt wall
  wall_mismatches INTEGER,
  inconsistencies INTEGER,                  -- places where the log contradicts itself
  title           TEXT,                     -- tenhou.net/6 editor title lines, joined by newlines
  facts_digest    TEXT,                     -- the FACTS_VERSION that wrote this game's facts: older ones are rewritten
  -- version 4:
  played_on       TEXT,                     -- YYYY-MM-DD: from the log id (YYYYMMDDHHgm-…), else a file name starting YYYYMMDD; else null
  played_at_hour  INTEGER,                  -- 0..23 from the log id (Japan time), else null
  -- version 4: the game's totals over its kans and hands rows (null for a file that gave no game), so that
  -- the statistics read one row per game instead of every kan and hand. Each equals a count of those rows.
  completed_kans         INTEGER,           -- kans completed: kans rows with robbed = 0
  ankans                 INTEGER,           -- … of kind ankan
  daiminkans             INTEGER,           -- … of kind daiminkan
  kakans                 INTEGER,           -- … of kind kakan
  robbed_kans            INTEGER,           -- kans rows with robbed = 1 (chankan)
  ankan_replacements     INTEGER,           -- completed ankans with a replacement draw (replacement_tile not null)
  daiminkan_replacements INTEGER,
  kakan_replacements     INTEGER,
  ankan_rinshan_wins     INTEGER,           -- completed ankans whose replacement tile won (rinshan_win = 1)
  daiminkan_rinshan_wins INTEGER,
  kakan_rinshan_wins     INTEGER,
  kitas                  INTEGER,           -- sum of hands.kita
  kita_replacement_draws INTEGER,           -- sum of hands.kita_replacements
  kita_rinshan_wins      INTEGER,           -- rinshan wins in hands with a kita and no kan whose replacement won
  riichis                INTEGER,           -- sum of hands.riichi (riichi declarations)
  kans_in_riichi         INTEGER            -- kans rows with in_riichi = 1 (robbed ones included)
) STRICT;
CREATE INDEX games_by_log_id ON games (log_id);

CREATE TABLE players (
  game_id      INTEGER NOT NULL REFERENCES games (game_id),
  seat         INTEGER NOT NULL,
  name         TEXT    NOT NULL,
  dan          INTEGER,                    -- 0 新人 … 10 初段 … 20 天鳳位
  dan_name     TEXT,
  rate         REAL,
  sex          TEXT,
  final_score  INTEGER,                    -- points at the end, when the log reaches it
  final_points REAL,                       -- game points (uma included)
  PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE hands (
  game_id            INTEGER NOT NULL REFERENCES games (game_id),
  hand               INTEGER NOT NULL,     -- position of the hand in the game, 1-based
  kyoku              INTEGER NOT NULL,     -- 4 × wind + dealer (0 = East 1, 4 = South 1)
  kyoku_name         TEXT GENERATED ALWAYS AS (
                       CASE kyoku / 4 % 4 WHEN 0 THEN 'East' WHEN 1 THEN 'South' WHEN 2 THEN 'West' ELSE 'North' END
                       || ' ' || (kyoku % 4 + 1)) VIRTUAL,   -- 'East 1', 'South 4'…
  honba              INTEGER NOT NULL,
  dealer             INTEGER NOT NULL,
  wall_built         INTEGER NOT NULL,
  wall_note          TEXT,                 -- why no wall was built
  ending             TEXT    NOT NULL CHECK (ending IN ('win', 'ryuukyoku', 'none')),
  ending_reason      TEXT,                 -- ryuukyoku: exhaustive, kyuushu-kyuuhai, suukaikan, …
  ending_event_index INTEGER,
  kans               INTEGER NOT NULL,     -- kans completed (robbed kakans not counted)
  kan_players        INTEGER NOT NULL,     -- by how many players
  kita               INTEGER NOT NULL,     -- 3-player: norths set aside (kita)
  kita_replacements  INTEGER NOT NULL,     -- … and the replacement draws they got
  riichi             INTEGER NOT NULL,     -- riichi declarations
  live_draws         INTEGER NOT NULL,
  replacement_draws  INTEGER NOT NULL,
  event_count        INTEGER NOT NULL,
  PRIMARY KEY (game_id, hand)
) STRICT, WITHOUT ROWID;

-- Kans: every kan declared, robbed kakans included (robbed = 1), with its replacement draw and its
-- indicator as the log shows them. The reveal moment under a rule is in kan_verdicts.
CREATE TABLE kans (
  game_id                      INTEGER NOT NULL,
  hand                         INTEGER NOT NULL,
  event_index                  INTEGER NOT NULL,   -- the call event
  number                       INTEGER NOT NULL,   -- 1 for the hand's first kan, …
  seat                         INTEGER NOT NULL,
  kind                         TEXT    NOT NULL CHECK (kind IN ('ankan', 'daiminkan', 'kakan')),
  tile                         INTEGER NOT NULL,   -- kakan: the added tile; daiminkan: the called tile
  tiles                        TEXT    NOT NULL,   -- JSON array of the four ids
  from_seat                    INTEGER NOT NULL,   -- daiminkan: the discarder; kakan: the pon's; ankan: own seat
  turn                         INTEGER NOT NULL,   -- 1 + the kan player's discards so far
  live_wall_left               INTEGER NOT NULL,   -- live tiles still to draw (0: after the haitei)
  in_riichi                    INTEGER NOT NULL,
  after_call                   INTEGER NOT NULL,   -- ankan/kakan without a draw since a chi or pon
  after_replacement            INTEGER NOT NULL,   -- a chained kan
  drawn_tile                   INTEGER,
  robbed                       INTEGER NOT NULL,   -- chankan: the kan was never completed
  replacement_tile             INTEGER,
  replacement_event_index      INTEGER,
  replacement_number           INTEGER,            -- 0-based replacement draws in the hand (kita included)
  replacement_wall_index       INTEGER,            -- position in the rebuilt wall
  rinshan_win                  INTEGER NOT NULL,   -- the replacement tile won the hand (rinshan kaihou)
  kandora_number               INTEGER,            -- 1..4 in reveal order; null if robbed
  indicator                    INTEGER,            -- as logged, else the rebuilt wall's tile
  indicator_wall_index         INTEGER,
  reveal_event_index           INTEGER,            -- the logged reveal (DORA), if any
  reveal_logged                TEXT    NOT NULL,   -- declaration | after-replacement | next-kan | after-discard | never | unknown | unrecorded (tenhou.net/6 JSON: shown, moment not logged)
  discard_event_index          INTEGER,
  next_declaration_event_index INTEGER,
  PRIMARY KEY (game_id, hand, event_index),
  FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)
) STRICT, WITHOUT ROWID;
CREATE INDEX kans_by_kind ON kans (kind);

-- Reveals: every kandora indicator the log turns over, with the kan it belongs to.
CREATE TABLE reveals (
  game_id         INTEGER NOT NULL,
  hand            INTEGER NOT NULL,
  event_index     INTEGER NOT NULL,   -- the reveal event
  kan_event_index INTEGER NOT NULL,
  kandora_number  INTEGER,
  indicator       INTEGER NOT NULL,
  wall_index      INTEGER,            -- where the rebuilt wall has it
  wall_tile       INTEGER,            -- the tile the rebuilt wall holds there
  moment          TEXT    NOT NULL,   -- relative to its kan (same values as kans.reveal_logged)
  PRIMARY KEY (game_id, hand, event_index),
  FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)
) STRICT, WITHOUT ROWID;

-- Wins with the indicators and dora the log scores. Under a rule: win_dora.
CREATE TABLE wins (
  game_id          INTEGER NOT NULL,
  hand             INTEGER NOT NULL,
  event_index      INTEGER NOT NULL,
  seat             INTEGER NOT NULL,
  from_seat        INTEGER NOT NULL,   -- the discarder (chankan: the kan player); own seat for tsumo
  tsumo            INTEGER NOT NULL,
  winning_tile     INTEGER NOT NULL,
  chankan          INTEGER NOT NULL,   -- ron on a kakan's added tile
  chankan_on_ankan INTEGER NOT NULL,   -- ron on an ankan (kokushi)
  rinshan          INTEGER NOT NULL,   -- tsumo on a replacement tile (kan or kita)
  haitei           INTEGER NOT NULL,
  houtei           INTEGER NOT NULL,
  on_kita          INTEGER NOT NULL,
  riichi           INTEGER NOT NULL,
  kans_before      INTEGER NOT NULL,   -- kans made in the hand before the win
  kita             INTEGER NOT NULL,   -- 3-player: norths the winner set aside (same as kita_dora)
  yaku             TEXT    NOT NULL,   -- JSON [{"id","han"}] (mjlog yaku ids, see the yaku table; dora ids 52-54 too)
  yakuman          TEXT    NOT NULL,   -- JSON array of yakuman ids
  dora_han_logged  INTEGER NOT NULL,   -- han of yaku 52 (dora) as the log scores it: in 3-player games it includes one per kita
  indicators       TEXT    NOT NULL,   -- JSON: the dora indicators that count, as logged (the first, then each kandora)
  ura_indicators   TEXT    NOT NULL,   -- JSON: the ura indicators as logged (riichi winners)
  dora             INTEGER,            -- tiles of the winning hand (concealed, melds, kita) that those indicators make dora; null if one is unknown
  ura_dora         INTEGER,            -- the same for the ura indicators (0 without riichi)
  -- version 4: the hand's value as the log scores it, and its other dora
  han              INTEGER,            -- sum of the yaku's han (dora included), 13 per yakuman; null when no yaku is logged (mjai)
  fu               INTEGER,            -- null where not logged (limit hands in tenhou.net/6, mjai)
  points           INTEGER,            -- what the win was worth to the winner, without honba and riichi sticks
  limit_name       TEXT,               -- none | mangan | haneman | baiman | sanbaiman | yakuman; null when not known
  red_dora         INTEGER,            -- red fives in the winning hand (in a game with red fives; counted whether or not scored, as dora is)
  kita_dora        INTEGER,            -- 3-player: kita set aside, each one dora (nukidora); 0 in 4-player games
  PRIMARY KEY (game_id, hand, event_index),
  FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)
) STRICT, WITHOUT ROWID;

-- Riichi declarations (version 4): one per seat and hand (the first, where a log repeats one: a riichi-repeated inconsistency).
CREATE TABLE riichi_declarations (
  game_id     INTEGER NOT NULL,
  hand        INTEGER NOT NULL,
  event_index INTEGER NOT NULL,       -- the declaring event
  seat        INTEGER NOT NULL,
  turn        INTEGER NOT NULL,       -- 1 + the seat's discards before it: the turn of the riichi discard (as kans.turn)
  tile        INTEGER,                -- the riichi discard (null when the hand ends or the log stops before it)
  tsumogiri   INTEGER,                -- the riichi discard is the tile just drawn
  accepted    INTEGER NOT NULL,       -- the riichi was accepted (its discard not ronned, the stick deposited)
  PRIMARY KEY (game_id, hand, seat),
  FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)
) STRICT, WITHOUT ROWID;

-- Abortive draws (kyuushu-kyuuhai, suucha-riichi, sanchahou, suukaikan, suufon-renda). Exhaustive draws
-- are in hands (ending = 'ryuukyoku').
CREATE TABLE aborts (
  game_id     INTEGER NOT NULL,
  hand        INTEGER NOT NULL,
  event_index INTEGER,
  reason      TEXT    NOT NULL,
  kans        INTEGER NOT NULL,       -- kans completed in the hand
  kan_players INTEGER NOT NULL,
  PRIMARY KEY (game_id, hand),
  FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)
) STRICT, WITHOUT ROWID;

-- Verdicts. One audits row per (rule set, game); the other verdict tables hang off it.
CREATE TABLE audits (
  rule_set_id              INTEGER NOT NULL REFERENCES rule_sets (rule_set_id),
  game_id                  INTEGER NOT NULL REFERENCES games (game_id),
  status                   TEXT    NOT NULL CHECK (status IN ('ok', 'ingest-error', 'audit-error')),
  error                    TEXT,              -- the ingest-error or audit-error message
  effective_kandora_timing TEXT,              -- the timing applied (tenhou becomes immediate in chip games)
  timing_mismatches        INTEGER NOT NULL,
  errors                   INTEGER NOT NULL,  -- findings by severity
  warnings                 INTEGER NOT NULL,
  infos                    INTEGER NOT NULL,
  audited_at               TEXT    NOT NULL,
  -- version 7: the audit's totals over its win_dora rows (and score-mismatch findings), written with them, so
  -- that score_conformance and kan_scoring read one row per game instead of every win (a million games hold
  -- eight million); 0 for a game without wins. Each equals a count or sum of those rows.
  wins                  INTEGER NOT NULL DEFAULT 0,  -- win_dora rows
  wins_not_rescored     INTEGER NOT NULL DEFAULT 0,  -- … with valid null (audited before version 6)
  wins_agreeing         INTEGER NOT NULL DEFAULT 0,  -- … with mismatches = 0
  wins_differing        INTEGER NOT NULL DEFAULT 0,  -- … with mismatches > 0
  wins_yaku_differ      INTEGER NOT NULL DEFAULT 0,  -- … whose components list yaku
  wins_han_differ       INTEGER NOT NULL DEFAULT 0,  -- … han
  wins_fu_differ        INTEGER NOT NULL DEFAULT 0,  -- … fu
  wins_points_differ    INTEGER NOT NULL DEFAULT 0,  -- … points
  wins_limit_differ     INTEGER NOT NULL DEFAULT 0,  -- … limit
  wins_payment_differ   INTEGER NOT NULL DEFAULT 0,  -- … payment
  draws_differing       INTEGER NOT NULL DEFAULT 0,  -- hands (not null) of score-mismatch findings at no win_dora row (hand, event_index)
  valid_wins            INTEGER NOT NULL DEFAULT 0,  -- win_dora rows with valid = 1; among them, for each source of value
  -- a kan brings, SOURCE_wins: the wins with it, SOURCE_brought: what it brought them (summed), SOURCE_wins_han
  -- and SOURCE_wins_points: those wins' han and points (summed). The sources, as kan_scoring takes them:
  -- rinshan (han of yaku 4, rinshan kaihou, in win_dora.yaku), chankan (yaku 3), sankantsu (yaku 27), suukantsu
  -- (yakuman 51 in win_dora.yakuman; brought 1), kandora (win_dora.kandora > 0 in a hand with no yakuman),
  -- kan_fu (win_dora.kan_fu > 0), kan_han (win_dora.kan_han > 0).
  rinshan_wins          INTEGER NOT NULL DEFAULT 0,
  rinshan_brought       INTEGER NOT NULL DEFAULT 0,
  rinshan_wins_han      INTEGER NOT NULL DEFAULT 0,
  rinshan_wins_points   INTEGER NOT NULL DEFAULT 0,
  chankan_wins          INTEGER NOT NULL DEFAULT 0,
  chankan_brought       INTEGER NOT NULL DEFAULT 0,
  chankan_wins_han      INTEGER NOT NULL DEFAULT 0,
  chankan_wins_points   INTEGER NOT NULL DEFAULT 0,
  sankantsu_wins        INTEGER NOT NULL DEFAULT 0,
  sankantsu_brought     INTEGER NOT NULL DEFAULT 0,
  sankantsu_wins_han    INTEGER NOT NULL DEFAULT 0,
  sankantsu_wins_points INTEGER NOT NULL DEFAULT 0,
  suukantsu_wins        INTEGER NOT NULL DEFAULT 0,
  suukantsu_brought     INTEGER NOT NULL DEFAULT 0,
  suukantsu_wins_han    INTEGER NOT NULL DEFAULT 0,
  suukantsu_wins_points INTEGER NOT NULL DEFAULT 0,
  kandora_wins          INTEGER NOT NULL DEFAULT 0,
  kandora_brought       INTEGER NOT NULL DEFAULT 0,
  kandora_wins_han      INTEGER NOT NULL DEFAULT 0,
  kandora_wins_points   INTEGER NOT NULL DEFAULT 0,
  kan_fu_wins           INTEGER NOT NULL DEFAULT 0,
  kan_fu_brought        INTEGER NOT NULL DEFAULT 0,
  kan_fu_wins_han       INTEGER NOT NULL DEFAULT 0,
  kan_fu_wins_points    INTEGER NOT NULL DEFAULT 0,
  kan_han_wins          INTEGER NOT NULL DEFAULT 0,
  kan_han_brought       INTEGER NOT NULL DEFAULT 0,
  kan_han_wins_han      INTEGER NOT NULL DEFAULT 0,
  kan_han_wins_points   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX audits_by_game ON audits (game_id);

-- Each kan's reveal moment under the rule set (compare with kans.reveal_logged).
CREATE TABLE kan_verdicts (
  rule_set_id INTEGER NOT NULL,
  game_id     INTEGER NOT NULL,
  hand        INTEGER NOT NULL,
  event_index INTEGER NOT NULL,
  reveal_rule TEXT    NOT NULL,
  -- version 4: the kan's kind and logged reveal moment (kans.kind, kans.reveal_logged), so that the timing
  -- statistics count verdicts without looking up each kan
  kan_kind          TEXT,
  kan_reveal_logged TEXT,
  PRIMARY KEY (rule_set_id, game_id, hand, event_index),
  FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;

-- The verdict on each kan by a player in riichi, under the rule set's riichiKan and okuriKan.
CREATE TABLE riichi_kan_verdicts (
  rule_set_id  INTEGER NOT NULL,
  game_id      INTEGER NOT NULL,
  hand         INTEGER NOT NULL,
  event_index  INTEGER NOT NULL,
  legal        INTEGER,                -- null: could not be judged
  reason       TEXT    NOT NULL,       -- see riichi_kan_reasons
  explanation  TEXT    NOT NULL,
  waits_before TEXT,                   -- tile notation, space separated
  waits_after  TEXT,
  PRIMARY KEY (rule_set_id, game_id, hand, event_index),
  FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;

-- Each win's verdicts under the rule set: its indicators and dora under kandoraTiming (compare with wins),
-- and (version 6) the win re-scored by src/score under the scoring knobs (the view win_scores shows these).
CREATE TABLE win_dora (
  rule_set_id    INTEGER NOT NULL,
  game_id        INTEGER NOT NULL,
  hand           INTEGER NOT NULL,
  event_index    INTEGER NOT NULL,
  indicators     TEXT    NOT NULL,     -- JSON array of ids (null where unknown): the first indicator, then the kandora revealed before the win
  ura_indicators TEXT    NOT NULL,
  dora           INTEGER,              -- dora in the winning hand from all those indicators (null if one is unknown)
  ura_dora       INTEGER,
  -- version 4: dora by indicator
  kandora              INTEGER,        -- … from the kandora indicators alone (all but the first); 0 with none
  first_indicator_dora INTEGER,        -- … from the first indicator alone (dora = first_indicator_dora + kandora)
  -- version 6: the win re-scored; all null for a win audited before version 6 or not re-scored
  valid       INTEGER,                 -- the hand is complete and has a yaku under the rules
  yaku        TEXT,                    -- JSON array of {id, han} as re-scored (dora entries last)
  yakuman     TEXT,                    -- JSON array of yakuman ids (a double yakuman twice)
  han         INTEGER,
  fu          INTEGER,
  points      INTEGER,                 -- the hand's value, honba and sticks aside
  limit_name  TEXT,                    -- none | mangan | haneman | baiman | sanbaiman | yakuman
  deltas      TEXT,                    -- JSON array: each seat's score change, honba and sticks included
  kan_fu      INTEGER,                 -- fu of the winner's kans (before rounding)
  kan_han     INTEGER,                 -- han a kan brought: chankan, rinshan kaihou, sankantsu, kandora, kan ura (0 for a yakuman)
  mismatches  INTEGER,                 -- differences from what the log states (score-mismatch findings)
  components  TEXT,                    -- the components that differ, comma-separated (yaku,fu,…); null when none
  PRIMARY KEY (rule_set_id, game_id, hand, event_index),
  FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE findings (
  rule_set_id INTEGER NOT NULL,
  game_id     INTEGER NOT NULL,
  ordinal     INTEGER NOT NULL,         -- position in the audit's list
  kind        TEXT    NOT NULL,         -- see finding_kinds
  severity    TEXT    NOT NULL CHECK (severity IN ('error', 'warning', 'info')),
  hand        INTEGER,                  -- null: the whole game
  event_index INTEGER,
  seat        INTEGER,
  rule        TEXT,                     -- the knob that decided it
  message     TEXT    NOT NULL,
  details     TEXT    NOT NULL,         -- JSON object
  PRIMARY KEY (rule_set_id, game_id, ordinal),
  FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX findings_by_kind ON findings (kind, rule_set_id);

-- The closed list of finding kinds (filled from src/audit when the database is opened for writing).
CREATE TABLE finding_kinds (
  kind        TEXT NOT NULL PRIMARY KEY,
  severity    TEXT NOT NULL,
  rule        TEXT,
  description TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- The closed list of riichi-kan reasons (src/hand RIICHI_KAN_REASONS), written by kanshi when it opens the file.
CREATE TABLE riichi_kan_reasons (
  reason  TEXT NOT NULL PRIMARY KEY,
  legal   INTEGER,                   -- the verdict the reason gives; null: not judged
  meaning TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- The closed list of yaku (version 4), by mjlog id: 0..51 the yaku and yakuman, 52 dora, 53 ura, 54 red
-- fives. Filled from src/events when the database is opened for writing.
CREATE TABLE yaku (
  yaku_id INTEGER PRIMARY KEY,
  name    TEXT    NOT NULL,             -- romaji: riichi, tanyao, rinshan-kaihou, …
  name_ja TEXT    NOT NULL,             -- as mjlog viewers and tenhou.net/6 JSON write it: 立直, 断幺九, 嶺上開花, …
  yakuman INTEGER NOT NULL
) STRICT;

-- Tile names, to read the ids: tile 0..135, kind 0..33, name 1m..9m 1p..9p 1s..9s 1z..7z (E S W N P F C).
CREATE TABLE tiles (
  tile INTEGER NOT NULL PRIMARY KEY,
  kind INTEGER NOT NULL,
  name TEXT    NOT NULL,
  red  INTEGER NOT NULL                 -- a red five (in games played with red fives)
) STRICT;
INSERT INTO tiles (tile, kind, name, red)
  WITH RECURSIVE ids (tile) AS (SELECT 0 UNION ALL SELECT tile + 1 FROM ids WHERE tile < 135)
  SELECT tile, tile / 4, (tile / 4 % 9 + 1) || substr('mpsz', tile / 4 / 9 + 1, 1), tile IN (16, 52, 88) FROM ids;

-- What `kanshi infer --db FILE` found the logs say the rules are (docs/scoring.md §9): one row an inference,
-- and per knob each value with how many wins, drawn hands or kans agree and disagree under it; `inferred` is 1
-- for the value the logs support (none of a knob's values has it where no log touches the knob).
CREATE TABLE inferences (
  inference_id     INTEGER PRIMARY KEY,
  inferred_at      TEXT NOT NULL,
  profile          TEXT NOT NULL,
  game_count       INTEGER NOT NULL,
  win_count        INTEGER NOT NULL,
  drawn_hand_count INTEGER NOT NULL,
  kan_count        INTEGER NOT NULL,
  flags            TEXT NOT NULL,
  unexplained      TEXT NOT NULL
) STRICT;
CREATE TABLE inferred_knobs (
  inference_id   INTEGER NOT NULL REFERENCES inferences (inference_id) ON DELETE CASCADE,
  knob           TEXT NOT NULL,
  value          TEXT NOT NULL,
  cases          TEXT NOT NULL,
  agree_count    INTEGER NOT NULL,
  disagree_count INTEGER NOT NULL,
  joint_count    INTEGER NOT NULL,
  inferred       INTEGER NOT NULL,
  PRIMARY KEY (inference_id, knob, value)
) STRICT;

-- Views --------------------------------------------------------------------------------------------------

-- Each win re-scored under the rule set (src/score), beside what the log states in wins: the scoring
-- columns of win_dora, for the wins that were re-scored.
CREATE VIEW win_scores AS
SELECT rule_set_id, game_id, hand, event_index, valid, yaku, yakuman, han, fu, points, limit_name, deltas,
       kan_fu, kan_han, mismatches, components
  FROM win_dora
 WHERE valid IS NOT NULL;

-- Each rule set with its counts.
CREATE VIEW rule_set_summary AS
SELECT r.rule_set_id, r.rules_key, r.profile,
       r.kandora_timing, r.riichi_kan, r.okuri_kan, r.kokushi_ankan_chankan, r.suukaikan, r.fifth_kan, r.daiminkan_pao,
       r.kiriage_mangan, r.honba_points, r.kazoe_yakuman, r.double_yakuman, r.yakuman_stacking,
       r.double_wind_pair_fu, r.rinshan_tsumo_fu, r.atozuke, r.ippatsu_yaku, r.ura_dora, r.kan_ura,
       r.kandora, r.aka_dora, r.yakuman_pao, r.pao_compound, r.pao_ron_honba, r.kita_interrupts,
       r.nagashi_mangan, r.noten_payments, r.three_player_noten, r.three_player_tsumo, r.three_player_honba,
       r.multiple_ron_honba, r.open_tanyao, r.renhou,
       r.first_run_at, r.last_run_at,
       count(a.game_id)                              AS games,
       coalesce(sum(a.status = 'ok'), 0)             AS games_read,
       coalesce(sum(a.status <> 'ok'), 0)            AS games_failed,
       coalesce(sum(a.errors), 0)                    AS errors,
       coalesce(sum(a.warnings), 0)                  AS warnings,
       coalesce(sum(a.infos), 0)                     AS infos
FROM rule_sets r LEFT JOIN audits a ON a.rule_set_id = r.rule_set_id
GROUP BY r.rule_set_id;

-- Every kan with names instead of ids, its game and its hand.
CREATE VIEW kan_list AS
SELECT k.game_id, g.log_id, g.file, g.player_count, g.lobby_level, k.hand,
       ro.kyoku_name, ro.honba, k.event_index, k.number, k.seat, k.kind, t.name AS tile, k.from_seat, k.turn, k.live_wall_left,
       k.in_riichi, k.robbed, rt.name AS replacement, k.replacement_wall_index, k.rinshan_win,
       k.kandora_number, it.name AS indicator, k.reveal_logged,
       p.name AS player_name,                -- the kan player
       CASE WHEN g.platform = 'tenhou' AND length(g.log_id) IN (31, 32) AND g.log_id GLOB '[0-9]*gm-*' AND g.log_id NOT GLOB '*[^0-9a-z-]*'
         THEN 'https://tenhou.net/0/?log=' || g.log_id || '&tw=' || coalesce(k.seat, 0) || coalesce('&ts=' || (k.hand - 1), '') END AS viewer_url
FROM kans k
JOIN games g ON g.game_id = k.game_id
JOIN hands ro ON ro.game_id = k.game_id AND ro.hand = k.hand
JOIN tiles t ON t.tile = k.tile
LEFT JOIN players p ON p.game_id = k.game_id AND p.seat = k.seat
LEFT JOIN tiles rt ON rt.tile = k.replacement_tile
LEFT JOIN tiles it ON it.tile = k.indicator;

-- Kans per game by kind and lobby, over the games each rule set audited (robbed kakans apart). From the
-- games' totals (games.completed_kans …): one row per game, not every kan; the rule set's names are joined
-- to the few groups, not carried through the sort of a million rows.
CREATE VIEW kan_stats AS
SELECT x.rule_set_id, r.rules_key, r.profile, x.player_count, x.lobby_level,
       x.games, x.kans, x.ankan, x.daiminkan, x.kakan, x.robbed,
       round(x.kans * 1.0 / x.games, 3)      AS kans_per_game,
       round(x.ankan * 1.0 / x.games, 3)     AS ankan_per_game,
       round(x.daiminkan * 1.0 / x.games, 3) AS daiminkan_per_game,
       round(x.kakan * 1.0 / x.games, 3)     AS kakan_per_game
FROM (
  SELECT a.rule_set_id, g.player_count, g.lobby_level,
         count(*)                        AS games,
         coalesce(sum(g.completed_kans), 0) AS kans,
         coalesce(sum(g.ankans), 0)      AS ankan,
         coalesce(sum(g.daiminkans), 0)  AS daiminkan,
         coalesce(sum(g.kakans), 0)      AS kakan,
         coalesce(sum(g.robbed_kans), 0) AS robbed
  FROM audits a JOIN games g ON g.game_id = a.game_id
  WHERE a.status = 'ok'
  GROUP BY a.rule_set_id, g.player_count, g.lobby_level
) x
JOIN rule_sets r ON r.rule_set_id = x.rule_set_id;

-- Rinshan kaihou: how often the replacement tile wins, by kan kind (completed kans only); and, apart,
-- the replacement draws after a kita in 3-player games (kind 'kita', not a kan; kans = the kita count).
-- A kind shows when the rule set's games have such a kan (kita: such a kita). From the games' totals.
CREATE VIEW rinshan_stats AS
SELECT rule_set_id, rules_key, profile, kind, kans, replacement_draws, rinshan_wins,
       round(100.0 * rinshan_wins / nullif(replacement_draws, 0), 2) AS rinshan_win_pct
FROM (
  SELECT t.rule_set_id, r.rules_key, r.profile, k.kind,
         CASE k.kind WHEN 'ankan' THEN t.ankans WHEN 'daiminkan' THEN t.daiminkans WHEN 'kakan' THEN t.kakans ELSE t.kita END AS kans,
         CASE k.kind WHEN 'ankan' THEN t.ankan_replacements WHEN 'daiminkan' THEN t.daiminkan_replacements
                     WHEN 'kakan' THEN t.kakan_replacements ELSE t.kita_replacements END AS replacement_draws,
         CASE k.kind WHEN 'ankan' THEN t.ankan_rinshan_wins WHEN 'daiminkan' THEN t.daiminkan_rinshan_wins
                     WHEN 'kakan' THEN t.kakan_rinshan_wins ELSE t.kita_rinshan_wins END AS rinshan_wins
  FROM (
    SELECT a.rule_set_id,
           sum(g.ankans) AS ankans, sum(g.daiminkans) AS daiminkans, sum(g.kakans) AS kakans, sum(g.kitas) AS kita,
           sum(g.ankan_replacements) AS ankan_replacements, sum(g.daiminkan_replacements) AS daiminkan_replacements,
           sum(g.kakan_replacements) AS kakan_replacements, sum(g.kita_replacement_draws) AS kita_replacements,
           sum(g.ankan_rinshan_wins) AS ankan_rinshan_wins, sum(g.daiminkan_rinshan_wins) AS daiminkan_rinshan_wins,
           sum(g.kakan_rinshan_wins) AS kakan_rinshan_wins, sum(g.kita_rinshan_wins) AS kita_rinshan_wins
    FROM audits a JOIN games g ON g.game_id = a.game_id
    WHERE a.status = 'ok'
    GROUP BY a.rule_set_id
  ) t
  JOIN rule_sets r ON r.rule_set_id = t.rule_set_id
  CROSS JOIN (SELECT 'ankan' AS kind UNION ALL SELECT 'daiminkan' UNION ALL SELECT 'kakan' UNION ALL SELECT 'kita') k
)
WHERE kans > 0;

-- Every riichi-kan verdict with its kan.
CREATE VIEW riichi_kans AS
SELECT v.rule_set_id, r.rules_key, r.profile, r.riichi_kan, r.okuri_kan, v.game_id, g.log_id, g.file, v.hand, v.event_index,
       k.seat, k.kind, t.name AS tile, v.legal, v.reason, v.waits_before, v.waits_after, v.explanation,
       k.turn,                               -- the kan's turn: 1 + the kan player's discards before it
       rd.turn AS riichi_turn,               -- the turn of the riichi discard
       k.turn - rd.turn AS turns_since_riichi,  -- 1: the first turn after the riichi discard
       CASE WHEN g.platform = 'tenhou' AND length(g.log_id) IN (31, 32) AND g.log_id GLOB '[0-9]*gm-*' AND g.log_id NOT GLOB '*[^0-9a-z-]*'
         THEN 'https://tenhou.net/0/?log=' || g.log_id || '&tw=' || coalesce(k.seat, 0) || coalesce('&ts=' || (v.hand - 1), '') END AS viewer_url
FROM riichi_kan_verdicts v
JOIN rule_sets r ON r.rule_set_id = v.rule_set_id
JOIN games g ON g.game_id = v.game_id
LEFT JOIN kans k ON k.game_id = v.game_id AND k.hand = v.hand AND k.event_index = v.event_index
LEFT JOIN tiles t ON t.tile = k.tile
LEFT JOIN riichi_declarations rd ON rd.game_id = v.game_id AND rd.hand = v.hand AND rd.seat = k.seat;

-- Riichi kans by verdict and reason.
CREATE VIEW riichi_kan_stats AS
SELECT v.rule_set_id, r.rules_key, r.profile, r.riichi_kan, r.okuri_kan,
       CASE v.legal WHEN 1 THEN 'legal' WHEN 0 THEN 'illegal' ELSE 'not judged' END AS verdict,
       v.reason, count(*) AS riichi_kans, count(DISTINCT v.game_id) AS games
FROM riichi_kan_verdicts v
JOIN rule_sets r ON r.rule_set_id = v.rule_set_id
GROUP BY v.rule_set_id, v.legal, v.reason;

-- How often a player in riichi makes a kan, per rule set's audited games: from the games' totals
-- (games.riichis, games.kans_in_riichi) and the verdicts, each aggregated once per rule set.
CREATE VIEW riichi_kan_frequency AS
WITH games_ok AS (
  SELECT a.rule_set_id, count(*) AS games, sum(g.riichis) AS riichi, sum(g.kans_in_riichi) AS riichi_kans
  FROM audits a JOIN games g ON g.game_id = a.game_id
  WHERE a.status = 'ok' GROUP BY a.rule_set_id
), verdicts AS (
  SELECT rule_set_id, sum(legal = 1) AS legal, sum(legal = 0) AS illegal, sum(legal IS NULL) AS not_judged
  FROM riichi_kan_verdicts GROUP BY rule_set_id
)
SELECT g.rule_set_id, r.rules_key, r.profile,
       g.games                                 AS games,
       coalesce(g.riichi, 0)                   AS riichi_declarations,
       coalesce(g.riichi_kans, 0)              AS riichi_kans,
       round(100.0 * coalesce(g.riichi_kans, 0) / g.games, 2)                    AS per_100_games,
       round(100.0 * coalesce(g.riichi_kans, 0) / nullif(g.riichi, 0), 2)        AS per_100_riichi,
       coalesce(v.legal, 0)                    AS legal,
       coalesce(v.illegal, 0)                  AS illegal,
       coalesce(v.not_judged, 0)               AS not_judged
FROM games_ok g
JOIN rule_sets r ON r.rule_set_id = g.rule_set_id
LEFT JOIN verdicts v ON v.rule_set_id = g.rule_set_id;

-- Every chankan win: the winner, the robbed kan and its player.
CREATE VIEW chankan_wins AS
SELECT w.game_id, g.log_id, g.file, g.player_count, w.hand, ro.kyoku_name, ro.honba, w.event_index, w.seat AS winner,
       w.from_seat AS kan_seat, t.name AS tile, w.chankan_on_ankan, k.kind AS robbed_kind, k.event_index AS kan_event_index,
       w.riichi,
       -- the winner as seen from the kan player: shimocha plays right after it, kamicha right before
       CASE (w.seat - w.from_seat + g.player_count) % g.player_count
         WHEN 1 THEN 'shimocha' WHEN 2 THEN CASE g.player_count WHEN 3 THEN 'kamicha' ELSE 'toimen' END WHEN 3 THEN 'kamicha' END AS winner_relative,
       CASE WHEN g.platform = 'tenhou' AND length(g.log_id) IN (31, 32) AND g.log_id GLOB '[0-9]*gm-*' AND g.log_id NOT GLOB '*[^0-9a-z-]*'
         THEN 'https://tenhou.net/0/?log=' || g.log_id || '&tw=' || coalesce(w.seat, 0) || coalesce('&ts=' || (w.hand - 1), '') END AS viewer_url
FROM wins w
JOIN games g ON g.game_id = w.game_id
JOIN hands ro ON ro.game_id = w.game_id AND ro.hand = w.hand
JOIN tiles t ON t.tile = w.winning_tile
LEFT JOIN kans k ON k.game_id = w.game_id AND k.hand = w.hand
                AND k.event_index = (SELECT max(r.event_index) FROM kans r
                                     WHERE r.game_id = w.game_id AND r.hand = w.hand AND r.robbed = 1
                                       AND r.seat = w.from_seat AND r.event_index < w.event_index)
WHERE w.chankan = 1 OR w.chankan_on_ankan = 1;

-- Every hand with four kans or more (completed), and how it ended.
CREATE VIEW four_kan_hands AS
SELECT ro.game_id, g.log_id, g.file, ro.hand, ro.kyoku_name, ro.honba, ro.kans, ro.kan_players, ro.ending, ro.ending_reason
FROM hands ro JOIN games g ON g.game_id = ro.game_id
WHERE ro.kans >= 4;

-- Chankan and four kans: how often, per rule set's audited games.
-- Each count is aggregated once per rule set (GROUP BY) over its source and the aggregates are summed:
-- no subquery per game. The few wins, hands and aborts counted are reached through small partial indexes
-- (CROSS JOIN keeps them the outer loop); hands are games.hand_count (one hands row per hand of the log),
-- which spares reading every hands row.
CREATE VIEW chankan_suukaikan_stats AS
SELECT x.rule_set_id, r.rules_key, r.profile, r.suukaikan, r.fifth_kan, r.kokushi_ankan_chankan,
       sum(x.games)                      AS games,
       sum(x.hands)                      AS hands,
       sum(x.chankan_wins)               AS chankan_wins,
       sum(x.chankan_on_ankan)           AS chankan_on_ankan,
       round(1000.0 * sum(x.chankan_wins + x.chankan_on_ankan) / sum(x.games), 2) AS chankan_per_1000_games,
       sum(x.four_kan_hands)             AS four_kan_hands,
       sum(x.four_kans_one_player)       AS four_kans_one_player,
       sum(x.suukaikan_aborts)           AS suukaikan_aborts,
       round(1000.0 * sum(x.suukaikan_aborts) / sum(x.games), 2) AS suukaikan_per_1000_games
FROM (
  SELECT a.rule_set_id, count(*) AS games, sum(g.hand_count) AS hands, 0 AS chankan_wins, 0 AS chankan_on_ankan,
         0 AS four_kan_hands, 0 AS four_kans_one_player, 0 AS suukaikan_aborts
  FROM audits a JOIN games g ON g.game_id = a.game_id
  WHERE a.status = 'ok' GROUP BY a.rule_set_id
  UNION ALL
  SELECT a.rule_set_id, 0, 0, sum(w.chankan), sum(w.chankan_on_ankan), 0, 0, 0
  FROM wins w CROSS JOIN audits a ON a.game_id = w.game_id
  WHERE a.status = 'ok' AND (w.chankan = 1 OR w.chankan_on_ankan = 1) GROUP BY a.rule_set_id
  UNION ALL
  SELECT a.rule_set_id, 0, 0, 0, 0, count(*), sum(ro.kan_players = 1), 0
  FROM hands ro CROSS JOIN audits a ON a.game_id = ro.game_id
  WHERE a.status = 'ok' AND ro.kans >= 4 GROUP BY a.rule_set_id
  UNION ALL
  SELECT a.rule_set_id, 0, 0, 0, 0, 0, 0, count(*)
  FROM aborts ab CROSS JOIN audits a ON a.game_id = ab.game_id
  WHERE a.status = 'ok' AND ab.reason = 'suukaikan' GROUP BY a.rule_set_id
) x
JOIN rule_sets r ON r.rule_set_id = x.rule_set_id
GROUP BY x.rule_set_id;

-- Kandora timing: each kan's logged reveal moment against the rule set's, counted (the verdicts carry the
-- kan's kind and logged moment; the index kan_verdicts_timing gives them in order, nothing to sort).
CREATE VIEW kandora_timing AS
SELECT v.rule_set_id, r.rules_key, r.profile, r.kandora_timing, v.kan_kind AS kind, v.kan_reveal_logged AS reveal_logged, v.reveal_rule,
       v.kan_reveal_logged = v.reveal_rule AS conforms,
       count(*) AS kans
FROM kan_verdicts v
JOIN rule_sets r ON r.rule_set_id = v.rule_set_id
GROUP BY v.rule_set_id, v.kan_kind, v.kan_reveal_logged, v.reveal_rule;

-- Kandora timing conformance by kan kind. A kan is undecided when the log stops before the moment is
-- known (either side 'unknown'); unrecorded when the log shows its indicator without the moment
-- (tenhou.net/6 JSON: such logs are judged by the number of kandora, finding kandora-count-mismatch);
-- it conforms when both moments are known and equal.
CREATE VIEW kandora_conformance AS
SELECT rule_set_id, rules_key, profile, kandora_timing, kind,
       sum(kans) AS kans,
       sum(CASE WHEN undecided OR unrecorded THEN 0 WHEN conforms THEN kans ELSE 0 END) AS conforming,
       sum(CASE WHEN undecided OR unrecorded THEN 0 WHEN conforms THEN 0 ELSE kans END) AS differing,
       sum(CASE WHEN undecided AND NOT unrecorded THEN kans ELSE 0 END)              AS undecided,
       sum(CASE WHEN unrecorded THEN kans ELSE 0 END)                                AS unrecorded,
       round(100.0 * sum(CASE WHEN undecided OR unrecorded THEN 0 WHEN conforms THEN kans ELSE 0 END)
             / nullif(sum(CASE WHEN undecided OR unrecorded THEN 0 ELSE kans END), 0), 2) AS conforming_pct
FROM (SELECT *, (reveal_logged = 'unknown' OR reveal_rule = 'unknown') AS undecided, (reveal_logged = 'unrecorded') AS unrecorded
      FROM kandora_timing)
GROUP BY rule_set_id, kind;

-- Findings by kind, per rule set.
CREATE VIEW finding_counts AS
SELECT f.rule_set_id, r.rules_key, r.profile, f.kind, f.severity, count(*) AS findings, count(DISTINCT f.game_id) AS games
FROM findings f JOIN rule_sets r ON r.rule_set_id = f.rule_set_id
GROUP BY f.rule_set_id, f.kind, f.severity;

-- Scoring conformance (version 6): per rule set and platform, the wins re-scored (src/score) against what
-- the logs state: how many agree in every component, how many differ in each (a win can differ in several),
-- and the drawn hands whose payments differ (score-mismatch findings at no win). not_rescored: wins
-- audited before version 6. A platform shows when the rule set's games there have a win. From the audits'
-- totals (version 7: audits.wins …, one row per game, not every win); a count stays null, as a sum over
-- the wins would be, when no win could give it (agreeing and differing with no win re-scored, a component
-- with no win differing).
CREATE VIEW score_conformance AS
SELECT t.rule_set_id, r.rules_key, r.profile, t.platform, t.games, t.wins, t.not_rescored, t.agreeing, t.differing,
       round(100.0 * t.agreeing / nullif(t.wins - t.not_rescored, 0), 2) AS agreeing_pct,
       t.yaku_differs, t.han_differs, t.fu_differs, t.points_differs, t.limit_differs, t.payment_differs,
       t.draws_differing
FROM (
  SELECT rule_set_id, platform, games, wins, not_rescored,
         CASE WHEN wins > not_rescored THEN agreeing END  AS agreeing,
         CASE WHEN wins > not_rescored THEN differing END AS differing,
         CASE WHEN differing > 0 THEN yaku_differs END    AS yaku_differs,
         CASE WHEN differing > 0 THEN han_differs END     AS han_differs,
         CASE WHEN differing > 0 THEN fu_differs END      AS fu_differs,
         CASE WHEN differing > 0 THEN points_differs END  AS points_differs,
         CASE WHEN differing > 0 THEN limit_differs END   AS limit_differs,
         CASE WHEN differing > 0 THEN payment_differs END AS payment_differs,
         draws_differing
  FROM (
    SELECT a.rule_set_id, coalesce(g.platform, 'unknown') AS platform, sum(a.wins > 0) AS games, sum(a.wins) AS wins,
           sum(a.wins_not_rescored) AS not_rescored, sum(a.wins_agreeing) AS agreeing, sum(a.wins_differing) AS differing,
           sum(a.wins_yaku_differ) AS yaku_differs, sum(a.wins_han_differ) AS han_differs, sum(a.wins_fu_differ) AS fu_differs,
           sum(a.wins_points_differ) AS points_differs, sum(a.wins_limit_differ) AS limit_differs,
           sum(a.wins_payment_differ) AS payment_differs, sum(a.draws_differing) AS draws_differing
    FROM audits a JOIN games g ON g.game_id = a.game_id
    GROUP BY a.rule_set_id, coalesce(g.platform, 'unknown')
  )
  WHERE wins > 0
) t
JOIN rule_sets r ON r.rule_set_id = t.rule_set_id;

-- What kans were worth (version 6): per rule set, among the wins re-scored as valid, those with each value a
-- kan brings (rinshan kaihou, chankan, sankantsu, suukantsu, the kandora's dora, kan fu, and any han from
-- kans at all): how many (and per 1000 re-scored wins), what it brought on average (han, fu, or 1 for the
-- yakuman), and the average han and points of those wins. kandora: the dora the kandora indicators shown
-- under kandoraTiming make in the hand (win_dora.kandora), counted in hands that are not yakuman.
-- From the audits' totals (version 7: audits.valid_wins, rinshan_wins …, one row per game, not every win):
-- an average is a sum over a count, as avg() computes it.
CREATE VIEW kan_scoring AS
WITH v AS (
  SELECT rule_set_id, sum(valid_wins) AS wins FROM audits GROUP BY rule_set_id
),
t AS (
  -- the audits with a valid win that has any of the sources (about a third of the games; the others add 0)
  SELECT rule_set_id,
         sum(rinshan_wins) AS n1, sum(rinshan_brought) AS b1, sum(rinshan_wins_han) AS h1, sum(rinshan_wins_points) AS p1,
         sum(chankan_wins) AS n2, sum(chankan_brought) AS b2, sum(chankan_wins_han) AS h2, sum(chankan_wins_points) AS p2,
         sum(sankantsu_wins) AS n3, sum(sankantsu_brought) AS b3, sum(sankantsu_wins_han) AS h3, sum(sankantsu_wins_points) AS p3,
         sum(suukantsu_wins) AS n4, sum(suukantsu_brought) AS b4, sum(suukantsu_wins_han) AS h4, sum(suukantsu_wins_points) AS p4,
         sum(kandora_wins) AS n5, sum(kandora_brought) AS b5, sum(kandora_wins_han) AS h5, sum(kandora_wins_points) AS p5,
         sum(kan_fu_wins) AS n6, sum(kan_fu_brought) AS b6, sum(kan_fu_wins_han) AS h6, sum(kan_fu_wins_points) AS p6,
         sum(kan_han_wins) AS n7, sum(kan_han_brought) AS b7, sum(kan_han_wins_han) AS h7, sum(kan_han_wins_points) AS p7
  FROM audits
  WHERE rinshan_wins + chankan_wins + sankantsu_wins + suukantsu_wins + kandora_wins + kan_fu_wins + kan_han_wins > 0
  GROUP BY rule_set_id
)
SELECT t.rule_set_id, r.rules_key, r.profile, s.source, s.unit, CASE s.ord WHEN 1 THEN n1 WHEN 2 THEN n2 WHEN 3 THEN n3 WHEN 4 THEN n4 WHEN 5 THEN n5 WHEN 6 THEN n6 WHEN 7 THEN n7 END AS wins,
       round(1000.0 * CASE s.ord WHEN 1 THEN n1 WHEN 2 THEN n2 WHEN 3 THEN n3 WHEN 4 THEN n4 WHEN 5 THEN n5 WHEN 6 THEN n6 WHEN 7 THEN n7 END / v.wins, 2) AS per_1000_wins,
       round(1.0 * CASE s.ord WHEN 1 THEN b1 WHEN 2 THEN b2 WHEN 3 THEN b3 WHEN 4 THEN b4 WHEN 5 THEN b5 WHEN 6 THEN b6 WHEN 7 THEN b7 END
                 / CASE s.ord WHEN 1 THEN n1 WHEN 2 THEN n2 WHEN 3 THEN n3 WHEN 4 THEN n4 WHEN 5 THEN n5 WHEN 6 THEN n6 WHEN 7 THEN n7 END, 2) AS avg_brought,
       round(1.0 * CASE s.ord WHEN 1 THEN h1 WHEN 2 THEN h2 WHEN 3 THEN h3 WHEN 4 THEN h4 WHEN 5 THEN h5 WHEN 6 THEN h6 WHEN 7 THEN h7 END
                 / CASE s.ord WHEN 1 THEN n1 WHEN 2 THEN n2 WHEN 3 THEN n3 WHEN 4 THEN n4 WHEN 5 THEN n5 WHEN 6 THEN n6 WHEN 7 THEN n7 END, 2) AS avg_han,
       CAST(round(1.0 * CASE s.ord WHEN 1 THEN p1 WHEN 2 THEN p2 WHEN 3 THEN p3 WHEN 4 THEN p4 WHEN 5 THEN p5 WHEN 6 THEN p6 WHEN 7 THEN p7 END
                      / CASE s.ord WHEN 1 THEN n1 WHEN 2 THEN n2 WHEN 3 THEN n3 WHEN 4 THEN n4 WHEN 5 THEN n5 WHEN 6 THEN n6 WHEN 7 THEN n7 END) AS INTEGER) AS avg_points
FROM t
JOIN v ON v.rule_set_id = t.rule_set_id
JOIN rule_sets r ON r.rule_set_id = t.rule_set_id
CROSS JOIN (
  SELECT 1 AS ord, 'rinshan kaihou' AS source, 'han' AS unit
  UNION ALL SELECT 2 AS ord, 'chankan' AS source, 'han' AS unit
  UNION ALL SELECT 3 AS ord, 'sankantsu' AS source, 'han' AS unit
  UNION ALL SELECT 4 AS ord, 'suukantsu' AS source, 'yakuman' AS unit
  UNION ALL SELECT 5 AS ord, 'kandora' AS source, 'han' AS unit
  UNION ALL SELECT 6 AS ord, 'kan fu' AS source, 'fu' AS unit
  UNION ALL SELECT 7 AS ord, 'any han from kans' AS source, 'han' AS unit
) s
WHERE v.wins > 0
  AND CASE s.ord WHEN 1 THEN n1 WHEN 2 THEN n2 WHEN 3 THEN n3 WHEN 4 THEN n4 WHEN 5 THEN n5 WHEN 6 THEN n6 WHEN 7 THEN n7 END > 0;

-- Every win (version 4): its game and hand, the winner, the hand's value and its dora by source, as logged.
-- yaku_names: the names (yaku table) of the yaku scored (han > 0, dora included), then of the yakuman.
CREATE VIEW win_list AS
SELECT w.game_id, g.log_id, g.file, g.player_count, g.lobby_level, g.played_on, w.hand, ro.kyoku_name, ro.honba, w.event_index,
       w.seat, p.name AS winner_name, w.from_seat, w.tsumo, w.riichi, w.rinshan, w.chankan,
       w.han, w.fu, w.points, w.limit_name,
       (SELECT json_group_array(name) FROM (
          SELECT 0 AS part, j.key AS pos, coalesce(y.name, json_extract(j.value, '$.name'), 'unknown') AS name
          FROM json_each(w.yaku) j LEFT JOIN yaku y ON y.yaku_id = json_extract(j.value, '$.id')
          WHERE json_extract(j.value, '$.han') > 0
          UNION ALL
          SELECT 1, j.key, coalesce(y.name, 'unknown') FROM json_each(w.yakuman) j LEFT JOIN yaku y ON y.yaku_id = j.value
          ORDER BY part, pos)) AS yaku_names,
       w.dora, w.red_dora, w.ura_dora, w.kita_dora,
       CASE WHEN g.platform = 'tenhou' AND length(g.log_id) IN (31, 32) AND g.log_id GLOB '[0-9]*gm-*' AND g.log_id NOT GLOB '*[^0-9a-z-]*'
         THEN 'https://tenhou.net/0/?log=' || g.log_id || '&tw=' || coalesce(w.seat, 0) || coalesce('&ts=' || (w.hand - 1), '') END AS viewer_url
FROM wins w
JOIN games g ON g.game_id = w.game_id
JOIN hands ro ON ro.game_id = w.game_id AND ro.hand = w.hand
LEFT JOIN players p ON p.game_id = w.game_id AND p.seat = w.seat;

-- Every finding (version 4) with its rule set, game, hand and viewer link (seat 0 when the finding names no
-- seat; the game's start when it names no hand).
CREATE VIEW finding_list AS
SELECT f.rule_set_id, r.rules_key, r.profile, f.game_id, g.log_id, g.file, f.kind, f.severity, f.hand, ro.kyoku_name, ro.honba,
       f.seat, f.message, f.details,
       CASE WHEN g.platform = 'tenhou' AND length(g.log_id) IN (31, 32) AND g.log_id GLOB '[0-9]*gm-*' AND g.log_id NOT GLOB '*[^0-9a-z-]*'
         THEN 'https://tenhou.net/0/?log=' || g.log_id || '&tw=' || coalesce(f.seat, 0) || coalesce('&ts=' || (f.hand - 1), '') END AS viewer_url,
       f.event_index, f.ordinal
FROM findings f
JOIN rule_sets r ON r.rule_set_id = f.rule_set_id
JOIN games g ON g.game_id = f.game_id
LEFT JOIN hands ro ON ro.game_id = f.game_id AND ro.hand = f.hand;

-- Version 4: small partial indexes for the few rows the statistics count (a full scan of wins or hands
-- each time otherwise).
CREATE INDEX IF NOT EXISTS wins_chankan ON wins (game_id, hand) WHERE chankan = 1 OR chankan_on_ankan = 1;
CREATE INDEX IF NOT EXISTS hands_four_kans ON hands (game_id) WHERE kans >= 4;
CREATE INDEX IF NOT EXISTS kan_verdicts_timing ON kan_verdicts (rule_set_id, kan_kind, kan_reveal_logged, reveal_rule);
-- The wins with a kandora indicator shown under the rule (about one in twelve), for the report's kandora hit
-- rate: its query repeats this WHERE term to read them alone.
CREATE INDEX IF NOT EXISTS win_dora_kandora ON win_dora (rule_set_id, indicators, first_indicator_dora, kandora) WHERE instr(indicators, ',') > 0;

PRAGMA application_id = 1801547379; -- 0x6B616E73, "kans": marks the file as a kanshi database
PRAGMA user_version = 8;
