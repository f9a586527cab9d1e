/* arb-source-game.c: one game as a source of moves reports it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-source-game.h"

#include <string.h>

G_DEFINE_BOXED_TYPE (ArbSourceGame, arb_source_game, arb_source_game_ref, arb_source_game_unref)

ArbSourceGame *
arb_source_game_new (const char *key)
{
  ArbSourceGame *game = g_new0 (ArbSourceGame, 1);

  g_return_val_if_fail (key != NULL, NULL);

  game->ref_count = 1;
  game->key = g_strdup (key);
  game->moves = g_array_new (FALSE, TRUE, sizeof (ArbSourceMove));
  game->received_us = g_get_monotonic_time ();
  return game;
}

ArbSourceGame *
arb_source_game_ref (ArbSourceGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_atomic_int_inc (&game->ref_count);
  return game;
}

void
arb_source_game_unref (ArbSourceGame *game)
{
  if (game == NULL || !g_atomic_int_dec_and_test (&game->ref_count))
    return;
  g_free (game->key);
  g_free (game->white);
  g_free (game->black);
  g_free (game->serial);
  g_free (game->bad_move);
  g_free (game->placement);
  g_array_unref (game->moves);
  g_free (game);
}

void
arb_source_game_add_move (ArbSourceGame *game,
                          const char *san,
                          gsize len,
                          gint64 white_ms,
                          gint64 black_ms)
{
  ArbSourceMove move = { 0 };

  g_return_if_fail (game != NULL);
  g_return_if_fail (san != NULL);

  memcpy (move.san, san, MIN (len, sizeof move.san - 1));
  move.white_ms = white_ms;
  move.black_ms = black_ms;
  g_array_append_val (game->moves, move);
}

guint
arb_source_game_get_n_moves (const ArbSourceGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->moves->len;
}

const ArbSourceMove *
arb_source_game_get_move (const ArbSourceGame *game, guint index)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (index < game->moves->len, NULL);
  return &g_array_index (game->moves, ArbSourceMove, index);
}

gboolean
arb_source_game_same_moves (const ArbSourceGame *a, const ArbSourceGame *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->moves->len != b->moves->len || g_strcmp0 (a->bad_move, b->bad_move) != 0 ||
      a->bad_index != b->bad_index)
    return FALSE;
  for (guint i = 0; i < a->moves->len; i++)
    {
      const ArbSourceMove *x = &g_array_index (a->moves, ArbSourceMove, i);
      const ArbSourceMove *y = &g_array_index (b->moves, ArbSourceMove, i);

      if (strcmp (x->san, y->san) != 0 || x->white_ms != y->white_ms || x->black_ms != y->black_ms)
        return FALSE;
    }
  return TRUE;
}

static int
compare_words (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

char *
arb_source_game_name_key (const char *name)
{
  g_autofree char *valid = NULL;
  g_autofree char *ascii = NULL;
  g_autoptr (GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  GString *key = g_string_new (NULL);
  const char *p;

  if (name == NULL)
    return g_string_free (key, FALSE);
  valid = g_utf8_make_valid (name, -1);
  /* "Åsa Ärlig" and "Asa Arlig": transliterated, then the letters alone. */
  ascii = g_str_to_ascii (valid, "C");
  p = ascii;
  while (*p != '\0')
    {
      const char *start;

      while (*p != '\0' && !g_ascii_isalnum (*p))
        p++;
      start = p;
      while (g_ascii_isalnum (*p))
        p++;
      if (p > start)
        g_ptr_array_add (words, g_ascii_strdown (start, p - start));
    }
  g_ptr_array_sort (words, compare_words);
  for (guint i = 0; i < words->len; i++)
    {
      if (i > 0)
        g_string_append_c (key, ' ');
      g_string_append (key, g_ptr_array_index (words, i));
    }
  return g_string_free (key, FALSE);
}
