-- kanshi audit database: the DDL of the current schema version.
--
-- The tables below are written from the catalog of stored facts (src/store/catalog.ts) by `npm run schema`:
-- change them there, not here (test/store/catalog.test.ts checks this file against it). The views and the
-- statistics indexes after the "-- Views" line are written here by hand; src/store reads them at run time.
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
-- Changing the schema: add the entries to the catalog with the next version (src/store/catalog.ts), raise
-- CATALOG.version, and run `npm run schema`.

-- Rule sets (audit runs): one row per distinct set of knob values, whatever the number of runs. The knob columns
-- are the knobs (src/rules KNOBS) in snake_case: kandoraTiming is kandora_timing.
CREATE TABLE rule_sets (
  rule_set_id           INTEGER PRIMARY KEY,                            -- the rule set
  rules_key             TEXT    NOT NULL UNIQUE,                        -- rulesKey(rules): `kandoraTiming=tenhou;riichiKan=waits;…`
  profile               TEXT,                                           -- the rule set's name: its profile and the knobs changed from it (`tenhou+kandoraTiming=immediate`)
  kandora_timing        TEXT    NOT NULL,                               -- knob kandoraTiming (docs/kan-rules.md §2): when a kan's new dora indicator (kandora) is revealed
  riichi_kan            TEXT    NOT NULL,                               -- knob riichiKan (docs/kan-rules.md §3): which kans a player in riichi may make
  okuri_kan             INTEGER NOT NULL CHECK (okuri_kan IN (0, 1)),   -- knob okuriKan (docs/kan-rules.md §3): after riichi, may a kan use a set already held that the drawn tile releases (okuri-kan)
  kokushi_ankan_chankan INTEGER NOT NULL CHECK (kokushi_ankan_chankan IN (0, 1)),  -- knob kokushiAnkanChankan (docs/kan-rules.md §5): may kokushi musou tenpai rob an ankan (chankan on a closed kan)
  suukaikan             TEXT    NOT NULL,                               -- knob suukaikan (docs/kan-rules.md §4): four kans made by two or more players (suukaikan)
  fifth_kan             TEXT    NOT NULL,                               -- knob fifthKan (docs/kan-rules.md §4): what a fifth kan in one hand does
  daiminkan_pao         TEXT    NOT NULL,                               -- version 3: knob daiminkanPao (docs/kan-rules.md §6): who pays for a rinshan tsumo on a daiminkan's replacement tile
  first_run_at          TEXT    NOT NULL,                               -- the first audit under it: ISO 8601, UTC
  last_run_at           TEXT    NOT NULL,                               -- the latest audit under it
  kiriage_mangan        ANY,                                            -- version 6: knob kiriageMangan (docs/scoring.md §2): whether 4 han 30 fu and 3 han 60 fu (1,920 basic points) are rounded up to a mangan; null for a rule set audited before version 6
  honba_points          ANY,                                            -- version 6: knob honbaPoints (docs/scoring.md §2): points each honba adds to a 4-player win (3-player: threePlayerHonba); null for a rule set audited before version 6
  kazoe_yakuman         ANY,                                            -- version 6: knob kazoeYakuman (docs/scoring.md §2): what a hand of 13 han or more without a yakuman is worth; null for a rule set audited before version 6
  double_yakuman        ANY,                                            -- version 6: knob doubleYakuman (docs/scoring.md §2): whether suuankou tanki, junsei chuuren poutou, kokushi musou 13-sided wait and daisuushii are double yakuman; null for a rule set audited before version 6
  yakuman_stacking      ANY,                                            -- version 6: knob yakumanStacking (docs/scoring.md §2): whether several yakuman in one hand add up; null for a rule set audited before version 6
  double_wind_pair_fu   ANY,                                            -- version 6: knob doubleWindPairFu (docs/scoring.md §2): fu for a pair of the wind that is both the seat's and the round's; null for a rule set audited before version 6
  rinshan_tsumo_fu      ANY,                                            -- version 6: knob rinshanTsumoFu (docs/scoring.md §2): whether a tsumo on a replacement tile (rinshan kaihou) gets the 2 fu of a tsumo; null for a rule set audited before version 6
  atozuke               ANY,                                            -- version 6: knob atozuke (docs/scoring.md §2): whether the yakuhai of an open meld counts when that meld was not the first call (atozuke, "kan atozuke" for an open kan); null for a rule set audited before version 6
  ippatsu_yaku          ANY,                                            -- version 6: knob ippatsuYaku (docs/scoring.md §2): whether ippatsu is a yaku; null for a rule set audited before version 6
  ura_dora              ANY,                                            -- version 6: knob uraDora (docs/scoring.md §2): whether ura dora count for a winner in riichi; null for a rule set audited before version 6
  kan_ura               ANY,                                            -- version 6: knob kanUra (docs/scoring.md §2): whether kan ura (the tiles under the kan indicators) count, when ura dora do; null for a rule set audited before version 6
  kandora               ANY,                                            -- version 6: knob kandora (docs/scoring.md §2): whether the kan indicators' dora count; null for a rule set audited before version 6
  aka_dora              ANY,                                            -- version 6: knob akaDora (docs/scoring.md §2): red fives in the set (the log says which suits a game has); null for a rule set audited before version 6
  yakuman_pao           ANY,                                            -- version 6: knob yakumanPao (docs/scoring.md §2): which yakuman make the player who fed their last set liable (pao); null for a rule set audited before version 6
  pao_compound          ANY,                                            -- version 6: knob paoCompound (docs/scoring.md §2): what a liable player covers when the hand holds more than the pao yakuman; null for a rule set audited before version 6
  pao_ron_honba         ANY,                                            -- version 6: knob paoRonHonba (docs/scoring.md §2): on a ron with a liable player, who pays the honba; null for a rule set audited before version 6
  kita_interrupts       ANY,                                            -- version 6: knob kitaInterrupts (docs/scoring.md §2): 3-player: whether a kita interrupts the go-around (ippatsu, double riichi, tenhou, chiihou) as a call does; null for a rule set audited before version 6
  nagashi_mangan        ANY,                                            -- version 6: knob nagashiMangan (docs/scoring.md §2): whether nagashi mangan is paid at an exhaustive draw; null for a rule set audited before version 6
  noten_payments        ANY,                                            -- version 6: knob notenPayments (docs/scoring.md §2): whether noten players pay the tenpai players at an exhaustive draw; null for a rule set audited before version 6
  three_player_noten    ANY,                                            -- version 6: knob threePlayerNoten (docs/scoring.md §2): 3-player: the noten payments' total; null for a rule set audited before version 6
  three_player_tsumo    ANY,                                            -- version 6: knob threePlayerTsumo (docs/scoring.md §2): 3-player: how a tsumo is paid without the fourth player; null for a rule set audited before version 6
  three_player_honba    ANY,                                            -- version 6: knob threePlayerHonba (docs/scoring.md §2): 3-player: points per honba; null for a rule set audited before version 6
  multiple_ron_honba    ANY,                                            -- version 6: knob multipleRonHonba (docs/scoring.md §2): in a double or triple ron, who gets the honba (the riichi sticks go to the first winner after the discarder); null for a rule set audited before version 6
  open_tanyao           ANY,                                            -- version 6: knob openTanyao (docs/scoring.md §2): open tanyao (kuitan), when the log's rule does not say; null for a rule set audited before version 6
  renhou                ANY,                                            -- version 6: knob renhou (docs/scoring.md §2): renhou: a ron before the winner's first draw, nobody having called; null for a rule set audited before version 6
  multiple_ron          ANY,                                            -- version 9: knob multipleRon (docs/legality.md §2): two or three players ronning the same discard; null for a rule set audited before version 9
  busting               ANY,                                            -- version 9: knob busting (docs/legality.md §2): whether a score below zero ends the game (tobi); null for a rule set audited before version 9
  kuikae                ANY,                                            -- version 9: knob kuikae (docs/legality.md §2): which discards a chi or pon forbids its caller to make at once (kuikae, swap-calling); null for a rule set audited before version 9
  riichi_under_thousand ANY,                                            -- version 9: knob riichiUnderThousand (docs/legality.md §2): whether a player with fewer than 1,000 points may declare riichi; null for a rule set audited before version 9
  kyuushu_kyuuhai       ANY,                                            -- version 12: knob kyuushuKyuuhai (docs/legality.md §2): whether nine terminals (kyuushu kyuuhai) may end the hand; null for a rule set audited before version 12
  suufon_renda          ANY,                                            -- version 12: knob suufonRenda (docs/legality.md §2): whether four winds (suufon renda) end the hand; null for a rule set audited before version 12
  suucha_riichi         ANY,                                            -- version 12: knob suuchaRiichi (docs/legality.md §2): whether four riichi (suucha riichi) end the hand; null for a rule set audited before version 12
  pinned                TEXT                                            -- version 12: the knobs given on the command line, comma-separated (their values win over what a game declares); null: none
) STRICT;

-- Games: one row per distinct file content. A file that could not be read keeps its row, with `error` set and
-- the other facts null (a file that could not be read at all, missing or over a size limit, is kept under a hash
-- of its path; the row and its audits go once the file at that path is read). From version 4, the game's totals
-- over its kans and hands rows, so that the statistics read one row per game instead of every kan and hand; each
-- equals a count of those rows.
CREATE TABLE games (
  game_id                INTEGER PRIMARY KEY,      -- the game
  content_hash           TEXT    NOT NULL UNIQUE,  -- SHA-256 of the file's bytes, hex
  log_id                 TEXT,                     -- Tenhou log id, when the log (JSON `ref`) or its file name gives it
  file                   TEXT    NOT NULL,         -- the path it was last audited from, absolute (older kanshi: as typed)
  error                  TEXT,                     -- why the file could not be read (no facts then)
  format                 TEXT,                     -- mjlog | tenhou6 | mjai
  platform               TEXT,                     -- version 3: tenhou | majsoul | unknown: where the game was played, as the log says (or --platform)
  gzip                   INTEGER,                  -- the file was gzip-compressed
  player_count           INTEGER,                  -- 3 or 4
  lobby                  INTEGER,                  -- lobby number (0 = ranked)
  lobby_level            TEXT,                     -- ippan | joukyuu | tokujou | houou
  type_code              INTEGER,                  -- mjlog GO type bitfield
  rule_label             TEXT,                     -- e.g. 四鳳南喰赤
  red_fives              INTEGER,                  -- played with red fives
  open_tanyao            INTEGER,                  -- open tanyao allowed
  length                 TEXT,                     -- tonpuu | hanchan
  speed                  TEXT,                     -- normal | fast | hyper
  vs_humans              INTEGER,                  -- played against people
  seed_kind              TEXT,                     -- the SHUFFLE seed's scheme (text before the first comma)
  seeded                 INTEGER,                  -- a wall could be rebuilt from the seed
  seed_note              TEXT,                     -- why not, when not
  hand_count             INTEGER,                  -- hands in the log
  complete               INTEGER,                  -- the log reaches the game's end (not an excerpt)
  wall_checked           INTEGER,                  -- tiles compared with the rebuilt wall
  wall_mismatches        INTEGER,                  -- tiles that differ from the rebuilt wall
  inconsistencies        INTEGER,                  -- places where the log contradicts itself
  title                  TEXT,                     -- tenhou.net/6 editor title lines, joined by newlines
  facts_digest           TEXT,                     -- the FACTS_VERSION that wrote this game's facts: older ones are rewritten
  played_on              TEXT,                     -- version 4: YYYY-MM-DD: from the log id (YYYYMMDDHHgm-…), else a file name starting YYYYMMDD; else null
  played_at_hour         INTEGER,                  -- version 4: 0..23 from the log id (Japan time), else null
  completed_kans         INTEGER,                  -- version 4: kans completed: kans rows with robbed = 0
  ankans                 INTEGER,                  -- version 4: … of kind ankan
  daiminkans             INTEGER,                  -- version 4: … of kind daiminkan
  kakans                 INTEGER,                  -- version 4: … of kind kakan
  robbed_kans            INTEGER,                  -- version 4: kans rows with robbed = 1 (chankan)
  ankan_replacements     INTEGER,                  -- version 4: completed ankans with a replacement draw (replacement_tile not null)
  daiminkan_replacements INTEGER,                  -- version 4: … daiminkans
  kakan_replacements     INTEGER,                  -- version 4: … kakans
  ankan_rinshan_wins     INTEGER,                  -- version 4: completed ankans whose replacement tile won (rinshan_win = 1)
  daiminkan_rinshan_wins INTEGER,                  -- version 4: … daiminkans
  kakan_rinshan_wins     INTEGER,                  -- version 4: … kakans
  kitas                  INTEGER,                  -- version 4: sum of hands.kita
  kita_replacement_draws INTEGER,                  -- version 4: sum of hands.kita_replacements
  kita_rinshan_wins      INTEGER,                  -- version 4: rinshan wins in hands with a kita and no kan whose replacement won
  riichis                INTEGER,                  -- version 4: sum of hands.riichi (riichi declarations)
  kans_in_riichi         INTEGER                   -- version 4: kans rows with in_riichi = 1 (robbed ones included)
) STRICT;
CREATE INDEX games_by_log_id ON games (log_id);

-- The players of each game, by seat.
CREATE TABLE players (
  game_id      INTEGER NOT NULL REFERENCES games (game_id),  -- the game
  seat         INTEGER NOT NULL,                             -- seat 0..3 (0 the first dealer)
  name         TEXT    NOT NULL,                             -- the name as logged
  dan          INTEGER,                                      -- 0 新人 … 10 初段 … 20 天鳳位
  dan_name     TEXT,                                         -- the rank as Tenhou names it
  rate         REAL,                                         -- the rating
  sex          TEXT,                                         -- as logged
  final_score  INTEGER,                                      -- points at the end, when the log reaches it
  final_points REAL,                                         -- game points (uma included)
  PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;

-- One row per hand of the game (version 5 renamed the table from rounds).
CREATE TABLE hands (
  game_id            INTEGER NOT NULL REFERENCES games (game_id),       -- the game
  hand               INTEGER NOT NULL,                                  -- position of the hand in the game, 1-based
  kyoku              INTEGER NOT NULL,                                  -- 4 × wind + dealer (0 = East 1, 4 = South 1)
  kyoku_name         TEXT GENERATED ALWAYS AS (
                       CASE kyoku / 4 % 4 WHEN 0 THEN 'East' WHEN 1 THEN 'South' WHEN 2 THEN 'West' ELSE 'North' END
                       || ' ' || (kyoku % 4 + 1)) VIRTUAL,  -- 'East 1', 'South 4'… (generated)
  honba              INTEGER NOT NULL,                                  -- honba sticks
  dealer             INTEGER NOT NULL,                                  -- the dealer's seat
  wall_built         INTEGER NOT NULL,                                  -- the hand's wall was rebuilt from the seed
  wall_note          TEXT,                                              -- why no wall was built
  ending             TEXT    NOT NULL CHECK (ending IN ('win', 'ryuukyoku', 'none')),  -- win, ryuukyoku, or none when the log stops
  ending_reason      TEXT,                                              -- ryuukyoku: exhaustive, kyuushu-kyuuhai, suukaikan, …
  ending_event_index INTEGER,                                           -- the ending event
  kans               INTEGER NOT NULL,                                  -- kans completed (robbed kakans not counted)
  kan_players        INTEGER NOT NULL,                                  -- by how many players
  kita               INTEGER NOT NULL,                                  -- 3-player: norths set aside (kita)
  kita_replacements  INTEGER NOT NULL,                                  -- … and the replacement draws they got
  riichi             INTEGER NOT NULL,                                  -- riichi declarations (the rows of riichi_declarations)
  live_draws         INTEGER NOT NULL,                                  -- draws from the live wall
  replacement_draws  INTEGER NOT NULL,                                  -- replacement draws (kans and kita)
  event_count        INTEGER NOT NULL,                                  -- the hand's events
  PRIMARY KEY (game_id, hand)
) STRICT, WITHOUT ROWID;

-- Kans: every kan declared, robbed kakans included (robbed = 1), with its replacement draw and its indicator as
-- the log shows them. The reveal moment under a rule is in kan_verdicts.
CREATE TABLE kans (
  game_id                      INTEGER NOT NULL,                        -- the game
  hand                         INTEGER NOT NULL,                        -- the hand (1-based)
  event_index                  INTEGER NOT NULL,                        -- the call event
  number                       INTEGER NOT NULL,                        -- 1 for the hand's first kan, …
  seat                         INTEGER NOT NULL,                        -- the kan player
  kind                         TEXT    NOT NULL CHECK (kind IN ('ankan', 'daiminkan', 'kakan')),  -- ankan | daiminkan | kakan
  tile                         INTEGER NOT NULL,                        -- kakan: the added tile; daiminkan: the called tile
  tiles                        TEXT    NOT NULL,                        -- JSON array of the four ids
  from_seat                    INTEGER NOT NULL,                        -- daiminkan: the discarder; kakan: the pon's; ankan: own seat
  turn                         INTEGER NOT NULL,                        -- 1 + the kan player's discards so far
  live_wall_left               INTEGER NOT NULL,                        -- live tiles still to draw (0: after the haitei)
  in_riichi                    INTEGER NOT NULL,                        -- the kan player had declared riichi
  after_call                   INTEGER NOT NULL,                        -- ankan/kakan without a draw since a chi or pon
  after_replacement            INTEGER NOT NULL,                        -- a chained kan
  drawn_tile                   INTEGER,                                 -- the tile drawn before the kan
  robbed                       INTEGER NOT NULL,                        -- chankan: the kan was never completed
  replacement_tile             INTEGER,                                 -- the replacement (rinshan) draw
  replacement_event_index      INTEGER,                                 -- its event
  replacement_number           INTEGER,                                 -- 0-based replacement draws in the hand (kita included)
  replacement_wall_index       INTEGER,                                 -- position in the rebuilt wall
  rinshan_win                  INTEGER NOT NULL,                        -- the replacement tile won the hand (rinshan kaihou)
  kandora_number               INTEGER,                                 -- 1..4 in reveal order; null if robbed
  indicator                    INTEGER,                                 -- as logged, else the rebuilt wall's tile
  indicator_wall_index         INTEGER,                                 -- the indicator's position in the rebuilt wall
  reveal_event_index           INTEGER,                                 -- the logged reveal (DORA), if any
  reveal_logged                TEXT    NOT NULL,                        -- declaration | after-replacement | next-kan | after-discard | never | unknown | unrecorded (tenhou.net/6 JSON: shown, moment not logged)
  discard_event_index          INTEGER,                                 -- the kan player's next discard
  next_declaration_event_index INTEGER,                                 -- the kan player's next kan before discarding
  PRIMARY KEY (game_id, hand, event_index),
  FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)
) STRICT, WITHOUT ROWID;
CREATE INDEX kans_by_kind ON kans (kind);

-- Reveals: every kandora indicator the log turns over, with the kan it belongs to.
CREATE TABLE reveals (
  game_id         INTEGER NOT NULL,                              -- the game
  hand            INTEGER NOT NULL,                              -- the hand (1-based)
  event_index     INTEGER NOT NULL,                              -- the reveal event
  kan_event_index INTEGER NOT NULL,                              -- the kan's event
  kandora_number  INTEGER,                                       -- 1..4 in reveal order
  indicator       INTEGER NOT NULL,                              -- the indicator shown
  wall_index      INTEGER,                                       -- where the rebuilt wall has it
  wall_tile       INTEGER,                                       -- the tile the rebuilt wall holds there
  moment          TEXT    NOT NULL,                              -- relative to its kan (the values of kans.reveal_logged)
  PRIMARY KEY (game_id, hand, event_index),
  FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)
) STRICT, WITHOUT ROWID;

-- Wins with the indicators and dora the log scores (under a rule: win_dora), and from version 4 the hand's value
-- as the log scores it and its other dora.
CREATE TABLE wins (
  game_id          INTEGER NOT NULL,                             -- the game
  hand             INTEGER NOT NULL,                             -- the hand (1-based)
  event_index      INTEGER NOT NULL,                             -- the win event
  seat             INTEGER NOT NULL,                             -- the winner
  from_seat        INTEGER NOT NULL,                             -- the discarder (chankan: the kan player); own seat for tsumo
  tsumo            INTEGER NOT NULL,                             -- won on a draw
  winning_tile     INTEGER NOT NULL,                             -- the winning tile
  chankan          INTEGER NOT NULL,                             -- ron on a kakan's added tile
  chankan_on_ankan INTEGER NOT NULL,                             -- ron on an ankan (kokushi)
  rinshan          INTEGER NOT NULL,                             -- tsumo on a replacement tile (kan or kita)
  haitei           INTEGER NOT NULL,                             -- tsumo on the last live tile
  houtei           INTEGER NOT NULL,                             -- ron on the last discard
  on_kita          INTEGER NOT NULL,                             -- ron on a kita (3-player)
  riichi           INTEGER NOT NULL,                             -- the winner had declared riichi
  kans_before      INTEGER NOT NULL,                             -- kans made in the hand before the win
  kita             INTEGER NOT NULL,                             -- 3-player: norths the winner set aside (same as kita_dora)
  yaku             TEXT    NOT NULL,                             -- JSON [{"id","han"}] (mjlog yaku ids, see the yaku table; dora, ura and red fives are 52, 53, 54)
  yakuman          TEXT    NOT NULL,                             -- JSON array of yakuman ids
  dora_han_logged  INTEGER NOT NULL,                             -- han of yaku 52 (dora) as the log scores it: in 3-player games it includes one per kita
  indicators       TEXT    NOT NULL,                             -- JSON: the dora indicators that count, as logged (the first, then each kandora)
  ura_indicators   TEXT    NOT NULL,                             -- JSON: the ura indicators as logged (riichi winners)
  dora             INTEGER,                                      -- tiles of the winning hand (concealed, winning tile, melds, kita) that those indicators make dora, once per indicator; null if one is unknown
  ura_dora         INTEGER,                                      -- the same for the ura indicators (0 without riichi)
  han              INTEGER,                                      -- version 4: sum of the yaku's han (dora included), 13 per yakuman; null when no yaku is logged (mjai)
  fu               INTEGER,                                      -- version 4: null where not logged (limit hands in tenhou.net/6, mjai)
  points           INTEGER,                                      -- version 4: what the win was worth to the winner, without honba and riichi sticks (a 3-player tsumo: what the two others paid)
  limit_name       TEXT,                                         -- version 4: none | mangan | haneman | baiman | sanbaiman | yakuman; null when not known
  red_dora         INTEGER,                                      -- version 4: red fives in the winning hand (of the suits the game has them in; counted whether or not scored, as dora is)
  kita_dora        INTEGER,                                      -- version 4: 3-player: kita set aside, each one dora (nukidora); 0 in 4-player games
  own_kans         INTEGER,                                      -- version 13: the winner's own kans (ankan, daiminkan, kakan) when it wins; null for a win stored before version 13
  PRIMARY KEY (game_id, hand, event_index),
  FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)
) STRICT, WITHOUT ROWID;

-- Riichi declarations (version 4): one per seat and hand (the first, where a log repeats one: a riichi-repeated
-- inconsistency).
CREATE TABLE riichi_declarations (
  game_id     INTEGER NOT NULL,                                  -- the game
  hand        INTEGER NOT NULL,                                  -- the hand (1-based)
  event_index INTEGER NOT NULL,                                  -- the declaring event
  seat        INTEGER NOT NULL,                                  -- the declaring seat
  turn        INTEGER NOT NULL,                                  -- 1 + the seat's discards before it: the turn of the riichi discard (as kans.turn)
  tile        INTEGER,                                           -- the riichi discard (null when the hand ends or the log stops before it)
  tsumogiri   INTEGER,                                           -- the riichi discard is the tile just drawn
  accepted    INTEGER NOT NULL,                                  -- the riichi was accepted (its discard not ronned, the stick deposited)
  PRIMARY KEY (game_id, hand, seat),
  FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)
) STRICT, WITHOUT ROWID;

-- Abortive draws (kyuushu-kyuuhai, suucha-riichi, sanchahou, suukaikan, suufon-renda). Exhaustive draws are in
-- hands (ending = 'ryuukyoku').
CREATE TABLE aborts (
  game_id     INTEGER NOT NULL,                                  -- the game
  hand        INTEGER NOT NULL,                                  -- the hand (1-based)
  event_index INTEGER,                                           -- the ending event
  reason      TEXT    NOT NULL,                                  -- the abort
  kans        INTEGER NOT NULL,                                  -- kans completed in the hand
  kan_players INTEGER NOT NULL,                                  -- by how many players
  PRIMARY KEY (game_id, hand),
  FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand)
) STRICT, WITHOUT ROWID;

-- Verdicts. One audits row per (rule set, game); the other verdict tables hang off it. From version 7, the
-- audit's totals over its win_dora rows (and score-mismatch findings), written with them, so that
-- score_conformance and kan_scoring read one row per game instead of every win; each equals a count or sum of
-- those rows.
CREATE TABLE audits (
  rule_set_id              INTEGER NOT NULL REFERENCES rule_sets (rule_set_id),  -- the rule set
  game_id                  INTEGER NOT NULL REFERENCES games (game_id),  -- the game
  status                   TEXT    NOT NULL CHECK (status IN ('ok', 'ingest-error', 'audit-error')),  -- ok, or why the file gave no game
  error                    TEXT,                                        -- the ingest-error or audit-error message
  effective_kandora_timing TEXT,                                        -- the timing applied (tenhou becomes immediate in chip games)
  timing_mismatches        INTEGER NOT NULL,                            -- kans whose logged reveal differs from the timing
  errors                   INTEGER NOT NULL,                            -- findings by severity: errors
  warnings                 INTEGER NOT NULL,                            -- … warnings
  infos                    INTEGER NOT NULL,                            -- … infos
  audited_at               TEXT    NOT NULL,                            -- when: ISO 8601, UTC
  wins                     INTEGER NOT NULL DEFAULT 0,                  -- version 7: win_dora rows
  wins_not_rescored        INTEGER NOT NULL DEFAULT 0,                  -- version 7: … with valid null (audited before version 6)
  wins_agreeing            INTEGER NOT NULL DEFAULT 0,                  -- version 7: … with mismatches = 0
  wins_differing           INTEGER NOT NULL DEFAULT 0,                  -- version 7: … with mismatches > 0
  wins_yaku_differ         INTEGER NOT NULL DEFAULT 0,                  -- version 7: … whose components list yaku
  wins_han_differ          INTEGER NOT NULL DEFAULT 0,                  -- version 7: … han
  wins_fu_differ           INTEGER NOT NULL DEFAULT 0,                  -- version 7: … fu
  wins_points_differ       INTEGER NOT NULL DEFAULT 0,                  -- version 7: … points
  wins_limit_differ        INTEGER NOT NULL DEFAULT 0,                  -- version 7: … limit
  wins_payment_differ      INTEGER NOT NULL DEFAULT 0,                  -- version 7: … payment
  draws_differing          INTEGER NOT NULL DEFAULT 0,                  -- version 7: hands (not null) of score-mismatch findings at no win_dora row (hand, event_index)
  valid_wins               INTEGER NOT NULL DEFAULT 0,                  -- version 7: win_dora rows with valid = 1
  rinshan_wins             INTEGER NOT NULL DEFAULT 0,                  -- version 7: valid wins with rinshan kaihou (the han of yaku 4 in win_dora.yaku)
  rinshan_brought          INTEGER NOT NULL DEFAULT 0,                  -- version 7: … what it brought them, summed
  rinshan_wins_han         INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' han, summed
  rinshan_wins_points      INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' points, summed
  chankan_wins             INTEGER NOT NULL DEFAULT 0,                  -- version 7: valid wins with chankan (yaku 3)
  chankan_brought          INTEGER NOT NULL DEFAULT 0,                  -- version 7: … what it brought them, summed
  chankan_wins_han         INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' han, summed
  chankan_wins_points      INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' points, summed
  sankantsu_wins           INTEGER NOT NULL DEFAULT 0,                  -- version 7: valid wins with sankantsu (yaku 27)
  sankantsu_brought        INTEGER NOT NULL DEFAULT 0,                  -- version 7: … what it brought them, summed
  sankantsu_wins_han       INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' han, summed
  sankantsu_wins_points    INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' points, summed
  suukantsu_wins           INTEGER NOT NULL DEFAULT 0,                  -- version 7: valid wins with suukantsu (yakuman 51 in win_dora.yakuman; brings 1)
  suukantsu_brought        INTEGER NOT NULL DEFAULT 0,                  -- version 7: … what it brought them, summed
  suukantsu_wins_han       INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' han, summed
  suukantsu_wins_points    INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' points, summed
  kandora_wins             INTEGER NOT NULL DEFAULT 0,                  -- version 7: valid wins with kandora (win_dora.kandora > 0, in a hand with no yakuman)
  kandora_brought          INTEGER NOT NULL DEFAULT 0,                  -- version 7: … what it brought them, summed
  kandora_wins_han         INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' han, summed
  kandora_wins_points      INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' points, summed
  kan_fu_wins              INTEGER NOT NULL DEFAULT 0,                  -- version 7: valid wins with kan fu (win_dora.kan_fu > 0)
  kan_fu_brought           INTEGER NOT NULL DEFAULT 0,                  -- version 7: … what it brought them, summed
  kan_fu_wins_han          INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' han, summed
  kan_fu_wins_points       INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' points, summed
  kan_han_wins             INTEGER NOT NULL DEFAULT 0,                  -- version 7: valid wins with any han from kans (win_dora.kan_han > 0)
  kan_han_brought          INTEGER NOT NULL DEFAULT 0,                  -- version 7: … what it brought them, summed
  kan_han_wins_han         INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' han, summed
  kan_han_wins_points      INTEGER NOT NULL DEFAULT 0,                  -- version 7: … those wins' points, summed
  PRIMARY KEY (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX audits_by_game ON audits (game_id);

-- Version 11: the audits of each rule set grouped by what the statistics group them by (status and the game's
-- platform, format, players, lobby, year and facts version), with the sums of the games' and the audits' totals:
-- kan_stats, rinshan_stats, riichi_kan_frequency, chankan_suukaikan_stats, rule_set_summary, score_conformance,
-- kan_scoring and `kanshi report` read these few rows instead of every audit joined to its game. Triggers keep
-- each group equal to the same computed from audits JOIN games, whatever writes (the writer, kanshi merge, a
-- migration, a hand-made UPDATE); a group left with no game is removed.
CREATE TABLE audit_groups (
  rule_set_id             INTEGER NOT NULL,  -- the rule set
  group_key               TEXT    NOT NULL,  -- json_array of the key's columns (NULLs included): one row per value
  status                 TEXT    NOT NULL,  -- audits.status
  platform               TEXT,  -- the games' platform
  format                 TEXT,  -- … format
  player_count           INTEGER,  -- … player_count
  lobby_level            TEXT,  -- … lobby_level
  year                   TEXT,  -- YYYY: games.played_on's, else a Tenhou log id's first four digits; else null
  facts_digest           TEXT,  -- games.facts_digest
  games                  INTEGER NOT NULL,  -- audits in the group (one per game)
  games_with_wins        INTEGER NOT NULL,  -- … with audits.wins > 0
  hand_count             INTEGER NOT NULL,  -- sum of games.hand_count (null counted 0)
  completed_kans         INTEGER NOT NULL,  -- sum of games.completed_kans (null counted 0)
  ankans                 INTEGER NOT NULL,  -- sum of games.ankans (null counted 0)
  daiminkans             INTEGER NOT NULL,  -- sum of games.daiminkans (null counted 0)
  kakans                 INTEGER NOT NULL,  -- sum of games.kakans (null counted 0)
  robbed_kans            INTEGER NOT NULL,  -- sum of games.robbed_kans (null counted 0)
  ankan_replacements     INTEGER NOT NULL,  -- sum of games.ankan_replacements (null counted 0)
  daiminkan_replacements INTEGER NOT NULL,  -- sum of games.daiminkan_replacements (null counted 0)
  kakan_replacements     INTEGER NOT NULL,  -- sum of games.kakan_replacements (null counted 0)
  ankan_rinshan_wins     INTEGER NOT NULL,  -- sum of games.ankan_rinshan_wins (null counted 0)
  daiminkan_rinshan_wins INTEGER NOT NULL,  -- sum of games.daiminkan_rinshan_wins (null counted 0)
  kakan_rinshan_wins     INTEGER NOT NULL,  -- sum of games.kakan_rinshan_wins (null counted 0)
  kitas                  INTEGER NOT NULL,  -- sum of games.kitas (null counted 0)
  kita_replacement_draws INTEGER NOT NULL,  -- sum of games.kita_replacement_draws (null counted 0)
  kita_rinshan_wins      INTEGER NOT NULL,  -- sum of games.kita_rinshan_wins (null counted 0)
  riichis                INTEGER NOT NULL,  -- sum of games.riichis (null counted 0)
  kans_in_riichi         INTEGER NOT NULL,  -- sum of games.kans_in_riichi (null counted 0)
  errors                 INTEGER NOT NULL,  -- sum of audits.errors
  warnings               INTEGER NOT NULL,  -- sum of audits.warnings
  infos                  INTEGER NOT NULL,  -- sum of audits.infos
  wins                   INTEGER NOT NULL,  -- sum of audits.wins
  wins_not_rescored      INTEGER NOT NULL,  -- sum of audits.wins_not_rescored
  wins_agreeing          INTEGER NOT NULL,  -- sum of audits.wins_agreeing
  wins_differing         INTEGER NOT NULL,  -- sum of audits.wins_differing
  wins_yaku_differ       INTEGER NOT NULL,  -- sum of audits.wins_yaku_differ
  wins_han_differ        INTEGER NOT NULL,  -- sum of audits.wins_han_differ
  wins_fu_differ         INTEGER NOT NULL,  -- sum of audits.wins_fu_differ
  wins_points_differ     INTEGER NOT NULL,  -- sum of audits.wins_points_differ
  wins_limit_differ      INTEGER NOT NULL,  -- sum of audits.wins_limit_differ
  wins_payment_differ    INTEGER NOT NULL,  -- sum of audits.wins_payment_differ
  draws_differing        INTEGER NOT NULL,  -- sum of audits.draws_differing
  valid_wins             INTEGER NOT NULL,  -- sum of audits.valid_wins
  rinshan_wins           INTEGER NOT NULL,  -- sum of audits.rinshan_wins
  rinshan_brought        INTEGER NOT NULL,  -- sum of audits.rinshan_brought
  rinshan_wins_han       INTEGER NOT NULL,  -- sum of audits.rinshan_wins_han
  rinshan_wins_points    INTEGER NOT NULL,  -- sum of audits.rinshan_wins_points
  chankan_wins           INTEGER NOT NULL,  -- sum of audits.chankan_wins
  chankan_brought        INTEGER NOT NULL,  -- sum of audits.chankan_brought
  chankan_wins_han       INTEGER NOT NULL,  -- sum of audits.chankan_wins_han
  chankan_wins_points    INTEGER NOT NULL,  -- sum of audits.chankan_wins_points
  sankantsu_wins         INTEGER NOT NULL,  -- sum of audits.sankantsu_wins
  sankantsu_brought      INTEGER NOT NULL,  -- sum of audits.sankantsu_brought
  sankantsu_wins_han     INTEGER NOT NULL,  -- sum of audits.sankantsu_wins_han
  sankantsu_wins_points  INTEGER NOT NULL,  -- sum of audits.sankantsu_wins_points
  suukantsu_wins         INTEGER NOT NULL,  -- sum of audits.suukantsu_wins
  suukantsu_brought      INTEGER NOT NULL,  -- sum of audits.suukantsu_brought
  suukantsu_wins_han     INTEGER NOT NULL,  -- sum of audits.suukantsu_wins_han
  suukantsu_wins_points  INTEGER NOT NULL,  -- sum of audits.suukantsu_wins_points
  kandora_wins           INTEGER NOT NULL,  -- sum of audits.kandora_wins
  kandora_brought        INTEGER NOT NULL,  -- sum of audits.kandora_brought
  kandora_wins_han       INTEGER NOT NULL,  -- sum of audits.kandora_wins_han
  kandora_wins_points    INTEGER NOT NULL,  -- sum of audits.kandora_wins_points
  kan_fu_wins            INTEGER NOT NULL,  -- sum of audits.kan_fu_wins
  kan_fu_brought         INTEGER NOT NULL,  -- sum of audits.kan_fu_brought
  kan_fu_wins_han        INTEGER NOT NULL,  -- sum of audits.kan_fu_wins_han
  kan_fu_wins_points     INTEGER NOT NULL,  -- sum of audits.kan_fu_wins_points
  kan_han_wins           INTEGER NOT NULL,  -- sum of audits.kan_han_wins
  kan_han_brought        INTEGER NOT NULL,  -- sum of audits.kan_han_brought
  kan_han_wins_han       INTEGER NOT NULL,  -- sum of audits.kan_han_wins_han
  kan_han_wins_points    INTEGER NOT NULL,  -- sum of audits.kan_han_wins_points
  PRIMARY KEY (rule_set_id, group_key)
) STRICT, WITHOUT ROWID;
CREATE TRIGGER audit_groups_audit_added AFTER INSERT ON audits BEGIN
  INSERT INTO audit_groups (rule_set_id, group_key, status, platform, format, player_count, lobby_level, year, facts_digest, games, games_with_wins, hand_count,
    completed_kans, ankans, daiminkans, kakans, robbed_kans, ankan_replacements, daiminkan_replacements, kakan_replacements,
    ankan_rinshan_wins, daiminkan_rinshan_wins, kakan_rinshan_wins, kitas, kita_replacement_draws, kita_rinshan_wins, riichis,
    kans_in_riichi, errors, warnings, infos, wins, wins_not_rescored, wins_agreeing, wins_differing, wins_yaku_differ, wins_han_differ,
    wins_fu_differ, wins_points_differ, wins_limit_differ, wins_payment_differ, draws_differing, valid_wins, rinshan_wins,
    rinshan_brought, rinshan_wins_han, rinshan_wins_points, chankan_wins, chankan_brought, chankan_wins_han, chankan_wins_points,
    sankantsu_wins, sankantsu_brought, sankantsu_wins_han, sankantsu_wins_points, suukantsu_wins, suukantsu_brought, suukantsu_wins_han,
    suukantsu_wins_points, kandora_wins, kandora_brought, kandora_wins_han, kandora_wins_points, kan_fu_wins, kan_fu_brought,
    kan_fu_wins_han, kan_fu_wins_points, kan_han_wins, kan_han_brought, kan_han_wins_han, kan_han_wins_points)
  SELECT NEW.rule_set_id,
    json_array(NEW.status, g.platform, g.format, g.player_count, g.lobby_level, coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END), g.facts_digest),
    NEW.status, g.platform, g.format, g.player_count, g.lobby_level,
    coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END),
    g.facts_digest, 1, (NEW.wins > 0), coalesce(g.hand_count, 0), coalesce(g.completed_kans, 0), coalesce(g.ankans, 0),
    coalesce(g.daiminkans, 0), coalesce(g.kakans, 0), coalesce(g.robbed_kans, 0), coalesce(g.ankan_replacements, 0),
    coalesce(g.daiminkan_replacements, 0), coalesce(g.kakan_replacements, 0), coalesce(g.ankan_rinshan_wins, 0),
    coalesce(g.daiminkan_rinshan_wins, 0), coalesce(g.kakan_rinshan_wins, 0), coalesce(g.kitas, 0),
    coalesce(g.kita_replacement_draws, 0), coalesce(g.kita_rinshan_wins, 0), coalesce(g.riichis, 0), coalesce(g.kans_in_riichi, 0),
    NEW.errors, NEW.warnings, NEW.infos, NEW.wins, NEW.wins_not_rescored, NEW.wins_agreeing, NEW.wins_differing, NEW.wins_yaku_differ,
    NEW.wins_han_differ, NEW.wins_fu_differ, NEW.wins_points_differ, NEW.wins_limit_differ, NEW.wins_payment_differ, NEW.draws_differing,
    NEW.valid_wins, NEW.rinshan_wins, NEW.rinshan_brought, NEW.rinshan_wins_han, NEW.rinshan_wins_points, NEW.chankan_wins,
    NEW.chankan_brought, NEW.chankan_wins_han, NEW.chankan_wins_points, NEW.sankantsu_wins, NEW.sankantsu_brought,
    NEW.sankantsu_wins_han, NEW.sankantsu_wins_points, NEW.suukantsu_wins, NEW.suukantsu_brought, NEW.suukantsu_wins_han,
    NEW.suukantsu_wins_points, NEW.kandora_wins, NEW.kandora_brought, NEW.kandora_wins_han, NEW.kandora_wins_points, NEW.kan_fu_wins,
    NEW.kan_fu_brought, NEW.kan_fu_wins_han, NEW.kan_fu_wins_points, NEW.kan_han_wins, NEW.kan_han_brought, NEW.kan_han_wins_han,
    NEW.kan_han_wins_points
  FROM games g WHERE g.game_id = NEW.game_id
  ON CONFLICT (rule_set_id, group_key) DO UPDATE SET
    games = games + excluded.games, games_with_wins = games_with_wins + excluded.games_with_wins,
    hand_count = hand_count + excluded.hand_count, completed_kans = completed_kans + excluded.completed_kans,
    ankans = ankans + excluded.ankans, daiminkans = daiminkans + excluded.daiminkans, kakans = kakans + excluded.kakans,
    robbed_kans = robbed_kans + excluded.robbed_kans, ankan_replacements = ankan_replacements + excluded.ankan_replacements,
    daiminkan_replacements = daiminkan_replacements + excluded.daiminkan_replacements,
    kakan_replacements = kakan_replacements + excluded.kakan_replacements,
    ankan_rinshan_wins = ankan_rinshan_wins + excluded.ankan_rinshan_wins,
    daiminkan_rinshan_wins = daiminkan_rinshan_wins + excluded.daiminkan_rinshan_wins,
    kakan_rinshan_wins = kakan_rinshan_wins + excluded.kakan_rinshan_wins, kitas = kitas + excluded.kitas,
    kita_replacement_draws = kita_replacement_draws + excluded.kita_replacement_draws,
    kita_rinshan_wins = kita_rinshan_wins + excluded.kita_rinshan_wins, riichis = riichis + excluded.riichis,
    kans_in_riichi = kans_in_riichi + excluded.kans_in_riichi, errors = errors + excluded.errors,
    warnings = warnings + excluded.warnings, infos = infos + excluded.infos, wins = wins + excluded.wins,
    wins_not_rescored = wins_not_rescored + excluded.wins_not_rescored, wins_agreeing = wins_agreeing + excluded.wins_agreeing,
    wins_differing = wins_differing + excluded.wins_differing, wins_yaku_differ = wins_yaku_differ + excluded.wins_yaku_differ,
    wins_han_differ = wins_han_differ + excluded.wins_han_differ, wins_fu_differ = wins_fu_differ + excluded.wins_fu_differ,
    wins_points_differ = wins_points_differ + excluded.wins_points_differ,
    wins_limit_differ = wins_limit_differ + excluded.wins_limit_differ,
    wins_payment_differ = wins_payment_differ + excluded.wins_payment_differ,
    draws_differing = draws_differing + excluded.draws_differing, valid_wins = valid_wins + excluded.valid_wins,
    rinshan_wins = rinshan_wins + excluded.rinshan_wins, rinshan_brought = rinshan_brought + excluded.rinshan_brought,
    rinshan_wins_han = rinshan_wins_han + excluded.rinshan_wins_han,
    rinshan_wins_points = rinshan_wins_points + excluded.rinshan_wins_points, chankan_wins = chankan_wins + excluded.chankan_wins,
    chankan_brought = chankan_brought + excluded.chankan_brought, chankan_wins_han = chankan_wins_han + excluded.chankan_wins_han,
    chankan_wins_points = chankan_wins_points + excluded.chankan_wins_points, sankantsu_wins = sankantsu_wins + excluded.sankantsu_wins,
    sankantsu_brought = sankantsu_brought + excluded.sankantsu_brought,
    sankantsu_wins_han = sankantsu_wins_han + excluded.sankantsu_wins_han,
    sankantsu_wins_points = sankantsu_wins_points + excluded.sankantsu_wins_points,
    suukantsu_wins = suukantsu_wins + excluded.suukantsu_wins, suukantsu_brought = suukantsu_brought + excluded.suukantsu_brought,
    suukantsu_wins_han = suukantsu_wins_han + excluded.suukantsu_wins_han,
    suukantsu_wins_points = suukantsu_wins_points + excluded.suukantsu_wins_points, kandora_wins = kandora_wins + excluded.kandora_wins,
    kandora_brought = kandora_brought + excluded.kandora_brought, kandora_wins_han = kandora_wins_han + excluded.kandora_wins_han,
    kandora_wins_points = kandora_wins_points + excluded.kandora_wins_points, kan_fu_wins = kan_fu_wins + excluded.kan_fu_wins,
    kan_fu_brought = kan_fu_brought + excluded.kan_fu_brought, kan_fu_wins_han = kan_fu_wins_han + excluded.kan_fu_wins_han,
    kan_fu_wins_points = kan_fu_wins_points + excluded.kan_fu_wins_points, kan_han_wins = kan_han_wins + excluded.kan_han_wins,
    kan_han_brought = kan_han_brought + excluded.kan_han_brought, kan_han_wins_han = kan_han_wins_han + excluded.kan_han_wins_han,
    kan_han_wins_points = kan_han_wins_points + excluded.kan_han_wins_points;
END;
CREATE TRIGGER audit_groups_audit_removed AFTER DELETE ON audits BEGIN
  INSERT INTO audit_groups (rule_set_id, group_key, status, platform, format, player_count, lobby_level, year, facts_digest, games, games_with_wins, hand_count,
    completed_kans, ankans, daiminkans, kakans, robbed_kans, ankan_replacements, daiminkan_replacements, kakan_replacements,
    ankan_rinshan_wins, daiminkan_rinshan_wins, kakan_rinshan_wins, kitas, kita_replacement_draws, kita_rinshan_wins, riichis,
    kans_in_riichi, errors, warnings, infos, wins, wins_not_rescored, wins_agreeing, wins_differing, wins_yaku_differ, wins_han_differ,
    wins_fu_differ, wins_points_differ, wins_limit_differ, wins_payment_differ, draws_differing, valid_wins, rinshan_wins,
    rinshan_brought, rinshan_wins_han, rinshan_wins_points, chankan_wins, chankan_brought, chankan_wins_han, chankan_wins_points,
    sankantsu_wins, sankantsu_brought, sankantsu_wins_han, sankantsu_wins_points, suukantsu_wins, suukantsu_brought, suukantsu_wins_han,
    suukantsu_wins_points, kandora_wins, kandora_brought, kandora_wins_han, kandora_wins_points, kan_fu_wins, kan_fu_brought,
    kan_fu_wins_han, kan_fu_wins_points, kan_han_wins, kan_han_brought, kan_han_wins_han, kan_han_wins_points)
  SELECT OLD.rule_set_id,
    json_array(OLD.status, g.platform, g.format, g.player_count, g.lobby_level, coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END), g.facts_digest),
    OLD.status, g.platform, g.format, g.player_count, g.lobby_level,
    coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END),
    g.facts_digest, -1, -(OLD.wins > 0), -coalesce(g.hand_count, 0), -coalesce(g.completed_kans, 0), -coalesce(g.ankans, 0),
    -coalesce(g.daiminkans, 0), -coalesce(g.kakans, 0), -coalesce(g.robbed_kans, 0), -coalesce(g.ankan_replacements, 0),
    -coalesce(g.daiminkan_replacements, 0), -coalesce(g.kakan_replacements, 0), -coalesce(g.ankan_rinshan_wins, 0),
    -coalesce(g.daiminkan_rinshan_wins, 0), -coalesce(g.kakan_rinshan_wins, 0), -coalesce(g.kitas, 0),
    -coalesce(g.kita_replacement_draws, 0), -coalesce(g.kita_rinshan_wins, 0), -coalesce(g.riichis, 0), -coalesce(g.kans_in_riichi, 0),
    -OLD.errors, -OLD.warnings, -OLD.infos, -OLD.wins, -OLD.wins_not_rescored, -OLD.wins_agreeing, -OLD.wins_differing,
    -OLD.wins_yaku_differ, -OLD.wins_han_differ, -OLD.wins_fu_differ, -OLD.wins_points_differ, -OLD.wins_limit_differ,
    -OLD.wins_payment_differ, -OLD.draws_differing, -OLD.valid_wins, -OLD.rinshan_wins, -OLD.rinshan_brought, -OLD.rinshan_wins_han,
    -OLD.rinshan_wins_points, -OLD.chankan_wins, -OLD.chankan_brought, -OLD.chankan_wins_han, -OLD.chankan_wins_points,
    -OLD.sankantsu_wins, -OLD.sankantsu_brought, -OLD.sankantsu_wins_han, -OLD.sankantsu_wins_points, -OLD.suukantsu_wins,
    -OLD.suukantsu_brought, -OLD.suukantsu_wins_han, -OLD.suukantsu_wins_points, -OLD.kandora_wins, -OLD.kandora_brought,
    -OLD.kandora_wins_han, -OLD.kandora_wins_points, -OLD.kan_fu_wins, -OLD.kan_fu_brought, -OLD.kan_fu_wins_han,
    -OLD.kan_fu_wins_points, -OLD.kan_han_wins, -OLD.kan_han_brought, -OLD.kan_han_wins_han, -OLD.kan_han_wins_points
  FROM games g WHERE g.game_id = OLD.game_id
  ON CONFLICT (rule_set_id, group_key) DO UPDATE SET
    games = games + excluded.games, games_with_wins = games_with_wins + excluded.games_with_wins,
    hand_count = hand_count + excluded.hand_count, completed_kans = completed_kans + excluded.completed_kans,
    ankans = ankans + excluded.ankans, daiminkans = daiminkans + excluded.daiminkans, kakans = kakans + excluded.kakans,
    robbed_kans = robbed_kans + excluded.robbed_kans, ankan_replacements = ankan_replacements + excluded.ankan_replacements,
    daiminkan_replacements = daiminkan_replacements + excluded.daiminkan_replacements,
    kakan_replacements = kakan_replacements + excluded.kakan_replacements,
    ankan_rinshan_wins = ankan_rinshan_wins + excluded.ankan_rinshan_wins,
    daiminkan_rinshan_wins = daiminkan_rinshan_wins + excluded.daiminkan_rinshan_wins,
    kakan_rinshan_wins = kakan_rinshan_wins + excluded.kakan_rinshan_wins, kitas = kitas + excluded.kitas,
    kita_replacement_draws = kita_replacement_draws + excluded.kita_replacement_draws,
    kita_rinshan_wins = kita_rinshan_wins + excluded.kita_rinshan_wins, riichis = riichis + excluded.riichis,
    kans_in_riichi = kans_in_riichi + excluded.kans_in_riichi, errors = errors + excluded.errors,
    warnings = warnings + excluded.warnings, infos = infos + excluded.infos, wins = wins + excluded.wins,
    wins_not_rescored = wins_not_rescored + excluded.wins_not_rescored, wins_agreeing = wins_agreeing + excluded.wins_agreeing,
    wins_differing = wins_differing + excluded.wins_differing, wins_yaku_differ = wins_yaku_differ + excluded.wins_yaku_differ,
    wins_han_differ = wins_han_differ + excluded.wins_han_differ, wins_fu_differ = wins_fu_differ + excluded.wins_fu_differ,
    wins_points_differ = wins_points_differ + excluded.wins_points_differ,
    wins_limit_differ = wins_limit_differ + excluded.wins_limit_differ,
    wins_payment_differ = wins_payment_differ + excluded.wins_payment_differ,
    draws_differing = draws_differing + excluded.draws_differing, valid_wins = valid_wins + excluded.valid_wins,
    rinshan_wins = rinshan_wins + excluded.rinshan_wins, rinshan_brought = rinshan_brought + excluded.rinshan_brought,
    rinshan_wins_han = rinshan_wins_han + excluded.rinshan_wins_han,
    rinshan_wins_points = rinshan_wins_points + excluded.rinshan_wins_points, chankan_wins = chankan_wins + excluded.chankan_wins,
    chankan_brought = chankan_brought + excluded.chankan_brought, chankan_wins_han = chankan_wins_han + excluded.chankan_wins_han,
    chankan_wins_points = chankan_wins_points + excluded.chankan_wins_points, sankantsu_wins = sankantsu_wins + excluded.sankantsu_wins,
    sankantsu_brought = sankantsu_brought + excluded.sankantsu_brought,
    sankantsu_wins_han = sankantsu_wins_han + excluded.sankantsu_wins_han,
    sankantsu_wins_points = sankantsu_wins_points + excluded.sankantsu_wins_points,
    suukantsu_wins = suukantsu_wins + excluded.suukantsu_wins, suukantsu_brought = suukantsu_brought + excluded.suukantsu_brought,
    suukantsu_wins_han = suukantsu_wins_han + excluded.suukantsu_wins_han,
    suukantsu_wins_points = suukantsu_wins_points + excluded.suukantsu_wins_points, kandora_wins = kandora_wins + excluded.kandora_wins,
    kandora_brought = kandora_brought + excluded.kandora_brought, kandora_wins_han = kandora_wins_han + excluded.kandora_wins_han,
    kandora_wins_points = kandora_wins_points + excluded.kandora_wins_points, kan_fu_wins = kan_fu_wins + excluded.kan_fu_wins,
    kan_fu_brought = kan_fu_brought + excluded.kan_fu_brought, kan_fu_wins_han = kan_fu_wins_han + excluded.kan_fu_wins_han,
    kan_fu_wins_points = kan_fu_wins_points + excluded.kan_fu_wins_points, kan_han_wins = kan_han_wins + excluded.kan_han_wins,
    kan_han_brought = kan_han_brought + excluded.kan_han_brought, kan_han_wins_han = kan_han_wins_han + excluded.kan_han_wins_han,
    kan_han_wins_points = kan_han_wins_points + excluded.kan_han_wins_points;
  DELETE FROM audit_groups WHERE rule_set_id = OLD.rule_set_id AND games = 0
    AND group_key = (SELECT json_array(OLD.status, g.platform, g.format, g.player_count, g.lobby_level, coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END), g.facts_digest) FROM games g WHERE g.game_id = OLD.game_id);
END;
CREATE TRIGGER audit_groups_audit_changed AFTER UPDATE ON audits BEGIN
  INSERT INTO audit_groups (rule_set_id, group_key, status, platform, format, player_count, lobby_level, year, facts_digest, games, games_with_wins, hand_count,
    completed_kans, ankans, daiminkans, kakans, robbed_kans, ankan_replacements, daiminkan_replacements, kakan_replacements,
    ankan_rinshan_wins, daiminkan_rinshan_wins, kakan_rinshan_wins, kitas, kita_replacement_draws, kita_rinshan_wins, riichis,
    kans_in_riichi, errors, warnings, infos, wins, wins_not_rescored, wins_agreeing, wins_differing, wins_yaku_differ, wins_han_differ,
    wins_fu_differ, wins_points_differ, wins_limit_differ, wins_payment_differ, draws_differing, valid_wins, rinshan_wins,
    rinshan_brought, rinshan_wins_han, rinshan_wins_points, chankan_wins, chankan_brought, chankan_wins_han, chankan_wins_points,
    sankantsu_wins, sankantsu_brought, sankantsu_wins_han, sankantsu_wins_points, suukantsu_wins, suukantsu_brought, suukantsu_wins_han,
    suukantsu_wins_points, kandora_wins, kandora_brought, kandora_wins_han, kandora_wins_points, kan_fu_wins, kan_fu_brought,
    kan_fu_wins_han, kan_fu_wins_points, kan_han_wins, kan_han_brought, kan_han_wins_han, kan_han_wins_points)
  SELECT OLD.rule_set_id,
    json_array(OLD.status, g.platform, g.format, g.player_count, g.lobby_level, coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END), g.facts_digest),
    OLD.status, g.platform, g.format, g.player_count, g.lobby_level,
    coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END),
    g.facts_digest, -1, -(OLD.wins > 0), -coalesce(g.hand_count, 0), -coalesce(g.completed_kans, 0), -coalesce(g.ankans, 0),
    -coalesce(g.daiminkans, 0), -coalesce(g.kakans, 0), -coalesce(g.robbed_kans, 0), -coalesce(g.ankan_replacements, 0),
    -coalesce(g.daiminkan_replacements, 0), -coalesce(g.kakan_replacements, 0), -coalesce(g.ankan_rinshan_wins, 0),
    -coalesce(g.daiminkan_rinshan_wins, 0), -coalesce(g.kakan_rinshan_wins, 0), -coalesce(g.kitas, 0),
    -coalesce(g.kita_replacement_draws, 0), -coalesce(g.kita_rinshan_wins, 0), -coalesce(g.riichis, 0), -coalesce(g.kans_in_riichi, 0),
    -OLD.errors, -OLD.warnings, -OLD.infos, -OLD.wins, -OLD.wins_not_rescored, -OLD.wins_agreeing, -OLD.wins_differing,
    -OLD.wins_yaku_differ, -OLD.wins_han_differ, -OLD.wins_fu_differ, -OLD.wins_points_differ, -OLD.wins_limit_differ,
    -OLD.wins_payment_differ, -OLD.draws_differing, -OLD.valid_wins, -OLD.rinshan_wins, -OLD.rinshan_brought, -OLD.rinshan_wins_han,
    -OLD.rinshan_wins_points, -OLD.chankan_wins, -OLD.chankan_brought, -OLD.chankan_wins_han, -OLD.chankan_wins_points,
    -OLD.sankantsu_wins, -OLD.sankantsu_brought, -OLD.sankantsu_wins_han, -OLD.sankantsu_wins_points, -OLD.suukantsu_wins,
    -OLD.suukantsu_brought, -OLD.suukantsu_wins_han, -OLD.suukantsu_wins_points, -OLD.kandora_wins, -OLD.kandora_brought,
    -OLD.kandora_wins_han, -OLD.kandora_wins_points, -OLD.kan_fu_wins, -OLD.kan_fu_brought, -OLD.kan_fu_wins_han,
    -OLD.kan_fu_wins_points, -OLD.kan_han_wins, -OLD.kan_han_brought, -OLD.kan_han_wins_han, -OLD.kan_han_wins_points
  FROM games g WHERE g.game_id = OLD.game_id
  ON CONFLICT (rule_set_id, group_key) DO UPDATE SET
    games = games + excluded.games, games_with_wins = games_with_wins + excluded.games_with_wins,
    hand_count = hand_count + excluded.hand_count, completed_kans = completed_kans + excluded.completed_kans,
    ankans = ankans + excluded.ankans, daiminkans = daiminkans + excluded.daiminkans, kakans = kakans + excluded.kakans,
    robbed_kans = robbed_kans + excluded.robbed_kans, ankan_replacements = ankan_replacements + excluded.ankan_replacements,
    daiminkan_replacements = daiminkan_replacements + excluded.daiminkan_replacements,
    kakan_replacements = kakan_replacements + excluded.kakan_replacements,
    ankan_rinshan_wins = ankan_rinshan_wins + excluded.ankan_rinshan_wins,
    daiminkan_rinshan_wins = daiminkan_rinshan_wins + excluded.daiminkan_rinshan_wins,
    kakan_rinshan_wins = kakan_rinshan_wins + excluded.kakan_rinshan_wins, kitas = kitas + excluded.kitas,
    kita_replacement_draws = kita_replacement_draws + excluded.kita_replacement_draws,
    kita_rinshan_wins = kita_rinshan_wins + excluded.kita_rinshan_wins, riichis = riichis + excluded.riichis,
    kans_in_riichi = kans_in_riichi + excluded.kans_in_riichi, errors = errors + excluded.errors,
    warnings = warnings + excluded.warnings, infos = infos + excluded.infos, wins = wins + excluded.wins,
    wins_not_rescored = wins_not_rescored + excluded.wins_not_rescored, wins_agreeing = wins_agreeing + excluded.wins_agreeing,
    wins_differing = wins_differing + excluded.wins_differing, wins_yaku_differ = wins_yaku_differ + excluded.wins_yaku_differ,
    wins_han_differ = wins_han_differ + excluded.wins_han_differ, wins_fu_differ = wins_fu_differ + excluded.wins_fu_differ,
    wins_points_differ = wins_points_differ + excluded.wins_points_differ,
    wins_limit_differ = wins_limit_differ + excluded.wins_limit_differ,
    wins_payment_differ = wins_payment_differ + excluded.wins_payment_differ,
    draws_differing = draws_differing + excluded.draws_differing, valid_wins = valid_wins + excluded.valid_wins,
    rinshan_wins = rinshan_wins + excluded.rinshan_wins, rinshan_brought = rinshan_brought + excluded.rinshan_brought,
    rinshan_wins_han = rinshan_wins_han + excluded.rinshan_wins_han,
    rinshan_wins_points = rinshan_wins_points + excluded.rinshan_wins_points, chankan_wins = chankan_wins + excluded.chankan_wins,
    chankan_brought = chankan_brought + excluded.chankan_brought, chankan_wins_han = chankan_wins_han + excluded.chankan_wins_han,
    chankan_wins_points = chankan_wins_points + excluded.chankan_wins_points, sankantsu_wins = sankantsu_wins + excluded.sankantsu_wins,
    sankantsu_brought = sankantsu_brought + excluded.sankantsu_brought,
    sankantsu_wins_han = sankantsu_wins_han + excluded.sankantsu_wins_han,
    sankantsu_wins_points = sankantsu_wins_points + excluded.sankantsu_wins_points,
    suukantsu_wins = suukantsu_wins + excluded.suukantsu_wins, suukantsu_brought = suukantsu_brought + excluded.suukantsu_brought,
    suukantsu_wins_han = suukantsu_wins_han + excluded.suukantsu_wins_han,
    suukantsu_wins_points = suukantsu_wins_points + excluded.suukantsu_wins_points, kandora_wins = kandora_wins + excluded.kandora_wins,
    kandora_brought = kandora_brought + excluded.kandora_brought, kandora_wins_han = kandora_wins_han + excluded.kandora_wins_han,
    kandora_wins_points = kandora_wins_points + excluded.kandora_wins_points, kan_fu_wins = kan_fu_wins + excluded.kan_fu_wins,
    kan_fu_brought = kan_fu_brought + excluded.kan_fu_brought, kan_fu_wins_han = kan_fu_wins_han + excluded.kan_fu_wins_han,
    kan_fu_wins_points = kan_fu_wins_points + excluded.kan_fu_wins_points, kan_han_wins = kan_han_wins + excluded.kan_han_wins,
    kan_han_brought = kan_han_brought + excluded.kan_han_brought, kan_han_wins_han = kan_han_wins_han + excluded.kan_han_wins_han,
    kan_han_wins_points = kan_han_wins_points + excluded.kan_han_wins_points;
  DELETE FROM audit_groups WHERE rule_set_id = OLD.rule_set_id AND games = 0
    AND group_key = (SELECT json_array(OLD.status, g.platform, g.format, g.player_count, g.lobby_level, coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END), g.facts_digest) FROM games g WHERE g.game_id = OLD.game_id);
  INSERT INTO audit_groups (rule_set_id, group_key, status, platform, format, player_count, lobby_level, year, facts_digest, games, games_with_wins, hand_count,
    completed_kans, ankans, daiminkans, kakans, robbed_kans, ankan_replacements, daiminkan_replacements, kakan_replacements,
    ankan_rinshan_wins, daiminkan_rinshan_wins, kakan_rinshan_wins, kitas, kita_replacement_draws, kita_rinshan_wins, riichis,
    kans_in_riichi, errors, warnings, infos, wins, wins_not_rescored, wins_agreeing, wins_differing, wins_yaku_differ, wins_han_differ,
    wins_fu_differ, wins_points_differ, wins_limit_differ, wins_payment_differ, draws_differing, valid_wins, rinshan_wins,
    rinshan_brought, rinshan_wins_han, rinshan_wins_points, chankan_wins, chankan_brought, chankan_wins_han, chankan_wins_points,
    sankantsu_wins, sankantsu_brought, sankantsu_wins_han, sankantsu_wins_points, suukantsu_wins, suukantsu_brought, suukantsu_wins_han,
    suukantsu_wins_points, kandora_wins, kandora_brought, kandora_wins_han, kandora_wins_points, kan_fu_wins, kan_fu_brought,
    kan_fu_wins_han, kan_fu_wins_points, kan_han_wins, kan_han_brought, kan_han_wins_han, kan_han_wins_points)
  SELECT NEW.rule_set_id,
    json_array(NEW.status, g.platform, g.format, g.player_count, g.lobby_level, coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END), g.facts_digest),
    NEW.status, g.platform, g.format, g.player_count, g.lobby_level,
    coalesce(substr(g.played_on, 1, 4), CASE WHEN g.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(g.log_id, 1, 4) END),
    g.facts_digest, 1, (NEW.wins > 0), coalesce(g.hand_count, 0), coalesce(g.completed_kans, 0), coalesce(g.ankans, 0),
    coalesce(g.daiminkans, 0), coalesce(g.kakans, 0), coalesce(g.robbed_kans, 0), coalesce(g.ankan_replacements, 0),
    coalesce(g.daiminkan_replacements, 0), coalesce(g.kakan_replacements, 0), coalesce(g.ankan_rinshan_wins, 0),
    coalesce(g.daiminkan_rinshan_wins, 0), coalesce(g.kakan_rinshan_wins, 0), coalesce(g.kitas, 0),
    coalesce(g.kita_replacement_draws, 0), coalesce(g.kita_rinshan_wins, 0), coalesce(g.riichis, 0), coalesce(g.kans_in_riichi, 0),
    NEW.errors, NEW.warnings, NEW.infos, NEW.wins, NEW.wins_not_rescored, NEW.wins_agreeing, NEW.wins_differing, NEW.wins_yaku_differ,
    NEW.wins_han_differ, NEW.wins_fu_differ, NEW.wins_points_differ, NEW.wins_limit_differ, NEW.wins_payment_differ, NEW.draws_differing,
    NEW.valid_wins, NEW.rinshan_wins, NEW.rinshan_brought, NEW.rinshan_wins_han, NEW.rinshan_wins_points, NEW.chankan_wins,
    NEW.chankan_brought, NEW.chankan_wins_han, NEW.chankan_wins_points, NEW.sankantsu_wins, NEW.sankantsu_brought,
    NEW.sankantsu_wins_han, NEW.sankantsu_wins_points, NEW.suukantsu_wins, NEW.suukantsu_brought, NEW.suukantsu_wins_han,
    NEW.suukantsu_wins_points, NEW.kandora_wins, NEW.kandora_brought, NEW.kandora_wins_han, NEW.kandora_wins_points, NEW.kan_fu_wins,
    NEW.kan_fu_brought, NEW.kan_fu_wins_han, NEW.kan_fu_wins_points, NEW.kan_han_wins, NEW.kan_han_brought, NEW.kan_han_wins_han,
    NEW.kan_han_wins_points
  FROM games g WHERE g.game_id = NEW.game_id
  ON CONFLICT (rule_set_id, group_key) DO UPDATE SET
    games = games + excluded.games, games_with_wins = games_with_wins + excluded.games_with_wins,
    hand_count = hand_count + excluded.hand_count, completed_kans = completed_kans + excluded.completed_kans,
    ankans = ankans + excluded.ankans, daiminkans = daiminkans + excluded.daiminkans, kakans = kakans + excluded.kakans,
    robbed_kans = robbed_kans + excluded.robbed_kans, ankan_replacements = ankan_replacements + excluded.ankan_replacements,
    daiminkan_replacements = daiminkan_replacements + excluded.daiminkan_replacements,
    kakan_replacements = kakan_replacements + excluded.kakan_replacements,
    ankan_rinshan_wins = ankan_rinshan_wins + excluded.ankan_rinshan_wins,
    daiminkan_rinshan_wins = daiminkan_rinshan_wins + excluded.daiminkan_rinshan_wins,
    kakan_rinshan_wins = kakan_rinshan_wins + excluded.kakan_rinshan_wins, kitas = kitas + excluded.kitas,
    kita_replacement_draws = kita_replacement_draws + excluded.kita_replacement_draws,
    kita_rinshan_wins = kita_rinshan_wins + excluded.kita_rinshan_wins, riichis = riichis + excluded.riichis,
    kans_in_riichi = kans_in_riichi + excluded.kans_in_riichi, errors = errors + excluded.errors,
    warnings = warnings + excluded.warnings, infos = infos + excluded.infos, wins = wins + excluded.wins,
    wins_not_rescored = wins_not_rescored + excluded.wins_not_rescored, wins_agreeing = wins_agreeing + excluded.wins_agreeing,
    wins_differing = wins_differing + excluded.wins_differing, wins_yaku_differ = wins_yaku_differ + excluded.wins_yaku_differ,
    wins_han_differ = wins_han_differ + excluded.wins_han_differ, wins_fu_differ = wins_fu_differ + excluded.wins_fu_differ,
    wins_points_differ = wins_points_differ + excluded.wins_points_differ,
    wins_limit_differ = wins_limit_differ + excluded.wins_limit_differ,
    wins_payment_differ = wins_payment_differ + excluded.wins_payment_differ,
    draws_differing = draws_differing + excluded.draws_differing, valid_wins = valid_wins + excluded.valid_wins,
    rinshan_wins = rinshan_wins + excluded.rinshan_wins, rinshan_brought = rinshan_brought + excluded.rinshan_brought,
    rinshan_wins_han = rinshan_wins_han + excluded.rinshan_wins_han,
    rinshan_wins_points = rinshan_wins_points + excluded.rinshan_wins_points, chankan_wins = chankan_wins + excluded.chankan_wins,
    chankan_brought = chankan_brought + excluded.chankan_brought, chankan_wins_han = chankan_wins_han + excluded.chankan_wins_han,
    chankan_wins_points = chankan_wins_points + excluded.chankan_wins_points, sankantsu_wins = sankantsu_wins + excluded.sankantsu_wins,
    sankantsu_brought = sankantsu_brought + excluded.sankantsu_brought,
    sankantsu_wins_han = sankantsu_wins_han + excluded.sankantsu_wins_han,
    sankantsu_wins_points = sankantsu_wins_points + excluded.sankantsu_wins_points,
    suukantsu_wins = suukantsu_wins + excluded.suukantsu_wins, suukantsu_brought = suukantsu_brought + excluded.suukantsu_brought,
    suukantsu_wins_han = suukantsu_wins_han + excluded.suukantsu_wins_han,
    suukantsu_wins_points = suukantsu_wins_points + excluded.suukantsu_wins_points, kandora_wins = kandora_wins + excluded.kandora_wins,
    kandora_brought = kandora_brought + excluded.kandora_brought, kandora_wins_han = kandora_wins_han + excluded.kandora_wins_han,
    kandora_wins_points = kandora_wins_points + excluded.kandora_wins_points, kan_fu_wins = kan_fu_wins + excluded.kan_fu_wins,
    kan_fu_brought = kan_fu_brought + excluded.kan_fu_brought, kan_fu_wins_han = kan_fu_wins_han + excluded.kan_fu_wins_han,
    kan_fu_wins_points = kan_fu_wins_points + excluded.kan_fu_wins_points, kan_han_wins = kan_han_wins + excluded.kan_han_wins,
    kan_han_brought = kan_han_brought + excluded.kan_han_brought, kan_han_wins_han = kan_han_wins_han + excluded.kan_han_wins_han,
    kan_han_wins_points = kan_han_wins_points + excluded.kan_han_wins_points;
END;
CREATE TRIGGER audit_groups_game_changed AFTER UPDATE OF platform, format, player_count, lobby_level, played_on, log_id, facts_digest, hand_count, completed_kans, ankans, daiminkans, kakans, robbed_kans, ankan_replacements, daiminkan_replacements, kakan_replacements, ankan_rinshan_wins, daiminkan_rinshan_wins, kakan_rinshan_wins, kitas, kita_replacement_draws, kita_rinshan_wins, riichis, kans_in_riichi ON games BEGIN
  INSERT INTO audit_groups (rule_set_id, group_key, status, platform, format, player_count, lobby_level, year, facts_digest, games, games_with_wins, hand_count,
    completed_kans, ankans, daiminkans, kakans, robbed_kans, ankan_replacements, daiminkan_replacements, kakan_replacements,
    ankan_rinshan_wins, daiminkan_rinshan_wins, kakan_rinshan_wins, kitas, kita_replacement_draws, kita_rinshan_wins, riichis,
    kans_in_riichi, errors, warnings, infos, wins, wins_not_rescored, wins_agreeing, wins_differing, wins_yaku_differ, wins_han_differ,
    wins_fu_differ, wins_points_differ, wins_limit_differ, wins_payment_differ, draws_differing, valid_wins, rinshan_wins,
    rinshan_brought, rinshan_wins_han, rinshan_wins_points, chankan_wins, chankan_brought, chankan_wins_han, chankan_wins_points,
    sankantsu_wins, sankantsu_brought, sankantsu_wins_han, sankantsu_wins_points, suukantsu_wins, suukantsu_brought, suukantsu_wins_han,
    suukantsu_wins_points, kandora_wins, kandora_brought, kandora_wins_han, kandora_wins_points, kan_fu_wins, kan_fu_brought,
    kan_fu_wins_han, kan_fu_wins_points, kan_han_wins, kan_han_brought, kan_han_wins_han, kan_han_wins_points)
  SELECT a.rule_set_id,
    json_array(a.status, OLD.platform, OLD.format, OLD.player_count, OLD.lobby_level, coalesce(substr(OLD.played_on, 1, 4), CASE WHEN OLD.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(OLD.log_id, 1, 4) END), OLD.facts_digest),
    a.status, OLD.platform, OLD.format, OLD.player_count, OLD.lobby_level,
    coalesce(substr(OLD.played_on, 1, 4), CASE WHEN OLD.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(OLD.log_id, 1, 4) END),
    OLD.facts_digest, -1, -(a.wins > 0), -coalesce(OLD.hand_count, 0), -coalesce(OLD.completed_kans, 0), -coalesce(OLD.ankans, 0),
    -coalesce(OLD.daiminkans, 0), -coalesce(OLD.kakans, 0), -coalesce(OLD.robbed_kans, 0), -coalesce(OLD.ankan_replacements, 0),
    -coalesce(OLD.daiminkan_replacements, 0), -coalesce(OLD.kakan_replacements, 0), -coalesce(OLD.ankan_rinshan_wins, 0),
    -coalesce(OLD.daiminkan_rinshan_wins, 0), -coalesce(OLD.kakan_rinshan_wins, 0), -coalesce(OLD.kitas, 0),
    -coalesce(OLD.kita_replacement_draws, 0), -coalesce(OLD.kita_rinshan_wins, 0), -coalesce(OLD.riichis, 0),
    -coalesce(OLD.kans_in_riichi, 0), -a.errors, -a.warnings, -a.infos, -a.wins, -a.wins_not_rescored, -a.wins_agreeing,
    -a.wins_differing, -a.wins_yaku_differ, -a.wins_han_differ, -a.wins_fu_differ, -a.wins_points_differ, -a.wins_limit_differ,
    -a.wins_payment_differ, -a.draws_differing, -a.valid_wins, -a.rinshan_wins, -a.rinshan_brought, -a.rinshan_wins_han,
    -a.rinshan_wins_points, -a.chankan_wins, -a.chankan_brought, -a.chankan_wins_han, -a.chankan_wins_points, -a.sankantsu_wins,
    -a.sankantsu_brought, -a.sankantsu_wins_han, -a.sankantsu_wins_points, -a.suukantsu_wins, -a.suukantsu_brought,
    -a.suukantsu_wins_han, -a.suukantsu_wins_points, -a.kandora_wins, -a.kandora_brought, -a.kandora_wins_han, -a.kandora_wins_points,
    -a.kan_fu_wins, -a.kan_fu_brought, -a.kan_fu_wins_han, -a.kan_fu_wins_points, -a.kan_han_wins, -a.kan_han_brought,
    -a.kan_han_wins_han, -a.kan_han_wins_points
  FROM audits a WHERE a.game_id = OLD.game_id
  ON CONFLICT (rule_set_id, group_key) DO UPDATE SET
    games = games + excluded.games, games_with_wins = games_with_wins + excluded.games_with_wins,
    hand_count = hand_count + excluded.hand_count, completed_kans = completed_kans + excluded.completed_kans,
    ankans = ankans + excluded.ankans, daiminkans = daiminkans + excluded.daiminkans, kakans = kakans + excluded.kakans,
    robbed_kans = robbed_kans + excluded.robbed_kans, ankan_replacements = ankan_replacements + excluded.ankan_replacements,
    daiminkan_replacements = daiminkan_replacements + excluded.daiminkan_replacements,
    kakan_replacements = kakan_replacements + excluded.kakan_replacements,
    ankan_rinshan_wins = ankan_rinshan_wins + excluded.ankan_rinshan_wins,
    daiminkan_rinshan_wins = daiminkan_rinshan_wins + excluded.daiminkan_rinshan_wins,
    kakan_rinshan_wins = kakan_rinshan_wins + excluded.kakan_rinshan_wins, kitas = kitas + excluded.kitas,
    kita_replacement_draws = kita_replacement_draws + excluded.kita_replacement_draws,
    kita_rinshan_wins = kita_rinshan_wins + excluded.kita_rinshan_wins, riichis = riichis + excluded.riichis,
    kans_in_riichi = kans_in_riichi + excluded.kans_in_riichi, errors = errors + excluded.errors,
    warnings = warnings + excluded.warnings, infos = infos + excluded.infos, wins = wins + excluded.wins,
    wins_not_rescored = wins_not_rescored + excluded.wins_not_rescored, wins_agreeing = wins_agreeing + excluded.wins_agreeing,
    wins_differing = wins_differing + excluded.wins_differing, wins_yaku_differ = wins_yaku_differ + excluded.wins_yaku_differ,
    wins_han_differ = wins_han_differ + excluded.wins_han_differ, wins_fu_differ = wins_fu_differ + excluded.wins_fu_differ,
    wins_points_differ = wins_points_differ + excluded.wins_points_differ,
    wins_limit_differ = wins_limit_differ + excluded.wins_limit_differ,
    wins_payment_differ = wins_payment_differ + excluded.wins_payment_differ,
    draws_differing = draws_differing + excluded.draws_differing, valid_wins = valid_wins + excluded.valid_wins,
    rinshan_wins = rinshan_wins + excluded.rinshan_wins, rinshan_brought = rinshan_brought + excluded.rinshan_brought,
    rinshan_wins_han = rinshan_wins_han + excluded.rinshan_wins_han,
    rinshan_wins_points = rinshan_wins_points + excluded.rinshan_wins_points, chankan_wins = chankan_wins + excluded.chankan_wins,
    chankan_brought = chankan_brought + excluded.chankan_brought, chankan_wins_han = chankan_wins_han + excluded.chankan_wins_han,
    chankan_wins_points = chankan_wins_points + excluded.chankan_wins_points, sankantsu_wins = sankantsu_wins + excluded.sankantsu_wins,
    sankantsu_brought = sankantsu_brought + excluded.sankantsu_brought,
    sankantsu_wins_han = sankantsu_wins_han + excluded.sankantsu_wins_han,
    sankantsu_wins_points = sankantsu_wins_points + excluded.sankantsu_wins_points,
    suukantsu_wins = suukantsu_wins + excluded.suukantsu_wins, suukantsu_brought = suukantsu_brought + excluded.suukantsu_brought,
    suukantsu_wins_han = suukantsu_wins_han + excluded.suukantsu_wins_han,
    suukantsu_wins_points = suukantsu_wins_points + excluded.suukantsu_wins_points, kandora_wins = kandora_wins + excluded.kandora_wins,
    kandora_brought = kandora_brought + excluded.kandora_brought, kandora_wins_han = kandora_wins_han + excluded.kandora_wins_han,
    kandora_wins_points = kandora_wins_points + excluded.kandora_wins_points, kan_fu_wins = kan_fu_wins + excluded.kan_fu_wins,
    kan_fu_brought = kan_fu_brought + excluded.kan_fu_brought, kan_fu_wins_han = kan_fu_wins_han + excluded.kan_fu_wins_han,
    kan_fu_wins_points = kan_fu_wins_points + excluded.kan_fu_wins_points, kan_han_wins = kan_han_wins + excluded.kan_han_wins,
    kan_han_brought = kan_han_brought + excluded.kan_han_brought, kan_han_wins_han = kan_han_wins_han + excluded.kan_han_wins_han,
    kan_han_wins_points = kan_han_wins_points + excluded.kan_han_wins_points;
  INSERT INTO audit_groups (rule_set_id, group_key, status, platform, format, player_count, lobby_level, year, facts_digest, games, games_with_wins, hand_count,
    completed_kans, ankans, daiminkans, kakans, robbed_kans, ankan_replacements, daiminkan_replacements, kakan_replacements,
    ankan_rinshan_wins, daiminkan_rinshan_wins, kakan_rinshan_wins, kitas, kita_replacement_draws, kita_rinshan_wins, riichis,
    kans_in_riichi, errors, warnings, infos, wins, wins_not_rescored, wins_agreeing, wins_differing, wins_yaku_differ, wins_han_differ,
    wins_fu_differ, wins_points_differ, wins_limit_differ, wins_payment_differ, draws_differing, valid_wins, rinshan_wins,
    rinshan_brought, rinshan_wins_han, rinshan_wins_points, chankan_wins, chankan_brought, chankan_wins_han, chankan_wins_points,
    sankantsu_wins, sankantsu_brought, sankantsu_wins_han, sankantsu_wins_points, suukantsu_wins, suukantsu_brought, suukantsu_wins_han,
    suukantsu_wins_points, kandora_wins, kandora_brought, kandora_wins_han, kandora_wins_points, kan_fu_wins, kan_fu_brought,
    kan_fu_wins_han, kan_fu_wins_points, kan_han_wins, kan_han_brought, kan_han_wins_han, kan_han_wins_points)
  SELECT a.rule_set_id,
    json_array(a.status, NEW.platform, NEW.format, NEW.player_count, NEW.lobby_level, coalesce(substr(NEW.played_on, 1, 4), CASE WHEN NEW.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(NEW.log_id, 1, 4) END), NEW.facts_digest),
    a.status, NEW.platform, NEW.format, NEW.player_count, NEW.lobby_level,
    coalesce(substr(NEW.played_on, 1, 4), CASE WHEN NEW.log_id GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]*' THEN substr(NEW.log_id, 1, 4) END),
    NEW.facts_digest, 1, (a.wins > 0), coalesce(NEW.hand_count, 0), coalesce(NEW.completed_kans, 0), coalesce(NEW.ankans, 0),
    coalesce(NEW.daiminkans, 0), coalesce(NEW.kakans, 0), coalesce(NEW.robbed_kans, 0), coalesce(NEW.ankan_replacements, 0),
    coalesce(NEW.daiminkan_replacements, 0), coalesce(NEW.kakan_replacements, 0), coalesce(NEW.ankan_rinshan_wins, 0),
    coalesce(NEW.daiminkan_rinshan_wins, 0), coalesce(NEW.kakan_rinshan_wins, 0), coalesce(NEW.kitas, 0),
    coalesce(NEW.kita_replacement_draws, 0), coalesce(NEW.kita_rinshan_wins, 0), coalesce(NEW.riichis, 0),
    coalesce(NEW.kans_in_riichi, 0), a.errors, a.warnings, a.infos, a.wins, a.wins_not_rescored, a.wins_agreeing, a.wins_differing,
    a.wins_yaku_differ, a.wins_han_differ, a.wins_fu_differ, a.wins_points_differ, a.wins_limit_differ, a.wins_payment_differ,
    a.draws_differing, a.valid_wins, a.rinshan_wins, a.rinshan_brought, a.rinshan_wins_han, a.rinshan_wins_points, a.chankan_wins,
    a.chankan_brought, a.chankan_wins_han, a.chankan_wins_points, a.sankantsu_wins, a.sankantsu_brought, a.sankantsu_wins_han,
    a.sankantsu_wins_points, a.suukantsu_wins, a.suukantsu_brought, a.suukantsu_wins_han, a.suukantsu_wins_points, a.kandora_wins,
    a.kandora_brought, a.kandora_wins_han, a.kandora_wins_points, a.kan_fu_wins, a.kan_fu_brought, a.kan_fu_wins_han,
    a.kan_fu_wins_points, a.kan_han_wins, a.kan_han_brought, a.kan_han_wins_han, a.kan_han_wins_points
  FROM audits a WHERE a.game_id = NEW.game_id
  ON CONFLICT (rule_set_id, group_key) DO UPDATE SET
    games = games + excluded.games, games_with_wins = games_with_wins + excluded.games_with_wins,
    hand_count = hand_count + excluded.hand_count, completed_kans = completed_kans + excluded.completed_kans,
    ankans = ankans + excluded.ankans, daiminkans = daiminkans + excluded.daiminkans, kakans = kakans + excluded.kakans,
    robbed_kans = robbed_kans + excluded.robbed_kans, ankan_replacements = ankan_replacements + excluded.ankan_replacements,
    daiminkan_replacements = daiminkan_replacements + excluded.daiminkan_replacements,
    kakan_replacements = kakan_replacements + excluded.kakan_replacements,
    ankan_rinshan_wins = ankan_rinshan_wins + excluded.ankan_rinshan_wins,
    daiminkan_rinshan_wins = daiminkan_rinshan_wins + excluded.daiminkan_rinshan_wins,
    kakan_rinshan_wins = kakan_rinshan_wins + excluded.kakan_rinshan_wins, kitas = kitas + excluded.kitas,
    kita_replacement_draws = kita_replacement_draws + excluded.kita_replacement_draws,
    kita_rinshan_wins = kita_rinshan_wins + excluded.kita_rinshan_wins, riichis = riichis + excluded.riichis,
    kans_in_riichi = kans_in_riichi + excluded.kans_in_riichi, errors = errors + excluded.errors,
    warnings = warnings + excluded.warnings, infos = infos + excluded.infos, wins = wins + excluded.wins,
    wins_not_rescored = wins_not_rescored + excluded.wins_not_rescored, wins_agreeing = wins_agreeing + excluded.wins_agreeing,
    wins_differing = wins_differing + excluded.wins_differing, wins_yaku_differ = wins_yaku_differ + excluded.wins_yaku_differ,
    wins_han_differ = wins_han_differ + excluded.wins_han_differ, wins_fu_differ = wins_fu_differ + excluded.wins_fu_differ,
    wins_points_differ = wins_points_differ + excluded.wins_points_differ,
    wins_limit_differ = wins_limit_differ + excluded.wins_limit_differ,
    wins_payment_differ = wins_payment_differ + excluded.wins_payment_differ,
    draws_differing = draws_differing + excluded.draws_differing, valid_wins = valid_wins + excluded.valid_wins,
    rinshan_wins = rinshan_wins + excluded.rinshan_wins, rinshan_brought = rinshan_brought + excluded.rinshan_brought,
    rinshan_wins_han = rinshan_wins_han + excluded.rinshan_wins_han,
    rinshan_wins_points = rinshan_wins_points + excluded.rinshan_wins_points, chankan_wins = chankan_wins + excluded.chankan_wins,
    chankan_brought = chankan_brought + excluded.chankan_brought, chankan_wins_han = chankan_wins_han + excluded.chankan_wins_han,
    chankan_wins_points = chankan_wins_points + excluded.chankan_wins_points, sankantsu_wins = sankantsu_wins + excluded.sankantsu_wins,
    sankantsu_brought = sankantsu_brought + excluded.sankantsu_brought,
    sankantsu_wins_han = sankantsu_wins_han + excluded.sankantsu_wins_han,
    sankantsu_wins_points = sankantsu_wins_points + excluded.sankantsu_wins_points,
    suukantsu_wins = suukantsu_wins + excluded.suukantsu_wins, suukantsu_brought = suukantsu_brought + excluded.suukantsu_brought,
    suukantsu_wins_han = suukantsu_wins_han + excluded.suukantsu_wins_han,
    suukantsu_wins_points = suukantsu_wins_points + excluded.suukantsu_wins_points, kandora_wins = kandora_wins + excluded.kandora_wins,
    kandora_brought = kandora_brought + excluded.kandora_brought, kandora_wins_han = kandora_wins_han + excluded.kandora_wins_han,
    kandora_wins_points = kandora_wins_points + excluded.kandora_wins_points, kan_fu_wins = kan_fu_wins + excluded.kan_fu_wins,
    kan_fu_brought = kan_fu_brought + excluded.kan_fu_brought, kan_fu_wins_han = kan_fu_wins_han + excluded.kan_fu_wins_han,
    kan_fu_wins_points = kan_fu_wins_points + excluded.kan_fu_wins_points, kan_han_wins = kan_han_wins + excluded.kan_han_wins,
    kan_han_brought = kan_han_brought + excluded.kan_han_brought, kan_han_wins_han = kan_han_wins_han + excluded.kan_han_wins_han,
    kan_han_wins_points = kan_han_wins_points + excluded.kan_han_wins_points;
  DELETE FROM audit_groups WHERE games = 0 AND rule_set_id IN (SELECT rule_set_id FROM audits WHERE game_id = NEW.game_id);
END;

-- Each kan's reveal moment under the rule set (compare with kans.reveal_logged).
CREATE TABLE kan_verdicts (
  rule_set_id       INTEGER NOT NULL,                                   -- the rule set
  game_id           INTEGER NOT NULL,                                   -- the game
  hand              INTEGER NOT NULL,                                   -- the hand (1-based)
  event_index       INTEGER NOT NULL,                                   -- the kan's event
  reveal_rule       TEXT    NOT NULL,                                   -- the kan's reveal moment under the rule set's kandora_timing
  kan_kind          TEXT,                                               -- version 4: the kan's kind (kans.kind), so that the timing statistics count verdicts without looking up each kan
  kan_reveal_logged TEXT,                                               -- version 4: the kan's logged moment (kans.reveal_logged)
  reveal_verdict    TEXT,                                               -- version 10: the two moments judged by the replay (revealVerdict): conforms | differs | undecided (either unknown) | unrecorded (tenhou.net/6 JSON: shown, moment not logged; one the rule never turns over differs)
  PRIMARY KEY (rule_set_id, game_id, hand, event_index),
  FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;

-- The verdict on each kan by a player in riichi, under the rule set's riichiKan and okuriKan.
CREATE TABLE riichi_kan_verdicts (
  rule_set_id  INTEGER NOT NULL,                                        -- the rule set
  game_id      INTEGER NOT NULL,                                        -- the game
  hand         INTEGER NOT NULL,                                        -- the hand (1-based)
  event_index  INTEGER NOT NULL,                                        -- the kan's event
  legal        INTEGER,                                                 -- null: could not be judged
  reason       TEXT    NOT NULL,                                        -- see riichi_kan_reasons
  explanation  TEXT    NOT NULL,                                        -- why, in words
  waits_before TEXT,                                                    -- tile notation, space separated
  waits_after  TEXT,                                                    -- the same after the kan
  PRIMARY KEY (rule_set_id, game_id, hand, event_index),
  FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;

-- Each win's verdicts under the rule set: its indicators and dora under kandoraTiming (compare with wins; the
-- replay's WinRecord.rule, the dora the win was scored with), and (version 6) the win re-scored by src/score
-- under the scoring knobs (the view win_scores shows these; all null for a win audited before version 6 or not
-- re-scored). They share the row so that a win costs one insert, not two.
CREATE TABLE win_dora (
  rule_set_id          INTEGER NOT NULL,                                -- the rule set
  game_id              INTEGER NOT NULL,                                -- the game
  hand                 INTEGER NOT NULL,                                -- the hand (1-based)
  event_index          INTEGER NOT NULL,                                -- the win event
  indicators           TEXT    NOT NULL,                                -- JSON array of ids (null where unknown): the first indicator, then the kandora revealed before the win
  ura_indicators       TEXT    NOT NULL,                                -- JSON: the ura indicators
  dora                 INTEGER,                                         -- dora in the winning hand from all those indicators (null if one is unknown)
  ura_dora             INTEGER,                                         -- the same for the ura indicators
  kandora              INTEGER,                                         -- version 4: … from the kandora indicators alone (all but the first); 0 with none
  first_indicator_dora INTEGER,                                         -- version 4: … from the first indicator alone (dora = first_indicator_dora + kandora)
  valid                INTEGER,                                         -- version 6: the hand is complete and has a yaku under the rules
  yaku                 TEXT,                                            -- version 6: JSON array of {id, han} as re-scored (dora entries last)
  yakuman              TEXT,                                            -- version 6: JSON array of yakuman ids (a double yakuman twice)
  han                  INTEGER,                                         -- version 6: han as re-scored
  fu                   INTEGER,                                         -- version 6: fu as re-scored
  points               INTEGER,                                         -- version 6: the hand's value, honba and sticks aside
  limit_name           TEXT,                                            -- version 6: none | mangan | haneman | baiman | sanbaiman | yakuman
  deltas               TEXT,                                            -- version 6: JSON array: each seat's score change, honba and sticks included
  kan_fu               INTEGER,                                         -- version 6: fu of the winner's kans (before rounding)
  kan_han              INTEGER,                                         -- version 6: han a kan brought: chankan, rinshan kaihou, sankantsu, kandora, kan ura (0 for a yakuman)
  mismatches           INTEGER,                                         -- version 6: differences from what the log states (score-mismatch findings)
  components           TEXT,                                            -- version 6: the components that differ, comma-separated (yaku,fu,…); null when none
  PRIMARY KEY (rule_set_id, game_id, hand, event_index),
  FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;

-- Every finding of an audit, in its order.
CREATE TABLE findings (
  rule_set_id INTEGER NOT NULL,                                         -- the rule set
  game_id     INTEGER NOT NULL,                                         -- the game
  ordinal     INTEGER NOT NULL,                                         -- position in the audit's list
  kind        TEXT    NOT NULL,                                         -- see finding_kinds
  severity    TEXT    NOT NULL CHECK (severity IN ('error', 'warning', 'info')),  -- error | warning | info
  hand        INTEGER,                                                  -- null: the whole game
  event_index INTEGER,                                                  -- the event concerned
  seat        INTEGER,                                                  -- the seat concerned; null: none
  rule        TEXT,                                                     -- the knob that decided it
  message     TEXT    NOT NULL,                                         -- in words
  details     TEXT    NOT NULL,                                         -- JSON object
  rule_value  ANY,                                                      -- version 12: the value of that knob that judged the game (booleans 0/1); null: no knob
  rule_from   TEXT,                                                     -- version 12: where that value comes from: profile, flag (the command line) or declared (the game's log)
  PRIMARY KEY (rule_set_id, game_id, ordinal),
  FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX findings_by_kind ON findings (kind, rule_set_id);

-- The closed list of finding kinds (filled from src/audit when the database is opened for writing).
CREATE TABLE finding_kinds (
  kind        TEXT NOT NULL PRIMARY KEY,  -- the kind
  severity    TEXT NOT NULL,              -- error | warning | info
  rule        TEXT,                       -- the knob that decides it
  description TEXT NOT NULL,              -- what it means
  family      TEXT                        -- version 9: kan | scoring | legality | log (what the report groups by)
) STRICT, WITHOUT ROWID;

-- The closed list of riichi-kan reasons (src/hand RIICHI_KAN_REASONS), written by kanshi when it opens the file.
CREATE TABLE riichi_kan_reasons (
  reason  TEXT NOT NULL PRIMARY KEY,  -- the reason
  legal   INTEGER,                    -- the verdict the reason gives; null: not judged
  meaning TEXT NOT NULL               -- what it means
) STRICT, WITHOUT ROWID;

-- The closed list of yaku (version 4), by mjlog id: 0..51 the yaku and yakuman, 52 dora, 53 ura, 54 red fives.
-- Filled from src/events when the database is opened for writing.
CREATE TABLE yaku (
  yaku_id INTEGER PRIMARY KEY,  -- the mjlog id
  name    TEXT    NOT NULL,     -- romaji: riichi, tanyao, rinshan-kaihou, …
  name_ja TEXT    NOT NULL,     -- as mjlog viewers and tenhou.net/6 JSON write it: 立直, 断幺九, 嶺上開花, …
  yakuman INTEGER NOT NULL      -- a yakuman
) STRICT;

-- Tile names, to read the ids: tile 0..135, kind 0..33, name 1m..9m 1p..9p 1s..9s 1z..7z (E S W N P F C).
CREATE TABLE tiles (
  tile INTEGER NOT NULL PRIMARY KEY,  -- the id
  kind INTEGER NOT NULL,              -- id / 4
  name TEXT    NOT NULL,              -- 1m … 7z
  red  INTEGER NOT NULL               -- a red five (in games played with red fives)
) STRICT;
INSERT INTO tiles (tile, kind, name, red)
  WITH RECURSIVE ids (tile) AS (SELECT 0 UNION ALL SELECT tile + 1 FROM ids WHERE tile < 135)
  SELECT tile, tile / 4, (tile / 4 % 9 + 1) || substr('mpsz', tile / 4 / 9 + 1, 1), tile IN (16, 52, 88) FROM ids;

-- What `kanshi infer --db FILE` found the logs say the rules are (docs/scoring.md §9): one row an inference, and
-- per knob each value with how many wins, drawn hands or kans agree and disagree under it; `inferred` is 1 for
-- the value the logs support (none of a knob's values has it where no log touches the knob). Written by
-- src/store/inference.ts.
CREATE TABLE inferences (
  inference_id     INTEGER PRIMARY KEY,         -- the inference
  inferred_at      TEXT NOT NULL,               -- ISO time
  profile          TEXT NOT NULL,               -- the profile the flags start from
  game_count       INTEGER NOT NULL,            -- games read
  win_count        INTEGER NOT NULL,            -- wins among them
  drawn_hand_count INTEGER NOT NULL,            -- drawn hands
  kan_count        INTEGER NOT NULL,            -- kans
  flags            TEXT NOT NULL,               -- the inferred rule set as `kanshi audit` flags: `--profile P` and each value that differs from P's
  unexplained      TEXT NOT NULL,               -- JSON: the wins and drawn hands no value of any knob explains, with file, hand, event, seat and what differs
  contradicted     TEXT NOT NULL DEFAULT '[]'   -- version 12: JSON: the cases the value kept contradicts, the logs' own errors (file, hand, event, seat, what differs, and the values they agree under)
) STRICT;

-- Per inference, knob and value, how the logs agree with it.
CREATE TABLE inferred_knobs (
  inference_id   INTEGER NOT NULL REFERENCES inferences (inference_id) ON DELETE CASCADE,  -- the inference
  knob           TEXT NOT NULL,                                         -- the knob
  value          TEXT NOT NULL,                                         -- one of its values
  cases          TEXT NOT NULL,                                         -- what a case is for the knob
  agree_count    INTEGER NOT NULL,                                      -- cases that agree with the logs under the value, the other knobs at the base
  disagree_count INTEGER NOT NULL,                                      -- … that disagree
  joint_count    INTEGER NOT NULL,                                      -- cases explained only with a value of another knob
  inferred       INTEGER NOT NULL,                                      -- 1 for the value the logs support, weak ones included; no value of a knob has it where the logs do not decide it (untouched, a tie, or a producer's convention)
  status         TEXT NOT NULL DEFAULT 'untouched',                     -- version 12: the knob's status, on each of its rows: untouched, tie, weak, inferred, convention, or declared (the logs declare it)
  tied           INTEGER NOT NULL DEFAULT 0,                            -- version 12: 1 on each of a tie's best values
  convention     INTEGER NOT NULL DEFAULT 0,                            -- version 12: 1 on the value a producer's order of events follows (status convention)
  deciding       TEXT,                                                  -- version 12: JSON, on the row of the inferred or convention value: its deciding cases [{file, logId, hand, seat, eventIndex, what}]; null elsewhere
  PRIMARY KEY (inference_id, knob, value)
) STRICT;

-- Version 12: each knob that judged a game otherwise than the rule set's row says (its log declares it: its GO
-- type, a lobby's csrule, a tenhou.net/6 rule object; or, under the rule set `platform`, its platform's profile
-- differs from the row's), or whose declared value a flag overrode: a game's value of a knob is its row here,
-- else the rule set's column (docs/kan-rules.md §7, which value judges a game).
CREATE TABLE game_rules (
  rule_set_id INTEGER NOT NULL,                                         -- the rule set
  game_id     INTEGER NOT NULL,                                         -- the game
  knob        TEXT    NOT NULL,                                         -- the knob (its name, as rules_key spells it)
  value       ANY,                                                      -- the value that judged the game (booleans 0/1)
  source      TEXT    NOT NULL CHECK (source IN ('declared', 'flag', 'platform')),  -- declared: the game's own value; flag: the command line's, over the game's; platform: the game's platform's profile's (rule set `platform`)
  declared    ANY,                                                      -- the value the log declares (NULL: it declares none)
  declared_by TEXT,                                                     -- what in the log declares it (`csrule[0] 0x00000008 set (kandora turned over at once)`)
  PRIMARY KEY (rule_set_id, game_id, knob),
  FOREIGN KEY (rule_set_id, game_id) REFERENCES audits (rule_set_id, game_id)
) STRICT, WITHOUT ROWID;

-- Views --------------------------------------------------------------------------------------------------

-- Each win re-scored under the rule set (src/score), beside what the log states in wins: the scoring
-- columns of win_dora, for the wins that were re-scored.
CREATE VIEW win_scores AS
SELECT rule_set_id, game_id, hand, event_index, valid, yaku, yakuman, han, fu, points, limit_name, deltas,
       kan_fu, kan_han, mismatches, components
  FROM win_dora
 WHERE valid IS NOT NULL;

-- Each rule set with its counts (version 11: from audit_groups, a few rows per rule set).
CREATE VIEW rule_set_summary AS
SELECT r.rule_set_id, r.rules_key, r.profile,
       r.kandora_timing, r.riichi_kan, r.okuri_kan, r.kokushi_ankan_chankan, r.suukaikan, r.fifth_kan, r.daiminkan_pao,
       r.kiriage_mangan, r.honba_points, r.kazoe_yakuman, r.double_yakuman, r.yakuman_stacking,
       r.double_wind_pair_fu, r.rinshan_tsumo_fu, r.atozuke, r.ippatsu_yaku, r.ura_dora, r.kan_ura,
       r.kandora, r.aka_dora, r.yakuman_pao, r.pao_compound, r.pao_ron_honba, r.kita_interrupts,
       r.nagashi_mangan, r.noten_payments, r.three_player_noten, r.three_player_tsumo, r.three_player_honba,
       r.multiple_ron_honba, r.open_tanyao, r.renhou,
       r.multiple_ron, r.busting, r.kuikae, r.riichi_under_thousand, r.kyuushu_kyuuhai, r.suufon_renda, r.suucha_riichi, r.pinned,
       r.first_run_at, r.last_run_at,
       coalesce(sum(x.games), 0)                                      AS games,
       coalesce(sum(CASE WHEN x.status = 'ok' THEN x.games END), 0)   AS games_read,
       coalesce(sum(CASE WHEN x.status <> 'ok' THEN x.games END), 0)  AS games_failed,
       coalesce(sum(x.errors), 0)                                     AS errors,
       coalesce(sum(x.warnings), 0)                                   AS warnings,
       coalesce(sum(x.infos), 0)                                      AS infos
FROM rule_sets r LEFT JOIN audit_groups x ON x.rule_set_id = r.rule_set_id
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
-- games' totals (games.completed_kans …) summed by audit_groups (version 11): a few rows per rule set, not one
-- per game.
CREATE VIEW kan_stats AS
SELECT x.rule_set_id, r.rules_key, r.profile, x.player_count, x.lobby_level,
       x.games, x.kans, x.ankan, x.daiminkan, x.kakan, x.robbed,
       round(x.kans * 1.0 / x.games, 3)      AS kans_per_game,
       round(x.ankan * 1.0 / x.games, 3)     AS ankan_per_game,
       round(x.daiminkan * 1.0 / x.games, 3) AS daiminkan_per_game,
       round(x.kakan * 1.0 / x.games, 3)     AS kakan_per_game
FROM (
  SELECT rule_set_id, player_count, lobby_level,
         sum(games)                        AS games,
         coalesce(sum(completed_kans), 0)  AS kans,
         coalesce(sum(ankans), 0)          AS ankan,
         coalesce(sum(daiminkans), 0)      AS daiminkan,
         coalesce(sum(kakans), 0)          AS kakan,
         coalesce(sum(robbed_kans), 0)     AS robbed
  FROM audit_groups
  WHERE status = 'ok'
  GROUP BY rule_set_id, player_count, lobby_level
) x
JOIN rule_sets r ON r.rule_set_id = x.rule_set_id;

-- Rinshan kaihou: how often the replacement tile wins, by kan kind (completed kans only); and, apart,
-- the replacement draws after a kita in 3-player games (kind 'kita', not a kan; kans = the kita count).
-- A kind shows when the rule set's games have such a kan (kita: such a kita). From the games' totals, as
-- audit_groups sums them.
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
    SELECT rule_set_id,
           sum(ankans) AS ankans, sum(daiminkans) AS daiminkans, sum(kakans) AS kakans, sum(kitas) AS kita,
           sum(ankan_replacements) AS ankan_replacements, sum(daiminkan_replacements) AS daiminkan_replacements,
           sum(kakan_replacements) AS kakan_replacements, sum(kita_replacement_draws) AS kita_replacements,
           sum(ankan_rinshan_wins) AS ankan_rinshan_wins, sum(daiminkan_rinshan_wins) AS daiminkan_rinshan_wins,
           sum(kakan_rinshan_wins) AS kakan_rinshan_wins, sum(kita_rinshan_wins) AS kita_rinshan_wins
    FROM audit_groups
    WHERE status = 'ok'
    GROUP BY rule_set_id
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
-- (games.riichis, games.kans_in_riichi, summed by audit_groups) and the verdicts, each aggregated once per rule set.
CREATE VIEW riichi_kan_frequency AS
WITH games_ok AS (
  SELECT rule_set_id, sum(games) AS games, sum(riichis) AS riichi, sum(kans_in_riichi) AS riichi_kans
  FROM audit_groups
  WHERE status = 'ok' GROUP BY rule_set_id
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
-- (CROSS JOIN keeps them the outer loop); games and hands (games.hand_count: one hands row per hand of the
-- log) are audit_groups' sums, which spares reading every audit and every hands row.
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
  SELECT rule_set_id, sum(games) AS games, sum(hand_count) AS hands, 0 AS chankan_wins, 0 AS chankan_on_ankan,
         0 AS four_kan_hands, 0 AS four_kans_one_player, 0 AS suukaikan_aborts
  FROM audit_groups
  WHERE status = 'ok' GROUP BY rule_set_id
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

-- Kandora timing: each kan's logged reveal moment against the rule set's, counted, with the verdict on the
-- two (kan_verdicts.reveal_verdict; conforms is 1 when that verdict is conforms). The verdicts carry the
-- kan's kind and logged moment; the index kan_verdicts_timing gives them in order, nothing to sort.
CREATE VIEW kandora_timing AS
SELECT v.rule_set_id, r.rules_key, r.profile, r.kandora_timing, v.kan_kind AS kind, v.kan_reveal_logged AS reveal_logged, v.reveal_rule,
       v.reveal_verdict AS verdict, v.reveal_verdict = 'conforms' AS conforms,
       count(*) AS kans
FROM kan_verdicts v
JOIN rule_sets r ON r.rule_set_id = v.rule_set_id
GROUP BY v.rule_set_id, v.kan_kind, v.kan_reveal_logged, v.reveal_rule, v.reveal_verdict;

-- Kandora timing conformance by kan kind: the kans of each verdict (kan_verdicts.reveal_verdict). A kan is
-- undecided when the log stops before the moment is known (either side 'unknown'); unrecorded when the log
-- shows its indicator without the moment (tenhou.net/6 JSON: such logs are judged by the number of
-- kandora, finding kandora-count-mismatch), unless the rule never turns it over (it differs); it conforms
-- when both moments are known and equal, and differs when they are known and not.
CREATE VIEW kandora_conformance AS
SELECT rule_set_id, rules_key, profile, kandora_timing, kind,
       sum(kans) AS kans,
       sum(CASE WHEN verdict = 'conforms' THEN kans ELSE 0 END)   AS conforming,
       sum(CASE WHEN verdict = 'differs' THEN kans ELSE 0 END)    AS differing,
       sum(CASE WHEN verdict = 'undecided' THEN kans ELSE 0 END)  AS undecided,
       sum(CASE WHEN verdict = 'unrecorded' THEN kans ELSE 0 END) AS unrecorded,
       round(100.0 * sum(CASE WHEN verdict = 'conforms' THEN kans ELSE 0 END)
             / nullif(sum(CASE WHEN verdict IN ('conforms', 'differs') THEN kans ELSE 0 END), 0), 2) AS conforming_pct
FROM kandora_timing
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
-- totals (version 7: audits.wins …, not every win), as audit_groups sums them (version 11: a few rows per rule
-- set, not one per game); a count stays null, as a sum over the wins would be, when no win could give it
-- (agreeing and differing with no win re-scored, a component with no win differing).
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
    SELECT rule_set_id, coalesce(platform, 'unknown') AS platform, sum(games_with_wins) AS games, sum(wins) AS wins,
           sum(wins_not_rescored) AS not_rescored, sum(wins_agreeing) AS agreeing, sum(wins_differing) AS differing,
           sum(wins_yaku_differ) AS yaku_differs, sum(wins_han_differ) AS han_differs, sum(wins_fu_differ) AS fu_differs,
           sum(wins_points_differ) AS points_differs, sum(wins_limit_differ) AS limit_differs,
           sum(wins_payment_differ) AS payment_differs, sum(draws_differing) AS draws_differing
    FROM audit_groups
    GROUP BY rule_set_id, coalesce(platform, 'unknown')
  )
  WHERE wins > 0
) t
JOIN rule_sets r ON r.rule_set_id = t.rule_set_id;

-- What kans were worth (version 6): per rule set, among the wins re-scored as valid, those with each value a
-- kan brings (rinshan kaihou, chankan, sankantsu, suukantsu, the kandora's dora, kan fu, and any han from
-- kans at all): how many (and per 1000 re-scored wins), what it brought on average (han, fu, or 1 for the
-- yakuman), and the average han and points of those wins. kandora: the dora the kandora indicators shown
-- under kandoraTiming make in the hand (win_dora.kandora), counted in hands that are not yakuman.
-- From the audits' totals (version 7: audits.valid_wins, rinshan_wins …, not every win), as audit_groups sums
-- them (version 11: a few rows per rule set): an average is a sum over a count, as avg() computes it.
CREATE VIEW kan_scoring AS
WITH v AS (
  SELECT rule_set_id, sum(valid_wins) AS wins FROM audit_groups GROUP BY rule_set_id
),
t AS (
  SELECT rule_set_id,
         sum(rinshan_wins) AS n1, sum(rinshan_brought) AS b1, sum(rinshan_wins_han) AS h1, sum(rinshan_wins_points) AS p1,
         sum(chankan_wins) AS n2, sum(chankan_brought) AS b2, sum(chankan_wins_han) AS h2, sum(chankan_wins_points) AS p2,
         sum(sankantsu_wins) AS n3, sum(sankantsu_brought) AS b3, sum(sankantsu_wins_han) AS h3, sum(sankantsu_wins_points) AS p3,
         sum(suukantsu_wins) AS n4, sum(suukantsu_brought) AS b4, sum(suukantsu_wins_han) AS h4, sum(suukantsu_wins_points) AS p4,
         sum(kandora_wins) AS n5, sum(kandora_brought) AS b5, sum(kandora_wins_han) AS h5, sum(kandora_wins_points) AS p5,
         sum(kan_fu_wins) AS n6, sum(kan_fu_brought) AS b6, sum(kan_fu_wins_han) AS h6, sum(kan_fu_wins_points) AS p6,
         sum(kan_han_wins) AS n7, sum(kan_han_brought) AS b7, sum(kan_han_wins_han) AS h7, sum(kan_han_wins_points) AS p7
  FROM audit_groups
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
CREATE INDEX IF NOT EXISTS kan_verdicts_timing ON kan_verdicts (rule_set_id, kan_kind, kan_reveal_logged, reveal_rule, reveal_verdict);
-- Version 11: riichi_kan_stats groups a rule set's riichi-kan verdicts by verdict and reason, and counts their
-- games, from this index alone (the table's rows carry the explanation and waits); the report's riichi-kan
-- turns read the verdicts' keys from it too.
CREATE INDEX IF NOT EXISTS riichi_kan_verdicts_by_reason ON riichi_kan_verdicts (rule_set_id, legal, reason, game_id);
-- The wins with a kandora indicator shown under the rule (about one in twelve), for the report's kandora hit
-- rate: its query repeats this WHERE term to read them alone.
CREATE INDEX IF NOT EXISTS win_dora_kandora ON win_dora (rule_set_id, indicators, first_indicator_dora, kandora) WHERE instr(indicators, ',') > 0;

PRAGMA application_id = 1801547379; -- 0x6B616E73, "kans": marks the file as a kanshi database
PRAGMA user_version = 13;
