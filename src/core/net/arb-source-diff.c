/* arb-source-diff.c: what a source says that the stored game does not
 *
 * Copyright 2026 The Arbiter authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-source-diff.h"

#include <string.h>

static const char piece_letters[] = " PNBRQK";

void
arb_source_diff_free (ArbSourceDiff *diff)
{
  if (diff == NULL)
    return;
  g_clear_pointer (&diff->new_moves, g_array_unref);
  g_free (diff->illegal_san);
  g_free (diff->illegal_text);
  g_free (diff->stored_text);
  g_free (diff->source_text);
  g_free (diff);
}

gboolean
arb_source_placement_parse (const char *placement, ArbPiece board[64])
{
  int rank = 7;
  int file = 0;

  if (placement == NULL)
    return FALSE;
  memset (board, 0, 64 * sizeof (ArbPiece));
  for (const char *p = placement; *p != '\0' && *p != ' '; p++)
    {
      const char *type;

      if (*p == '/')
        {
          if (file != 8 || rank == 0)
            return FALSE;
          rank--;
          file = 0;
        }
      else if (*p >= '1' && *p <= '8')
        {
          file += *p - '0';
          if (file > 8)
            return FALSE;
        }
      else if (*p != ' ' && (type = strchr (piece_letters + 1, g_ascii_toupper (*p))) != NULL)
        {
          if (file > 7)
            return FALSE;
          board[ARB_SQUARE (file, rank)] = ARB_MAKE_PIECE (
            g_ascii_isupper (*p) ? ARB_WHITE : ARB_BLACK, (ArbPieceType) (type - piece_letters));
          file++;
        }
      else
        return FALSE;
    }
  return rank == 0 && file == 8;
}

gboolean
arb_source_placement_matches (const ArbPosition *pos, const char *placement)
{
  ArbPiece board[64];

  g_return_val_if_fail (pos != NULL, FALSE);

  return arb_source_placement_parse (placement, board) &&
         memcmp (board, pos->board, sizeof board) == 0;
}

static char *
long_form (ArbPiece piece, ArbSquare from, ArbSquare to)
{
  ArbPieceType type = ARB_PIECE_TYPE (piece);
  GString *text = g_string_new (NULL);

  if (type != ARB_PAWN && type != ARB_NO_PIECE_TYPE)
    g_string_append_c (text, piece_letters[type]);
  g_string_append_printf (text, "%c%c-%c%c", 'a' + ARB_SQUARE_FILE (from),
                          '1' + ARB_SQUARE_RANK (from), 'a' + ARB_SQUARE_FILE (to),
                          '1' + ARB_SQUARE_RANK (to));
  return g_string_free (text, FALSE);
}

/* The squares from the board after the move: one of the mover's pieces
 * left a square, and one of the mover's pieces stands where it did not. */
static gboolean
squares_from_placement (const ArbPosition *before,
                        const char *placement,
                        ArbSquare *from,
                        ArbSquare *to)
{
  ArbPiece after[64];
  ArbColor mover = before->side_to_move;
  int n_from = 0;
  int n_to = 0;

  if (!arb_source_placement_parse (placement, after))
    return FALSE;
  for (ArbSquare sq = 0; sq < 64; sq++)
    {
      ArbPiece was = before->board[sq];
      ArbPiece is = after[sq];

      if (was == is)
        continue;
      if (was != ARB_NO_PIECE && ARB_PIECE_COLOR (was) == mover &&
          (is == ARB_NO_PIECE || ARB_PIECE_COLOR (is) != mover))
        {
          *from = sq;
          n_from++;
        }
      if (is != ARB_NO_PIECE && ARB_PIECE_COLOR (is) == mover)
        {
          *to = sq;
          n_to++;
        }
    }
  return n_from == 1 && n_to == 1;
}

/* The squares from the move as written: the one piece of the kind the
 * mover has that could stand where the text says. */
static gboolean
squares_from_san (const ArbPosition *before, const char *san, ArbSquare *from, ArbSquare *to)
{
  ArbSanShape shape;
  ArbColor mover = before->side_to_move;
  int n = 0;

  if (arb_san_parse_shape (san, strlen (san), &shape) != ARB_SAN_OK)
    return FALSE;
  if (shape.castling != 0)
    {
      ArbSquare king = arb_position_king_square (before, mover);

      if (king == ARB_NO_SQUARE)
        return FALSE;
      *from = king;
      *to = ARB_SQUARE (shape.castling == 1 ? 6 : 2, mover == ARB_WHITE ? 0 : 7);
      return TRUE;
    }
  for (ArbSquare sq = 0; sq < 64; sq++)
    {
      ArbPiece p = before->board[sq];

      if (p == ARB_NO_PIECE || ARB_PIECE_COLOR (p) != mover || ARB_PIECE_TYPE (p) != shape.piece)
        continue;
      if (shape.from_file >= 0 && ARB_SQUARE_FILE (sq) != shape.from_file)
        continue;
      if (shape.from_rank >= 0 && ARB_SQUARE_RANK (sq) != shape.from_rank)
        continue;
      /* A pawn that does not capture stays on its file. */
      if (shape.piece == ARB_PAWN && !shape.capture &&
          ARB_SQUARE_FILE (sq) != ARB_SQUARE_FILE (shape.to))
        continue;
      *from = sq;
      n++;
    }
  *to = shape.to;
  return n == 1;
}

char *
arb_source_describe_move (const ArbPosition *before,
                          const char *san,
                          const char *placement_after,
                          ArbSquare *from,
                          ArbSquare *to)
{
  ArbSquare f = ARB_NO_SQUARE;
  ArbSquare t = ARB_NO_SQUARE;

  g_return_val_if_fail (before != NULL, NULL);

  if (!(placement_after != NULL && squares_from_placement (before, placement_after, &f, &t)) &&
      !(san != NULL && squares_from_san (before, san, &f, &t)))
    f = t = ARB_NO_SQUARE;
  if (from != NULL)
    *from = f;
  if (to != NULL)
    *to = t;
  if (f == ARB_NO_SQUARE || t == ARB_NO_SQUARE)
    return NULL;
  return long_form (before->board[f], f, t);
}

static void
append_san (GString *text, const char *san)
{
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append (text, san);
}

ArbSourceDiff *
arb_source_diff_compute (const ArbPosition *start,
                         const ArbMove *stored,
                         guint n_stored,
                         const ArbSourceGame *game)
{
  g_autoptr (ArbSourceDiff) diff = g_new0 (ArbSourceDiff, 1);
  guint n_source;
  guint common;
  ArbPosition pos;
  ArbUndo undo;

  g_return_val_if_fail (start != NULL, NULL);
  g_return_val_if_fail (stored != NULL || n_stored == 0, NULL);
  g_return_val_if_fail (game != NULL, NULL);

  n_source = game->moves->len;
  diff->n_stored = n_stored;
  diff->n_source = n_source + (game->bad_move != NULL ? 1 : 0);
  diff->new_moves = g_array_new (FALSE, TRUE, sizeof (ArbSourceNewMove));
  diff->illegal_from = diff->illegal_to = ARB_NO_SQUARE;
  diff->illegal_side = ARB_COLOR_NONE;

  pos = *start;
  common = MIN (n_stored, diff->n_source);
  for (guint i = 0; i < common; i++)
    {
      const char *san =
        i < n_source ? g_array_index (game->moves, ArbSourceMove, i).san : game->bad_move;
      ArbMove move = ARB_MOVE_NONE;

      if (arb_san_resolve (&pos, san, strlen (san), &move) != ARB_SAN_OK || move != stored[i])
        {
          /* The lines part here: both from this ply on. */
          g_autoptr (GString) stored_text = g_string_new (NULL);
          g_autoptr (GString) source_text = g_string_new (NULL);
          ArbPosition p = pos;

          diff->kind = ARB_SOURCE_DIFF_CHANGED;
          diff->changed_ply = i + 1;
          for (guint k = i; k < n_stored; k++)
            {
              char text[ARB_SAN_MAX];

              arb_san_write (&p, stored[k], text);
              append_san (stored_text, text);
              arb_position_make_move (&p, stored[k], &undo);
            }
          for (guint k = i; k < diff->n_source; k++)
            append_san (source_text, k < n_source
                                       ? g_array_index (game->moves, ArbSourceMove, k).san
                                       : game->bad_move);
          diff->stored_text = g_string_free (g_steal_pointer (&stored_text), FALSE);
          diff->source_text = g_string_free (g_steal_pointer (&source_text), FALSE);
          return g_steal_pointer (&diff);
        }
      arb_position_make_move (&pos, move, &undo);
    }

  if (diff->n_source < n_stored)
    {
      g_autoptr (GString) stored_text = g_string_new (NULL);
      ArbPosition p = pos;

      diff->kind = ARB_SOURCE_DIFF_BEHIND;
      diff->changed_ply = diff->n_source + 1;
      for (guint k = diff->n_source; k < n_stored; k++)
        {
          char text[ARB_SAN_MAX];

          arb_san_write (&p, stored[k], text);
          append_san (stored_text, text);
          arb_position_make_move (&p, stored[k], &undo);
        }
      diff->stored_text = g_string_free (g_steal_pointer (&stored_text), FALSE);
      diff->source_text = g_strdup ("");
      return g_steal_pointer (&diff);
    }

  for (guint i = n_stored; i < diff->n_source; i++)
    {
      const ArbSourceMove *m = i < n_source ? &g_array_index (game->moves, ArbSourceMove, i) : NULL;
      const char *san = m != NULL ? m->san : game->bad_move;
      ArbSourceNewMove add = { 0 };

      if (m == NULL || arb_san_resolve (&pos, san, strlen (san), &add.move) != ARB_SAN_OK)
        {
          diff->has_illegal = TRUE;
          diff->illegal_ply = i + 1;
          diff->illegal_san = g_strdup (san);
          diff->illegal_side = pos.side_to_move;
          diff->illegal_text =
            arb_source_describe_move (&pos, san, i + 1 == diff->n_source ? game->placement : NULL,
                                      &diff->illegal_from, &diff->illegal_to);
          if (diff->illegal_text == NULL)
            diff->illegal_text = g_strdup (san);
          break;
        }
      arb_san_write (&pos, add.move, add.san);
      add.white_ms = m->white_ms;
      add.black_ms = m->black_ms;
      g_array_append_val (diff->new_moves, add);
      arb_position_make_move (&pos, add.move, &undo);
    }
  diff->kind =
    diff->new_moves->len > 0 || diff->has_illegal ? ARB_SOURCE_DIFF_NEW : ARB_SOURCE_DIFF_SAME;
  return g_steal_pointer (&diff);
}
