/* arb-source-pgn.c: the games of a live PGN, as far as they are written
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-source-pgn.h"

#include <stdlib.h>
#include <string.h>

#include "arb-pgn-reader.h"

typedef struct
{
  GPtrArray *games; /* ArbSourceGame * */

  /* The game being read */
  ArbSourceGame *game;
  GArray *clk; /* gint64 per main-line move: the mover's [%clk], or -1 */
  ArbColor first_mover;
  gint64 tag_clock[2]; /* WhiteClock, BlackClock */
  int round;
  int board;
  guint depth;
  guint n_read;
} Reading;

static void
game_start_cb (ArbPgnReader *reader, gpointer data)
{
  Reading *r = data;

  r->n_read++;
  g_clear_pointer (&r->game, arb_source_game_unref);
  r->game = arb_source_game_new ("");
  g_array_set_size (r->clk, 0);
  r->first_mover = ARB_WHITE;
  r->tag_clock[0] = r->tag_clock[1] = -1;
  r->round = r->board = 0;
  r->depth = 0;
}

/* "3" → 3; "3.2" → 3 and board 2; anything else → 0. */
static void
parse_round (const char *value, int *round, int *board)
{
  char *end = NULL;
  long r = strtol (value, &end, 10);

  if (end == value || r < 1 || r > 9999)
    return;
  *round = (int) r;
  if (*end == '.')
    {
      const char *start = end + 1;
      long b = strtol (start, &end, 10);

      if (end != start && *end == '\0' && b >= 1 && b <= 9999)
        *board = (int) b;
    }
}

static void
tag_cb (ArbPgnReader *reader, const char *name, const char *value, gsize len, gpointer data)
{
  Reading *r = data;

  if (g_str_equal (name, "White") && r->game->white == NULL)
    r->game->white = g_strdup (value);
  else if (g_str_equal (name, "Black") && r->game->black == NULL)
    r->game->black = g_strdup (value);
  else if (g_str_equal (name, "Round"))
    parse_round (value, &r->round, &r->board);
  else if (g_str_equal (name, "Board"))
    {
      guint64 board = 0;

      if (g_ascii_string_to_unsigned (value, 10, 1, 9999, &board, NULL))
        r->board = (int) board;
    }
  else if (g_str_equal (name, "WhiteClock") || g_str_equal (name, "BlackClock"))
    {
      gint64 ms;

      if (arb_pgn_parse_clock (value, len, &ms))
        r->tag_clock[name[0] == 'W' ? ARB_WHITE : ARB_BLACK] = ms;
    }
}

static void
movetext_start_cb (ArbPgnReader *reader, const ArbPosition *start, gpointer data)
{
  Reading *r = data;

  r->first_mover = start->side_to_move;
}

static void
move_cb (ArbPgnReader *reader,
         const ArbPosition *before,
         ArbMove move,
         const char *san,
         gsize san_len,
         gpointer data)
{
  Reading *r = data;
  gint64 none = -1;

  if (r->depth > 0)
    return;
  arb_source_game_add_move (r->game, san, san_len, -1, -1);
  g_array_append_val (r->clk, none);
}

static void
clock_cb (ArbPgnReader *reader, ArbPgnClockKind kind, gint64 ms, gpointer data)
{
  Reading *r = data;

  if (r->depth > 0 || kind != ARB_PGN_CLOCK_CLK || r->clk->len == 0)
    return;
  g_array_index (r->clk, gint64, r->clk->len - 1) = ms;
}

static void
variation_start_cb (ArbPgnReader *reader, gpointer data)
{
  ((Reading *) data)->depth++;
}

static void
variation_end_cb (ArbPgnReader *reader, gpointer data)
{
  Reading *r = data;

  if (r->depth > 0)
    r->depth--;
}

/* Each move gets both times: the mover's [%clk], and the other side's
 * last one; the last move takes the WhiteClock/BlackClock tags for a side
 * it does not know. */
static void
fill_times (Reading *r)
{
  gint64 known[2] = { -1, -1 };
  guint n = r->game->moves->len;

  for (guint i = 0; i < n; i++)
    {
      ArbSourceMove *m = &g_array_index (r->game->moves, ArbSourceMove, i);
      ArbColor mover = (ArbColor) ((r->first_mover + i) % 2);
      gint64 clk = g_array_index (r->clk, gint64, i);

      if (clk >= 0)
        known[mover] = clk;
      if (i == n - 1)
        for (int side = 0; side < 2; side++)
          if ((side != mover || clk < 0) && r->tag_clock[side] >= 0)
            known[side] = r->tag_clock[side];
      m->white_ms = known[ARB_WHITE];
      m->black_ms = known[ARB_BLACK];
    }
}

static void
game_end_cb (ArbPgnReader *reader, const GError *error, gpointer data)
{
  Reading *r = data;
  ArbSourceGame *game = r->game;

  if (error != NULL && r->depth == 0 && g_error_matches (error, ARB_PGN_ERROR, ARB_PGN_ERROR_MOVE))
    {
      const ArbPgnErrorInfo *info = arb_pgn_reader_get_error_info (reader);

      if (info->token[0] != '\0' && info->ply >= 1 && info->ply - 1 == game->moves->len)
        {
          game->bad_move = g_strndup (info->token, ARB_SOURCE_SAN_MAX - 1);
          game->bad_index = info->ply - 1;
        }
    }
  fill_times (r);
  game->round = r->round;
  game->board = r->board;
  g_free (game->key);
  if (r->round > 0 && r->board > 0)
    game->key = g_strdup_printf ("%d.%d", r->round, r->board);
  else if (game->white != NULL && game->black != NULL)
    game->key = g_strdup_printf ("%s - %s", game->white, game->black);
  else
    game->key = g_strdup_printf ("#%u", r->n_read);
  g_ptr_array_add (r->games, g_steal_pointer (&r->game));
}

/* Whether the text, without trailing white space, ends with a
 * termination marker standing as a token of its own. */
static gboolean
ends_with_marker (const char *text, gsize len)
{
  static const char *const markers[] = { "1-0", "0-1", "1/2-1/2", "*" };

  while (len > 0 && g_ascii_isspace (text[len - 1]))
    len--;
  for (guint i = 0; i < G_N_ELEMENTS (markers); i++)
    {
      gsize n = strlen (markers[i]);

      if (len >= n && memcmp (text + len - n, markers[i], n) == 0 &&
          (len == n || g_ascii_isspace (text[len - n - 1]) || text[len - n - 1] == ')' ||
           text[len - n - 1] == '}' || text[len - n - 1] == ']'))
        return TRUE;
    }
  return FALSE;
}

/* Whether the text, without trailing white space, ends outside a
 * comment, a tag, a string and a variation: a marker's text at the end of
 * a text cut in one of them is not the end of a game. */
static gboolean
ends_outside (const char *text, gsize len)
{
  gboolean comment = FALSE, line_comment = FALSE, tag = FALSE, string = FALSE;
  guint depth = 0;

  /* The marker is the last token: the state is that where it ends. */
  while (len > 0 && g_ascii_isspace (text[len - 1]))
    len--;
  for (gsize i = 0; i < len; i++)
    {
      char c = text[i];

      if (line_comment)
        line_comment = c != '\n';
      else if (comment)
        comment = c != '}';
      else if (string)
        {
          if (c == '\\' && i + 1 < len)
            i++;
          else
            string = c != '"';
        }
      else if (c == '"' && tag)
        string = TRUE;
      else if (c == '[')
        tag = TRUE;
      else if (c == ']')
        tag = FALSE;
      else if (tag)
        continue;
      else if (c == '{')
        comment = TRUE;
      else if (c == ';' || (c == '%' && (i == 0 || text[i - 1] == '\n')))
        line_comment = TRUE;
      else if (c == '(')
        depth++;
      else if (c == ')' && depth > 0)
        depth--;
    }
  return !comment && !line_comment && !tag && !string && depth == 0;
}

GPtrArray *
arb_source_pgn_read (const char *text, gsize len, gboolean *complete)
{
  static const ArbPgnVisitor visitor = {
    .game_start = game_start_cb,
    .tag = tag_cb,
    .movetext_start = movetext_start_cb,
    .move = move_cb,
    .clock = clock_cb,
    .variation_start = variation_start_cb,
    .variation_end = variation_end_cb,
    .game_end = game_end_cb,
  };
  Reading r = { 0 };
  g_autoptr (ArbPgnReader) reader = NULL;
  gboolean whole;

  g_return_val_if_fail (text != NULL || len == 0, NULL);

  r.games = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_source_game_unref);
  r.clk = g_array_new (FALSE, FALSE, sizeof (gint64));
  reader = arb_pgn_reader_new (&visitor, &r, ARB_PGN_READER_DEFAULT);
  arb_pgn_reader_feed (reader, text, len);
  arb_pgn_reader_finish (reader);
  g_clear_pointer (&r.game, arb_source_game_unref);
  g_array_unref (r.clk);

  whole = len > 0 && ends_with_marker (text, len) && ends_outside (text, len);
  if (!whole && r.games->len > 0)
    g_ptr_array_remove_index (r.games, r.games->len - 1);
  if (complete != NULL)
    *complete = whole;
  return r.games;
}
