/* arb-tournament-voided.c: the moves a restoration took back
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A restoration writes the game's moves up to the restored ply back to
 * move_list; the moves after it are copied here first, in the same
 * transaction, so that nothing that was recorded is lost.
 */

#include "config.h"

#include "arb-tournament-voided.h"

#include <string.h>

#include "arb-tournament-live.h"
#include "arb-tournament-private.h"

gboolean
_arb_tournament_void_moves (ArbTournament *self, gint64 game_id, int keep_plies, GError **error)
{
  g_autoptr (GArray) moves = arb_tournament_get_moves (self, game_id, error);
  g_autofree char *now = _arb_tournament_now ();

  if (moves == NULL)
    return FALSE;
  for (guint i = (guint) MAX (keep_plies, 0); i < moves->len; i++)
    {
      const ArbStoredMove *m = &g_array_index (moves, ArbStoredMove, i);
      g_auto (ArbQuery) query = { 0 };

      if (!_arb_query_init (&query, self, "cannot keep the voided move",
                            "INSERT INTO voided_move (game_id, restored_ply, ply, san, uci, "
                            "white_ms, black_ms, voided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            error, "liittllt", game_id, MAX (keep_plies, 0), m->ply, m->san, m->uci,
                            m->white_ms, m->black_ms, now) ||
          _arb_query_step (&query, error) < 0)
        return FALSE;
    }
  return TRUE;
}

gboolean
_arb_tournament_bind_voided_moves (ArbTournament *self,
                                   gint64 game_id,
                                   gint64 ruling_id,
                                   GError **error)
{
  g_auto (ArbQuery) query = { 0 };

  return _arb_query_init (&query, self, "cannot keep the voided moves",
                          "UPDATE voided_move SET ruling_id = ? "
                          "WHERE game_id = ? AND ruling_id IS NULL AND voided_at = "
                          "(SELECT MAX (voided_at) FROM voided_move WHERE game_id = ?)",
                          error, "lll", ruling_id, game_id, game_id) &&
         _arb_query_step (&query, error) >= 0;
}

static void
voided_move_clear (gpointer data)
{
  g_free (((ArbVoidedMove *) data)->voided_at);
}

GArray *
arb_tournament_list_voided_moves (ArbTournament *self, gint64 game_id, GError **error)
{
  g_auto (ArbQuery) query = { 0 };
  g_autoptr (GArray) moves = g_array_new (FALSE, TRUE, sizeof (ArbVoidedMove));
  int rc;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  g_array_set_clear_func (moves, voided_move_clear);
  if (!_arb_query_init (&query, self, "cannot read the voided moves",
                        "SELECT id, ruling_id, restored_ply, ply, san, uci, white_ms, black_ms, "
                        "voided_at FROM voided_move WHERE game_id = ? ORDER BY id",
                        error, "l", game_id))
    return NULL;
  while ((rc = _arb_query_step (&query, error)) > 0)
    {
      ArbVoidedMove m = { 0 };

      m.id = _arb_query_int (&query, 0);
      m.ruling_id = _arb_query_int_or (&query, 1, 0);
      m.restored_ply = (int) _arb_query_int (&query, 2);
      m.ply = (int) _arb_query_int (&query, 3);
      g_strlcpy (m.san, _arb_query_text (&query, 4), sizeof m.san);
      g_strlcpy (m.uci, _arb_query_text (&query, 5), sizeof m.uci);
      m.white_ms = _arb_query_int (&query, 6);
      m.black_ms = _arb_query_int (&query, 7);
      m.voided_at = _arb_query_dup_text (&query, 8);
      g_array_append_val (moves, m);
    }
  if (rc < 0)
    return NULL;
  return g_steal_pointer (&moves);
}

void
arb_voided_line_free (ArbVoidedLine *line)
{
  if (line == NULL)
    return;
  g_free (line->voided_at);
  g_array_unref (line->moves);
  g_free (line);
}

/* The restore event written with the voided moves: the one that takes the
 * game to the same ply, nearest in time to the voiding. */
static void
find_set_times (const GArray *events, ArbVoidedLine *line)
{
  gint64 voided_us = 0;
  gint64 best = G_MAXINT64;

  line->set_white_ms = line->set_black_ms = -1;
  if (events == NULL || !arb_tournament_parse_wall_time (line->voided_at, &voided_us))
    return;
  for (guint i = 0; i < events->len; i++)
    {
      const ArbClockEventInfo *e = &g_array_index (events, ArbClockEventInfo, i);
      gint64 distance = ABS (e->wall_time_us - voided_us);

      if (e->kind != ARB_CLOCK_EVENT_RESTORE || e->amount != line->restored_ply ||
          distance >= best || distance > 5 * G_USEC_PER_SEC)
        continue;
      best = distance;
      line->set_white_ms = e->white_ms;
      line->set_black_ms = e->black_ms;
    }
}

GPtrArray *
arb_tournament_list_voided_lines (ArbTournament *self, gint64 game_id, GError **error)
{
  g_autoptr (GArray) moves = NULL;
  g_autoptr (GArray) events = NULL;
  g_autoptr (GPtrArray) lines =
    g_ptr_array_new_with_free_func ((GDestroyNotify) arb_voided_line_free);
  ArbVoidedLine *line = NULL;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (self), NULL);

  moves = arb_tournament_list_voided_moves (self, game_id, error);
  if (moves == NULL)
    return NULL;
  if (moves->len > 0)
    {
      events = arb_tournament_list_clock_events (self, game_id, error);
      if (events == NULL)
        return NULL;
    }
  for (guint i = 0; i < moves->len; i++)
    {
      ArbVoidedMove *m = &g_array_index (moves, ArbVoidedMove, i);

      /* One restoration's moves follow each other by ply. */
      if (line == NULL || m->ruling_id != line->ruling_id ||
          m->restored_ply != line->restored_ply || g_strcmp0 (m->voided_at, line->voided_at) != 0)
        {
          line = g_new0 (ArbVoidedLine, 1);
          line->ruling_id = m->ruling_id;
          line->restored_ply = m->restored_ply;
          line->voided_at = g_strdup (m->voided_at);
          line->moves = g_array_new (FALSE, TRUE, sizeof (ArbVoidedMove));
          g_array_set_clear_func (line->moves, voided_move_clear);
          find_set_times (events, line);
          g_ptr_array_add (lines, line);
        }
      g_array_append_val (line->moves, *m);
      m->voided_at = NULL; /* now the line's copy owns it */
    }
  return g_steal_pointer (&lines);
}

/* PGN export (arb-tournament-pgn.c) */

void
_arb_voided_ply_number (ArbColor first_side,
                        guint first_number,
                        int ply,
                        guint *number,
                        ArbColor *side)
{
  guint half = (guint) ply - 1 + (first_side == ARB_BLACK ? 1 : 0);

  *side = half % 2 == 0 ? ARB_WHITE : ARB_BLACK;
  *number = first_number + half / 2;
}

/* "[Voided KIND; restored R; clocks set W 1:10:00 B 0:55:00]": why the
 * moves after it are not the game (the ruling that restored an earlier
 * position), and the times the arbiter set then. Not a mark import reads:
 * the main line is the game as restored. */
static void
append_mark (GString *out, const ArbVoidedLine *line, const GPtrArray *rulings)
{
  const char *kind = "restoration";

  for (guint i = 0; i < rulings->len; i++)
    if (((ArbRulingRecord *) rulings->pdata[i])->id == line->ruling_id)
      kind = ((ArbRulingRecord *) rulings->pdata[i])->kind;
  g_string_append_printf (out, "[Voided %s; restored %d", kind, line->restored_ply);
  if (line->set_white_ms >= 0 && line->set_black_ms >= 0)
    {
      char white[32], black[32];

      arb_pgn_write_clock (line->set_white_ms, white);
      arb_pgn_write_clock (line->set_black_ms, black);
      g_string_append_printf (out, "; clocks set W %s B %s", white, black);
    }
  g_string_append_c (out, ']');
}

void
_arb_voided_append_moves_text (GString *out,
                               const ArbVoidedLine *line,
                               const GPtrArray *rulings,
                               ArbColor first_side,
                               guint first_number)
{
  append_mark (out, line, rulings);
  for (guint k = 0; k < line->moves->len; k++)
    {
      const ArbVoidedMove *v = &g_array_index (line->moves, ArbVoidedMove, k);
      guint number;
      ArbColor side;

      _arb_voided_ply_number (first_side, first_number, v->ply, &number, &side);
      if (side == ARB_WHITE)
        g_string_append_printf (out, " %u. %s", number, v->san);
      else if (k == 0)
        g_string_append_printf (out, " %u... %s", number, v->san);
      else
        g_string_append_printf (out, " %s", v->san);
    }
}

void
_arb_voided_write_variation (ArbPgnWriter *writer,
                             const ArbVoidedLine *line,
                             const GPtrArray *rulings,
                             ArbColor first_side,
                             guint first_number)
{
  g_autoptr (GString) why = g_string_new (NULL);

  append_mark (why, line, rulings);
  arb_pgn_writer_begin_variation (writer, why->str);
  for (guint i = 0; i < line->moves->len; i++)
    {
      const ArbVoidedMove *v = &g_array_index (line->moves, ArbVoidedMove, i);
      gint64 clock_ms;
      guint number;
      ArbColor side;

      _arb_voided_ply_number (first_side, first_number, v->ply, &number, &side);
      clock_ms = side == ARB_WHITE ? v->white_ms : v->black_ms;
      arb_pgn_writer_move (writer, number, side, v->san, clock_ms >= 0 ? clock_ms : ARB_PGN_NO_TIME,
                           NULL);
    }
  arb_pgn_writer_end_variation (writer);
}
