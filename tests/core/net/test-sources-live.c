/* test-sources-live.c: e-boards and live PGN over real sockets, merged into a round
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <string.h>

#include "arb-board-move.h"
#include "arb-feed-server.h"
#include "arb-livechess-source.h"
#include "arb-pgn-url-source.h"
#include "arb-round-sources.h"
#include "arb-san.h"
#include "arb-test-livechess.h"
#include "arb-test-utils.h"

/* A round of @n boards: board N is "White N" – "Black N". */
typedef struct
{
  char *path;
  ArbTournament *tournament;
  GPtrArray *games;
  ArbNetWorker *worker;
  ArbRoundSources *sources;
  guint merged;
  GPtrArray *alerts; /* ArbSourceAlertInfo copies, as raised */
  guint refused;
  guint unassigned;
  GPtrArray *states; /* "URI STATE" as they came */
  GPtrArray *errors; /* why, for each state told with a why */
} Round;

static void
event_cb (ArbRoundSources *sources, ArbRoundSourceEvent *event, Round *r)
{
  switch (event->kind)
    {
    case ARB_ROUND_SOURCE_MERGED:
      r->merged++;
      break;
    case ARB_ROUND_SOURCE_REFUSED:
      r->refused++;
      break;
    case ARB_ROUND_SOURCE_ALERT:
      if (!event->repeated)
        g_ptr_array_add (r->alerts,
                         g_strdup_printf ("%d %s %d %s", event->board,
                                          arb_source_alert_kind_to_string (event->alert->kind),
                                          event->alert->ply, event->alert->reported));
      break;
    case ARB_ROUND_SOURCE_UNASSIGNED:
      r->unassigned++;
      break;
    case ARB_ROUND_SOURCE_STATE:
    default:
      g_ptr_array_add (r->states, g_strdup_printf ("%d", arb_source_get_state (event->source)));
      {
        char *why = arb_source_dup_error (event->source);

        if (why != NULL)
          g_ptr_array_add (r->errors, why);
      }
      break;
    }
}

static Round *
round_new (guint n_boards, const char *time_control)
{
  Round *r = g_new0 (Round, 1);
  g_autofree gint64 *ids = g_new0 (gint64, n_boards + 1);
  ArbTimeControl tc;

  r->tournament = arb_test_new_tournament (&r->path);
  g_assert_true (arb_time_control_parse (time_control, &tc, NULL, NULL));
  r->games = g_ptr_array_new_with_free_func (g_object_unref);
  arb_test_add_numbered_round (r->tournament, time_control, n_boards, ids);
  for (guint board = 1; board <= n_boards; board++)
    g_ptr_array_add (r->games,
                     arb_game_load (r->tournament, ids[board], &tc, ARB_EDITION_2023, NULL));
  r->worker = arb_net_worker_new ();
  r->sources = arb_round_sources_new (r->worker, r->tournament, 1, r->games);
  arb_round_sources_set_backoff (r->sources, 50, 200);
  r->alerts = g_ptr_array_new_with_free_func (g_free);
  r->states = g_ptr_array_new_with_free_func (g_free);
  r->errors = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (r->sources, "event", G_CALLBACK (event_cb), r);
  return r;
}

static void
round_free (Round *r)
{
  arb_round_sources_stop (r->sources);
  g_clear_object (&r->sources);
  g_clear_object (&r->worker);
  g_ptr_array_unref (r->games);
  g_clear_object (&r->tournament);
  g_ptr_array_unref (r->alerts);
  g_ptr_array_unref (r->states);
  g_ptr_array_unref (r->errors);
  g_free (r->path);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Round, round_free)

static ArbGame *
board_game (Round *r, guint board)
{
  return g_ptr_array_index (r->games, board - 1);
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

typedef gboolean (*Condition) (Round *r, gpointer data);

/* Runs the loop until @done holds; the deadline only guards against a
 * hang, it is no measurement. */
static void
wait_for (Round *r, Condition done, gpointer data)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  guint wake = g_timeout_add (20, wake_cb, NULL);

  while (!done (r, data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (wake);
}

typedef struct
{
  guint board;
  guint plies;
} Plies;

static gboolean
has_plies (Round *r, gpointer data)
{
  const Plies *p = data;

  return arb_game_get_n_plies (board_game (r, p->board)) >= p->plies;
}

static void
wait_plies (Round *r, guint board, guint plies)
{
  Plies p = { board, plies };

  wait_for (r, has_plies, &p);
  g_assert_cmpuint (arb_game_get_n_plies (board_game (r, board)), ==, plies);
}

static gboolean
has_alerts (Round *r, gpointer data)
{
  return r->alerts->len >= GPOINTER_TO_UINT (data);
}

typedef struct
{
  ArbSourceState state;
  guint from; /* the states told before this index do not count */
} StateSince;

static gboolean
has_state (Round *r, gpointer data)
{
  const StateSince *want = data;
  g_autofree char *state = g_strdup_printf ("%d", want->state);

  for (guint i = want->from; i < r->states->len; i++)
    if (g_str_equal (g_ptr_array_index (r->states, i), state))
      return TRUE;
  return FALSE;
}

/* Waits until the source was in @state after the states told so far
 * (it may have moved on since). */
static void
wait_state (Round *r, ArbSourceState state, guint from)
{
  StateSince want = { state, from };

  wait_for (r, has_state, &want);
}

static gboolean
has_unassigned (Round *r, gpointer data)
{
  return r->unassigned >= GPOINTER_TO_UINT (data);
}

/* The moves stored on @board, read from the file afresh. */
static char *
stored_moves (Round *r, guint board)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (r->path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  gint64 id = arb_tournament_find_game (t, 1, (int) board, NULL);
  g_autoptr (GArray) moves = arb_tournament_get_moves (t, id, NULL);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < moves->len; i++)
    {
      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, g_array_index (moves, ArbStoredMove, i).san);
    }
  return g_string_free (text, FALSE);
}

/* The alerts in the file, "BOARD KIND PLY REPORTED STATE", in order. */
static char *
stored_alerts (Round *r)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (r->path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  g_autoptr (GPtrArray) alerts = arb_tournament_list_source_alerts (t, 0, FALSE, NULL);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < alerts->len; i++)
    {
      const ArbSourceAlertInfo *a = g_ptr_array_index (alerts, i);
      g_autoptr (ArbGameInfo) game = arb_tournament_get_game (t, a->game_id, NULL);

      g_string_append_printf (text, "%s%d %s %d %s %s", i > 0 ? "; " : "", game->board,
                              arb_source_alert_kind_to_string (a->kind), a->ply, a->reported,
                              arb_source_alert_state_to_string (a->state));
    }
  return g_string_free (text, FALSE);
}

static void
check_file (Round *r)
{
  g_autoptr (ArbTournament) t = arb_tournament_open (r->path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (arb_tournament_check (t, problems, NULL));
  g_assert_cmpuint (problems->len, ==, 0);
}

/* DGT LiveChess: a recorded session of two e-boards, with the noise
 * e-boards make, replayed by a stand-in server. */

/* Steps of the session: the events of one step are sent together; then
 * the test waits until the boards have the plies the step should leave. */
typedef struct
{
  const char *serial;
  const char *san;
  const char *board; /* see arb_test_livechess_event () */
} Event;

static void
send_events (ArbTestLivechess *lc, const Event *events, guint n)
{
  for (guint i = 0; i < n; i++)
    arb_test_livechess_event (lc, events[i].serial, events[i].san, events[i].board,
                              5400000 - (gint64) i * 1000, 5400000 - (gint64) i * 2000);
}

/* The board after 1. d4 d5 2. c4, with Black's king on e6 (over its own
 * pawn): a move no rule allows. */
#define KING_JUMP "rnbq1bnr/ppp1pppp/4k3/3p4/2PP4/8/PP2PPPP/RNBQKBNR"

static void
test_livechess_session (void)
{
  g_autoptr (Round) r = round_new (3, "5400+30");
  g_autoptr (ArbTestLivechess) lc = arb_test_livechess_new ();
  g_autofree char *moves1 = NULL;
  g_autofree char *moves2 = NULL;
  g_autofree char *alerts = NULL;
  g_autoptr (GError) error = NULL;
  ArbSource *source;
  static const Event opening[] = {
    { "20451", "", NULL },
    { "20452", "", NULL },
  };
  /* Duplicates, and several moves in one event. */
  static const Event step1[] = {
    { "20451", "e4", NULL },        { "20451", "e4", NULL },        { "20452", "d4 d5", NULL },
    { "20451", "e4 e5 Nf3", NULL }, { "20451", "e4 e5 Nf3", NULL },
  };
  /* A piece lifted and put back; a knight read in the air on a6, then
   * where it went; a hand over the board a moment. */
  static const Event step2[] = {
    { "20451", "e4 e5 Nf3", "lift:f3" },  { "20451", "e4 e5 Nf3", NULL },
    { "20451", "e4 e5 Nf3 Na6", NULL },   { "20451", "e4 e5 Nf3 Nc6", NULL },
    { "20451", "e4 e5 Nf3 Nc6 Bb5", "" }, { "20451", "e4 e5 Nf3 Nc6 Bb5", NULL },
    { "20452", "d4 d5 c4", NULL },
  };
  /* An illegal move on board 2, and a move on board 1. */
  static const Event step3[] = {
    { "20452", "d4 d5 c4 Ke6", KING_JUMP },
    { "20451", "e4 e5 Nf3 Nc6 Bb5 a6", NULL },
  };
  /* Board 2 put right (the king back, a legal move); board 1 takes back
   * its last move. */
  static const Event step4[] = {
    { "20452", "d4 d5 c4", NULL },
    { "20452", "d4 d5 c4 e6", NULL },
    { "20451", "e4 e5 Nf3 Nc6 Bb5", NULL },
  };

  arb_round_sources_set_settle (r->sources, 300);
  g_assert_true (arb_round_sources_set_eboard (r->sources, "20451", 1, &error));
  g_assert_true (arb_round_sources_set_eboard (r->sources, "20452", 2, &error));
  arb_test_livechess_add_board (lc, "20451", "ACTIVE");
  arb_test_livechess_add_board (lc, "20452", "ACTIVE");
  arb_test_livechess_add_board (lc, "99999", "NOTRESPONDING");
  send_events (lc, opening, G_N_ELEMENTS (opening));

  source = arb_round_sources_add (r->sources, arb_test_livechess_get_uri (lc), 0, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (ARB_IS_LIVECHESS_SOURCE (source));
  arb_test_livechess_wait_subscribed (lc, "20451", 1);
  arb_test_livechess_wait_subscribed (lc, "20452", 1);
  /* A board nobody put on a table is listed for the arbiter. */
  arb_test_livechess_event (lc, "99999", "c4", NULL, -1, -1);
  wait_for (r, has_unassigned, GUINT_TO_POINTER (1));
  /* Garbage on the line changes nothing. */
  arb_test_livechess_send_raw (lc, "{\"response\":\"feed\",\"param\":[}");
  arb_test_livechess_send_raw (lc, "not json at all");

  send_events (lc, step1, G_N_ELEMENTS (step1));
  wait_plies (r, 1, 3);
  wait_plies (r, 2, 2);
  send_events (lc, step2, G_N_ELEMENTS (step2));
  wait_plies (r, 1, 5);
  wait_plies (r, 2, 3);
  g_assert_cmpstr (arb_game_get_san (board_game (r, 1), 4), ==, "Nc6");
  send_events (lc, step3, G_N_ELEMENTS (step3));
  wait_plies (r, 1, 6);
  wait_for (r, has_alerts, GUINT_TO_POINTER (1));
  /* The clock of the e-board after the last move went with it. */
  {
    g_autoptr (ArbTournament) t =
      arb_tournament_open (r->path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
    g_autoptr (GArray) stored =
      arb_tournament_get_moves (t, arb_game_get_id (board_game (r, 1)), NULL);
    const ArbStoredMove *last = &g_array_index (stored, ArbStoredMove, stored->len - 1);

    g_assert_cmpint (last->white_ms, ==, 5400000 - 1000);
    g_assert_cmpint (last->black_ms, ==, 5400000 - 2000);
  }
  g_assert_cmpuint (arb_game_get_n_plies (board_game (r, 2)), ==, 3);
  send_events (lc, step4, G_N_ELEMENTS (step4));
  wait_plies (r, 2, 4);
  wait_for (r, has_alerts, GUINT_TO_POINTER (2));

  /* LiveChess goes away and comes back: the source says so, connects
   * again by itself, and the boards go on. */
  {
    guint from = r->states->len;

    arb_test_livechess_disconnect (lc);
    wait_state (r, ARB_SOURCE_DISCONNECTED, from);
    wait_state (r, ARB_SOURCE_CONNECTED, from);
    g_assert_cmpint (arb_source_get_since (source), >, 0);
  }
  arb_test_livechess_wait_subscribed (lc, "20451", 1);
  arb_test_livechess_event (lc, "20451", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4", NULL, 5300000, 5200000);
  wait_plies (r, 1, 7);

  /* The file holds the legal moves exactly; the illegal move and the
   * take-back are alerts, not moves, and each was cleared by the source
   * when it no longer reported its cause (board 2 put right, board 1's
   * a6 back): kept, not open. */
  moves1 = stored_moves (r, 1);
  moves2 = stored_moves (r, 2);
  alerts = stored_alerts (r);
  g_assert_cmpstr (moves1, ==, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4");
  g_assert_cmpstr (moves2, ==, "d4 d5 c4 e6");
  g_assert_cmpstr (alerts, ==, "2 illegal-move 4 Ke8-e6 cleared; 1 changed-moves 6  cleared");
  g_assert_cmpuint (r->merged, ==, 11);
  g_assert_cmpuint (arb_livechess_source_get_n_bad_messages (ARB_LIVECHESS_SOURCE (source)), ==, 2);
  check_file (r);
}

/* A live PGN file that grows, is written in pieces and is rewritten. */

static const char file_v1[] = "[Round \"1.1\"]\n[White \"White 1\"]\n[Black \"Black 1\"]\n\n"
                              "1. e4 {[%clk 1:29:55]} e5 {[%clk 1:29:50]} *\n\n"
                              "[Round \"1\"]\n[White \"Black 2\"]\n[Black \"White 2\"]\n\n"
                              "1. d4 *\n\n"
                              "[Round \"1\"]\n[White \"White 3\"]\n[Black \"Black 3\"]\n\n"
                              "1. c4 c5 *\n\n"
                              "[Round \"2\"]\n[Board \"1\"]\n[White \"X\"]\n[Black \"Y\"]\n\n"
                              "1. f4 *\n";
static const char file_v2[] = "[Round \"1.1\"]\n[White \"White 1\"]\n[Black \"Black 1\"]\n\n"
                              "1. e4 {[%clk 1:29:55]} e5 {[%clk 1:29:50]} 2. Nf3 {[%clk "
                              "1:29:10]} Nc6 {[%clk 1:28:40]} 3. Bb5 {[%clk 1:28:00]} *\n\n"
                              "[Round \"1\"]\n[White \"Black 2\"]\n[Black \"White 2\"]\n\n"
                              "1. d4 *\n\n"
                              "[Round \"1\"]\n[White \"White 3\"]\n[Black \"Black 3\"]\n\n"
                              "1. c4 c5 2. Nc3 Nc6 3. g3 Ke6 *\n";
/* A corrected PGN: board 1's second move was not e5 but c5. */
static const char file_v3[] = "[Round \"1.1\"]\n[White \"White 1\"]\n[Black \"Black 1\"]\n\n"
                              "1. e4 c5 2. Nf3 d6 *\n";

static gboolean
rewrite_done (Round *r, gpointer data)
{
  return r->merged >= GPOINTER_TO_UINT (data);
}

/* A pairing the arbiter moved to another board (arb_board_move ()): a
 * game the source numbers "1.3" and does not name the players of is the
 * game on board 3 now, the one paired on board 1. */
static void
test_moved_board (void)
{
  g_autoptr (Round) r = round_new (3, "5400+30");
  g_autofree char *pgn = arb_test_temp_path ("moved.pgn");
  g_autofree char *on_3 = NULL;
  g_autoptr (GError) error = NULL;
  ArbSource *source;

  g_assert_true (
    arb_board_move (r->tournament, 1, 1, 3, "", "the table by the door", NULL, &error));
  g_assert_no_error (error);
  /* As the window does: the two games read again. */
  g_assert_true (arb_game_reload (board_game (r, 1), &error));
  g_assert_true (arb_game_reload (board_game (r, 3), &error));
  g_assert_cmpint (arb_game_get_board (board_game (r, 1)), ==, 3);
  g_assert_true (g_file_set_contents (pgn, "[Round \"1.3\"]\n\n1. e4 e5 *\n", -1, NULL));
  source = arb_round_sources_add (r->sources, pgn, 50, TRUE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (source);
  wait_plies (r, 1, 2);
  g_assert_cmpuint (arb_game_get_n_plies (board_game (r, 3)), ==, 0);
  on_3 = stored_moves (r, 3);
  g_assert_cmpstr (on_3, ==, "e4 e5");
}

static void
test_pgn_file (void)
{
  g_autoptr (Round) r = round_new (3, "5400+30");
  g_autofree char *pgn = arb_test_temp_path ("games.pgn");
  g_autoptr (GError) error = NULL;
  g_autofree char *alerts = NULL;
  g_autofree char *m1 = NULL;
  g_autofree char *m3 = NULL;
  ArbSource *source;
  gsize cut;
  FILE *f;

  g_assert_true (g_file_set_contents (pgn, file_v1, -1, NULL));
  source = arb_round_sources_add (r->sources, pgn, 50, TRUE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (source);
  wait_plies (r, 1, 2);
  wait_plies (r, 3, 2);
  /* Board 2's players are the other way round in the file: an alert, and
   * nothing stored; the game of round 2 is none of this round's. */
  wait_for (r, has_alerts, GUINT_TO_POINTER (1));
  g_assert_cmpuint (arb_round_sources_list_unassigned (r->sources)->len, ==, 0);
  g_assert_cmpuint (arb_game_get_n_plies (board_game (r, 2)), ==, 0);

  /* The file rewritten in two pieces, a moment apart: the first piece
   * stops in the middle of board 3's game, inside a move. */
  cut = strstr (file_v2, "Nc6 3. g3") + 1 - file_v2;
  f = fopen (pgn, "w");
  g_assert_nonnull (f);
  g_assert_cmpuint (fwrite (file_v2, 1, cut, f), ==, cut);
  fflush (f);
  {
    gint64 until = g_get_monotonic_time () + 400 * 1000;

    while (g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_cmpuint (fwrite (file_v2 + cut, 1, strlen (file_v2) - cut, f), ==,
                    strlen (file_v2) - cut);
  fclose (f);
  wait_plies (r, 1, 5);
  wait_plies (r, 3, 5);
  wait_for (r, has_alerts, GUINT_TO_POINTER (2));

  /* The arbiter rules that board 2's game goes on as played: its moves
   * are taken. */
  {
    GPtrArray *open = arb_round_sources_list_alerts (r->sources, board_game (r, 2));

    g_assert_cmpuint (open->len, ==, 1);
    g_assert_true (arb_round_sources_accept_alert (
      r->sources, ((ArbSourceAlertInfo *) g_ptr_array_index (open, 0))->id, &error));
    g_assert_no_error (error);
    wait_plies (r, 2, 1);
    g_assert_cmpuint (arb_round_sources_list_alerts (r->sources, board_game (r, 2))->len, ==, 0);
  }

  /* Corrected: the moves from ply 2 differ. Nothing stored changes. */
  g_assert_true (g_file_set_contents (pgn, file_v3, -1, NULL));
  wait_for (r, has_alerts, GUINT_TO_POINTER (3));

  m1 = stored_moves (r, 1);
  m3 = stored_moves (r, 3);
  alerts = stored_alerts (r);
  g_assert_cmpstr (m1, ==, "e4 e5 Nf3 Nc6 Bb5");
  g_assert_cmpstr (m3, ==, "c4 c5 Nc3 Nc6 g3");
  g_assert_cmpstr (
    alerts, ==,
    "2 wrong-colours 1 Black 2 \u2013 White 2 accepted; 3 illegal-move 6 Ke8-e6 open; "
    "1 changed-moves 2 c5 Nf3 d6 open");
  /* No torn move ever became an alert or a move. */
  g_assert_cmpuint (r->refused, ==, 0);
  {
    g_autoptr (ArbTournament) t =
      arb_tournament_open (r->path, ARB_TOURNAMENT_OPEN_READ_ONLY, NULL);
    g_autoptr (GArray) stored =
      arb_tournament_get_moves (t, arb_game_get_id (board_game (r, 1)), NULL);

    /* [%clk] went with each move: White's 3. Bb5 at 1:28:00, Black's
     * last, 1:28:40. */
    g_assert_cmpint (g_array_index (stored, ArbStoredMove, 4).white_ms, ==, 5280000);
    g_assert_cmpint (g_array_index (stored, ArbStoredMove, 4).black_ms, ==, 5320000);
  }

  /* The arbiter takes the corrected moves: the stored ones from ply 2
   * go, the source's come, and the alert says so. */
  {
    GPtrArray *open = arb_round_sources_list_alerts (r->sources, board_game (r, 1));
    const ArbSourceAlertInfo *changed = g_ptr_array_index (open, 0);
    guint merged = r->merged;

    g_assert_cmpuint (open->len, ==, 1);
    g_assert_true (arb_round_sources_accept_alert (r->sources, changed->id, &error));
    g_assert_no_error (error);
    wait_for (r, rewrite_done, GUINT_TO_POINTER (merged + 3));
    g_clear_pointer (&m1, g_free);
    m1 = stored_moves (r, 1);
    g_assert_cmpstr (m1, ==, "e4 c5 Nf3 d6");
    g_assert_cmpuint (arb_round_sources_list_alerts (r->sources, board_game (r, 1))->len, ==, 0);
  }
  /* The illegal move: dismissed as a misread, logged. */
  {
    GPtrArray *open = arb_round_sources_list_alerts (r->sources, board_game (r, 3));

    g_assert_true (arb_round_sources_dismiss_alert (
      r->sources, ((ArbSourceAlertInfo *) g_ptr_array_index (open, 0))->id, &error));
    g_assert_cmpuint (arb_round_sources_list_alerts (r->sources, board_game (r, 3))->len, ==, 0);
    g_clear_pointer (&alerts, g_free);
    alerts = stored_alerts (r);
    g_assert_cmpstr (alerts, ==,
                     "2 wrong-colours 1 Black 2 \u2013 White 2 accepted; 3 illegal-move 6 Ke8-e6 "
                     "dismissed; 1 changed-moves 2 c5 Nf3 d6 accepted");
  }
  check_file (r);

  /* The round keeps its source. */
  {
    g_autoptr (GPtrArray) kept = arb_tournament_list_move_sources (r->tournament, 1, NULL);

    g_assert_cmpuint (kept->len, ==, 1);
    g_assert_cmpstr (((ArbMoveSourceInfo *) g_ptr_array_index (kept, 0))->uri, ==, pgn);
  }
}

/* The players say which board a game is, not its tags. Each file ends
 * with board 1's game as paired: once it is stored, the source's games
 * before it were merged too. */
#define AS_PAIRED "[Round \"1.1\"]\n[White \"White 1\"]\n[Black \"Black 1\"]\n\n1. e4 e5 *\n"

static Round *
round_reading (const char *pgn_text, ArbSource **source)
{
  Round *r = round_new (7, "5400+30");
  g_autofree char *pgn = arb_test_temp_path ("players.pgn");
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (pgn, pgn_text, -1, NULL));
  *source = arb_round_sources_add (r->sources, pgn, 50, FALSE, &error);
  g_assert_no_error (error);
  wait_plies (r, 1, 2);
  return r;
}

/* Board 1's White against board 3's Black, tagged as board 7: no board's
 * game, for the arbiter to assign. */
static void
test_players_two_boards (void)
{
  ArbSource *source;
  g_autoptr (Round) r = round_reading (
    "[Round \"1.7\"]\n[White \"White 1\"]\n[Black \"Black 3\"]\n\n1. d4 *\n\n" AS_PAIRED, &source);
  g_autoptr (GError) error = NULL;
  g_autofree char *moves = stored_moves (r, 7);
  GPtrArray *unassigned = arb_round_sources_list_unassigned (r->sources);

  g_assert_cmpstr (moves, ==, "");
  g_assert_cmpuint (unassigned->len, ==, 1);
  g_assert_cmpstr (((ArbUnassignedGame *) g_ptr_array_index (unassigned, 0))->game->key, ==, "1.7");
  g_assert_cmpuint (r->unassigned, ==, 1);
  g_assert_cmpuint (r->alerts->len, ==, 0);

  /* The arbiter rules that it is board 7's after all. */
  g_assert_true (arb_round_sources_assign (r->sources, source, "1.7", 7, &error));
  g_assert_no_error (error);
  wait_plies (r, 7, 1);
  g_assert_cmpuint (arb_round_sources_list_unassigned (r->sources)->len, ==, 0);
  check_file (r);
}

/* Board 2's players with White and Black reversed: an alert under 7.3,
 * and nothing stored until the arbiter takes the moves. */
static void
test_players_reversed (void)
{
  ArbSource *source;
  g_autoptr (Round) r = round_reading (
    "[Round \"1.2\"]\n[White \"Black 2\"]\n[Black \"White 2\"]\n\n1. c4 *\n\n" AS_PAIRED, &source);
  g_autoptr (GError) error = NULL;
  g_autofree char *moves = stored_moves (r, 2);
  g_autofree char *alerts = stored_alerts (r);
  GPtrArray *open = arb_round_sources_list_alerts (r->sources, board_game (r, 2));
  const ArbSourceAlertInfo *colours;

  g_assert_nonnull (source);
  g_assert_cmpstr (moves, ==, "");
  g_assert_cmpstr (alerts, ==, "2 wrong-colours 1 Black 2 \u2013 White 2 open");
  g_assert_cmpuint (r->alerts->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (r->alerts, 0), ==,
                   "2 wrong-colours 1 Black 2 \u2013 White 2");
  g_assert_cmpuint (open->len, ==, 1);
  colours = g_ptr_array_index (open, 0);
  g_assert_cmpstr (colours->stored, ==, "White 2 \u2013 Black 2");
  g_assert_nonnull (strstr (colours->detail, "\"article\":\"7.3\""));
  g_assert_cmpuint (r->refused, ==, 0);
  g_assert_cmpuint (arb_round_sources_list_unassigned (r->sources)->len, ==, 0);

  /* The arbiter rules that the game goes on as played. */
  g_assert_true (arb_round_sources_accept_alert (r->sources, colours->id, &error));
  g_assert_no_error (error);
  wait_plies (r, 2, 1);
  g_assert_cmpuint (arb_round_sources_list_alerts (r->sources, board_game (r, 2))->len, ==, 0);
  g_clear_pointer (&alerts, g_free);
  alerts = stored_alerts (r);
  g_assert_cmpstr (alerts, ==, "2 wrong-colours 1 Black 2 \u2013 White 2 accepted");
  check_file (r);
}

/* Board 4's players as paired, written another way ("Surname, First"
 * against "First Surname", another case) and tagged as board 5: board
 * 4's game. */
static void
test_players_as_paired (void)
{
  ArbSource *source;
  g_autoptr (Round) r = round_reading ("[Round \"1.5\"]\n[White \"WHITE 4\"]\n[Black \"4, "
                                       "Black\"]\n\n1. Nf3 Nf6 *\n\n" AS_PAIRED,
                                       &source);

  g_assert_nonnull (source);
  for (guint board = 1; board <= 7; board++)
    {
      g_autofree char *moves = stored_moves (r, board);

      g_assert_cmpstr (moves, ==, board == 1 ? "e4 e5" : board == 4 ? "Nf3 Nf6" : "");
    }
  g_assert_cmpuint (r->alerts->len, ==, 0);
  g_assert_cmpuint (r->unassigned, ==, 0);
  check_file (r);
}

/* A live PGN at an address, that changes and fails */

typedef struct
{
  char *body;
  char *etag;
  guint fail; /* answers still to fail */
  guint n_conditional;
} Served;

static void
served_cb (SoupServer *server,
           SoupServerMessage *msg,
           const char *path,
           GHashTable *query,
           gpointer data)
{
  Served *s = data;
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  const char *if_none_match = soup_message_headers_get_one (request, "If-None-Match");

  if (s->fail > 0)
    {
      s->fail--;
      soup_server_message_set_status (msg, 503, NULL);
      return;
    }
  if (if_none_match != NULL)
    s->n_conditional++;
  soup_message_headers_replace (response, "ETag", s->etag);
  if (g_strcmp0 (if_none_match, s->etag) == 0)
    {
      soup_server_message_set_status (msg, 304, NULL);
      return;
    }
  soup_server_message_set_status (msg, 200, NULL);
  soup_server_message_set_response (msg, "application/x-chess-pgn", SOUP_MEMORY_COPY, s->body,
                                    strlen (s->body));
}

static void
serve (Served *s, const char *body)
{
  static guint version;

  g_free (s->body);
  g_free (s->etag);
  s->body = g_strdup (body);
  s->etag = g_strdup_printf ("\"v%u\"", ++version);
}

static gboolean
requested_conditionally (Round *r, gpointer data)
{
  return ((Served *) data)->n_conditional >= 2;
}

static void
test_pgn_url (void)
{
  g_autoptr (Round) r = round_new (2, "5400+30");
  g_autoptr (SoupServer) server = soup_server_new (NULL, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *m1 = NULL;
  g_autofree char *m2 = NULL;
  GSList *uris;
  Served s = { 0 };
  ArbSource *source;
  guint from;

  soup_server_add_handler (server, "/round.pgn", served_cb, &s, NULL);
  g_assert_true (soup_server_listen_local (server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error));
  uris = soup_server_get_uris (server);
  url = g_strdup_printf ("http://127.0.0.1:%d/round.pgn", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  serve (&s, "[White \"White 1\"]\n[Black \"Black 1\"]\n\n1. e4 e5 *\n");
  source = arb_round_sources_add (r->sources, url, 50, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (ARB_IS_PGN_URL_SOURCE (source));
  wait_plies (r, 1, 2);
  /* Unchanged: asked with its ETag, answered 304. */
  wait_for (r, requested_conditionally, &s);
  g_assert_cmpuint (arb_pgn_url_source_get_n_not_modified (ARB_PGN_URL_SOURCE (source)), >, 0);

  /* It fails: the source is disconnected, asks again, and is back. */
  from = r->states->len;
  s.fail = 3;
  serve (&s, "[White \"White 1\"]\n[Black \"Black 1\"]\n\n1. e4 e5 2. Nf3 *\n\n"
             "[White \"White 2\"]\n[Black \"Black 2\"]\n\n1. Nf3 d5 2. g3 *\n");
  wait_state (r, ARB_SOURCE_DISCONNECTED, from);
  wait_state (r, ARB_SOURCE_CONNECTED, from);
  wait_plies (r, 1, 3);
  wait_plies (r, 2, 3);

  m1 = stored_moves (r, 1);
  m2 = stored_moves (r, 2);
  g_assert_cmpstr (m1, ==, "e4 e5 Nf3");
  g_assert_cmpstr (m2, ==, "Nf3 d5 g3");
  g_assert_cmpuint (r->alerts->len, ==, 0);

  /* The arbiter asks it less often: the same source, from its next
   * reading, and the round keeps the choice. */
  g_assert_true (arb_round_sources_add (r->sources, url, 30000, TRUE, &error) == source);
  g_assert_no_error (error);
  g_assert_cmpuint (arb_source_get_interval (source), ==, 30000);
  {
    g_autoptr (GPtrArray) kept =
      arb_tournament_list_move_sources (arb_round_sources_get_tournament (r->sources), 1, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (kept->len, ==, 1);
    g_assert_cmpuint (((ArbMoveSourceInfo *) g_ptr_array_index (kept, 0))->interval_ms, ==, 30000);
  }
  check_file (r);
  g_free (s.body);
  g_free (s.etag);
}

/* Another desk's /round.pgn: desk A publishes its round, desk B follows. */
static void
test_another_desk (void)
{
  g_autoptr (Round) a = round_new (2, "5400+30");
  g_autoptr (Round) b = round_new (2, "5400+30");
  g_autoptr (ArbFeed) feed = NULL;
  g_autoptr (ArbFeedServer) server = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *moves = NULL;
  const char *const line[] = { "e4", "c5", "Nf3", "d6" };

  feed = arb_feed_new (a->worker, a->path, 1);
  g_assert_true (arb_feed_start (feed, &error));
  server = arb_feed_server_new (feed);
  g_assert_true (arb_feed_server_start (server, &error));
  url = g_strdup_printf ("http://127.0.0.1:%u/round.pgn", arb_feed_server_get_port (server));

  g_assert_nonnull (arb_round_sources_add (b->sources, url, 50, FALSE, &error));
  for (guint i = 0; i < G_N_ELEMENTS (line); i++)
    {
      ArbGame *game = board_game (a, 1);
      ArbMove move;

      g_assert_cmpint (
        arb_san_resolve (arb_game_get_position (game, i), line[i], strlen (line[i]), &move), ==,
        ARB_SAN_OK);
      g_assert_true (arb_game_play_move (game, move, &error));
      wait_plies (b, 1, i + 1);
    }
  moves = stored_moves (b, 1);
  g_assert_cmpstr (moves, ==, "e4 c5 Nf3 d6");
  arb_feed_server_stop (server);
  arb_feed_stop (feed);
}

static gboolean
has_error (Round *r, gpointer data)
{
  for (guint i = 0; i < r->errors->len; i++)
    if (strstr (g_ptr_array_index (r->errors, i), data) != NULL)
      return TRUE;
  return FALSE;
}

/* A LiveChess that sends a message larger than the source takes: the
 * source says so, not that the connection was lost. */
static void
test_livechess_too_large (void)
{
  g_autoptr (Round) r = round_new (1, "5400+30");
  g_autoptr (ArbTestLivechess) lc = arb_test_livechess_new ();
  g_autoptr (GError) error = NULL;
  ArbSource *source;

  arb_test_livechess_set_greeting (lc, ARB_TEST_LIVECHESS_GREET_HUGE, 5 * 1024 * 1024);
  source = arb_round_sources_add (r->sources, arb_test_livechess_get_uri (lc), 0, FALSE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (source);
  wait_for (r, has_error, (gpointer) "a message from LiveChess was too large: more than 4.2");
  g_assert_false (has_error (r, (gpointer) "was lost"));
}

/* A LiveChess that closes every connection at once: each connection
 * counts as a failure, and the wait before the next one grows (it began
 * again from the first wait at every connection). */
static void
test_livechess_backoff (void)
{
  g_autoptr (Round) r = round_new (1, "5400+30");
  g_autoptr (ArbTestLivechess) lc = arb_test_livechess_new ();
  g_autoptr (GError) error = NULL;
  ArbSource *source;

  arb_round_sources_set_backoff (r->sources, 1000, 60000);
  arb_test_livechess_set_greeting (lc, ARB_TEST_LIVECHESS_GREET_CLOSE, 0);
  source = arb_round_sources_add (r->sources, arb_test_livechess_get_uri (lc), 0, FALSE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (source);
  wait_for (r, has_error, (gpointer) "LiveChess closed the connection (1001); again in 1 s");
  wait_for (r, has_error, (gpointer) "LiveChess closed the connection (1001); again in 2 s");
  wait_for (r, has_error, (gpointer) "LiveChess closed the connection (1001); again in 4 s");
  g_assert_cmpuint (arb_test_livechess_get_n_accepted (lc), ==, 3);

  /* LiveChess serves again: once it answers, a loss starts from the
   * first wait. */
  arb_test_livechess_add_board (lc, "20451", "ACTIVE");
  arb_test_livechess_set_greeting (lc, ARB_TEST_LIVECHESS_GREET_NORMAL, 0);
  arb_test_livechess_wait_subscribed (lc, "20451", 1);
  g_ptr_array_set_size (r->errors, 0);
  arb_test_livechess_disconnect (lc);
  wait_for (r, has_error, (gpointer) "; again in 1 s");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  g_test_add_func ("/net/sources-live/livechess-session", test_livechess_session);
  g_test_add_func ("/net/sources-live/livechess-too-large", test_livechess_too_large);
  g_test_add_func ("/net/sources-live/livechess-backoff", test_livechess_backoff);
  g_test_add_func ("/net/sources-live/pgn-file", test_pgn_file);
  g_test_add_func ("/net/sources-live/moved-board", test_moved_board);
  g_test_add_func ("/net/sources-live/players-two-boards", test_players_two_boards);
  g_test_add_func ("/net/sources-live/players-reversed", test_players_reversed);
  g_test_add_func ("/net/sources-live/players-as-paired", test_players_as_paired);
  g_test_add_func ("/net/sources-live/pgn-url", test_pgn_url);
  g_test_add_func ("/net/sources-live/another-desk", test_another_desk);

  return g_test_run ();
}
