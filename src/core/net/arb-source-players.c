/* arb-source-players.c: which board of the round a source's players sit at
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-source-players.h"

#include "arb-result-entry.h"
#include "arb-source-game.h"

/* How well two writings of a name fit: 3 the same words, 2 the words of
 * one are words of the other, 1 they begin them (initials), 0 not. */
static guint
name_fit (const char *a, const char *b)
{
  g_autofree char *key_a = arb_source_game_name_key (a);
  g_autofree char *key_b = arb_source_game_name_key (b);

  if (key_a[0] == '\0' || key_b[0] == '\0')
    return 0;
  if (g_str_equal (key_a, key_b))
    return 3;
  return MAX (arb_result_entry_match_name (a, b), arb_result_entry_match_name (b, a));
}

static gboolean
named (const char *name)
{
  g_autofree char *key = arb_source_game_name_key (name);

  return key[0] != '\0';
}

ArbSourcePlayers
arb_source_players_find (GPtrArray *games, const char *white, const char *black, ArbGame **game)
{
  ArbSourcePlayers best_kind = ARB_SOURCE_PLAYERS_NONE;
  ArbGame *best = NULL;
  guint best_fit = 0;
  gboolean tie = FALSE;

  g_return_val_if_fail (games != NULL, ARB_SOURCE_PLAYERS_NONE);
  g_return_val_if_fail (game != NULL, ARB_SOURCE_PLAYERS_NONE);

  *game = NULL;
  if (!named (white) || !named (black))
    return ARB_SOURCE_PLAYERS_UNNAMED;
  for (guint i = 0; i < games->len; i++)
    {
      ArbGame *candidate = g_ptr_array_index (games, i);
      const ArbPlayerInfo *w = arb_game_get_player (candidate, ARB_WHITE);
      const ArbPlayerInfo *b = arb_game_get_player (candidate, ARB_BLACK);
      guint same, reversed, fit;

      if (w == NULL || b == NULL)
        continue;
      same = MIN (name_fit (white, w->name), name_fit (black, b->name));
      reversed = MIN (name_fit (white, b->name), name_fit (black, w->name));
      fit = MAX (same, reversed);
      if (fit == 0 || fit < best_fit)
        continue;
      /* Two boards alike: the names do not say which. */
      tie = fit == best_fit && best != candidate;
      best_fit = fit;
      best = candidate;
      /* Both ways alike (two players of one name) is the board as paired. */
      best_kind = same >= reversed ? ARB_SOURCE_PLAYERS_SAME : ARB_SOURCE_PLAYERS_REVERSED;
    }
  if (best == NULL || tie)
    return ARB_SOURCE_PLAYERS_NONE;
  *game = best;
  return best_kind;
}
