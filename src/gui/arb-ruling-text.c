/* arb-ruling-text.c: what the window adds to the ruling wording: moves of the game
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-ruling-text.h"

#include "arb-game-text.h"
#include "arb-i18n.h"
#include "arb-pgn-reader.h"
#include <stdlib.h>
#include <string.h>

gboolean
arb_ruling_text_parse_time (const char *text, gint64 *ms)
{
  g_auto (GStrv) parts = NULL;
  gint64 total = 0;
  guint n;

  if (text == NULL)
    return FALSE;
  parts = g_strsplit (text, ":", -1);
  n = g_strv_length (parts);
  if (n == 0 || n > 3)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      char *end = NULL;
      gint64 v;
      const char *p = parts[i];

      while (*p == ' ')
        p++;
      if (*p == '\0')
        return FALSE;
      v = g_ascii_strtoll (p, &end, 10);
      while (end != NULL && *end == ' ')
        end++;
      if (end == NULL || *end != '\0' || v < 0 || (i > 0 && v >= 60))
        return FALSE;
      total = total * 60 + v;
    }
  /* One number alone means minutes. */
  if (n == 1)
    total *= 60;
  *ms = total * 1000;
  return TRUE;
}

char *
arb_ruling_text_ply (ArbGame *game, int ply)
{
  const ArbPosition *before;
  g_autofree char *san = NULL;

  if (ply <= 0)
    return g_strdup (_ ("the start"));
  if (game == NULL || (san = arb_game_text_san (game, (guint) ply)) == NULL)
    {
      const ArbPosition *start = game != NULL ? arb_game_get_position (game, 0) : NULL;

      /* Without the move, the position as arbiters name it. */
      return arb_ruling_wording_ply (ply - 1, start != NULL ? start->fullmove_number : 1,
                                     start != NULL ? (int) start->side_to_move : 0);
    }
  before = arb_game_get_position (game, (guint) ply - 1);
  if (before->side_to_move == ARB_WHITE)
    return g_strdup_printf ("%d. %s", before->fullmove_number, san);
  return g_strdup_printf ("%d… %s", before->fullmove_number, san);
}

char *
arb_ruling_text_position (ArbGame *game, int ply)
{
  const ArbPosition *start = game != NULL ? arb_game_get_position (game, 0) : NULL;
  g_autofree char *at = arb_ruling_wording_ply (ply, start != NULL ? start->fullmove_number : 1,
                                                start != NULL ? (int) start->side_to_move : 0);
  g_autofree char *move = NULL;

  if (game == NULL || ply <= 0 || arb_game_get_san (game, (guint) ply) == NULL)
    return g_steal_pointer (&at);
  move = arb_ruling_text_ply (game, ply);
  /* TRANSLATORS: a position and the move that led to it, e.g.
   * "move 15, White (after 14… Kh8)". */
  return g_strdup_printf (_ ("%s (after %s)"), at, move);
}

static char *
name_ply (int ply, gpointer user_data)
{
  return arb_ruling_text_position (user_data, ply);
}

char *
arb_ruling_text_effect (const ArbRuling *ruling, const ArbEffect *e, ArbGame *game)
{
  return arb_ruling_wording_effect (ruling, e, game != NULL ? name_ply : NULL, game);
}

char *
arb_ruling_text_game_title (ArbGame *game)
{
  const ArbPlayerInfo *w = arb_game_get_player (game, ARB_WHITE);
  const ArbPlayerInfo *b = arb_game_get_player (game, ARB_BLACK);

  return g_strdup_printf (_ ("Board %d: %s – %s"), arb_game_get_board (game),
                          w != NULL ? w->name : "?", b != NULL ? b->name : "?");
}

char *
arb_ruling_text_voided_moves (const ArbVoidedLine *line, int start_move, ArbColor start_side)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (line != NULL, NULL);

  for (guint i = 0; i < line->moves->len; i++)
    {
      const ArbVoidedMove *m = &g_array_index (line->moves, ArbVoidedMove, i);
      guint half = (guint) m->ply - 1 + (start_side == ARB_BLACK ? 1 : 0);
      gboolean white = half % 2 == 0;
      gint64 ms = white ? m->white_ms : m->black_ms;

      if (i > 0)
        g_string_append_c (out, ' ');
      if (white)
        g_string_append_printf (out, "%u. ", (guint) start_move + half / 2);
      else if (i == 0)
        g_string_append_printf (out, "%u… ", (guint) start_move + half / 2);
      g_string_append (out, m->san);
      if (ms >= 0)
        {
          char clock[32];

          arb_pgn_write_clock (ms, clock);
          g_string_append_printf (out, " (%s)", clock);
        }
    }
  return g_string_free (out, FALSE);
}

char *
arb_ruling_text_clocks_set (const ArbVoidedLine *line)
{
  char white[32], black[32];

  g_return_val_if_fail (line != NULL, NULL);

  if (line->set_white_ms < 0 || line->set_black_ms < 0)
    return NULL;
  arb_pgn_write_clock (line->set_white_ms, white);
  arb_pgn_write_clock (line->set_black_ms, black);
  /* Translators: the times the clocks were set to, e.g.
   * "White 1:06:40, Black 0:50:00" */
  return g_strdup_printf (_ ("White %s, Black %s"), white, black);
}
