/* arb-test-utils.h: fixtures shared by the tests
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-game.h"
#include "arb-standings.h"
#include "arb-time-control.h"
#include "arb-trf.h"
#include "arb-tournament-teams.h"
#include "arb-tournament.h"

G_BEGIN_DECLS

/* A path NAME inside a new temporary directory of its own, removed with
 * what it holds when the test program exits normally. A test that can
 * should use an ArbTestTemp, removed as the test ends. */
char *arb_test_temp_path (const char *name);

/* Removes PATH and, when it is a directory, all it holds; links are
 * removed, never followed. */
void arb_test_remove_tree (const char *path);

/* A test's own temporary directory, removed with everything in it. As a
 * GTest fixture:
 *   g_test_add ("/cli/x/y", ArbTestTemp, NULL, arb_test_temp_setup, test_y,
 *               arb_test_temp_teardown);
 * or by hand, with g_auto (ArbTestTemp) temp = ARB_TEST_TEMP_INIT and
 * arb_test_temp_setup (&temp, NULL). */
typedef struct
{
  char *dir;
  /* DIR/tournament.arbiter, not made: where a test creates its file. */
  char *tournament;
} ArbTestTemp;

#define ARB_TEST_TEMP_INIT \
  {                        \
    NULL, NULL             \
  }

void arb_test_temp_setup (ArbTestTemp *temp, gconstpointer data);
void arb_test_temp_teardown (ArbTestTemp *temp, gconstpointer data);
void arb_test_temp_clear (ArbTestTemp *temp);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ArbTestTemp, arb_test_temp_clear)

/* A demo round in an ArbTestTemp, opened: as a GTest fixture, DATA the
 * number of boards (GUINT_TO_POINTER), NULL for the demo's own number. */
typedef struct
{
  ArbTestTemp temp;
  char *path; /* DIR/demo.arbiter */
  ArbTournament *tournament;
  ArbTimeControl tc; /* the demo's time control */
} ArbTestDemo;

void arb_test_demo_setup (ArbTestDemo *demo, gconstpointer data);
void arb_test_demo_teardown (ArbTestDemo *demo, gconstpointer data);

/* Adds a player with start number NO and NAME; returns its id. */
gint64 arb_test_add_player (ArbTournament *t, int no, const char *name);

/* Adds a rated game of ROUND at BOARD with RESULT; BLACK 0 makes it
 * WHITE's pairing-allocated bye (TRF code U). Returns its id. */
gint64 arb_test_add_game (ArbTournament *t,
                          int round,
                          int board,
                          gint64 white,
                          gint64 black,
                          ArbResult result);

/* A rated game of ROUND at BOARD between two new players, WHITE rated
 * 2200 and BLACK 2100 (no start numbers); returns the game's id. */
gint64 arb_test_add_board (ArbTournament *t,
                           int round,
                           int board,
                           const char *white,
                           const char *black);

/* Plays SAN as the next move of GAME (the clocks' remaining times in ms
 * after it, -1 for none); returns the ply it was stored as. */
int arb_test_play_san (ArbTournament *t,
                       gint64 game,
                       const char *san,
                       gint64 white_ms,
                       gint64 black_ms);

/* The CLI tests' round 1, players 1 to 6: board 1 Jansen–Öberg, board 2
 * Ekström–Lindqvist (0-1 stored), board 3 Hansen–Åkesson; BOARD[1..3]
 * receive the games' ids. */
void arb_test_add_round_of_three (ArbTournament *t, gint64 *board);

/* That round in a new tournament file, closed, as the fixture of the
 * commands that change it (board, result). */
typedef struct
{
  char *path;
  gint64 board[4];
} ArbTestRoundOfThree;

void arb_test_round_of_three_setup (ArbTestRoundOfThree *f, gconstpointer data);
void arb_test_round_of_three_teardown (ArbTestRoundOfThree *f, gconstpointer data);

/* Game ID as another program reads the file at PATH (asserted there). */
ArbGameInfo *arb_test_stored_game (const char *path, gint64 id);

/* The round the tests of outside sources follow: round 1 of N_BOARDS
 * boards, board N "White N" – "Black N" (rated, no ratings), the event's
 * time control made TIME_CONTROL first unless it is NULL. IDS (may be
 * NULL) receive the games' ids, IDS[1..N_BOARDS]. */
void arb_test_add_numbered_round (ArbTournament *t,
                                  const char *time_control,
                                  guint n_boards,
                                  gint64 *ids);

/* A player with start number NO, NAME and RATING (0: unrated); returns
 * its id. */
gint64 arb_test_add_rated_player (ArbTournament *t, int no, const char *name, int rating);

/* A game of a round by the players' start numbers: BLACK 0 is WHITE's
 * bye, BYE its TRF code ("H", "Z", "U", …). */
typedef struct
{
  int round;
  int board;
  int white;
  int black;
  ArbResult result;
  const char *bye;
} ArbTestPairing;

/* Adds the N_PAIRINGS games (rated), the players found in IDS by start
 * number. */
void arb_test_add_pairings (ArbTournament *t,
                            const gint64 *ids,
                            const ArbTestPairing *pairings,
                            guint n_pairings);

/* The standings tests' Swiss of six, three rounds (start numbers; ratings
 * 2400 for 1 down to 1900 for 6):
 *   R1: 1–4 1-0, 2–5 ½-½, 3–6 0-1
 *   R2: 2–1 0-1, 3–4 +/- (4 forfeits), 6 a half-point bye (H), 5 a
 *       zero-point bye (Z)
 *   R3: 6–1 ½-½, 2–3 1-0, 5–4 0-1
 * NAMES[1..6] name the players; IDS[1..6] receive their ids. Each test
 * that uses it works its expected values out in its own comment. */
void arb_test_add_swiss_of_six (ArbTournament *t, const char *const *names, gint64 *ids);

/* The round robin of four, P1 to P4 unrated, Berger rounds:
 *   R1: 1–4 0-1, 2–3 1-0   R2: 4–3 1-0, 1–2 1-0   R3: 2–4 1-0, 3–1 1-0
 * IDS[1..4] receive the ids. */
void arb_test_add_robin_of_four (ArbTournament *t, gint64 *ids);

/* Appends to MATCHES (ArbTeamMatchInfo) a match of ROUND between HOME
 * and AWAY over four boards, FINISHED of them with a result, each team's
 * game points so far times two. */
void arb_test_add_team_match (GPtrArray *matches,
                              int round,
                              const char *home,
                              const char *away,
                              int home_x2,
                              int away_x2,
                              int finished);

/* The row of start number START_NO in ROWS (ArbStandingsRow); a test
 * fails where there is none. */
const ArbStandingsRow *arb_test_standings_row (GPtrArray *rows, int start_no);

/* Installs the compiled catalog MO as LANGUAGE's in TEMP's directory and
 * makes it the program's: C.UTF-8 with LANGUAGE set, the text domain bound
 * there. For a test's own subprocess: the locale stays in it. */
void arb_test_use_catalog (const ArbTestTemp *temp, const char *language, const char *mo);

/* The path of NAME in the directory (not made). */
char *arb_test_temp_file (const ArbTestTemp *temp, const char *name);

/* A new tournament file at TEMP's tournament path (edition 2023). */
ArbTournament *arb_test_temp_new_tournament (const ArbTestTemp *temp);

/* Writes CONTENTS to NAME in the directory; returns its path. */
char *arb_test_temp_write (const ArbTestTemp *temp, const char *name, const char *contents);

/* TRUE, after g_test_skip(), when ARBITER_CLI does not name the program. */
gboolean arb_test_skip_without_cli (void);

/* One run of arbiter-cli: what it wrote and how it ended. */
typedef struct
{
  char *out;
  char *err;
  /* The exit status, or -1 when it did not exit (a signal). */
  int status;
} ArbTestCliRun;

void arb_test_cli_run_clear (ArbTestCliRun *run);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ArbTestCliRun, arb_test_cli_run_clear)

/* Runs arbiter-cli (ARBITER_CLI) with ARGS (NULL-terminated) in ENV (its
 * whole environment; NULL: the test's own), STDIN_TEXT (NULL: empty) on its
 * standard input, and fills RUN. Returns FALSE, after g_test_skip(), when
 * ARBITER_CLI is not set. The input comes from a file, not a pipe, so a
 * command that exits before it reads everything is no broken pipe. */
gboolean arb_test_cli (ArbTestCliRun *run,
                       const char *const *env,
                       const char *stdin_text,
                       const char *const *args);

/* Runs arbiter-cli with ARGS and STDIN_TEXT (NULL: empty) and asserts that
 * it exits 0; returns its standard output, NULL after a skip. */
char *arb_test_cli_ok (const char *const *args, const char *stdin_text);

/* Makes TEMP's tournament with arbiter-cli new (named NAME) and imports
 * the PGN text PAIRINGS into it, the way an arbiter starts a round.
 * FALSE, after a skip, without the program. */
gboolean arb_test_temp_cli_tournament (const ArbTestTemp *temp,
                                       const char *name,
                                       const char *pairings);

/* The same in the test's environment with the INPUT_LEN bytes of INPUT,
 * which may hold NUL bytes, on standard input. */
gboolean arb_test_cli_input (ArbTestCliRun *run,
                             const char *input,
                             gsize input_len,
                             const char *const *args);

/* The same in the test's environment, the arguments one by one. */
gboolean arb_test_cli_args (ArbTestCliRun *run, const char *stdin_text, ...) G_GNUC_NULL_TERMINATED;

/* A new tournament file in a temporary directory (edition 2023), with its
 * path in PATH_OUT when not NULL (see arb_test_temp_path()). */
ArbTournament *arb_test_new_tournament (char **path_out);

/* The file at PATH opened again, as another program would: a new
 * connection (asserted to open). */
ArbTournament *arb_test_open (const char *path);

/* Asserts that GOT has every field of WANT but the players' ranks, which
 * a pairing program computes with its tie-breaks: the players with their
 * rounds, the round dates and the other records in their order. */
void arb_test_assert_same_trf (const ArbTrf *got, const ArbTrf *want);

/* Imports the TRF file tests/data/NAME into T (asserted to import). */
void arb_test_import_trf_fixture (ArbTournament *t, const char *name);

/* A copy of the tournament file tests/data/NAME in a temporary
 * directory, opened (and so migrated); its path in PATH_OUT when not
 * NULL. */
ArbTournament *arb_test_open_fixture_copy (const char *name, char **path_out);

/* Board BOARD of round 1 in T, loaded under TC and the Laws of 2023
 * (asserted to load). */
ArbGame *arb_test_load_board (ArbTournament *t, int board, const ArbTimeControl *tc);

/* The contents of tests/data/NAME (asserted readable). */
char *arb_test_read_fixture (const char *name, gsize *length);

/* Reads a FEN of the external oracles' sets: a few are not positions of a
 * game (more promoted men than missing pawns) or lack fields, so they are
 * read permissively, then with "- -" for missing castling and en passant
 * fields. @permissive (may be NULL) is set when the strict reading failed. */
gboolean arb_test_read_oracle_fen (ArbPosition *pos, const char *fen, gboolean *permissive);

/* The path of SUBPATH in the external test data (ARB_TESTDATA), or NULL,
 * after g_test_skip() saying so, when it is absent. */
char *arb_test_testdata (const char *subpath);

/* Iterates the thread-default main context until CHECK (DATA) holds; a
 * hang guard of 30 s, not a timed assertion. */
void arb_test_spin_until (gboolean (*check) (gpointer data), gpointer data);

/* The deputies' authorizer of the tests that serve the replica: TOKEN
 * is a chief's or a deputy's of TOURNAMENT's team (an ArbTournament),
 * whose name goes to ARBITER_NAME; a floor arbiter's is refused. */
gboolean arb_test_authorize_deputy (const char *token, char **arbiter_name, gpointer tournament);

/* Runs SQL on the file at PATH behind the tournament's back, its CHECK
 * constraints off: the damaged or hostile file a test opens next
 * (asserted to run). */
void arb_test_corrupt (const char *path, const char *sql);

/* Fails the test, showing HAYSTACK, when NEEDLE is not in it. */
void arb_test_assert_contains (const char *haystack, const char *needle);

/* SHA-256 of a file's bytes. */
char *arb_test_checksum (const char *path);

/* Runs arbiter-cli (ARBITER_CLI) with ARGS (NULL-terminated), feeding
 * STDIN_TEXT (an empty standard input when NULL); returns its standard output and sets the exit
 * status (-1 when it did not exit). NULL, after a skip, when ARBITER_CLI is
 * not set. Standard error goes to ERR_OUT when not NULL. */
char *arb_test_run_cli (const char *const *args,
                        const char *stdin_text,
                        int *exit_status,
                        char **err_out);

G_END_DECLS
