/* arb-board-move.c: the arbiter moves a pairing to another board
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-board-move.h"

#include <gio/gio.h>

#include "arb-i18n.h"
#include "arb-ruling-apply.h"
#include "arb-tournament-rounds.h"

static gboolean
given (const char *text)
{
  if (text == NULL)
    return FALSE;
  for (; *text != '\0'; text++)
    if (!g_ascii_isspace (*text))
      return TRUE;
  return FALSE;
}

/* Whether the pairing on @board may change boards; FALSE with @error
 * naming the board. */
static gboolean
check_movable (const ArbGameInfo *game, int board, GError **error)
{
  if (game->black_id == 0 || game->white_id == 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: refused board change; %d is a board number */
                   _ ("Board %d holds a bye, not a game: no pairing moves to or from it"), board);
      return FALSE;
    }
  if (game->n_plies > 0 || game->result != ARB_RESULT_ONGOING)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: refused board change; %d is a board number */
                   _ ("Board %d already has moves or a result: its game stays on its board"),
                   board);
      return FALSE;
    }
  if (game->team_match_id != 0)
    {
      g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_INVALID,
                   /* Translators: refused board change; %d is a board number */
                   _ ("Board %d is a board of a team match: the teams’ line-ups give its order"),
                   board);
      return FALSE;
    }
  return TRUE;
}

/* The game of @round on @board, NULL with *absent TRUE when the board is
 * free, NULL with @error on a failure to read. */
static ArbGameInfo *
game_on (ArbTournament *t, int round, int board, gboolean *absent, GError **error)
{
  g_autoptr (GError) local = NULL;
  gint64 id = arb_tournament_find_game (t, round, board, &local);

  *absent = FALSE;
  if (id == 0)
    {
      if (!g_error_matches (local, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      *absent = TRUE;
      return NULL;
    }
  return arb_tournament_get_game (t, id, error);
}

gboolean
arb_board_move (ArbTournament *tournament,
                int round,
                int from,
                int to,
                const char *arbiter,
                const char *reason,
                gint64 *ruling_id,
                GError **error)
{
  ArbEventSettings event;
  g_autoptr (ArbGameInfo) moved = NULL;
  g_autoptr (ArbGameInfo) other = NULL;
  g_autoptr (ArbRuling) ruling = NULL;
  g_autofree char *why = NULL;
  gboolean absent = FALSE;

  g_return_val_if_fail (ARB_IS_TOURNAMENT (tournament), FALSE);

  if (!given (reason))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                   /* Translators: refused when a board change has no reason */
                   _ ("A pairing is moved to another board only with a reason"));
      return FALSE;
    }
  if (to < 1 || to > ARB_BOARD_MOVE_MAX || from == to)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: refused board change: the board asked for
                    * is the pairing's own, or no board number */
                   _ ("%d is not another board for the pairing of board %d"), to, from);
      return FALSE;
    }
  moved = game_on (tournament, round, from, &absent, error);
  if (moved == NULL)
    {
      if (absent)
        g_set_error (error, ARB_TOURNAMENT_ERROR, ARB_TOURNAMENT_ERROR_NO_GAME,
                     /* Translators: the round's number, then the board number typed */
                     _ ("Round %d has no board %d"), round, from);
      return FALSE;
    }
  if (!check_movable (moved, from, error))
    return FALSE;
  other = game_on (tournament, round, to, &absent, error);
  if (other == NULL && !absent)
    return FALSE;
  if (other != NULL && !check_movable (other, to, error))
    return FALSE;
  if (!arb_ruling_event_settings (tournament, &event, NULL, error))
    return FALSE;

  /* No article: the Laws leave the boards to the organiser and the
   * arbiter. The facts are what the record 300 of an export and the
   * rulings log need. */
  ruling = arb_ruling_new (ARB_RULING_BOARD_CHANGE, event.edition, event.category, ARB_COLOR_NONE);
  ruling->decision = ARB_DECISION_BOARD_MOVED;
  arb_ruling_set_fact_int (ruling, "round", round);
  arb_ruling_set_fact_int (ruling, "from", from);
  arb_ruling_set_fact_int (ruling, "to", to);
  arb_ruling_set_fact_int (ruling, "swapped", other != NULL ? other->id : 0);
  why = g_strstrip (g_strdup (reason));
  arb_ruling_set_fact_text (ruling, "reason", why);
  if (given (arbiter))
    arb_ruling_set_fact_text (ruling, "arbiter", arbiter);
  return arb_tournament_move_board (tournament, moved->id, to, other != NULL ? other->id : 0,
                                    ruling, given (arbiter) ? arbiter : "", ruling_id, error);
}
