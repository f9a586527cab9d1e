/* arb-demo.c: the demo tournament shown on first run
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-demo"

#include "config.h"

#include "arb-demo.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-clock.h"
#include "arb-i18n.h"
#include "arb-laws.h"
#include "arb-material.h"
#include "arb-flag-path.h"
#include "arb-move-path.h"
#include "arb-san.h"
#include "arb-time-control.h"
#include "arb-tournament-ruling.h"
#include "arb-tournament.h"

typedef enum
{
  DEMO_PLAIN,
  DEMO_ILLEGAL_MOVE, /* one illegal move recorded for Black */
  DEMO_ADJOURNED,    /* a sealed move in its envelope */
  DEMO_FLAG,         /* the flag of the side to move has fallen */
  DEMO_LOW_TIME,     /* the side to move has a few seconds left */
} DemoState;

typedef struct
{
  const char *fen; /* NULL: the standard start */
  int start_moves; /* moves each side had made before the FEN, for the clock */
  const char *moves;
  ArbResult result;
  const char *termination;
  DemoState state;
} DemoGame;

/* Openings of common theory, played to the middle game, and three
 * positions set up for the states the demo must show. */
static const DemoGame demo_games[] = {
  /* 1: Ruy Lopez, closed */
  { NULL, 0,
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 Nbd2 Bb7 "
    "Bc2 Re8 Nf1 Bf8 Ng3 g6 a4 c5 d5 c4 Bg5 h6 Be3 Nc5 Qd2 h5",
    ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
  /* 2: Queen's Gambit Declined, a position seen twice */
  { NULL, 0,
    "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6 cxd5 Nxd5 Bxe7 Qxe7 Nxd5 exd5 "
    "Rc1 Be6 Qa4 c5 Qa3 Rc8 Be2 Kh8 Qb3 Kg8 Qa3 Kh8 Qb3",
    ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
  /* 3: Sicilian, Najdorf */
  { NULL, 0,
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 "
    "g4 b5 g5 b4 Ne2 Ne8 f4 a5 f5 a4 Nbd4 exd4 Nxd4 b3 Kb1 bxc2+ Nxc2 Bb3",
    ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
  /* 4: King's Indian, one illegal move so far */
  { NULL, 0,
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7 Ne1 Nd7 Nd3 f5 Bd2 Nf6 "
    "f3 f4 g4 g5 c5 Ng6 Rc1 Rf7 cxd6 cxd6 Nb5 a6 Na3",
    ARB_RESULT_ONGOING, NULL, DEMO_ILLEGAL_MOVE },
  /* 5: a short game won by a mate on the back rank */
  { NULL, 0,
    "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 "
    "Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
    ARB_RESULT_WHITE_WINS, "normal", DEMO_PLAIN },
  /* 6: French, Winawer; adjourned with a sealed move */
  { NULL, 0,
    "e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+ bxc3 Ne7 Qg4 O-O Bd3 Nbc6 Qh5 Ng6 Nf3 Qc7 Be3 c4 "
    "Bxg6 fxg6 Qg4 Qf7 O-O Bd7 Rab1 b6 Rfe1 Rac8 Bc1 Rc7",
    ARB_RESULT_ONGOING, NULL, DEMO_ADJOURNED },
  /* 7: Caro-Kann, the same position for the third time: a claim is open */
  { NULL, 0,
    "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6 h4 h6 Nf3 Nd7 h5 Bh7 Bd3 Bxd3 Qxd3 e6 Bd2 Ngf6 "
    "O-O-O Be7 Kb1 O-O Rh4 Re8 Rhh1 Rf8 Rh4 Re8 Rhh1 Rf8",
    ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
  /* 8: rook and bishop against rook; the 50-move count is past 40 */
  { "8/5k2/8/3r4/8/2R5/4K3/4B3 w - - 78 71", 70, "Bd2 Rd7 Ke3 Ke6 Rc6+ Kf5 Rc5+ Ke6 Ke4 Rd6",
    ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
  /* 9: king and bishop against king: a dead position (5.2.2) */
  { "8/8/4k3/8/3p4/4K3/8/3B4 w - - 0 58", 57, "Kxd4", ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
  /* 10: English; a flag has fallen */
  { NULL, 0,
    "c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5 cxd5 Nxd5 Bg2 Nb6 O-O Be7 d3 O-O a3 Be6 b4 a5 b5 Nd4 "
    "Nd2 c6 bxc6 bxc6 Nde4 f5 Nc5 Bxc5",
    ARB_RESULT_ONGOING, NULL, DEMO_FLAG },
  /* 11: Nimzo-Indian, Rubinstein; seconds left */
  { NULL, 0,
    "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5 O-O Nc6 a3 Bxc3 bxc3 dxc4 Bxc4 Qc7 Bd3 e5 "
    "Qc2 Re8 e4 exd4 cxd4 Bg4",
    ARB_RESULT_ONGOING, NULL, DEMO_LOW_TIME },
  /* 12: Slav */
  { NULL, 0,
    "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5 e3 e6 Bxc4 Bb4 O-O Nbd7 Qe2 Bg6 e4 O-O Bd3 Bh5 "
    "e5 Nd5 Nxd5 cxd5 Qe3 Bg6",
    ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
  /* 13: Italian */
  { NULL, 0,
    "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O a6 a4 Ba7 Re1 O-O h3 h6 Nbd2 Re8 b4 Be6 Bxe6 "
    "Rxe6 Nf1 d5 Qc2",
    ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
  /* 14: London System */
  { NULL, 0,
    "d4 Nf6 Nf3 e6 Bf4 d5 e3 c5 c3 Nc6 Nbd2 Bd6 Bg3 O-O Bd3 b6 Ne5 Bb7 f4 Ne7 O-O Nf5 "
    "Bf2 Nd7 Qf3",
    ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
  /* 15: Scotch */
  { NULL, 0,
    "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6 e5 Qe7 Qe2 Nd5 c4 Ba6 b3 g5 g3 Bg7 Bb2 O-O "
    "Bg2 Rae8 O-O",
    ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
  /* 16: Grünfeld */
  { NULL, 0,
    "d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3 bxc3 Bg7 Nf3 c5 Rb1 O-O Be2 cxd4 cxd4 Qa5+ "
    "Bd2 Qxa2 O-O Bg4 Bg5 h6 Be3 Nc6 d5",
    ARB_RESULT_ONGOING, NULL, DEMO_PLAIN },
};

G_STATIC_ASSERT (G_N_ELEMENTS (demo_games) == ARB_DEMO_BOARDS);

/* Invented players: any likeness to a real player is a coincidence. */
typedef struct
{
  const char *name;
  const char *title;
  int rating;
  const char *federation;
} DemoPlayer;

static const DemoPlayer demo_players[] = {
  { "Lindqvist, Erik", "GM", 2601, "SWE" },   { "Haugen, Ingrid", "IM", 2452, "NOR" },
  { "de Vries, Maarten", "GM", 2588, "NED" }, { "Sørensen, Mette", "WGM", 2371, "DEN" },
  { "Bakker, Jeroen", "IM", 2479, "NED" },    { "Nyström, Anna", "WIM", 2298, "SWE" },
  { "Halvorsen, Sindre", "FM", 2403, "NOR" }, { "Madsen, Kasper", "IM", 2466, "DEN" },
  { "Visser, Femke", "WFM", 2187, "NED" },    { "Ekström, Johan", "FM", 2356, "SWE" },
  { "Berg, Tuva", NULL, 2044, "NOR" },        { "Christensen, Lars", "FM", 2331, "DEN" },
  { "Jansen, Pieter", NULL, 2212, "NED" },    { "Åberg, Linnea", "WIM", 2275, "SWE" },
  { "Dahl, Magnus", "IM", 2418, "NOR" },      { "Kjær, Sofie", NULL, 2101, "DEN" },
  { "Mulder, Sven", "FM", 2344, "NED" },      { "Holm, Frida", NULL, 1987, "SWE" },
  { "Strand, Ola", "CM", 2156, "NOR" },       { "Nielsen, Emil", NULL, 2079, "DEN" },
  { "Smit, Lotte", "WFM", 2120, "NED" },      { "Gustafsson, Nils", "FM", 2302, "SWE" },
  { "Lie, Kari", NULL, 1945, "NOR" },         { "Poulsen, Jonas", "CM", 2188, "DEN" },
  { "de Boer, Thijs", NULL, 2066, "NED" },    { "Sandberg, Elsa", NULL, 1902, "SWE" },
  { "Eriksen, Håkon", NULL, 2011, "NOR" },    { "Larsen, Ida", "WCM", 1976, "DEN" },
  { "Meijer, Ruben", NULL, 2143, "NED" },     { "Wikström, Oskar", "FM", 2289, "SWE" },
  { "Hansen, Vilde", NULL, 1899, "NOR" },     { "Andersen, Mads", NULL, 2034, "DEN" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (demo_players) == 2 * ARB_DEMO_BOARDS);

/* For rounds larger than the fixture: names combined from these. */
static const char *const extra_first[] = {
  "Alva",  "Bram",   "Cecilie", "Daan",   "Eira",  "Frej",
  "Greta", "Henrik", "Isak",    "Jorien", "Klara", "Leif"
};
static const char *const extra_last[] = { "Aalders", "Brekke", "Carlsson", "Dijkstra",
                                          "Engel",   "Fjeld",  "Grøn",     "Hedlund",
                                          "Iversen", "Jonker", "Kvist",    "Lund" };

static gint64
fake_time (gpointer user_data)
{
  return *(gint64 *) user_data;
}

/* Thinking time of a move, in seconds: short in the opening, longer
 * later, varied but the same on every run. */
static gint64
demo_think_s (guint board, guint ply)
{
  guint h = (board * 7919u + ply * 104729u) ^ (ply << 7);

  if (ply <= 12)
    return 3 + h % 30;
  return 20 + h % 260;
}

static gboolean
add_demo_player (ArbTournament *t, guint index, gint64 *id, GError **error)
{
  ArbPlayerInfo info = { 0 };
  g_autofree char *name = NULL;

  if (index < G_N_ELEMENTS (demo_players))
    {
      const DemoPlayer *p = &demo_players[index];

      name = g_strdup (p->name);
      info.title = (char *) p->title;
      info.rating = p->rating;
      info.federation = (char *) p->federation;
    }
  else
    {
      guint k = index - G_N_ELEMENTS (demo_players);

      name = g_strdup_printf (
        "%s, %s", extra_last[k % G_N_ELEMENTS (extra_last)],
        extra_first[(k / G_N_ELEMENTS (extra_last) + k * 5) % G_N_ELEMENTS (extra_first)]);
      info.rating = 2250 - (int) (k * 7 % 400);
      info.federation = (char *) (k % 3 == 0 ? "SWE" : k % 3 == 1 ? "NOR" : "NED");
    }
  info.name = name;
  info.start_no = (int) index + 1;
  *id = arb_tournament_add_player (t, &info, error);
  return *id != 0;
}

/* What the demo game @g shows at the desk beyond its moves: an illegal
 * move restored, a sealed move, a flag or a clock low on time. */
static gboolean
write_demo_state (ArbTournament *t,
                  const ArbTimeControl *tc,
                  const DemoGame *g,
                  gint64 game_id,
                  const ArbPosition *position,
                  ArbClock *clock,
                  guint n_plies,
                  GError **error)
{
  ArbPosition pos = *position;

  switch (g->state)
    {
    case DEMO_ILLEGAL_MOVE:
      {
        /* Black's 12th move was first played illegally (the king walked
         * into check), then the position was restored and the move
         * replayed. */
        ArbIrregularityRecord irr = {
          .ply = 24,
          .kind = "illegal-move",
          .side = ARB_BLACK,
          .move_text = "Kh8",
          .fen_before = NULL,
          .restored_ply = 23,
          .note = NULL,
        };

        if (n_plies < 24)
          break;
        if (arb_tournament_add_irregularity (t, game_id, &irr, error) == 0)
          return FALSE;
      }
      break;

    case DEMO_ADJOURNED:
      {
        ArbMoveList legal;
        char sealed[ARB_SAN_MAX];
        char fen[ARB_FEN_MAX];
        ArbSealedMoveRecord env = { 0 };
        const ArbTimePeriod *first = &tc->periods[ARB_WHITE][0];

        arb_position_legal_moves (&pos, &legal);
        arb_san_write (&pos, legal.moves[legal.n_moves / 2], sealed);
        arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, fen);
        env.ply = (int) n_plies + 1;
        env.side = pos.side_to_move;
        env.move_number = pos.fullmove_number;
        env.move_text = sealed;
        env.fen_before = fen;
        env.white_used_ms =
          MAX (0, first->time_ms - arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000);
        env.black_used_ms =
          MAX (0, first->time_ms - arb_clock_get_remaining_us (clock, ARB_BLACK) / 1000);
        env.resume_at = "tomorrow 09:00";
        env.resume_place = "playing hall";
        if (arb_tournament_add_sealed_move (t, game_id, &env, error) == 0)
          return FALSE;
      }
      break;

    case DEMO_FLAG:
    case DEMO_LOW_TIME:
      {
        ArbColor side = pos.side_to_move;
        gint64 left_ms = g->state == DEMO_FLAG ? 0 : 9600;
        ArbClockEventRecord ev = {
          .ply = (int) n_plies,
          .kind = g->state == DEMO_FLAG ? ARB_CLOCK_EVENT_FLAG : ARB_CLOCK_EVENT_SET_TIME,
          .side = side,
          .amount_ms = left_ms,
          .white_ms =
            side == ARB_WHITE ? left_ms : arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000,
          .black_ms =
            side == ARB_BLACK ? left_ms : arb_clock_get_remaining_us (clock, ARB_BLACK) / 1000,
        };

        /* A flag takes the one path of a flag, as the window's clock does
         * (arb-flag-path.h); the low time is a time set. */
        if (g->state == DEMO_FLAG)
          {
            ArbEventSettings event;

            arb_event_settings_init (&event, ARB_EDITION_2023, ARB_CATEGORY_STANDARD);
            if (!arb_flag_path_record (t, game_id, ev.ply, &pos, &event, side, ev.white_ms,
                                       ev.black_ms, FALSE, NULL, error))
              return FALSE;
          }
        else if (arb_tournament_add_clock_event (t, game_id, &ev, error) == 0)
          return FALSE;
      }
      break;

    case DEMO_PLAIN:
    default:
      break;
    }
  return TRUE;
}

static gboolean
write_demo_game (ArbTournament *t,
                 const ArbTimeControl *tc,
                 guint board,
                 const DemoGame *g,
                 guint max_plies,
                 gint64 white_id,
                 gint64 black_id,
                 GError **error)
{
  ArbGameInfo info = { 0 };
  g_auto (GStrv) tokens = g_strsplit (g->moves, " ", -1);
  g_autoptr (ArbClock) clock = NULL;
  g_autoptr (ArbGameStatus) status = NULL;
  ArbEventSettings event;
  ArbPosition pos;
  gint64 now = 1000000;
  gint64 game_id;
  guint n_plies = 0;
  gboolean finished = g->result != ARB_RESULT_ONGOING;

  info.round = 1;
  info.board = (int) board;
  info.white_id = white_id;
  info.black_id = black_id;
  info.result = ARB_RESULT_ONGOING;
  info.rated = TRUE;
  info.start_fen = (char *) g->fen;
  game_id = arb_tournament_add_game (t, &info, error);
  if (game_id == 0)
    return FALSE;

  if (g->fen != NULL)
    {
      if (!arb_position_set_fen (&pos, g->fen, ARB_FEN_FLAGS_NONE, error))
        return FALSE;
    }
  else
    arb_position_set_start (&pos);
  /* The demo event plays the 2023 Laws, standard. */
  arb_event_settings_init (&event, ARB_EDITION_2023, ARB_CATEGORY_STANDARD);
  status = arb_game_status_new (&pos);
  arb_game_status_set_edition (status, event.edition);

  /* The clock times stored with each move come from a real ArbClock run on
   * a made-up time line, so periods and increments are right. */
  clock = arb_clock_new (tc);
  arb_clock_set_time_func (clock, fake_time, &now, NULL);
  if (pos.side_to_move == ARB_BLACK)
    arb_clock_set_first_side (clock, ARB_BLACK);
  arb_clock_start (clock);
  if (g->start_moves > 0)
    {
      /* A set-up ending: the players are in the last period with little
       * time left. */
      arb_clock_set_moves (clock, ARB_WHITE, (guint) g->start_moves);
      arb_clock_set_moves (clock, ARB_BLACK, (guint) g->start_moves);
      arb_clock_set_time (clock, ARB_WHITE, (gint64) (11 * 60 + 42) * G_USEC_PER_SEC);
      arb_clock_set_time (clock, ARB_BLACK, (gint64) (6 * 60 + 8) * G_USEC_PER_SEC);
    }

  for (guint i = 0; tokens[i] != NULL && n_plies < max_plies; i++)
    {
      char san[ARB_SAN_MAX];
      ArbMove move;
      ArbUndo undo;

      if (tokens[i][0] == '\0')
        continue;
      move = arb_san_parse (&pos, tokens[i], strlen (tokens[i]), error);
      if (move == ARB_MOVE_NONE)
        {
          g_prefix_error (error, _ ("demo board %u, ply %u: "), board, n_plies + 1);
          return FALSE;
        }
      now += demo_think_s (board, n_plies + 1) * G_USEC_PER_SEC;
      arb_clock_press (clock);
      n_plies++;
      {
        /* The one path of a move stores the end a move brings with it, as
         * the workstation stores it (board 5 mates, board 9 leaves a dead
         * position). */
        gint64 white_ms = arb_clock_get_remaining_us (clock, ARB_WHITE) / 1000;
        gint64 black_ms = arb_clock_get_remaining_us (clock, ARB_BLACK) / 1000;

        if (!arb_move_path_record (t, game_id, status, &event, move, white_ms, black_ms, san, NULL,
                                   error))
          return FALSE;
      }
      arb_position_make_move (&pos, move, &undo);
    }

  if (finished)
    return arb_tournament_set_result (t, game_id, g->result, g->termination, error);

  return write_demo_state (t, tc, g, game_id, &pos, clock, n_plies, error);
}

gboolean
arb_demo_create (const char *path, guint n_boards, GError **error)
{
  g_autoptr (ArbTournament) t = NULL;
  g_autofree char *tmp_path = NULL;
  ArbEventInfo event = { 0 };
  ArbTimeControl tc;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GDateTime) today = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (today, "%Y-%m-%d");
  gboolean ok = TRUE;
  gboolean batch = FALSE;

  g_return_val_if_fail (path != NULL, FALSE);

  n_boards = MAX (n_boards, ARB_DEMO_MIN_BOARDS);
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_EXISTS,
                   /* Translators: %s is a file's path */
                   _ ("%s already exists; it was not changed"), path);
      return FALSE;
    }
  if (!arb_time_control_parse (ARB_DEMO_TIME_CONTROL, &tc, NULL, error))
    return FALSE;

  tmp_path = g_strconcat (path, ".part", NULL);
  g_unlink (tmp_path);

  event.name = (char *) "Arbiter Demo Open";
  event.venue = (char *) "Playing hall";
  event.start_date = date;
  event.end_date = date;
  event.chief_arbiter = (char *) "Demo Arbiter";
  event.edition = ARB_EDITION_2023;
  event.time_control = (char *) ARB_DEMO_TIME_CONTROL;
  event.settings = (char *) "{}";
  t = arb_tournament_create (tmp_path, &event, error);
  if (t == NULL)
    return FALSE;
  /* The whole round is one batch: one durable commit instead of one for
   * each player, game and move. */
  ok = batch = arb_tournament_begin_batch (t, error);

  for (guint i = 0; ok && i < 2 * n_boards; i++)
    {
      gint64 id;

      ok = add_demo_player (t, i, &id, error);
      if (ok)
        g_array_append_val (ids, id);
    }

  for (guint b = 0; ok && b < n_boards; b++)
    {
      const DemoGame *g = &demo_games[b % ARB_DEMO_BOARDS];
      gint64 white = g_array_index (ids, gint64, 2 * b + (b % 2));
      gint64 black = g_array_index (ids, gint64, 2 * b + 1 - (b % 2));
      guint max_plies = G_MAXUINT;

      /* Repeated openings stop at different points, as games do. */
      if (b >= ARB_DEMO_BOARDS)
        {
          g = &demo_games[(b * 5) % ARB_DEMO_BOARDS];
          if (g->fen != NULL || g->state != DEMO_PLAIN || g->result != ARB_RESULT_ONGOING)
            g = &demo_games[0];
          max_plies = 8 + (b * 7) % 24;
        }
      ok = write_demo_game (t, &tc, b + 1, g, max_plies, white, black, error);
    }

  if (ok)
    ok = arb_tournament_commit_batch (t, error);
  else if (batch)
    arb_tournament_rollback_batch (t);
  g_clear_object (&t);

  if (ok && g_rename (tmp_path, path) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path,
                   g_strerror (saved));
      ok = FALSE;
    }
  if (!ok)
    g_unlink (tmp_path);
  return ok;
}
