/* arb-pgn-game.c: a game score as PGN holds it
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-pgn-game.h"

static void line_free (ArbPgnLine *line);

static void
node_clear (ArbPgnNode *node)
{
  g_clear_pointer (&node->comment, g_free);
  g_clear_pointer (&node->nags, g_free);
  node->n_nags = 0;
  g_clear_pointer (&node->variations, g_ptr_array_unref);
}

static ArbPgnLine *
line_new (void)
{
  ArbPgnLine *line = g_new0 (ArbPgnLine, 1);

  line->nodes = g_array_new (FALSE, TRUE, sizeof (ArbPgnNode));
  g_array_set_clear_func (line->nodes, (GDestroyNotify) node_clear);
  return line;
}

static void
line_free (ArbPgnLine *line)
{
  if (line == NULL)
    return;
  g_free (line->comment);
  g_array_unref (line->nodes);
  g_free (line);
}

static void
tag_free (ArbPgnTag *tag)
{
  g_free (tag->name);
  g_free (tag->value);
  g_free (tag);
}

static ArbPgnNode *
line_append (ArbPgnLine *line, ArbMove move)
{
  ArbPgnNode node = { 0 };

  node.move = move;
  node.clock_ms = ARB_PGN_NO_TIME;
  node.emt_ms = ARB_PGN_NO_TIME;
  g_array_append_val (line->nodes, node);
  return &g_array_index (line->nodes, ArbPgnNode, line->nodes->len - 1);
}

ArbPgnGame *
arb_pgn_game_new (void)
{
  ArbPgnGame *game = g_new0 (ArbPgnGame, 1);

  arb_position_init ();
  game->tags = g_ptr_array_new_with_free_func ((GDestroyNotify) tag_free);
  arb_position_set_start (&game->start);
  game->mainline = line_new ();
  game->result = ARB_PGN_RESULT_NONE;
  return game;
}

void
arb_pgn_game_free (ArbPgnGame *game)
{
  if (game == NULL)
    return;
  g_ptr_array_unref (game->tags);
  line_free (game->mainline);
  g_clear_error (&game->error);
  g_free (game);
}

const char *
arb_pgn_game_get_tag (const ArbPgnGame *game, const char *name)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < game->tags->len; i++)
    {
      ArbPgnTag *tag = g_ptr_array_index (game->tags, i);

      if (strcmp (tag->name, name) == 0)
        return tag->value;
    }
  return NULL;
}

void
arb_pgn_game_set_tag (ArbPgnGame *game, const char *name, const char *value)
{
  ArbPgnTag *tag;

  g_return_if_fail (game != NULL);
  g_return_if_fail (name != NULL);
  g_return_if_fail (value != NULL);

  for (guint i = 0; i < game->tags->len; i++)
    {
      tag = g_ptr_array_index (game->tags, i);
      if (strcmp (tag->name, name) == 0)
        {
          g_free (tag->value);
          tag->value = g_strdup (value);
          return;
        }
    }
  tag = g_new0 (ArbPgnTag, 1);
  tag->name = g_strdup (name);
  tag->value = g_strdup (value);
  g_ptr_array_add (game->tags, tag);
}

guint
arb_pgn_game_get_n_plies (const ArbPgnGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->mainline->nodes->len;
}

ArbPgnNode *
arb_pgn_game_get_node (const ArbPgnGame *game, guint ply)
{
  g_return_val_if_fail (game != NULL, NULL);
  if (ply == 0 || ply > game->mainline->nodes->len)
    return NULL;
  return &g_array_index (game->mainline->nodes, ArbPgnNode, ply - 1);
}

ArbPgnNode *
arb_pgn_game_append_move (ArbPgnGame *game, ArbMove move)
{
  g_return_val_if_fail (game != NULL, NULL);
  return line_append (game->mainline, move);
}

void
arb_pgn_game_get_position (const ArbPgnGame *game, guint plies, ArbPosition *pos)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (pos != NULL);

  *pos = game->start;
  for (guint i = 0; i < game->mainline->nodes->len && i < plies; i++)
    {
      ArbUndo undo;

      arb_position_make_move (pos, g_array_index (game->mainline->nodes, ArbPgnNode, i).move,
                              &undo);
    }
}

char *
arb_pgn_normalize_comment (const char *text, gsize len)
{
  GString *s = g_string_sized_new (len);
  gboolean space = FALSE;

  for (gsize i = 0; i < len; i++)
    {
      char c = text[i];

      /* Control characters (NUL included) count as white space. */
      if ((guchar) c <= 0x20 || c == 0x7f)
        {
          space = s->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (s, ' ');
      space = FALSE;
      /* A '}' can only come from a ';' comment; in braces it would end
       * the comment, so it is kept as ')'. */
      g_string_append_c (s, c == '}' ? ')' : c);
    }
  return g_string_free (s, FALSE);
}

/* ---- Equality ------------------------------------------------------------ */

static gboolean line_equal (const ArbPgnLine *a, const ArbPgnLine *b);

static gboolean
str_equal0 (const char *a, const char *b)
{
  return g_strcmp0 (a, b) == 0;
}

static gboolean
node_equal (const ArbPgnNode *a, const ArbPgnNode *b)
{
  guint na, nb;

  if (a->move != b->move || a->clock_ms != b->clock_ms || a->emt_ms != b->emt_ms)
    return FALSE;
  if (!str_equal0 (a->comment, b->comment))
    return FALSE;
  if (a->n_nags != b->n_nags || (a->n_nags > 0 && memcmp (a->nags, b->nags, a->n_nags) != 0))
    return FALSE;
  na = a->variations != NULL ? a->variations->len : 0;
  nb = b->variations != NULL ? b->variations->len : 0;
  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (!line_equal (g_ptr_array_index (a->variations, i), g_ptr_array_index (b->variations, i)))
      return FALSE;
  return TRUE;
}

static gboolean
line_equal (const ArbPgnLine *a, const ArbPgnLine *b)
{
  if (!str_equal0 (a->comment, b->comment) || a->nodes->len != b->nodes->len)
    return FALSE;
  for (guint i = 0; i < a->nodes->len; i++)
    if (!node_equal (&g_array_index (a->nodes, ArbPgnNode, i),
                     &g_array_index (b->nodes, ArbPgnNode, i)))
      return FALSE;
  return TRUE;
}

gboolean
arb_pgn_game_equal (const ArbPgnGame *a, const ArbPgnGame *b)
{
  char fa[ARB_FEN_MAX], fb[ARB_FEN_MAX];

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->tags->len != b->tags->len || a->result != b->result)
    return FALSE;
  for (guint i = 0; i < a->tags->len; i++)
    {
      ArbPgnTag *ta = g_ptr_array_index (a->tags, i);
      ArbPgnTag *tb = g_ptr_array_index (b->tags, i);

      if (strcmp (ta->name, tb->name) != 0 || strcmp (ta->value, tb->value) != 0)
        return FALSE;
    }
  arb_position_write_fen (&a->start, ARB_FEN_SHREDDER, fa);
  arb_position_write_fen (&b->start, ARB_FEN_SHREDDER, fb);
  if (strcmp (fa, fb) != 0 || a->start.chess960 != b->start.chess960)
    return FALSE;
  return line_equal (a->mainline, b->mainline);
}

/* ---- Building games from the reader -------------------------------------- */

typedef struct
{
  ArbPgnGameFunc func;
  gpointer user_data;
  ArbPgnGame *game;
  GPtrArray *stack;   /* of ArbPgnLine *: the line being read is last */
  GPtrArray *pending; /* of GPtrArray *: variations met before any move, per level */
} Builder;

static ArbPgnLine *
builder_line (Builder *b)
{
  return g_ptr_array_index (b->stack, b->stack->len - 1);
}

static ArbPgnNode *
builder_last_node (Builder *b)
{
  ArbPgnLine *line = builder_line (b);

  if (line->nodes->len == 0)
    return NULL;
  return &g_array_index (line->nodes, ArbPgnNode, line->nodes->len - 1);
}

static void
append_comment (char **slot, const char *text, gsize len)
{
  g_autofree char *norm = arb_pgn_normalize_comment (text, len);

  if (*norm == '\0')
    return;
  if (*slot == NULL)
    *slot = g_steal_pointer (&norm);
  else
    {
      char *joined = g_strconcat (*slot, " ", norm, NULL);
      g_free (*slot);
      *slot = joined;
    }
}

static void
builder_reset (Builder *b)
{
  g_clear_pointer (&b->game, arb_pgn_game_free);
  g_ptr_array_set_size (b->stack, 0);
  g_ptr_array_set_size (b->pending, 0);
}

static void
on_game_start (ArbPgnReader *reader, gpointer data)
{
  Builder *b = data;

  builder_reset (b);
  b->game = arb_pgn_game_new ();
  b->game->number = arb_pgn_reader_get_game_number (reader);
  g_ptr_array_add (b->stack, b->game->mainline);
  g_ptr_array_add (b->pending, NULL);
}

static void
on_tag (ArbPgnReader *reader, const char *name, const char *value, gsize len, gpointer data)
{
  Builder *b = data;
  ArbPgnTag *tag = g_new (ArbPgnTag, 1);

  tag->name = g_strdup (name);
  tag->value = g_strndup (value, len);
  tag->line = arb_pgn_reader_get_text_line (reader);
  g_ptr_array_add (b->game->tags, tag);
}

static void
on_movetext_start (ArbPgnReader *reader, const ArbPosition *start, gpointer data)
{
  Builder *b = data;

  b->game->start = *start;
}

static void
on_pre_game_comment (ArbPgnReader *reader, const char *text, gsize len, gpointer data)
{
  Builder *b = data;

  append_comment (&b->game->mainline->comment, text, len);
}

static void
on_move (ArbPgnReader *reader,
         const ArbPosition *before,
         ArbMove move,
         const char *san,
         gsize len,
         gpointer data)
{
  Builder *b = data;
  ArbPgnLine *line = builder_line (b);
  ArbPgnNode *node = line_append (line, move);
  GPtrArray *pending = g_ptr_array_index (b->pending, b->pending->len - 1);

  /* Variations read before the first move of their line are alternatives
   * to that first move. */
  if (pending != NULL)
    {
      node->variations = pending;
      b->pending->pdata[b->pending->len - 1] = NULL;
    }
}

static void
on_comment (ArbPgnReader *reader, const char *text, gsize len, gpointer data)
{
  Builder *b = data;
  ArbPgnNode *node = builder_last_node (b);

  if (node != NULL)
    append_comment (&node->comment, text, len);
  else
    append_comment (&builder_line (b)->comment, text, len);
}

static void
on_nag (ArbPgnReader *reader, guint nag, gpointer data)
{
  Builder *b = data;
  ArbPgnNode *node = builder_last_node (b);

  if (node == NULL)
    return;
  node->nags = g_realloc (node->nags, node->n_nags + 1);
  node->nags[node->n_nags++] = (guint8) nag;
}

static void
on_clock (ArbPgnReader *reader, ArbPgnClockKind kind, gint64 ms, gpointer data)
{
  Builder *b = data;
  ArbPgnNode *node = builder_last_node (b);

  if (node == NULL)
    return;
  if (kind == ARB_PGN_CLOCK_CLK)
    node->clock_ms = ms;
  else
    node->emt_ms = ms;
}

static void
on_variation_start (ArbPgnReader *reader, gpointer data)
{
  Builder *b = data;
  ArbPgnNode *node = builder_last_node (b);
  ArbPgnLine *line = line_new ();
  GPtrArray **slot;

  if (node != NULL)
    slot = &node->variations;
  else
    slot = (GPtrArray **) &b->pending->pdata[b->pending->len - 1];
  if (*slot == NULL)
    *slot = g_ptr_array_new_with_free_func ((GDestroyNotify) line_free);
  g_ptr_array_add (*slot, line);
  g_ptr_array_add (b->stack, line);
  g_ptr_array_add (b->pending, NULL);
}

static void
on_variation_end (ArbPgnReader *reader, gpointer data)
{
  Builder *b = data;

  if (b->stack->len > 1)
    {
      g_ptr_array_set_size (b->stack, b->stack->len - 1);
      g_ptr_array_set_size (b->pending, b->pending->len - 1);
    }
}

static void
on_result (ArbPgnReader *reader, ArbPgnResult result, gpointer data)
{
  Builder *b = data;

  b->game->result = result;
}

static void
on_game_end (ArbPgnReader *reader, const GError *error, gpointer data)
{
  Builder *b = data;
  ArbPgnGame *game = g_steal_pointer (&b->game);

  if (error != NULL)
    {
      game->error = g_error_copy (error);
      game->error_info = *arb_pgn_reader_get_error_info (reader);
    }
  builder_reset (b);
  b->func (game, b->user_data);
}

static void
builder_free (Builder *b)
{
  builder_reset (b);
  g_ptr_array_unref (b->stack);
  g_ptr_array_unref (b->pending);
  g_free (b);
}

static void
pending_free (gpointer p)
{
  if (p != NULL)
    g_ptr_array_unref (p);
}

ArbPgnReader *
arb_pgn_game_reader_new (ArbPgnReaderFlags flags, ArbPgnGameFunc func, gpointer user_data)
{
  static const ArbPgnVisitor visitor = {
    .game_start = on_game_start,
    .tag = on_tag,
    .movetext_start = on_movetext_start,
    .pre_game_comment = on_pre_game_comment,
    .move = on_move,
    .comment = on_comment,
    .nag = on_nag,
    .clock = on_clock,
    .variation_start = on_variation_start,
    .variation_end = on_variation_end,
    .result = on_result,
    .game_end = on_game_end,
  };
  Builder *b;

  g_return_val_if_fail (func != NULL, NULL);

  b = g_new0 (Builder, 1);
  b->func = func;
  b->user_data = user_data;
  b->stack = g_ptr_array_new ();
  b->pending = g_ptr_array_new_with_free_func (pending_free);
  return arb_pgn_reader_new_full (&visitor, b, (GDestroyNotify) builder_free, flags);
}

static void
collect_game (ArbPgnGame *game, gpointer user_data)
{
  g_ptr_array_add (user_data, game);
}

GPtrArray *
arb_pgn_game_parse_all (const char *data, gsize len, ArbPgnReaderFlags flags)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_pgn_game_free);
  g_autoptr (ArbPgnReader) reader = arb_pgn_game_reader_new (flags, collect_game, games);

  arb_pgn_reader_feed (reader, data, len);
  arb_pgn_reader_finish (reader);
  return games;
}

GPtrArray *
arb_pgn_game_read_file (const char *path, ArbPgnReaderFlags flags, GError **error)
{
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) arb_pgn_game_free);
  g_autoptr (ArbPgnReader) reader = arb_pgn_game_reader_new (flags, collect_game, games);

  if (!arb_pgn_reader_read_file (reader, path, error))
    return NULL;
  return g_steal_pointer (&games);
}
