/* arb-source-players.c: which board of the round a source's players sit at
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-source-players.h"

#include "arb-result-entry.h"
#include "arb-source-game.h"

#include <string.h>

typedef struct
{
  ArbGame *game;
  char *name[2]; /* as paired */
  char *key[2];  /* arb_source_game_name_key () */
} Pairing;

struct _ArbSourcePairings
{
  GArray *pairings;  /* Pairing, the games whose players both have names */
  GHashTable *exact; /* "white key\nblack key" → Pairing index + 1 */
};

static void
pairing_clear (gpointer data)
{
  Pairing *p = data;

  g_object_unref (p->game);
  g_free (p->name[0]);
  g_free (p->name[1]);
  g_free (p->key[0]);
  g_free (p->key[1]);
}

ArbSourcePairings *
arb_source_pairings_new (GPtrArray *games)
{
  ArbSourcePairings *self = g_new0 (ArbSourcePairings, 1);

  g_return_val_if_fail (games != NULL, self);

  self->pairings = g_array_new (FALSE, TRUE, sizeof (Pairing));
  g_array_set_clear_func (self->pairings, pairing_clear);
  self->exact = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < games->len; i++)
    {
      ArbGame *game = g_ptr_array_index (games, i);
      const ArbPlayerInfo *white = arb_game_get_player (game, ARB_WHITE);
      const ArbPlayerInfo *black = arb_game_get_player (game, ARB_BLACK);
      Pairing p = { 0 };

      if (white == NULL || black == NULL)
        continue;
      p.key[ARB_WHITE] = arb_source_game_name_key (white->name);
      p.key[ARB_BLACK] = arb_source_game_name_key (black->name);
      if (p.key[ARB_WHITE][0] == '\0' || p.key[ARB_BLACK][0] == '\0')
        {
          g_free (p.key[ARB_WHITE]);
          g_free (p.key[ARB_BLACK]);
          continue;
        }
      p.game = g_object_ref (game);
      p.name[ARB_WHITE] = g_strdup (white->name);
      p.name[ARB_BLACK] = g_strdup (black->name);
      g_array_append_val (self->pairings, p);
      g_hash_table_insert (self->exact,
                           g_strconcat (p.key[ARB_WHITE], "\n", p.key[ARB_BLACK], NULL),
                           GUINT_TO_POINTER (self->pairings->len));
    }
  return self;
}

void
arb_source_pairings_free (ArbSourcePairings *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->pairings);
  g_hash_table_unref (self->exact);
  g_free (self);
}

/* Whether two name keys have a whole word in common. */
static gboolean
share_word (const char *a, const char *b)
{
  g_auto (GStrv) words = g_strsplit (a, " ", -1);
  g_autofree char *padded = g_strconcat (" ", b, " ", NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *word = g_strconcat (" ", words[i], " ", NULL);

      if (words[i][0] != '\0' && strstr (padded, word) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* How well a source's writing of a name fits a pairing's: 3 the same
 * words, 2 the words of one are words of the other, 1 they begin them
 * (initials, "Carlsen, M."), 0 not. A name of which no word is whole
 * ("Carl" for "Carlsen") fits nothing: a begun word is for the typing
 * at a desk, not for telling boards apart. */
static guint
name_fit (const char *name, const char *key, const Pairing *p, ArbColor side)
{
  if (g_str_equal (key, p->key[side]))
    return 3;
  if (!share_word (key, p->key[side]))
    return 0;
  return MAX (arb_result_entry_match_name (name, p->name[side]),
              arb_result_entry_match_name (p->name[side], name));
}

static ArbSourcePlayers
find_exact (const ArbSourcePairings *self, const char *white, const char *black, ArbGame **game)
{
  g_autofree char *same = g_strconcat (white, "\n", black, NULL);
  g_autofree char *reversed = g_strconcat (black, "\n", white, NULL);
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (self->exact, same));

  if (index > 0)
    {
      *game = g_array_index (self->pairings, Pairing, index - 1).game;
      return ARB_SOURCE_PLAYERS_SAME;
    }
  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->exact, reversed));
  if (index > 0)
    {
      *game = g_array_index (self->pairings, Pairing, index - 1).game;
      return ARB_SOURCE_PLAYERS_REVERSED;
    }
  return ARB_SOURCE_PLAYERS_NONE;
}

ArbSourcePlayers
arb_source_pairings_find (const ArbSourcePairings *self,
                          const char *white,
                          const char *black,
                          ArbGame **game)
{
  g_autofree char *white_key = arb_source_game_name_key (white);
  g_autofree char *black_key = arb_source_game_name_key (black);
  ArbSourcePlayers best_kind = ARB_SOURCE_PLAYERS_NONE;
  ArbSourcePlayers exact;
  ArbGame *best = NULL;
  guint best_fit = 0;
  gboolean tie = FALSE;

  g_return_val_if_fail (self != NULL, ARB_SOURCE_PLAYERS_NONE);
  g_return_val_if_fail (game != NULL, ARB_SOURCE_PLAYERS_NONE);

  *game = NULL;
  if (white_key[0] == '\0' || black_key[0] == '\0')
    return ARB_SOURCE_PLAYERS_UNNAMED;
  exact = find_exact (self, white_key, black_key, game);
  if (exact != ARB_SOURCE_PLAYERS_NONE)
    return exact;
  for (guint i = 0; i < self->pairings->len; i++)
    {
      const Pairing *p = &g_array_index (self->pairings, Pairing, i);
      guint same =
        MIN (name_fit (white, white_key, p, ARB_WHITE), name_fit (black, black_key, p, ARB_BLACK));
      guint reversed =
        MIN (name_fit (white, white_key, p, ARB_BLACK), name_fit (black, black_key, p, ARB_WHITE));
      guint fit = MAX (same, reversed);

      if (fit == 0 || fit < best_fit)
        continue;
      /* Two boards alike: the names do not say which. */
      tie = fit == best_fit && best != p->game;
      best_fit = fit;
      best = p->game;
      /* Both ways alike (two players of one name) is the board as paired. */
      best_kind = same >= reversed ? ARB_SOURCE_PLAYERS_SAME : ARB_SOURCE_PLAYERS_REVERSED;
    }
  if (best == NULL || tie)
    return ARB_SOURCE_PLAYERS_NONE;
  *game = best;
  return best_kind;
}
