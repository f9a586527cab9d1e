/* arb-schema.c: the tournament file's schema, its versions and migrations
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-schema.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "arb-i18n.h"
#include "arb-move-code.h"
#include "arb-tournament-live.h"
#include "arb-tournament-private.h"

/* Version 1: the first layout.
 *
 * Times on the wall are ISO 8601 text in UTC; clock times are integer
 * milliseconds. Results are checked against the set the Laws allow, with
 * the forfeit marks used in PGN and TRF ("+/-", "-/+", "--"). */
static const char schema_v1[] =
  "CREATE TABLE event (\n"
  "  id INTEGER PRIMARY KEY CHECK (id = 1),\n"
  "  name TEXT NOT NULL,\n"
  "  venue TEXT,\n"
  "  start_date TEXT,\n"
  "  end_date TEXT,\n"
  "  chief_arbiter TEXT,\n"
  "  edition INTEGER NOT NULL DEFAULT 2023\n"
  "    CHECK (edition IN (2001, 2009, 2014, 2018, 2023)),\n"
  "  time_control TEXT,\n" /* the PGN TimeControl string */
  "  created_at TEXT NOT NULL\n"
  ");\n"
  /* Header records of an imported TRF that the event does not model,
   * kept so that an export gives them back. */
  "CREATE TABLE event_record (\n"
  "  code TEXT PRIMARY KEY,\n"
  "  value TEXT NOT NULL\n"
  ");\n"
  "CREATE TABLE player (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  start_no INTEGER UNIQUE CHECK (start_no >= 1),\n"
  "  name TEXT NOT NULL,\n"
  "  title TEXT,\n"
  "  sex TEXT,\n"
  "  fide_id INTEGER,\n"
  "  rating INTEGER,\n"
  "  federation TEXT,\n"
  "  birth_date TEXT\n"
  ");\n"
  "CREATE TABLE round (\n"
  "  number INTEGER PRIMARY KEY CHECK (number >= 1),\n"
  "  date TEXT,\n"
  "  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'finished'))\n"
  ");\n"
  "CREATE TABLE team_match (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  round_no INTEGER NOT NULL REFERENCES round (number),\n"
  "  home_team TEXT NOT NULL,\n"
  "  away_team TEXT NOT NULL\n"
  ");\n"
  "CREATE TABLE game (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  round_no INTEGER NOT NULL REFERENCES round (number),\n"
  "  board INTEGER NOT NULL CHECK (board >= 1),\n"
  "  white_id INTEGER REFERENCES player (id),\n"
  /* NULL for a bye; bye_code then holds the TRF code (H, F, U, Z…). */
  "  black_id INTEGER REFERENCES player (id),\n"
  "  bye_code TEXT CHECK (bye_code IS NULL OR length (bye_code) = 1),\n"
  "  team_match_id INTEGER REFERENCES team_match (id),\n"
  "  start_fen TEXT,\n"
  "  result TEXT NOT NULL DEFAULT '*' CHECK (result IN\n"
  "    ('1-0', '0-1', '1/2-1/2', '*', '0-0', '1/2-0', '0-1/2', '+/-', '-/+', '--')),\n"
  "  rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),\n"
  "  termination TEXT,\n"
  "  tags TEXT NOT NULL DEFAULT '{}',\n" /* further PGN tags, JSON */
  "  UNIQUE (round_no, board)\n"
  ");\n"
  "CREATE TABLE move (\n"
  "  game_id INTEGER NOT NULL REFERENCES game (id),\n"
  "  ply INTEGER NOT NULL CHECK (ply >= 1),\n"
  "  san TEXT NOT NULL,\n"
  "  uci TEXT NOT NULL,\n"
  /* Remaining times after this ply, when known ([%clk]). */
  "  white_ms INTEGER CHECK (white_ms IS NULL OR white_ms >= 0),\n"
  "  black_ms INTEGER CHECK (black_ms IS NULL OR black_ms >= 0),\n"
  "  played_at TEXT NOT NULL,\n"
  "  PRIMARY KEY (game_id, ply)\n"
  ") WITHOUT ROWID;\n"
  "CREATE TABLE clock_event (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  game_id INTEGER NOT NULL REFERENCES game (id),\n"
  "  ply INTEGER NOT NULL CHECK (ply >= 0),\n"
  "  kind TEXT NOT NULL,\n"
  "  side TEXT CHECK (side IS NULL OR side IN ('white', 'black')),\n"
  "  wall_time TEXT NOT NULL,\n"
  "  amount_ms INTEGER,\n"
  "  white_ms INTEGER,\n"
  "  black_ms INTEGER\n"
  ");\n"
  "CREATE INDEX clock_event_game ON clock_event (game_id, ply);\n"
  /* The illegal move as it was made stays here after the position is
   * restored and the move is taken out of the move table. */
  "CREATE TABLE irregularity (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  game_id INTEGER NOT NULL REFERENCES game (id),\n"
  "  ply INTEGER NOT NULL CHECK (ply >= 1),\n"
  "  kind TEXT NOT NULL,\n"
  "  side TEXT CHECK (side IS NULL OR side IN ('white', 'black')),\n"
  "  move_text TEXT,\n"
  "  fen_before TEXT,\n"
  "  restored_ply INTEGER,\n"
  "  note TEXT,\n"
  "  wall_time TEXT NOT NULL\n"
  ");\n"
  "CREATE TABLE draw_offer (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  game_id INTEGER NOT NULL REFERENCES game (id),\n"
  "  ply INTEGER NOT NULL CHECK (ply >= 0),\n"
  "  side TEXT NOT NULL CHECK (side IN ('white', 'black')),\n"
  "  response TEXT NOT NULL DEFAULT 'pending'\n"
  "    CHECK (response IN ('pending', 'accepted', 'declined', 'withdrawn')),\n"
  "  wall_time TEXT NOT NULL\n"
  ");\n"
  "CREATE TABLE ruling (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  game_id INTEGER NOT NULL REFERENCES game (id),\n"
  "  ply INTEGER NOT NULL CHECK (ply >= 0),\n"
  "  kind TEXT NOT NULL,\n"
  "  decision TEXT NOT NULL,\n"
  "  articles TEXT NOT NULL DEFAULT '',\n"
  "  edition INTEGER NOT NULL CHECK (edition IN (2001, 2009, 2014, 2018, 2023)),\n"
  "  payload TEXT NOT NULL DEFAULT '{}',\n" /* the ruling value, JSON */
  "  note TEXT,\n"
  "  wall_time TEXT NOT NULL\n"
  ");\n"
  "CREATE INDEX ruling_game ON ruling (game_id, ply);\n"
  "CREATE TABLE audit (\n"
  "  id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
  "  wall_time TEXT NOT NULL,\n"
  "  action TEXT NOT NULL,\n"
  "  game_id INTEGER,\n"
  "  detail TEXT NOT NULL DEFAULT '{}'\n"
  ");\n"
  "CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit\n"
  "  BEGIN SELECT RAISE (ABORT, 'the audit log is append-only'); END;\n"
  "CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit\n"
  "  BEGIN SELECT RAISE (ABORT, 'the audit log is append-only'); END;\n";

/* Version 2: sealed-move envelopes, the event settings and the clock's
 * checkpoint.
 *
 * The envelope keeps what the Guidelines on adjournment ask for (2018
 * Guidelines I.1; 2009 article 8.1 ff.): the players (through the game),
 * the position before the sealed move, the time each player has used, who
 * sealed, the number of the sealed move, a draw offer if one stands, and
 * when and where play resumes. The move itself stays hidden until the
 * envelope is opened. */
static const char schema_v2[] =
  "ALTER TABLE event ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';\n"
  "CREATE TABLE sealed_move (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  game_id INTEGER NOT NULL REFERENCES game (id),\n"
  "  ply INTEGER NOT NULL CHECK (ply >= 1),\n"
  "  side TEXT NOT NULL CHECK (side IN ('white', 'black')),\n"
  "  move_number INTEGER NOT NULL CHECK (move_number >= 1),\n"
  "  move_text TEXT NOT NULL,\n"
  "  fen_before TEXT NOT NULL,\n"
  "  white_used_ms INTEGER NOT NULL CHECK (white_used_ms >= 0),\n"
  "  black_used_ms INTEGER NOT NULL CHECK (black_used_ms >= 0),\n"
  "  draw_offered INTEGER NOT NULL DEFAULT 0 CHECK (draw_offered IN (0, 1)),\n"
  "  resume_at TEXT,\n"
  "  resume_place TEXT,\n"
  "  sealed_at TEXT NOT NULL,\n"
  "  opened_at TEXT\n"
  ");\n"
  /* The running clock's last checkpoint (one line of text from the clock),
   * replaced about every second while the clock runs. */
  "CREATE TABLE clock_snapshot (\n"
  "  game_id INTEGER PRIMARY KEY REFERENCES game (id),\n"
  "  ply INTEGER NOT NULL CHECK (ply >= 0),\n"
  "  state TEXT NOT NULL,\n"
  "  wall_time TEXT NOT NULL\n"
  ");\n";

/* Version 3: each move as its code (arb-move-code.h), a 32-bit integer
 * that gives back the move and its SAN, instead of SAN and UCI text; the
 * time of play only for a move played at the board (NULL for an imported
 * one, whose time of play the file does not know); indexes for the records
 * read game by game. The moves are copied in between the two halves, by
 * copy_moves_v3(). */
#define SCHEMA_V3_BEFORE                                            \
  "CREATE TABLE move_v3 (\n"                                        \
  "  game_id INTEGER NOT NULL REFERENCES game (id),\n"              \
  "  ply INTEGER NOT NULL CHECK (ply >= 1),\n"                      \
  "  code INTEGER NOT NULL,\n"                                      \
  "  white_ms INTEGER CHECK (white_ms IS NULL OR white_ms >= 0),\n" \
  "  black_ms INTEGER CHECK (black_ms IS NULL OR black_ms >= 0),\n" \
  "  played_at TEXT,\n"                                             \
  "  PRIMARY KEY (game_id, ply)\n"                                  \
  ") WITHOUT ROWID;\n"
#define SCHEMA_V3_AFTER                                         \
  "DROP TABLE move;\n"                                          \
  "ALTER TABLE move_v3 RENAME TO move;\n"                       \
  "CREATE INDEX irregularity_game ON irregularity (game_id);\n" \
  "CREATE INDEX draw_offer_game ON draw_offer (game_id);\n"     \
  "CREATE INDEX sealed_move_game ON sealed_move (game_id);\n"

static const char schema_v3_before[] = SCHEMA_V3_BEFORE;
static const char schema_v3_after[] = SCHEMA_V3_AFTER;
static const char schema_v3[] =
  SCHEMA_V3_BEFORE "-- every row of move is copied into move_v3 here, its san and uci\n"
                   "-- becoming the move's code (arb-move-code.h)\n" SCHEMA_V3_AFTER;

/* Version 4: what the sources of moves leave in the file (see
 * arb-tournament-sources.h): the e-boards' serial numbers and their
 * boards, the sources of each round, the games of a source assigned to a
 * board by hand, and the alerts a source raised (a move it reported that
 * was not stored, moves that differ from the stored ones), with how the
 * arbiter settled each. */
static const char schema_v4[] =
  "CREATE TABLE eboard (\n"
  "  serial TEXT PRIMARY KEY CHECK (length (serial) BETWEEN 1 AND 64),\n"
  "  board INTEGER NOT NULL CHECK (board >= 1),\n"
  "  updated_at TEXT NOT NULL\n"
  ");\n"
  "CREATE TABLE move_source (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  round_no INTEGER NOT NULL CHECK (round_no >= 1),\n"
  "  uri TEXT NOT NULL CHECK (length (uri) BETWEEN 1 AND 2048),\n"
  "  interval_ms INTEGER NOT NULL DEFAULT 0 CHECK (interval_ms >= 0),\n"
  "  added_at TEXT NOT NULL,\n"
  "  UNIQUE (round_no, uri)\n"
  ");\n"
  "CREATE TABLE source_assignment (\n"
  "  round_no INTEGER NOT NULL CHECK (round_no >= 1),\n"
  "  uri TEXT NOT NULL,\n"
  "  game_key TEXT NOT NULL,\n"
  "  board INTEGER NOT NULL CHECK (board >= 1),\n"
  "  PRIMARY KEY (round_no, uri, game_key)\n"
  ");\n"
  "CREATE TABLE source_alert (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  game_id INTEGER NOT NULL REFERENCES game (id),\n"
  "  kind TEXT NOT NULL CHECK (kind IN ('illegal-move', 'changed-moves')),\n"
  "  source TEXT NOT NULL,\n"
  "  ply INTEGER NOT NULL CHECK (ply >= 1),\n"
  "  reported TEXT NOT NULL,\n"
  "  stored TEXT,\n"
  "  detail TEXT NOT NULL DEFAULT '{}',\n"
  "  raised_at TEXT NOT NULL,\n"
  "  state TEXT NOT NULL DEFAULT 'open'\n"
  "    CHECK (state IN ('open', 'dismissed', 'ruled', 'accepted')),\n"
  "  settled_at TEXT,\n"
  "  ruling_id INTEGER REFERENCES ruling (id),\n"
  "  UNIQUE (game_id, kind, ply, reported)\n"
  ");\n"
  "CREATE INDEX source_alert_game ON source_alert (game_id);\n";

/* Version 5: the moves of a game in one row (move_list) instead of a row
 * a ply, each kind of value an array of little-endian integers, one
 * element a ply:
 *
 *   codes    4 bytes a ply: the move code (arb-move-code.h)
 *   clocks   8 bytes a ply: White's and Black's time left after it, in
 *            milliseconds, 4 bytes each, -1 when unknown; NULL when no
 *            time of the game is known
 *   played   8 bytes a ply: when the move was stored, in microseconds
 *            since 1970 UTC, 0 when unknown; NULL when no move of the game
 *            has one (an imported game)
 *   last_played_at  the time of play of the last move that has one, as
 *            the file writes times (text, so that it compares with the
 *            other times of the file)
 *
 * A game of 80 plies is one row of 320 bytes (with clocks 960) instead of
 * 80 rows: an import writes a row a game. A move played at the board
 * rewrites its game's row. The rows of move are gathered by
 * copy_moves_v5() between the two halves. */
#define SCHEMA_V5_BEFORE                                                   \
  "CREATE TABLE move_list (\n"                                             \
  "  game_id INTEGER PRIMARY KEY REFERENCES game (id),\n"                  \
  "  plies INTEGER NOT NULL CHECK (plies >= 1),\n"                         \
  "  codes BLOB NOT NULL CHECK (length (codes) = 4 * plies),\n"            \
  "  clocks BLOB CHECK (clocks IS NULL OR length (clocks) = 8 * plies),\n" \
  "  played BLOB CHECK (played IS NULL OR length (played) = 8 * plies),\n" \
  "  last_played_at TEXT\n"                                                \
  ");\n"
#define SCHEMA_V5_AFTER "DROP TABLE move;\n"

static const char schema_v5_before[] = SCHEMA_V5_BEFORE;
static const char schema_v5_after[] = SCHEMA_V5_AFTER;
static const char schema_v5[] =
  SCHEMA_V5_BEFORE "-- the rows of move are gathered here, a row a game\n" SCHEMA_V5_AFTER;

/* Version 6: the moves a ruling voided. A restoration (7.5 of the 2018
 * Laws, an illegal move found later) takes the game back to an earlier
 * ply; the moves it takes back leave move_list but are kept here, each
 * with the ruling that voided it (NULL for a restoration made without a
 * ruling) and the times that were on the clocks after it (-1 unknown).
 * Nothing is deleted from this table. */
static const char schema_v6[] = "CREATE TABLE voided_move (\n"
                                "  id INTEGER PRIMARY KEY,\n"
                                "  game_id INTEGER NOT NULL REFERENCES game (id),\n"
                                "  ruling_id INTEGER REFERENCES ruling (id),\n"
                                "  restored_ply INTEGER NOT NULL CHECK (restored_ply >= 0),\n"
                                "  ply INTEGER NOT NULL CHECK (ply > restored_ply),\n"
                                "  san TEXT NOT NULL,\n"
                                "  uci TEXT NOT NULL,\n"
                                "  white_ms INTEGER NOT NULL DEFAULT -1,\n"
                                "  black_ms INTEGER NOT NULL DEFAULT -1,\n"
                                "  voided_at TEXT NOT NULL\n"
                                ");\n"
                                "CREATE INDEX voided_move_game ON voided_move (game_id, id);\n";

/* Version 7: a ruling may supersede another (a withdrawal or a
 * correction): the row it supersedes stays as it was, and each row is
 * superseded at most once. */
static const char schema_v7[] =
  "ALTER TABLE ruling ADD COLUMN supersedes INTEGER REFERENCES ruling (id);\n"
  "CREATE UNIQUE INDEX ruling_supersedes ON ruling (supersedes) WHERE supersedes IS NOT NULL;\n";

/* Version 8: a source may report a game whose players are the board's
 * with White and Black reversed (7.3 of the Laws): a third kind of alert.
 * SQLite changes no CHECK in place, so the table is built anew and its
 * rows copied, ids and all. */
static const char schema_v8[] =
  "CREATE TABLE source_alert_v8 (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  game_id INTEGER NOT NULL REFERENCES game (id),\n"
  "  kind TEXT NOT NULL CHECK (kind IN ('illegal-move', 'changed-moves', 'wrong-colours')),\n"
  "  source TEXT NOT NULL,\n"
  "  ply INTEGER NOT NULL CHECK (ply >= 1),\n"
  "  reported TEXT NOT NULL,\n"
  "  stored TEXT,\n"
  "  detail TEXT NOT NULL DEFAULT '{}',\n"
  "  raised_at TEXT NOT NULL,\n"
  "  state TEXT NOT NULL DEFAULT 'open'\n"
  "    CHECK (state IN ('open', 'dismissed', 'ruled', 'accepted')),\n"
  "  settled_at TEXT,\n"
  "  ruling_id INTEGER REFERENCES ruling (id),\n"
  "  UNIQUE (game_id, kind, ply, reported)\n"
  ");\n"
  "INSERT INTO source_alert_v8 (id, game_id, kind, source, ply, reported, stored, detail,\n"
  "  raised_at, state, settled_at, ruling_id)\n"
  "  SELECT id, game_id, kind, source, ply, reported, stored, detail, raised_at, state,\n"
  "    settled_at, ruling_id FROM source_alert;\n"
  "DROP TABLE source_alert;\n"
  "ALTER TABLE source_alert_v8 RENAME TO source_alert;\n"
  "CREATE INDEX source_alert_game ON source_alert (game_id);\n";

/* Version 9: what the desk records about a player's rounds before they are
 * paired (arb-tournament-entries.c): a bye asked for a round (H or Z), a
 * withdrawal from a round on, a late entry from a round on. A row is
 * never changed: taking one back is a row of kind 'cancel' that
 * supersedes it, with the reason, and each row is superseded at most
 * once. */
static const char schema_v9[] =
  "CREATE TABLE player_entry (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  kind TEXT NOT NULL CHECK (kind IN ('bye', 'withdrawal', 'late-entry', 'cancel')),\n"
  "  player_id INTEGER NOT NULL REFERENCES player (id),\n"
  "  round_no INTEGER NOT NULL CHECK (round_no >= 1),\n"
  "  code TEXT CHECK (code IS NULL OR code IN ('H', 'Z')),\n"
  "  arbiter TEXT,\n"
  "  note TEXT,\n"
  "  supersedes INTEGER REFERENCES player_entry (id),\n"
  "  recorded_at TEXT NOT NULL,\n"
  "  CHECK ((kind = 'bye') = (code IS NOT NULL)),\n"
  "  CHECK ((kind = 'cancel') = (supersedes IS NOT NULL))\n"
  ");\n"
  "CREATE UNIQUE INDEX player_entry_supersedes ON player_entry (supersedes)\n"
  "  WHERE supersedes IS NOT NULL;\n"
  "CREATE INDEX player_entry_player ON player_entry (player_id, round_no);\n";

/* Version 10: an open alert whose cause left the source (the source
 * reports the stored moves again, no longer reports the illegal move or
 * has the colours as paired) is cleared by the source, a fifth state; it
 * stays in the file and the log. The same report may come again after
 * that and raises a new alert: a report is unique among the alerts not
 * cleared. SQLite changes no CHECK in place: the table is built anew, its
 * rows copied, ids and all. */
static const char schema_v10[] =
  "CREATE TABLE source_alert_v10 (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  game_id INTEGER NOT NULL REFERENCES game (id),\n"
  "  kind TEXT NOT NULL CHECK (kind IN ('illegal-move', 'changed-moves', 'wrong-colours')),\n"
  "  source TEXT NOT NULL,\n"
  "  ply INTEGER NOT NULL CHECK (ply >= 1),\n"
  "  reported TEXT NOT NULL,\n"
  "  stored TEXT,\n"
  "  detail TEXT NOT NULL DEFAULT '{}',\n"
  "  raised_at TEXT NOT NULL,\n"
  "  state TEXT NOT NULL DEFAULT 'open'\n"
  "    CHECK (state IN ('open', 'dismissed', 'ruled', 'accepted', 'cleared')),\n"
  "  settled_at TEXT,\n"
  "  ruling_id INTEGER REFERENCES ruling (id)\n"
  ");\n"
  "INSERT INTO source_alert_v10 (id, game_id, kind, source, ply, reported, stored, detail,\n"
  "  raised_at, state, settled_at, ruling_id)\n"
  "  SELECT id, game_id, kind, source, ply, reported, stored, detail, raised_at, state,\n"
  "    settled_at, ruling_id FROM source_alert;\n"
  "DROP TABLE source_alert;\n"
  "ALTER TABLE source_alert_v10 RENAME TO source_alert;\n"
  "CREATE INDEX source_alert_game ON source_alert (game_id);\n"
  "CREATE UNIQUE INDEX source_alert_report ON source_alert (game_id, kind, ply, reported)\n"
  "  WHERE state <> 'cleared';\n";

/* Version 11: the arbiters' team (issue 31). Each arbiter has a name, a
 * role and sectors of boards ("1-20,41-60"), and a sign-in token kept
 * only as its SHA-256; a revocation is recorded beside the row, with its
 * reason, never deleted. A floor entry is what an arbiter sent from the
 * floor, once: its client-made id is unique, so a repeat finds the first
 * and its outcome. A call to the desk is answered by a row of its own. */
static const char schema_v11[] =
  "CREATE TABLE team_arbiter (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  name TEXT NOT NULL UNIQUE,\n"
  "  role TEXT NOT NULL CHECK (role IN ('floor', 'deputy', 'chief')),\n"
  "  sectors TEXT NOT NULL DEFAULT '',\n"
  "  token_sha256 TEXT NOT NULL UNIQUE,\n"
  "  added_at TEXT NOT NULL,\n"
  "  revoked_at TEXT,\n"
  "  revoke_reason TEXT,\n"
  "  CHECK ((revoked_at IS NULL) = (revoke_reason IS NULL))\n"
  ");\n"
  "CREATE TABLE floor_entry (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  client_id TEXT NOT NULL UNIQUE,\n"
  "  arbiter TEXT NOT NULL,\n"
  "  kind TEXT NOT NULL CHECK (kind IN ('result', 'call', 'incident', 'clock')),\n"
  "  round_no INTEGER NOT NULL CHECK (round_no >= 1),\n"
  "  board INTEGER NOT NULL CHECK (board >= 1),\n"
  "  body TEXT NOT NULL DEFAULT '',\n"
  "  outcome TEXT NOT NULL DEFAULT '',\n"
  "  recorded_at TEXT NOT NULL\n"
  ");\n"
  "CREATE TABLE desk_call_answer (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  entry_id INTEGER NOT NULL UNIQUE REFERENCES floor_entry (id),\n"
  "  answered_by TEXT NOT NULL,\n"
  "  answered_at TEXT NOT NULL\n"
  ");\n";

/* Version 12: replication (arb-tournament-replica.c). Each committed write
 * transaction's changeset, as SQLite's session extension records it, is
 * kept in replication_log under its sequence number and the event's epoch,
 * in the same transaction as the change, so that a deputy that reconnects
 * resumes from the last sequence number it applied. replica_state is one
 * row: the epoch (raised by a take-over), the last sequence number applied
 * from a chief, the file's role (the writing desk, a replica kept by a
 * deputy, or a former desk that became a reader), and why, with who took
 * over. */
static const char schema_v12[] =
  "CREATE TABLE replication_log (\n"
  "  seq INTEGER PRIMARY KEY CHECK (seq >= 1),\n"
  "  epoch INTEGER NOT NULL CHECK (epoch >= 1),\n"
  "  changeset BLOB NOT NULL,\n"
  "  committed_at TEXT NOT NULL\n"
  ");\n"
  "CREATE TABLE replica_state (\n"
  "  id INTEGER PRIMARY KEY CHECK (id = 1),\n"
  "  epoch INTEGER NOT NULL CHECK (epoch >= 1),\n"
  "  applied_seq INTEGER NOT NULL DEFAULT 0,\n"
  "  role TEXT NOT NULL DEFAULT 'desk' CHECK (role IN ('desk', 'replica', 'reader')),\n"
  "  arbiter TEXT,\n"
  "  reason TEXT,\n"
  "  changed_at TEXT\n"
  ");\n"
  "INSERT INTO replica_state (id, epoch) VALUES (1, 1);\n";

/* Version 13: the certificate the arbiters' service presents over HTTPS
 * (arb-tournament-certificate.c), PEM certificate and key, made for the
 * event or given by the organiser. The newest row is the one in use; a
 * new one supersedes it and the old rows stay. Being in the file, it
 * travels to the deputies' replicas with everything else, so a deputy
 * that takes over presents the certificate the phones already trust. */
static const char schema_v13[] = "CREATE TABLE event_certificate (\n"
                                 "  id INTEGER PRIMARY KEY,\n"
                                 "  origin TEXT NOT NULL CHECK (origin IN ('made', 'organiser')),\n"
                                 "  certificate_pem TEXT NOT NULL,\n"
                                 "  key_pem TEXT NOT NULL,\n"
                                 "  made_at TEXT NOT NULL\n"
                                 ");\n";

/* Version 14: what a deputy's desk writes through the chief's
 * (arb-tournament-desk-entry.c). The id the deputy made for each entry is
 * unique, so a resend applies nothing twice and gets the first outcome;
 * the entry is stored in the same transaction as the result or ruling it
 * applied. */
static const char schema_v14[] = "CREATE TABLE desk_entry (\n"
                                 "  id INTEGER PRIMARY KEY,\n"
                                 "  client_id TEXT NOT NULL UNIQUE,\n"
                                 "  arbiter TEXT NOT NULL,\n"
                                 "  kind TEXT NOT NULL CHECK (kind IN ('result', 'ruling')),\n"
                                 "  round_no INTEGER NOT NULL CHECK (round_no >= 1),\n"
                                 "  board INTEGER NOT NULL CHECK (board >= 1),\n"
                                 "  body TEXT NOT NULL DEFAULT '',\n"
                                 "  outcome TEXT NOT NULL DEFAULT '',\n"
                                 "  recorded_at TEXT NOT NULL\n"
                                 ");\n";

/* Version 15: what the desk records of a team's round besides a match
 * played (arb-tournament-match-entries.c): a team's bye, of its kind (U
 * pairing-allocated, F full-point, H half-point, Z zero-point), with the
 * match and game points it gives (TRF-2026 records 320 and 240), and a match
 * forfeited as a whole, by one team or by both (record 330), with the
 * game points each team is given. team_match keeps the pairing; a
 * forfeit names its row. A record is never changed: taking one back is a
 * row of kind 'cancel' that supersedes it, with the reason, each row at
 * most once, as player_entry does. Points are kept doubled (exact
 * halves). */
static const char schema_v15[] =
  "CREATE TABLE team_round_entry (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  kind TEXT NOT NULL CHECK (kind IN ('bye', 'forfeit', 'cancel')),\n"
  "  round_no INTEGER NOT NULL CHECK (round_no >= 1),\n"
  "  team TEXT CHECK (team IS NULL OR length (team) >= 1),\n"
  "  code TEXT CHECK (code IS NULL OR code IN ('U', 'F', 'H', 'Z')),\n"
  "  team_match_id INTEGER REFERENCES team_match (id),\n"
  "  winner TEXT CHECK (winner IS NULL OR winner IN ('home', 'away', 'none')),\n"
  "  match_points_x2 INTEGER CHECK (match_points_x2 IS NULL OR match_points_x2 BETWEEN 0 AND 4),\n"
  "  home_points_x2 INTEGER CHECK (home_points_x2 IS NULL OR home_points_x2 BETWEEN 0 AND 16),\n"
  "  away_points_x2 INTEGER CHECK (away_points_x2 IS NULL OR away_points_x2 BETWEEN 0 AND 16),\n"
  "  arbiter TEXT,\n"
  "  note TEXT,\n"
  "  supersedes INTEGER REFERENCES team_round_entry (id),\n"
  "  recorded_at TEXT NOT NULL,\n"
  "  CHECK ((kind = 'bye') = (team IS NOT NULL AND code IS NOT NULL)),\n"
  "  CHECK (kind <> 'bye' OR (match_points_x2 IS NOT NULL AND home_points_x2 IS NOT NULL)),\n"
  "  CHECK ((kind = 'forfeit') = (team_match_id IS NOT NULL)),\n"
  "  CHECK (kind <> 'forfeit' OR (winner IS NOT NULL AND home_points_x2 IS NOT NULL\n"
  "    AND away_points_x2 IS NOT NULL)),\n"
  "  CHECK ((kind = 'cancel') = (supersedes IS NOT NULL))\n"
  ");\n"
  "CREATE UNIQUE INDEX team_round_entry_supersedes ON team_round_entry (supersedes)\n"
  "  WHERE supersedes IS NOT NULL;\n"
  "CREATE INDEX team_round_entry_round ON team_round_entry (round_no);\n";

const char *
arb_schema_migration_sql (int to_version)
{
  switch (to_version)
    {
    case 1:
      return schema_v1;
    case 2:
      return schema_v2;
    case 3:
      return schema_v3;
    case 4:
      return schema_v4;
    case 5:
      return schema_v5;
    case 6:
      return schema_v6;
    case 7:
      return schema_v7;
    case 8:
      return schema_v8;
    case 9:
      return schema_v9;
    case 10:
      return schema_v10;
    case 11:
      return schema_v11;
    case 12:
      return schema_v12;
    case 13:
      return schema_v13;
    case 14:
      return schema_v14;
    case 15:
      return schema_v15;
    default:
      return NULL;
    }
}

static guint32
read_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

gboolean
arb_schema_read_header (const char *path, ArbSchemaHeader *header, GError **error)
{
  static const char magic[16] = "SQLite format 3";
  guint8 buf[100];
  GStatBuf st;
  FILE *f;
  size_t n;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (header != NULL, FALSE);

  memset (header, 0, sizeof *header);

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      g_set_error (error, ARB_TOURNAMENT_ERROR,
                   saved == ENOENT ? ARB_TOURNAMENT_ERROR_NOT_FOUND : ARB_TOURNAMENT_ERROR_IO,
                   "%s: %s", path, g_strerror (saved));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NOT_ARBITER,
                   /* Translators: %s is a file's path */
                   _ ("%s: not a regular file"), path);
      return FALSE;
    }
  header->file_size = st.st_size;
  if (st.st_size == 0)
    {
      header->kind = ARB_SCHEMA_FILE_EMPTY;
      return TRUE;
    }

  f = fopen (path, "rb");
  if (f == NULL)
    {
      int saved = errno;
      g_set_error (error, ARB_TOURNAMENT_ERROR,
                   saved == EACCES ? ARB_TOURNAMENT_ERROR_PERMISSION : ARB_TOURNAMENT_ERROR_IO,
                   /* Translators: the first %s is a file's path, the second the system's message */
                   _ ("%s: cannot read: %s"), path, g_strerror (saved));
      return FALSE;
    }
  n = fread (buf, 1, sizeof buf, f);
  fclose (f);

  if (n < sizeof buf || memcmp (buf, magic, sizeof magic) != 0)
    {
      header->kind = ARB_SCHEMA_FILE_NOT_SQLITE;
      return TRUE;
    }

  header->page_size = ((gsize) buf[16] << 8) | buf[17];
  if (header->page_size == 1)
    header->page_size = 65536;
  header->page_count = read_be32 (buf + 28);
  header->user_version = read_be32 (buf + 60);
  header->application_id = read_be32 (buf + 68);

  /* SQLite trusts the size in the header only when the change counter
   * (offset 24) equals "version-valid-for" (offset 92); with pages still
   * in a WAL, a checkpoint may have been cut short, so the size is not
   * judged then either. */
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    GStatBuf wal_st;
    header->wal_pending = g_stat (wal, &wal_st) == 0 && wal_st.st_size > 0;
    header->page_count_valid = !header->wal_pending && header->page_count > 0 &&
                               read_be32 (buf + 24) == read_be32 (buf + 92);
  }
  header->kind = header->application_id == ARB_SCHEMA_APPLICATION_ID ? ARB_SCHEMA_FILE_ARBITER
                                                                     : ARB_SCHEMA_FILE_FOREIGN;
  return TRUE;
}

static gboolean
exec_sql (sqlite3 *db, const char *sql, int to_version, GError **error)
{
  char *msg = NULL;

  int rc = sqlite3_exec (db, sql, NULL, NULL, &msg);

  if (rc != SQLITE_OK)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR,
                   (rc & 0xff) == SQLITE_FULL ? ARB_TOURNAMENT_ERROR_FULL : ARB_TOURNAMENT_ERROR_IO,
                   /* Translators: the last %s is SQLite's own message, in English */
                   _ ("migrating the schema to version %d failed: %s"), to_version,
                   msg != NULL ? msg : sqlite3_errmsg (db));
      sqlite3_free (msg);
      return FALSE;
    }
  return TRUE;
}

/* The moves of version 2 as codes: each game is replayed from its start
 * position, reading each move's UCI. */
static gboolean
copy_moves_v3 (sqlite3 *db, GError **error)
{
  sqlite3_stmt *games = NULL;
  sqlite3_stmt *moves = NULL;
  sqlite3_stmt *insert = NULL;
  gboolean ok = FALSE;
  int rc;

  if (sqlite3_prepare_v2 (db, "SELECT id, start_fen, round_no, board FROM game ORDER BY id", -1,
                          &games, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (db,
                          "SELECT ply, uci, white_ms, black_ms, played_at FROM move "
                          "WHERE game_id = ? ORDER BY ply",
                          -1, &moves, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (db, "INSERT INTO move_v3 VALUES (?, ?, ?, ?, ?, ?)", -1, &insert, NULL) !=
        SQLITE_OK)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_IO,
                   /* Translators: the last %s is SQLite's own message, in English */
                   _ ("migrating the schema to version 3 failed: %s"), sqlite3_errmsg (db));
      goto out;
    }

  while ((rc = sqlite3_step (games)) == SQLITE_ROW)
    {
      gint64 game_id = sqlite3_column_int64 (games, 0);
      const char *fen = (const char *) sqlite3_column_text (games, 1);
      ArbPosition pos;

      if (fen == NULL)
        arb_position_set_start (&pos);
      else if (!arb_position_set_fen (&pos, fen, ARB_FEN_FLAGS_NONE, NULL) &&
               !arb_position_set_fen (&pos, fen, ARB_FEN_CHESS960, NULL))
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                       _ ("migrating the schema to version 3 failed: round %d board %d: the stored "
                          "start position cannot be read"),
                       sqlite3_column_int (games, 2), sqlite3_column_int (games, 3));
          goto out;
        }
      sqlite3_reset (moves);
      sqlite3_bind_int64 (moves, 1, game_id);
      while ((rc = sqlite3_step (moves)) == SQLITE_ROW)
        {
          const char *uci = (const char *) sqlite3_column_text (moves, 1);
          ArbMove move = uci != NULL ? arb_move_parse_uci (&pos, uci, strlen (uci)) : ARB_MOVE_NONE;
          ArbUndo undo;

          if (move == ARB_MOVE_NONE)
            {
              g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                           _ ("migrating the schema to version 3 failed: round %d board %d: ply %d "
                              "(%s) is not a legal move; the file was not changed"),
                           sqlite3_column_int (games, 2), sqlite3_column_int (games, 3),
                           sqlite3_column_int (moves, 0), uci != NULL ? uci : "");
              goto out;
            }
          sqlite3_reset (insert);
          sqlite3_bind_int64 (insert, 1, game_id);
          sqlite3_bind_value (insert, 2, sqlite3_column_value (moves, 0));
          sqlite3_bind_int64 (insert, 3, arb_move_code_make (&pos, move));
          sqlite3_bind_value (insert, 4, sqlite3_column_value (moves, 2));
          sqlite3_bind_value (insert, 5, sqlite3_column_value (moves, 3));
          sqlite3_bind_value (insert, 6, sqlite3_column_value (moves, 4));
          if (sqlite3_step (insert) != SQLITE_DONE)
            {
              rc = sqlite3_errcode (db);
              break;
            }
          arb_position_make_move (&pos, move, &undo);
        }
      if (rc != SQLITE_DONE)
        break;
    }
  if (rc != SQLITE_DONE)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR,
                   (rc & 0xff) == SQLITE_FULL ? ARB_TOURNAMENT_ERROR_FULL : ARB_TOURNAMENT_ERROR_IO,
                   /* Translators: the last %s is SQLite's own message, in English */
                   _ ("migrating the schema to version 3 failed: %s"), sqlite3_errmsg (db));
      goto out;
    }
  ok = TRUE;

out:
  sqlite3_finalize (games);
  sqlite3_finalize (moves);
  sqlite3_finalize (insert);
  return ok;
}

/* The rows of version 4, a game at a time, into the arrays of version 5
 * (the moves themselves are not replayed: version 4 already holds codes). */
static gboolean
copy_moves_v5 (sqlite3 *db, GError **error)
{
  sqlite3_stmt *moves = NULL;
  sqlite3_stmt *insert = NULL;
  ArbGameMoves list;
  gint64 game_id = 0;
  int expected = 1;
  gboolean ok = FALSE;
  int rc;

  _arb_game_moves_init (&list);
  if (sqlite3_prepare_v2 (db,
                          "SELECT m.game_id, m.ply, m.code, m.white_ms, m.black_ms, m.played_at, "
                          "g.round_no, g.board FROM move m JOIN game g ON g.id = m.game_id "
                          "ORDER BY m.game_id, m.ply",
                          -1, &moves, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (db, ARB_GAME_MOVES_INSERT_SQL, -1, &insert, NULL) != SQLITE_OK)
    goto sqlite_error;

  for (;;)
    {
      gboolean done;

      rc = sqlite3_step (moves);
      if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        goto sqlite_error;
      done = rc == SQLITE_DONE;
      if (list.n > 0 && (done || sqlite3_column_int64 (moves, 0) != game_id))
        {
          sqlite3_reset (insert);
          sqlite3_bind_int64 (insert, 1, game_id);
          _arb_game_moves_bind (&list, insert, 2);
          if (sqlite3_step (insert) != SQLITE_DONE)
            goto sqlite_error;
          _arb_game_moves_reset (&list);
          expected = 1;
        }
      if (done)
        break;
      game_id = sqlite3_column_int64 (moves, 0);
      if (sqlite3_column_int (moves, 1) != expected)
        {
          g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_CORRUPT,
                       _ ("migrating the schema to version 5 failed: round %d board %d: ply %d is "
                          "missing; the file was not changed"),
                       sqlite3_column_int (moves, 6), sqlite3_column_int (moves, 7), expected);
          goto out;
        }
      expected++;
      {
        const char *played_at = (const char *) sqlite3_column_text (moves, 5);
        gint64 played_us = 0;

        if (played_at == NULL || !arb_tournament_parse_wall_time (played_at, &played_us))
          played_us = 0;
        _arb_game_moves_append (
          &list, (ArbMoveCode) sqlite3_column_int64 (moves, 2),
          sqlite3_column_type (moves, 3) == SQLITE_NULL ? -1 : sqlite3_column_int64 (moves, 3),
          sqlite3_column_type (moves, 4) == SQLITE_NULL ? -1 : sqlite3_column_int64 (moves, 4),
          played_us, played_us != 0 ? played_at : NULL);
      }
    }
  ok = TRUE;
  goto out;

sqlite_error:
  g_set_error (error, ARB_TOURNAMENT_ERROR,
               (sqlite3_errcode (db) & 0xff) == SQLITE_FULL ? ARB_TOURNAMENT_ERROR_FULL
                                                            : ARB_TOURNAMENT_ERROR_IO,
               /* Translators: the last %s is SQLite's own message, in English */
               _ ("migrating the schema to version 5 failed: %s"), sqlite3_errmsg (db));
out:
  sqlite3_finalize (moves);
  sqlite3_finalize (insert);
  _arb_game_moves_clear (&list);
  return ok;
}

static gboolean
migrate_step (sqlite3 *db, int to_version, GError **error)
{
  switch (to_version)
    {
    case 3:
      return exec_sql (db, schema_v3_before, 3, error) && copy_moves_v3 (db, error) &&
             exec_sql (db, schema_v3_after, 3, error);
    case 5:
      return exec_sql (db, schema_v5_before, 5, error) && copy_moves_v5 (db, error) &&
             exec_sql (db, schema_v5_after, 5, error);
    default:
      return exec_sql (db, arb_schema_migration_sql (to_version), to_version, error);
    }
}

gboolean
_arb_schema_migrate (sqlite3 *db, int from_version, GError **error)
{
  g_autofree char *pragma = NULL;

  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (from_version >= 0 && from_version <= ARB_SCHEMA_VERSION, FALSE);

  if (from_version == ARB_SCHEMA_VERSION)
    return TRUE;

  if (!exec_sql (db, "BEGIN IMMEDIATE", from_version + 1, error))
    return FALSE;

  /* Another program may have upgraded the file while we waited for the
   * write lock: start from what the file says now. */
  {
    sqlite3_stmt *stmt = NULL;

    if (sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &stmt, NULL) == SQLITE_OK &&
        sqlite3_step (stmt) == SQLITE_ROW)
      from_version = MAX (from_version, sqlite3_column_int (stmt, 0));
    sqlite3_finalize (stmt);
  }
  if (from_version >= ARB_SCHEMA_VERSION)
    return exec_sql (db, "COMMIT", ARB_SCHEMA_VERSION, error);

  for (int v = from_version + 1; v <= ARB_SCHEMA_VERSION; v++)
    if (!migrate_step (db, v, error))
      goto fail;

  /* Both pragmas take integer literals only; nothing here comes from the
   * user. */
  pragma = g_strdup_printf ("PRAGMA application_id = %d; PRAGMA user_version = %d;",
                            (int) ARB_SCHEMA_APPLICATION_ID, ARB_SCHEMA_VERSION);
  if (!exec_sql (db, pragma, ARB_SCHEMA_VERSION, error))
    goto fail;

  if (!exec_sql (db, "COMMIT", ARB_SCHEMA_VERSION, error))
    goto fail;

  return TRUE;

fail:
  sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
  return FALSE;
}
