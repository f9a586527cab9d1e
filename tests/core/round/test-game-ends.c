/* test-game-ends.c: a move that ends the game ends it in the file, with its ruling
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Checkmate (5.1.1), stalemate (5.2.1), a dead position (5.2.2), fivefold
 * repetition (9.6.1) and 75 moves (9.6.2) end the game at once (2018/2023
 * numbers): the result, how the game ended and the article are stored with
 * the move. Each case runs through every writer that takes the one path of
 * a move (arb-move-path.h): the window's game (ArbGame, whose clock then
 * stops), `arbiter-cli play` and a source of moves (a live PGN file read
 * by the round's sources, as the window and `arbiter-cli follow` follow
 * it). After the end each writer is given one more move, which must be
 * refused. Each then reads the file again through a second connection.
 * Expected results and articles come from the Laws, not from the code.
 */

#include "config.h"

#include <string.h>

#include "arb-flag-path.h"
#include "arb-game.h"
#include "arb-round-sources.h"
#include "arb-san.h"
#include "arb-test-utils.h"
#include "arb-tournament-live.h"
#include "arb-tournament-ruling.h"

typedef struct
{
  const char *name;
  int edition;
  const char *fen;   /* NULL for the standard start */
  const char *moves; /* SAN, space separated; the last one ends the game */
  const char *result;
  ArbEnding ending;
  const char *article;
} EndCase;

static const EndCase cases[] = {
  /* King and bishop take the last pawn: neither side can mate. */
  { "dead-position", 2023, "8/8/4k3/8/3p4/4K3/8/3B4 w - - 0 58", "Kxd4", "1/2-1/2",
    ARB_ENDING_DEAD_POSITION, "5.2.2" },
  { "checkmate", 2023, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "1-0", ARB_ENDING_CHECKMATE,
    "5.1.1" },
  /* The queen takes g6: Black's king on h8 has no move and no check. */
  { "stalemate", 2023, "7k/5K2/8/8/8/8/8/6Q1 w - - 0 1", "Qg6", "1/2-1/2", ARB_ENDING_STALEMATE,
    "5.2.1" },
  /* 149 quiet half-moves in the FEN, the 150th played. */
  { "seventy-five", 2023, "8/5k2/8/3r4/8/2R5/4K3/4B3 w - - 149 80", "Bd2", "1/2-1/2",
    ARB_ENDING_SEVENTY_FIVE, "9.6.2" },
  /* The start position for the fifth time at ply 16. */
  { "fivefold", 2018, NULL, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
    "1/2-1/2", ARB_ENDING_FIVEFOLD, "9.6.1" },
  /* No automatic draws before 2014: play goes on. */
  { "seventy-five-2009-goes-on", 2009, "8/5k2/8/3r4/8/2R5/4K3/4B3 w - - 149 80", "Bd2", NULL,
    ARB_ENDING_NONE, NULL },
};

typedef enum
{
  WRITER_GAME,   /* ArbGame, as the window and the sources write */
  WRITER_CLI,    /* arbiter-cli play */
  WRITER_SOURCE, /* a live PGN file, through the round's sources */
  N_WRITERS
} Writer;

typedef struct
{
  const EndCase *c;
  Writer writer;
} EndRun;

static gint64
add_end_game (ArbTournament *t, const EndCase *c)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbEventInfo) event = arb_tournament_get_event (t, &error);
  ArbPlayerInfo white = { .name = (char *) "Test, White" };
  ArbPlayerInfo black = { .name = (char *) "Test, Black" };
  ArbGameInfo info = { 0 };
  gint64 id;

  g_assert_no_error (error);
  event->edition = c->edition;
  g_assert_true (arb_tournament_set_event (t, event, &error));
  info.round = 1;
  info.board = 1;
  info.white_id = arb_tournament_add_player (t, &white, &error);
  info.black_id = arb_tournament_add_player (t, &black, &error);
  info.result = ARB_RESULT_ONGOING;
  info.rated = TRUE;
  info.start_fen = (char *) c->fen;
  id = arb_tournament_add_game (t, &info, &error);
  g_assert_no_error (error);
  return id;
}

/* The moves through the window's game, whose clock runs; a finished game
 * takes no further move, and its clock has stopped. */
static void
play_with_game (ArbTournament *t, gint64 id, const EndCase *c)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_auto (GStrv) moves = g_strsplit (c->moves, " ", -1);
  ArbTimeControl tc;
  ArbEdition edition;

  g_assert_true (arb_edition_from_year (c->edition, &edition));
  g_assert_true (arb_time_control_parse ("40/5400+30:1800+30", &tc, NULL, &error));
  game = arb_game_load (t, id, &tc, edition, &error);
  g_assert_no_error (error);
  g_assert_true (arb_game_start_clock (game, &error));

  for (guint i = 0; moves[i] != NULL; i++)
    {
      const ArbPosition *pos = arb_game_get_position (game, arb_game_get_n_plies (game));
      ArbMove move = arb_san_parse (pos, moves[i], strlen (moves[i]), &error);

      g_assert_no_error (error);
      g_assert_true (arb_game_play_move (game, move, &error));
      g_assert_no_error (error);
      /* Nothing ends before the last move. */
      if (moves[i + 1] != NULL)
        g_assert_false (arb_game_is_finished (game));
    }

  g_assert_true (arb_game_is_finished (game) == (c->result != NULL));
  g_assert_true (arb_clock_is_running (arb_game_get_clock (game)) == (c->result == NULL));
  if (c->result != NULL)
    {
      const ArbPosition *pos = arb_game_get_position (game, arb_game_get_n_plies (game));
      ArbMoveList list;

      arb_position_legal_moves (pos, &list);
      if (list.n_moves > 0)
        {
          g_assert_false (arb_game_play_move (game, list.moves[0], &error));
          g_clear_error (&error);
        }
    }
}

/* The moves through `arbiter-cli play`, one a line, and one more legal
 * move after the end, which must be refused. */
static void
play_with_cli (const char *path, const EndCase *c)
{
  const char *args[] = { "play", path, "--round", "1", "--board", "1", NULL };
  g_autoptr (GString) input = g_string_new (NULL);
  g_auto (GStrv) moves = g_strsplit (c->moves, " ", -1);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *last_ok = NULL;
  guint n = g_strv_length (moves);
  int status = -1;

  for (guint i = 0; moves[i] != NULL; i++)
    g_string_append_printf (input, "%s\n", moves[i]);
  /* One more line after the end: refused for the end, whatever it
   * says. */
  g_string_append (input, c->result != NULL ? "Kf1\n" : "");
  out = arb_test_run_cli (args, input->str, &status, &err);
  if (out == NULL)
    return;
  last_ok = g_strdup_printf ("ok %u %s\n", n, moves[n - 1]);
  g_assert_nonnull (strstr (out, last_ok));
  if (c->result == NULL)
    {
      g_assert_cmpint (status, ==, 0);
      return;
    }
  /* The move after the end is refused and named by its ply. */
  g_assert_cmpint (status, ==, 1);
  g_assert_null (strstr (out, "Kf1"));
  {
    g_autofree char *refused = g_strdup_printf ("ply %u", n + 1);

    g_assert_nonnull (strstr (err, refused));
  }
}

/* What the round's sources told of the game. */
typedef struct
{
  guint merged;
  guint refused_over; /* refused for the end, at the ply after the last */
  guint refused_other;
  guint alerts;
  guint expected_ply;
} Told;

static void
source_event_cb (ArbRoundSources *sources, ArbRoundSourceEvent *event, Told *told)
{
  if (event->kind == ARB_ROUND_SOURCE_MERGED)
    told->merged++;
  else if (event->kind == ARB_ROUND_SOURCE_REFUSED &&
           event->refusal == ARB_ROUND_SOURCE_REFUSAL_GAME_OVER && event->ply == told->expected_ply)
    told->refused_over++;
  else if (event->kind == ARB_ROUND_SOURCE_REFUSED)
    told->refused_other++;
  else if (event->kind == ARB_ROUND_SOURCE_ALERT)
    told->alerts++;
}

/* The case's moves as a PGN game of round 1, board 1, and after the end
 * the first legal move of the final position (a token no rule allows
 * after a mate or a stalemate, like the one `play` is given). */
static char *
source_pgn (const EndCase *c)
{
  g_autoptr (GString) pgn = g_string_new ("[Event \"Test\"]\n[Round \"1.1\"]\n"
                                          "[White \"Test, White\"]\n[Black \"Test, Black\"]\n");
  g_auto (GStrv) moves = g_strsplit (c->moves, " ", -1);
  ArbPosition pos;

  if (c->fen != NULL)
    {
      g_assert_true (arb_position_set_fen (&pos, c->fen, ARB_FEN_FLAGS_NONE, NULL));
      g_string_append_printf (pgn, "[SetUp \"1\"]\n[FEN \"%s\"]\n", c->fen);
    }
  else
    arb_position_set_start (&pos);
  g_string_append (pgn, "\n");
  for (guint i = 0; moves[i] != NULL; i++)
    {
      ArbMove move = arb_san_parse (&pos, moves[i], strlen (moves[i]), NULL);
      ArbUndo undo;

      if (pos.side_to_move == ARB_WHITE)
        g_string_append_printf (pgn, "%u. ", pos.fullmove_number);
      g_string_append_printf (pgn, "%s ", moves[i]);
      arb_position_make_move (&pos, move, &undo);
    }
  if (c->result != NULL)
    {
      ArbMoveList list;
      char san[ARB_SAN_MAX];

      arb_position_legal_moves (&pos, &list);
      if (list.n_moves > 0)
        arb_san_write (&pos, list.moves[0], san);
      else
        g_strlcpy (san, "Kf1", sizeof san);
      if (pos.side_to_move == ARB_WHITE)
        g_string_append_printf (pgn, "%u. ", pos.fullmove_number);
      else
        g_string_append_printf (pgn, "%u... ", pos.fullmove_number);
      g_string_append_printf (pgn, "%s ", san);
    }
  g_string_append (pgn, "*\n");
  return g_string_free (g_steal_pointer (&pgn), FALSE);
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* The moves through a source: a PGN file the round's sources read, as
 * the window and `arbiter-cli follow` read it, into the window's game.
 * Every move of the case is stored; the move after the end is refused
 * for the end, once, and raises no alert. */
static void
play_with_source (ArbTournament *t, gint64 id, const EndCase *c)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (ArbNetWorker) worker = arb_net_worker_new ();
  g_autoptr (ArbRoundSources) sources = NULL;
  g_autofree char *pgn_path = arb_test_temp_path ("game-ends.pgn");
  g_autofree char *pgn = source_pgn (c);
  g_auto (GStrv) moves = g_strsplit (c->moves, " ", -1);
  guint n = g_strv_length (moves);
  Told told = { .expected_ply = n + 1 };
  ArbTimeControl tc;
  ArbEdition edition;
  ArbGame *game;
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  guint wake;

  g_assert_true (arb_edition_from_year (c->edition, &edition));
  g_assert_true (arb_time_control_parse ("40/5400+30:1800+30", &tc, NULL, &error));
  game = arb_game_load (t, id, &tc, edition, &error);
  g_assert_no_error (error);
  g_ptr_array_add (games, game);
  g_assert_true (g_file_set_contents (pgn_path, pgn, -1, &error));
  sources = arb_round_sources_new (worker, t, 1, games);
  g_signal_connect (sources, "event", G_CALLBACK (source_event_cb), &told);
  g_assert_nonnull (arb_round_sources_add (sources, pgn_path, 50, FALSE, &error));
  g_assert_no_error (error);

  /* The loop runs until the source's report is merged, a word for each
   * of its moves, however it went; the deadline only guards against a
   * hang. */
  wake = g_timeout_add (20, wake_cb, NULL);
  while (told.merged + told.refused_over + told.refused_other + told.alerts <
         n + (c->result != NULL ? 1 : 0))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (wake);
  arb_round_sources_stop (sources);

  g_assert_cmpuint (told.merged, ==, n);
  g_assert_cmpuint (told.refused_over, ==, c->result != NULL ? 1 : 0);
  g_assert_cmpuint (told.refused_other, ==, 0);
  g_assert_cmpuint (told.alerts, ==, 0);
  g_assert_true (arb_game_is_finished (game) == (c->result != NULL));
  g_assert_cmpuint (arb_game_get_n_plies (game), ==, n);
  g_signal_handlers_disconnect_by_data (sources, &told);
}

static void
test_end (gconstpointer data)
{
  const EndRun *run = data;
  const EndCase *c = run->c;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (ArbGameInfo) stored = NULL;
  g_autoptr (GArray) stored_moves = NULL;
  g_auto (GStrv) moves = g_strsplit (c->moves, " ", -1);
  gint64 id = add_end_game (t, c);

  if (run->writer == WRITER_GAME)
    play_with_game (t, id, c);
  else if (run->writer == WRITER_SOURCE)
    play_with_source (t, id, c);
  else
    {
      if (g_getenv ("ARBITER_CLI") == NULL)
        {
          g_test_skip ("ARBITER_CLI is not set");
          return;
        }
      play_with_cli (path, c);
    }

  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  stored = arb_tournament_get_game (again, id, &error);
  g_assert_no_error (error);
  rulings = arb_tournament_list_rulings (again, id, &error);
  g_assert_no_error (error);
  stored_moves = arb_tournament_get_moves (again, id, &error);
  g_assert_no_error (error);
  /* Every move of the case is stored, and none after the end. */
  g_assert_cmpuint (stored_moves->len, ==, g_strv_length (moves));

  if (c->result == NULL)
    {
      g_assert_cmpint (stored->result, ==, ARB_RESULT_ONGOING);
      g_assert_cmpuint (rulings->len, ==, 0);
      return;
    }

  /* The game is over in the file. */
  g_assert_cmpstr (arb_result_to_string (stored->result), ==, c->result);
  g_assert_cmpstr (stored->termination, ==, "normal");
  /* The ruling that says how, with its article, at the ply of the move. */
  g_assert_cmpuint (rulings->len, ==, 1);
  {
    const ArbRulingRecord *record = g_ptr_array_index (rulings, 0);
    g_autoptr (ArbRuling) ruling = arb_tournament_ruling_from_record (record, &error);
    const ArbEffect *result;

    g_assert_no_error (error);
    g_assert_cmpint (record->ply, ==, (int) stored_moves->len);
    g_assert_nonnull (strstr (record->articles, c->article));
    result = arb_ruling_find_effect (ruling, ARB_EFFECT_SET_RESULT);
    g_assert_nonnull (result);
    g_assert_cmpstr (arb_result_to_string (result->result), ==, c->result);
    g_assert_cmpint (result->ending, ==, c->ending);
  }
}

/* A file written before every writer took the one path: storage, which
 * does not judge repetitions, took the knights out and back five times
 * and on, 20 plies, and left the result "*". The start position stood for
 * the fifth time at ply 16 (9.6.1). The check names the end and its
 * article, and the window's game refuses a 21st ply, naming both plies
 * and the article, and stores nothing. */
static void
test_record_past_end (void)
{
  static const char *const cycle[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) stored = NULL;
  const EndCase c = { .edition = 2023 };
  ArbTimeControl tc;
  gint64 id = add_end_game (t, &c);
  const ArbPosition *pos;

  for (int ply = 1; ply <= 20; ply++)
    {
      ArbPosition now;

      g_assert_true (arb_tournament_replay (t, id, &now, NULL, &error));
      g_assert_true (arb_tournament_add_move (
        t, id, ply, NULL, arb_move_parse_uci (&now, cycle[(ply - 1) % 4], 4), -1, -1, &error));
      g_assert_no_error (error);
    }

  g_assert_false (arb_tournament_check (t, problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (problems->pdata[0], "ended at ply 16"));
  g_assert_nonnull (strstr (problems->pdata[0], "9.6.1"));
  g_assert_nonnull (strstr (problems->pdata[0], "from ply 17"));

  g_assert_true (arb_time_control_parse ("5400+30", &tc, NULL, &error));
  game = arb_game_load (t, id, &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  pos = arb_game_get_position (game, 20);
  g_assert_false (arb_game_play_move (game, arb_move_parse_uci (pos, "g1f3", 4), &error));
  g_assert_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "ply 21"));
  g_assert_nonnull (strstr (error->message, "ply 16"));
  g_assert_nonnull (strstr (error->message, "9.6.1"));
  g_clear_error (&error);

  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  stored = arb_tournament_get_moves (again, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->len, ==, 20);
}

/* A flag that falls, the arbiter watching (6.1, 6.8 of the 2018/2023
 * Laws), through the one path of a flag (arb-flag-path.h): lost for that
 * player, unless the opponent cannot checkmate by any series of legal
 * moves (6.9: drawn); the flag, the result and the ruling are stored
 * together. The window's clock takes this path (flag-window below). */
typedef struct
{
  const char *name;
  const char *fen;
  ArbColor side; /* whose flag falls; that side is to move */
  const char *result;
} FlagCase;

static const FlagCase flag_cases[] = {
  /* The whole army against White: Black can mate. */
  { "flag-loss", NULL, ARB_WHITE, "0-1" },
  /* A lone king cannot mate: drawn. */
  { "flag-lone-king", "8/8/4k3/8/8/8/3Q4/4K3 w - - 0 60", ARB_WHITE, "1/2-1/2" },
  /* King and knight against a lone king cannot mate: drawn. */
  { "flag-knight-lone-king", "8/8/4k3/8/8/8/3N4/4K3 b - - 0 60", ARB_BLACK, "1/2-1/2" },
  /* A knight can mate a king its own men hem in: 1. Rg1 Nf2#. Lost. */
  { "flag-knight-helpmate", "8/8/4k3/8/8/3n4/6PP/5R1K w - - 0 60", ARB_WHITE, "0-1" },
};

static void
test_flag (gconstpointer data)
{
  const FlagCase *c = data;
  const EndCase setup = { .edition = 2023, .fen = c->fen };
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbRuling) ending = NULL;
  g_autoptr (GPtrArray) rulings = NULL;
  g_autoptr (GArray) events = NULL;
  g_autoptr (ArbGameInfo) stored = NULL;
  gint64 id = add_end_game (t, &setup);
  ArbEventSettings event;
  guint flags = 0;
  ArbTimeControl tc;

  g_assert_true (arb_time_control_parse ("5400", &tc, NULL, &error));
  game = arb_game_load (t, id, &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  arb_event_settings_init (&event, ARB_EDITION_2023, ARB_CATEGORY_STANDARD);
  g_assert_true (arb_flag_path_record (t, id, 0, arb_game_get_position (game, 0), &event, c->side,
                                       c->side == ARB_WHITE ? 0 : 5400000,
                                       c->side == ARB_BLACK ? 0 : 5400000, TRUE, &ending, &error));
  g_assert_no_error (error);
  g_assert_nonnull (ending);
  g_assert_cmpstr (arb_result_to_string (arb_ruling_get_result (ending)), ==, c->result);

  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_DEFAULT, &error);
  g_assert_no_error (error);
  stored = arb_tournament_get_game (again, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_result_to_string (stored->result), ==, c->result);
  g_assert_cmpstr (stored->termination, ==, "time forfeit");
  events = arb_tournament_list_clock_events (again, id, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < events->len; i++)
    {
      const ArbClockEventInfo *e = &g_array_index (events, ArbClockEventInfo, i);

      if (e->kind == ARB_CLOCK_EVENT_FLAG)
        {
          flags++;
          g_assert_cmpint (e->side, ==, (int) c->side);
        }
    }
  g_assert_cmpuint (flags, ==, 1);
  rulings = arb_tournament_list_rulings (again, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rulings->len, ==, 1);
  {
    const ArbRulingRecord *record = g_ptr_array_index (rulings, 0);

    g_assert_cmpstr (record->kind, ==, "flag-fall");
    g_assert_nonnull (strstr (record->articles, "6.9"));
  }
}

static gint64
flag_now (gpointer data)
{
  return *(gint64 *) data;
}

/* The window's clock (ArbGame) takes the same path: a flag that the Laws
 * draw by themselves (6.9) ends the game with it; a loss on time waits
 * for the arbiter (6.8), the flag stored alone. */
static void
test_flag_window (gconstpointer data)
{
  const FlagCase *c = data;
  const EndCase setup = { .edition = 2023, .fen = c->fen };
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (ArbTournament) t = arb_test_new_tournament (&path);
  g_autoptr (ArbTournament) again = NULL;
  g_autoptr (ArbGame) game = NULL;
  g_autoptr (ArbGameInfo) stored = NULL;
  gint64 id = add_end_game (t, &setup);
  gboolean drawn = g_strcmp0 (c->result, "1/2-1/2") == 0;
  gint64 now = 1000000;
  ArbTimeControl tc;
  ArbColor fallen = ARB_COLOR_NONE;

  g_assert_true (arb_time_control_parse ("60", &tc, NULL, &error));
  game = arb_game_load (t, id, &tc, ARB_EDITION_2023, &error);
  g_assert_no_error (error);
  arb_clock_set_time_func (arb_game_get_clock (game), flag_now, &now, NULL);
  g_assert_true (arb_game_start_clock (game, &error));
  g_assert_no_error (error);
  now += 61 * G_USEC_PER_SEC;
  arb_clock_update (arb_game_get_clock (game));

  g_assert_true (arb_game_has_flag_fallen (game, &fallen));
  g_assert_cmpint (fallen, ==, c->side);
  g_assert_cmpint (arb_game_is_finished (game), ==, drawn);
  again = arb_tournament_open (path, ARB_TOURNAMENT_OPEN_READ_ONLY, &error);
  g_assert_no_error (error);
  stored = arb_tournament_get_game (again, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_result_to_string (stored->result), ==, drawn ? "1/2-1/2" : "*");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  arb_position_init ();

  static EndRun runs[N_WRITERS * G_N_ELEMENTS (cases)];
  static const char *const writer_names[] = { "game", "cli-play", "source" };

  for (gsize w = 0; w < N_WRITERS; w++)
    for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        EndRun *run = &runs[w * G_N_ELEMENTS (cases) + i];
        g_autofree char *path =
          g_strdup_printf ("/round/game-ends/%s/%s", writer_names[w], cases[i].name);

        run->c = &cases[i];
        run->writer = (Writer) w;
        g_test_add_data_func (path, run, test_end);
      }
  for (gsize i = 0; i < G_N_ELEMENTS (flag_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/round/game-ends/flag-path/%s", flag_cases[i].name);
      g_autofree char *window =
        g_strdup_printf ("/round/game-ends/flag-window/%s", flag_cases[i].name);

      g_test_add_data_func (path, &flag_cases[i], test_flag);
      g_test_add_data_func (window, &flag_cases[i], test_flag_window);
    }
  g_test_add_func ("/round/game-ends/record-past-end", test_record_past_end);
  return g_test_run ();
}
