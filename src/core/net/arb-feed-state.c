/* arb-feed-state.c: one published state of the feed, rendered
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "arb-net"

#include "arb-feed-state.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-pgn-game.h"
#include "arb-pgn-writer.h"

typedef struct
{
  GBytes *plain;
  char *etag;
  GBytes *gzip; /* made on first use, set once with compare-and-exchange */
  char *etag_gzip;
} Body;

struct _ArbFeedState
{
  ArbFeedRound *round;
  gint64 now_us;
  gint64 delay_us;
  guint64 seq;
  ArbFeedView *views;
  gint64 next_release_us;
  Body round_pgn;
  Body *board_pgn; /* one per game of the round */
  Body pairings_json;
  Body standings_json;
};

G_DEFINE_BOXED_TYPE (ArbFeedState, arb_feed_state, arb_feed_state_ref, arb_feed_state_unref)

const char *
arb_feed_result_tag (ArbResult result)
{
  switch (result)
    {
    case ARB_RESULT_WHITE_WINS:
    case ARB_RESULT_WHITE_FORFEIT_WIN:
      return "1-0";
    case ARB_RESULT_BLACK_WINS:
    case ARB_RESULT_BLACK_FORFEIT_WIN:
      return "0-1";
    case ARB_RESULT_DRAW:
      return "1/2-1/2";
    case ARB_RESULT_BOTH_LOSE:
    case ARB_RESULT_DOUBLE_FORFEIT:
      return "0-0";
    case ARB_RESULT_WHITE_HALF:
      return "1/2-0";
    case ARB_RESULT_BLACK_HALF:
      return "0-1/2";
    case ARB_RESULT_ONGOING:
    default:
      return "*";
    }
}

/* The termination marker of the movetext: PGN has four, and "*" stands
 * for a score it cannot write, with the Result tag saying it. */
static ArbPgnResult
result_marker (ArbResult result)
{
  const char *tag = arb_feed_result_tag (result);
  ArbPgnResult marker = arb_pgn_result_from_string (tag, strlen (tag));

  return marker != ARB_PGN_RESULT_NONE ? marker : ARB_PGN_RESULT_ONGOING;
}

static void
body_clear (Body *body)
{
  g_clear_pointer (&body->plain, g_bytes_unref);
  g_clear_pointer (&body->etag, g_free);
  g_clear_pointer (&body->gzip, g_bytes_unref);
  g_clear_pointer (&body->etag_gzip, g_free);
}

static void
body_set (Body *body, GString *text)
{
  g_autofree char *sum = NULL;

  sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text->str, text->len);
  body->etag = g_strdup_printf ("\"%.32s\"", sum);
  body->etag_gzip = g_strdup_printf ("\"%.32s-gz\"", sum);
  body->plain = g_string_free_to_bytes (text);
}

static GBytes *
gzip_bytes (GBytes *plain)
{
  g_autoptr (GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
  g_autoptr (GOutputStream) memory = g_memory_output_stream_new_resizable ();
  g_autoptr (GOutputStream) out = g_converter_output_stream_new (memory, G_CONVERTER (compressor));
  gsize size = 0;
  const char *data = g_bytes_get_data (plain, &size);

  /* Memory streams do not fail. */
  g_output_stream_write_all (out, data, size, NULL, NULL, NULL);
  g_output_stream_close (out, NULL, NULL);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
}

static GBytes *
body_get (Body *body, gboolean gzip, const char **etag)
{
  GBytes *compressed;

  if (!gzip)
    {
      if (etag != NULL)
        *etag = body->etag;
      return g_bytes_ref (body->plain);
    }
  compressed = g_atomic_pointer_get (&body->gzip);
  if (compressed == NULL)
    {
      compressed = gzip_bytes (body->plain);
      if (!g_atomic_pointer_compare_and_exchange (&body->gzip, NULL, compressed))
        {
          g_bytes_unref (compressed);
          compressed = g_atomic_pointer_get (&body->gzip);
        }
    }
  if (etag != NULL)
    *etag = body->etag_gzip;
  return g_bytes_ref (compressed);
}

/* Clock times are published in whole seconds, as DGT clocks and relays
 * give them. */
static gint64
whole_seconds (gint64 ms)
{
  return ms < 0 ? ms : ms / 1000 * 1000;
}

static void
set_tag_int (ArbPgnGame *pgn, const char *name, gint64 value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);
  arb_pgn_game_set_tag (pgn, name, buf);
}

static void
set_player_tags (ArbPgnGame *pgn, const char *side, const ArbFeedPlayer *p)
{
  g_autofree char *title = g_strconcat (side, "Title", NULL);
  g_autofree char *elo = g_strconcat (side, "Elo", NULL);
  g_autofree char *fide = g_strconcat (side, "FideId", NULL);
  g_autofree char *team = g_strconcat (side, "Team", NULL);

  if (p->title != NULL)
    arb_pgn_game_set_tag (pgn, title, p->title);
  if (p->rating > 0)
    set_tag_int (pgn, elo, p->rating);
  if (p->fide_id > 0)
    set_tag_int (pgn, fide, p->fide_id);
  if (p->team != NULL)
    arb_pgn_game_set_tag (pgn, team, p->team);
}

/* One game in PGN export format: the seven tag roster with Round the
 * round's number, Board, the players' titles, ratings, FIDE ids and teams,
 * TimeControl, WhiteClock and BlackClock with the clocks' times while the
 * game goes on, the Termination, for a forfeit ArbiterResult with the
 * file's mark, [%clk] after every move whose time is known. */
static void
write_game_pgn (GString *out,
                const ArbFeedRound *round,
                const ArbFeedGame *game,
                const ArbFeedView *view)
{
  g_autoptr (ArbPgnGame) pgn = arb_pgn_game_new ();
  const char *tag = arb_feed_result_tag (view->result);
  gsize start = out->len;
  ArbPosition pos = game->start;

  pgn->start = game->start;
  arb_pgn_game_set_tag (pgn, "Event", round->event_name != NULL ? round->event_name : "?");
  arb_pgn_game_set_tag (pgn, "Site", round->site != NULL ? round->site : "?");
  if (round->date != NULL)
    arb_pgn_game_set_tag (pgn, "Date", round->date);
  set_tag_int (pgn, "Round", round->round);
  arb_pgn_game_set_tag (pgn, "White", game->white.name);
  arb_pgn_game_set_tag (pgn, "Black", game->black.name);
  set_tag_int (pgn, "Board", game->board);
  set_player_tags (pgn, "White", &game->white);
  set_player_tags (pgn, "Black", &game->black);
  if (round->time_control != NULL && round->time_control[0] != '\0')
    arb_pgn_game_set_tag (pgn, "TimeControl", round->time_control);
  if (view->result == ARB_RESULT_ONGOING && view->clock.known)
    {
      char clock[32];

      arb_pgn_write_clock (whole_seconds (view->clock.white_ms), clock);
      arb_pgn_game_set_tag (pgn, "WhiteClock", clock);
      arb_pgn_write_clock (whole_seconds (view->clock.black_ms), clock);
      arb_pgn_game_set_tag (pgn, "BlackClock", clock);
    }
  if (game->termination != NULL && view->result != ARB_RESULT_ONGOING)
    arb_pgn_game_set_tag (pgn, "Termination", game->termination);
  if (arb_result_is_forfeit (view->result))
    arb_pgn_game_set_tag (pgn, "ArbiterResult", arb_result_to_string (view->result));
  if (game->start_fen != NULL)
    arb_pgn_game_set_tag (pgn, "FEN", game->start_fen);

  for (guint i = 0; i < view->n_plies; i++)
    {
      const ArbFeedPly *ply = &g_array_index (game->plies, ArbFeedPly, i);
      ArbPgnNode *node = arb_pgn_game_append_move (pgn, ply->move);
      gint64 ms = pos.side_to_move == ARB_WHITE ? ply->white_ms : ply->black_ms;
      ArbUndo undo;

      node->clock_ms = ms >= 0 ? whole_seconds (ms) : ARB_PGN_NO_TIME;
      node->emt_ms = ARB_PGN_NO_TIME;
      arb_position_make_move (&pos, ply->move, &undo);
    }
  pgn->result = result_marker (view->result);
  arb_pgn_write_game (out, pgn, ARB_PGN_WRITE_DEFAULT);

  /* The writer keeps the Result tag equal to the marker; a score PGN has
   * no marker for goes in the tag alone. That is the form lichess reads
   * for a broadcast: its broadcasts take 0-0, 1/2-0 and 0-1/2 in the
   * Result tag since lichess-org/lila pull request 16081 (2024; before,
   * lila issue 11503, 0-0 was read as a draw); scalachess's PGN parser
   * uses the movetext's marker only when there is no Result tag, and
   * would read a "0-0" there as castling. */
  if (strcmp (tag, arb_pgn_result_to_string (pgn->result)) != 0)
    {
      g_autofree char *from =
        g_strdup_printf ("[Result \"%s\"]\n", arb_pgn_result_to_string (pgn->result));
      g_autofree char *to = g_strdup_printf ("[Result \"%s\"]\n", tag);
      char *at = strstr (out->str + start, from);

      if (at != NULL)
        {
          gsize offset = (gsize) (at - out->str);

          g_string_erase (out, (gssize) offset, (gssize) strlen (from));
          g_string_insert (out, (gssize) offset, to);
        }
    }
}

static void
render_pgn (ArbFeedState *self)
{
  GPtrArray *games = self->round->games;
  GString *all = g_string_sized_new (4096 * MAX (games->len, 1));

  self->board_pgn = g_new0 (Body, MAX (games->len, 1));
  for (guint i = 0; i < games->len; i++)
    {
      GString *one = g_string_sized_new (4096);

      write_game_pgn (one, self->round, g_ptr_array_index (games, i), &self->views[i]);
      g_string_append_len (all, one->str, (gssize) one->len);
      body_set (&self->board_pgn[i], one);
    }
  body_set (&self->round_pgn, all);
}

static void render_lists (ArbFeedState *self);

ArbFeedState *
arb_feed_state_new (ArbFeedRound *round, gint64 now_us, gint64 delay_us, guint64 seq)
{
  ArbFeedState *self;
  gint64 view_us = now_us - MAX (delay_us, 0);

  g_return_val_if_fail (round != NULL, NULL);

  self = g_atomic_rc_box_new0 (ArbFeedState);
  self->round = arb_feed_round_ref (round);
  self->now_us = now_us;
  self->delay_us = MAX (delay_us, 0);
  self->seq = seq;
  self->views = g_new0 (ArbFeedView, MAX (round->games->len, 1));
  self->next_release_us = G_MAXINT64;
  for (guint i = 0; i < round->games->len; i++)
    {
      const ArbFeedGame *game = g_ptr_array_index (round->games, i);

      arb_feed_game_view (game, view_us, &self->views[i]);
      if (self->delay_us > 0)
        {
          gint64 next = arb_feed_game_next_change (game, view_us);

          if (next != G_MAXINT64)
            self->next_release_us = MIN (self->next_release_us, next + self->delay_us);
        }
    }
  render_pgn (self);
  render_lists (self);
  return self;
}

static void
state_clear (gpointer data)
{
  ArbFeedState *self = data;

  for (guint i = 0; i < self->round->games->len; i++)
    body_clear (&self->board_pgn[i]);
  g_free (self->board_pgn);
  body_clear (&self->round_pgn);
  body_clear (&self->pairings_json);
  body_clear (&self->standings_json);
  g_free (self->views);
  arb_feed_round_unref (self->round);
}

ArbFeedState *
arb_feed_state_ref (ArbFeedState *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_atomic_rc_box_acquire (self);
}

void
arb_feed_state_unref (ArbFeedState *self)
{
  g_return_if_fail (self != NULL);
  g_atomic_rc_box_release_full (self, state_clear);
}

ArbFeedRound *
arb_feed_state_get_round (ArbFeedState *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->round;
}

guint64
arb_feed_state_get_seq (ArbFeedState *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->seq;
}

gint64
arb_feed_state_get_delay_us (ArbFeedState *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->delay_us;
}

const ArbFeedView *
arb_feed_state_get_view (ArbFeedState *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->round->games->len, NULL);
  return &self->views[index];
}

gint64
arb_feed_state_get_next_release_us (ArbFeedState *self)
{
  g_return_val_if_fail (self != NULL, G_MAXINT64);
  return self->next_release_us;
}

GBytes *
arb_feed_state_get_pgn (ArbFeedState *self, gboolean gzip, const char **etag)
{
  g_return_val_if_fail (self != NULL, NULL);
  return body_get (&self->round_pgn, gzip, etag);
}

GBytes *
arb_feed_state_get_board_pgn (ArbFeedState *self, int board, gboolean gzip, const char **etag)
{
  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; i < self->round->games->len; i++)
    if (((ArbFeedGame *) g_ptr_array_index (self->round->games, i))->board == board)
      return body_get (&self->board_pgn[i], gzip, etag);
  return NULL;
}

/* JSON */

static void
add_string_or_null (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
add_player (JsonBuilder *b, const char *name, const ArbFeedPlayer *p)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  add_string_or_null (b, "name", p->name);
  add_string_or_null (b, "title", p->title);
  json_builder_set_member_name (b, "rating");
  json_builder_add_int_value (b, p->rating);
  json_builder_set_member_name (b, "fideId");
  json_builder_add_int_value (b, p->fide_id);
  add_string_or_null (b, "federation", p->federation);
  add_string_or_null (b, "team", p->team);
  json_builder_end_object (b);
}

static const char *
side_name (int side)
{
  return side == ARB_WHITE ? "white" : side == ARB_BLACK ? "black" : NULL;
}

/* A running clock counts from "at", a time on the server's clock: the
 * moment its state began, moved on by the delay, so that the display's
 * arithmetic is the same with or without one. */
static void
add_clock (JsonBuilder *b, const ArbFeedView *view, gint64 delay_us)
{
  json_builder_set_member_name (b, "clock");
  if (!view->clock.known)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "white");
  json_builder_add_int_value (b, view->clock.white_ms);
  json_builder_set_member_name (b, "black");
  json_builder_add_int_value (b, view->clock.black_ms);
  add_string_or_null (b, "running", side_name (view->clock.running));
  json_builder_set_member_name (b, "at");
  json_builder_add_int_value (b, (view->clock.at_us + delay_us) / 1000);
  json_builder_end_object (b);
}

static void
add_changes (JsonBuilder *b, ArbFeedChangeFlags flags)
{
  json_builder_set_member_name (b, "changes");
  json_builder_begin_array (b);
  if (flags & ARB_FEED_CHANGE_MOVE)
    json_builder_add_string_value (b, "move");
  if (flags & ARB_FEED_CHANGE_RESULT)
    json_builder_add_string_value (b, "result");
  if (flags & ARB_FEED_CHANGE_CLOCK)
    json_builder_add_string_value (b, "clock");
  json_builder_end_array (b);
}

static void
add_game (JsonBuilder *b, ArbFeedState *self, guint index, gboolean with_moves)
{
  const ArbFeedGame *game = g_ptr_array_index (self->round->games, index);
  const ArbFeedView *view = &self->views[index];
  char fen[ARB_FEN_MAX];
  ArbPosition pos;

  json_builder_set_member_name (b, "board");
  json_builder_add_int_value (b, game->board);
  add_player (b, "white", &game->white);
  add_player (b, "black", &game->black);
  add_string_or_null (b, "result", arb_result_to_string (view->result));
  add_string_or_null (b, "termination",
                      view->result != ARB_RESULT_ONGOING ? game->termination : NULL);
  json_builder_set_member_name (b, "ply");
  json_builder_add_int_value (b, view->n_plies);
  arb_feed_game_position (game, view->n_plies, &pos);
  arb_position_write_fen (&pos, ARB_FEN_FLAGS_NONE, fen);
  add_string_or_null (b, "fen", fen);
  if (view->n_plies > 0)
    {
      const ArbFeedPly *last = &g_array_index (game->plies, ArbFeedPly, view->n_plies - 1);

      add_string_or_null (b, "lastMove", last->uci);
      add_string_or_null (b, "san", last->san);
    }
  else
    {
      add_string_or_null (b, "lastMove", NULL);
      add_string_or_null (b, "san", NULL);
    }
  add_clock (b, view, self->delay_us);
  if (!with_moves)
    return;

  json_builder_set_member_name (b, "moves");
  json_builder_begin_array (b);
  pos = game->start;
  for (guint i = 0; i < view->n_plies; i++)
    {
      const ArbFeedPly *ply = &g_array_index (game->plies, ArbFeedPly, i);
      gint64 ms = pos.side_to_move == ARB_WHITE ? ply->white_ms : ply->black_ms;
      ArbUndo undo;

      json_builder_begin_object (b);
      add_string_or_null (b, "san", ply->san);
      json_builder_set_member_name (b, "clock");
      if (ms >= 0)
        json_builder_add_int_value (b, whole_seconds (ms));
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
      arb_position_make_move (&pos, ply->move, &undo);
    }
  json_builder_end_array (b);
}

static char *
builder_to_string (JsonBuilder *b)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (b);

  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static const char *
bye_kind (char code)
{
  return code == 'U'   ? "pairing-allocated"
         : code == 'H' ? "half-point"
         : code == 'F' ? "full-point"
         : code == 'Z' ? "zero-point"
                       : "bye";
}

/* The round's byes: each player's name and the kind of bye, by the
 * names the display and other readers take ("pairing-allocated",
 * "half-point", "full-point", "zero-point", or "bye"). */
static void
add_byes (JsonBuilder *b, const ArbFeedRound *round)
{
  json_builder_set_member_name (b, "byes");
  json_builder_begin_array (b);
  for (guint i = 0; round->byes != NULL && i < round->byes->len; i++)
    {
      const ArbFeedBye *bye = &g_array_index (round->byes, ArbFeedBye, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, bye->name);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, bye_kind (bye->code));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

char *
arb_feed_state_to_json (ArbFeedState *self, gint64 now_us)
{
  g_autoptr (JsonBuilder) b = json_builder_new_immutable ();

  g_return_val_if_fail (self != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "now");
  json_builder_add_int_value (b, now_us / 1000);
  json_builder_set_member_name (b, "seq");
  json_builder_add_int_value (b, (gint64) self->seq);
  json_builder_set_member_name (b, "event");
  json_builder_begin_object (b);
  add_string_or_null (b, "name", self->round->event_name);
  add_string_or_null (b, "site", self->round->site);
  add_string_or_null (b, "date", self->round->date);
  add_string_or_null (b, "timeControl", self->round->time_control);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "round");
  json_builder_add_int_value (b, self->round->round);
  json_builder_set_member_name (b, "delay");
  json_builder_add_int_value (b, self->delay_us / G_USEC_PER_SEC);
  json_builder_set_member_name (b, "games");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->round->games->len; i++)
    {
      json_builder_begin_object (b);
      add_game (b, self, i, TRUE);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_byes (b, self->round);
  json_builder_end_object (b);
  return builder_to_string (b);
}

char *
arb_feed_state_game_to_json (ArbFeedState *self,
                             guint index,
                             ArbFeedChangeFlags flags,
                             gint64 now_us)
{
  g_autoptr (JsonBuilder) b = json_builder_new_immutable ();

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->round->games->len, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "now");
  json_builder_add_int_value (b, now_us / 1000);
  json_builder_set_member_name (b, "seq");
  json_builder_add_int_value (b, (gint64) self->seq);
  add_changes (b, flags);
  add_game (b, self, index, FALSE);
  json_builder_end_object (b);
  return builder_to_string (b);
}

/* Changes */

static gboolean
player_equal (const ArbFeedPlayer *a, const ArbFeedPlayer *b)
{
  return g_strcmp0 (a->name, b->name) == 0 && g_strcmp0 (a->title, b->title) == 0 &&
         a->rating == b->rating && a->fide_id == b->fide_id &&
         g_strcmp0 (a->federation, b->federation) == 0 && g_strcmp0 (a->team, b->team) == 0;
}

static gboolean
same_layout (const ArbFeedRound *a, const ArbFeedRound *b)
{
  if (a->round != b->round || a->games->len != b->games->len ||
      g_strcmp0 (a->event_name, b->event_name) != 0 || g_strcmp0 (a->site, b->site) != 0 ||
      g_strcmp0 (a->date, b->date) != 0 || g_strcmp0 (a->time_control, b->time_control) != 0)
    return FALSE;
  for (guint i = 0; i < a->games->len; i++)
    {
      const ArbFeedGame *ga = g_ptr_array_index (a->games, i);
      const ArbFeedGame *gb = g_ptr_array_index (b->games, i);

      if (ga->id != gb->id || ga->board != gb->board || !player_equal (&ga->white, &gb->white) ||
          !player_equal (&ga->black, &gb->black) || g_strcmp0 (ga->start_fen, gb->start_fen) != 0)
        return FALSE;
    }
  return TRUE;
}

static gboolean
clock_equal (const ArbFeedClock *a, const ArbFeedClock *b)
{
  if (a->known != b->known)
    return FALSE;
  if (!a->known)
    return TRUE;
  return a->white_ms == b->white_ms && a->black_ms == b->black_ms && a->running == b->running &&
         (a->running < 0 || a->at_us == b->at_us);
}

GArray *
arb_feed_state_diff (ArbFeedState *old, ArbFeedState *new_)
{
  GArray *changes;

  g_return_val_if_fail (old != NULL, NULL);
  g_return_val_if_fail (new_ != NULL, NULL);

  if (!same_layout (old->round, new_->round))
    return NULL;

  changes = g_array_new (FALSE, FALSE, sizeof (ArbFeedChange));
  for (guint i = 0; i < new_->round->games->len; i++)
    {
      const ArbFeedGame *ga = g_ptr_array_index (old->round->games, i);
      const ArbFeedGame *gb = g_ptr_array_index (new_->round->games, i);
      const ArbFeedView *va = &old->views[i];
      const ArbFeedView *vb = &new_->views[i];
      ArbFeedChange change = { .index = i, .board = gb->board };

      if (va->n_plies != vb->n_plies ||
          (vb->n_plies > 0 && g_array_index (ga->plies, ArbFeedPly, va->n_plies - 1).move !=
                                g_array_index (gb->plies, ArbFeedPly, vb->n_plies - 1).move))
        change.flags |= ARB_FEED_CHANGE_MOVE;
      if (va->result != vb->result ||
          (vb->result != ARB_RESULT_ONGOING && g_strcmp0 (ga->termination, gb->termination) != 0))
        change.flags |= ARB_FEED_CHANGE_RESULT;
      if (!clock_equal (&va->clock, &vb->clock))
        change.flags |= ARB_FEED_CHANGE_CLOCK;
      if (change.flags != 0)
        g_array_append_val (changes, change);
    }
  return changes;
}

/* Pairings and standings */

GBytes *
arb_feed_state_get_pairings_json (ArbFeedState *self, gboolean gzip, const char **etag)
{
  g_return_val_if_fail (self != NULL, NULL);
  return body_get (&self->pairings_json, gzip, etag);
}

GBytes *
arb_feed_state_get_standings_json (ArbFeedState *self, gboolean gzip, const char **etag)
{
  g_return_val_if_fail (self != NULL, NULL);
  return body_get (&self->standings_json, gzip, etag);
}

static void
add_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
add_double (JsonBuilder *b, const char *name, double value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_double_value (b, value);
}

static void
add_event (JsonBuilder *b, const ArbFeedRound *round)
{
  json_builder_set_member_name (b, "event");
  json_builder_begin_object (b);
  add_string_or_null (b, "name", round->event_name);
  add_string_or_null (b, "site", round->site);
  json_builder_end_object (b);
}

static void
add_paired (JsonBuilder *b, const char *name, const ArbFeedPlayer *p)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  add_string_or_null (b, "name", p->name);
  add_string_or_null (b, "title", p->title);
  add_int (b, "rating", p->rating);
  add_double (b, "points", p->points);
  add_int (b, "startNo", p->start_no);
  json_builder_end_object (b);
}

/* The round's pairings: each board with its players as the hall reads
 * them off the wall (name, rating, points before the round, starting
 * rank) and the result once there is one; then the byes. */
/* A team event's matches of the round, each with its boards and the
 * game points its results give so far: the results as the feed shows
 * them (held back with the moves under a delay), each board's points to
 * the team whose colour it is there; a team's bye (no away team) and a
 * match forfeited as a whole with the points their record gives. */
static void
add_matches (JsonBuilder *b, ArbFeedState *self)
{
  const ArbFeedRound *round = self->round;

  json_builder_set_member_name (b, "matches");
  json_builder_begin_array (b);
  for (guint m = 0; m < round->matches->len; m++)
    {
      const ArbTeamMatchInfo *match = g_ptr_array_index (round->matches, m);
      static const char *const kinds[] = { "played", "bye", "forfeit" };
      guint home_x2 = 0, away_x2 = 0, finished = 0;

      for (guint i = 0; i < round->games->len; i++)
        {
          const ArbFeedGame *game = g_ptr_array_index (round->games, i);
          int k = game->board - match->first_board;
          guint white_x2, black_x2;
          gboolean home_white;

          if (match->kind != ARB_TEAM_MATCH_PLAYED || match->first_board == 0 || k < 0 ||
              game->board > match->last_board || self->views[i].result == ARB_RESULT_ONGOING)
            continue;
          arb_result_half_points (self->views[i].result, &white_x2, &black_x2);
          finished++;
          home_white = k >= ARB_TEAM_MAX_BOARDS || match->home_colours[k] != 'B';
          home_x2 += home_white ? white_x2 : black_x2;
          away_x2 += home_white ? black_x2 : white_x2;
        }
      /* A bye and a forfeited match score what their record says, at
       * once. */
      if (match->kind != ARB_TEAM_MATCH_PLAYED)
        {
          home_x2 = (guint) MAX (match->home_points_x2, 0);
          away_x2 = (guint) MAX (match->away_points_x2, 0);
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, kinds[MIN ((guint) match->kind, G_N_ELEMENTS (kinds) - 1)]);
      add_string_or_null (b, "home", match->home_team);
      add_string_or_null (b, "away", match->away_team);
      add_int (b, "firstBoard", match->first_board);
      add_int (b, "lastBoard", match->last_board);
      add_double (b, "homePoints", home_x2 / 2.0);
      add_double (b, "awayPoints", away_x2 / 2.0);
      add_int (b, "finished", finished);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static char *
pairings_to_json (ArbFeedState *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new_immutable ();
  const ArbFeedRound *round = self->round;

  json_builder_begin_object (b);
  add_int (b, "seq", (gint64) self->seq);
  add_event (b, round);
  add_int (b, "round", round->round);
  json_builder_set_member_name (b, "pairings");
  json_builder_begin_array (b);
  for (guint i = 0; i < round->games->len; i++)
    {
      const ArbFeedGame *game = g_ptr_array_index (round->games, i);

      json_builder_begin_object (b);
      add_int (b, "board", game->board);
      add_paired (b, "white", &game->white);
      add_paired (b, "black", &game->black);
      add_string_or_null (b, "result", arb_result_to_string (self->views[i].result));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "byes");
  json_builder_begin_array (b);
  for (guint i = 0; i < round->byes->len; i++)
    {
      const ArbFeedBye *bye = &g_array_index (round->byes, ArbFeedBye, i);

      json_builder_begin_object (b);
      add_string_or_null (b, "name", bye->name);
      add_int (b, "rating", bye->rating);
      add_double (b, "points", bye->points);
      add_int (b, "startNo", bye->start_no);
      add_string_or_null (b, "kind", bye_kind (bye->code));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_matches (b, self);
  json_builder_end_object (b);
  return builder_to_string (b);
}

/* A team event's standings: match and game points, then the tie-breaks
 * of the event's order by their keys but MPvGP (the secondary score,
 * given already); TBR and BBE as each board's game points, board 1
 * first (C.07 2026, 12.2 and 12.3 compare them board by board). */
static void
add_team_standings (JsonBuilder *b, const ArbFeedRound *round)
{
  const ArbTeamOrder *order = &round->team_order;

  json_builder_set_member_name (b, "teamTiebreaks");
  json_builder_begin_array (b);
  for (guint k = 0; k < order->n_order; k++)
    if (order->order[k] != ARB_TEAM_ORDER_MPVGP)
      {
        g_autofree char *item = arb_team_order_item_to_text (order->order[k], &order->options[k]);

        json_builder_add_string_value (b, item);
      }
  json_builder_end_array (b);
  /* The headings of bhGp and sbGp where the order has them not, which
   * a wide screen shows beside the order's columns. */
  json_builder_set_member_name (b, "teamBeside");
  json_builder_begin_array (b);
  if (!arb_team_order_has_plain (order, ARB_TEAM_ORDER_BH, ARB_TEAM_SCORE_GP))
    json_builder_add_string_value (b, "BH:GP");
  if (!arb_team_order_has_plain (order, ARB_TEAM_ORDER_SB, ARB_TEAM_SCORE_GP))
    json_builder_add_string_value (b, "SB:GP");
  json_builder_end_array (b);
  json_builder_set_member_name (b, "teamStandings");
  json_builder_begin_array (b);
  for (guint i = 0; i < round->team_standings->len; i++)
    {
      const ArbTeamStandingsRow *row = g_ptr_array_index (round->team_standings, i);

      json_builder_begin_object (b);
      add_int (b, "rank", row->rank);
      add_string_or_null (b, "team", row->team);
      add_int (b, "matches", row->matches);
      add_double (b, "matchPoints", row->match_points);
      add_double (b, "gamePoints", row->game_points);
      /* Beside the order's, as standings --teams gives them: Buchholz and
       * Sonneborn-Berger on game points (C.07 2026 13; SB's is EGGSB,
       * 13.2.4), which the display's phone view does not show. */
      add_double (b, "bhGp", row->buchholz_gp);
      add_double (b, "sbGp", row->values[ARB_TEAM_TB_EGGSB]);
      json_builder_set_member_name (b, "tiebreaks");
      json_builder_begin_array (b);
      for (guint k = 0; k < order->n_order; k++)
        {
          ArbTeamOrderKey key = order->order[k];

          if (key == ARB_TEAM_ORDER_MPVGP)
            continue;
          if (key != ARB_TEAM_ORDER_TBR && key != ARB_TEAM_ORDER_BBE)
            {
              json_builder_add_double_value (b, row->item_values[k]);
              continue;
            }
          json_builder_begin_array (b);
          for (int board = 0; board < row->n_boards; board++)
            json_builder_add_double_value (b, row->boards[board]);
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* The standings after the last complete round, with the event's
 * tie-breaks in its order, by their keys ("bh-c1"), and its rule for
 * unplayed rounds ("c07"). */
static char *
standings_to_json (ArbFeedState *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new_immutable ();
  const ArbFeedRound *round = self->round;

  json_builder_begin_object (b);
  add_int (b, "seq", (gint64) self->seq);
  add_event (b, round);
  add_int (b, "afterRound", round->standings_round);
  json_builder_set_member_name (b, "unplayedRule");
  json_builder_add_string_value (b, arb_unplayed_rule_to_key (round->unplayed));
  json_builder_set_member_name (b, "tiebreaks");
  json_builder_begin_array (b);
  for (guint k = 0; k < round->n_order; k++)
    json_builder_add_string_value (b, arb_tiebreak_to_key (round->order[k]));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "standings");
  json_builder_begin_array (b);
  for (guint i = 0; round->standings_round > 0 && i < round->standings->len; i++)
    {
      const ArbStandingsRow *row = g_ptr_array_index (round->standings, i);

      json_builder_begin_object (b);
      add_int (b, "rank", row->rank);
      add_int (b, "startNo", row->start_no);
      add_string_or_null (b, "name", row->name);
      add_int (b, "rating", row->rating);
      add_double (b, "points", row->points);
      json_builder_set_member_name (b, "tiebreaks");
      json_builder_begin_array (b);
      /* A rating (ARO, TPR, …) is a whole number, as "rating" is: no
       * ".0" after it. */
      for (guint k = 0; k < round->n_order; k++)
        if (arb_tiebreak_is_rating (round->order[k]))
          json_builder_add_int_value (b, (gint64) row->values[round->order[k]]);
        else
          json_builder_add_double_value (b, row->values[round->order[k]]);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_team_standings (b, round);
  json_builder_end_object (b);
  return builder_to_string (b);
}

static void
render_lists (ArbFeedState *self)
{
  g_autofree char *pairings = pairings_to_json (self);
  g_autofree char *standings = standings_to_json (self);

  body_set (&self->pairings_json, g_string_new (pairings));
  body_set (&self->standings_json, g_string_new (standings));
}
