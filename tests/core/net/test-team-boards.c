/* test-team-boards.c: the floor page's boards, kept between requests
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * /api/boards answered from positions kept while the file does not
 * change must be byte for byte the answer of replaying every game: after
 * moves, a result, a take-back, a call, and a move another connection
 * stored. Each game is replayed again only after a change. And the
 * language a phone gets the page in.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-floor-entry.h"
#include "arb-floor-page.h"
#include "arb-position.h"
#include "arb-san.h"
#include "arb-team-boards.h"
#include "arb-test-utils.h"
#include "arb-tournament-team.h"

#define BOARDS 4

typedef struct
{
  char *path;
  ArbTournament *t;
  ArbTeamBoards *boards;
  ArbTeamArbiter *arbiter;
  gint64 games[BOARDS];
} Fixture;

static void
play (ArbTournament *t, gint64 game, const char *san, gint64 white_ms, gint64 black_ms)
{
  arb_test_play_san (t, game, san, white_ms, black_ms);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *token = NULL;

  f->t = arb_test_new_tournament (&f->path);
  for (int b = 0; b < BOARDS; b++)
    {
      gint64 white = arb_test_add_player (f->t, 2 * b + 1, "White, Player");
      gint64 black = arb_test_add_player (f->t, 2 * b + 2, "Black, Player");

      f->games[b] = arb_test_add_game (f->t, 1, b + 1, white, black, ARB_RESULT_ONGOING);
    }
  play (f->t, f->games[0], "e4", 5400000, -1);
  play (f->t, f->games[0], "e5", 5400000, 5390000);
  play (f->t, f->games[1], "d4", -1, -1);
  g_assert_true (
    arb_tournament_add_arbiter (f->t, "Ana", ARB_TEAM_ROLE_DEPUTY, NULL, &token, &error));
  g_assert_no_error (error);
  f->arbiter = arb_tournament_find_arbiter_by_token (f->t, token, &error);
  g_assert_no_error (error);
  f->boards = arb_team_boards_new (f->t);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  arb_team_boards_free (f->boards);
  arb_team_arbiter_free (f->arbiter);
  g_object_unref (f->t);
  g_unlink (f->path);
  g_free (f->path);
}

/* The kept answer is the replayed one; returns how many games were
 * replayed for it. */
static guint
check (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  guint before = arb_team_boards_get_replays (f->boards);
  g_autofree char *kept = arb_team_boards_get_json (f->boards, f->arbiter, &error);
  g_autofree char *replayed = NULL;

  g_assert_no_error (error);
  replayed = arb_team_boards_json (f->t, f->arbiter, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kept, ==, replayed);
  return arb_team_boards_get_replays (f->boards) - before;
}

static void
test_same_answer (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbFloorRecord) stored = NULL;
  g_autoptr (ArbTournament) other = NULL;
  ArbFloorSubmission call = {
    .client_id = "call-1", .kind = ARB_FLOOR_CALL, .round = 1, .board = 3, .text = "here"
  };
  gboolean repeat = FALSE;

  g_assert_cmpuint (check (f), ==, BOARDS);
  g_assert_cmpuint (check (f), ==, 0); /* nothing changed: nothing replayed */

  /* A move through this connection: that game only. */
  play (f->t, f->games[1], "d5", 5000000, 5100000);
  g_assert_cmpuint (check (f), ==, 1);
  play (f->t, f->games[2], "c4", -1, -1);
  play (f->t, f->games[3], "Nf3", -1, -1);
  g_assert_cmpuint (check (f), ==, 2);

  /* A result is read every time; the moves did not change. */
  g_assert_true (
    arb_tournament_set_result (f->t, f->games[3], ARB_RESULT_BLACK_WINS, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (check (f), <=, 1);

  /* A take-back. */
  g_assert_true (arb_tournament_truncate_moves (f->t, f->games[0], 1, "illegal move", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (check (f), >=, 1);
  g_assert_cmpuint (check (f), ==, 0);

  /* A call: an alert, read every time. */
  g_assert_true (arb_floor_entry_submit (f->t, f->arbiter, &call, &stored, &repeat, &error));
  g_assert_no_error (error);
  check (f);
  g_assert_cmpuint (check (f), ==, 0);

  /* Another connection's move: this one hears nothing of it but the
   * file's data_version. */
  other = arb_tournament_open (f->path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  play (other, f->games[2], "e5", 4000000, 4000000);
  g_assert_cmpuint (check (f), >=, 1);
  g_assert_cmpuint (check (f), ==, 0);
}

static void
test_choose_language (void)
{
  g_assert_cmpstr (arb_floor_page_choose_language (NULL, "sv-SE,sv;q=0.9,en;q=0.8"), ==, "sv");
  g_assert_cmpstr (arb_floor_page_choose_language (NULL, "de-DE, nl;q=0.5, en;q=0.2"), ==, "nl");
  g_assert_cmpstr (arb_floor_page_choose_language (NULL, "en;q=0.1, da;q=0.7"), ==, "da");
  g_assert_cmpstr (arb_floor_page_choose_language (NULL, "sv;q=0, nb"), ==, "nb");
  g_assert_cmpstr (arb_floor_page_choose_language (NULL, "no"), ==, "nb");
  g_assert_cmpstr (arb_floor_page_choose_language (NULL, "fr-FR, de"), ==, "en");
  g_assert_cmpstr (arb_floor_page_choose_language (NULL, ""), ==, "en");
  g_assert_cmpstr (arb_floor_page_choose_language (NULL, NULL), ==, "en");
  /* The choice made on the page comes first; an unknown one counts not. */
  g_assert_cmpstr (arb_floor_page_choose_language ("a=b; arb-floor-lang=nl", "sv"), ==, "nl");
  g_assert_cmpstr (arb_floor_page_choose_language ("arb-floor-lang=zz", "da"), ==, "da");
  g_assert_cmpstr (arb_floor_page_choose_language ("arb-floor-lang=en", "da"), ==, "en");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();
  g_test_add ("/net/team-boards/same-answer", Fixture, NULL, fixture_setup, test_same_answer,
              fixture_teardown);
  g_test_add_func ("/net/team-boards/choose-language", test_choose_language);
  return g_test_run ();
}
