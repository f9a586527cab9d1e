/* test-trf.c: TRF16 reading, writing, import and export
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-tournament-trf.h"
#include "arb-test-utils.h"
#include "arb-tournament-private.h"

/* tests/data/swiss-5.trf was laid out by hand (column by column from
 * the TRF16 description): five players, three rounds, with a draw, a
 * forfeit, an unrated win (W/L), a ½-0 result and the byes U, H and Z.
 * Points and ranks in it were counted by hand. */
static char *
read_fixture (const char *name, gsize *length)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);
  char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &text, length, &error);
  g_assert_no_error (error);
  return text;
}

static char *
temp_path (const char *name)
{
  return arb_test_temp_path (name);
}

static ArbTournament *
new_tournament (char **path_out)
{
  g_autoptr (GError) error = NULL;
  ArbEventInfo event = { .name = (char *) "Placeholder", .edition = 2023 };
  char *path = temp_path ("t.arbiter");
  ArbTournament *t = arb_tournament_create (path, &event, &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  *path_out = path;
  return t;
}

static void
test_parse_fixture (void)
{
  g_autoptr (GError) error = NULL;
  gsize length;
  g_autofree char *text = read_fixture ("swiss-5.trf", &length);
  g_autoptr (ArbTrf) trf = arb_trf_parse (text, length, &error);
  const ArbTrfPlayer *p;
  const ArbTrfRound *r;

  g_assert_no_error (error);
  g_assert_cmpuint (trf->players->len, ==, 5);
  g_assert_cmpuint (trf->round_dates->len, ==, 3);
  g_assert_cmpstr (trf->round_dates->pdata[1], ==, "26/03/02");

  p = trf->players->pdata[2];
  g_assert_cmpint (p->start_no, ==, 3);
  g_assert_cmpstr (p->name, ==, "de Vries, Jan");
  g_assert_cmpstr (p->title, ==, "FM");
  g_assert_cmpint (p->sex, ==, 'm');
  g_assert_cmpint (p->rating, ==, 2310);
  g_assert_cmpstr (p->federation, ==, "NED");
  g_assert_cmpint (p->fide_id, ==, 1000003);
  g_assert_cmpstr (p->birth_date, ==, "2001/07/30");
  g_assert_cmpint (p->points_x2, ==, 1);
  g_assert_cmpint (p->rank, ==, 5);
  g_assert_cmpuint (p->rounds->len, ==, 3);
  r = &g_array_index (p->rounds, ArbTrfRound, 2);
  g_assert_cmpint (r->opponent, ==, 5);
  g_assert_cmpint (r->colour, ==, 'b');
  g_assert_cmpint (r->result, ==, 'L');

  p = trf->players->pdata[4];
  g_assert_cmpstr (p->name, ==, "Olsen, Per");
  g_assert_cmpint (p->rating, ==, 0);
  g_assert_cmpint (p->fide_id, ==, 0);
  g_assert_cmpstr (p->title, ==, "");
  r = &g_array_index (p->rounds, ArbTrfRound, 0);
  g_assert_cmpint (r->opponent, ==, 0);
  g_assert_cmpint (r->result, ==, 'U');
}

static void
test_write_round_trip (void)
{
  g_autoptr (GError) error = NULL;
  gsize length;
  g_autofree char *text = read_fixture ("swiss-5.trf", &length);
  g_autoptr (ArbTrf) trf = arb_trf_parse (text, length, &error);
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  written = arb_trf_write (trf);
  g_assert_cmpstr (written, ==, text);
}

typedef struct
{
  int round, board;
  const char *white, *black, *result;
  gboolean rated;
  const char *bye;
} ExpectedGame;

/* Boards follow the better starting rank of each pair, byes last. */
static const ExpectedGame expected_games[] = {
  { 1, 1, "Andersen, Lars", "Svensson, Karin", "1-0", TRUE, NULL },
  { 1, 2, "Berg, Ingrid", "de Vries, Jan", "1/2-1/2", TRUE, NULL },
  { 1, 3, "Olsen, Per", NULL, "1-0", TRUE, "U" },
  { 2, 1, "de Vries, Jan", "Andersen, Lars", "0-1", TRUE, NULL },
  { 2, 2, "Svensson, Karin", "Olsen, Per", "+/-", TRUE, NULL },
  { 2, 3, "Berg, Ingrid", NULL, "1/2-0", TRUE, "H" },
  { 3, 1, "Andersen, Lars", "Berg, Ingrid", "1/2-0", TRUE, NULL },
  { 3, 2, "Olsen, Per", "de Vries, Jan", "1-0", FALSE, NULL },
  { 3, 3, "Svensson, Karin", NULL, "0-0", TRUE, "Z" },
};

static const char *
player_name (GPtrArray *players, gint64 id)
{
  for (guint i = 0; i < players->len; i++)
    if (((ArbPlayerInfo *) players->pdata[i])->id == id)
      return ((ArbPlayerInfo *) players->pdata[i])->name;
  return NULL;
}

static void
test_import_export (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = new_tournament (&path);
  gsize length;
  g_autofree char *text = read_fixture ("swiss-5.trf", &length);
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (ArbEventInfo) event = NULL;
  g_autofree char *exported = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (arb_tournament_import_trf (t, text, length, 0, &error));
  g_assert_no_error (error);

  event = arb_tournament_get_event (t, &error);
  g_assert_cmpstr (event->name, ==, "Arbiter Test Open 2026");
  g_assert_cmpstr (event->venue, ==, "Aarhus");
  g_assert_cmpstr (event->chief_arbiter, ==, "IA Test Arbiter");

  players = arb_tournament_list_players (t, &error);
  g_assert_cmpuint (players->len, ==, 5);
  games = arb_tournament_list_games (t, 0, &error);
  g_assert_cmpuint (games->len, ==, G_N_ELEMENTS (expected_games));
  for (guint i = 0; i < games->len; i++)
    {
      const ArbGameInfo *g = games->pdata[i];
      const ExpectedGame *e = &expected_games[i];

      g_assert_cmpint (g->round, ==, e->round);
      g_assert_cmpint (g->board, ==, e->board);
      g_assert_cmpstr (player_name (players, g->white_id), ==, e->white);
      g_assert_cmpstr (player_name (players, g->black_id), ==, e->black);
      g_assert_cmpstr (arb_result_to_string (g->result), ==, e->result);
      g_assert_cmpint (g->rated, ==, e->rated);
      g_assert_cmpstr (g->bye_code, ==, e->bye);
    }

  g_assert_true (arb_tournament_check (t, problems, &error));
  g_assert_cmpuint (problems->len, ==, 0);

  /* Export gives the file back, points and ranks included. */
  exported = arb_tournament_export_trf (t, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (exported, ==, text);
}

/* Replaces `from` by `to` (same length) in the fixture's line `line`. */
static char *
damage (const char *text, int line, int column, const char *replacement)
{
  char *copy = g_strdup (text);
  char *p = copy;

  for (int i = 1; i < line; i++)
    p = strchr (p, '\n') + 1;
  memcpy (p + column - 1, replacement, strlen (replacement));
  return copy;
}

static void
test_import_one_round (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = new_tournament (&path);
  gsize length;
  g_autofree char *text = read_fixture ("swiss-5.trf", &length);
  g_autoptr (GPtrArray) games = NULL;

  g_assert_true (arb_tournament_import_trf (t, text, length, 2, &error));
  g_assert_no_error (error);
  games = arb_tournament_list_games (t, 0, &error);
  g_assert_cmpuint (games->len, ==, 3);
  for (guint i = 0; i < games->len; i++)
    g_assert_cmpint (((ArbGameInfo *) games->pdata[i])->round, ==, 2);

  /* The same players again, round 3 next: reused, not duplicated. */
  g_assert_true (arb_tournament_import_trf (t, text, length, 3, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_count_rows (t, "player", NULL), ==, 5);
  g_assert_cmpint (arb_tournament_count_rows (t, "game", NULL), ==, 6);

  /* Round 2 again: the same pairings are already there, nothing more is
   * stored. */
  g_assert_true (arb_tournament_import_trf (t, text, length, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_tournament_count_rows (t, "game", NULL), ==, 6);

  /* Round 2 with another result on board 1 (de Vries–Andersen, 0-1 in
   * the tournament): refused by board, nothing changes. Line 12 is
   * Andersen's, line 14 de Vries's; round 2 codes are at column 109. */
  {
    g_autofree char *changed = damage (text, 12, 109, "=");
    g_autofree char *changed2 = damage (changed, 14, 109, "=");
    g_autoptr (GPtrArray) after = NULL;

    g_assert_false (arb_tournament_import_trf (t, changed2, length, 2, &error));
    g_assert_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT);
    g_assert_nonnull (strstr (error->message, "round 2 board 1"));
    g_clear_error (&error);
    after = arb_tournament_list_games (t, 2, &error);
    g_assert_cmpint (((ArbGameInfo *) after->pdata[0])->result, ==, ARB_RESULT_BLACK_WINS);
  }

  g_clear_error (&error);
  g_assert_false (arb_tournament_import_trf (t, text, length, 4, &error));
  g_assert_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT);
}

static void
test_import_errors_store_nothing (void)
{
  struct
  {
    int line, column;
    const char *replacement;
    GQuark domain;
    int code;
    const char *message_part;
  } cases[] = {
    /* the rating of player 2 (line 13) */
    { 13, 49, "24x5", ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX, "line 13, column 49" },
    /* player 1 meets 4 in round 1, but 4 says 5 */
    { 15, 92, "   5", ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT, "line 15" },
    /* a result code TRF does not have */
    { 12, 99, "X", ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX, "line 12, column 99" },
    /* 1-0 against 1-0 is no game */
    { 15, 99, "1", ARB_TRF_ERROR, ARB_TRF_ERROR_INCONSISTENT, "round 1" },
    /* not a record code */
    { 1, 1, "-12", ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX, "line 1, column 1" },
    /* a sex that is not a code (two bytes, one column) */
    { 12, 10, "\xc3\xa9", ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX, "line 12, column 10" },
    /* the points are not half points */
    { 16, 81, " 2.3", ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX, "line 16, column 81" },
  };
  gsize length;
  g_autofree char *text = read_fixture ("swiss-5.trf", &length);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *path = NULL;
      g_autoptr (ArbTournament) t = new_tournament (&path);
      g_autofree char *bad = damage (text, cases[i].line, cases[i].column, cases[i].replacement);
      gint64 audit_before = arb_tournament_count_audit (t, NULL);
      g_autoptr (ArbEventInfo) event = NULL;

      g_assert_false (arb_tournament_import_trf (t, bad, length, 0, &error));
      g_assert_error (error, cases[i].domain, cases[i].code);
      g_test_message ("case %zu: %s", i, error->message);
      g_assert_nonnull (strstr (error->message, cases[i].message_part));

      g_assert_cmpint (arb_tournament_count_rows (t, "player", NULL), ==, 0);
      g_assert_cmpint (arb_tournament_count_rows (t, "game", NULL), ==, 0);
      g_assert_cmpint (arb_tournament_count_audit (t, NULL), ==, audit_before);
      event = arb_tournament_get_event (t, NULL);
      g_assert_cmpstr (event->name, ==, "Placeholder");
    }
}

/* A team's record 310 (TRF-2026): its match points, game points and
 * rank as tests/data/league-4x4-26-results.trf writes them (Oslo, line
 * 29: 2, 4, third), a blank field read as not given, and a field that is
 * no number told by line and column. */
static void
test_team_record (void)
{
  static const struct
  {
    int column;
    const char *replacement;
    const char *message_part;
  } cases[] = {
    { 55, "   x.0", "line 29, column 55" },
    { 62, "   4.3", "line 29, column 62" },
    { 69, " 3a", "line 29, column 69" },
  };
  gsize length;
  g_autofree char *text = read_fixture ("league-4x4-26-results.trf", &length);
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbTrf) trf = arb_trf_parse (text, length, &error);
  const ArbTrfTeam *oslo;

  g_assert_no_error (error);
  oslo = trf->teams->pdata[0];
  g_assert_cmpstr (oslo->name, ==, "Oslo Schakselskap");
  g_assert_cmpint (oslo->match_points_x2, ==, 4);
  g_assert_cmpint (oslo->game_points_x2, ==, 8);
  g_assert_cmpint (oslo->rank, ==, 3);
  {
    g_autofree char *blank = damage (text, 29, 55, "      ");
    g_autoptr (ArbTrf) parsed = arb_trf_parse (blank, length, &error);

    g_assert_no_error (error);
    g_assert_cmpint (((ArbTrfTeam *) parsed->teams->pdata[0])->match_points_x2, ==, -1);
  }
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *bad = damage (text, 29, cases[i].column, cases[i].replacement);
      g_autoptr (ArbTrf) parsed = arb_trf_parse (bad, length, &error);

      g_assert_null (parsed);
      g_assert_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX);
      g_test_message ("case %zu: %s", i, error->message);
      g_assert_nonnull (strstr (error->message, cases[i].message_part));
      g_clear_error (&error);
    }
}

static void
test_not_trf (void)
{
  g_autoptr (GError) error = NULL;
  const char *pgn = "[Event \"x\"]\n\n1. e4 e5 *\n";
  g_autoptr (ArbTrf) trf = arb_trf_parse (pgn, strlen (pgn), &error);

  g_assert_null (trf);
  g_assert_error (error, ARB_TRF_ERROR, ARB_TRF_ERROR_SYNTAX);
  g_assert_false (arb_trf_looks_like (pgn, strlen (pgn)));
}

/* What the import asks before it reads a file: a TRF-2026 file that
 * starts with a ### comment, or with CRLF line ends, is still TRF. */
static void
test_looks_like (void)
{
  gsize length;
  g_autofree char *commented = read_fixture ("swiss-ties-5-26.trf", &length);
  const char *crlf = "\r\n012 Open\r\n001    1 m    A, B\r\n";
  const char *movetext = "1. e4 e5 2. Nf3 *\n";

  g_assert_true (g_str_has_prefix (commented, "###"));
  g_assert_true (arb_trf_looks_like (commented, length));
  g_assert_true (arb_trf_looks_like ("### made by hand\n", 17));
  g_assert_true (arb_trf_looks_like (crlf, strlen (crlf)));
  g_assert_false (arb_trf_looks_like (movetext, strlen (movetext)));
  g_assert_false (arb_trf_looks_like ("##", 2));
}

/* Names with letters outside ASCII take one column each, in UTF-8 and in
 * the Windows-1252 that Windows programs write. nordic-3.trf was laid out
 * by hand in characters. */
static void
test_non_ascii_names (void)
{
  g_autoptr (GError) error = NULL;
  gsize length;
  g_autofree char *text = read_fixture ("nordic-3.trf", &length);
  g_autofree char *cp1252 = NULL;
  gsize cp1252_length = 0;

  cp1252 = g_convert (text, (gssize) length, "WINDOWS-1252", "UTF-8", NULL, &cp1252_length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp1252_length, <, length);

  for (int encoding = 0; encoding < 2; encoding++)
    {
      g_autoptr (ArbTrf) trf = encoding == 0 ? arb_trf_parse (text, length, &error)
                                             : arb_trf_parse (cp1252, cp1252_length, &error);
      g_autofree char *written = NULL;
      const ArbTrfPlayer *p;

      g_assert_no_error (error);
      g_assert_cmpuint (trf->players->len, ==, 3);
      p = trf->players->pdata[0];
      g_assert_cmpstr (p->name, ==, "Ødegaard, Søren");
      g_assert_cmpint (p->rating, ==, 2288);
      g_assert_cmpint (p->fide_id, ==, 1501234);
      p = trf->players->pdata[1];
      g_assert_cmpstr (p->name, ==, "Åström, Märta");
      g_assert_cmpstr (p->title, ==, "WFM");
      g_assert_cmpstr (p->federation, ==, "SWE");
      g_assert_cmpint (g_array_index (p->rounds, ArbTrfRound, 1).result, ==, 'H');
      p = trf->players->pdata[2];
      g_assert_cmpstr (p->name, ==, "Æbelø, Jens");
      g_assert_cmpint (p->points_x2, ==, 3);

      /* Written back as UTF-8, column for column. */
      written = arb_trf_write (trf);
      g_assert_cmpstr (written, ==, text);
    }

  /* Through a tournament too. */
  {
    g_autofree char *path = NULL;
    g_autoptr (ArbTournament) t = new_tournament (&path);
    g_autofree char *exported = NULL;

    g_assert_true (arb_tournament_import_trf (t, cp1252, cp1252_length, 0, &error));
    g_assert_no_error (error);
    exported = arb_tournament_export_trf (t, &error);
    g_assert_cmpstr (exported, ==, text);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/notation/trf/parse-fixture", test_parse_fixture);
  g_test_add_func ("/notation/trf/write-round-trip", test_write_round_trip);
  g_test_add_func ("/notation/trf/import-export", test_import_export);
  g_test_add_func ("/notation/trf/import-one-round", test_import_one_round);
  g_test_add_func ("/notation/trf/import-errors-store-nothing", test_import_errors_store_nothing);
  g_test_add_func ("/notation/trf/not-trf", test_not_trf);
  g_test_add_func ("/notation/trf/team-record", test_team_record);
  g_test_add_func ("/notation/trf/looks-like", test_looks_like);
  g_test_add_func ("/notation/trf/non-ascii-names", test_non_ascii_names);

  return g_test_run ();
}
